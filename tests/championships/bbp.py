"""BBP Pairings (``../shared/tools/bbpPairings``), a FIDE-endorsed pairing engine no one
here wrote, as the reader of our TRF16 files: ``bbpPairings.exe --dutch FILE -c``
reads the whole file, then checks its pairings against the FIDE Dutch system.

Only a reading error is a defect of the file: status 3 is "invalid request"
(``Error parsing file …``/``Invalid line …``), 2 an unexpected error, 4 a limit
exceeded, 5 a file it cannot read (its JaVaFo-style exit codes). The Dutch
pairing differences it prints are expected: the federation's Swiss systems (003
1.15) and round robins are not the Dutch system.
"""

import subprocess
from dataclasses import dataclass

from tests.conftest import shared_path

READING_FAILURES = (2, 3, 4, 5)


@dataclass
class Reading:
    status: int
    output: str

    @property
    def read(self) -> bool:
        return self.status not in READING_FAILURES and "Error parsing" not in self.output


def bbp_read(text: str, folder) -> Reading:
    """Run the checker on ``text`` written to a file in ``folder``."""
    tool = shared_path("tools/bbpPairings/bbpPairings.exe")
    path = folder / "event.trf"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([str(tool), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=60)
    return Reading(done.returncode, done.stdout + done.stderr)

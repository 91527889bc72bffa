"""bench/standings.py keeps running (smoke size); its figures are read by people, not asserted."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_standings_bench_runs_at_smoke_size():
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "standings.py"), "--smoke"], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "20 players × 5 rounds" in run.stdout
    assert "table (all 11 criteria)" in run.stdout and "crosstable" in run.stdout

"""What a benchmark's figures were measured on: printed first by every bench script,
so a saved run (bench/results/) says when, on which commit and under what load.

The machine is shared (2 cores, other jobs running): the load average before and
after the run is part of the figure.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _commit() -> str:
    try:
        run = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        return run.stdout.strip() + (" (with uncommitted changes in the tree)" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


# A run whose machine was busier than this with other work is marked not quotable.
QUOTABLE_BUSY = 0.25


def busy_with_other_work(seconds: float = 1.0) -> float | None:
    """The share of the machine's CPU time spent over ``seconds`` while this
    process only waits (Linux /proc/stat), or None where it cannot be read."""

    def sample() -> tuple[int, int]:
        fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + fields[4]  # idle + iowait
        return sum(fields), idle

    try:
        total0, idle0 = sample()
        time.sleep(seconds)
        total1, idle1 = sample()
    except (OSError, ValueError, IndexError):
        return None
    spent = total1 - total0
    return 1 - (idle1 - idle0) / spent if spent else None


def quotable_line() -> str:
    busy = busy_with_other_work()
    if busy is None:
        return "# machine busy with other work: unknown (no /proc/stat) -- not quotable"
    verdict = "quotable" if busy <= QUOTABLE_BUSY else f"NOT QUOTABLE (over {QUOTABLE_BUSY:.0%})"
    return f"# machine busy with other work: {busy:.0%} of its CPU before the run -- {verdict}"


def header(argv: list[str] | None = None) -> None:
    """Print the command, time, commit, interpreter, CPU and load of this run."""
    argv = sys.argv if argv is None else argv
    print(f"# {' '.join([Path(argv[0]).name, *argv[1:]])}")
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, commit {_commit()}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, {load()} before the run")
    print(quotable_line())


def footer() -> None:
    print(f"# {load()} after the run")
    print(quotable_line().replace("before the run", "after the run"))

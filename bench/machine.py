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


def header(argv: list[str] | None = None) -> None:
    """Print the command, time, commit, interpreter, CPU and load of this run."""
    argv = sys.argv if argv is None else argv
    print(f"# {' '.join([Path(argv[0]).name, *argv[1:]])}")
    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, commit {_commit()}")
    print(f"# Python {platform.python_version()} on {platform.machine()}, {load()} before the run")


def footer() -> None:
    print(f"# {load()} after the run")

"""The README's rules-module examples run as written in a fresh clone: no file
outside the repository."""

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = re.findall(
    r"^\.venv/bin/python (-m games\.rules (?:replay|fouls) .+?)\s+#",
    (ROOT / "README.md").read_text(encoding="utf-8"),
    flags=re.M,
)


def test_the_readme_shows_the_replay_and_fouls_examples():
    assert [e.split()[2] for e in EXAMPLES] == ["replay", "fouls"]


@pytest.mark.parametrize("example", EXAMPLES)
def test_each_example_runs_from_the_repository_alone(example):
    args = shlex.split(example)
    assert not any(".." in a for a in args), "an example reaches outside the repository"
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr

"""bench/pyspy_summary.py: the shares it prints are of the samples inside the
WSGI application, each function counted once per stack, and a tree's rows are
the call paths below the function asked for."""

import subprocess
import sys

from bench.pyspy_summary import inclusive, samples, tree
from tests.conftest import ROOT

APP = "application (club/site/wsgi.py:54)"
PROCESS = 'process 9:"granian --interface wsgi"'


def _raw(tmp_path, lines):
    path = tmp_path / "profile.raw"
    path.write_text("".join(f"{';'.join(frames)} {n}\n" for frames, n in lines))
    return str(path)


LINES = [
    ([PROCESS, APP, "view (games/api/views.py:10)", "read (games/sql.py:5)"], 6),
    ([PROCESS, APP, "view (games/api/views.py:12)", "store (games/sql.py:9)"], 3),
    # Recursion: a function twice on one stack is one sample of it, not two.
    ([PROCESS, APP, "walk (games/rules/draughts.py:1)", "walk (games/rules/draughts.py:2)"], 1),
    # The server's own loop, outside any request: left out.
    ([PROCESS, "serve (granian/server/common.py:40)"], 50),
]


def test_only_the_stacks_inside_the_application_count_and_the_process_frames_go(tmp_path):
    stacks = list(samples(_raw(tmp_path, LINES)))
    assert sum(n for _, n in stacks) == 10
    assert all(not f.startswith("process ") for frames, _ in stacks for f in frames)


def test_a_function_counts_once_per_stack_whatever_its_line(tmp_path):
    counts = inclusive(samples(_raw(tmp_path, LINES)))
    assert counts["view (games/api/views.py)"] == 9
    assert counts["walk (games/rules/draughts.py)"] == 1
    assert counts["application (club/site/wsgi.py)"] == 10


def test_the_tree_holds_the_paths_below_the_function(tmp_path):
    paths = tree(list(samples(_raw(tmp_path, LINES))), "view", depth=2)
    assert paths == {
        ("view (games/api/views.py)",): 9,
        ("view (games/api/views.py)", "read (games/sql.py)"): 6,
        ("view (games/api/views.py)", "store (games/sql.py)"): 3,
    }


def test_the_script_prints_shares_of_the_application_s_samples(tmp_path):
    printed = subprocess.run(
        [sys.executable, "bench/pyspy_summary.py", _raw(tmp_path, LINES), "--tree", "view", "--depth", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "10 samples inside the application" in printed
    assert " 90.0 view (games/api/views.py)" in printed and " 60.0   read (games/sql.py)" in printed

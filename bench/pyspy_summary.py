"""Where a server's CPU goes, from a py-spy raw profile of it under load:
each function's share of the samples taken inside the WSGI application
(inclusive), and the tree below chosen functions.

    py-spy record -p SERVER_PID --subprocesses --gil -r 250 -d 40 -f raw -o FILE
    .venv/bin/python bench/pyspy_summary.py FILE --tree GameMovesView.post --tree token_with_member

``--gil`` samples only the threads holding the GIL, so time spent waiting on
PostgreSQL or Redis is left out and the shares are of Python's CPU.
"""

from __future__ import annotations

import argparse
from collections import Counter

INSIDE = "application (club/site/wsgi.py"


def frame_name(frame: str) -> str:
    """``func (package/module.py:line)`` without the line: one name per function."""
    name, _, where = frame.partition(" (")
    return f"{name} ({where.rsplit(':', 1)[0]})" if where else name


def samples(path: str, inside: str = INSIDE):
    """(frames root first, count) of each stack inside ``inside`` (every stack if empty)."""
    with open(path) as raw:
        for line in raw:
            stack, _, count = line.rstrip().rpartition(" ")
            # With --subprocesses a stack begins with its process and its parents.
            frames = [frame_name(f) for f in stack.split(";") if not f.startswith("process ")]
            if not inside or any(f.startswith(inside) for f in frames):
                yield frames, int(count)


def inclusive(stacks) -> Counter:
    """Samples in which each function is on the stack (once per stack, however deep its recursion)."""
    counts = Counter()
    for frames, n in stacks:
        for name in set(frames):
            counts[name] += n
    return counts


def tree(stacks, root: str, depth: int) -> Counter:
    """Samples of each call path from the first frame named ``root``, ``depth`` frames down."""
    paths = Counter()
    for frames, n in stacks:
        start = next((i for i, f in enumerate(frames) if f.startswith(root)), None)
        if start is not None:
            below = frames[start : start + depth]
            for length in range(1, len(below) + 1):
                paths[tuple(below[:length])] += n
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", help="py-spy record -f raw output")
    parser.add_argument("--top", type=int, default=60)
    parser.add_argument(
        "--inside",
        default=INSIDE,
        help="count only stacks with a frame starting so ('' for all: an ASGI server's loop)",
    )
    parser.add_argument("--tree", action="append", default=[], help="a function name to print the tree below")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--min", type=float, default=0.5, help="leave out tree rows under this share (%%)")
    args = parser.parse_args()
    stacks = list(samples(args.raw, args.inside))
    total = sum(n for _, n in stacks)
    where = "the application" if args.inside == INSIDE else (args.inside or "the process")
    print(f"{total} samples inside {where}")
    print(f"\n## by function, inclusive (top {args.top})")
    for name, n in inclusive(stacks).most_common(args.top):
        print(f"{100 * n / total:5.1f} {name}")
    for root in args.tree:
        print(f"\n## below {root} (>= {args.min} %)")
        paths = tree(stacks, root, args.depth)
        for path in sorted(paths):  # a path's callees sort right after it
            if 100 * paths[path] / total >= args.min:
                print(f"{100 * paths[path] / total:5.1f} {'  ' * (len(path) - 1)}{path[-1]}")


if __name__ == "__main__":
    main()

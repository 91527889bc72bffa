"""Two of CI's guards, run by .ci/run with the project's venv python.

``python .ci/guards.py lock``
    Every distribution installed in this environment (but the project itself
    and the venv's own pip/setuptools/wheel when unpinned) is pinned in
    requirements.lock at the installed version. Fails when a dependency was
    added to pyproject.toml without regenerating the lock (it came in
    unpinned), or when the lock and the environment disagree.

``python .ci/guards.py audit``
    pip-audit over requirements.lock. A found vulnerability fails; a
    vulnerability database that cannot be reached (no network, or a package
    index without PyPI's JSON API, where pip-audit skips every package as "not
    found on PyPI") is reported in one clear line and does not fail.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
PROJECT = "draughts-club"
VENV_OWN = {"pip", "setuptools", "wheel"}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(text: str) -> dict[str, str]:
    """{canonical name: version} of every ``name==version`` line (markers ignored)."""
    pins = {}
    for line in text.splitlines():
        match = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;]+)", line)
        if match:
            pins[canonical(match.group(1))] = match.group(2)
    return pins


def lock_problems(installed: dict[str, str], pins: dict[str, str]) -> list[str]:
    problems = []
    for name, version in sorted(installed.items()):
        if name == PROJECT:
            continue
        if name not in pins:
            if name not in VENV_OWN:
                problems.append(f"{name} {version} is installed but not pinned in requirements.lock")
        elif pins[name] != version:
            problems.append(f"{name} is {version} here but {pins[name]} in requirements.lock")
    return problems


def check_lock() -> int:
    installed = {canonical(d.metadata["Name"]): d.version for d in metadata.distributions()}
    problems = lock_problems(installed, read_lock(LOCK.read_text(encoding="utf-8")))
    for problem in problems:
        print(f"  {problem}")
    if problems:
        print("lock check FAILED: regenerate the lock (README, Dependencies) and reinstall")
        return 1
    print(f"lock check: the {len(installed) - 1} installed distributions are the ones requirements.lock pins")
    return 0


def audit_verdict(returncode: int, report: str, stderr: str) -> tuple[int, str]:
    """(exit code, what to print) from one pip-audit run's exit code, JSON report and stderr."""
    try:
        deps = json.loads(report)["dependencies"] if report.strip() else None
    except (ValueError, KeyError):
        deps = None
    if deps is None:
        if re.search(r"ConnectionError|NameResolution|Max retries|timed out|Temporary failure", stderr):
            return 0, "audit NOT RUN: the vulnerability database cannot be reached from here (network)"
        return 1, f"audit FAILED: pip-audit exited {returncode} without a report:\n{stderr[-2000:]}"
    vulnerable = [d for d in deps if d.get("vulns")]
    if vulnerable:
        lines = [
            f"  {d['name']} {d['version']}: {v['id']} (fixed in {', '.join(v.get('fix_versions') or []) or '-'})"
            for d in vulnerable
            for v in d["vulns"]
        ]
        return 1, "audit FAILED: known vulnerabilities in locked dependencies:\n" + "\n".join(lines)
    skipped = [d for d in deps if "skip_reason" in d]
    audited = len(deps) - len(skipped)
    if audited == 0 and skipped:
        return 0, (
            f"audit NOT RUN: the vulnerability database cannot be reached from here "
            f"(all {len(skipped)} locked packages skipped: {skipped[0]['skip_reason']})"
        )
    if returncode != 0:
        return 1, f"audit FAILED: pip-audit exited {returncode}:\n{stderr[-2000:]}"
    note = f"; {len(skipped)} skipped: {', '.join(d['name'] for d in skipped)}" if skipped else ""
    return 0, f"audit: {audited} locked packages, no known vulnerability{note}"


def audit() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "audit.json"
        try:
            run = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip_audit",
                    "-r",
                    str(LOCK),
                    "--no-deps",
                    "--disable-pip",
                    "--progress-spinner",
                    "off",
                    "--timeout",
                    "20",
                    "-f",
                    "json",
                    "-o",
                    str(out),
                ],
                capture_output=True,
                text=True,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            print("audit NOT RUN: pip-audit did not finish in 10 minutes (vulnerability database unreachable?)")
            return 0
        report = out.read_text(encoding="utf-8") if out.exists() else ""
    code, message = audit_verdict(run.returncode, report, run.stderr)
    print(message)
    return code


if __name__ == "__main__":
    commands = {"lock": check_lock, "audit": audit}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(f"usage: {sys.argv[0]} {{{'|'.join(commands)}}}")
    sys.exit(commands[sys.argv[1]]())

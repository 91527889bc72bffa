"""Is every string of the site translated into Russian?  ``python -m club.site.i18n_check``

1. Copy the tree (sources and catalogues, no venv, no data) to a temporary
   folder, so the working tree is never rewritten by a check.
2. Run ``manage.py makemessages -l ru`` there with the options below: each
   string lands in the catalogue of the app whose folder holds it
   (``club/locale``, ``games/locale``, ``ratings/locale``; the project's
   ``templates/`` go to ``club/locale``, the first of ``LOCALE_PATHS``).
3. Print every msgid that is then untranslated ("missing") or fuzzy, catalogue
   by catalogue, with where it is used; and every committed ``django.mo`` that
   is not what its ``django.po`` compiles to (the .mo files are committed, so a
   fresh install serves Russian without gettext's tools).

Exit 1 when anything is printed, 0 otherwise. Needs gettext's tools
(``apt-get install gettext``), as ``makemessages`` does.

``--update`` runs the same ``makemessages`` in the tree itself: new strings
appear, untranslated, in their app's catalogue. Translate them (no fuzzy
entries left), then ``python manage.py compilemessages -l ru -i .venv -i data``
and commit the .po and .mo files.
"""

from __future__ import annotations

import argparse
import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE = "ru"
# Not part of a checkout: what a run leaves behind. Everything else is scanned, tests/, bench/ and
# docs/ too — exactly what ``manage.py makemessages -l ru`` in the tree finds, so a msgid marked
# anywhere (a test's ``_("Draw")`` lands in club/locale) fails the check instead of slipping through.
IGNORE = ["data/*", "build/*", "*.egg-info/*", "node_modules/*", "test-artifacts/*"]
MAKEMESSAGES = ["makemessages", "-l", LANGUAGE, "--no-obsolete", *(f"--ignore={p}" for p in IGNORE)]
NOT_COPIED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    ".ci-data",
    "data",
    "__pycache__",
    "*.pyc",
    "node_modules",
    "*.egg-info",
    "test-artifacts",
    ".pytest_cache",
    ".hypothesis",
    ".ruff_cache",
)


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False
    where: list[str] = field(default_factory=list)

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(line: str) -> str:
    text = line.strip()
    assert text.startswith('"') and text.endswith('"'), line
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), text[1:-1])


def read_po(path: Path) -> list[Entry]:
    """The live entries of a .po file (obsolete ``#~`` ones dropped), header excluded."""
    entries: list[Entry] = []
    flags: list[str] = []
    where: list[str] = []
    current: Entry | None = None
    target: str | None = None  # "msgid", "plural" or an index into msgstr

    def finish() -> None:
        nonlocal current
        if current is not None and current.msgid:
            entries.append(current)
        current = None

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            finish()
            flags, where = [], []
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#,"):
            flags += [f.strip() for f in line[2:].split(",")]
        elif line.startswith("#:"):
            where += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith("msgctxt"):
            finish()
            current, target = Entry(msgid="", fuzzy="fuzzy" in flags, where=where), None
        elif line.startswith("msgid_plural"):
            current.plural, target = _unquote(line[len("msgid_plural") :]), "plural"
        elif line.startswith("msgid"):
            if current is None or current.msgid or current.msgstr:
                finish()
                current = Entry(msgid="", fuzzy="fuzzy" in flags, where=where)
            current.msgid, target = _unquote(line[len("msgid") :]), "msgid"
        elif line.startswith("msgstr"):
            head, _, value = line.partition(" ")
            current.msgstr.append(_unquote(value))
            target = len(current.msgstr) - 1
        elif line.startswith('"') and current is not None:
            if target == "msgid":
                current.msgid += _unquote(line)
            elif target == "plural":
                current.plural = (current.plural or "") + _unquote(line)
            elif isinstance(target, int):
                current.msgstr[target] += _unquote(line)
    finish()
    return entries


def catalogues(root: Path) -> list[Path]:
    found = []
    for po in sorted(root.glob(f"**/locale/{LANGUAGE}/LC_MESSAGES/django.po")):
        parts = po.relative_to(root).parts
        if not any(part.startswith(".") or part in ("data", "node_modules") for part in parts):
            found.append(po)
    return found


def makemessages(tree: Path) -> None:
    env = dict(os.environ, CLUB_DATA_DIR=str(tree / "data"), DJANGO_SETTINGS_MODULE="club.site.settings")
    env.pop("DATABASE_URL", None)  # makemessages reads no database; keep it off a real one
    run = subprocess.run(
        [sys.executable, "manage.py", *MAKEMESSAGES], cwd=tree, env=env, capture_output=True, text=True
    )
    if run.returncode != 0:
        sys.exit(f"makemessages failed:\n{run.stdout}{run.stderr}")


def mo_catalog(path: Path) -> dict:
    with path.open("rb") as f:
        catalog = dict(gettext.GNUTranslations(f)._catalog)
    catalog.pop("", None)  # the header: dates differ from one compilation to the next
    return catalog


def stale_mo(po: Path, work: Path) -> str | None:
    """Why the committed .mo next to ``po`` is not its compiled form, or None."""
    mo = po.with_suffix(".mo")
    if not mo.exists():
        return f"{mo} is missing: run compilemessages"
    fresh = work / "fresh.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", str(fresh), str(po)], check=True)
    if mo_catalog(mo) != mo_catalog(fresh):
        return f"{mo} is not the compiled {po.name}: run compilemessages"
    return None


def conflicts(tree: Path, found: list[Path]) -> int:
    """Print msgids translated differently in two catalogues: Django merges them
    into one, so only one of the two is ever shown (use pgettext to tell them apart)."""
    seen: dict[str, dict[str, tuple[str, ...]]] = {}
    for po in found:
        for e in read_po(po):
            if e.translated and not e.fuzzy:
                seen.setdefault(e.msgid, {})[str(po.relative_to(tree).parent.parent.parent.parent)] = tuple(e.msgstr)
    clashes = {msgid: by for msgid, by in seen.items() if len(set(by.values())) > 1}
    for msgid, by in clashes.items():
        print(f"conflict: {msgid!r} is " + "; ".join(f"{s[0]!r} in {app}" for app, s in by.items()))
    return len(clashes)


def check() -> int:
    problems = 0
    with tempfile.TemporaryDirectory(prefix="i18n-check-") as tmp:
        work = Path(tmp)
        for po in catalogues(ROOT):
            reason = stale_mo(po, work)
            if reason:
                problems += 1
                print(f"STALE {reason.replace(str(ROOT) + os.sep, '')}")
        tree = work / "tree"
        shutil.copytree(ROOT, tree, ignore=NOT_COPIED)
        makemessages(tree)
        found = catalogues(tree)
        for po in found:
            entries = read_po(po)
            missing = [e for e in entries if not e.translated]
            fuzzy = [e for e in entries if e.translated and e.fuzzy]
            name = po.relative_to(tree)
            print(f"{name}: {len(entries)} strings, {len(missing)} missing, {len(fuzzy)} fuzzy")
            for kind, group in (("missing", missing), ("fuzzy", fuzzy)):
                for e in group:
                    print(f"  {kind}: {e.msgid!r}  ({', '.join(e.where[:3])})")
            problems += len(missing) + len(fuzzy)
        problems += conflicts(tree, found)
        apps = {po.relative_to(tree).parts[0] for po in found}
        for app in ("club", "games", "ratings"):
            if app not in apps:
                problems += 1
                print(f"{app}/locale/{LANGUAGE}/LC_MESSAGES/django.po: missing catalogue")
    if problems:
        print(
            f"i18n check FAILED: {problems} problem(s). Fill: python -m club.site.i18n_check --update; "
            f"translate; python manage.py compilemessages -l {LANGUAGE} -i .venv -i data"
        )
        return 1
    print("i18n check: every string translated, none fuzzy, every .mo compiled from its .po")
    return 0


def update() -> int:
    makemessages(ROOT)
    for po in catalogues(ROOT):
        entries = read_po(po)
        todo = sum(1 for e in entries if not e.translated or e.fuzzy)
        print(f"{po.relative_to(ROOT)}: {todo} to translate")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", action="store_true", help="run makemessages in the tree itself")
    args = parser.parse_args(argv)
    return update() if args.update else check()


if __name__ == "__main__":
    sys.exit(main())

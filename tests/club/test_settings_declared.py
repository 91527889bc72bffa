"""Every setting the games read is declared in the one settings module, from the
environment, and listed in the README's table with its default: none lives only as a
default at the place that reads it."""

import re
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]


def readme_defaults() -> dict[str, str]:
    rows = re.findall(r"^\| `(GAMES_[A-Z_]+)` \| `([^`]*)` \|", (ROOT / "README.md").read_text(), flags=re.M)
    return dict(rows)


def test_the_games_settings_are_declared_with_the_readme_s_defaults():
    declared = set(re.findall(r"^(GAMES_[A-Z_]+) = env_int", (ROOT / "club/site/settings.py").read_text(), re.M))
    readme = readme_defaults()
    assert {"GAMES_CHALLENGE_HOURS", "GAMES_RESULT_CORRECTION_DAYS", "GAMES_VACATION_DAYS_PER_YEAR"} <= declared
    assert declared == set(readme)
    for name in declared:
        assert str(getattr(settings, name)) == readme[name], name


def test_no_module_reads_a_games_setting_with_a_default_of_its_own():
    for package in ("club", "games", "ratings", "members", "foundation"):
        for path in (ROOT / package).rglob("*.py"):
            assert not re.search(r"getattr\(settings, \"GAMES_", path.read_text()), path

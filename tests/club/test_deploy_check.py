"""``manage.py check --deploy`` passes with the production settings the README documents."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_passes_with_production_settings(tmp_path):
    ours = ("DEBUG", "SECRET_KEY", "HTTPS", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")
    env = {k: v for k, v in os.environ.items() if k not in ours}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(60),
        HTTPS="1",
        ALLOWED_HOSTS="club.example.org",
        CLUB_DATA_DIR=str(tmp_path),
    )

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_does_complain_when_debug_is_on(tmp_path):
    env = dict(
        os.environ,
        DEBUG="1",
        SECRET_KEY=secrets.token_urlsafe(60),
        HTTPS="1",
        ALLOWED_HOSTS="club.example.org",
        CLUB_DATA_DIR=str(tmp_path),
    )

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )

    assert result.returncode != 0
    assert "security.W018" in result.stderr + result.stdout

"""``manage.py up`` on a newcomer's console: one line per
email, and a busy port refused before anything starts or any banner shows."""

import socket

import pytest
from django.core import mail
from django.core.management import CommandError, call_command

from club.site.console_mail import OneLineEmailBackend


def test_an_email_is_one_readable_line_with_its_link(capsys, settings):
    settings.EMAIL_BACKEND = "club.site.console_mail.OneLineEmailBackend"
    mail.send_mail(
        "Ваш ход в партии",
        "Откройте: http://localhost:8765/play/games/7/\n\nКлуб",
        "club@localhost",
        ["boris@club.test"],
    )
    out = capsys.readouterr().out
    assert out == "email to boris@club.test: Ваш ход в партии — http://localhost:8765/play/games/7/\n"
    assert OneLineEmailBackend().send_messages([]) == 0


def test_a_busy_port_is_refused_before_the_banner(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CommandError, match=f"127.0.0.1:{port}.*--port"):
            call_command("up", "--port", str(port))
    assert "running" not in capsys.readouterr().out

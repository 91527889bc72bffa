"""An email backend for ``manage.py up`` on one machine: one line per email on
the console (to, subject, first link) instead of the whole MIME message with
its encoded headers. Production sets EMAIL_BACKEND to SMTP."""

import re
import sys

from django.core.mail.backends.base import BaseEmailBackend

_LINK = re.compile(r"https?://\S+")


class OneLineEmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        for message in email_messages:
            link = _LINK.search(message.body or "")
            line = f"email to {', '.join(message.to)}: {message.subject}" + (f" — {link.group()}" if link else "")
            sys.stdout.write(line + "\n")
        sys.stdout.flush()
        return len(email_messages)

"""Logging filters of the site's log."""

import logging


class RefusalsInOneLine(logging.Filter):
    """A 4xx answer (a refused permission, a bad request) is the client's doing, not a
    bug: Django logs it with the exception attached, which prints a whole traceback
    for an ordinary 403. Keep the one line, drop the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
        return True

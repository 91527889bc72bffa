"""The words of the pure cores' refusals (pure Python, no Django).

A refusal is raised with an English template and its facts; ``str(error)`` is the English
sentence (the API's, a log's), and the page that shows it translates the template in the
reader's language (``games.pure_words.worded``). ``N_`` marks the template for makemessages
(``--keyword=N_``): the pure cores cannot call gettext."""

from __future__ import annotations


def N_(message: str) -> str:
    """A template marked for the catalogue, returned as it is."""
    return message


class WordedError(ValueError):
    """A refusal of a pure core: ``template % params`` in English, ``template`` and ``params``
    kept for the reader's language. A plain text (no params) is its own message."""

    def __init__(self, template: str, /, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)

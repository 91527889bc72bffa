"""The pure cores' refusals (the rules, the clock, the pairing module) in the reader's words.

Those cores import no Django: they raise an English template and its facts
(``games.rules.words``), and here, where the refusal is shown, the template is translated.
A fact that is itself a word (a colour, a kind of foul) is translated too; a refusal wrapped
in another (a game of a file, a move of a line) is worded the same way."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from foundation import zones

COLOURS = {"white": gettext_lazy("white"), "black": gettext_lazy("black")}
FOULS = {  # 002 9.2
    "double-three": gettext_lazy("double three"),
    "double-four": gettext_lazy("double four"),
    "overline": gettext_lazy("overline"),
}
# The facts that name a word, by the name the cores give them.
WORDS = {"actor": COLOURS, "winner": COLOURS, "colour": COLOURS, "kind": FOULS}


def worded(error) -> str:
    """The refusal in the active language (English on the API): its template translated, its facts filled."""
    template = getattr(error, "template", None)
    params = getattr(error, "params", None)
    if template is None:
        return str(error)
    if not params:
        return _(template)
    return _(template) % {name: _fact(name, value) for name, value in params.items()}


def _fact(name: str, value):
    if isinstance(value, Exception):
        return worded(value)
    if isinstance(value, datetime):
        return zones.shown(value)  # an instant in the reader's zone, as every page writes it
    words = WORDS.get(name, {})
    return str(words[value]) if isinstance(value, str) and value in words else value

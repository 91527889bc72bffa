"""A time control as a model field: stored as its canonical text, held as a
``clock.TimeControl``.

The text is parsed where it enters Python — a row read from the database, a
value assigned to the attribute (a fixture, a backup being restored, a test's
``"300"``) — and nowhere after: every reader asks the typed value
(``.correspondence``, ``.speed_in(discipline)``, ``.initial_ms()``). Forms and
the API check a member's text first (``games.services.start_rule.time_control_check``)
and hand on the value. docs/time-controls.md says why a field and not a set of
parsed columns.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Cast
from django.db.models.query_utils import DeferredAttribute

from games.clock import BadTimeControl, TimeControl
from games.pure_words import worded


def time_control_of(value: TimeControl | str) -> TimeControl:
    """The typed control of ``value``: itself, or its text read (``BadTimeControl`` if malformed)."""
    return value if isinstance(value, TimeControl) else TimeControl.parse(value)


class _Parsed(DeferredAttribute):
    """The attribute: whatever is assigned is held typed, so no reader sees text."""

    def __set__(self, instance, value):
        instance.__dict__[self.field.attname] = self.field.to_python(value)


class TimeControlField(models.CharField):
    """A ``TimeControl``; blank (``blank=True``) is None: no control set (a tie's faster control)."""

    descriptor_class = _Parsed

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 64)
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        if value is None or isinstance(value, TimeControl):
            return value
        if value == "" and self.blank:
            return None
        try:
            return time_control_of(value)
        except BadTimeControl as error:
            raise ValidationError(worded(error), code="bad-time-control") from None

    def from_db_value(self, value, expression, connection):
        return self.to_python(value)

    def get_prep_value(self, value):
        value = self.to_python(value)
        return "" if value is None else str(value)

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else str(value)


def stored_texts_canonical(app_label: str, fields: dict[str, tuple[str, ...]]):
    """A data migration's step: each stored control rewritten as its canonical text
    (``str(TimeControl)``), so that a stored row and the value a query gives match.
    ``fields``: {model name: its time control fields}. A stored text that does not
    parse stops the migration, naming the row."""

    def forward(apps, schema_editor):
        for model_name, names in fields.items():
            model = apps.get_model(app_label, model_name)
            for name in names:
                rows = model.objects.annotate(text=Cast(name, models.TextField())).values_list("pk", "text")
                for pk, text in rows.iterator():
                    try:
                        canonical = "" if text == "" else str(TimeControl.parse(text))
                    except BadTimeControl as error:
                        raise ValueError(f"{model_name} {pk}: {name} {text!r}: {error}") from None
                    if canonical != text:
                        model.objects.filter(pk=pk).update(**{name: canonical})

    return forward

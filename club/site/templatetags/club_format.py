"""``{% load club_format %}``: how every page prints a figure and a time.

* ``{{ value|figure }}``: points and coefficients in the reader's locale, one
  way everywhere (``foundation.figures.figure``: 3, 2.5 / 2,5, −1.5);
* ``{{ moment|when }}``: a stored instant in the viewer's zone, naming it
  (``<time datetime="…Z">2026-03-01 15:00 MSK</time>``);
* ``{{ value|day }}``: a day (a date, or an instant's day in the viewer's zone),
  written as the language's formats write it (``club.site.formats``).
"""

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.html import format_html

from foundation import figures, zones

register = template.Library()


@register.filter
def figure(value) -> str:
    return figures.figure(value)


@register.filter
def when(moment):
    if not moment:
        return ""
    return format_html('<time datetime="{}">{}</time>', moment.isoformat(), zones.shown(moment))


@register.simple_tag
def zone_label() -> str:
    """The zone a form on this page reads its times in: "Europe/Moscow, UTC+03:00"."""
    return zones.current_label()


@register.filter
def day(value):
    """A day as every page writes it; its machine-readable date is the same day, in the viewer's zone."""
    if not value:
        return ""
    if isinstance(value, datetime):
        value = timezone.localtime(value).date() if timezone.is_aware(value) else value.date()
    return format_html('<time datetime="{}">{}</time>', value.isoformat(), zones.day_shown(value))

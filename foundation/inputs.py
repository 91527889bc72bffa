"""A date and time a member types: the browser's own picker (``datetime-local``), which
shows it in the member's language and sends it in one form whatever that language is;
typed by hand, the Russian way ("20.12.2026 18:00") is read too. The time is read in
the zone active for the request (``club.site.middleware.ViewerTimeZone``), which the
field's label names."""

from __future__ import annotations

from django import forms

PICKER = "%Y-%m-%dT%H:%M"  # what a datetime-local input sends and shows
TYPED = ("%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S", "%d.%m.%Y")


def local_datetime_field(**kwargs) -> forms.DateTimeField:
    return forms.DateTimeField(
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=PICKER),
        input_formats=[PICKER, *TYPED],
        **kwargs,
    )

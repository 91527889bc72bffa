"""Forms of the play pages: a new challenge, the archive filters."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from foundation.refusals import Refused
from games import clock, time_words
from games.disciplines import RUSSIAN_64, discipline_title
from games.models import SPEEDS
from games.rules import ballots64, variant, variants
from games.services.challenges import DEFAULT_OPENING_RULES
from games.services.start_rule import has_fouls, opening_rules_of, time_control_check


def discipline_choices():
    choices = []
    for v in variants():
        choices.append((v.name, discipline_title(v.name)))
        if v.name == "russian":
            choices.append((RUSSIAN_64, discipline_title(RUSSIAN_64)))
    return choices


SPEED_GROUPS = {
    "correspondence": _("Correspondence"),
    "classical": _("Classical"),
    "rapid": _("Rapid"),
    "blitz": _("Blitz"),
}
CUSTOM = "custom"


def preset_disciplines() -> dict[str, list[str]]:
    """{control: [disciplines whose presets list it]}, in the seeds' order."""
    found: dict[str, list[str]] = {}
    for name, _title in discipline_choices():
        for preset in clock.presets(name):
            found.setdefault(preset.control, []).append(name)
    return found


def preset_controls() -> dict[str, clock.Preset]:
    """{control as written: its preset}, first listed first."""
    found: dict[str, clock.Preset] = {}
    for name, _title in discipline_choices():
        for preset in clock.presets(name):
            found.setdefault(preset.control, preset)
    return found


def time_control_choices():
    """The presets grouped by speed as the seeds class them, each once, written ``3+2``; then "other"."""
    groups = {speed: [] for speed in SPEED_GROUPS}
    seen = set()
    for name, _title in discipline_choices():
        for preset in clock.presets(name):
            if preset.control not in seen:
                seen.add(preset.control)
                tc = preset.time_control
                groups[tc.speed_in(name)].append((preset.control, time_words.short(tc)))
    return [(SPEED_GROUPS[speed], options) for speed, options in groups.items() if options] + [(CUSTOM, _("other…"))]


def custom_time_control_field() -> forms.CharField:
    """The written time control beside the list's "other…" (``time_control_cleaned``)."""
    return forms.CharField(
        label=_("Other time control"),
        required=False,
        max_length=64,
        help_text=_(
            "In seconds: 2700 (45 min), 1800+30 (plus 30 s a move), 7200/50,3600/25 (periods by moves); "
            "in days: d3 (3 days per move), d135max21 (135 days, at most 21 a move), d30+3 (30 days, plus 3 a "
            "move), d50/10 (10 moves in 50 days). Filled in, it is used instead of the list."
        ),
    )


def time_control_cleaned(form: forms.Form, data: dict) -> None:
    """The time control a form's ``time_control`` list and ``custom_time_control`` text give,
    checked for the chosen discipline (``start_rule.time_control_check``), into
    ``data["time_control_value"]`` (read) and ``data["time_control_text"]`` (as written);
    else the reason, under the written field."""
    chosen = data.get("time_control")
    text = (data.get("custom_time_control") or "").strip() or ("" if chosen == CUSTOM else chosen)
    if not text:
        form.add_error("custom_time_control", _("Write the time control, or choose one from the list."))
        return
    discipline = "russian" if data.get("discipline") == RUSSIAN_64 else data.get("discipline", "")
    try:
        data["time_control_value"] = time_control_check(text, discipline)
    except Refused as refusal:
        form.add_error("custom_time_control", refusal.detail)
        return
    data["time_control_text"] = text


class TimeControlSelect(forms.Select):
    """Each preset says (data-disciplines) which disciplines offer it, for the page to show only
    those, and what it means (title, on hover)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value and value != CUSTOM:
            option["attrs"]["data-disciplines"] = " ".join(preset_disciplines().get(value, []))
            option["attrs"]["title"] = time_words.words(preset_controls()[value].time_control)
        return option


def _ballot_keys() -> list[str]:
    return list(ballots64.keys())


class ChallengeForm(forms.Form):
    discipline = forms.ChoiceField(label=_("Discipline"), choices=discipline_choices)
    opponent = forms.CharField(
        label=_("Opponent"),
        required=False,
        help_text=_("A member's username for a direct challenge; empty for an open one anyone may accept."),
    )
    colour = forms.ChoiceField(
        label=_("My colour"),
        initial="random",
        choices=[("random", _("random")), ("white", _("white")), ("black", _("black"))],
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    time_control = forms.ChoiceField(
        label=_("Time control"), choices=time_control_choices, initial="d3", widget=TimeControlSelect
    )
    custom_time_control = custom_time_control_field()
    opening_rule = forms.ChoiceField(
        label=_("Renju opening rule"),
        required=False,
        initial=DEFAULT_OPENING_RULES["renju"],
        choices=lambda: [
            (name, titles[0] if (get_language() or "").startswith("ru") else titles[1])
            for name, titles in variant("renju").opening_rules.items()
        ],
    )
    foul_policy = forms.ChoiceField(
        label=_("Renju fouls"),
        required=False,
        initial="reject",
        choices=[
            ("reject", _("a foul move is refused")),
            ("foul-loses", _("a foul loses (RIF 9.2)")),
            ("foul-claim", _("a foul stands until white points it out (RIF 9.8)")),
        ],
    )
    ballot = forms.ChoiceField(
        label=_("Shashki-64 ballot"),
        required=False,
        initial="random",
        choices=lambda: [("random", _("drawn by lot at acceptance"))] + [(key, key) for key in _ballot_keys()],
    )
    start_fen = forms.CharField(
        label=_("Start position (FEN)"),
        required=False,
        max_length=2000,
        help_text=_("Empty: the discipline's start position. A game from a position of your choosing is not rated."),
    )
    rating_min = forms.IntegerField(
        label=_("Lowest rating of an opponent"),
        required=False,
        min_value=0,
        max_value=4000,
        help_text=_(
            "Open challenges: the club rating in this discipline and speed class; members without one "
            "may not accept a rating-limited challenge."
        ),
    )
    rating_max = forms.IntegerField(
        label=_("Highest rating of an opponent"), required=False, min_value=0, max_value=4000
    )

    def __init__(self, *args, me=None, **kwargs):
        self.me = me
        super().__init__(*args, **kwargs)

    def clean_opponent(self):
        name = self.cleaned_data["opponent"].strip()
        if not name:
            return None
        member = get_user_model().objects.filter(username__iexact=name).first()
        if member is None:
            raise forms.ValidationError(_("There is no member %(name)s.") % {"name": name})
        if self.me is not None and member.pk == self.me.pk:
            raise forms.ValidationError(_("You cannot challenge yourself."))
        return member

    def clean(self):
        data = super().clean()
        time_control_cleaned(self, data)
        return data

    def service_arguments(self) -> dict:
        d = self.cleaned_data
        discipline = d["discipline"]
        ballot = ""
        if discipline == RUSSIAN_64:
            discipline, ballot = "russian", d.get("ballot") or "random"
        fouls = has_fouls(discipline)
        chosen_rule = d.get("opening_rule") or ""  # none chosen: the service's default (RIF for renju)
        # Gomoku takes an opening rule only when one is chosen (Swap2); renju always names its rule.
        offered = opening_rules_of(discipline)
        other_rule = chosen_rule if offered and chosen_rule in offered and chosen_rule != "none" else ""
        return {
            "discipline": discipline,
            "opponent": d["opponent"],
            "colour": d["colour"],
            "rated": d["rated"],
            "time_control": d["time_control_value"],
            "opening_rule": chosen_rule if discipline == "renju" else other_rule,
            "foul_policy": (d.get("foul_policy") or "reject") if fouls else "reject",
            "ballot": ballot,
            "start_fen": d.get("start_fen") or "",
            "rating_min": d.get("rating_min"),
            "rating_max": d.get("rating_max"),
        }


class ArchiveFilterForm(forms.Form):
    discipline = forms.ChoiceField(
        label=_("Discipline"),
        required=False,
        choices=lambda: (
            [("", _("all"))] + [(name, title) for name, title in discipline_choices() if name != RUSSIAN_64]
        ),
    )
    speed = forms.ChoiceField(label=_("Speed"), required=False, choices=[("", _("all"))] + SPEEDS)
    outcome = forms.ChoiceField(
        label=_("Result"),
        required=False,
        choices=[("", _("all")), ("win", _("won")), ("draw", _("drawn")), ("loss", _("lost"))],
    )
    colour = forms.ChoiceField(
        label=_("Colour"), required=False, choices=[("", _("both")), ("white", _("white")), ("black", _("black"))]
    )
    opponent = forms.CharField(label=_("Opponent"), required=False)

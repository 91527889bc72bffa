"""The arbiter's page's forms: one per action of ``services``; they only
check the shape of what is posted, the services decide whether it is allowed."""

from django import forms
from django.utils.translation import gettext_lazy as _

from club.championships.decisions import REASON_MAX
from club.championships.forms import RESULT_WORDS
from foundation import zones
from foundation.api.params import MAX_ID
from foundation.inputs import local_datetime_field
from games.services.arbiter import ANNULLED
from members.models import Member

from .models import Sanction
from .services import LIGHT


def _reason(required=True):
    return forms.CharField(
        label=_("Reason"), max_length=REASON_MAX, required=required, widget=forms.Textarea(attrs={"rows": 2})
    )


class SanctionForm(forms.Form):
    member = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Sanction"), choices=Sanction.Kind.choices)
    both = forms.BooleanField(label=_("Loss of the game for both players"), required=False)
    reason = _reason()

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = [(p.pk, str(p)) for p in players]


class ClockCorrectForm(forms.Form):
    white_minutes = forms.DecimalField(label=_("White, minutes left"), min_value=0, max_digits=7, decimal_places=2)
    black_minutes = forms.DecimalField(label=_("Black, minutes left"), min_value=0, max_digits=7, decimal_places=2)
    reason = _reason()


class ClocksStopForm(forms.Form):
    reason = _reason()


class ClocksStartForm(forms.Form):
    reason = _reason(required=False)


class AdjournForm(forms.Form):
    resume_at = local_datetime_field(label=_("Resumes at"))
    order = forms.IntegerField(label=_("Resumption order"), min_value=1, max_value=1000, initial=1)
    reason = _reason()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Read in the zone active for the request (the arbiter's), and named so.
        self.fields["resume_at"].label = _("Resumes at (%(zone)s)") % {"zone": zones.current_label()}


class SealRecordForm(forms.Form):
    """At the board: the sealed move the player handed over in its envelope (5.3.3.3)."""

    move = forms.CharField(label=_("Sealed move, as written on the sheet"), max_length=120)
    ply = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=10_000)


class ResumeForm(forms.Form):
    adjournment = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ID)


class DrawDecisionForm(forms.Form):
    claim = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ID)
    grant = forms.TypedChoiceField(
        label=_("Decision"),
        coerce=lambda v: v == "grant",
        # No default: the arbiter chooses (a draw granted by a slip is a result).
        choices=[("", "—"), ("grant", _("grant the draw")), ("refuse", _("refuse the claim"))],
    )
    reason = _reason()


class AnswerForm(forms.Form):
    question = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ID)
    answer = forms.CharField(label=_("Answer"), max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 2}))


class ResultDecideForm(forms.Form):
    """Set, correct or annul the game's result (1.4, 1.12.2), on its grounds (2.1.10.4)."""

    result = forms.ChoiceField(
        label=_("Result"),
        choices=[*RESULT_WORDS.items(), (ANNULLED, _("annulled: the game counts for nobody (2.1.10.1–2.1.10.3)"))],
    )
    grounds = forms.ChoiceField(
        label=_("Grounds (2.1.10.4)"),
        choices=[
            ("recording-error", _("a recording error")),
            ("sanction", _("a sanction (1.4)")),
            ("irregularity", _("an irregularity in the game")),
        ],
    )
    reason = _reason()


FORMS = {
    "sanction": SanctionForm,
    "result": ResultDecideForm,
    "clock-correct": ClockCorrectForm,
    "clocks-stop": ClocksStopForm,
    "clocks-start": ClocksStartForm,
    "adjourn": AdjournForm,
    "seal": SealRecordForm,
    "resume": ResumeForm,
    "draw-decision": DrawDecisionForm,
    "answer": AnswerForm,
}


class EventSanctionForm(forms.Form):
    """A sanction in the championship outside any one game (1.4), or an exclusion from it (1.10);
    the loss of a game is given on that game's arbiter page."""

    member = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(
        label=_("Sanction"), choices=[(k.value, k.label) for k in Sanction.Kind if k != Sanction.Kind.LOSS_OF_GAME]
    )
    reason = _reason()

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].choices = [(p.pk, str(p)) for p in players]


class MyGameForm(forms.Form):
    """A player's question to the arbiter of one of his games, or his protest of a decision in it (1.3.1)."""

    game = forms.TypedChoiceField(label=_("Game"), coerce=int)
    text = forms.CharField(label=_("In writing"), max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 2}))

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.pk, f"#{g.pk} {g.white} – {g.black}") for g in games]


class ClubSanctionForm(forms.Form):
    """A club-scope sanction (003 1.4): only a remark, a warning or a reprimand; the
    loss of a game and an exclusion are decided in the game or the championship."""

    member = forms.ModelChoiceField(
        label=_("Member"), queryset=Member.objects.filter(is_active=True).order_by("display_name", "username")
    )
    kind = forms.ChoiceField(label=_("Sanction"), choices=[(k.value, k.label) for k in LIGHT])
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 4}))

"""Championship pages: the list, one championship (entries, rounds with links
to every game, standings, crosstable) and the organiser's and arbiters' forms.

Thin: every action is a POST to ``championship_action`` that calls one
service; a refusal is the championship page with its message, answering the
refusal's status.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.members.models import Member
from club.members.roles import Role, has_any_role, role_required
from club.platform.api.errors import refusal_status
from club.platform.api.params import posted_int
from club.platform.refusals import Invalid
from club.platform.refusals import Refused as PlayRefused
from games.venue import rules_of

from .. import authority, selectors, services
from ..forms import (
    AbsenceForm,
    AdjudicationForm,
    AppointForm,
    BoardArbitersForm,
    ChampionshipForm,
    GuestForm,
    LeaveForm,
    MatchResultForm,
    OverrideForm,
    PairForm,
    PlayoffForm,
    PublishForm,
    ResultForm,
)
from ..models import Championship
from ..selectors import bracket as brackets
from ..selectors import categories, result_pages, results
from ..selectors.adjudication import games_awaiting_adjudication

FINISHED_PER_PAGE = 50


def championship_list(request):
    lists = selectors.championship_list()
    mine = []
    if has_any_role(request.user, Role.ORGANISER, Role.ADMIN):
        mine = Championship.objects.filter(organiser=request.user, status=Championship.Status.DRAFT)
    page = Paginator(lists["finished"], FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "championships/list.html",
        {
            **lists,
            "finished": page.object_list,
            "page": page,
            "drafts": mine,
            "can_create": has_any_role(request.user, Role.ORGANISER),
        },
    )


@role_required(Role.ORGANISER)
def championship_new(request):
    form = ChampionshipForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.championship_create(organiser=request.user, **form.service_arguments())
        except PlayRefused as refusal:
            form.add_error(None, refusal.detail)
        else:
            messages.success(request, _("The championship is created: appoint its chief arbiter, then open entries."))
            return redirect("championships:detail", championship.pk)
    return render(request, "championships/new.html", {"form": form})


def championship_detail(request, pk):
    championship = selectors.championship_get(pk)
    if championship is None:
        raise Http404
    role = authority.appointment_role(championship, request.user)
    is_organiser = authority.is_organiser(championship, request.user)
    if championship.status == Championship.Status.DRAFT and not (is_organiser or role):
        raise Http404
    entries = list(selectors.entries(championship))
    seen = result_pages.event_page_seen(championship, request.user)  # the broadcast delay holds here too
    rounds, standings_rows = seen["rounds"], seen["standings"]
    my_entry = next((e for e in entries if e.member_id == getattr(request.user, "pk", None)), None)
    return render(
        request,
        "championships/detail.html",
        {
            "championship": championship,
            "entries": entries,
            "rounds": rounds,
            # a round paired and not yet published is published first: no next round to pair (1.15)
            "round_unpublished": any(r.status in ("draft", "paired") for r in rounds),
            "my_entry": my_entry,
            "arbiters": selectors.appointments(championship),
            "role": role,
            "is_organiser": is_organiser,
            "may_appoint": authority.verdict(request.user, authority.appointing(championship), championship).allowed,
            "is_arbiter": role is not None,
            "is_chief": role in ("chief", "deputy"),
            "at_the_board": rules_of(championship.venue).results_reported,
            "may_record_round": authority.verdict(
                request.user, authority.round_results_action(championship), championship
            ).allowed,
            "standings": standings_rows,
            "category_standings": categories.category_standings(championship, standings_rows),
            "coefficient_columns": results.coefficient_columns(),
            "facts": results.facts(championship),
            "crosstable": seen["crosstable"],
            "scheveningen": seen["scheveningen"],
            "previous_stages": list(championship.previous_stages.all()),
            "rounds_total": selectors.rounds_total(championship, len(entries)),
            "lateness_ms": services.lateness_ms(championship),
            "is_live": selectors.is_live(championship),
            "decisions": selectors.decisions_shown(championship, request.user),
            "appoint_form": AppointForm(),
            "guest_form": GuestForm(),
            "pair_form": PairForm(),
            "publish_form": PublishForm(),
            "override_form": OverrideForm(players=[e.member for e in entries]),
            "board_arbiters_form": BoardArbitersForm(),
            "result_form": ResultForm(),
            "adjudication_form": AdjudicationForm(games=games_awaiting_adjudication(championship)),
            "leave_form": LeaveForm(),
            "absence_form": AbsenceForm(),
            "playoff_form": PlayoffForm(),
            # 1.13.2: each play-off with its games and state (void once a correction broke the tie).
            "playoffs": [
                (playoff, state, [pg.game for pg in playoff.games.select_related("game__white", "game__black")])
                for playoff, state in (
                    selectors.playoff_states(championship).items() if championship.playoffs.exists() else ()
                )
            ],
        },
    )


def championship_bracket(request, pk):
    """The knockout bracket (1.2): every round's matches with their games and ballots (1.11, 2.2.2)."""
    championship = selectors.championship_get(pk)
    if championship is None or (
        championship.status == Championship.Status.DRAFT and not authority.may_see_draft(championship, request.user)
    ):
        raise Http404
    return render(
        request,
        "championships/bracket.html",
        {"championship": championship, "bracket": brackets.bracket(championship, request.user)},
    )


def _member(username: str) -> Member:
    member = Member.objects.filter(username=(username or "").strip()).first()
    if member is None:
        raise PlayRefused("no-such-member", _("There is no member %(name)s.") % {"name": username})
    return member


def _run(request, championship_id: int, action: str):
    """Call the service the action names; returns the message on success."""
    me, post = request.user, request.POST
    if action == "enter":
        services.entry_create(championship_id=championship_id, member=me)
        return _("You have entered the championship.")
    if action == "leave-entry":
        services.entry_withdraw(championship_id=championship_id, member=me)
        return _("Your entry is withdrawn.")
    if action == "open":
        services.entries_open(by=me, championship_id=championship_id)
        return _("Entries are open.")
    if action == "close":
        services.entries_close(by=me, championship_id=championship_id)
        return _("Entries are closed and the lot is drawn.")
    if action == "appoint":
        form = _valid(AppointForm(post))
        services.arbiter_appoint(
            by=me,
            championship_id=championship_id,
            member=_member(form["username"]),
            role=form["role"],
            reason=form["reason"],
        )
        return _("Appointed.")
    if action == "group":
        services.entry_group_set(
            by=me,
            championship_id=championship_id,
            member_id=_member(post.get("username", "")).pk,
            group=post.get("group", ""),
        )
        return _("The group is set.")
    if action == "stage":
        next_stage, qualifiers = posted_int(post, "next_stage"), posted_int(post, "qualifiers")
        if next_stage is None or qualifiers is None:
            raise PlayRefused("invalid", _("Give the next stage's number and how many qualify."))
        services.stage_link(by=me, championship_id=championship_id, next_stage_id=next_stage, qualifiers=qualifiers)
        return _("The next stage is chained.")
    if action == "add":
        member = _member(post.get("username", ""))
        services.entry_add(by=me, championship_id=championship_id, member=member, reason=post.get("reason", ""))
        return _("%(member)s is entered.") % {"member": member}
    if action == "guest":
        form = _valid(GuestForm(post))
        entry = services.guest_enter(by=me, championship_id=championship_id, **form)
        return _("The guest %(name)s is entered.") % {"name": entry.member}
    if action == "merge-guest":
        member = _member(post.get("username", ""))
        services.guest_merge(
            by=me, championship_id=championship_id, guest_id=posted_int(post, "guest", default=0), member=member
        )
        return _("The guest's games and results are now %(member)s's.") % {"member": member}
    if action == "invite":
        services.invitation_add(
            by=me,
            championship_id=championship_id,
            member=_member(post.get("username", "")),
            reason=post.get("reason", ""),
        )
        return _("Invited.")
    if action == "pair":
        form = _valid(PairForm(post))
        the_round = services.round_pair(by=me, championship_id=championship_id, starts_at=form["starts_at"])
        return _("Round %(n)s is paired: check it, then publish it.") % {"n": the_round.number}
    if action == "publish":
        form = _valid(PublishForm(post))
        number = posted_int(post, "round", default=0)
        services.round_publish(
            by=me,
            championship_id=championship_id,
            round_number=number,
            starts_at=form["starts_at"],
            start_confirmed=form["confirm_start"],
        )
        return _("Round %(n)s is published: its games are created.") % {"n": number}
    if action == "discard":
        number = posted_int(post, "round", default=0)
        services.round_discard(
            by=me, championship_id=championship_id, round_number=number, reason=post.get("reason", "")
        )
        return _("The pairing of round %(n)s is withdrawn: pair it again.") % {"n": number}
    if action == "override":
        entrants = [e.member for e in Championship.objects.get(pk=championship_id).entries.select_related("member")]
        form = _valid(OverrideForm(post, players=entrants))
        services.board_override(
            by=me,
            championship_id=championship_id,
            round_number=posted_int(post, "round", default=0),
            board_number=form["board"],
            white_id=_member(form["white"]).pk,
            black_id=_member(form["black"]).pk if form["black"] else None,
            reason=form["reason"],
        )
        return _("The pairing is changed and the decision recorded.")
    if action == "board-arbiters":
        form = _valid(BoardArbitersForm(post))
        number = posted_int(post, "round", default=0)
        groups = [
            services.BoardGroup(arbiter_id=_member(name).pk, first=first, last=last)
            for name, first, last in form["assignments"]
        ]
        services.board_arbiters_assign(by=me, championship_id=championship_id, round_number=number, groups=groups)
        return _("Round %(n)s's arbiters are assigned to its boards (1.16.9).") % {"n": number}
    if action == "result":
        form = _valid(ResultForm(post))
        services.board_result_set(
            by=me,
            championship_id=championship_id,
            game_id=form["game_id"],
            result=form["result"],
            reason=form["reason"],
        )
        return _("The result is set and the decision recorded.")
    if action == "match-result":
        form = _valid(MatchResultForm(post))
        services.match_result_set(
            by=me, championship_id=championship_id, board_id=form["board"], result=form["result"], reason=form["reason"]
        )
        return _("The encounter is decided and the decision recorded (1.11).")
    if action == "start":
        started = services.section_start(by=me, championship_id=championship_id)
        return _("The section has started: all its %(n)s rounds are published and every game has begun.") % {
            "n": len(started)
        }
    if action == "adjudicate":
        waiting = games_awaiting_adjudication(Championship.objects.get(pk=championship_id))
        form = _valid(AdjudicationForm(post, games=waiting))
        services.game_adjudicate(
            by=me,
            championship_id=championship_id,
            game_id=form["game_id"],
            result=form["result"],
            reason=form["reason"],
        )
        return _("The game is adjudicated and the decision recorded.")
    if action == "withdraw":
        form = _valid(LeaveForm(post))
        services.player_leave(
            by=me,
            championship_id=championship_id,
            member_id=_member(form["username"]).pk,
            reason=form["reason"],
            excluded=form["excluded"],
        )
        return _("The withdrawal is recorded.")
    if action == "absence":
        form = _valid(AbsenceForm(post))
        services.absence_mark(
            by=me,
            championship_id=championship_id,
            member_id=_member(form["username"]).pk,
            round_number=form["round"],
            reason=form["reason"],
        )
        return _("The absence is recorded: he is not paired in round %(n)s and loses it.") % {"n": form["round"]}
    if action == "playoff":
        form = _valid(PlayoffForm(post))
        playoff = services.playoff_create(
            by=me,
            championship_id=championship_id,
            member_ids=[_member(name).pk for name in form["usernames"].split(",") if name.strip()],
            time_control=form["time_control"],
            games_per_pair=form["games_per_pair"],
            reason=form["reason"],
        )
        return _("The play-off is created: %(n)s games (1.13.2).") % {"n": playoff.games.count()}
    raise Http404


def _valid(form) -> dict:
    """The form's values, or a 400 naming the first wrong field by its label and why."""
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        label = form.fields[field].label if field in form.fields else field
        raise Invalid("invalid", _("%(field)s: %(error)s") % {"field": label, "error": errors[0]})
    return form.cleaned_data


@login_required
@require_POST
def championship_action(request, pk, action):
    """Done: back to the championship's page with the outcome. Refused: its page with the reason,
    answering the refusal's status (400, 403, 404, 409) — nothing was changed. A form of the
    desk (``from=desk``) goes back to the desk either way, with the outcome or the reason."""
    get_object_or_404(Championship, pk=pk)
    from_desk = request.POST.get("from") == "desk"
    try:
        done = _run(request, pk, action)
    except PlayRefused as refusal:
        messages.error(request, refusal.detail)
        if from_desk:
            return redirect("championship-desk", pk)
        page = championship_detail(request, pk)
        page.status_code = refusal_status(refusal)
        return page
    messages.success(request, done)
    return redirect("championship-desk" if from_desk else "championships:detail", pk)

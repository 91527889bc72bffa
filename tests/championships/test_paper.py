"""The paper of a club night at the board, printable on A4 in both languages: the
round's pairing sheet with table numbers, the score sheets filled in beforehand
with the discipline's form, and the wall chart with empty cells (docs/paper.md)."""

import pytest
from django.urls import reverse

from club.championships.models import Board

from .conftest import at
from .test_pages import client_for
from .test_services import pair_and_publish

pytestmark = pytest.mark.django_db


def _night(make_championship, players, staff, on_commit, **options):
    options.setdefault("time_control", "180+2")
    championship = make_championship(
        players[:5], venue="board", system="swiss", swiss_system="buchholz", rounds_planned=3, **options
    )
    with on_commit():
        pair_and_publish(championship, staff, starts_at=at(60))
    return championship, list(Board.objects.filter(round__championship=championship).order_by("number"))


def test_the_pairing_sheet_lists_every_table_with_its_players(make_championship, players, staff, on_commit):
    championship, boards = _night(make_championship, players, staff, on_commit)
    url = reverse("championships:print-round", args=[championship.pk, 1, "pairings"])
    for language, heading in (("en", "Table"), ("ru", "Стол")):
        page = client_for(players[5]).get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert f"<th>{heading}</th>" in page and "@page" not in page  # the A4 rule is in paper.css
        for board in boards:
            assert str(board.white) in page
            if board.black_id:
                assert str(board.black) in page and f'<td class="table-number">{board.number}</td>' in page


def test_the_score_sheets_are_filled_in_beforehand_with_numbered_move_pairs(
    make_championship, players, staff, on_commit
):
    championship, boards = _night(make_championship, players, staff, on_commit)
    page = client_for(players[5]).get(
        reverse("championships:print-round", args=[championship.pk, 1, "score-sheets"]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    text = page.content.decode()
    played = [b for b in boards if b.black_id]
    assert text.count('<section class="score-sheet">') == len(played)  # the bye gets no sheet
    assert "Бланк записи" in text and '<td class="move-number">80</td>' in text
    for board in played:
        assert f'<dd class="white">{board.white}' in text and f'<dd class="black">{board.black}' in text


def test_a_renju_score_sheet_is_the_15_by_15_record_form(make_championship, players, staff, on_commit):
    championship, _boards = _night(
        make_championship, players, staff, on_commit, discipline="renju", time_control="900+5"
    )
    text = (
        client_for(players[5])
        .get(reverse("championships:print-round", args=[championship.pk, 1, "score-sheets"]))
        .content.decode()
    )
    assert '<table class="renju-form">' in text and "<th>o</th>" in text and "<th>15</th>" in text
    assert "move-number" not in text


def test_the_wall_chart_has_a_row_per_player_and_a_cell_per_round(make_championship, players, staff, on_commit):
    championship, boards = _night(make_championship, players, staff, on_commit)
    text = client_for(players[5]).get(reverse("championships:print-wallchart", args=[championship.pk])).content.decode()
    for entry in championship.entries.all():
        assert f'<td class="player">{entry.member}</td>' in text
    assert text.count('<td class="cell">') == 5 * (3 + 2)  # three rounds, points, place


def test_the_paper_of_an_unpublished_round_is_not_found(make_championship, players, staff, on_commit):
    championship, _boards = _night(make_championship, players, staff, on_commit)
    url = reverse("championships:print-round", args=[championship.pk, 2, "pairings"])
    assert client_for(players[5]).get(url).status_code == 404

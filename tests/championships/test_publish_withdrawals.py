"""A withdrawal as the published results show it (003 1.10.2, 1.10.3): the
integration of the championship app with ``ratings.standings``.

1.10.3: a round-robin player who leaves having played half or more of his
games keeps his results; his remaining games are "−" for him and "+" for his
opponents. 1.10.2: under half, his results leave the standings (his
opponents' points against him too) and stay only in the crosstable's marks.
"""

import pytest

from club.championships import demo, selectors, services
from club.championships.models import Board, Standings
from club.championships.selectors import results as publish

from .conftest import T0, at

pytestmark = pytest.mark.django_db


def white_wins(white, black):
    return "white"


def unmet_pair(championship):
    """The two players of a three-player round robin who did not meet in rounds 1-2."""
    met = {
        frozenset((b.white_id, b.black_id))
        for b in Board.objects.filter(round__championship=championship, round__number__lte=2, black__isnull=False)
    }
    ids = [e.member_id for e in championship.entries.all()]
    return next(sorted((a, b)) for a in ids for b in ids if a < b and frozenset((a, b)) not in met)


def test_opponents_of_a_player_who_left_after_half_his_games_get_plus_in_the_stored_table(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:3])  # 3 rounds, 2 games each, one rest each
    with on_commit():
        for number in (1, 2):
            demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(60 * number))
    leaver, stayer = unmet_pair(championship)  # each has played 1 of 2: half (1.10.3)
    with on_commit():
        entry = services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaver, reason="moved away", now=at(200)
        )
    assert not entry.struck
    with on_commit():
        # Round 3 is paired and published after he left: his game is a forfeit, no game announces it.
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(300))
    championship.refresh_from_db()
    assert championship.status == "finished"
    stored = {row["id"]: row for row in Standings.objects.get(championship=championship).rows}
    assert [(o["round"], o["mark"]) for o in stored[stayer]["opponents"] if o["opponent"] == leaver] == [(3, "+")]
    assert stored[stayer]["games"] == 2
    published = {row["player"].id: row for row in publish.results(championship)["standings"]}
    assert published[stayer]["raw"]["points"] == stored[stayer]["points"]
    grid = {row["player"].id: row for row in publish.results(championship)["crosstable"]["rows"]}
    order = [row["player"].id for row in publish.results(championship)["crosstable"]["rows"]]
    assert grid[stayer]["cells"][order.index(leaver)]["marks"] == "+"
    assert grid[leaver]["cells"][order.index(stayer)]["marks"] == "−"


def test_a_paired_game_of_a_player_who_left_counts_plus_before_it_is_published(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:3])
    with on_commit():
        for number in (1, 2):
            demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(60 * number))
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(250))
    leaver, stayer = unmet_pair(championship)
    with on_commit():
        services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaver, reason="moved away", now=at(260)
        )
    # The board has no result yet; the standings still see the pairing (1.10.3: "+" for the opponent).
    assert Board.objects.get(round__championship=championship, round__number=3, black__isnull=False).result == ""
    rows = {row["player"].id: row["raw"] for row in publish.results(championship)["standings"]}
    assert [o["mark"] for o in rows[stayer]["opponents"] if o["opponent"] == leaver] == ["+"]
    stored = {row["id"]: row for row in Standings.objects.get(championship=championship).rows}
    assert stored[stayer]["points"] == rows[stayer]["points"]


def test_a_player_struck_under_half_leaves_the_standings_but_his_played_marks_stay(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:4])  # 3 games each
    with on_commit():
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(60))
    leaver = players[0].pk
    with on_commit():
        services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaver, reason="ill", now=at(100)
        )
        for number in (2, 3):
            demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(100 + 60 * number))
    results = publish.results(championship)
    rows = results["standings"]
    assert rows[-1]["player"].id == leaver and rows[-1]["struck"] and rows[-1]["place"] == ""
    assert rows[-1]["figures"] == []
    # His opponents' points against him leave the table too (1.10.2): three games among three players.
    assert sum(row["raw"]["points"] for row in rows[:-1]) == 3
    first_round = (
        Board.objects.get(round__championship=championship, round__number=1, white_id=leaver)
        if Board.objects.filter(round__championship=championship, round__number=1, white_id=leaver).exists()
        else Board.objects.get(round__championship=championship, round__number=1, black_id=leaver)
    )
    his = next(r for r in results["crosstable"]["rows"] if r["player"].id == leaver)
    order = [r["player"].id for r in results["crosstable"]["rows"]]
    opponent = first_round.black_id if first_round.white_id == leaver else first_round.white_id
    played_mark = "1" if first_round.white_id == leaver else "0"  # white won every game
    assert his["cells"][order.index(opponent)]["marks"] == played_mark  # it stays rated: the mark stays
    assert his["cells"][order.index(opponent)]["struck"]
    unplayed = [c["marks"] for i, c in enumerate(his["cells"]) if order[i] not in (leaver, opponent)]
    assert unplayed == ["−", "−"]
    # The championship page's grid shows the same marks (it comes from standings.crosstable too).
    grid = {row["entry"].member_id: row["cells"] for row in selectors.crosstable_grid(championship)}
    entries = [e.member_id for e in selectors.entries(championship)]
    assert sorted(" ".join(c) for i, c in enumerate(grid[leaver]) if entries[i] != leaver) == sorted(
        [played_mark, "−", "−"]
    )


def test_a_no_show_forfeit_is_not_a_played_game_for_1_10_2(make_championship, players, staff, on_commit):
    championship = make_championship(players[:4])
    with on_commit():
        the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
        for board in the_round.boards.exclude(game=None):
            services.board_result_set(
                by=staff["chief"],
                championship_id=championship.pk,
                game_id=board.game_id,
                result="+/-",
                reason="black did not come (1.9.1)",
                now=at(5),
            )
    absent = Board.objects.filter(round__championship=championship, round__number=1).first().black_id
    with on_commit():
        entry = services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=absent, reason="never came", now=at(10)
        )
    assert entry.struck  # 0 of 3 played over the board: his forfeit loss is not a game played (1.10.2)

"""One source for the renju foul policy's names (002 9.2): the rules module's,
with the games layer's stored names mapped onto them in one place."""

from games import disciplines, positions
from games.forms import ChallengeForm
from games.rules import renju


def test_every_stored_name_maps_onto_a_rules_name_and_back():
    assert set(positions.STORED_FOUL_POLICIES.values()) == set(renju.FOUL_POLICIES)
    assert len(set(positions.STORED_FOUL_POLICIES.values())) == len(positions.FOUL_POLICIES)


def test_the_forms_and_titles_offer_exactly_the_stored_names():
    from club.championships.forms import ChampionshipForm

    for form in (ChallengeForm, ChampionshipForm):
        assert [name for name, _ in form.base_fields["foul_policy"].choices] == list(positions.FOUL_POLICIES)
    assert list(disciplines.FOUL_POLICIES) == list(positions.FOUL_POLICIES)


def test_a_stored_policy_reaches_the_rules_under_its_rules_name():
    for stored, rules_name in positions.STORED_FOUL_POLICIES.items():
        p = positions.start_position(discipline="renju", foul_policy=stored)
        assert p.foul_policy == rules_name

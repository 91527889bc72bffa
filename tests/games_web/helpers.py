"""Helpers of the play-in-the-browser tests: a game started as members start one."""

from games import services


def start_game(*, white, black, discipline="russian", time_control="d3", **options):
    """A direct challenge from ``white`` (playing white) accepted by ``black``."""
    challenge = services.challenge_create(
        challenger=white,
        opponent=black,
        discipline=discipline,
        colour="white",
        rated=False,
        time_control=time_control,
        **options,
    )
    return services.challenge_accept(challenge_id=challenge.id, member=black)

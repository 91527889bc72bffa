"""The one error of the pairing package."""

from games.rules.words import WordedError


class PairingError(WordedError):
    """No pairing of the round satisfies the rules; the message names the clause."""

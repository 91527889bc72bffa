"""The one error of the pairing package."""


class PairingError(ValueError):
    """No pairing of the round satisfies the rules; the message names the clause."""

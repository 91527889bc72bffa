"""The words of each notification, in the reader's language at the time of reading."""
from django.utils.translation import gettext as _


def discipline_title(name: str) -> str:
    """The discipline's title in the current language (games/locale translates it)."""
    from games.disciplines import discipline_title

    return discipline_title(name)


def notification_text(n) -> str:
    p = dict(n.params or {})
    if "discipline" in p:
        p["discipline"] = discipline_title(p["discipline"])
    if n.kind == "challenge" and "accepted_by" in p:
        return _("%(member)s accepted your challenge: your %(discipline)s game has begun") % {
            "member": p["accepted_by"], "discipline": p.get("discipline", "?")}
    if n.kind == "challenge":
        return _("%(challenger)s challenges you to a game of %(discipline)s") % {
            "challenger": p.get("challenger", "?"), "discipline": p.get("discipline", "?")}
    if n.kind == "move":
        return _("%(opponent)s played %(move)s in your %(discipline)s game: your move") % {
            "opponent": p.get("opponent", "?"), "move": p.get("move", ""),
            "discipline": p.get("discipline", "?")}
    if n.kind == "reminder":
        return _("Your time for a move in the %(discipline)s game against %(opponent)s runs out at %(deadline)s") % {
            "opponent": p.get("opponent", "?"), "discipline": p.get("discipline", "?"),
            "deadline": p.get("deadline", "?")}
    if n.kind == "result":
        return _("Your %(discipline)s game against %(opponent)s ended: %(result)s") % {
            "opponent": p.get("opponent", "?"), "discipline": p.get("discipline", "?"),
            "result": p.get("result", "?")}
    return n.kind


def email_subject(n) -> str:
    return {
        "challenge": _("Challenge accepted") if "accepted_by" in (n.params or {}) else _("New challenge"),
        "move": _("Your move"),
        "reminder": _("Your time for a move is running out"),
        "result": _("Game over"),
    }.get(n.kind, _("Notification"))

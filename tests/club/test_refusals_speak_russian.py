"""Every refusal a page can show speaks the reader's language: each reason handed to a refusal
(``foundation.refusals``: Refused, Conflict, RuleRefusal, Forbidden, Invalid, NotFound) and to
an authority ``Verdict`` anywhere in the club is marked for translation and has its Russian text,
and a time inside one is the reader's, in his zone — never a raw UTC stamp.

Read from the source, so a new refusal in plain English fails here before a Russian page shows it.
A reason may also be handed on: a refusal re-raised, a table of marked texts, a parameter or a local
every caller fills with a marked text, Django's own translated validation messages. The pure cores
(the rules, the clock, the pairing module) import no Django: they raise an English template marked
``N_`` with its facts (``games.rules.words``), and the refusal words it in the reader's language
(``games.pure_words.worded``); the API keeps answering in English."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from games import services
from games.records import records_import
from games.services.errors import Invalid, RuleRefusal
from tests.games_web.helpers import start_game

from ..conftest import ROOT

REFUSALS = {"Refused", "Conflict", "RuleRefusal", "Forbidden", "Invalid", "NotFound"}
GETTEXT = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy"}
# The errors of the pure cores: a template marked N_ and its facts, worded where they are shown.
WORDED_ERRORS = {"IllegalMove", "BadTimeControl", "PairingError"}
WORDED = "worded"
# Django's validation messages are its own translated texts.
TRANSLATED_ERRORS = {"ValidationError"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]")
SOURCES = [
    path
    for package in ("club", "games", "ratings", "members", "foundation")
    for path in sorted((ROOT / package).rglob("*.py"))
    if "migrations" not in path.parts
]


def _name(node) -> str | None:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None


class Module:
    def __init__(self, path: Path):
        self.path = path
        self.tree = ast.parse(path.read_text())
        for parent in ast.walk(self.tree):
            for child in ast.iter_child_nodes(parent):
                child.parent = parent
        self.tables = {
            target.id: node.value
            for node in self.tree.body
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Dict)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }

    def function_of(self, node):
        while node is not None and not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            node = getattr(node, "parent", None)
        return node

    def marked(self, node, msgids: list[str], seen=frozenset()) -> bool:
        """Is ``node`` a marked text (its msgids gathered), or a text handed on from one?"""
        if isinstance(node, ast.Call) and _name(node.func) in GETTEXT:
            if node.args and isinstance(node.args[0], ast.Constant):
                msgids.append(node.args[0].value)
            return True
        if isinstance(node, ast.Call) and _name(node.func) == WORDED:  # a pure core's template (below)
            return True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            return self.marked(node.left, msgids, seen)
        if isinstance(node, ast.IfExp):
            return self.marked(node.body, msgids, seen) and self.marked(node.orelse, msgids, seen)
        if isinstance(node, ast.Call) and _name(node.func) == "str" and len(node.args) == 1:
            return self.marked(node.args[0], msgids, seen)
        if isinstance(node, ast.Call) and _name(node.func) == "join" and node.args:  # " ".join(error.messages)
            return self.marked(node.args[0], msgids, seen)
        if isinstance(node, ast.Subscript) and _name(node.value) == "errors":  # a form's messages: Django's, translated
            return True
        if isinstance(node, ast.Attribute) and node.attr in ("detail", "messages"):
            return self.marked(node.value, msgids, seen)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in self.tables:
            return all(self._table_value(v, msgids) for v in self.tables[node.value.id].values)
        if isinstance(node, ast.Name) and node.id not in seen:
            return self._name_marked(node, msgids, seen | {node.id})
        return False

    def _table_value(self, value, msgids) -> bool:
        if isinstance(value, ast.Tuple):  # (code, text)
            return any(self.marked(v, msgids) for v in value.elts)
        return self.marked(value, msgids)

    def _name_marked(self, node: ast.Name, msgids, seen) -> bool:
        function = self.function_of(node)
        if function is None:
            return False
        for handler in ast.walk(function):
            if isinstance(handler, ast.ExceptHandler) and handler.name == node.id:
                caught = {
                    _name(t) for t in (handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type])
                }
                return caught <= REFUSALS | {"Refused"} | TRANSLATED_ERRORS
        bound = [
            n.value
            for n in ast.walk(function)
            if isinstance(n, ast.Assign)
            and any(node.id in {t.id for t in ast.walk(target) if isinstance(t, ast.Name)} for target in n.targets)
        ]
        if bound:
            return all(self.marked(value, msgids, seen) for value in bound)
        parameters = [a.arg for a in function.args.args + function.args.kwonlyargs]
        if node.id not in parameters:
            return False
        handed = []
        for call in ast.walk(self.tree):
            if isinstance(call, ast.Call) and _name(call.func) == function.name:
                given = [k.value for k in call.keywords if k.arg == node.id]
                position = (
                    function.args.args.index(next(a for a in function.args.args if a.arg == node.id))
                    if (node.id in [a.arg for a in function.args.args])
                    else None
                )
                if not given and position is not None and position < len(call.args):
                    given = [call.args[position]]
                handed += given
        return bool(handed) and all(self.marked(value, msgids, seen) for value in handed)

    def reasons(self):
        """``(line, reason node)`` of every refusal and every ``Verdict`` built here."""
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            kind = _name(node.func)
            if kind in REFUSALS and len(node.args) >= 2:
                yield node.lineno, node.args[1]
            elif kind == "Verdict" and len(node.args) >= 3:
                yield node.lineno, node.args[2]


def _reasons():
    for path in SOURCES:
        module = Module(path)
        for line, reason in module.reasons():
            yield module, f"{path.relative_to(ROOT)}:{line}", reason


def test_every_refusal_s_reason_is_marked_for_translation():
    unmarked = [
        f"{where}: {ast.unparse(reason)[:90]}" for module, where, reason in _reasons() if not module.marked(reason, [])
    ]
    assert unmarked == []


def test_every_marked_reason_has_its_russian_text():
    msgids = {}
    for module, where, reason in _reasons():
        found: list[str] = []
        module.marked(reason, found)
        for msgid in found:
            msgids.setdefault(msgid, where)
    assert len(msgids) > 300  # the check reads the club's refusals, not an empty list
    # A reason of placeholders only ("%(field)s: %(error)s") reads the same in every language.
    worded = {msgid: where for msgid, where in msgids.items() if re.search(r"[A-Za-z]", PLACEHOLDER.sub("", msgid))}
    with translation.override("ru"):
        untranslated = [f"{where}: {msgid}" for msgid, where in worded.items() if translation.gettext(msgid) == msgid]
    assert untranslated == []


def test_no_refusal_shows_a_raw_timestamp():
    # A stored instant is shown in the reader's zone (foundation.zones.shown), never as its ISO text.
    raw = [
        where
        for _module, where, reason in _reasons()
        for node in ast.walk(reason)
        if isinstance(node, ast.Call) and _name(node.func) in ("isoformat", "strftime")
    ]
    assert raw == []


# ---- the pure cores' refusals: templates marked N_, worded where shown ----------------------------


def _worded_errors():
    """``(where, call)`` of every pure core's error made in the club's code."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and _name(node.func) in WORDED_ERRORS:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node


def _template(call) -> str | None:
    first = call.args[0] if call.args else None
    if isinstance(first, ast.Call) and _name(first.func) == "N_" and isinstance(first.args[0], ast.Constant):
        return first.args[0].value
    return None


def test_every_pure_core_error_is_a_marked_template_given_its_facts():
    made = list(_worded_errors())
    assert len(made) > 150  # the check reads the cores' refusals, not an empty list
    wrong = []
    for where, call in made:
        template = _template(call)
        facts = {keyword.arg for keyword in call.keywords}
        placeholders = set(re.findall(r"%\((\w+)\)", template or ""))
        # A spread of facts (``**game_facts``) is checked where it runs (test_a_record_s_refusal_wraps_the_rules_in_russian).
        given = facts - {None} <= placeholders if None in facts else facts == placeholders
        if template is None or not given:
            wrong.append(f"{where}: {ast.unparse(call)[:90]}")
    assert wrong == []


def test_every_pure_core_template_has_its_russian_text():
    templates = {_template(call): where for where, call in _worded_errors()}
    worded = {t: where for t, where in templates.items() if re.search(r"[A-Za-z]", PLACEHOLDER.sub("", t))}
    with translation.override("ru"):
        untranslated = [f"{where}: {t}" for t, where in worded.items() if translation.gettext(t) == t]
    assert untranslated == []


def _russian_reader(member):
    member.language, member.language_chosen = "ru", True
    member.save(update_fields=["language", "language_chosen"])
    return member


def test_an_illegal_move_is_refused_in_the_reader_s_language_through_the_service(db, anna, boris):
    # 003 2.1.3: a man steps one square diagonally forward; c3-e5 jumps over no man.
    game = start_game(white=anna, black=boris, time_control="600+5")
    refusals = {}
    for language in ("ru", "en"):
        with translation.override(language), pytest.raises(RuleRefusal) as refused:
            services.game_move_make(game_id=game.pk, member=anna, text="c3-e5", expected_ply=0)
        refusals[language] = (refused.value.code, refused.value.detail)
    assert refusals == {"ru": ("illegal-move", "невозможный ход c3-e5"), "en": ("illegal-move", "illegal move c3-e5")}


def test_a_claim_s_illegal_written_move_is_refused_in_russian_on_the_page_and_in_english_by_the_api(db, anna, boris):
    # 003 2.1.9.2: a false repetition claim plays its written move, which must be legal.
    game = start_game(white=_russian_reader(anna), black=boris, time_control="600+5")
    page = Client()
    page.force_login(anna)
    answer = page.post(f"/play/games/{game.pk}/claims/repetition/", {"expected_ply": 0, "move": "c3-e5"})
    assert [m.message for m in get_messages(answer.wsgi_request)] == ["невозможный ход c3-e5"]
    api = APIClient()
    api.force_authenticate(anna)
    answer = api.post(f"/api/games/{game.pk}/moves/", {"text": "c3-e5", "expected_ply": 0}, format="json")
    assert answer.status_code == 409 and "illegal move c3-e5" in str(answer.json())
    assert "невозможный" not in str(answer.json())


def test_a_record_s_refusal_wraps_the_rules_in_russian(db, anna):
    # The file's game is named, and the rules' refusal inside it is worded too.
    text = '[GameType "25"]\n[White "Ivanov"]\n[Black "Petrov"]\n\n1. c3-d4 f6-g5 2. d4-d5 *\n'
    with translation.override("ru"), pytest.raises(Invalid) as refused:
        records_import(member=anna, text=text)
    assert refused.value.detail.startswith("партия 1 (Ivanov – Petrov): ")
    assert re.search(r"[A-Za-z]{3}", refused.value.detail.replace("Ivanov", "").replace("Petrov", "")) is None

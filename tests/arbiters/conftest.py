"""The championship personas (tests/championships/conftest.py) for the arbiters' tests."""

from tests.championships.conftest import T0, at, make_championship, on_commit, players, staff  # noqa: F401

"""Gaia Project: a rule's refusal is a verdict, an engine bug is never one.

The rules refuse a line with :class:`~gaia_lab.games.gaia_project.rules.Refusal`, an
:class:`~gaia_lab.core.errors.IllegalActionError` carrying the verdict.  A line naming
something this game does not have (a hex off the map, a tile space, an action space)
is refused the same way, by an explicit check with its own code and the name.  Anything
else raised inside the rules is a bug of the engine and reaches the caller as it is.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.errors import GaiaLabError, IllegalActionError
from gaia_lab.core.session import Session
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project import game as gp_game
from gaia_lab.games.gaia_project import rules
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.notation import parse_move
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.games.gaia_project.state import GPState

GAME = GaiaProject()


@pytest.fixture(autouse=True)
def _cold() -> Iterator[None]:
    """No outcome remembered from another test (a patched rule must be played)."""
    gp_game._outcome.cache_clear()
    gp_game._legal.cache_clear()
    yield
    gp_game._outcome.cache_clear()
    gp_game._legal.cache_clear()


def _session(lines: int) -> Session:
    """deep-mind-2 after its first ``lines`` log lines (``init`` included)."""
    data = recorded_game("deep-mind-2")
    s = Session(GAME, players=4, options={"setup": data["seeded_setup"]})
    for line in data["moves"][1:lines]:
        s.play(line)
    return s


def _actions_phase() -> Session:
    s = _session(40)
    assert s.state.phase == "actions" and not s.state.pending
    return s


def test_a_refusal_is_an_illegal_action_error_with_its_verdict() -> None:
    r = rules.Refusal("burn.nothing", "Burning needs an amount of at least 1.",
                      "gp.free_action.when")
    assert isinstance(r, IllegalActionError) and isinstance(r, GaiaLabError)
    assert (r.verdict.code, r.verdict.message, r.verdict.rule) == (r.code, r.message, r.rule)
    again = pickle.loads(pickle.dumps(r))
    assert (again.code, again.message, again.rule, str(again)) == (
        r.code, r.message, r.rule, str(r))


def test_apply_of_a_refused_line_raises_its_verdict() -> None:
    s = _actions_phase()
    me = s.state.seats[s.actor].faction
    move = parse_move(f"{me} burn 99")
    verdict = GAME.explain(s.state, move)
    assert verdict.code == "burn.too_much"
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(s.state, move)
    assert info.value.verdict == verdict


@pytest.mark.parametrize("error", [KeyError("engine bug"), ValueError("engine bug")])
def test_an_engine_bug_propagates_from_explain(monkeypatch: pytest.MonkeyPatch,
                                               error: Exception) -> None:
    s = _actions_phase()
    me = s.state.seats[s.actor].faction
    line = f"{me} up gaia"

    def broken(*args: object, **kwargs: object) -> object:
        raise error

    monkeypatch.setattr(rules, "_up", broken)
    with pytest.raises(type(error), match="engine bug"):
        s.explain(line)
    with pytest.raises(type(error), match="engine bug"):
        GAME.apply(s.state, parse_move(line))
    monkeypatch.undo()
    gp_game._outcome.cache_clear()
    assert s.explain(line).code in ("ok", "cost.unaffordable")


def test_an_engine_bug_propagates_from_legal_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _actions_phase()

    def broken(*args: object, **kwargs: object) -> object:
        raise KeyError("engine bug in a conversion")

    monkeypatch.setattr(rules, "_spend", broken)
    with pytest.raises(KeyError, match="engine bug"):
        s.legal_actions()


def test_an_engine_bug_in_the_setup_propagates(monkeypatch: pytest.MonkeyPatch) -> None:
    s = _session(1)
    assert s.state.phase == "faction"

    class Broken:
        @staticmethod
        def new(faction: str, board: object = None) -> object:
            raise ValueError("engine bug in the faction choice")

    monkeypatch.setattr(rules, "PlayerState", Broken)
    with pytest.raises(ValueError, match="engine bug"):
        s.explain("p1 faction terrans")


# -- names this game does not have ------------------------------------------------------

_UNKNOWN_HEX = st.one_of(
    st.builds(lambda sector, place: f"{sector}{place}", st.integers(11, 99),
              st.sampled_from(["C", *(f"B{i}" for i in range(6)),
                               *(f"A{i}" for i in range(12))])),
    st.builds(lambda q, r: f"{q}x{r}", st.integers(30, 500), st.integers(-500, -30)),
)


def _setup_mines() -> GPState:
    s = _session(5)
    assert s.state.phase == "setup_mines"
    state: GPState = s.state
    return state


@settings(max_examples=30)
@given(_UNKNOWN_HEX, st.sampled_from(["build m {}", "build gf {}", "build ts {}",
                                      "lostPlanet {}", "swap-PI {}", "build sp {}",
                                      "federation {},5A4 fed1"]))
def test_an_unknown_hex_gets_a_verdict_naming_it(name: str, template: str) -> None:
    s = _actions_phase()
    me = s.state.seats[s.actor].faction
    line = f"{me} {template.format(name)}"
    verdict = s.explain(line)
    assert not verdict
    assert verdict.code in ("hex.unknown", "turn.unknown", "special.unknown",
                            "federation.token", "turn.follow_up") or verdict.code.endswith(
        "expected"), (line, verdict)
    if verdict.code == "hex.unknown":
        assert name in verdict.message and verdict.rule is not None


@settings(max_examples=20)
@given(_UNKNOWN_HEX)
def test_an_unknown_hex_at_setup_gets_a_verdict(name: str) -> None:
    state = _setup_mines()
    verdict = GAME.explain(state, parse_move(f"terrans build m {name}"))
    assert (verdict.code, verdict.rule is not None) == ("hex.unknown", True)
    assert name in verdict.message


def test_unknown_names_each_have_their_code() -> None:
    s = _actions_phase()
    me = s.state.seats[s.actor].faction
    for line, code in [
        ("build m 11A0", "hex.unknown"),
        ("build m 99x99", "hex.unknown"),
        ("federation 5A4,77B3 fed1", "hex.unknown"),
        ("pass booster10", "pass.booster_unavailable"),
        ("special 7k", "special.unknown"),
    ]:
        verdict = s.explain(f"{me} {line}")
        assert verdict.code == code, (line, verdict)
    # a setup without the tile space (the notation knows every space of the game)
    state: GPState = s.state
    no_techs = evolve(state, setup=evolve(state.setup, techs=()))
    with pytest.raises(rules.Refusal) as info:
        rules._take_tech(no_techs, rules._Turn(s.actor), "free1")
    assert (info.value.code, "free1" in info.value.message) == ("tech.unknown", True)
    with pytest.raises(rules.Refusal) as info:
        rules._board_action(state, rules._Turn(s.actor), "power9")
    assert (info.value.code, "power9" in info.value.message) == ("action.unknown", True)


# -- what the old catch hid -------------------------------------------------------------


def test_taklons_keeping_the_brainstone_need_the_tokens_besides_it() -> None:
    """A Gaia project of 6 tokens with 6 in the bowls, the brainstone one of them: kept
    in its bowl, 5 are left to move (this raised inside the bowls' arithmetic)."""
    players = [{"faction": "taklons", "structures": {"10A2": "m", "3A7": "m"},
                "bowls": [2, 4, 0], "research": {"gaia": 1}},
               {"faction": "xenos", "structures": {"5A10": "m"}}]
    s = Session(GAME, scenario={"round": 2, "players": players})
    moved = next(str(a) for a in s.legal_actions()
                 if str(a).startswith("taklons build gf ") and str(a).endswith("gaia"))
    kept = moved.replace("brainstone gaia", "brainstone area1")
    verdict = s.explain(kept)
    assert (verdict.code, verdict.rule is not None) == ("gaia.tokens", True)
    assert "5 other tokens" in verdict.message
    assert kept not in {str(a) for a in s.legal_actions()}
    s.play(moved)
    assert s.state.seats[0].brainstone == 3

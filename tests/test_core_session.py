"""Session: playing, explaining, automatic steps, time travel, copies (on the Pig test game)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from dicegame import PIG, PigAction

from gaia_lab.core.errors import (
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.game import CHANCE, RULES, Actor
from gaia_lab.core.session import Session
from gaia_lab.testing import play_random


def snapshot(s: Session) -> tuple[Any, ...]:
    """Everything a failed call must leave as it was."""
    return (s.state, list(s.history), [list(g) for g in s._redo], s.decisions, s.auto)


def test_new_session_resolves_setup() -> None:
    s = Session(PIG, players=2, seed=3)
    assert s.actor == 0 and s.decisions == 0
    assert [(p.actor, p.notation) for p in s.history] == [(RULES, "setup")]
    assert s.log() == ["Scores start at 0; P1 begins."]
    assert s.names == ("P1", "P2")
    assert [str(a) for a in s.legal_actions()] == ["roll"]
    assert not s.is_over()
    assert repr(s) == "<Session pig players=2 seed=3 decisions=0 actor=P1>"


def test_session_by_name_and_bad_arguments() -> None:
    assert Session("pig").players == PIG.meta.min_players
    with pytest.raises(GaiaLabError, match="no game named 'nope'; known games: .*pig"):
        Session("nope")
    with pytest.raises(GaiaLabError, match="Pig is for 2-4 players, not 5"):
        Session(PIG, players=5)


def test_explain_legal_illegal_and_unreadable() -> None:
    s = Session(PIG, 2, 0)
    assert s.explain("roll").legal
    assert s.explain(PigAction("roll")).legal
    v = s.explain("hold")
    assert not v.legal and v.code == "hold.nothing_to_bank"
    assert v.rule is not None and v.rule.id == "pig.turn.hold"
    assert "roll at least once" in v.message
    v = s.explain("fold")
    assert (v.legal, v.code, v.rule) == (False, "notation.unreadable", None)
    assert "cannot read 'fold'" in v.message


def test_illegal_play_raises_with_verdict_and_changes_nothing() -> None:
    s = Session(PIG, 2, 0)
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as info:
        s.play("hold")
    assert info.value.verdict.code == "hold.nothing_to_bank"
    assert info.value.action == "hold"
    assert "illegal action 'hold'" in str(info.value) and "[Turn: " in str(info.value)
    assert snapshot(s) == before
    with pytest.raises(NotationError):
        s.play("fold")
    assert snapshot(s) == before


def test_forced_chance_outcome() -> None:
    s = Session(PIG, 2, 0)
    events = s.play("roll", chance=["die 4"])
    assert [e.text for e in events] == ["P1 rolls.", "The die shows 4: P1's turn total is 4."]
    assert s.state.turn_total == 4
    assert [p.actor for p in s.history] == [RULES, 0, CHANCE]
    events = s.play("roll", chance=["die 1"])
    assert events[-1].text == "P2 is next."
    assert s.actor == 1 and s.state.turn_total == 0


@pytest.mark.parametrize(
    ("forced", "error", "match"),
    [
        (["die 9"], IllegalActionError, "A die has faces 1-6, not 9"),
        (["die x"], NotationError, "cannot read 'die x'"),
        (["hold"], IllegalActionError, "The die is being rolled"),
        (["die 3", "die 2"], GaiaLabError, "1 forced chance outcome\\(s\\) were not used"),
    ],
)
def test_failed_forced_chance_changes_nothing(
    forced: list[str], error: type[Exception], match: str
) -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 5"])
    s.play("roll", chance=["die 2"])
    s.undo()  # something to redo, which a failed play must keep
    before = snapshot(s)
    with pytest.raises(error, match=match):
        s.play("roll", chance=forced)
    assert snapshot(s) == before
    assert s.can_redo


def actor(s: Session) -> Actor:
    """The actor now (a call, so that each assert reads it afresh)."""
    return s.actor


def test_manual_stepping() -> None:
    s = Session(PIG, 2, 0, auto=False)
    assert actor(s) == RULES and s.history == []
    with pytest.raises(GaiaLabError, match="forced chance outcomes need auto=True"):
        s.play("setup", chance=["die 1"])
    assert s.history == []
    assert [e.text for e in s.step()] == ["Scores start at 0; P1 begins."]
    assert actor(s) == 0
    with pytest.raises(GaiaLabError, match="no automatic step is pending: it is P1 to act"):
        s.step()
    s.play("roll")
    assert actor(s) == CHANCE
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="not 7"):
        s.step("die 7")
    with pytest.raises(IllegalActionError):
        s.play("roll")  # the die is being rolled: no player decision now
    assert snapshot(s) == before
    s.step("die 1")
    assert actor(s) == RULES
    s.step()
    assert actor(s) == 1 and s.decisions == 1
    # each step is one unit of time travel when auto=False
    assert s.position == 4
    s.undo(2)
    assert actor(s) == CHANCE and s.position == 2
    s.redo(2)
    assert actor(s) == 1


def test_manual_step_samples_the_state_rng() -> None:
    a = Session(PIG, 2, 11, auto=False)
    a.step()
    a.play("roll")
    a.step()
    b = Session(PIG, 2, 11)
    b.play("roll")
    assert a.state == b.state


def test_undo_redo_goto() -> None:
    s = Session(PIG, 2, 0)
    start = s.state
    s.play("roll", chance=["die 3"])
    after1 = s.state
    s.play("hold")
    after2 = s.state
    s.play("roll", chance=["die 6"])
    after3 = s.state
    assert (s.position, s.length, s.can_undo, s.can_redo) == (3, 3, True, False)
    s.undo(2)
    assert s.state == after1 and s.decisions == 1 and (s.position, s.length) == (1, 3)
    s.redo()
    assert s.state == after2
    s.redo()
    assert s.state == after3 and not s.can_redo
    s.goto(0)
    assert s.state == start and s.decisions == 0 and s.history[-1].notation == "setup"
    s.goto(3)
    assert s.state == after3
    s.goto(2)
    assert s.state == after2
    bad_calls: list[Callable[[], None]] = [
        lambda: s.undo(3), lambda: s.redo(2), lambda: s.goto(4), lambda: s.undo(-1)]
    for bad in bad_calls:
        before = snapshot(s)
        with pytest.raises(GaiaLabError):
            bad()
        assert snapshot(s) == before
    s.play("roll", chance=["die 2"])  # a new decision drops the redo stack
    assert not s.can_redo and s.length == 3
    s.undo(3)
    assert s.state == start and not s.can_undo


def test_undo_takes_back_the_automatic_steps_too() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 1"])  # roll, chance, end of turn
    assert len(s.history) == 4
    s.undo()
    assert len(s.history) == 1 and s.actor == 0


def test_same_decision_after_undo_meets_the_same_roll() -> None:
    s = Session(PIG, 3, 21)
    play_random(s, random.Random(5), 12)
    for _ in range(4):
        s.play("roll")
        rolled = s.state
        s.undo()
        s.play("roll")
        assert s.state == rolled
        if s.actor is None:
            break


def test_play_many_is_all_or_nothing() -> None:
    s = Session(PIG, 2, 0)  # the first roll of seed 0 shows 6
    s.play("roll")
    s.undo()
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.play_many(["roll", "hold", "hold"])  # P2 has nothing to bank
    assert snapshot(s) == before and s.can_redo
    with pytest.raises(NotationError):
        s.play_many(["roll", "fold"])
    assert snapshot(s) == before
    events = s.play_many(["roll", "hold"])
    assert s.decisions == 2 and s.state.scores == (6, 0)
    assert events[-1].text == "P2 is next."


def test_copy_is_independent() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 2"])
    s.play("roll", chance=["die 5"])
    s.undo()
    c = s.copy()
    c.play("hold")
    assert s.decisions == 1 and s.can_redo and s.state.scores == (0, 0)
    assert c.decisions == 2 and not c.can_redo and c.state.scores == (2, 0)


def test_scenario_session_and_end_of_game() -> None:
    spec = {"players": 3, "scores": [28, 5, 12], "turn": 0, "turn_total": 1, "seed": 4}
    s = Session(PIG, scenario=spec)
    assert s.players == 3 and s.actor == 0 and s.history == []
    events = s.play("roll", chance=["die 2"])
    assert s.state.turn_total == 3 and len(events) == 2
    events = s.play("hold")
    assert [e.text for e in events] == [
        "P1 holds and banks 3 (score 31).", "P1 reaches 30 and wins."]
    assert s.is_over() and s.actor is None
    assert s.winners() == (0,)
    assert s.score_breakdown().totals == (31, 5, 12)
    with pytest.raises(IllegalActionError, match="The game is over"):
        s.play("roll")
    assert repr(s).endswith("actor=nobody (the game is over)>")


def test_events_and_log_follow_the_history() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 3"])
    assert [e.text for e in s.events] == s.log()
    assert s.log()[-1] == "The die shows 3: P1's turn total is 3."
    assert all(e.rule is not None for e in s.events)


def test_declared_options_are_read_before_the_state_is_built() -> None:
    assert Session(PIG, 2, 0, {"target": 5}).options == {"target": 5}
    for bad in ({"target": "5"}, {"target": 0}, {"target": True}, {"goal": 5}):
        with pytest.raises(InvalidStateError, match=r"^options: "):
            Session(PIG, 2, 0, bad)


def test_failed_calls_with_bad_arguments_change_nothing() -> None:
    s = Session(PIG, 2, 0)
    s.play("roll", chance=["die 4"])
    before = snapshot(s)
    for call, arg in ((s.play, PigAction), (s.undo, 2), (s.redo, 1), (s.goto, -1),
                      (s.play_many, "roll"), (s.play_many, {"roll": 1})):
        with pytest.raises(GaiaLabError):
            call(arg)
    with pytest.raises(GaiaLabError, match="comment: expected text"):
        s.play("roll", comment=3)  # type: ignore[arg-type]
    with pytest.raises(GaiaLabError, match="chance: expected a list"):
        s.play("roll", chance="die 4")
    with pytest.raises(GaiaLabError, match="auto: expected true or false"):
        Session(PIG, 2, 0, auto=None)  # type: ignore[arg-type]
    assert snapshot(s) == before


# -- the pending step and the board --------------------------------------------------


def test_pending_says_who_acts_on_what_under_which_rule() -> None:
    s = Session(PIG, players=2, seed=3, auto=False)
    pending = s.pending
    assert pending is not None
    assert (pending.kind, pending.actor, pending.text, pending.rule.id, pending.phase) == (
        "setup", RULES, "the scores are set to 0", "pig.setup", "setup")
    s.step()
    assert str(s.pending) == "P1 rolls or holds [Turn]"
    assert s.pending == PIG.pending(s.state) and s.pending.actor == s.actor == 0
    s.play("roll")
    assert s.pending is not None and s.pending.actor == CHANCE == s.actor
    over = Session(PIG, scenario={"players": 2, "scores": [29, 0], "turn_total": 5})
    over.play("hold")
    assert over.is_over() and over.pending is None


def test_a_game_without_a_flow_has_no_pending_step() -> None:
    from dicegame import FLOW, PigGame, PigState

    class NoFlow(PigGame):
        flow = None

        def actor(self, state: PigState) -> Actor:
            return FLOW.actor(state)

    s = Session(NoFlow(), players=2)
    assert s.actor == 0 and s.pending is None


def test_a_session_draws_its_board_through_the_registered_layout() -> None:
    from dicegame import board

    s = Session(PIG, players=3, seed=1)
    assert not hasattr(s.state, "_repr_svg_")  # Pig's states draw nothing themselves
    svg = s._repr_svg_()
    assert svg == board(s.state).to_svg()
    assert svg is not None and svg.startswith("<svg")


def test_a_session_of_an_unregistered_game_shows_no_board() -> None:
    from dicegame import EXAMPLES, board

    from gaia_lab.core.registry import register_game, unregister_game

    s = Session(PIG, players=2, seed=1)
    unregister_game("pig")
    try:
        assert s._repr_svg_() is None
    finally:
        register_game(PIG, layout=board, examples=EXAMPLES)
    assert s._repr_svg_() == board(s.state).to_svg()

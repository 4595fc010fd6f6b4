"""The conformance harness on the Pig test game, and on broken variants of it.

Each broken variant breaks one promise of the engine protocol; the harness must catch
it with a message that names the game, the seed, the step and what failed.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from dicegame import PIG, RULEBOOK, PigAction, PigGame, PigState

from gaia_lab.core.errors import NotationError
from gaia_lab.core.events import Event
from gaia_lab.core.game import Step
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.testing import CheckReport, check_game, play_random, random_playout
from gaia_lab.testing.harness import BAD_VALUES


def test_pig_passes() -> None:
    report = check_game(PIG, seeds=range(4))
    assert isinstance(report, CheckReport)
    assert report.games == 4 * 3  # 2, 3 and 4 players
    assert report.steps == report.decisions + report.chance_steps + report.rules_steps
    assert report.chance_steps > 0 and report.rules_steps > 0 and report.probes > 0
    assert report.max_legal == 2
    assert str(report).startswith("pig: 12 games, ")


def test_pig_passes_with_options_and_chosen_counts() -> None:
    report = check_game(PIG, seeds=[7], players=[2], options=[{"target": 5}, {"target": 60}])
    assert report.games == 2


def test_report_prints(capsys: pytest.CaptureFixture[str]) -> None:
    check_game(PIG, seeds=[0], players=[2], report=True)
    assert capsys.readouterr().out.startswith("pig: 1 games, ")


def test_global_random_state_is_restored() -> None:
    random.seed(123)
    expected = random.Random(123).random()
    check_game(PIG, seeds=[0], players=[2])
    assert random.random() == expected


def test_harness_leaves_registry_alone() -> None:
    from gaia_lab.games import GAMES

    before = dict(GAMES)
    check_game(PIG, seeds=[0], players=[2])
    assert GAMES == before


def test_random_playout_matches_session_play() -> None:
    for seed in range(5):
        final = random_playout(PIG, 3, seed)
        assert PIG.is_over(final)
        session = Session(PIG, 3, seed)
        play_random(session, random.Random(seed), 10_000)
        assert session.state == final
        manual = Session(PIG, 3, seed, auto=False)
        play_random(manual, random.Random(seed), 10_000)
        assert manual.state == final


def test_play_random_stops_after_max_decisions() -> None:
    session = Session(PIG, 2, 1)
    assert play_random(session, random.Random(0), 3) == 3
    assert session.decisions == 3


def test_random_playout_bound() -> None:
    class Endless(PigGame):
        meta = replace(PigGame.meta, max_steps=50)

    with pytest.raises(RuntimeError, match="did not end within 50 steps"):
        random_playout(Endless(), 2, 0, {"target": 10_000})


# -- broken variants ------------------------------------------------------------------


class HoldAlwaysLegal(PigGame):
    def explain(self, state: PigState, action: PigAction) -> Verdict:
        if action.kind == "hold" and state.phase == "decide":
            return Verdict.ok(RULEBOOK["pig.turn.hold"])
        return super().explain(state, action)


class HoldNeverLegal(PigGame):
    def explain(self, state: PigState, action: PigAction) -> Verdict:
        if action.kind == "hold":
            return Verdict.illegal("hold.never", "Never.", RULEBOOK["pig.turn.hold"])
        return super().explain(state, action)


class BadNotation(PigGame):
    def format_action(self, state: PigState, action: PigAction) -> str:
        return f"die{action.value}" if action.kind == "die" else str(action)


class ParseCrashes(PigGame):
    def parse_action(self, state: PigState, text: str) -> PigAction:
        if text.startswith("die"):
            return PigAction("die", int(text.split()[1]))  # ValueError on "die x"
        return super().parse_action(state, text)


class Mutates(PigGame):
    def apply(self, state: PigState, action: PigAction) -> Step[PigState]:
        step = super().apply(state, action)
        if action.kind == "hold":
            object.__setattr__(state, "turn_total", 0)
        return step


class NoRuleCited(PigGame):
    def explain(self, state: PigState, action: PigAction) -> Verdict:
        verdict = super().explain(state, action)
        return verdict if verdict.legal else replace(verdict, rule=None)


class ForeignRule(PigGame):
    def apply(self, state: PigState, action: PigAction) -> Step[PigState]:
        step = super().apply(state, action)
        stray = RuleRef("pig.stray", "Nowhere", "Not in the rulebook.")
        return Step(step.state, tuple(replace(e, rule=stray) for e in step.events))


class BlankEvent(PigGame):
    def apply(self, state: PigState, action: PigAction) -> Step[PigState]:
        step = super().apply(state, action)
        return Step(step.state, (*step.events, Event("note", " ")))


class LoadedDie(PigGame):
    def chance_outcomes(self, state: PigState) -> list[tuple[PigAction, Fraction]]:
        return [(a, Fraction(1, 7)) for a, _ in super().chance_outcomes(state)]


class FloatDie(PigGame):
    def chance_outcomes(self, state: PigState) -> list[tuple[PigAction, Any]]:
        return [(a, 1 / 6) for a, _ in super().chance_outcomes(state)]


class ForgetsDraws(PigGame):
    def state_from_json(self, text: str) -> PigState:
        state = super().state_from_json(text)
        return replace(state, rng=replace(state.rng, draws=0))


class GlobalRandom(PigGame):
    def chance_rng(self, state: PigState) -> random.Random:
        return random.Random(random.random())


class BrokenInvariant(PigGame):
    def invariants(self, state: PigState) -> list[str]:
        return ["turn total above 20"] if state.turn_total > 20 else []


class DuplicateActions(PigGame):
    def legal_actions(self, state: PigState) -> list[PigAction]:
        legal = super().legal_actions(state)
        return legal + legal[:1] if state.phase == "decide" else legal


class NoWinner(PigGame):
    def winners(self, state: PigState) -> tuple[int, ...]:
        return ()


class TwoRulesActions(PigGame):
    def legal_actions(self, state: PigState) -> list[PigAction]:
        legal = super().legal_actions(state)
        return legal + [PigAction("setup")] if state.phase == "end_turn" else legal


class StuckAfterSetup(PigGame):
    def legal_actions(self, state: PigState) -> list[PigAction]:
        return [] if state.phase == "decide" and sum(state.scores) > 10 else (
            super().legal_actions(state))


class RulesActionExplainsIllegal(PigGame):
    def explain(self, state: PigState, action: PigAction) -> Verdict:
        if action.kind == "end turn":
            return Verdict.illegal("turn.no", "No.", RULEBOOK["pig.turn.end"])
        return super().explain(state, action)


class LongGame(PigGame):
    meta = replace(PigGame.meta, max_steps=40)


class AssertsInApply(PigGame):
    def apply(self, state: PigState, action: PigAction) -> Step[PigState]:
        assert action.kind != "hold", "internal check"
        return super().apply(state, action)


class ExtraWordsAccepted(PigGame):
    def parse_action(self, state: PigState, text: str) -> PigAction:
        words = text.split()
        if words[:1] == ["hold"]:
            return PigAction("hold", len(words) - 1)  # not a listed action when words follow
        return super().parse_action(state, text)

    def explain(self, state: PigState, action: PigAction) -> Verdict:
        return super().explain(state, PigAction(action.kind)) if action.kind == "hold" \
            else super().explain(state, action)


class RecursesOnLongText(PigGame):
    def parse_action(self, state: PigState, text: str) -> PigAction:
        if len(text) > 4000:
            raise RecursionError("maximum recursion depth exceeded")
        return super().parse_action(state, text)


class HugeNumbersCrash(PigGame):
    def parse_action(self, state: PigState, text: str) -> PigAction:
        words = text.split()
        if words[:1] == ["roll"] and len(words) == 2:
            return PigAction("roll", int(words[1]))  # raw ValueError past 4300 digits
        return super().parse_action(state, text)


BROKEN: list[tuple[type[PigGame], str]] = [
    (HoldAlwaysLegal, "which legal_actions does not list, but explain says it is legal"),
    (HoldNeverLegal, "legal_actions lists it but explain says: illegal (hold.never)"),
    (BadNotation, "parse_action cannot read the legal action 'die"),
    (ParseCrashes, "parse_action raised ValueError"),
    (Mutates, "apply changed its input state"),
    (NoRuleCited, "cites no rule"),
    (ForeignRule, "cites rule 'pig.stray', which is not in the game's rulebook"),
    (BlankEvent, "an event of kind 'note' has no text"),
    (LoadedDie, "the chance probabilities sum to 6/7, not 1"),
    (FloatDie, "not a Fraction"),
    (ForgetsDraws, "state_from_json(state.to_json()) differs from the state"),
    (GlobalRandom, "gives another state (chance must draw from the RNG inside the state)"),
    (BrokenInvariant, "broken invariants: turn total above 20"),
    (DuplicateActions, "legal_actions lists the same notation twice: ['roll']"),
    (NoWinner, "winners() is empty"),
    (TwoRulesActions, "a rules step must have one action, found 2"),
    (StuckAfterSetup, "legal_actions is empty although the game is not over"),
    (RulesActionExplainsIllegal, "legal_actions lists it but explain says: illegal (turn.no)"),
    (LongGame, "did not end within 40 steps"),
    (AssertsInApply, "action 'hold': AssertionError while playing the action: internal check"),
    (ExtraWordsAccepted, "which legal_actions does not list, but explain says it is legal"),
    (RecursesOnLongText, "raised RecursionError (maximum recursion depth exceeded), not a "
                         "GaiaLabError"),
    (HugeNumbersCrash, "raised ValueError"),
]


@pytest.mark.parametrize(("broken", "message"), BROKEN, ids=[b.__name__ for b, _ in BROKEN])
def test_harness_catches(broken: type[PigGame], message: str) -> None:
    with pytest.raises(AssertionError) as info:
        check_game(broken(), seeds=range(3), players=[2, 3])
    text = str(info.value)
    assert message in text
    assert text.startswith("check_game('pig'): ")
    assert " players, seed " in text


def test_global_random_named_without_undo() -> None:
    with pytest.raises(AssertionError, match="depends on the global random module"):
        check_game(GlobalRandom(), seeds=[0], players=[2], undo_sample=0)


def test_rules_step_with_two_actions_named_by_harness() -> None:
    class TwoAtSetup(PigGame):
        def legal_actions(self, state: PigState) -> list[PigAction]:
            legal = super().legal_actions(state)
            return legal * 2 if state.phase == "setup" else legal

    with pytest.raises(AssertionError, match="GaiaLabError while creating the Session: a rules "
                                             "step must have one action, found 2"):
        check_game(TwoAtSetup(), seeds=[0], players=[2])


def test_failure_names_step_and_action() -> None:
    with pytest.raises(AssertionError) as info:
        check_game(Mutates(), seeds=[0], players=[2])
    text = str(info.value)
    assert "2 players, seed 0, step " in text
    assert "(decision " in text and "action 'hold'" in text


def test_notation_error_is_the_only_parse_failure() -> None:
    with pytest.raises(NotationError):
        PIG.parse_action(PIG.new_initial_state(2), "hold xyzzy")


def test_bad_input_that_changes_the_session_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    goto = Session.goto

    def careless(self: Session, i: int) -> None:
        if not isinstance(i, int):
            self.history.pop()  # a failed call must change nothing
        goto(self, i)

    monkeypatch.setattr(Session, "goto", careless)
    with pytest.raises(AssertionError, match=r"Session.goto\(None\) failed but changed the "
                                             "session"):
        check_game(PIG, seeds=[0], players=[2])


def test_bad_input_probes_are_counted() -> None:
    plain = check_game(PIG, seeds=[0], players=[2])
    assert plain.probes > 2 * len(BAD_VALUES)

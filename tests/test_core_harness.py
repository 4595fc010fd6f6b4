"""The conformance harness on the Pig test game, and on broken variants of it.

Each broken variant breaks one promise of the engine protocol; the harness must catch
it with a message that names the game, the seed, the step and what failed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from dicegame import FLOW, PIG, RULEBOOK, PigAction, PigGame, PigState

from gaia_lab.core.errors import InvalidStateError, NotationError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Flow, TaskKind
from gaia_lab.core.game import Actor, Step
from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict
from gaia_lab.testing import CheckReport, check_game, play_random, random_playout
from gaia_lab.testing.harness import BAD_VALUES, HUGE, _mutations


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
    (HoldNeverLegal, "legal_actions lists it but explain says: <Verdict illegal hold.never"),
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
    (RulesActionExplainsIllegal,
     "legal_actions lists it but explain says: <Verdict illegal turn.no"),
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


# -- the flow and the JSON contract ---------------------------------------------------


class EndsEarly(PigGame):
    """Its own actor() says the game is over at 10 points, while its flow goes on."""

    def actor(self, state: PigState) -> Actor:
        return None if max(state.scores) >= 10 else super().actor(state)


class RuleMissing(PigGame):
    """A task kind cites a rule its rulebook does not have."""

    rulebook = Rulebook("Pig without setup", [r for r in RULEBOOK.values()
                                              if r.id != "pig.setup"])


class UnhandledKind(PigGame):
    """Its flow declares a kind that nothing lists or resolves."""

    flow = Flow([*FLOW.kinds.values(), TaskKind("bonus", rule="pig.turn", what="a bonus")],
                verb=str)


class ScoresTrusted(PigGame):
    """Forgets its invariants, and scores by the seats' list of scores."""

    def invariants(self, state: PigState) -> list[str]:
        return []

    def score_breakdown(self, state: PigState) -> ScoreBreakdown:
        names = self.player_names(state)
        return ScoreBreakdown(names, tuple(
            ScoreLine(p, "Banked points", state.scores[p], RULEBOOK["pig.end"], "banked")
            for p in range(state.players)))


class ReadsBeforeChecking(PigGame):
    """Looks at a field of its state JSON before the codec checks the text."""

    def state_from_json(self, text: str) -> PigState:
        if json.loads(text)["phase"] == "over":  # a KeyError when the field is left out
            pass
        return super().state_from_json(text)


class ScenarioReadsFirst(PigGame):
    """Reads the player count of a scenario before checking the description."""

    def scenario(self, spec: Mapping[str, Any]) -> PigState:
        if spec["players"] > 4:
            raise InvalidStateError("too many players", "scenario")
        return super().scenario(spec)


class ScenarioUnchecked(PigGame):
    """Builds scenarios without checking them: a negative score gets through."""

    def scenario(self, spec: Mapping[str, Any]) -> PigState:
        return replace(super().scenario({**spec, "scores": [0, 0]}),
                       scores=tuple(spec.get("scores", (0, 0))))


FLOW_BROKEN: list[tuple[type[PigGame], str]] = [
    (EndsEarly, "actor() is None, but the head task is "),
    (RuleMissing, "pending() raised FlowError: task kind 'setup' follows rule 'pig.setup', "
                  "which is not in Pig without setup"),
    (UnhandledKind, "check_game('pig'): the flow declares task kinds that nothing resolves: "),
    (ScoresTrusted, "loads, then score_breakdown raised IndexError"),
    (ReadsBeforeChecking, "state_from_json of the state's JSON with phase deleted raised "
                          "KeyError ('phase'), not an InvalidStateError"),
    (ScenarioReadsFirst, "check_game('pig'): scenario with players deleted raised KeyError "
                         "('players'), not an InvalidStateError"),
    (ScenarioUnchecked, "builds a state whose JSON does not load back: InvalidStateError"),
]


@pytest.mark.parametrize(("broken", "message"), FLOW_BROKEN,
                         ids=[b.__name__ for b, _ in FLOW_BROKEN])
def test_harness_catches_flow_and_json_faults(broken: type[PigGame], message: str) -> None:
    with pytest.raises(AssertionError) as info:
        check_game(broken(), seeds=range(3), players=[2, 3])
    assert message in str(info.value)
    assert str(info.value).startswith("check_game('pig')")


def test_ending_early_passes_without_the_flow() -> None:
    class NoFlow(EndsEarly):
        flow = None

        def actor(self, state: PigState) -> Actor:
            return None if max(state.scores) >= 10 else FLOW.actor(state)

    check_game(NoFlow(), seeds=range(3), players=[2, 3])  # the flow check is what catches it


def test_json_probes_are_sampled_and_can_be_turned_off() -> None:
    check_game(ScoresTrusted(), seeds=range(3), players=[2, 3], json_sample=0)
    check_game(ScenarioReadsFirst(), seeds=[0], players=[2], json_sample=0)
    few = check_game(PIG, seeds=[0], players=[2], json_sample=1).probes
    more = check_game(PIG, seeds=[0], players=[2], json_sample=3).probes
    assert more > few > check_game(PIG, seeds=[0], players=[2], json_sample=0).probes


def test_mutations_name_each_change() -> None:
    data = {"players": 2, "phase": "roll", "scores": [0, 7]}
    found = dict(_mutations(data, random.Random(0), 100))
    assert found["players deleted"] == {"phase": "roll", "scores": [0, 7]}
    assert found["scores[1] made -7"] == {"players": 2, "phase": "roll", "scores": [0, -7]}
    assert found[f"scores[0] made {HUGE}"]["scores"] == [HUGE, 7]
    assert found["phase replaced by ['roll']"]["phase"] == ["roll"]
    assert len(found) == 3 + 2 + 1 + 2 * 2  # deleted, players, phase, scores
    assert data == {"players": 2, "phase": "roll", "scores": [0, 7]}  # copies only
    assert len(_mutations(data, random.Random(0), 4)) == 4

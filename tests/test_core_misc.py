"""Rulebook, verdicts, events, scoring tables, errors, the RNG, Game defaults and examples."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from types import MappingProxyType

import pytest
from dicegame import PIG, RULEBOOK, PigAction

from gaia_lab.core import codec
from gaia_lab.core.errors import (
    ExampleError,
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.events import Event
from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.game import GameMeta
from gaia_lab.core.rng import Rng
from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.core.session import Session
from gaia_lab.core.verdict import Verdict

TURN = RuleRef("demo.turn", "How to Play", "Take one action.")


# -- rulebook ---------------------------------------------------------------------------


def test_rulebook_lookup_order_and_sections() -> None:
    assert len(RULEBOOK) == 7 and list(RULEBOOK)[0] == "pig.setup"
    assert RULEBOOK["pig.roll.one"].section == "Rolling"
    sections = RULEBOOK.sections()
    assert list(sections) == ["Setup", "Turn", "Rolling", "End of the game"]
    assert [r.id for r in sections["Turn"]] == ["pig.turn", "pig.turn.hold", "pig.turn.end"]
    assert repr(RULEBOOK) == "<Rulebook 'Pig (test rules)': 7 rules>"
    assert RULEBOOK.get("pig.nope") is None and "pig.nope" not in RULEBOOK


def test_rulebook_errors() -> None:
    with pytest.raises(KeyError, match="Pig \\(test rules\\) has no rule 'pig.nope'"):
        RULEBOOK["pig.nope"]
    with pytest.raises(ValueError, match="duplicate rule id 'demo.turn'"):
        Rulebook("demo", [TURN, TURN])


def test_ruleref_text() -> None:
    assert str(TURN) == "How to Play: Take one action. (demo.turn)"
    assert TURN.citation == "How to Play"


# -- verdicts and events ----------------------------------------------------------------


def test_verdicts() -> None:
    ok = Verdict.ok(TURN, "Fine.", cost=2)
    assert ok and ok.code == "ok" and ok.details == {"cost": 2}
    assert str(ok) == "legal: Fine. [How to Play]"
    assert repr(ok) == "<Verdict legal: Fine. [demo.turn]>"
    no = Verdict.illegal("turn.not_yours", "It is P2's turn.", TURN, seat=1)
    assert not no
    # a learner reads the reason and the rule's section; the code and the id stay in
    # the attributes, the repr and the HTML's detail and hover text
    assert str(no) == "not legal now: It is P2's turn. [How to Play]"
    assert "turn.not_yours" not in str(no) and "demo.turn" not in str(no)
    assert repr(no) == "<Verdict illegal turn.not_yours: It is P2's turn. [demo.turn]>"
    assert no.headline == "not legal now" and ok.headline == "legal"
    html = no._repr_html_()
    assert html.startswith("<b>not legal now</b>: It is P2&#x27;s turn. <small>[<span ")
    assert ">How to Play</span>]" in html and "reason code turn.not_yours" in html
    assert isinstance(no.details, MappingProxyType)
    with pytest.raises(TypeError):
        no.details["seat"] = 0  # type: ignore[index]
    bare = Verdict(False, "x.y", "No.", None)
    assert bare.details == {} and str(bare) == "not legal now: No."
    assert Verdict.ok(None) == Verdict.ok(None)


def test_events() -> None:
    e = Event("die", "The die shows 3.", TURN, "chance", (("P1.total", 3),), automatic=True)
    assert str(e) == "The die shows 3." and e.delta == (("P1.total", 3),)
    assert Event("x", "t").rule is None


# -- scoring ----------------------------------------------------------------------------


def test_score_breakdown_table() -> None:
    b = ScoreBreakdown(("Ann", "Bo"), (
        ScoreLine(0, "Cards", 7, TURN, "7 cards"),
        ScoreLine(1, "Cards", 5, None, "5 cards"),
        ScoreLine(1, "Bonus <b>", 4, None, "bonus"),
        ScoreLine(0, "Cards", 1, None, "one more"),
    ))
    assert b.totals == (8, 9)
    assert b.categories() == ["Cards", "Bonus <b>"]
    assert b.by_category() == {"Cards": [8, 5], "Bonus <b>": [0, 4]}
    assert [line.points for line in b.for_player(0)] == [7, 1]
    assert b.table().splitlines() == [
        "category  | Ann | Bo",
        "----------+-----+---",
        "Cards     |   8 |  5",
        "Bonus <b> |   0 |  4",
        "----------+-----+---",
        "Total     |   8 |  9",
    ]
    html = b._repr_html_()
    assert "Bonus &lt;b&gt;" in html
    cells = re.findall(r"<t[hd][^>]*>([^<]*)</t[hd]>", html.split("<tfoot>")[1])
    assert cells == ["Total", "8", "9"]
    assert 'style="text-align:right' in html  # a widget's HTML gets no table styling


def test_empty_score_breakdown() -> None:
    b = ScoreBreakdown(("A", "B"), ())
    assert b.totals == (0, 0) and b.categories() == []
    assert b.table().splitlines()[-1] == "Total    | 0 | 0"


# -- errors -----------------------------------------------------------------------------


def test_error_family() -> None:
    for cls in (NotationError, IllegalActionError, InvalidStateError, ExampleError):
        assert issubclass(cls, GaiaLabError)
    assert issubclass(GaiaLabError, ValueError)


def test_illegal_action_error_text() -> None:
    v = Verdict.illegal("turn.not_yours", "It is P2's turn.", TURN)
    e = IllegalActionError(v, "roll")
    assert e.verdict is v and e.action == "roll"
    assert str(e) == "illegal action 'roll': It is P2's turn. [How to Play: Take one action. " \
                     "(demo.turn)]"
    assert str(IllegalActionError(Verdict.illegal("a.b", "No.", None))) == "No."


def test_invalid_state_error_text() -> None:
    one = InvalidStateError("turn is -1", "state")
    assert one.problems == ("turn is -1",) and str(one) == "state: turn is -1"
    many = InvalidStateError(["a is 1", "b is 2"])
    assert str(many) == "2 problems:\n  - a is 1\n  - b is 2"


# -- rng and game defaults --------------------------------------------------------------


def test_rng() -> None:
    rng = Rng(5, 2)
    assert rng.random().random() == Rng(5, 2).random().random()
    assert rng.random().random() != rng.advanced().random().random()
    assert rng.advanced() == Rng(5, 3) and rng.to_list() == [5, 2]


def test_game_defaults() -> None:
    s = PIG.new_initial_state(3, seed=1)
    assert PIG.player_names(s) == ("P1", "P2", "P3")
    assert PIG.state_to_json(s) == codec.to_json(s)  # a state without to_json: the codec
    assert PIG.state_from_json(PIG.state_to_json(s)) == s
    assert PIG.format_action(s, PigAction("die", 2)) == "die 2"
    assert not PIG.is_over(s)
    assert repr(PIG) == "<Game pig: Pig>"
    assert PIG.describe(s) == str(s)
    meta = GameMeta("x", "X", 1, 2, "none", "src", "published")
    assert meta.options == {} and meta.max_steps == 100_000


class FixedRandom(random.Random):
    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize(("point", "face"), [(0.0, 1), (0.1666, 1), (0.1667, 2), (0.5, 4),
                                             (0.99999, 6)])
def test_sample_chance_follows_the_cumulative_probabilities(point: float, face: int) -> None:
    s = Session(PIG, 2, 0, auto=False)
    s.step()
    s.play("roll")
    assert PIG.sample_chance(s.state, FixedRandom(point)) == PigAction("die", face)


def test_sample_chance_is_exact() -> None:
    s = Session(PIG, 2, 0, auto=False)
    s.step()
    s.play("roll")
    counts = {n: 0 for n in range(1, 7)}
    rng = random.Random(1)
    for _ in range(6000):
        counts[PIG.sample_chance(s.state, rng).value] += 1
    assert all(900 < c < 1100 for c in counts.values())
    assert sum(p for _, p in PIG.chance_outcomes(s.state)) == Fraction(1)


def test_pig_state_errors() -> None:
    with pytest.raises(InvalidStateError) as info:
        PIG.state_from_json("{}")
    assert info.value.problems == ("players: missing", "rng: missing")
    with pytest.raises(InvalidStateError) as info:  # the codec, then the game's invariants
        PIG.state_from_json('{"players": 2, "rng": [0, 0], "scores": [1, -1]}')
    assert "a score is negative" in info.value.problems
    with pytest.raises(InvalidStateError) as info:
        PIG.scenario({"players": 2, "scores": [1, -1, 3], "colour": "red"})
    assert info.value.problems == ("unknown key 'colour'",)
    with pytest.raises(InvalidStateError) as info:
        PIG.scenario({"players": 2, "scores": [1, -1, 3]})
    assert info.value.problems == ("3 scores for 2 players", "a score is negative")


# -- worked examples --------------------------------------------------------------------


def turn_total(s: Session) -> int:
    return int(s.state.turn_total)


def scores(s: Session) -> tuple[int, ...]:
    return tuple(s.state.scores)


def forced_example(expected_total: int = 9, hold: str = "hold") -> Example:
    """Roll a 4 and a 5 (forced), then hold: P1 banks 9."""
    return Example(
        id="pig.example.bank",
        title="Banking a turn",
        game="pig",
        source="Turn",
        summary="Roll twice, then hold.",
        scenario={"players": 2, "scores": [10, 4], "seed": 1},
        steps=(
            ExampleStep("Suppose the die shows 4.", play=("roll",), chance=("die 4",),
                        rule=RULEBOOK["pig.roll"],
                        checkpoints=(Checkpoint("turn total", 4, turn_total),)),
            ExampleStep("Then a 5.", play=("roll",), chance=("die 5",)),
            ExampleStep(
                "Hold to bank the turn total.", play=(hold,), rule=RULEBOOK["pig.turn.hold"],
                checkpoints=(Checkpoint("P1 banked", (10 + expected_total, 4), scores),
                             Checkpoint("turn total reset", 0, turn_total)),
            ),
        ),
    )


def test_example_runs() -> None:
    ex = forced_example()
    session = ex.run()
    assert session.state.scores == (19, 4) and session.actor == 1
    results = list(ex.results())
    assert [r.ok for r in results] == [True, True, True]
    assert results[0].session.decisions == 1 and results[2].session.decisions == 3
    assert repr(ex) == "<Example pig.example.bank: Banking a turn (3 steps)>"


def test_failing_checkpoint_raises_example_error() -> None:
    ex = forced_example(expected_total=8)
    with pytest.raises(ExampleError) as info:
        ex.run()
    assert str(info.value) == ("pig.example.bank, step 3: P1 banked: expected (18, 4), "
                               "got (19, 4)")
    results = list(ex.results())  # results() reports instead of raising
    assert [r.ok for r in results] == [True, True, False]


def test_failing_action_raises_example_error() -> None:
    with pytest.raises(ExampleError, match="pig.example.bank, step 3: playing 'bank' failed"):
        forced_example(hold="bank").run()

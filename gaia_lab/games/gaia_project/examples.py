"""The refresher's worked example and one short example per cost rule, with checkpoints.

Each example starts from a scenario (:func:`.scenario.build_scenario`) on the map of the
recorded setup and plays lines of the log notation.

>>> from gaia_lab.games.gaia_project.examples import EXAMPLES
>>> [ex.id for ex in EXAMPLES][:2]
['gp.example.turn_played_out', 'gp.example.terraforming_cost']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.rulebook import RULES

__all__ = ["EXAMPLES"]

GAME = "gaia_project"
SOURCE_TURN = "A turn, played out"
SOURCE_REFRESHER = "Read the refresher"


def _player(s: Session, faction: str) -> Any:
    return s.state.seats[s.state.seat_of(faction)]


def resources(faction: str) -> Callable[[Session], tuple[int, int, int, int]]:
    """Measure: a player's ``(ore, credits, knowledge, Q.I.C.)``."""
    def measure(s: Session) -> tuple[int, int, int, int]:
        p = _player(s, faction)
        return (p.ore, p.credits, p.knowledge, p.qic)
    return measure


def vp(faction: str) -> Callable[[Session], int]:
    """Measure: a player's victory points."""
    return lambda s: int(_player(s, faction).vp)


def bowls(faction: str) -> Callable[[Session], tuple[int, ...]]:
    """Measure: a player's power bowls ``(I, II, III, Gaia area)``."""
    return lambda s: tuple(_player(s, faction).bowls)


def building(faction: str, hex_name: str) -> Callable[[Session], str | None]:
    """Measure: a player's building on a hex (None if none)."""
    return lambda s: _player(s, faction).building_at(hex_name)


def booster(faction: str) -> Callable[[Session], str | None]:
    """Measure: the booster a player holds."""
    return lambda s: _player(s, faction).booster


def supply(s: Session) -> tuple[str, ...]:
    """Measure: the boosters available in the supply."""
    return tuple(sorted(s.state.boosters))


def who_acts(s: Session) -> str | None:
    """Measure: the faction that decides now."""
    a = s.actor
    return s.state.seats[a].faction if isinstance(a, int) else None


def pending(s: Session) -> tuple[tuple[Any, ...], ...]:
    """Measure: the pending decisions as ``(kind, faction, amount)``."""
    return tuple((t.kind, s.state.seats[t.seat].faction, *t.data) for t in s.state.pending)


def verdict(line: str) -> Callable[[Session], str]:
    """Measure: the reason code of the verdict on a line (``ok`` when legal)."""
    return lambda s: s.explain(line).code


def vp_from(faction: str, source: str) -> Callable[[Session], int]:
    """Measure: a player's VP booked on one source."""
    return lambda s: int(dict(_player(s, faction).vp_sources).get(source, 0))


# ---------------------------------------------------------------------------
# A turn, played out

TURN_SCENARIO: dict[str, Any] = {
    "round": 3,
    "players": [
        {"faction": "xenos", "structures": {"10B2": "ts", "3A7": "m"},
         "bowls": [3, 3, 0], "booster": "booster6", "passed": True},
        {"faction": "terrans", "structures": {"3A10": "m", "1B5": "m"},
         "ore": 5, "credits": 6, "qic": 1, "knowledge": 2,
         "research": {"navigation": 1, "terraforming": 2}, "booster": "booster1"},
        {"faction": "nevlas", "structures": {"5A4": "m"}, "booster": "booster4"},
    ],
    "pass_order": ["xenos"],
    "boosters": ["booster2", "booster3", "booster8"],
}
"""Round 3: the Xenos (to the Terrans' right) have passed, returning booster 3 and
taking booster 6; the Terrans are to act."""

TURN_PLAYED_OUT = Example(
    id="gp.example.turn_played_out",
    title="A turn, played out",
    game=GAME,
    source=SOURCE_TURN,
    summary=(
        "The Terrans reach a planet 3 spaces away with range 1 and one Q.I.C., pay 2 ore "
        "for one terraforming step and the mine's cost, the Xenos (passed) charge once "
        "for their trading station, and the Terrans pass taking the returned booster."
    ),
    scenario=TURN_SCENARIO,
    notes=(
        "The refresher names no factions and no hexes: the Terrans play 'you', the Xenos "
        "the player to the right and the Nevlas the player to the left, on the map of "
        "the recorded setup. The target 10A1 is an oxide planet, one step from terra."
    ),
    steps=(
        ExampleStep(
            title="Range 1 does not reach",
            commentary=(
                "At Navigation level 1 the range is 1; the nearest Terran planet (3A10) is "
                "3 spaces from 10A1. Without the Q.I.C. the mine would be out of range; "
                "with it the range is 3, exactly enough."
            ),
            rule=RULES["gp.example.range_qic"],
            checkpoints=(
                Checkpoint("who acts", "terrans", who_acts),
                Checkpoint("the mine on 10A1", "ok", verdict("terrans build m 10A1")),
                Checkpoint("ore, credits, knowledge, Q.I.C.", (5, 6, 2, 1),
                           resources("terrans")),
            ),
        ),
        ExampleStep(
            title="Terraforming first, then the mine",
            commentary=(
                "One step at Terraforming level 2 costs 2 ore; the mine costs 2 credits and "
                "1 ore; the Q.I.C. pays for the range. 2 ore and 4 credits are left."
            ),
            play=("terrans build m 10A1",),
            rule=RULES["gp.example.pay_order"],
            checkpoints=(
                Checkpoint("mine on 10A1", "m", building("terrans", "10A1")),
                Checkpoint("ore, credits, knowledge, Q.I.C.", (2, 4, 2, 0),
                           resources("terrans")),
                Checkpoint("charge offers", (("charge", "xenos", 2),), pending),
            ),
        ),
        ExampleStep(
            title="The neighbour charges once",
            commentary=(
                "The Xenos have a trading station 2 spaces away and a mine 1 space away: "
                "they charge once, 2 power for the trading station, giving up 1 VP. They "
                "passed earlier, and still charge. The Nevlas have nothing within 2."
            ),
            play=("xenos charge 2pw",),
            rule=RULES["gp.example.charge_once"],
            checkpoints=(
                Checkpoint("Xenos VP", 9, vp("xenos")),
                Checkpoint("Xenos bowls", (1, 5, 0, 0), bowls("xenos")),
                Checkpoint("Nevlas bowls (no charge)", (2, 4, 0, 0), bowls("nevlas")),
                Checkpoint("who acts", "nevlas", who_acts),
            ),
        ),
        ExampleStep(
            title="A cheap trading station, declined",
            commentary=(
                "The Nevlas pass. On the Terrans' next turn 2 ore and 4 credits would buy a "
                "trading station on 10A1 for 3 credits and 2 ore, since the Xenos are "
                "within 2 spaces."
            ),
            play=("nevlas pass booster2",),
            rule=RULES["gp.example.cheap_ts"],
            checkpoints=(
                Checkpoint("who acts", "terrans", who_acts),
                Checkpoint("trading station on 10A1", "ok", verdict("terrans build ts 10A1")),
            ),
        ),
        ExampleStep(
            title="Passing with the returned booster",
            commentary=(
                "The Terrans pass instead, taking booster 3, which the Xenos returned, and "
                "giving back booster 1."
            ),
            play=("terrans pass booster3",),
            rule=RULES["gp.example.returned_booster"],
            checkpoints=(
                Checkpoint("Terrans' booster", "booster3", booster("terrans")),
                Checkpoint("the supply", ("booster1", "booster4", "booster8"), supply),
            ),
        ),
        ExampleStep(
            title="Round 4 opens with the first to pass",
            commentary=(
                "Everyone has passed; after income and the Gaia phase round 4 begins with "
                "the Xenos, who passed first in round 3."
            ),
            rule=RULES["gp.example.first_player"],
            checkpoints=(
                Checkpoint("round", 4, lambda s: s.state.round),
                Checkpoint("who acts", "xenos", who_acts),
            ),
        ),
    ),
)


# ---------------------------------------------------------------------------
# Cost rules, one short example each

TERRAFORMING = Example(
    id="gp.example.terraforming_cost",
    title="Terraforming cost by level",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("Three players build a mine one terraforming step from home at Terraforming "
             "levels 1, 2 and 3: 3, 2 and 1 ore for the step, plus the mine's 1 ore."),
    scenario={
        "round": 2,
        "players": [
            {"faction": "terrans", "structures": {"10A2": "m"}, "ore": 6,
             "research": {"terraforming": 1}},
            {"faction": "xenos", "structures": {"5A10": "m"}, "ore": 6,
             "research": {"terraforming": 2}},
            {"faction": "geodens", "structures": {"1A1": "m"}, "ore": 6,
             "research": {"terraforming": 3}},
        ],
    },
    steps=(
        ExampleStep(
            title="Level 1: 3 ore a step",
            commentary="The Terrans turn oxide 10A1 into terra: 3 ore, then the mine.",
            play=("terrans build m 10A1",),
            rule=RULES["gp.terraform.cost"],
            checkpoints=(Checkpoint("Terrans' ore, credits, knowledge, Q.I.C.",
                                    (2, 13, 3, 1), resources("terrans")),),
        ),
        ExampleStep(
            title="Level 2: 2 ore a step",
            commentary="The Xenos turn volcanic 5A11 into desert: 2 ore, then the mine.",
            play=("xenos build m 5A11",),
            rule=RULES["gp.terraform.cost"],
            checkpoints=(Checkpoint("Xenos' ore", 3, lambda s: _player(s, "xenos").ore),),
        ),
        ExampleStep(
            title="Level 3: 1 ore a step",
            commentary="The Geodens turn oxide 1A2 into volcanic: 1 ore, then the mine.",
            play=("geodens build m 1A2",),
            rule=RULES["gp.terraform.cost"],
            checkpoints=(Checkpoint("Geodens' ore", 4, lambda s: _player(s, "geodens").ore),),
        ),
    ),
)

RANGE = Example(
    id="gp.example.range",
    title="Range by Navigation level and Q.I.C.",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("Range 1 (Navigation level 1) plus one Q.I.C. reaches 3 spaces but not 5; "
             "range 3 (level 4) reaches 3 spaces without Q.I.C. but not 4."),
    scenario={
        "round": 2,
        "players": [
            {"faction": "terrans", "structures": {"3A10": "m"}, "qic": 1, "ore": 6,
             "research": {"navigation": 1, "terraforming": 3}},
            {"faction": "xenos", "structures": {"5A10": "m"}, "qic": 0,
             "research": {"navigation": 4}},
        ],
    },
    steps=(
        ExampleStep(
            title="Range 1 and one Q.I.C.",
            commentary=("From 3A10, 10A1 is 3 spaces away: range 1 plus 2 for the Q.I.C. "
                        "reaches it; 10B2, 5 spaces away, would need a second Q.I.C."),
            rule=RULES["gp.range.qic"],
            checkpoints=(
                Checkpoint("10A1 (3 spaces)", "ok", verdict("terrans build m 10A1")),
                Checkpoint("10B2 (5 spaces)", "build.out_of_range",
                           verdict("terrans build m 10B2")),
            ),
        ),
        ExampleStep(
            title="The Q.I.C. is spent",
            commentary="The Terrans build on 10A1 and spend their Q.I.C. for the range.",
            play=("terrans build m 10A1",),
            rule=RULES["gp.range.qic"],
            checkpoints=(Checkpoint("Terrans' Q.I.C.", 0, lambda s: _player(s, "terrans").qic),),
        ),
        ExampleStep(
            title="Range 3 at level 4",
            commentary=("The Xenos, at Navigation level 4, reach 6A8 3 spaces from 5A10 "
                        "without Q.I.C., but not 5A4, 4 spaces away."),
            rule=RULES["gp.range.navigation"],
            checkpoints=(
                Checkpoint("6A8 (3 spaces)", "ok", verdict("xenos build m 6A8")),
                Checkpoint("5A4 (4 spaces)", "build.out_of_range",
                           verdict("xenos build m 5A4")),
            ),
        ),
    ),
)

GAIA_PROJECT = Example(
    id="gp.example.gaia_project_cost",
    title="Gaia project cost by level",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("At Gaia Project levels 1, 3 and 4 a Gaia project moves 6, 4 and 3 power "
             "tokens into the Gaia area."),
    scenario={
        "round": 2,
        "players": [
            {"faction": "terrans", "structures": {"1B5": "m"}, "bowls": [4, 4, 0],
             "research": {"gaia_project": 1}},
            {"faction": "xenos", "structures": {"5A10": "m"}, "bowls": [4, 4, 0],
             "research": {"gaia_project": 3}},
            {"faction": "nevlas", "structures": {"9A0": "m"}, "bowls": [4, 4, 0],
             "research": {"gaia_project": 4}},
        ],
    },
    steps=(
        ExampleStep(
            title="Level 1: 6 tokens",
            commentary="The Terrans place their Gaiaformer on Transdim 1A11.",
            play=("terrans build gf 1A11",),
            rule=RULES["gp.gaia_project.cost"],
            checkpoints=(Checkpoint("Terrans' bowls", (0, 2, 0, 6), bowls("terrans")),),
        ),
        ExampleStep(
            title="Level 3: 4 tokens",
            commentary="The Xenos start a Gaia project on 8A2.",
            play=("xenos build gf 8A2",),
            rule=RULES["gp.gaia_project.cost"],
            checkpoints=(Checkpoint("Xenos' bowls", (0, 4, 0, 4), bowls("xenos")),),
        ),
        ExampleStep(
            title="Level 4: 3 tokens",
            commentary="The Nevlas start a Gaia project on 9A11.",
            play=("nevlas build gf 9A11",),
            rule=RULES["gp.gaia_project.cost"],
            checkpoints=(Checkpoint("Nevlas' bowls", (1, 4, 0, 3), bowls("nevlas")),),
        ),
    ),
)

TRADING_STATION = Example(
    id="gp.example.trading_station_cost",
    title="Trading station cost by neighbours",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("A trading station costs 3 credits and 2 ore next to an opponent (within 2 "
             "spaces) and 6 credits and 2 ore without one."),
    scenario={
        "round": 2,
        "players": [
            {"faction": "terrans", "structures": {"10A1": "m"}, "credits": 10, "ore": 5},
            {"faction": "xenos", "structures": {"10B2": "m"}, "credits": 10, "ore": 5},
            {"faction": "nevlas", "structures": {"5A4": "m"}, "credits": 10, "ore": 5},
        ],
    },
    steps=(
        ExampleStep(
            title="With a neighbour: 3 credits",
            commentary="The Xenos mine on 10B2 is 2 spaces from the Terrans' 10A1.",
            play=("terrans build ts 10A1",),
            rule=RULES["gp.upgrade.trading_station"],
            checkpoints=(Checkpoint("Terrans' ore, credits, knowledge, Q.I.C.",
                                    (3, 7, 3, 1), resources("terrans")),),
        ),
        ExampleStep(
            title="The neighbour may charge",
            commentary=("The Xenos may charge 1 power for their mine (free: 1 power costs "
                        "no VP); they decline."),
            play=("xenos decline 1pw",),
            rule=RULES["gp.charge.trigger"],
            checkpoints=(Checkpoint("who acts", "xenos", who_acts),),
        ),
        ExampleStep(
            title="Alone: 6 credits",
            commentary=("The Xenos pass; the Nevlas upgrade 5A4, with no opponent within "
                        "2 spaces."),
            play=("xenos pass booster2", "nevlas build ts 5A4"),
            rule=RULES["gp.upgrade.trading_station"],
            checkpoints=(Checkpoint("Nevlas' ore and credits", (3, 4),
                                    lambda s: (_player(s, "nevlas").ore,
                                               _player(s, "nevlas").credits)),),
        ),
    ),
)

FEDERATION = Example(
    id="gp.example.federation",
    title="Federation power value and satellites",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("A planetary institute (3) and two trading stations (2 each) reach the power "
             "value 7; two satellites join them, each paid with one power token."),
    scenario={
        "round": 2,
        "players": [
            {"faction": "terrans", "structures": {"10B2": "PI", "10B5": "ts", "1A5": "ts"},
             "bowls": [2, 3, 1]},
            {"faction": "xenos", "structures": {"5A10": "m"}},
        ],
    },
    steps=(
        ExampleStep(
            title="Too little power value",
            commentary="The institute and one trading station make only 5.",
            rule=RULES["gp.federation.power"],
            checkpoints=(Checkpoint("a federation of 10B2 and 10B5", "federation.power_too_low",
                                    verdict("terrans federation 10B2,10B5,10C fed1")),),
        ),
        ExampleStep(
            title="Seven, with two satellites",
            commentary=("10C and 10A11 link the three structures; two tokens leave the "
                        "bowls (bowl I first) and the token gives 12 VP."),
            play=("terrans federation 10A11,10B2,10B5,10C,1A5 fed1",),
            rule=RULES["gp.federation.satellites"],
            checkpoints=(
                Checkpoint("Terrans' bowls", (0, 3, 1, 0), bowls("terrans")),
                Checkpoint("Terrans' VP", 22, vp("terrans")),
                Checkpoint("satellites", 2, lambda s: _player(s, "terrans").satellites),
            ),
        ),
    ),
)

FINAL_TIES = Example(
    id="gp.example.final_ties",
    title="Final scoring ties",
    game=GAME,
    source=SOURCE_REFRESHER,
    summary=("Two players tied for the most structures share 18 + 12 (15 each) and the "
             "third gains 6; nobody has a satellite, and a count of zero scores nothing."),
    notes=("That a count of zero scores nothing is a ruling of the reference "
           "implementation the engine follows; the refresher does not say it."),
    scenario={
        "round": 6,
        "players": [
            {"faction": "terrans", "structures": {"10A2": "m", "1B5": "m", "3A11": "ts"},
             "ore": 0, "credits": 0, "knowledge": 0, "qic": 0},
            {"faction": "xenos", "structures": {"5A10": "m", "1A5": "m", "10B2": "m"},
             "ore": 0, "credits": 0, "knowledge": 0, "qic": 0},
            {"faction": "nevlas", "structures": {"5A4": "m", "3B4": "m"},
             "ore": 0, "credits": 0, "knowledge": 0, "qic": 0},
        ],
    },
    steps=(
        ExampleStep(
            title="Everyone passes in round 6",
            commentary=("The last round ends and the final tiles are scored: structures "
                        "and satellites."),
            play=("terrans pass", "xenos pass", "nevlas pass"),
            rule=RULES["gp.score.final_ties"],
            checkpoints=(
                Checkpoint("structures tile", (15, 15, 6),
                           lambda s: tuple(vp_from(f, "final2")(s)
                                           for f in ("terrans", "xenos", "nevlas"))),
                Checkpoint("satellites tile (nobody has one)", (0, 0, 0),
                           lambda s: tuple(vp_from(f, "final1")(s)
                                           for f in ("terrans", "xenos", "nevlas"))),
                Checkpoint("game over", True, lambda s: s.is_over()),
            ),
        ),
    ),
)


def _examples() -> tuple[Example, ...]:
    return (TURN_PLAYED_OUT, TERRAFORMING, RANGE, GAIA_PROJECT, TRADING_STATION,
            FEDERATION, FINAL_TIES)


EXAMPLES: tuple[Example, ...] = _examples()
"""The worked examples, in rulebook order."""

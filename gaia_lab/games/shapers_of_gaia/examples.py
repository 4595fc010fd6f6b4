"""The rulebook's worked examples, as runnable scripts with checkpoints.

Each example starts from a scenario (seed 0 places the Forest on A1, the Crystal on A3
and the Mushroom on A5, with the Caretaker on the Water tile A0) and checks the numbers
the rulebook gives.  Every id of :data:`.rulebook.EXAMPLES_IN_SOURCE` is covered by one
of them (:data:`COVERS`).

>>> session = SCORING.run()
>>> session.game.score_breakdown(session.state).totals[0]
57
>>> from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE
>>> sorted(COVERS) == sorted(e.id for e in EXAMPLES_IN_SOURCE)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.rulebook import RULES

__all__ = ["COVERS", "EXAMPLES", "SCORING", "SGExample"]

_GAME: Final = ShapersOfGaia()


@dataclass(frozen=True, slots=True)
class SGExample(Example):
    """An example played with this package's engine (registered or not)."""

    def start(self) -> Session:
        return Session(_GAME, options=self.options, scenario=self.scenario)


Measure = Callable[[Session], Any]


def res(seat: int, rid: str) -> Measure:
    """Measure: a player's resource level."""
    return lambda s: s.state.seat(seat).resource(rid)


def tox(seat: int) -> Measure:
    """Measure: a player's Toxicity tokens."""
    return lambda s: s.state.seat(seat).toxicity


def prestige(seat: int) -> Measure:
    """Measure: a player's Prestige tokens."""
    return lambda s: s.state.seat(seat).prestige


def row(seat: int, name: str) -> Measure:
    """Measure: the card ids of an Ecosystem row."""
    return lambda s: tuple(rc.card for rc in s.state.seat(seat).row(name))


def score(seat: int, category: str) -> Measure:
    """Measure: a player's points in one scoring category."""
    return lambda s: s.game.score_breakdown(s.state).by_category()[category][seat]


def restore_spaces(tile: str) -> Measure:
    """Measure: where ``tile`` may be restored without teleporting."""
    return lambda s: tuple(sorted(a.args[1] for a in s.legal_actions()
                                  if a.verb == "restore" and a.args[0] == tile
                                  and len(a.args) == 2))


def cp(label: str, expected: Any, measure: Measure) -> Checkpoint:
    return Checkpoint(label, expected, measure)


_PAIR: Final = ["telrin_aviary", "maldera_rivers"]


def _ex(ident: str, title: str, source: str, summary: str, scenario: dict[str, Any],
        *steps: ExampleStep) -> SGExample:
    return SGExample(id=ident, title=title, game="shapers_of_gaia", source=source,
                     summary=summary, scenario=scenario, steps=steps,
                     notes="Cards and tiles are reconstructed; the numbers are the "
                           "rulebook's.")


INTRODUCE: Final = _ex(
    "sog.example.introduce_scavenger", "Introducing a Scavenger on a Crystal tile",
    "1. Move Shaper", "The Shaper walks 2 tiles to the Crystal, pays 1 Shard for a "
    "Scavenger and the Scavenger card goes into the Shard row.",
    {"shapers": _PAIR, "positions": ["A1", "V"]},
    ExampleStep("The Crystal tile on A3 is 2 tiles from the Shaper on A1 (through the "
                "Water on A2); a Scavenger costs 1 Shard there.", ("intro S2 A3",),
                rule=RULES["sog.introduce.biome_resource"],
                checkpoints=(cp("Shards left", 0, res(0, "shard")),
                             cp("Shaper on", "A3", lambda s: s.state.shapers[0]))),
    ExampleStep("The Scavenger card joins the Shard row.", ("card top A",),
                rule=RULES["sog.introduce.row"],
                checkpoints=(cp("cards in the Shard row", 1, lambda s: len(row(0, "shard")(s))),)),
)

EXTRA_NUTRIENT: Final = _ex(
    "sog.example.extra_nutrient", "An extra Nutrient paid with Toxicity",
    "2. Spend Resources and Place an Animal", "A tile asks for 1 Nutrient on top of the "
    "Shards; without a Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "tiles": {"B0": "ii_crystal_1"}, "positions": ["A0", "V"],
     "seats": [{"resources": {"nutrient": 0}}]},
    ExampleStep("Introduce the Scavenger of S2 on the Crystal tile B0.", ("intro S2 B0",),
                rule=RULES["sog.introduce.extra_cost"],
                checkpoints=(cp("Toxicity", 1, tox(0)), cp("Shards", 0, res(0, "shard")))),
)

PURIFY: Final = _ex(
    "sog.example.purify_water", "Purify Water", "3. Activate Shaper Abilities",
    "Maldera's first Scavenger unlocks Purify Water: 1 Nutrient per Water tile next to it.",
    {"shapers": ["maldera_rivers", "telrin_aviary"]},
    ExampleStep("The Crystal on A3 touches the Water tiles A2 and A4.", ("intro S1 A3",),
                rule=RULES["sog.shaper.maldera.purify_water"],
                checkpoints=(cp("Nutrients (1 + 2)", 3, res(0, "nutrient")),)),
)

ACTIVATE: Final = _ex(
    "sog.example.activate_row", "Activating the Shard row", "5. Activate Species Cards",
    "An Herbivore card joins a Shard row holding a Scavenger card: the Scavenger gives "
    "1 Shard and the Herbivore returns a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"rows": [["s01"], [], []], "toxicity": 1,
                                  "resources": {"shard": 2}}]},
    ExampleStep("Introduce the Herbivore of H1 (2 Shards) on the Crystal and take the "
                "Herbivore card h10 (return 1 Toxicity).", ("intro H1 A3", "card h10 A"),
                rule=RULES["sog.introduce.activate_row"],
                checkpoints=(cp("Shards (2 - 2 + 1)", 1, res(0, "shard")),
                             cp("Toxicity", 0, tox(0)),
                             cp("Shard row", ("s01", "h10"), row(0, "shard")))),
)

CONVERSION: Final = _ex(
    "sog.example.predator_conversion", "A Predator card's conversion with Toxicity",
    "5. Activate Species Cards", "The Predator card converts 1 Nutrient into 1 Shard and "
    "2 Prestige; with no Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"rows": [["p01"], [], []], "resources": {"nutrient": 0}}]},
    ExampleStep("Introduce a Scavenger on the Crystal; the row activates.",
                ("intro S2 A3", "card top A"), rule=RULES["sog.introduce.activate_row"]),
    ExampleStep("Take the conversion: 1 Toxicity for the missing Nutrient.",
                ("activate p01",), rule=RULES["sog.introduce.conversion_optional"],
                checkpoints=(cp("Toxicity", 1, tox(0)), cp("Prestige", 2, prestige(0)))),
)

RESTORE: Final = _ex(
    "sog.example.restore", "Restoring a Mushroom tile", "1. Place a Biome Tile and Move "
    "the Caretaker", "The tile must touch the Caretaker's Water tile and one more tile: "
    "two spaces qualify. The player takes the Shard, the opponent the Seed.",
    {"shapers": _PAIR, "seats": [{"hand": ["i_mushroom_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("Where can the Mushroom go?", (), rule=RULES["sog.restore.place_tile"],
                checkpoints=(cp("spaces", ("B1", "B11"), restore_spaces("i_mushroom_1")),)),
    ExampleStep("Restore it on B11 and take the Shard action; the opponent takes the Seed.",
                ("restore i_mushroom_1 B11", "resolve 0", "take"),
                rule=RULES["sog.restore.opponents"],
                checkpoints=(cp("Shards", 2, res(0, "shard")), cp("opponent's Seeds", 2,
                                                                 res(1, "seed")),
                             cp("Caretaker", "B11", lambda s: s.state.caretaker))),
)

TEMPLE_DNA: Final = _ex(
    "sog.example.temple_dna", "A DNA token under the Temple", "1. Place a Biome Tile and "
    "Move the Caretaker", "The Temple goes on a space with a red DNA token: the player "
    "takes it first.",
    {"shapers": _PAIR, "caretaker": "A2",
     "seats": [{"hand": ["i_temple_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("Restore the Temple on B5.", ("restore i_temple_1 B5",),
                rule=RULES["sog.restore.dna"],
                checkpoints=(cp("DNA held", ("red",), lambda s: s.state.seat(0).dna),)),
)

TELEPORT: Final = _ex(
    "sog.example.teleport_caretaker", "Teleporting the Caretaker", "1. Place a Biome Tile "
    "and Move the Caretaker", "For 1 Energy the Temple goes next to the Mushroom and a "
    "Water tile, away from the Caretaker.",
    {"shapers": _PAIR, "seats": [{"hand": ["i_temple_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("Restore the Temple on B9 (next to the Mushroom on A5 and the Water on "
                "A4).", ("restore i_temple_1 B9 tp",), rule=RULES["sog.restore.teleport"],
                checkpoints=(cp("Energy", 0, res(0, "energy")),
                             cp("Caretaker", "B9", lambda s: s.state.caretaker))),
)

CRYSTAL_CONVERSION: Final = _ex(
    "sog.example.crystal_conversion", "A tile's conversion with Toxicity",
    "2. Resolve the Biome Tile", "The Crystal's action turns 1 Nutrient into 1 Spore and "
    "1 Prestige; without a Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"hand": ["i_crystal_2", "i_forest_1", "i_mushroom_1"],
                                  "resources": {"nutrient": 0}}]},
    ExampleStep("Restore the Crystal and convert.", ("restore i_crystal_2 B1", "resolve 0"),
                rule=RULES["sog.restore.toxicity"],
                checkpoints=(cp("Toxicity", 1, tox(0)), cp("Spores", 2, res(0, "spore")),
                             cp("Prestige", 1, prestige(0)))),
)

TEMPLE_SEED: Final = _ex(
    "sog.example.temple_seed", "Introducing on a Temple with Seeds", "Biome Tiles",
    "At a Temple the player picks the basic resource; the card goes to that row.",
    {"shapers": _PAIR, "tiles": {"B0": "i_temple_2"}, "positions": ["A0", "V"]},
    ExampleStep("Pay 1 Seed plus the Temple's extra Nutrient.", ("intro S2 B0 seed",
                                                                 "card top A"),
                rule=RULES["sog.biome.temple"],
                checkpoints=(cp("Seeds", 0, res(0, "seed")), cp("Nutrients", 0,
                                                                res(0, "nutrient")),
                             cp("cards in the Seed row", 1, lambda s: len(row(0, "seed")(s))))),
)

END_ONE_TYPE: Final = _ex(
    "sog.example.end_one_type", "The end: one type of animal left", "End of Game",
    "With all Scavengers and Predators introduced, 3 Herbivores remain: the end is "
    "triggered; the round is finished and one more is played.",
    {"shapers": _PAIR,
     "animals": [["C0", 0, "S2"], ["C1", 0, "S3"], ["C2", 0, "S4"], ["C3", 0, "P1"],
                 ["C4", 0, "P2"], ["C5", 0, "H1"]],
     "tiles": {"C0": "i_crystal_1", "C1": "i_forest_1", "C2": "i_forest_2",
               "C3": "ii_forest_1", "C4": "ii_forest_2", "C5": "iii_forest_1"},
     "seats": [{"dna": ["yellow", "blue", "red", "yellow", "blue"]}]},
    ExampleStep("Introduce the last Scavenger.", ("intro S1 A3", "card top A"),
                rule=RULES["sog.end.one_type_left"],
                checkpoints=(cp("turns left", 3, lambda s: s.state.final_turns),)),
)

END_STACK: Final = _ex(
    "sog.example.end_stack", "The end: the stack runs out", "End of Game",
    "Three tiles restored, two left in the stack: both are drawn and the end is "
    "triggered.",
    {"shapers": _PAIR, "tiles": dict(zip(("B4", "B6", "B8", "B10", "C0", "C3", "C6", "C9",
                                          "C12", "C15"),
                                         [f"iii_{b}_{i}" for b in ("water", "crystal",
                                                                   "forest", "mushroom",
                                                                   "temple") for i in (1, 2)],
                                         strict=True)),
     "seats": [{"hand": ["i_mushroom_1", "i_forest_1", "i_crystal_1"]},
               {"hand": [f"ii_{b}_{i}" for b in ("water", "crystal", "forest", "mushroom",
                                                 "temple") for i in (1, 2)]
                + ["i_water_1", "i_water_2", "i_temple_1", "i_temple_2", "i_mushroom_2"]}]},
    ExampleStep("Restore three tiles, then draw.",
                ("restore i_mushroom_1 B1", "resolve 0", "pass",
                 "restore i_forest_1 B2", "resolve 0", "pass",
                 "restore i_crystal_1 B3", "resolve 0", "pass"),
                rule=RULES["sog.end.stack_empty"],
                checkpoints=(cp("hand", 2, lambda s: len(s.state.seat(0).hand)),
                             cp("stack", 0, lambda s: len(s.state.stack)),
                             cp("turns left", 3, lambda s: s.state.final_turns))),
)

SCORING_SCENARIO: Final[dict[str, Any]] = {
    "players": 2, "shapers": _PAIR,
    "seats": [{"resources": {"shard": 1, "spore": 1, "seed": 7, "nutrient": 4, "energy": 2},
               "toxicity": 2, "prestige": 9,
               "dna": ["red", "red", "blue", "blue", "yellow", "yellow", "yellow"],
               "rows": [["s03", "s06", "h02", "s01"], ["p03"], ["h01", "h04"]]}],
    "tiles": {"C0": "i_crystal_1", "C1": "i_crystal_2", "C9": "i_forest_1",
              "B0": "i_forest_2", "B8": "i_mushroom_1", "C12": "i_mushroom_2",
              "C11": "ii_crystal_1", "B7": "ii_crystal_2", "C5": "ii_forest_1"},
    "animals": [["C0", 0, "S1"], ["C1", 0, "S3"], ["C9", 0, "S4"], ["B0", 0, "H1"],
                ["vh1", 0, "H2"], ["B8", 0, "H3"], ["C5", 0, "H4"], ["C11", 0, "P1"],
                ["C12", 1, "S1"], ["B7", 1, "H1"]],
}
"""Telrin's table in the Scoring Example: Scavengers on C0, C1 and C9 (the outer ring),
Herbivores on B0 (next to two own Scavengers), B8 (next to the opponent's Scavenger on
C12), C5 and the Vault space vh1, the Predator on C11 next to the Herbivores B8 and B7
(the opponent's); one blue DNA token finds no icon and covers S1 with the two Toxicity
tokens on S3 and S4 (S2 still holds its animal)."""

SCORING: Final = _ex(
    "sog.example.scoring", "The Scoring Example", "Scoring Example",
    "Behavior 10 + animals 19 + Vault 2 + resources 7 + DNA 10 + Prestige 9 = 57.",
    SCORING_SCENARIO,
    ExampleStep("Score the table.", (), rule=RULES["sog.score.winner"],
                checkpoints=(cp("Behavior cards", 10, score(0, "Behavior cards")),
                             cp("animals", 19, score(0, "Animals introduced")),
                             cp("Vault", 2, score(0, "Vault")),
                             cp("resources", 7, score(0, "Resources")),
                             cp("DNA", 10, score(0, "DNA")),
                             cp("Prestige", 9, score(0, "Prestige")),
                             cp("left over", 0, score(0, "Uncovered tokens")),
                             cp("total", 57, lambda s: s.game.score_breakdown(
                                 s.state).totals[0]))),
)

EXAMPLES: Final = (INTRODUCE, EXTRA_NUTRIENT, PURIFY, ACTIVATE, CONVERSION, RESTORE,
                   TEMPLE_DNA, TELEPORT, CRYSTAL_CONVERSION, TEMPLE_SEED, END_ONE_TYPE,
                   END_STACK, SCORING)
"""Every example, in rulebook order."""

COVERS: Final[dict[str, SGExample]] = {
    "sog.ex.move_two": INTRODUCE, "sog.ex.pay_scavenger": INTRODUCE,
    "sog.ex.crystal_row": INTRODUCE, "sog.ex.extra_nutrient": EXTRA_NUTRIENT,
    "sog.ex.purify_water": PURIFY, "sog.ex.activate_row": ACTIVATE,
    "sog.ex.predator_conversion": CONVERSION, "sog.ex.restore_mushroom": RESTORE,
    "sog.ex.resolve_mushroom": RESTORE, "sog.ex.temple_dna": TEMPLE_DNA,
    "sog.ex.teleport_caretaker": TELEPORT, "sog.ex.crystal_conversion": CRYSTAL_CONVERSION,
    "sog.ex.temple_seed": TEMPLE_SEED, "sog.ex.end_one_type": END_ONE_TYPE,
    "sog.ex.end_stack": END_STACK, "sog.ex.covering": SCORING,
    "sog.ex.behavior_predator": SCORING, "sog.ex.behavior_herbivore": SCORING,
    "sog.ex.behavior_scavenger": SCORING, "sog.ex.dna_row": SCORING,
    "sog.ex.scoring_behavior": SCORING, "sog.ex.scoring_animals": SCORING,
    "sog.ex.scoring_vault": SCORING, "sog.ex.scoring_resources": SCORING,
    "sog.ex.scoring_dna": SCORING, "sog.ex.scoring_prestige": SCORING,
    "sog.ex.scoring_total": SCORING,
}
"""The engine example that plays each example of the rulebook."""

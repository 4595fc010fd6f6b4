"""The rulebook's worked examples, as runnable scripts with checkpoints.

Each example starts from a scenario (seed 0 places the Forest on A1, the Crystal on A3
and the Mushroom on A5, with the Caretaker on the Water tile A0) and checks the numbers
the rulebook gives.  Every id of :data:`.rulebook.EXAMPLES_IN_SOURCE` is covered by one
of them (:data:`COVERS`), and every number that source example states is the expected
value of a :class:`Stated` checkpoint of that example (:func:`stated_checks`).

>>> session = SCORING.run()
>>> session.game.score_breakdown(session.state).totals[0]
57
>>> from gaia_lab.games.shapers_of_gaia.rulebook import EXAMPLES_IN_SOURCE
>>> sorted(COVERS) == sorted(e.id for e in EXAMPLES_IN_SOURCE)
True
>>> [(c.number, c.expected) for c in stated_checks(CONVERSION, "sog.ex.predator_conversion")]
[('nutrient_paid', 1), ('shard_gained', 1), ('prestige_gained', 2), ('toxicity_taken', 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.session import Session
from gaia_lab.games.shapers_of_gaia import board
from gaia_lab.games.shapers_of_gaia.abilities import movement
from gaia_lab.games.shapers_of_gaia.components import RESOURCES
from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
from gaia_lab.games.shapers_of_gaia.rulebook import RULES, example_in_source
from gaia_lab.games.shapers_of_gaia.scoring import place_tokens
from gaia_lab.games.shapers_of_gaia.state import ROWS, SGState

__all__ = ["COVERS", "EXAMPLES", "SCORING", "SGExample", "Stated", "stated_checks"]

_GAME: Final = ShapersOfGaia()
_C: Final = _GAME.components


@dataclass(frozen=True, slots=True)
class SGExample(Example):
    """An example played with this package's engine (registered or not)."""

    def start(self) -> Session:
        return Session(_GAME, options=self.options, scenario=self.scenario)


@dataclass(frozen=True, slots=True)
class Stated(Checkpoint):
    """A checkpoint on a value the rulebook's worked example ``source`` states.

    ``number`` names the value in :attr:`SourceExample.numbers
    <gaia_lab.games.shapers_of_gaia.rulebook.SourceExample.numbers>` (the expected value
    is read from there), or is empty for a fact the example shows without a number.
    """

    source: str = ""
    number: str = ""


def stated_checks(example: Example, source: str) -> list[Stated]:
    """The checkpoints of ``example`` that check the worked example ``source``."""
    return [c for step in example.steps for c in step.checkpoints
            if isinstance(c, Stated) and c.source == source]


Measure = Callable[[Session], Any]
Reading = Callable[[SGState], int]


def stated(source: str, number: str, label: str, measure: Measure) -> Stated:
    """A checkpoint expecting the number ``number`` of the worked example ``source``."""
    return Stated(label, example_in_source(source).numbers[number], measure, source, number)


def shown(source: str, label: str, expected: Any, measure: Measure) -> Stated:
    """A checkpoint on a fact the worked example ``source`` shows without a number."""
    example_in_source(source)  # the source must exist
    return Stated(label, expected, measure, source, "")


def _earlier(session: Session, decisions: int) -> SGState:
    """The state ``decisions`` decisions before the session's current one."""
    past = session.copy()
    past.undo(decisions)
    state: SGState = past.state
    return state


def change(reading: Reading, decisions: int) -> Measure:
    """Measure: how much ``reading`` changed over the last ``decisions`` decisions."""
    return lambda s: reading(s.state) - reading(_earlier(s, decisions))


def spent(reading: Reading, decisions: int) -> Measure:
    """Measure: how much ``reading`` went down over the last ``decisions`` decisions."""
    return lambda s: reading(_earlier(s, decisions)) - reading(s.state)


def level(seat: int, rid: str) -> Reading:
    """A player's resource level."""
    return lambda st: st.seat(seat).resource(rid)


def toxicity(seat: int) -> Reading:
    return lambda st: st.seat(seat).toxicity


def prestige_of(seat: int) -> Reading:
    return lambda st: st.seat(seat).prestige


def now(reading: Reading) -> Measure:
    """Measure: ``reading`` on the current state."""
    return lambda s: reading(s.state)


def res(seat: int, rid: str) -> Measure:
    """Measure: a player's resource level."""
    return now(level(seat, rid))


def tox(seat: int) -> Measure:
    """Measure: a player's Toxicity tokens."""
    return now(toxicity(seat))


def prestige(seat: int) -> Measure:
    """Measure: a player's Prestige tokens."""
    return now(prestige_of(seat))


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


def biomes(state: SGState) -> dict[Hex, str]:
    """The biome of every restored space."""
    return {board.parse_space(sp): _C.tile(t).biome for sp, t in state.tiles}


def biomes_next_to(space: str) -> Measure:
    """Measure: the biomes of the tiles next to ``space``, sorted."""
    def measure(s: Session) -> tuple[str, ...]:
        tiles = biomes(s.state)
        return tuple(sorted(tiles[n] for n in board.neighbours(board.parse_space(space))
                            if n in tiles))
    return measure


def walked(seat: int, decisions: int) -> Measure:
    """Measure: how many tiles the Shaper walked over the last ``decisions`` decisions."""
    def measure(s: Session) -> int:
        before = board.parse_space(_earlier(s, decisions).shapers[seat])
        path = board.shaper_path(before, board.parse_space(s.state.shapers[seat]),
                                 biomes(s.state))
        return -1 if path is None else len(path) - 1
    return measure


def walk_limit(seat: int) -> Measure:
    """Measure: how many tiles the player's Shaper may walk."""
    return lambda s: movement(_C, s.state.seat(seat))


def left_on_board(seat: int, kind: str) -> Measure:
    """Measure: the animals of ``kind`` (S, H or P) still on the player's Shaper board."""
    return lambda s: sum(1 for sp in s.state.seat(seat).board if sp.startswith(kind))


def pay_of(effect_of: Callable[[Session], Any], rid: str) -> Measure:
    """Measure: how much of ``rid`` an effect asks."""
    return lambda s: dict(effect_of(s).pay).get(rid, 0)


def space_cost(seat: int, space: str) -> Measure:
    """Measure: the cost of the animal on a Shaper board space."""
    return lambda s: _C.shaper(s.state.seat(seat).shaper).space(space).cost


def tile_extra(space: str, rid: str) -> Measure:
    """Measure: the extra cost in ``rid`` of the tile on ``space``."""
    def measure(s: Session) -> int:
        tile = s.state.tile_at(space)
        return 0 if tile is None else dict(_C.tile(tile).extra_cost).get(rid, 0)
    return measure


def held_dna(seat: int, colour: str) -> Measure:
    return lambda s: s.state.seat(seat).dna.count(colour)


def tiles_next_to(space: str) -> Measure:
    """Measure: how many restored tiles touch ``space``."""
    return lambda s: len(biomes_next_to(space)(s))


def placed_tiles(state: SGState) -> int:
    return len(state.tiles)


# -- final scoring measures --------------------------------------------------------------
def _tokens(s: Session, seat: int) -> Any:
    return place_tokens(_C, s.state.seat(seat))


def covered(seat: int) -> Measure:
    """Measure: the Shaper board spaces covered at the end, bottom first."""
    return lambda s: _tokens(s, seat).covered


def covered_by_dna(seat: int) -> Measure:
    return lambda s: min(_tokens(s, seat).dna_left, len(_tokens(s, seat).covered))


def covered_by_toxicity(seat: int) -> Measure:
    return lambda s: len(_tokens(s, seat).covered) - covered_by_dna(seat)(s)


def covered_vp(seat: int) -> Measure:
    def measure(s: Session) -> int:
        shaper = _C.shaper(s.state.seat(seat).shaper)
        return sum(shaper.space(sp).vp for sp in _tokens(s, seat).covered)
    return measure


def animal_points(seat: int, kind: str, vp: int | None = None) -> Measure:
    """Measure: points of the player's uncovered empty spaces of ``kind`` (S, H or P),
    only those printed ``vp`` if given."""
    def measure(s: Session) -> int:
        p = s.state.seat(seat)
        gone = set(_tokens(s, seat).covered) | set(p.board)
        return sum(sp.vp for sp in _C.shaper(p.shaper).spaces
                   if sp.id.startswith(kind) and sp.id not in gone
                   and (vp is None or sp.vp == vp))
    return measure


def behavior_points(seat: int, animal: str) -> Measure:
    """Measure: the points of the Behavior card about ``animal``."""
    def measure(s: Session) -> int:
        lines = [ln for ln in s.game.score_breakdown(s.state).for_player(seat)
                 if ln.category == "Behavior cards"]
        return sum(ln.points for ln, bid in zip(lines, s.state.behaviors, strict=True)
                   if _C.behavior(bid).animal == animal)
    return measure


def _on_board(state: SGState) -> dict[Hex, Any]:
    return {board.parse_space(a.where): a for a in state.animals if not a.where.startswith("v")}


def neighbours_of(seat: int, kind: str, target: str) -> Measure:
    """Measure: animals of ``target`` kind (anyone's) next to the player's ``kind``."""
    def measure(s: Session) -> int:
        at = _on_board(s.state)
        return sum(1 for h, a in at.items() if a.seat == seat and a.kind == kind
                   for n in board.neighbours(h) if n in at and at[n].kind == target)
    return measure


def on_outer_ring(seat: int, kind: str) -> Measure:
    return lambda s: sum(1 for h, a in _on_board(s.state).items()
                         if a.seat == seat and a.kind == kind and board.is_outer(h))


def dna_in_row(seat: int, name: str, colour: str) -> Measure:
    return lambda s: _tokens(s, seat).dna_on_rows[ROWS.index(name)].get(colour, 0)


def dna_row_points(seat: int, name: str) -> Measure:
    return lambda s: _tokens(s, seat).row_points[ROWS.index(name)]


def resource_points(seat: int, rid: str) -> Measure:
    def measure(s: Session) -> int:
        value = s.state.seat(seat).resources[RESOURCES.index(rid)]
        return _C.resource(rid).vp_at(value)
    return measure


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
                "Water on A2), within the 3 a Shaper may walk; a Scavenger costs 1 Shard "
                "there.", ("intro S2 A3",),
                rule=RULES["sog.introduce.biome_resource"],
                checkpoints=(
                    stated("sog.ex.move_two", "distance", "tiles walked", walked(0, 1)),
                    stated("sog.ex.move_two", "limit", "tiles a Shaper may walk",
                           walk_limit(0)),
                    stated("sog.ex.pay_scavenger", "animal_cost", "the Scavenger's cost",
                           space_cost(0, "S2")),
                    stated("sog.ex.pay_scavenger", "shard_spent", "Shards spent",
                           spent(level(0, "shard"), 1)),
                    cp("Shards left", 0, res(0, "shard")),
                    shown("sog.ex.move_two", "Shaper on", "A3",
                          lambda s: s.state.shapers[0]))),
    ExampleStep("The Scavenger card joins the Shard row.", ("card top A",),
                rule=RULES["sog.introduce.row"],
                checkpoints=(shown("sog.ex.crystal_row", "cards in the Shard row", 1,
                                   lambda s: len(row(0, "shard")(s))),)),
)

EXTRA_NUTRIENT: Final = _ex(
    "sog.example.extra_nutrient", "An extra Nutrient paid with Toxicity",
    "2. Spend Resources and Place an Animal", "A tile asks for 1 Nutrient on top of the "
    "Shards; without a Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "tiles": {"B0": "ii_crystal_1"}, "positions": ["A0", "V"],
     "seats": [{"resources": {"nutrient": 0}}]},
    ExampleStep("Introduce the Scavenger of S2 on the Crystal tile B0.", ("intro S2 B0",),
                rule=RULES["sog.introduce.extra_cost"],
                checkpoints=(
                    stated("sog.ex.extra_nutrient", "extra_nutrient",
                           "extra Nutrients the tile asks", tile_extra("B0", "nutrient")),
                    stated("sog.ex.extra_nutrient", "toxicity_taken", "Toxicity taken",
                           change(toxicity(0), 1)),
                    cp("Shards", 0, res(0, "shard")))),
)

PURIFY: Final = _ex(
    "sog.example.purify_water", "Purify Water", "3. Activate Shaper Abilities",
    "Maldera's first Scavenger unlocks Purify Water: 1 Nutrient per Water tile next to it.",
    {"shapers": ["maldera_rivers", "telrin_aviary"]},
    ExampleStep("The Crystal on A3 touches the Water tiles A2 and A4.", ("intro S1 A3",),
                rule=RULES["sog.shaper.maldera.purify_water"],
                checkpoints=(
                    stated("sog.ex.purify_water", "adjacent_water", "Water tiles next to A3",
                           lambda s: biomes_next_to("A3")(s).count("water")),
                    stated("sog.ex.purify_water", "nutrients_gained", "Nutrients gained",
                           change(level(0, "nutrient"), 1)),
                    cp("Nutrients (1 + 2)", 3, res(0, "nutrient")))),
)

ACTIVATE: Final = _ex(
    "sog.example.activate_row", "Activating the Shard row", "5. Activate Species Cards",
    "An Herbivore card joins a Shard row holding a Scavenger card: the Scavenger gives "
    "1 Shard and the Herbivore returns a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"rows": [["s01"], [], []], "toxicity": 1,
                                  "resources": {"shard": 2}}]},
    ExampleStep("Introduce the Herbivore of H1 (2 Shards) on the Crystal.", ("intro H1 A3",),
                rule=RULES["sog.introduce.biome_resource"],
                checkpoints=(cp("Shards (2 - 2)", 0, res(0, "shard")),)),
    ExampleStep("Take the Herbivore card h10 into the Shard row: the row activates, the "
                "Scavenger card gives a Shard and the Herbivore card returns a Toxicity "
                "token.", ("card h10 A",),
                rule=RULES["sog.introduce.activate_row"],
                checkpoints=(
                    stated("sog.ex.activate_row", "shard_gained", "Shards gained",
                           change(level(0, "shard"), 1)),
                    stated("sog.ex.activate_row", "toxicity_discarded", "Toxicity returned",
                           spent(toxicity(0), 1)),
                    cp("Toxicity", 0, tox(0)),
                    cp("Shard row", ("s01", "h10"), row(0, "shard")))),
)

CONVERSION: Final = _ex(
    "sog.example.predator_conversion", "A Predator card's conversion with Toxicity",
    "5. Activate Species Cards", "The Predator card converts 1 Nutrient into 1 Shard and "
    "2 Prestige; with no Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"rows": [["p01"], [], []], "resources": {"nutrient": 0}}]},
    ExampleStep("Introduce a Scavenger on the Crystal; the Scavenger card joins the Shard "
                "row and the row activates. The player first activates the new Scavenger "
                "card (1 Shard).", ("intro S2 A3", "card top A", "activate s07"),
                rule=RULES["sog.introduce.activate_row"]),
    ExampleStep("Take the conversion: 1 Toxicity for the missing Nutrient.",
                ("activate p01",), rule=RULES["sog.introduce.conversion_optional"],
                checkpoints=(
                    stated("sog.ex.predator_conversion", "nutrient_paid",
                           "Nutrients the conversion asks",
                           pay_of(lambda s: _C.species_card("p01").sides[0].effect,
                                  "nutrient")),
                    stated("sog.ex.predator_conversion", "shard_gained", "Shards gained",
                           change(level(0, "shard"), 1)),
                    stated("sog.ex.predator_conversion", "prestige_gained", "Prestige gained",
                           change(prestige_of(0), 1)),
                    stated("sog.ex.predator_conversion", "toxicity_taken", "Toxicity taken",
                           change(toxicity(0), 1)),
                    cp("Toxicity", 1, tox(0)), cp("Prestige", 2, prestige(0)))),
)

RESTORE: Final = _ex(
    "sog.example.restore", "Restoring a Mushroom tile", "1. Place a Biome Tile and Move "
    "the Caretaker", "The tile must touch the Caretaker's Water tile and one more tile: "
    "two spaces qualify, one by the Crystal and one by the Mushroom. The player takes the "
    "Shard, the opponent the Seed.",
    {"shapers": _PAIR, "caretaker": "A4",
     "seats": [{"hand": ["i_mushroom_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("The Caretaker stands on the Water tile A4, between the Crystal on A3 and "
                "the Mushroom on A5. Where can the Mushroom go?", (),
                rule=RULES["sog.restore.place_tile"],
                checkpoints=(
                    stated("sog.ex.restore_mushroom", "legal_spaces", "spaces that qualify",
                           lambda s: len(restore_spaces("i_mushroom_1")(s))),
                    cp("spaces", ("B7", "B9"), restore_spaces("i_mushroom_1")),
                    shown("sog.ex.restore_mushroom", "tiles next to B7", ("crystal", "water"),
                          biomes_next_to("B7")),
                    shown("sog.ex.restore_mushroom", "tiles next to B9 (the other side)",
                          ("mushroom", "water"), biomes_next_to("B9")))),
    ExampleStep("Restore it on B7, touching the Water and the Crystal, and take the "
                "Shard action; the opponent takes the Seed.",
                ("restore i_mushroom_1 B7", "resolve 0", "take"),
                rule=RULES["sog.restore.opponents"],
                checkpoints=(
                    stated("sog.ex.resolve_mushroom", "shard_gained", "Shards gained",
                           change(level(0, "shard"), 3)),
                    stated("sog.ex.resolve_mushroom", "seed_gained", "opponent's Seeds gained",
                           change(level(1, "seed"), 3)),
                    cp("Shards", 2, res(0, "shard")), cp("opponent's Seeds", 2,
                                                         res(1, "seed")),
                    cp("Caretaker", "B7", lambda s: s.state.caretaker))),
)

TEMPLE_DNA: Final = _ex(
    "sog.example.temple_dna", "A DNA token under the Temple", "1. Place a Biome Tile and "
    "Move the Caretaker", "The Temple goes on a space with a red DNA token: the player "
    "takes it first, then the Caretaker moves onto the Temple.",
    {"shapers": _PAIR, "caretaker": "A2",
     "seats": [{"hand": ["i_temple_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("Restore the Temple on B5.", ("restore i_temple_1 B5",),
                rule=RULES["sog.restore.dna"],
                checkpoints=(
                    stated("sog.ex.temple_dna", "red_dna", "red DNA tokens taken",
                           change(lambda st: st.seat(0).dna.count("red"), 1)),
                    cp("DNA held", ("red",), lambda s: s.state.seat(0).dna),
                    shown("sog.ex.temple_dna", "Caretaker", "B5",
                          lambda s: s.state.caretaker))),
)

TELEPORT: Final = _ex(
    "sog.example.teleport_caretaker", "Teleporting the Caretaker", "1. Place a Biome Tile "
    "and Move the Caretaker", "For 1 Energy the Temple goes next to the Mushroom and a "
    "Water tile, away from the Caretaker.",
    {"shapers": _PAIR, "seats": [{"hand": ["i_temple_1", "i_forest_1", "i_crystal_1"]}]},
    ExampleStep("Restore the Temple on B9 (next to the Mushroom on A5 and the Water on "
                "A4).", ("restore i_temple_1 B9 tp",), rule=RULES["sog.restore.teleport"],
                checkpoints=(
                    stated("sog.ex.teleport_caretaker", "energy_paid", "Energy paid",
                           spent(level(0, "energy"), 1)),
                    stated("sog.ex.teleport_caretaker", "adjacent_tiles", "tiles next to B9",
                           tiles_next_to("B9")),
                    shown("sog.ex.teleport_caretaker", "their biomes", ("mushroom", "water"),
                          biomes_next_to("B9")),
                    cp("Energy", 0, res(0, "energy")),
                    shown("sog.ex.teleport_caretaker", "Caretaker", "B9",
                          lambda s: s.state.caretaker))),
)

CRYSTAL_CONVERSION: Final = _ex(
    "sog.example.crystal_conversion", "A tile's conversion with Toxicity",
    "2. Resolve the Biome Tile", "The Crystal's action turns 1 Nutrient into 1 Spore and "
    "1 Prestige; without a Nutrient the player takes a Toxicity token.",
    {"shapers": _PAIR, "seats": [{"hand": ["i_crystal_2", "i_forest_1", "i_mushroom_1"],
                                  "resources": {"nutrient": 0}}]},
    ExampleStep("Restore the Crystal and convert.", ("restore i_crystal_2 B1", "resolve 0"),
                rule=RULES["sog.restore.toxicity"],
                checkpoints=(
                    stated("sog.ex.crystal_conversion", "nutrient_paid",
                           "Nutrients the action asks",
                           pay_of(lambda s: _C.tile("i_crystal_2").actions[0], "nutrient")),
                    stated("sog.ex.crystal_conversion", "spore_gained", "Spores gained",
                           change(level(0, "spore"), 2)),
                    stated("sog.ex.crystal_conversion", "prestige_gained", "Prestige gained",
                           change(prestige_of(0), 2)),
                    stated("sog.ex.crystal_conversion", "toxicity_taken", "Toxicity taken",
                           change(toxicity(0), 2)),
                    cp("Toxicity", 1, tox(0)), cp("Spores", 2, res(0, "spore")),
                    cp("Prestige", 1, prestige(0)))),
)

TEMPLE_SEED: Final = _ex(
    "sog.example.temple_seed", "Introducing on a Temple with Seeds", "Biome Tiles",
    "At a Temple the player picks the basic resource; the card goes to that row.",
    {"shapers": _PAIR, "tiles": {"B0": "i_temple_2"}, "positions": ["A0", "V"]},
    ExampleStep("Pay 1 Seed plus the Temple's extra Nutrient.", ("intro S2 B0 seed",
                                                                 "card top A"),
                rule=RULES["sog.biome.temple"],
                checkpoints=(
                    shown("sog.ex.temple_seed", "Seeds spent (the Scavenger's cost)", 1,
                          spent(level(0, "seed"), 2)),
                    shown("sog.ex.temple_seed", "Nutrients spent (the Temple's extra cost)",
                          1, spent(level(0, "nutrient"), 2)),
                    cp("Seeds", 0, res(0, "seed")), cp("Nutrients", 0, res(0, "nutrient")),
                    shown("sog.ex.temple_seed", "cards in the Seed row", 1,
                          lambda s: len(row(0, "seed")(s))))),
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
    ExampleStep("Before: no end is triggered.", (),
                rule=RULES["sog.end.one_type_left"],
                checkpoints=(cp("end triggered", False,
                                lambda s: s.state.final_turns >= 0),)),
    ExampleStep("Introduce the last Scavenger.", ("intro S1 A3", "card top A"),
                rule=RULES["sog.end.one_type_left"],
                checkpoints=(
                    stated("sog.ex.end_one_type", "herbivores_left", "Herbivores left",
                           left_on_board(0, "H")),
                    stated("sog.ex.end_one_type", "scavengers_left", "Scavengers left",
                           left_on_board(0, "S")),
                    stated("sog.ex.end_one_type", "predators_left", "Predators left",
                           left_on_board(0, "P")),
                    shown("sog.ex.end_one_type",
                          "turns left (the rest of this round and one more)", 3,
                          lambda s: s.state.final_turns))),
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
    ExampleStep("Before: two tiles are left in the stack.", (),
                rule=RULES["sog.end.stack_empty"],
                checkpoints=(cp("stack", 2, lambda s: len(s.state.stack)),)),
    ExampleStep("Restore three tiles, then draw.",
                ("restore i_mushroom_1 B1", "resolve 0", "pass",
                 "restore i_forest_1 B2", "resolve 0", "pass",
                 "restore i_crystal_1 B3", "resolve 0", "pass"),
                rule=RULES["sog.end.stack_empty"],
                checkpoints=(
                    stated("sog.ex.end_stack", "restored", "tiles restored",
                           change(placed_tiles, 9)),
                    stated("sog.ex.end_stack", "drawn", "tiles drawn",
                           lambda s: len(s.state.seat(0).hand)),
                    cp("stack", 0, lambda s: len(s.state.stack)),
                    shown("sog.ex.end_stack",
                          "turns left (the rest of this round and one more)", 3,
                          lambda s: s.state.final_turns))),
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

_S: Final = "sog.ex."
SCORING: Final = _ex(
    "sog.example.scoring", "The Scoring Example", "Scoring Example",
    "Behavior 10 + animals 19 + Vault 2 + resources 7 + DNA 10 + Prestige 9 = 57.",
    SCORING_SCENARIO,
    ExampleStep("First the tokens: the DNA tokens go on matching icons of the Species "
                "cards; the one blue token left and the 2 Toxicity tokens cover the empty "
                "Scavenger spaces from the bottom, skipping S2, which still holds its "
                "animal.", (), rule=RULES["sog.score.cover"],
                checkpoints=(
                    shown(_S + "covering", "spaces covered", ("S1", "S3", "S4"), covered(0)),
                    stated(_S + "covering", "covered_by_dna", "covered by DNA",
                           covered_by_dna(0)),
                    stated(_S + "covering", "covered_by_toxicity", "covered by Toxicity",
                           covered_by_toxicity(0)),
                    stated(_S + "covering", "covered_vp", "points covered", covered_vp(0)),
                    shown(_S + "covering", "S2 still holds an animal", True,
                          lambda s: "S2" in s.state.seat(0).board))),
    ExampleStep("A. The Behavior cards.", (), rule=RULES["sog.score.behavior"],
                checkpoints=(
                    stated(_S + "behavior_predator", "herbivores",
                           "Herbivores next to the Predator", neighbours_of(0, "predator",
                                                                            "herbivore")),
                    stated(_S + "behavior_predator", "vp", "Predator card",
                           behavior_points(0, "predator")),
                    stated(_S + "behavior_herbivore", "scavengers",
                           "Scavengers next to the Herbivores", neighbours_of(0, "herbivore",
                                                                              "scavenger")),
                    stated(_S + "behavior_herbivore", "vp", "Herbivore card",
                           behavior_points(0, "herbivore")),
                    stated(_S + "behavior_scavenger", "scavengers",
                           "Scavengers on the outer ring", on_outer_ring(0, "scavenger")),
                    stated(_S + "behavior_scavenger", "vp", "Scavenger card",
                           behavior_points(0, "scavenger")),
                    stated(_S + "scoring_behavior", "predator", "A: Predator card",
                           behavior_points(0, "predator")),
                    stated(_S + "scoring_behavior", "herbivore", "A: Herbivore card",
                           behavior_points(0, "herbivore")),
                    stated(_S + "scoring_behavior", "scavenger", "A: Scavenger card",
                           behavior_points(0, "scavenger")),
                    stated(_S + "scoring_behavior", "vp", "A: Behavior cards",
                           score(0, "Behavior cards")))),
    ExampleStep("B. The animals introduced: the empty, uncovered spaces of the Shaper "
                "board.", (), rule=RULES["sog.score.animals"],
                checkpoints=(
                    stated(_S + "scoring_animals", "predator", "B: the Predator",
                           animal_points(0, "P")),
                    stated(_S + "scoring_animals", "herbivores_4vp",
                           "B: the two 4 VP Herbivores", animal_points(0, "H", 4)),
                    stated(_S + "scoring_animals", "herbivores_3vp",
                           "B: the two 3 VP Herbivores", animal_points(0, "H", 3)),
                    stated(_S + "scoring_animals", "scavengers", "B: the Scavengers (covered)",
                           animal_points(0, "S")),
                    stated(_S + "scoring_animals", "vp", "B: animals",
                           score(0, "Animals introduced")))),
    ExampleStep("C. The Vault.", (), rule=RULES["sog.score.vault"],
                checkpoints=(stated(_S + "scoring_vault", "vp", "C: the Herbivore in the "
                                    "Vault", score(0, "Vault")),)),
    ExampleStep("D. The resources left.", (), rule=RULES["sog.score.resources"],
                checkpoints=(
                    stated(_S + "scoring_resources", "seed", "D: Seeds",
                           resource_points(0, "seed")),
                    stated(_S + "scoring_resources", "nutrient", "D: Nutrients",
                           resource_points(0, "nutrient")),
                    stated(_S + "scoring_resources", "energy", "D: Energy",
                           resource_points(0, "energy")),
                    stated(_S + "scoring_resources", "vp", "D: resources",
                           score(0, "Resources")))),
    ExampleStep("E. The DNA on the Species cards: each token scores the number of its "
                "colour in its row.", (), rule=RULES["sog.score.dna"],
                checkpoints=(
                    stated(_S + "dna_row", "red", "red DNA in the Shard row",
                           dna_in_row(0, "shard", "red")),
                    stated(_S + "dna_row", "blue", "blue DNA in the Shard row",
                           dna_in_row(0, "shard", "blue")),
                    stated(_S + "dna_row", "yellow", "yellow DNA in the Shard row",
                           dna_in_row(0, "shard", "yellow")),
                    stated(_S + "dna_row", "vp", "Shard row (2 x 2 + 1 + 1)",
                           dna_row_points(0, "shard")),
                    stated(_S + "scoring_dna", "shard_row", "E: Shard row",
                           dna_row_points(0, "shard")),
                    stated(_S + "scoring_dna", "seed_row", "E: Seed row",
                           dna_row_points(0, "seed")),
                    stated(_S + "scoring_dna", "vp", "E: DNA", score(0, "DNA")))),
    ExampleStep("F. Prestige, and the total.", (), rule=RULES["sog.score.winner"],
                checkpoints=(
                    stated(_S + "scoring_prestige", "vp", "F: Prestige",
                           score(0, "Prestige")),
                    cp("tokens that covered nothing", 0, score(0, "Uncovered tokens")),
                    stated(_S + "scoring_total", "total", "total",
                           lambda s: s.game.score_breakdown(s.state).totals[0]))),
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

"""Worked examples of the expansion's modules (the Paths, the Legendary Scenario Stop the
Threat, Talia and the School of Geomancy), as runnable scripts with checkpoints; the
rulebook's own examples first (a Mage gaining a
Path card both ways, a Complete Path scoring +2 and an Incomplete one -6).

Positions use one Mage (Rikkart) and the Rooms of :data:`ROOMS` on the layout's free
places; the Path cards are the authored ones (``data/paths.json``): ``start_1`` (its
Advance Condition: gaining a Power Point) leads into ``path_01`` (defeat a Model, Points
box 1, Penalty box 2), ``path_02`` (rebuild a Room, its End Point worth 2 to the Avatar,
Points 1, Penalty 2) and ``path_03`` (Penalty 2).  A position's Path deck holds the cards
not in its rows in the data's order, so it says what is drawn.

>>> [e.id for e in EXAMPLES][:4]
['brw.ex.gain_advance', 'brw.ex.gain_quest', 'brw.ex.complete_path', 'brw.ex.incomplete_path']
>>> all(e.run() is not None for e in EXAMPLES)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.black_rose_wars import legendary
from gaia_lab.games.black_rose_wars.geomancy import geomancy_spell
from gaia_lab.games.black_rose_wars.parts_rules import rule
from gaia_lab.games.black_rose_wars.paths import PathRow, load_paths, score
from gaia_lab.games.black_rose_wars.rulebook import example_in_source
from gaia_lab.games.black_rose_wars.rules import Rules
from gaia_lab.games.black_rose_wars.state import BRWState

__all__ = ["EXAMPLES", "LEGENDARY_EXAMPLES", "MODELLED_EXAMPLES", "PATHS_EXAMPLES", "ROOMS"]

ROOMS: Final = ("crypt", "forge", "garden", "arena", "armory")
"""The Rooms on the layout's free places (the Black Rose Room in the middle)."""
SCENARIO_ROOMS: Final = ("crypt", "thorny_clearing", "life_fountain", "arena", "armory")
"""The same places in the Legendary Scenario (its Rooms replace the Forge and Garden)."""
GAME: Final = "black_rose_wars"
_FORGOT: Final = "Forgotten Evocation Card and Forgotten Spell Card"

Measure = Callable[[Session], Any]


def _row(*cards: str, at: tuple[int, str] = (0, "start"), complete: bool = False
         ) -> dict[str, Any]:
    return {"start": cards[0], "cards": list(cards),
            "marker": {"card": at[0], "passage": at[1]}, "complete": complete}


def _spec(rooms: tuple[str, ...] = ROOMS, **changes: Any) -> dict[str, Any]:
    return {"players": 1, "rooms": list(rooms), **changes}


def _path(s: Session) -> PathRow:
    state: BRWState = s.state
    paths = state.modules.paths
    assert paths is not None
    return paths.rows[0]


def _cards(s: Session) -> tuple[str, ...]:
    return _path(s).cards


def _pending(s: Session) -> str:
    pending = s.pending
    return pending.kind if pending is not None else ""


def _offer(s: Session) -> int:
    paths = s.state.modules.paths
    return len(paths.offer) if paths is not None else 0


def _marker(s: Session) -> str:
    spot = _path(s).marker
    return f"{spot.card}:{spot.passage}"


def _points(s: Session) -> int:
    return score(load_paths(), _path(s)).points


def _cp(label: str, expected: Any, measure: Measure) -> Checkpoint:
    return Checkpoint(label, expected, measure)


def _source(example_id: str) -> str:
    return example_in_source(example_id).section


GAIN_ADVANCE = Example(
    "brw.ex.gain_advance", "Gaining a Path card by advancing", GAME,
    _source("brw.ex.gain_advance"),
    "Rikkart's marker stands on the Path Start of start_1, whose Advance Condition is "
    "gaining a Power Point. He gains one in the rebuilt Throne Room, moves his marker onto a "
    "Passage of path_01 (another card, not an End Point) and so draws three Path cards, "
    "keeping one whose Tracks match path_01's.",
    _spec(seats=[{"where": "throne_room"}],
          lodge={"throne_room": {"rebuilt": True, "root": None}},
          paths=[_row("start_1", "path_01")]),
    (ExampleStep("Rikkart activates the rebuilt Throne Room and gains 1 Power Point: the "
                 "Advance Condition of start_1 is met.", ("activate",),
                 rule=rule("brw.paths.advance"),
                 title="The Advance Condition", checkpoints=(
                     _cp("pending", "path_advance", _pending),)),
     ExampleStep("He moves the marker along the Track onto path_01's first Passage: another "
                 "card, so three Path cards are drawn.", ("advance 1:m1",),
                 rule=rule("brw.paths.gain_advance"), title="Advance onto another card",
                 checkpoints=(_cp("marker", "1:m1", _marker), _cp("cards drawn", 3, _offer),
                              _cp("pending", "path_keep", _pending),
                              _cp("keeping path_03, whose Tracks do not match", "paths.no_match",
                                  lambda s: s.explain("keep path_03").code))),
     ExampleStep("Of path_02, path_03 and path_04 only path_02 matches path_01's Track; he "
                 "keeps it and the other two go under the deck.",
                 ("keep path_02",), rule=rule("brw.paths.first_card"), title="Keep one",
                 checkpoints=(_cp("his Path", ("start_1", "path_01", "path_02"), _cards),)),
     ),
)

GAIN_QUEST = Example(
    "brw.ex.gain_quest", "Gaining a Path card instead of a Quest", GAME,
    _source("brw.ex.gain_quest"),
    "Rikkart activates the ruined Observatory, whose ruined side draws a Quest; he draws "
    "three Path cards instead and keeps one at the right of his rightmost card.",
    _spec(("observatory", "forge", "garden", "arena", "armory"),
          seats=[{"where": "observatory"}], lodge={"observatory": {"root": None}},
          paths=[_row("start_1", "path_01")]),
    (ExampleStep("Activating the ruined Observatory would draw a Quest.", ("activate",),
                 rule=rule("brw.core.quest"), title="A Quest to draw",
                 checkpoints=(_cp("pending", "path_quest", _pending),)),
     ExampleStep("He draws three Path cards instead.", ("quest paths",),
                 rule=rule("brw.paths.gain_quest"), title="Path cards instead",
                 checkpoints=(_cp("cards drawn", 3, _offer),)),
     ExampleStep("He keeps path_02 right of path_01; his marker has not moved.",
                 ("keep path_02",), rule=rule("brw.paths.gain_quest"), title="Keep one",
                 checkpoints=(_cp("his Path", ("start_1", "path_01", "path_02"), _cards),
                              _cp("marker", "0:start", _marker))),
     ),
)

COMPLETE = Example(
    "brw.ex.complete_path", "A Complete Path: +2 Power Points", GAME,
    _source("brw.ex.complete_path"),
    "Rikkart's marker is on path_02, whose Advance Condition is rebuilding a Room. He "
    "rebuilds the Crypt and moves onto path_02's End Point: a Complete Path. The Avatar "
    "gains the End Point's 2 Power Points; at the end Rikkart gains the Points boxes of "
    "path_02 and of every card left of it: 1 + 1 = +2.",
    _spec(seats=[{"where": "crypt"}], lodge={"crypt": {"slots": ["mage1"] * 5, "root": None}},
          paths=[_row("start_1", "path_01", "path_02", at=(2, "m1"))]),
    (ExampleStep("His sixth Instability rebuilds the Crypt: the Advance Condition is met.",
                 ("activate",), rule=rule("brw.paths.advance"), title="Rebuilding",
                 checkpoints=(_cp("pending", "path_advance", _pending),
                              _cp("next Passages", ["advance 2:t2", "advance 2:b2",
                                                    "advance 2:m2", "advance stay"],
                                  lambda s: [str(a) for a in s.legal_actions()]))),
     ExampleStep("He moves onto the End Point: a Complete Path, and Gaea gains 2 Power "
                 "Points.", ("advance 2:m2",), rule=rule("brw.paths.end_point"),
                 title="The End Point", checkpoints=(
                     _cp("complete", True, lambda s: _path(s).complete),
                     _cp("Gaea's Power Points", 2, lambda s: s.state.avatar.power),
                     _cp("end-of-game Path points", example_in_source(
                         "brw.ex.complete_path").numbers["power"], _points))),
     ExampleStep("From now on the Path neither advances nor draws: a Power Point gained on "
                 "his next turn offers no advance.", ("pass",),
                 rule=rule("brw.paths.end_point_locked"), title="No more advancing",
                 checkpoints=(_cp("an advance offered", False,
                                  lambda s: _pending(s) == "path_advance"),)),
     ),
)

INCOMPLETE = Example(
    "brw.ex.incomplete_path", "An Incomplete Path: -6 Power Points", GAME,
    _source("brw.ex.incomplete_path"),
    "Rikkart's marker never reached an End Point: at the end he loses the Penalty boxes of "
    "all his Path cards, path_01, path_02 and path_03: 2 + 2 + 2 = -6.",
    _spec(seats=[{"where": "crypt", "power": 10}],
          paths=[_row("start_1", "path_01", "path_02", "path_03", at=(2, "b2"))]),
    (ExampleStep("The Path is incomplete: each Penalty box counts.",
                 rule=rule("brw.paths.incomplete_penalty"), title="The Penalty boxes",
                 checkpoints=(_cp("end-of-game Path points", example_in_source(
                     "brw.ex.incomplete_path").numbers["power"], _points),)),),
)

EFFECT = Example(
    "brw.ex.effect_passage", "An Effect Passage", GAME, "Reaching an Effect Passage",
    "Entering path_02 on its Effect Passage, Rikkart may resolve its Effect (remove 2 "
    "Damage from himself) as a triggered Trap, then draws for the new card.",
    _spec(seats=[{"where": "throne_room", "damage": 3}],
          lodge={"throne_room": {"rebuilt": True, "root": None}},
          paths=[_row("start_1", "path_02")]),
    (ExampleStep("He gains a Power Point in the rebuilt Throne Room and advances onto "
                 "path_02's "
                 "Effect Passage.", ("activate", "advance 1:m1"),
                 rule=rule("brw.paths.effect_passage"), title="The Effect Passage",
                 checkpoints=(_cp("pending", "path_effect", _pending),)),
     ExampleStep("He resolves it: 3 Damage become 1; then he draws for the new card.",
                 ("trap self",), rule=rule("brw.paths.effect_passage"), title="The Trap",
                 checkpoints=(_cp("Rikkart's Damage", 1, lambda s: s.state.mages[0].damage),
                              _cp("pending", "path_keep", _pending))),
     ),
)

PATHS_EXAMPLES: Final = (GAIN_ADVANCE, GAIN_QUEST, COMPLETE, INCOMPLETE, EFFECT)
"""The Paths examples, the rulebook's first."""


def _after(prefix: str, read: Callable[[Any], Any]) -> Measure:
    """``read`` of the state right after the step whose notation starts with ``prefix``
    (before the rules' steps that follow it)."""
    return lambda s: read([p.state for p in s.history if p.notation.startswith(prefix)][0])


def _trophies(s: Session) -> tuple[str, ...]:
    return tuple(s.state.mages[0].trophies)


SETUP = Example(
    "brw.ex.legendary_setup", "Stop the Threat: the setup", GAME,
    "Legendary Scenario: Stop the Threat",
    "The Emerald Rose Room stands in the Black Rose Room's place, the Moon cubes on slots "
    "5, 21 and 28, the Paths are dealt; the first Black Rose phase resolves the scenario "
    "card of the first Moon as its first Event: Gaea roots the Rooms without a Root Token.",
    _spec(SCENARIO_ROOMS, legendary=True, at="black_rose",
          lodge={"crypt": {"root": None, "slots": ["mage1"]}, "arena": {"root": None}}),
    (ExampleStep("The scenario's setup.", rule=rule("brw.legendary.rooms"), title="Setup",
                 checkpoints=(
                     _cp("the middle Room", "emerald_rose_room",
                         lambda s: s.state.rooms[0].id),
                     _cp("Moon cubes", (5, 21, 28), lambda s: (
                         s.state.power_board.second_moon, s.state.power_board.third_moon,
                         s.state.power_board.black_rose_cube)),
                     _cp("Gaea stands in", "emerald_rose_room",
                         lambda s: s.state.avatar.model.where),
                     _cp("Path rows", 1, lambda s: len(s.state.modules.paths.rows)
                         if s.state.modules.paths else 0))),
     ExampleStep("Rikkart prepares his spells after the Black Rose phase, in which the "
                 "first scenario card was resolved: Root Tokens in the Crypt and the Arena.",
                 ("prepare arcane_bolt destabilize",),
                 rule=rule("brw.legendary.event_cards"), title="The first Event",
                 checkpoints=(
                     _cp("Rooms without a Root Token", [],
                         lambda s: [r.id for r in s.state.rooms if r.root is None]),
                     _cp("the Event revealed", "stop_the_threat_1",
                         lambda s: s.state.events[-1]))),
     ),
)

TOLL = Example(
    "brw.ex.toll", "Toll", GAME, "Scenario Rules",
    "In the scenario a Mage who removes a Root Token gains an Avatar Trophy token.",
    _spec(SCENARIO_ROOMS, legendary=True, seats=[{"where": "crypt"}]),
    (ExampleStep("Rikkart casts Arcane Bolt (2 Damage) on the Crypt's Root Token: it is "
                 "destroyed, and he gains an Avatar Trophy token.",
                 ("cast arcane_bolt root:crypt",), rule=rule("brw.legendary.toll"),
                 title="A Root Token removed", checkpoints=(
                     _cp("the Crypt's Root Token", None,
                         _after("cast", lambda st: st.room("crypt").root)),
                     _cp("Rikkart's Trophies", ("avatar",), _trophies))),),
)

FALSE_IDOLS = Example(
    "brw.ex.false_idols", "False Idols", GAME, "Scenario Rules",
    "In the scenario a Mage who defeats Gaea gains her Power Points but no Avatar Trophy.",
    _spec(SCENARIO_ROOMS, legendary=True, seats=[{"where": "crypt"}],
          gaea={"where": "crypt", "damage": 11}),
    (ExampleStep("Rikkart attacks Gaea (Strength 2): she is defeated; he gains 5 Power "
                 "Points and no Trophy.", ("attack gaea",),
                 rule=rule("brw.legendary.false_idols"), title="Gaea defeated",
                 checkpoints=(_cp("Rikkart's Trophies", (), _trophies),
                              _cp("Rikkart's Power Points", 5,
                                  lambda s: s.state.mages[0].power))),),
)

MENTION = Example(
    "brw.ex.honorable_mention", "Honorable Mention", GAME, "Honorable Mention",
    "At the end the one Mage with the most Trophies gains 3 Power Points; on a tie nobody.",
    {"players": 2, "legendary": True, "rooms": list(SCENARIO_ROOMS),
     "seats": [{"trophies": ["mage", "avatar"]}, {"trophies": ["mage"]}]},
    (ExampleStep("Rikkart holds 2 Trophies, Angela 1: the Honorable Mention is his.",
                 rule=rule("brw.legendary.honorable_mention"), title="The most Trophies",
                 checkpoints=(
                     _cp("the Mention goes to seat", 0,
                         lambda s: legendary.honorable_mention(s.state)),
                     _cp("its Power Points", 3,
                         lambda s: legendary.with_honorable_mention(s.state)[0].mages[0].power
                         - s.state.mages[0].power))),),
)

LEGENDARY_EXAMPLES: Final = (SETUP, TOLL, FALSE_IDOLS, MENTION)
"""The Legendary Scenario's examples."""


def _damage(seat: int) -> Measure:
    return lambda s: s.state.mages[seat].damage


GEOMANCY = Example(
    "brw.ex.geomancy", "Talia and the School of Geomancy", GAME, "School Reference Card",
    "Talia plays with her three personal spells; at setup step 9 the School of Geomancy "
    "replaces the modelled core's spells, so Rikkart is dealt three Geomancy spells (the "
    "position names them: Root Lash, Stone Shard, Earth Glide). Each casts one on the other.",
    {"players": 2, "geomancy": True, "mages": ["talia", "rikkart"], "rooms": list(ROOMS),
     "spells": [["talia_earthen_ward", "talia_verdant_spike", "talia_living_ground"],
                ["geo_27", "geo_01", "geo_13"]],
     "seats": [{"where": "crypt"}, {"where": "crypt"}]},
    (ExampleStep("The spells each Mage holds.", rule=rule("brw.school.geomancy"),
                 title="Setup step 9", checkpoints=(
                     _cp("Talia prepared", ("talia_earthen_ward", "talia_verdant_spike"),
                         lambda s: s.state.mages[0].prepared),
                     _cp("Rikkart's spells are Geomancy's", True, lambda s: all(
                         geomancy_spell(x) is not None
                         for x in (*s.state.mages[1].prepared, *s.state.mages[1].hand))))),
     ExampleStep("Talia casts Verdant Spike (2 Damage within 1) on Rikkart.",
                 ("cast talia_verdant_spike mage2",), rule=rule("brw.models.talia"),
                 title="Talia's spell", checkpoints=(_cp("Rikkart's Damage", 2, _damage(1)),)),
     ExampleStep("Rikkart casts his Root Lash (1 Damage within 1) on Talia.",
                 ("cast geo_27 mage1",), rule=rule("brw.school.geomancy"),
                 title="A Geomancy spell", checkpoints=(_cp("Talia's Damage", 1, _damage(0)),)),
     ),
)

def _legend_at(s: Session) -> tuple[int, str] | None:
    legend = s.state.evocation("gaea_legend")
    return None if legend is None else (legend.owner, legend.model.where)


def _earner(seat: int) -> Measure:
    """Who would gain the Power Points if the Mage of ``seat`` were defeated now."""
    return lambda s: Rules.defeat_earner(s.state.mages[seat].model, "gaea")


SUMMON = Example(
    "brw.ex.summon_legend", "The Legend comes into play", GAME, _FORGOT,
    "The Forgotten Evocation Gaea (Legend) is in the Evocation deck with the core "
    "Evocations. Rikkart activates the ruined Crypt, which summons: suppose the card drawn "
    "is the Legend. She stands in the Crypt as his Evocation.",
    _spec(seats=[{"where": "crypt"}]),
    (ExampleStep("The Evocation deck: 17 core Evocation cards and the Legend.",
                 rule=rule("brw.forgotten.decks"), title="The Evocation deck", checkpoints=(
                     _cp("cards in the deck", 18, lambda s: len(s.state.evocation_deck)),
                     _cp("the Legend is among them", True,
                         lambda s: "gaea_legend" in s.state.evocation_deck))),
     ExampleStep("Rikkart activates the ruined Crypt: 1 Instability, then he summons.",
                 ("activate",), ("summon gaea_legend",), rule=rule("brw.core.summon"),
                 title="A summon draws the Legend", checkpoints=(
                     _cp("the Legend (owner, Room)", (0, "crypt"), _legend_at),
                     _cp("cards left in the deck", 17,
                         lambda s: len(s.state.evocation_deck)))),
     ),
)

LEGEND = Example(
    "brw.ex.legend", "Gaea (Legend) converts Damage", GAME, _FORGOT,
    "Angela carries 9 Damage: 2 dealt by Arianna, 7 by Gaea. In the Evocation phase "
    "Rikkart's Legend attacks her (1 Damage, Rikkart's), then he picks her Effect: convert "
    "3 Damage on a Model in her Room. The 3 oldest Damage of others become his, so he, not "
    "Arianna, would gain the Power Points of Angela's defeat.",
    {"players": 3, "rooms": [*ROOMS, "cemetery", "observatory", "sanctuary"],
     "at": "evocation",
     "seats": [{"where": "crypt"},
               {"where": "crypt", "dealt": ["mage3", "mage3", *["gaea"] * 7]},
               {"where": "forge"}],
     "evocations": [{"card": "gaea_legend", "owner": 0, "where": "crypt"}]},
    (ExampleStep("Angela's Damage by owner; a defeat's Power Points would go to Arianna, the "
                 "Mage with the most Damage on her.", rule=rule("brw.core.damage_owner"),
                 title="Damage with owners", checkpoints=(
                     _cp("Arianna's Damage on Angela", 2,
                         lambda s: s.state.mages[1].model.owned_damage("mage3")),
                     _cp("a defeat would pay", "mage3", _earner(1)))),
     ExampleStep("The Evocation phase: the Legend stays in the Crypt and attacks Angela.",
                 ("evoke gaea_legend crypt mage2",), rule=rule("brw.ruling.legend_action"),
                 title="Her action", checkpoints=(
                     _cp("pending", "legend", _pending),
                     _cp("Angela's Damage", 10, _damage(1)))),
     ExampleStep("Rikkart picks: convert 3 Damage on Angela.",
                 ("legend convert_damage mage2",), rule=rule("brw.forgotten.gaea_legend"),
                 title="Convert 3 Damage", checkpoints=(
                     _cp("Angela's Damage by owner, oldest first",
                         ("mage1",) * 3 + ("gaea",) * 6 + ("mage1",),
                         _after("legend", lambda st: st.mages[1].model.dealt)),
                     _cp("a defeat would pay", "mage1", _after("legend", lambda st: (
                         Rules.defeat_earner(st.mages[1].model, "gaea")))))),
     ),
)

def _holds(seat: int) -> Measure:
    return lambda s: tuple(sorted((*s.state.mages[seat].hand, *s.state.mages[seat].prepared)))


TALIA_MOON = Example(
    "brw.ex.talia_moon", "Talia's personal spells at a Moon change", GAME,
    "Core game (modelled)",
    "Talia starts with the first of her three personal spells (Earthen Ward) beside the "
    "spells every Mage holds. With 5 Power Points she activates the rebuilt Throne Room: "
    "the Crown and 1 Power Point, which reaches the Second Moon cube on slot 6. Moon 2 "
    "begins and she gains her second personal spell, Verdant Spike, into hand.",
    {"players": 2, "mages": ["talia", "rikkart"], "rooms": list(ROOMS), "crown": 1,
     "seats": [{"where": "throne_room", "power": 5}, {"where": "crypt"}],
     "lodge": {"throne_room": {"rebuilt": True, "root": None}}},
    (ExampleStep("Talia's spells in Moon 1.", rule=rule("brw.core.personal_spells"),
                 title="Moon 1", checkpoints=(
                     _cp("Talia's spells", ("arcane_bolt", "blink", "destabilize",
                                            "talia_earthen_ward"), _holds(0)),)),
     ExampleStep("Rikkart passes; Talia activates the rebuilt Throne Room.",
                 ("pass", "activate"), rule=rule("brw.core.moon"),
                 title="The Moon changes", checkpoints=(
                     _cp("Moon phase", 2, _after("activate", lambda st: st.power_board.moon)),
                     _cp("Talia's personal spells", ("talia_earthen_ward",
                                                     "talia_verdant_spike"),
                         _after("activate", lambda st: st.modules.personal[0])),
                     _cp("Verdant Spike in her hand", True, _after(
                         "activate", lambda st: "talia_verdant_spike" in st.mages[0].hand)))),
     ),
)

def _black_rose_in(room: str) -> Measure:
    return lambda s: s.state.room(room).owners().count("black_rose")


EVENT_REBIRTH = Example(
    "brw.ex.event_rebirth", "An Event played: Rebirth at Sunset", GAME, "Core game (modelled)",
    "The Black Rose phase reveals Rebirth at Sunset: the Black Rose gains its 2 Power Points "
    "and places 1 Instability in each green and grey Room (the Crypt, the Forge, the "
    "Garden), then its phase's 1 in the Black Rose Room.",
    _spec(at="black_rose", events=["rebirth_at_sunset"], lodge={
        r: {"root": None} for r in ("crypt", "forge", "garden", "black_rose_room")}),
    (ExampleStep("After the Black Rose phase, Rikkart prepares his spells.",
                 ("prepare arcane_bolt destabilize",), rule=rule("brw.core.event_effects"),
                 title="Rebirth at Sunset", checkpoints=(
                     _cp("the Event revealed", "rebirth_at_sunset",
                         lambda s: s.state.events[-1]),
                     _cp("the Black Rose's Instability in the Crypt, Forge, Garden",
                         (1, 1, 1), lambda s: tuple(_black_rose_in(r)(s)
                                                    for r in ("crypt", "forge", "garden"))),
                     _cp("the Black Rose's Power Points", 2,
                         lambda s: s.state.power_board.black_rose))),
     ),
)

EVENT_BATTLE = Example(
    "brw.ex.event_battle", "A standing Event: Battle", GAME, "Core game (modelled)",
    "Battle is revealed in the Moon 2 Black Rose phase and stays in force for the round: "
    "whenever a Mage activates a red Room, the Black Rose gains 1 Power Point.",
    _spec(at="black_rose", events=["battle"], gaea_power=6, seats=[{"where": "arena"}]),
    (ExampleStep("The Black Rose phase reveals Battle (2 Power Points); Rikkart prepares.",
                 ("prepare arcane_bolt destabilize",), rule=rule("brw.core.event_effects"),
                 title="Battle in force", checkpoints=(
                     _cp("the Event in force", "battle", lambda s: s.state.events[-1]),
                     _cp("the Black Rose's Power Points", 2,
                         lambda s: s.state.power_board.black_rose))),
     ExampleStep("Rikkart activates the ruined Arena, a red Room.", ("activate",),
                 rule=rule("brw.core.event_effects"), title="A red Room activated",
                 checkpoints=(_cp("the Black Rose's Power Points", 3, _after(
                     "activate", lambda st: st.power_board.black_rose)),)),
     ),
)

ROOM_EFFECT = Example(
    "brw.ex.room_effects", "A Room's own effect: the Arena", GAME, "Core game (modelled)",
    "Each Room plays its own effect. Rikkart activates the ruined Arena on Angela: he places "
    "1 Instability in it, then its effect deals 1 Damage to a Model in the Room, his "
    "target.",
    {"players": 2, "rooms": list(ROOMS), "seats": [
        {"where": "arena"}, {"where": "arena", "dealt": ["gaea"] * 3}],
     "lodge": {"arena": {"root": None}}},
    (ExampleStep("The activations the ruined Arena offers: on a target, or with none.",
                 rule=rule("brw.core.room_effects"), title="Its targets", checkpoints=(
                     _cp("activations", ["activate mage2", "activate"], lambda s: [
                         str(a) for a in s.legal_actions() if a.verb == "activate"]),)),
     ExampleStep("Rikkart activates the Arena on Angela.", ("activate mage2",),
                 rule=rule("brw.core.activate"), title="The Arena's effect", checkpoints=(
                     _cp("Rikkart's Instability in the Arena", 1,
                         lambda s: s.state.room("arena").owners().count("mage1")),
                     _cp("Angela's Damage by owner", ("gaea",) * 3 + ("mage1",),
                         lambda s: s.state.mages[1].model.dealt))),
     ),
)

MODELLED_EXAMPLES: Final = (SUMMON, LEGEND, TALIA_MOON, EVENT_REBIRTH, EVENT_BATTLE,
                            ROOM_EFFECT)
"""The Legend in play and the modelled core around it (notebook 7)."""

EXAMPLES: Final = (*PATHS_EXAMPLES, *LEGENDARY_EXAMPLES, GEOMANCY, *MODELLED_EXAMPLES)
"""Every example of the modules (the game's example list adds them after its own)."""

"""Worked examples of Gaea's rules on the modelled Lodge, as runnable scripts with checkpoints.

The expansion's rulebook gives no worked example of Gaea's rules (its examples are of
Paths), so each example here sets up a small position and checks what the rules say
must happen: Gaea's setup, Root Tokens, the Avatar Effect and the Arbor Vitae, Blossoming
Burst, Dominion, both Priority lines down to the Choice of the Crown, Filius's Priority,
moving, Settle and Comeback, and the modelled core (moving, attacking, casting,
rebuilding, defeats, the Moon phases and the end).  Positions with one or two Mages use
the Rooms of :data:`ROOMS` on the layout's free places:

.. code-block:: text

    the Black Rose Room in the middle; around it, clockwise from the east: the Throne Room,
    the Crypt, the Forge, the Garden, the Arena, the Armory (Cell 1 opens onto the Armory,
    Cell 2 onto the Forge)

>>> [ex.run() is not None for ex in EXAMPLES] == [True] * len(EXAMPLES)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.black_rose_wars.examples_modules import EXAMPLES as MODULE_EXAMPLES
from gaia_lab.games.black_rose_wars.game import BlackRoseWars
from gaia_lab.games.black_rose_wars.rulebook import RULES
from gaia_lab.games.black_rose_wars.state import BRWState, Choice, Room

__all__ = ["EXAMPLES", "ROOMS", "BRWExample", "example"]

_GAME: Final = BlackRoseWars()
ROOMS: Final = ("crypt", "forge", "garden", "arena", "armory")
"""The Rooms of the small examples' free places, in layout order."""


@dataclass(frozen=True, slots=True)
class BRWExample(Example):
    """An example played with this package's engine (registered or not)."""

    def start(self) -> Session:
        return Session(_GAME, options=self.options, scenario=self.scenario)


Measure = Callable[[Session], Any]


def after(prefix: str, nth: int = 0) -> Callable[[Session], BRWState]:
    """The state right after the ``nth`` step whose notation starts with ``prefix``."""
    def find(s: Session) -> BRWState:
        found = [p.state for p in s.history if p.notation.startswith(prefix)]
        state: BRWState = found[nth]
        return state
    return find


def at(prefix: str, read: Callable[[BRWState], Any], nth: int = 0) -> Measure:
    """Measure: a value of the state right after a step."""
    return lambda s: read(after(prefix, nth)(s))


def now(read: Callable[[BRWState], Any]) -> Measure:
    """Measure: a value of the current state."""
    return lambda s: read(s.state)


def said(kind: str) -> Measure:
    """Measure: the texts of the events of one kind so far."""
    return lambda s: tuple(e.text for e in s.events if e.kind == kind)


def cp(label: str, expected: Any, measure: Measure) -> Checkpoint:
    return Checkpoint(label, expected, measure)


def step(commentary: str, rule: str, *checkpoints: Checkpoint, play: tuple[str, ...] = (),
         title: str = "") -> ExampleStep:
    return ExampleStep(commentary, play, (), RULES[rule], checkpoints, title)


def example(ident: str, title: str, source: str, summary: str, scenario: Mapping[str, Any],
            *steps: ExampleStep, notes: str = "") -> BRWExample:
    return BRWExample(ident, title, "black_rose_wars", source, summary, dict(scenario),
                      steps, notes)


def _small(players: int = 1, **more: Any) -> dict[str, Any]:
    return {"players": players, "rooms": list(ROOMS), **more}


def _root(rid: str) -> Callable[[BRWState], Any]:
    return lambda st: _root_slots(st.room(rid))


def _root_slots(room: Room) -> tuple[str, ...] | None:
    return None if room.root is None else room.root.slots


def _chosen(state: BRWState) -> Choice:
    """The state's last AI choice (an example's checkpoint expects one)."""
    assert state.choice is not None
    return state.choice


def _pending(s: Session) -> str:
    return s.pending.kind if s.pending is not None else ""


def _rule_of(s: Session, action: str) -> str:
    rule = s.explain(action).rule
    return rule.id if rule is not None else ""


def _slots(rid: str) -> Callable[[BRWState], Any]:
    return lambda st: st.room(rid).slots


_AIM: Final = {"garden": {"slots": ["black_rose"]}}
"""One Black Rose Instability in the Garden: Gaea's target whatever her Priority line."""
_PASS: Final = "Rikkart passes his second turn: Gaea activates with the Command card on top."

SETUP = example(
    "brw.ex.gaea_setup", "Gaea's setup", "Gaea Setup",
    "The five steps of Gaea's setup, done in step 3 of the Avatar setup.",
    _small(2),
    step("Gaea's model starts in the Black Rose Room.", "brw.setup.gaea_model",
         cp("Gaea", "black_rose_room", now(lambda st: st.avatar.model.where)),
         cp("her card", (12, 1, 2), now(lambda st: (st.avatar.model.health,
                                                    st.avatar.model.strength,
                                                    st.avatar.model.speed))),
         title="Gaea's model"),
    step("The Filius token starts in the Throne Room.", "brw.setup.filius_token",
         cp("Filius", "throne_room", now(lambda st: st.avatar.filius.where)),
         cp("its card", (3, 2, 2), now(lambda st: (st.avatar.filius.health,
                                                   st.avatar.filius.strength,
                                                   st.avatar.filius.speed))),
         title="The Filius token"),
    step("The Filius card goes in the Servant slot of the Avatar board.",
         "brw.setup.filius_card",
         cp("Servant slot", "filius", now(lambda st: st.avatar.servant)),
         title="The Servant slot"),
    step("Every Room of the Lodge receives a Root Token; 5 of the 12 stay in the pool.",
         "brw.setup.root_tokens",
         cp("Rooms with a Root Token", 7, now(lambda st: sum(1 for r in st.rooms if r.root))),
         cp("Root Tokens in the pool", 5, now(lambda st: st.avatar.root_pool)),
         title="Root Tokens"),
    step("Nature's Fury leaves the Forgotten Spell deck.", "brw.setup.natures_fury",
         cp("in the deck", False, now(lambda st: "natures_fury" in st.forgotten_spells)),
         cp("removed", ("natures_fury",), now(lambda st: st.removed)),
         title="Nature's Fury"),
)

FIVE = example(
    "brw.ex.root_pool_empty", "Five Mages: one Room too many", "Root Tokens",
    "The five-Mage Lodge has 13 Rooms and the box 12 Root Tokens: the last Room gets none.",
    {"players": 5},
    step("Setup places a Root Token in each Room in layout order; the thirteenth finds the "
         "pool empty, and no token is placed.", "brw.root.no_place",
         cp("Rooms without a Root Token", ("observatory",),
            now(lambda st: tuple(r.id for r in st.rooms if r.root is None))),
         cp("the pool", 0, now(lambda st: st.avatar.root_pool))),
)

ROOTS_FIRST = example(
    "brw.ex.roots_first", "Instability goes on the Root Token first", "Root Tokens",
    "Destabilize in a Room with a Root Token fills the token before the Room's slots; Gaea "
    "then tries to place a Root Token where one already is.",
    _small(2, seats=[{"where": "crypt", "prepared": ["arcane_bolt", "destabilize"]}],
           commands=["c04"]),
    step("Rikkart casts Destabilize (2 Instability) in the Crypt, his Room: both go on its "
         "Root Token, which counts as being in the Room.", "brw.root.instability_first",
         cp("on the Root Token", ("mage1", "mage1"), now(_root("crypt"))),
         cp("on the Room's slots", (), now(_slots("crypt"))),
         cp("Instability in the Crypt", 2, now(lambda st: st.room("crypt").instability)),
         play=("cast destabilize crypt",)),
    step("Angela passes, and so does Rikkart; Gaea draws Sap Rising (Priority 2: root, "
         "avatar). Every Room has a Root Token, so the Crypt wins on Instability; her Tool "
         "places no Root Token there, since it holds one; her Avatar Effect places her "
         "Instability on the Room's slots, the token being full.", "brw.root.no_place",
         cp("target", "crypt", at("target", lambda st: _chosen(st).chosen)),
         cp("Root Token refused", "No Root Token is placed in the Crypt: it already holds "
                                  "one.", lambda s: said("root.none")(s)[0]),
         cp("the Crypt's slots", ("gaea",), at("discard", _slots("crypt"))),
         play=("pass", "pass")),
)

REBUILT = example(
    "brw.ex.rebuilt_root", "A Root Token in a Rebuilt Room", "Root Tokens",
    "Only the Black Rose places Instability on a Root Token in a Rebuilt Room.",
    _small(1, at="black_rose", lodge={"black_rose_room": {"rebuilt": True}}),
    step("The Black Rose phase: the Black Rose places 1 Instability in the Black Rose Room, "
         "rebuilt but holding a Root Token: it goes on the token.", "brw.root.rebuilt_black_rose",
         cp("on the Root Token", ("black_rose",), now(_root("black_rose_room"))),
         cp("the Room's side", True, now(lambda st: st.room("black_rose_room").rebuilt))),
    step("Rikkart prepares Destabilize and walks to the Black Rose Room; Destabilize there "
         "is refused: no Mage places Instability in a Rebuilt Room, token or not.",
         "brw.root.rebuilt_black_rose",
         cp("refusal", "cast.rebuilt", lambda s: s.explain(
             "cast destabilize black_rose_room").code),
         cp("its rule", "brw.root.rebuilt_black_rose", lambda s: _rule_of(
             s, "cast destabilize black_rose_room")),
         play=("prepare arcane_bolt destabilize", "move black_rose_room")),
)

DESTROYED = example(
    "brw.ex.root_destroyed", "Destroying a Root Token", "Root Tokens",
    "A Root Token is a Model: 2 Damage removes it and its Instability goes back.",
    _small(2, seats=[{"where": "crypt"}], lodge={"crypt": {"root": ["mage2", "gaea"]}}),
    step("Rikkart attacks the Root Token of the Crypt with Strength 2: it leaves the Lodge, "
         "Angela's and Gaea's Instability go back to their pools, the token to Gaea's pool.",
         "brw.root.destruction",
         cp("the Crypt's Root Token", None, now(_root("crypt"))),
         cp("Instability in the Crypt", 0, now(lambda st: st.room("crypt").instability)),
         cp("Root Tokens in the pool", 6, now(lambda st: st.avatar.root_pool)),
         play=("attack root:crypt",)),
)

REBUILD = example(
    "brw.ex.rebuild", "Rebuilding a Room removes its Root Token", "Root Tokens",
    "The sixth Instability rebuilds the Crypt; the Root Token's Instability counts in the "
    "ranking, then the token is removed.",
    _small(1, seats=[{"where": "crypt"}],
           lodge={"crypt": {"slots": ["mage1"] * 5, "root": ["gaea", "gaea"]}}),
    step("Rikkart activates the ruined Crypt: his Instability fills the sixth slot. He has 6 "
         "Instability in the Room, Gaea 2: he gains the first reward (4), Gaea the second "
         "(2); the Root Token is removed and the Crypt turns to its rebuilt side.",
         "brw.root.rebuilding",
         cp("rebuilt", True, at("activate", lambda st: st.room("crypt").rebuilt)),
         cp("Root Token", None, at("activate", _root("crypt"))),
         cp("Rikkart's Power Points", 4, at("activate", lambda st: st.mages[0].power)),
         cp("Gaea's Power Points", 2, at("activate", lambda st: st.avatar.power)),
         cp("Root Tokens in the pool", 6, at("activate", lambda st: st.avatar.root_pool)),
         play=("activate",)),
)

AVATAR_EFFECT = example(
    "brw.ex.avatar_effect", "The Avatar Effect and an Arbor Vitae", "Avatar Card Anatomy",
    "Gaea's Avatar Effect: Instability in the target, Instability moved onto Root Tokens, "
    "three full Root Tokens turned into an Arbor Vitae.",
    _small(1, at="turn", turn=2, commands=["c08"], lodge={
        "crypt": {"slots": ["mage1", "mage1"], "root": None},
        "forge": {"slots": ["mage1"], "root": ["gaea"]},
        "throne_room": {"root": ["gaea", "gaea"]},
        "black_rose_room": {"root": ["black_rose", "gaea"]}}),
    step(_PASS + " Deep Growth (Priority 1: avatar, avatar). The Crypt is the only Room "
         "without a Root Token: it is the target.", "brw.priority.no_root",
         cp("target", "crypt", at("target", lambda st: _chosen(st).chosen)),
         cp("kept by -Root Token", ("crypt",), at("target", lambda st: _chosen(st).steps[0].kept)),
         play=("pass",), title="The target"),
    step("The first Avatar Effect places Gaea's Instability in the Crypt, moves the Forge's "
         "Instability onto its Root Token (now full), and with three full Root Tokens (the "
         "Black Rose Room, the Throne Room, the Forge) removes them and grows an Arbor Vitae "
         "where Gaea stands; the second places another Instability in the Crypt.",
         "brw.avatar.effect.arbor_vitae",
         cp("the Crypt", ("mage1", "mage1", "gaea", "gaea"), at("discard", _slots("crypt"))),
         cp("Arbor Vitae", ("black_rose_room",), at("discard", lambda st: st.arbor_vitae)),
         cp("Root Tokens left", ("garden", "arena", "armory"),
            at("discard", lambda st: tuple(r.id for r in st.rooms if r.root))),
         cp("Root Tokens in the pool", 9, at("discard", lambda st: st.avatar.root_pool)),
         title="Two Avatar Effects"),
    step("At the start of Clean-up, Blossoming Burst gives Gaea 1 Power Point for the Arbor "
         "Vitae (no Root Token is full).", "brw.skill.blossoming_burst",
         cp("Gaea's Power Points", 1, at("burst", lambda st: st.avatar.power)),
         title="Blossoming Burst"),
)

ARBOR_CROWN = example(
    "brw.ex.arbor_crown", "Four full Root Tokens: the Crown picks three", "Avatar Card Anatomy",
    "With more full Root Tokens than the three removed, the Crown's holder picks them.",
    _small(1, at="turn", turn=2, commands=["c08"], lodge={
        "crypt": {"root": None}, "black_rose_room": {"root": ["gaea", "gaea"]},
        "throne_room": {"root": ["gaea", "gaea"]}, "forge": {"root": ["mage1", "gaea"]},
        "garden": {"root": ["gaea", "black_rose"]}}),
    step(_PASS + " Deep Growth's first Avatar Effect finds four full Root Tokens: Rikkart, "
         "holding the Crown, picks the ones removed.", "brw.ruling.arbor_which",
         cp("pending", "crown", _pending),
         cp("options", ("crown black_rose_room", "crown throne_room", "crown forge",
                        "crown garden"), lambda s: tuple(map(str, s.legal_actions()))),
         play=("pass",)),
    step("He removes the Garden's, the Forge's and the Throne Room's.",
         "brw.avatar.effect.arbor_vitae",
         cp("full Root Tokens left", ("black_rose_room",),
            at("discard", lambda st: tuple(r.id for r in st.rooms
                                           if r.root and r.root.full))),
         cp("Arbor Vitae", 1, at("discard", lambda st: len(st.arbor_vitae))),
         play=("crown garden", "crown forge", "crown throne_room")),
)

BURST = example(
    "brw.ex.blossoming_burst", "Blossoming Burst", "Blossoming Burst",
    "Gaea gains 1 Power Point per Arbor Vitae and per full Root Token.",
    _small(1, at="turn", turn=2, commands=["c05"], arbor_vitae=["crypt", "forge"],
           lodge={"throne_room": {"root": ["gaea", "gaea"]},
                  "garden": {"root": ["mage1", "gaea"]}}),
    step(_PASS + " Thorn Lash only moves and attacks; then Clean-up begins with Blossoming "
         "Burst: 2 Arbor Vitae and 2 full Root Tokens give 4 Power Points.",
         "brw.skill.blossoming_burst",
         cp("Gaea's Power Points", 4, at("burst", lambda st: st.avatar.power)),
         cp("the game goes on", False, lambda s: s.is_over()),
         play=("pass",)),
)

BLOOM = example(
    "brw.ex.blossoming_win", "Three Arbor Vitae: Gaea wins", "Blossoming Burst",
    "With three Arbor Vitae in the Lodge at Blossoming Burst, the Avatar wins at once.",
    _small(1, at="turn", turn=2, commands=["c05"], arbor_vitae=["crypt", "forge", "garden"],
           lodge=_AIM),
    step(_PASS + " At the start of Clean-up three Arbor Vitae stand in the Lodge.",
         "brw.skill.blossoming_win",
         cp("over", True, lambda s: s.is_over()),
         cp("how", "blossoming", now(lambda st: st.victory)),
         cp("winning Mages", (), lambda s: s.winners()),
         play=("pass",)),
)

DOMINION = example(
    "brw.ex.dominion", "Dominion", "Dominion",
    "Gaea, due to activate in a Cell, does not activate and goes to the Black Rose Room.",
    _small(1, at="turn", turn=2, gaea={"where": "cell1"}),
    step(_PASS + " She stands in Rikkart's Cell: she draws no card and places herself in "
         "the Black Rose Room.", "brw.skill.dominion",
         cp("Gaea", "black_rose_room", at("avatar", lambda st: st.avatar.model.where)),
         cp("Command cards drawn", 30, at("avatar", lambda st: len(st.avatar.commands))),
         play=("pass",)),
)

_TWO_OPEN = {"crypt": {"slots": ["mage1"], "root": None},
             "forge": {"slots": ["mage1"], "root": None}}

PRIORITY_1 = example(
    "brw.ex.priority_1", "Priority 1: the most Models", "Gaea Priority",
    "Two Rooms without a Root Token and with 1 Instability each: Priority 1 takes the one "
    "with more Models.",
    _small(1, at="turn", turn=2, commands=["c02"], lodge=_TWO_OPEN,
           seats=[{"where": "crypt"}]),
    step(_PASS + " Verdant Stride (Priority 1): -Root Token keeps the Crypt and the Forge, "
         "+Instability keeps both (1 each), +Models takes the Crypt (Rikkart is there).",
         "brw.priority.most_models",
         cp("criteria", ("-Root Token", "+Instability", "+Models"),
            at("target", lambda st: tuple(x.criterion for x in _chosen(st).steps))),
         cp("target", "crypt", at("target", lambda st: _chosen(st).chosen)),
         cp("Gaea moves in and attacks", (1, "crypt"),
            at("discard", lambda st: (st.mages[0].damage, st.avatar.model.where))),
         play=("pass",)),
)

PRIORITY_2 = example(
    "brw.ex.priority_2", "Priority 2: the fewest Models", "Gaea Priority",
    "The same Lodge: Priority 2 takes the Room with fewer Models.",
    _small(1, at="turn", turn=2, commands=["c09"], lodge=_TWO_OPEN,
           seats=[{"where": "crypt"}]),
    step(_PASS + " Overgrowth (Priority 2): the same two Rooms are tied on Instability; "
         "-Models takes the Forge, where no one stands.", "brw.priority.fewest_models",
         cp("target", "forge", at("target", lambda st: _chosen(st).chosen)),
         cp("values of -Models", (("crypt", 1), ("forge", 0)),
            at("target", lambda st: _chosen(st).steps[-1].values)),
         play=("pass",)),
)

PRIORITY_CROWN = example(
    "brw.ex.priority_crown", "Tied to the end: the Choice of the Crown", "Gaea Priority",
    "Rooms equal on every criterion are settled by the Crown's holder.",
    _small(1, at="turn", turn=2, commands=["c02"], lodge=_TWO_OPEN),
    step(_PASS + " The Crypt and the Forge are equal on every criterion (no Root Token, 1 "
         "Instability, no Model): Rikkart, holding the Crown, chooses.",
         "brw.priority.crown",
         cp("pending", "crown", _pending),
         cp("options", ("crown crypt", "crown forge"),
            lambda s: tuple(map(str, s.legal_actions()))),
         play=("pass",)),
    step("He chooses the Forge; Gaea resolves her card on it.", "brw.core.choice_of_the_crown",
         cp("chosen", ("forge", True), at("crown", lambda st: (_chosen(st).chosen,
                                                               _chosen(st).by_crown))),
         cp("Gaea", "forge", at("discard", lambda st: st.avatar.model.where)),
         play=("crown forge",)),
)

_FILIUS = {"commands": ["c04"], "at": "turn", "turn": 2, "lodge": _AIM}

FILIUS_POWER = example(
    "brw.ex.filius_power", "Filius goes for the most Power Points", "Filius Priority",
    "Filius targets the Mage with the most Power Points, moves to them and attacks.",
    _small(2, **_FILIUS, seats=[{"where": "crypt"}, {"where": "armory", "power": 3}]),
    step("Both Mages pass; Gaea plays Sap Rising; in the Evocation phase Filius picks "
         "Angela (3 Power Points to 0), moves to the Armory and attacks her.",
         "brw.filius.most_power",
         cp("target", "mage2", at("filius", lambda st: _chosen(st).chosen)),
         cp("decided by", ("+Power Points",),
            at("filius", lambda st: tuple(x.criterion for x in _chosen(st).steps))),
         cp("Angela's Damage", 2, now(lambda st: st.mages[1].damage)),
         play=("pass", "pass")),
)

FILIUS_CROWN = example(
    "brw.ex.filius_crown", "Filius: tied to the end", "Filius Priority",
    "Two Mages equal in Power Points, Damage, distance and Trophies: the Crown decides.",
    _small(2, **_FILIUS, seats=[{"where": "crypt"}, {"where": "armory"}]),
    step("Both Mages pass; in the Evocation phase Filius, in the Throne Room, finds them "
         "equal on all four criteria, each one step away.", "brw.filius.crown",
         cp("pending", "crown", _pending),
         cp("criteria", ("+Power Points", "+Damage", "-Area", "+Trophies"),
            at("filius", lambda st: tuple(x.criterion for x in _chosen(st).steps))),
         play=("pass", "pass")),
    step("Rikkart chooses Angela: Filius moves to the Armory and attacks her.",
         "brw.core.choice_of_the_crown",
         cp("Angela's Damage", 2, now(lambda st: st.mages[1].damage)),
         play=("crown mage2",)),
)

FILIUS_CLOSER = example(
    "brw.ex.filius_closer", "Filius moves as close as it can", "Filius Priority",
    "A target in their Cell cannot be reached: Filius moves as close as it can.",
    _small(1, **_FILIUS),
    step("Rikkart passes in his Cell. Filius targets him, moves from the Throne Room to the "
         "Armory, next to the Cell, and does not attack.", "brw.filius.closer",
         cp("Filius", "armory", now(lambda st: st.avatar.filius.where)),
         cp("Rikkart's Damage", 0, now(lambda st: st.mages[0].damage)),
         play=("pass",)),
)

FILIUS_ALONE = example(
    "brw.ex.filius_no_mage", "No Mage in the Lodge", "Filius Priority",
    "With no Mage in the Lodge Filius does not move.",
    _small(1, **_FILIUS, seats=[{"where": ""}]),
    step("Rikkart is out of the Lodge; he passes. Filius stays in the Throne Room.",
         "brw.filius.no_mage",
         cp("Filius", "throne_room", now(lambda st: st.avatar.filius.where)),
         cp("said", 1, lambda s: len(said("filius.no_mage")(s))),
         play=("pass",)),
)

COMEBACK = example(
    "brw.ex.comeback", "Comeback", "Special Rules",
    "Filius, out of the Lodge when it should activate, comes back in the Throne Room.",
    _small(1, **_FILIUS, filius={"where": ""}),
    step("Rikkart passes; in the Evocation phase Filius is not in the Lodge: Gaea places it "
         "in the Throne Room instead of activating it.", "brw.filius.comeback",
         cp("Filius", "throne_room", now(lambda st: st.avatar.filius.where)),
         cp("its card", "filius", now(lambda st: st.avatar.servant)),
         play=("pass",)),
)

SETTLE = example(
    "brw.ex.settle", "Settle", "Special Rules",
    "Filius, defeated, places 1 Instability in the Room where it fell.",
    _small(1, seats=[{"where": "throne_room"}], filius={"damage": 1}),
    step("Rikkart casts Arcane Bolt (2 Damage) on Filius in the Throne Room: Health 3 is "
         "reached. Filius leaves the Lodge, places Gaea's Instability in the Throne Room (on "
         "its Root Token), and Rikkart gains an Evocation Trophy and 1 Power Point; the "
         "Filius card stays in the Servant slot.", "brw.filius.settle",
         cp("Filius", "", at("cast", lambda st: st.avatar.filius.where)),
         cp("the Throne Room's Root Token", ("gaea",), at("cast", _root("throne_room"))),
         cp("Rikkart", (("evocation",), 1), at("cast", lambda st: (st.mages[0].trophies,
                                                                    st.mages[0].power))),
         cp("Servant slot", "filius", at("cast", lambda st: st.avatar.servant)),
         play=("cast arcane_bolt filius",)),
)

CORE = example(
    "brw.ex.core_turns", "The modelled core: a Mage's turns", "Core game (modelled)",
    "Moving, attacking and defeating, as the engine models the core game.",
    _small(2, seats=[{"where": "crypt"}, {"where": "crypt", "damage": 9}]),
    step("Rikkart attacks Angela (Strength 2): her Damage reaches her Health 11; she returns "
         "to her Cell, and Rikkart gains a Mage Trophy and 3 Power Points.",
         "brw.core.defeat_mage",
         cp("Angela", ("cell2", 0), now(lambda st: (st.mages[1].where, st.mages[1].damage))),
         cp("Rikkart", (("mage",), 3), now(lambda st: (st.mages[0].trophies,
                                                        st.mages[0].power))),
         play=("attack mage2",)),
    step("Angela may not walk into Rikkart's Cell, nor reach the Garden in one move (3 steps "
         "for Speed 2).", "brw.core.move",
         cp("into a Cell", "move.cell", lambda s: s.explain("move cell1").code),
         cp("too far", "move.too_far", lambda s: s.explain("move arena").code)),
)

AVATAR_DEFEAT = example(
    "brw.ex.avatar_defeat", "Defeating Gaea", "Core game (modelled)",
    "A Mage who defeats the Avatar gains 5 Power Points and an Avatar Trophy.",
    _small(1, seats=[{"where": "black_rose_room"}], gaea={"damage": 10}),
    step("Rikkart attacks Gaea (2 Damage, Health 12): she is defeated and starts again in "
         "the Black Rose Room.", "brw.core.defeat_avatar",
         cp("Rikkart", (("avatar",), 5), now(lambda st: (st.mages[0].trophies,
                                                          st.mages[0].power))),
         cp("Gaea", ("black_rose_room", 0), now(lambda st: (st.avatar.model.where,
                                                            st.avatar.model.damage))),
         play=("attack gaea",)),
)

MOON = example(
    "brw.ex.moon", "The Second Moon", "Core game (modelled)",
    "A Power marker reaching the Second Moon cube starts the second Moon phase at once.",
    _small(1, seats=[{"where": "throne_room", "power": 5}],
           lodge={"throne_room": {"rebuilt": True}}),
    step("Rikkart activates the rebuilt Throne Room: the Crown and 1 Power Point, his sixth, "
         "reaches the cube on slot 6.", "brw.core.moon",
         cp("Moon phase", 2, at("activate", lambda st: st.power_board.moon)),
         play=("activate",)),
)

END = example(
    "brw.ex.end", "The end of the game", "Core game (modelled)",
    "At Clean-up step 1 a marker on the Black Rose cube ends the game.",
    _small(1, at="turn", turn=2, black_rose=30, seats=[{"power": 12}], lodge=_AIM),
    step(_PASS + " At Clean-up the Black Rose's marker stands on slot 30: the game ends, and "
         "the Black Rose has more Power Points than Rikkart.", "brw.core.end",
         cp("over", True, lambda s: s.is_over()),
         cp("winning Mages", (), lambda s: s.winners()),
         play=("pass",)),
)

EXAMPLES: Final = (SETUP, FIVE, ROOTS_FIRST, REBUILT, DESTROYED, REBUILD, AVATAR_EFFECT,
                   ARBOR_CROWN, BURST, BLOOM, DOMINION, PRIORITY_1, PRIORITY_2,
                   PRIORITY_CROWN, FILIUS_POWER, FILIUS_CROWN, FILIUS_CLOSER, FILIUS_ALONE,
                   COMEBACK, SETTLE, CORE, AVATAR_DEFEAT, MOON, END, *MODULE_EXAMPLES)
"""The examples, Gaea's setup first, then the modules' (:mod:`.examples_modules`)."""

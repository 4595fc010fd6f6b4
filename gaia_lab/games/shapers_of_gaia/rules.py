"""Shapers of Gaia rules: legality, explanations and effects from one source of truth.

:meth:`Rules.legal` lists every legal action of the head task; :meth:`Rules.explain` says
an action is legal exactly when it is listed and otherwise diagnoses why not, citing a
``sog.`` rule; :meth:`Rules.apply` resolves the head task and settles the steps that need
no decision.

A turn is a ``turn`` task.  Introducing an Animal queues ``card`` (take a Species card),
``activate`` (the row's cards, in the chosen order) and ``end``; restoring queues
``resolve`` (your action on the tile), one ``other`` per opponent in turn order, ``more``
(another tile or ``stop``) and ``end`` (draw back up, end triggers, next player).
Abilities add ``avian`` (before the card), ``clone`` and ``swarm`` (after it) and
``surge`` (after taking a DNA token); persistent ability moves (``redeploy``,
``stasis``, ``recycle``, ``accrete``) are offered at every step of the active player's
own turn.  With Biomolecular Synthesis a payment short of basic resources names the
advanced resources that pay them (``wild=ne``: one Nutrient and one Energy).

>>> from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
>>> g = ShapersOfGaia()
>>> s = g.scenario({"players": 2})
>>> sorted({str(a).split()[0] for a in g.legal_actions(s)})
['intro', 'restore']
>>> print(g.explain(s, g.parse_action(s, "intro P1 A1")))  # doctest: +ELLIPSIS
not legal now: The Predator of space P1 costs 4 Seed; you have 1. \
[2. Spend Resources and Place an Animal]
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Annotated, Any, Final, Literal

from gaia_lab.core.codec import OneOf, Size
from gaia_lab.core.events import UNREAD, Event
from gaia_lab.core.flow import Flow, Task, TaskKind
from gaia_lab.core.hexgrid import Hex
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve, evolver, slot_init
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.shapers_of_gaia import abilities, board
from gaia_lab.games.shapers_of_gaia.actions import BASIC, WILD, Action, action_table, shared
from gaia_lab.games.shapers_of_gaia.components import (
    ADVANCED,
    ANIMALS,
    BIOME_RESOURCE,
    DNA_COLOURS,
    RESOURCES,
    Amounts,
    Components,
    Effect,
)
from gaia_lab.games.shapers_of_gaia.rulebook import RULES
from gaia_lab.games.shapers_of_gaia.state import (
    MAX_PLAYERS,
    ROWS,
    Animal,
    PlayerState,
    RowCard,
    SGState,
)

__all__ = ["FLOW", "HAND", "RESTORE_LIMIT", "ROW_LIMIT", "SETUP", "Rules"]

# The copies the steps of a game make over and over, as functions of the new values (the
# same copies as :func:`~gaia_lab.core.values.evolve`'s, without reading keywords).
_with_tasks: Final = evolver(SGState, "tasks")
"""The copy nearly every step makes: the pending steps change."""
_with_seats_tasks: Final = evolver(SGState, "seats", "tasks")
"""A step that changes a player (paying, gaining) and the pending steps."""
_with_introduced: Final = evolver(SGState, "seats", "shapers", "animals", "tasks")
_with_card_taken: Final = evolver(SGState, "seats", "decks", "displays", "removed", "tasks")
_with_restored: Final = evolver(SGState, "seats", "tiles", "caretaker", "dna_board", "tasks")
_with_animal_moved: Final = evolver(SGState, "seats", "animals", "used")
_with_turn_ended: Final = evolver(SGState, "seats", "stack", "final_turns", "active", "turn",
                                  "used", "tasks")
_paid: Final = evolver(PlayerState, "resources", "prestige", "dna", "toxicity")
_gained: Final = evolver(PlayerState, "resources", "prestige", "toxicity")
_with_hand: Final = evolver(PlayerState, "hand")
_with_hand_dna: Final = evolver(PlayerState, "hand", "dna")
_with_board: Final = evolver(PlayerState, "board")
_moved_to: Final = evolver(Animal, "where")

_PASS: Final = Action("pass")
_STOP: Final = Action("stop")
_SKIP: Final = Action("skip")
_REFRESH: Final = Action("refresh")
_RESOLVE_NONE: Final = Action("resolve", ("none",))
_END_INTRO: Final = Task("end", "rules", ("intro",))
_END_RESTORE: Final = Task("end", "rules", ("restore",))
_END_SKIP: Final = Task("end", "rules", ("skip",))
_SCORE: Final = Task("score", "rules")
_TURN: Final = tuple(Task("turn", seat) for seat in range(MAX_PLAYERS))
"""The actions and steps that carry no words of their own, made once."""

ROW_LIMIT: Final = 4
"""At most 4 Species cards in one Ecosystem row."""
RESTORE_LIMIT: Final = 3
"""At most 3 tiles restored in one turn."""

HAND: Final = 3
"""Biome tiles dealt to each player at setup."""


def _kind(name: str, rule: str, what: str, verbs: str,
          actor: Literal["player", "chance", "rules"] = "player", phase: str = "",
          ask: str = "", data: Any = tuple[()]) -> TaskKind:
    return TaskKind(name, rule, what, frozenset(verbs.split()), actor, phase, ask, data)


Row = Annotated[str, OneOf(ROWS)]
"""An Ecosystem row, by its resource."""
Word = Annotated[str, Size(1, 60)]
"""A card or tile id (the game's invariants check that it names one)."""
Flag = Literal["0", "1"]
_CARD = tuple[Annotated[str, OneOf(ANIMALS)], Row, Flag, Flag, Flag, Annotated[str, Size(0, 60)]]
"""A ``card`` task: the animal type, the row, whether a Vault space was used, whether
the Special Card ability applies, whether the display was refreshed, and the turn's
ability flags (``"clone,swarm"``)."""


FLOW: Final[Flow[Action]] = Flow([
    _kind("shapers", "sog.setup.shaper", "setup: the Shapers are dealt (chance)", "shapers",
          "chance", "setup"),
    _kind("land", "sog.setup.start_land", "setup: the three starting land tiles (chance)",
          "land", "chance", "setup"),
    _kind("stack", "sog.setup.stack",
          "setup: the tile stack is shuffled I over II over III (chance)", "stack", "chance",
          "setup"),
    _kind("deal", "sog.setup.hands", "setup: each player is dealt 3 tiles (rules)", "deal",
          "rules", "setup"),
    _kind("dna", "sog.setup.dna", "setup: the DNA tokens go on their spaces (rules)", "dna",
          "rules", "setup"),
    _kind("behaviors", "sog.setup.behaviors", "setup: the Behavior sides (chance)",
          "behaviors", "chance", "setup"),
    _kind("decks", "sog.setup.species", "setup: the Species decks are shuffled (chance)",
          "decks", "chance", "setup"),
    _kind("display", "sog.setup.species",
          "setup: two cards of each deck form the display (rules)", "display", "rules",
          "setup"),
    _kind("first", "sog.setup.start_player", "setup: the start player (chance)", "first",
          "chance", "setup"),
    _kind("turn", "sog.turn.choose", "{name}: introduce an animal or restore biomes",
          "intro restore skip redeploy stasis recycle accrete", phase="turn",
          ask="choose Introduce an Animal or Restore Biomes"),
    _kind("card", "sog.introduce.take_card", "{name}: take a {0} card", "card refresh skip",
          phase="own", ask="take a Species card", data=_CARD),
    _kind("activate", "sog.introduce.activate_row", "{name}: activate the {0} row",
          "activate decline", phase="own", ask="activate the cards of the row",
          data=tuple[Annotated[str, OneOf((*ROWS, "*"))], *tuple[Word, ...]]),
    _kind("resolve", "sog.restore.resolve", "{name}: resolve one action of the restored tile",
          "resolve", phase="own", ask="resolve one action of the restored tile",
          data=tuple[Word]),
    _kind("other", "sog.restore.opponents",
          "{name}: take the other action of the tile, or pass", "take pass",
          ask="decide whether to resolve the other action of the tile",
          data=tuple[Word, Flag]),
    _kind("more", "sog.restore.next_tile", "{name}: restore another tile, or stop",
          "restore stop", phase="own", ask="restore another tile or stop",
          data=tuple[Annotated[str, OneOf(tuple(str(i) for i in range(1, RESTORE_LIMIT + 1)))]]),
    _kind("swarm", "sog.shaper.synthara.swarm",
          "{name}: Swarm: introduce a second animal, or pass", "intro pass", phase="own",
          ask="introduce a second animal (Swarm) or pass", data=tuple[Row]),
    _kind("avian", "sog.shaper.telrin.avian_call",
          "{name}: Avian Call: a Herbivore card into a row", "avian", phase="own",
          ask="add a Herbivore card of the display to a row (Avian Call)"),
    _kind("clone", "sog.shaper.maldera.clone_experiment",
          "{name}: Clone Experiment: borrow a Scavenger card", "clone pass", phase="own",
          ask="choose a Scavenger card of the display to clone, or pass", data=tuple[Row]),
    _kind("surge", "sog.shaper.rastar.power_surge", "{name}: Power Surge after a {0} DNA token",
          "surge pass", phase="own", ask="choose the cards Power Surge activates, or pass",
          data=tuple[Annotated[str, OneOf(DNA_COLOURS)]]),
    _kind("end", "sog.turn.next", "end of the turn (rules)", "end", "rules",
          data=tuple[Literal["intro", "restore", "skip"], *tuple[Word, ...]]),
    _kind("score", "sog.end.final_round", "final scoring (rules)", "score", "rules"),
], verb=attrgetter("verb"))
"""Every kind of pending step of Shapers of Gaia: its rule, what it waits for (``{name}``
the acting seat, ``{0}`` the task's first word), the verbs that resolve it, its actor
and phase (``"setup"``; ``"own"``: a step of the active player's turn, where persistent
ability moves are offered too); the rules register their listers and resolvers."""

SETUP: Final = tuple(k.name for k in FLOW.kinds.values() if k.phase == "setup")
"""The setup steps, in order."""

_OWN_STEPS: Final = frozenset(k.name for k in FLOW.kinds.values() if k.phase == "own")
"""The active player's steps (besides ``turn``) during which persistent ability moves are
also offered (the rulebook allows them any number of times on your turn)."""
_ABILITY_VERBS: Final = frozenset({"redeploy", "stasis", "recycle", "accrete"})

_VERB_RULE: Final[dict[str, RuleRef]] = {
    "intro": RULES["sog.introduce.move"],
    "card": RULES["sog.introduce.take_card"],
    "refresh": RULES["sog.biome.vault_refresh"],
    "activate": RULES["sog.introduce.activation_order"],
    "decline": RULES["sog.introduce.conversion_optional"],
    "restore": RULES["sog.restore.place_tile"],
    "skip": RULES["sog.turn.skip"],
}
_NAMES: Final = {"shard": "Shard", "spore": "Spore", "seed": "Seed", "nutrient": "Nutrient",
                 "energy": "Energy", "prestige": "Prestige", "dna": "DNA",
                 "discard": "Toxicity discarded", "any_basic": "basic resource of your choice"}


_RULE: Final = {rule_id: RULES[rule_id] for rule_id in RULES}


_r: Final = _RULE.__getitem__
"""The rule of an id (a KeyError names an unknown one)."""


def biomes(state: SGState, components: Components) -> dict[Hex, str]:
    """Each placed tile's space and biome."""
    return {board.parse_space(s): components.tile(t).biome for s, t in state.tiles}


def occupied(state: SGState) -> set[Hex]:
    """The board spaces holding an animal (Vault spaces are not board spaces)."""
    return {board.parse_space(a.where) for a in state.animals if not a.where.startswith("v")}


def occupied_labels(state: SGState) -> set[str]:
    """The labels of the board spaces holding an animal."""
    return {a.where for a in state.animals if not a.where.startswith("v")}


# ---------------------------------------------------------------------------
# Resources

_INDEX: Final = {r: i for i, r in enumerate(RESOURCES)}
"""Each resource's place in :attr:`PlayerState.resources`."""
_ADVANCED_AT: Final = _INDEX[ADVANCED[0]]
"""Basic resources come first, then the advanced ones from here."""
_NUTRIENT: Final = _INDEX["nutrient"]
_ENERGY: Final = _INDEX["energy"]



def _missing(player: PlayerState, amounts: Amounts) -> int:
    """How many basic resources the player lacks for ``amounts``, or -1 when Prestige or
    DNA tokens are lacking (nothing stands in for them)."""
    short = 0
    res = player.resources
    for key, n in amounts:
        i = _INDEX.get(key)
        if i is not None:
            if i < _ADVANCED_AT and res[i] < n:
                short += n - res[i]
        elif key == "prestige":
            if player.prestige < n:
                return -1
        elif key == "dna" and len(player.dna) < n:
            return -1
    return short


def can_pay(player: PlayerState, amounts: Amounts, wild: bool = False) -> bool:
    """Basic resources and Prestige must be held; missing Nutrients or Energy become
    Toxicity, so they never stop a payment.  With ``wild`` (Biomolecular Synthesis)
    Nutrients and Energy stand in for missing basic resources.

    >>> p = PlayerState("x", resources=(0, 1, 1, 1, 1))
    >>> can_pay(p, (("shard", 2),)), can_pay(p, (("shard", 2),), wild=True)
    (False, True)
    """
    short = _missing(player, amounts)
    return short == 0 or (short > 0 and wild and short <= _advanced(player))


def _advanced(player: PlayerState) -> int:
    """The Nutrients and Energy the player holds."""
    return player.resources[_NUTRIENT] + player.resources[_ENERGY]


def wild_short(player: PlayerState, amounts: Amounts) -> int:
    """How many basic resources the player lacks for ``amounts``."""
    res = player.resources
    return sum(max(0, n - res[_INDEX[key]]) for key, n in amounts if key in BASIC)


def _splits(player: PlayerState, short: int) -> list[str]:
    """The ``wild=`` words paying ``short`` missing basic resources (Nutrients first)."""
    return _wild_words(player.resources[_NUTRIENT], player.resources[_ENERGY], short)


def _wild_words(nutrients: int, energy: int, short: int) -> list[str]:
    """:func:`_splits` of a player holding ``nutrients`` and ``energy``."""
    return [f"{WILD}{'n' * k}{'e' * (short - k)}" for k in range(min(short, nutrients), -1, -1)
            if short - k <= energy]


def ways_to_pay(player: PlayerState, amounts: Amounts,
                wild: bool = False) -> list[tuple[str, ...]]:
    """The ways the player may pay ``amounts`` (:func:`can_pay`), as the words a paying
    action ends with: no word when every basic resource asked is held, else with
    Biomolecular Synthesis (``wild``) one word per way to pay the missing ones, ``wild=``
    and a letter per missing basic resource, ``n`` for a Nutrient, ``e`` for an Energy
    (Nutrients written first); none at all when it cannot be paid.

    >>> p = PlayerState("x", resources=(0, 1, 1, 1, 2))
    >>> ways_to_pay(p, (("spore", 1),)), ways_to_pay(p, (("shard", 2),))
    ([()], [])
    >>> ways_to_pay(p, (("shard", 2),), wild=True)
    [('wild=ne',), ('wild=ee',)]
    """
    short = _missing(player, amounts)
    if short == 0:
        return [()]
    if short < 0 or not wild or short > _advanced(player):
        return []
    return [(w,) for w in _splits(player, short)]


def basic_ways(player: PlayerState, cost: int, wild: bool = False) -> _Ways:
    """:func:`ways_to_pay` of ``cost`` in each basic resource at once: the resources
    that pay it, each with its ways (the Introduce listing asks this for every cost of
    the Shaper board).

    >>> p = PlayerState("x", resources=(0, 2, 1, 1, 1))
    >>> basic_ways(p, 2)
    (('spore', ((),)),)
    >>> basic_ways(p, 2, wild=True)
    (('shard', (('wild=ne',),)), ('spore', ((),)), ('seed', (('wild=n',), ('wild=e',))))
    """
    return _basic_ways(player.resources, cost, wild)


def _basic_ways(res: tuple[int, ...], cost: int, wild: bool) -> _Ways:
    """:func:`basic_ways` of a player holding ``res``."""
    nutrients, energy = res[_NUTRIENT], res[_ENERGY]
    out: list[tuple[str, tuple[tuple[str, ...], ...]]] = []
    for r in BASIC:
        short = cost - res[_INDEX[r]]
        if short <= 0:
            out.append((r, ((),)))
        elif wild and short <= nutrients + energy:
            out.append((r, tuple((w,) for w in _wild_words(nutrients, energy, short))))
    return tuple(out)


def wild_of(action: Action) -> str:
    """The letters of an action's ``wild=`` word ("" without one)."""
    for word in action.args:
        if word.startswith(WILD):
            return word[len(WILD):]
    return ""


def without_wild(action: Action) -> Action:
    """The action without its ``wild=`` word."""
    if not any(w.startswith(WILD) for w in action.args):
        return action
    return Action(action.verb, tuple(w for w in action.args if not w.startswith(WILD)))


def pay(player: PlayerState, amounts: Amounts, wild: str = "") -> tuple[PlayerState, int]:
    """Pay ``amounts`` (assumed payable); returns the player and the Toxicity taken.

    Basic resources are paid first.  A basic resource that is short (only payable with
    Biomolecular Synthesis, which :func:`can_pay` checks) is paid with the advanced
    resources ``wild`` names, one letter per missing basic (``n`` Nutrient, ``e``
    Energy), then with Nutrients before Energy.  Missing Nutrients or Energy of the cost
    itself become Toxicity.

    >>> p = PlayerState("x", resources=(0, 1, 1, 2, 2))
    >>> pay(p, (("shard", 2), ("nutrient", 1)), "ee")[0].resources
    (0, 1, 1, 1, 0)
    >>> q, toxic = pay(p, (("shard", 2), ("nutrient", 1)))  # Nutrients first
    >>> q.resources, toxic
    ((0, 1, 1, 0, 2), 1)
    """
    if not amounts:
        return player, 0
    res = list(player.resources)
    toxic = 0
    letters = list(wild)
    for key, n in amounts:
        i = _INDEX.get(key)
        if i is not None and i < _ADVANCED_AT:  # a basic resource
            have = res[i]
            res[i] = max(0, have - n)
            short = max(0, n - have)
            while short and letters:
                j = _NUTRIENT if letters.pop(0) == "n" else _ENERGY
                use = min(short, 1, res[j])
                res[j] -= use
                short -= use
            for j in (_NUTRIENT, _ENERGY):
                use = min(short, res[j])
                res[j] -= use
                short -= use
    prestige, dna = player.prestige, player.dna
    for key, n in amounts:
        i = _INDEX.get(key)
        if i is not None and i >= _ADVANCED_AT:
            have = res[i]
            used = min(have, n)
            toxic += n - used
            res[i] = have - used
        elif key == "prestige":
            prestige -= n
        elif key == "dna":
            dna = dna[n:]
    return _paid(player, tuple(res), prestige, dna, player.toxicity + toxic), toxic


def gain(player: PlayerState, amounts: Amounts, components: Components,
         choice: str | None = None) -> PlayerState:
    """Gain ``amounts``, each resource up to its maximum; ``any_basic`` goes to ``choice``."""
    if not amounts:
        return player
    res = list(player.resources)
    prestige, toxicity = player.prestige, player.toxicity
    for key, n in amounts:
        if key == "any_basic":
            key = choice or "shard"
        i = _INDEX.get(key)
        if i is not None:
            res[i] = min(components.resource(key).max, res[i] + n)
        elif key == "prestige":
            prestige += n
        elif key == "discard":
            toxicity = max(0, toxicity - n)
    return _gained(player, tuple(res), prestige, toxicity)


def _words(amounts: Iterable[tuple[str, int]]) -> str:
    return " and ".join(f"{n} {_NAMES.get(k, k)}" for k, n in amounts) or "nothing"


def _lacking(player: PlayerState, amounts: Amounts) -> str:
    """What the player holds of each Prestige, DNA or basic resource ``amounts`` asks more
    of than held (Nutrients and Energy never stop a payment: Toxicity stands in).

    >>> _lacking(PlayerState("x"), (("prestige", 1), ("nutrient", 1)))
    'you hold 0 Prestige'
    >>> _lacking(PlayerState("x", resources=(0, 1, 1, 1, 1)), (("shard", 2), ("spore", 1)))
    'you hold 0 Shard'
    """
    held = {"prestige": player.prestige, "dna": len(player.dna)}
    short = [f"{held[k] if k in held else player.resource(k)} {_NAMES.get(k, k)}"
             for k, n in amounts
             if (k in held and held[k] < n) or (k in BASIC and player.resource(k) < n)]
    return "you hold " + " and ".join(short) if short else "you cannot pay it"


def _merged(*amounts: Amounts) -> Amounts:
    """Several payments as one (amounts of the same key added up)."""
    total: dict[str, int] = {}
    for part in amounts:
        for key, n in part:
            total[key] = total.get(key, 0) + n
    return tuple(total.items())


def _paid_text(effect: str, wild: str, choice: str | None, tox: int) -> str:
    """The end of the sentence of an effect paid for and gained (a tile's action, a Species
    card's conversion): the effect, the wild letters paid, the resource chosen, the
    Toxicity taken.

    >>> _paid_text("pay 1 Water, gain 1 Energy", "", "energy", 1)
    'pay 1 Water, gain 1 Energy (as Energy), taking 1 Toxicity.'
    """
    text = effect + _wild_text(wild)
    if choice:
        text += f" (as {_NAMES[choice]})"
    if tox:
        text += f", taking {tox} Toxicity"
    return text + "."


def _wild_text(letters: str) -> str:
    if not letters:
        return ""
    parts = [f"{n} {name}" for n, name in ((letters.count("n"), "Nutrient"),
                                           (letters.count("e"), "Energy")) if n]
    return f" (Biomolecular Synthesis: {' and '.join(parts)} for missing basic resources)"


_Ways = tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]
"""The ways to pay an amount: each basic resource that pays it, with the words naming
each way (a ``wild=`` word, or none)."""

_PAYS: Final[dict[str, str]] = {"water": "water", "vault": "vault", "temple": "any",
                                **BIOME_RESOURCE}
"""What pays for an animal introduced on each biome: its basic resource, or any basic
resource ("any"; "water" and "vault" are paid so too, with their own conditions)."""


_Destination = tuple[tuple[str, ...], str]
"""Where an Introduce may end: the words naming it (a label, then ``tp`` when the Shaper
teleports) and what pays there (a biome's basic resource, ``"any"`` or ``"water"``), or
for the Vault no words and ``"vault"`` or ``"vault tp"`` (its free spaces are named
instead, any basic resource paying)."""


_UNPAYABLE: Final[dict[str, tuple[tuple[str, ...], ...]]] = dict.fromkeys(BASIC, ())
"""No way to pay in any basic resource (what :func:`basic_ways` leaves out)."""


@lru_cache(maxsize=512)
def _pay_words(payable: _Ways, vault: tuple[str, ...],
               on_water: bool) -> Mapping[str, tuple[tuple[str, ...], ...]]:
    """The words after the destination of an Introduce, for each way a destination is
    paid (:data:`_Destination`): ``payable`` gives the ways to pay the animal's cost in
    each basic resource that can (:func:`basic_ways`), ``vault`` the free Vault spaces for
    it, ``on_water`` whether it may end on Water (not a Predator).  A Vault, Temple or
    Water space is paid with any basic resource: its words are the same for each of them
    (found once for each of the few sets of ways and free Vault spaces).

    >>> words = _pay_words((("seed", ((),)),), ("vh1",), True)
    >>> words["seed"], words["shard"], words["any"], words["vault tp"]
    (((),), (), (('seed',),), (('vh1', 'tp', 'seed'),))
    """
    any_basic = tuple((r, *word) for r, words in payable for word in words)
    return {**_UNPAYABLE, **dict(payable),
            "any": any_basic, "water": any_basic if on_water else (),
            "vault": tuple((w, *words) for w in vault for words in any_basic),
            "vault tp": tuple((w, "tp", *words) for w in vault for words in any_basic)}


@lru_cache(maxsize=512)
def _chooses(gain: Amounts) -> bool:
    """Whether ``gain`` holds a basic resource of the player's choice (found once for
    each of the few gains of the components)."""
    return any(k == "any_basic" for k, _ in gain)


# ---------------------------------------------------------------------------


_PERSISTENT: Final = frozenset(
    {"redeploy", "stasis_chambers", "accelerated_accretion", "recycler"})
"""The persistent abilities a player may use at the steps of their own turn."""


class Rules:
    """The rules of Shapers of Gaia over one component set."""

    def __init__(self, components: Components) -> None:
        self.c = components
        unlocking: dict[tuple[str, str], tuple[str, ...]] = {}
        for shaper in components.shapers:
            for a in shaper.abilities:
                key = (shaper.id, a.kind)
                unlocking[key] = unlocking.get(key, ()) + tuple(a.unlocked_by)
        self._unlocking: Final = unlocking
        """The spaces unlocking each Shaper's abilities of a kind (read only)."""
        self._unlocking_of: Final = {
            shaper.id: tuple((kind, spaces) for (sid, kind), spaces in unlocking.items()
                             if sid == shaper.id) for shaper in components.shapers}
        """The same for each Shaper: its kinds, each with its unlocking spaces (read only)."""
        self._persistent: Final = frozenset(
            shaper for shaper, kind in unlocking if kind in _PERSISTENT)
        """The Shapers with an ability :meth:`ability_moves` offers (read only)."""
        self._biome: Final = {t.id: t.biome for t in components.tiles}
        """Each tile's biome by id (read only)."""
        self._tiles: Final = {t.id: t for t in components.tiles}
        """Each tile by id (read only)."""
        self._effects: Final = {
            sp.id: tuple(side.effect for side in sp.sides) for sp in components.species}
        """The effect of each side of each Species card, by the card's id (read only)."""
        self._synthesis_at: Final = {
            shaper.id: int(a.params.get("min_toxicity", 3)) for shaper in components.shapers
            for a in reversed(shaper.abilities) if a.kind == "biomolecular_synthesis"}
        """The Toxicity from which Biomolecular Synthesis works, for each Shaper that has
        it (read only)."""
        self._animals: Final = {
            shaper.id: {sp.id: (sp.animal, sp.cost) for sp in shaper.spaces}
            for shaper in components.shapers}
        """Each Shaper's animal spaces: the animal type and cost of each (read only)."""
        order = {h: i for i, h in enumerate(board.SPACES)}
        self._vault_ids: Final = {
            (n, kind): tuple(v.id for v in components.vault_spaces(n) if v.animal == kind)
            for n in range(2, MAX_PLAYERS + 1) for kind in ANIMALS}
        """The Vault spaces of each animal type with each player count (read only)."""
        self._vault_words: Final = {
            key: tuple((v,) for v in ids) for key, ids in self._vault_ids.items()}
        """The same, each as the words of an action (read only)."""
        self._dna_start: Final = tuple(
            (board.label(h), colour)
            for h, colour in sorted(components.dna_at().items(), key=lambda kv: order[kv[0]]))
        """The DNA tokens on the board at setup, ``(space label, colour)`` in board order."""

    # -- helpers -------------------------------------------------------------------
    def effect(self, card: RowCard) -> Effect:
        """The effect of a card's faceup side."""
        sides = self._effects.get(card.card)
        if sides is None:
            return self.c.species_card(card.card).sides[card.side].effect  # names an unknown
        return sides[card.side]

    def pending(self, state: SGState, seat: int, row: str) -> dict[str, RowCard]:
        """The cards an activation may use: the row's and the borrowed ones."""
        rows = ROWS if row == "*" else (row,)
        out = {rc.card: rc for r in rows for rc in state.seats[seat].row(r)}
        out.update({rc.card: rc for rc in state.borrowed})
        return out

    def animal_kind(self, player: PlayerState, space: str) -> tuple[str, int]:
        """The animal type and cost of a space of the player's Shaper board."""
        found = self._animals.get(player.shaper, {}).get(space)
        if found is None:
            sp = self.c.shaper(player.shaper).space(space)  # raises, naming what is known
            return sp.animal, sp.cost
        return found

    def level(self, player: PlayerState, kind: str) -> int:
        """The player's level in an ability kind (0 when locked)."""
        return _levels(self, player.shaper, player.board).get(kind, 0)

    def levels(self, player: PlayerState) -> Mapping[str, int]:
        """The player's level in each ability kind of its Shaper (:meth:`level` of every
        kind at once, for a listing that reads several)."""
        return _levels(self, player.shaper, player.board)

    def use_cost(self, player: PlayerState, kind: str, level: int) -> Amounts:
        """The cost of one use of an ability at a level."""
        for a in self.c.shaper(player.shaper).abilities:
            if a.kind == kind and a.use_cost:
                return a.use_cost[min(level, len(a.use_cost)) - 1]
        return ()

    def wild(self, player: PlayerState) -> bool:
        """Biomolecular Synthesis: Nutrients and Energy count as any basic resource while
        the player holds enough Toxicity (re-checked at every payment)."""
        least = self._synthesis_at.get(player.shaper)
        return (least is not None and player.toxicity >= least
                and self.level(player, "biomolecular_synthesis") > 0)

    def harvests(self, player: PlayerState, tile_id: str) -> bool:
        """Harvester: both actions of a restored Forest, when both can be paid."""
        tile = self._tiles[tile_id]
        return (tile.biome == "forest" and len(tile.actions) == 2
                and self.level(player, "harvester") > 0
                and not any(_chooses(e.gain) for e in tile.actions)
                and can_pay(player, _merged(*(e.pay for e in tile.actions)),
                            self.wild(player)))

    def biome_labels(self, state: SGState) -> dict[str, str]:
        """Each placed tile's label and biome."""
        biome, tile = self._biome, self.c.tile
        return {s: biome.get(t) or tile(t).biome for s, t in state.tiles}

    def layout(self, state: SGState) -> Layout:
        """The placed tiles read as the listings need them (:class:`Layout`)."""
        return _layout(self, state.tiles)

    def empty_land(self, state: SGState, busy: Collection[str] | None = None) -> list[str]:
        """Land tiles (not the Vault) without an animal (``busy``: the spaces holding an
        animal, :func:`occupied_labels`, when known)."""
        if busy is None:
            busy = {a.where for a in state.animals}
        return [lab for lab in _land(_layout(self, state.tiles)) if lab not in busy]

    def ability_moves(self, state: SGState, seat: int,
                      busy: Collection[str] | None = None) -> list[Action]:
        """Persistent abilities offered during the player's own turn (before the action and
        at the player's steps of it): Redeploy (once a turn, engine ruling), Stasis Chambers
        and Recycler (as often as the player pays: a persistent ability is not limited unless
        its text says so) and Accelerated Accretion (once a turn per level).  ``busy``: the
        spaces and Vault spaces holding an animal, when the caller knows them."""
        p = state.seats[seat]
        out: list[Action] = []
        if p.shaper not in self._persistent:
            return out
        levels = _levels(self, p.shaper, p.board)
        redeploy = "redeploy" not in state.used and levels.get("redeploy", 0)
        stasis = levels.get("stasis_chambers", 0)
        accrete = levels.get("accelerated_accretion", 0) > state.used.count("accrete")
        if busy is None:  # found only when a move reads it
            busy = {a.where for a in state.animals} if redeploy or stasis or accrete else ()
        # only Redeploy and Stasis Chambers move animals
        mine = [a for a in state.animals if a.seat == seat] if redeploy or stasis else []
        ends: list[tuple[str]] | None = None  # the empty land tiles (as words), found once
        if redeploy:
            ends = [e for e in _land_words(_layout(self, state.tiles)) if e[0] not in busy]
            for a in mine:
                if a.kind == "scavenger" and a.where[0] != "v":
                    out += map(action_table("redeploy", (a.where,)).__getitem__,
                               [e for e in ends if e[0] != a.where])
        if stasis:
            vaults: dict[str, list[tuple[str]]] = {}  # the free Vault spaces of each kind
            for a in mine:
                if a.where[0] != "v":
                    free = vaults.get(a.kind)
                    if free is None:
                        free = vaults[a.kind] = [
                            v for v in self._vault_words[state.players, a.kind]
                            if v[0] not in busy]
                    out += map(action_table("stasis", (a.where,)).__getitem__, free)
                elif stasis >= 2:
                    if ends is None:
                        ends = [e for e in _land_words(_layout(self, state.tiles))
                                if e[0] not in busy]
                    out += map(action_table("stasis", (a.where,)).__getitem__, ends)
        if accrete:
            pending = self.pending_tiles(state)
            hand = [(h,) for h in p.hand]
            for lab, t in _water(_layout(self, state.tiles)):
                if t not in pending and lab not in busy:
                    out += map(action_table("accrete", (lab,)).__getitem__, hand)
        if levels.get("recycler", 0) and p.toxicity > 0:
            out += [shared("recycle", (c,)) for c in sorted(set(p.dna))]
        return out

    @staticmethod
    def pending_tiles(state: SGState) -> set[str]:
        """Restored tiles whose actions are still to be resolved: Accelerated Accretion
        leaves them on the board until then (engine ruling)."""
        return {t.word(0) for t in state.tasks if t.kind in ("resolve", "other")}

    def free_vault(self, state: SGState, kind: str,
                   busy: Collection[str] | None = None) -> list[str]:
        """The Vault spaces for an animal of ``kind`` still free (``busy``: the places
        holding an animal, when known)."""
        if busy is None:
            busy = {a.where for a in state.animals}
        spaces = self._vault_ids.get((state.players, kind))
        if spaces is None:
            spaces = tuple(v.id for v in self.c.vault_spaces(state.players) if v.animal == kind)
        return [v for v in spaces if v not in busy]

    # -- listing -------------------------------------------------------------------
    def legal(self, state: SGState) -> list[Action]:
        """Every legal action of the head task, in a deterministic order."""
        if not state.tasks or state.over:
            return []
        return list(_LISTINGS.entry(self, state)[2])

    def _listed(self, state: SGState, task: Task) -> list[Action]:
        out = FLOW.legal(self, state)
        if task.kind in _OWN_STEPS and task.actor == state.active:
            out += self.ability_moves(state, state.active)
        return out

    def is_legal(self, state: SGState, action: Action) -> bool:
        """Whether ``action`` is listed by :meth:`legal` (a set lookup once listed)."""
        if not state.tasks or state.over:
            return False
        entry = _LISTINGS.entry(self, state)
        if entry[3] is None:
            entry[3] = frozenset(entry[2])
        return action in entry[3]

    # setup steps
    def new_player(self, shaper_id: str) -> PlayerState:
        """A player holding the Shaper `shaper_id` at the start, with its special cards."""
        return PlayerState(shaper_id, specials=tuple(s.id for s in self.c.specials(shaper_id)))

    @FLOW.lister("shapers")
    def _list_shapers(self, state: SGState, task: Task) -> list[Action]:
        ids = [s.id for s in self.c.shapers]
        return list(map(action_table("shapers", ()).__getitem__,
                        itertools.permutations(ids, state.players)))

    @FLOW.lister("land")
    def _list_land(self, state: SGState, task: Task) -> list[Action]:
        land = [t.id for t in self.c.stage("S") if t.biome not in ("water", "vault")]
        return [Action("land", p) for p in itertools.permutations(land)]

    @FLOW.lister("first")
    def _list_first(self, state: SGState, task: Task) -> list[Action]:
        return [Action("first", (str(i + 1),)) for i in range(state.players)]

    @FLOW.lister("behaviors")
    def _list_behaviors(self, state: SGState, task: Task) -> list[Action]:
        return [Action("behaviors", side) for side in itertools.product("AB", repeat=3)]

    @FLOW.lister("stack")
    def _list_stack(self, state: SGState, task: Task) -> list[Action]:
        rng = state.rng.random()
        order: list[str] = []
        for stage in ("I", "II", "III"):
            pile = [t.id for t in self.c.stage(stage)]
            rng.shuffle(pile)
            order += pile
        return [Action("stack", tuple(order))]

    @FLOW.lister("decks")
    def _list_decks(self, state: SGState, task: Task) -> list[Action]:
        rng = state.rng.random()
        order: list[str] = []
        for animal in ANIMALS:
            deck = [s.id for s in self.c.deck(animal)]
            rng.shuffle(deck)
            order += deck
        return [Action("decks", tuple(order))]

    @FLOW.lister("deal", "dna", "display", "end", "score")
    def _list_rules_step(self, state: SGState, task: Task) -> list[Action]:
        return [shared(task.kind, ())]

    @FLOW.resolver("shapers")
    def _do_shapers(self, state: SGState, task: Task, action: Action,
                    events: list[Event]) -> SGState:
        seats = tuple(self.new_player(sid) for sid in action.args)
        names = ", ".join(self.c.shaper(s).name for s in action.args)
        events.append(Event("setup.shapers", f"Shapers: {names}.", _r("sog.setup.shaper"),
                            "chance"))
        return evolve(state, seats=seats, tasks=state.tasks[1:], rng=state.rng.advanced())

    @FLOW.resolver("land")
    def _do_land(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        order = board.ORDER
        placed = [(board.label(h), t) for h, t in zip(board.START_LAND, action.args,
                                                      strict=True)]
        tiles = tuple(sorted((*state.tiles, *placed), key=lambda t: order[t[0]]))
        events.append(Event("setup.land", "Starting land tiles: " + ", ".join(
            f"{t} on {s}" for s, t in placed) + ".", _r("sog.setup.start_land"), "chance"))
        return evolve(state, tiles=tiles, tasks=state.tasks[1:], rng=state.rng.advanced())

    @FLOW.resolver("stack")
    def _do_stack(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        events.append(Event("setup.stack", "The Biome tiles are shuffled into the stack (I on "
                            "top, III at the bottom).", _r("sog.setup.stack"), "chance"))
        return evolve(state, stack=action.args, tasks=state.tasks[1:],
                      rng=state.rng.advanced())

    @FLOW.resolver("behaviors")
    def _do_behaviors(self, state: SGState, task: Task, action: Action,
                      events: list[Event]) -> SGState:
        chosen = tuple(f"{i + 1}{side}" for i, side in enumerate(action.args))
        events.append(Event("setup.behaviors", f"Behavior sides: {' '.join(chosen)}.",
                            _r("sog.setup.behaviors"), "chance"))
        return evolve(state, behaviors=chosen, tasks=state.tasks[1:],
                      rng=state.rng.advanced())

    @FLOW.resolver("decks")
    def _do_decks(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        decks = []
        args = action.args
        for animal in ANIMALS:
            n = len(self.c.deck(animal))
            decks.append(args[:n])
            args = args[n:]
        events.append(Event("setup.decks", "The three Species decks are shuffled.",
                            _r("sog.setup.species"), "chance"))
        return evolve(state, decks=tuple(decks), tasks=state.tasks[1:],
                      rng=state.rng.advanced())

    @FLOW.resolver("first")
    def _do_first(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        first = int(action.args[0]) - 1
        events.append(Event("setup.first", f"P{first + 1} has the start player's Resource "
                            "Track and begins.", _r("sog.setup.start_player"), "chance"))
        return evolve(state, first=first, active=first, turn=1, rng=state.rng.advanced(),
                      tasks=(Task("turn", first), *state.tasks[1:]))

    @FLOW.resolver("deal")
    def _do_deal(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        stack = state.stack
        seats = []
        for p in state.seats:
            seats.append(evolve(p, hand=stack[:HAND]))
            stack = stack[HAND:]
        events.append(Event("setup.deal", f"Each player is dealt {HAND} tiles.",
                            _r("sog.setup.hands"), "rules", automatic=True))
        return evolve(state, seats=tuple(seats), stack=stack, tasks=state.tasks[1:])

    @FLOW.resolver("dna")
    def _do_dna(self, state: SGState, task: Task, action: Action,
                events: list[Event]) -> SGState:
        dna = self._dna_start
        events.append(Event("setup.dna", f"{len(dna)} DNA tokens go on their spaces.",
                            _r("sog.setup.dna"), "rules", automatic=True))
        return evolve(state, dna_board=dna, tasks=state.tasks[1:])

    @FLOW.resolver("display")
    def _do_display(self, state: SGState, task: Task, action: Action,
                    events: list[Event]) -> SGState:
        displays = tuple(d[:2] for d in state.decks)
        decks = tuple(d[2:] for d in state.decks)
        events.append(Event("setup.display", "Two cards of each deck form the display.",
                            _r("sog.setup.species"), "rules", automatic=True))
        return evolve(state, decks=decks, displays=displays, tasks=state.tasks[1:])

    # the turn
    @FLOW.lister("turn")
    def _list_turn(self, state: SGState, task: Task) -> list[Action]:
        seat = task.player
        busy = {a.where for a in state.animals}  # read by both listings
        acts = self.intro_actions(state, seat, busy)  # a new list, extended in place
        acts += self.restore_actions(state, seat)
        if not acts:
            acts = [_SKIP]
        acts += self.ability_moves(state, seat, busy)
        return acts

    @FLOW.lister("resolve")
    def _list_resolve(self, state: SGState, task: Task) -> list[Action]:
        p = state.seats[task.player]
        tile = self._tiles[task.word(0)]
        acts = []
        wild = self.wild(p)
        for i, e in enumerate(tile.actions):
            for w in ways_to_pay(p, e.pay, wild):
                if _chooses(e.gain):
                    acts += [shared("resolve", (str(i), r, *w)) for r in BASIC]
                else:
                    acts.append(shared("resolve", (str(i), *w)))
        if self.harvests(p, task.word(0)):
            both = ways_to_pay(p, _merged(*(e.pay for e in tile.actions)), wild)
            acts += [shared("resolve", (str(i), "both", *w)) for i in range(2) for w in both]
        return acts or [_RESOLVE_NONE]

    @FLOW.lister("other")
    def _list_other(self, state: SGState, task: Task) -> list[Action]:
        p = state.seats[task.player]
        tile = self._tiles[task.word(0)]
        e = tile.actions[task.number(1)]
        acts = []
        wild = self.wild(p)
        for w in ways_to_pay(p, e.pay, wild):
            if _chooses(e.gain):
                acts += [shared("take", (r, *w)) for r in BASIC]
            else:
                acts.append(shared("take", w))
        if self.harvests(p, task.word(0)):
            both = ways_to_pay(p, _merged(*(x.pay for x in tile.actions)), wild)
            acts += [shared("take", ("both", *w)) for w in both]
        return [*acts, _PASS]

    @FLOW.lister("more")
    def _list_more(self, state: SGState, task: Task) -> list[Action]:
        return [*self.restore_actions(state, task.player), _STOP]

    @FLOW.lister("swarm")
    def _list_swarm(self, state: SGState, task: Task) -> list[Action]:
        return [*self.intro_actions(state, task.player), _PASS]

    @FLOW.lister("surge")
    def _list_surge(self, state: SGState, task: Task) -> list[Action]:
        return [*self.surge_actions(state, task), _PASS]

    @FLOW.lister("clone")
    def _list_clone(self, state: SGState, task: Task) -> list[Action]:
        taken = {rc.card for rc in state.seats[task.player].row(task.word(0))}
        return [*(Action("clone", (cid, side)) for cid in state.displays[0]
                  if cid not in taken for side in ("A", "B")), _PASS]

    @FLOW.lister("avian")
    def _list_avian(self, state: SGState, task: Task) -> list[Action]:
        p = state.seats[task.player]
        out: list[Action] = []
        for cid in state.displays[ANIMALS.index("herbivore")]:
            for side in ("A", "B"):
                for row in ROWS:
                    cards = p.row(row)
                    if len(cards) >= ROW_LIMIT:
                        out += [Action("avian", (cid, side, row, "replace", rc.card))
                                for rc in cards]
                    else:
                        out.append(Action("avian", (cid, side, row)))
        return out

    def intro_actions(self, state: SGState, seat: int,
                      busy: Collection[str] | None = None) -> list[Action]:
        """Every way to Introduce an Animal (``busy``: the spaces and Vault spaces holding
        an animal, when the caller knows them)."""
        p = state.seats[seat]
        island = self.level(p, "create_island") > 0
        # each destination once (:data:`_Destination`): walking first, in hex order,
        # then teleporting, in board order
        taken = {a.where for a in state.animals} if busy is None else busy
        layout = _layout(self, state.tiles)
        walks: dict[int, _Destination] = {}
        teleports: list[_Destination] = []
        for lab, bit, biome, _, walk, teleport in layout.spots:
            if lab in taken or (biome == "water" and not island):
                continue
            walks[bit] = walk
            teleports.append(teleport)
        reach = sum(board.walk_rings(state.shapers[seat], layout.placed,
                                     abilities.movement(self.c, p)))
        plan = [walks[bit] for bit in board.hex_sorted(reach & sum(walks))]
        plan += teleports
        out: list[Action] = []
        wild = self.wild(p)
        animals = self._animals[p.shaper]
        # the words after the space depend only on the animal type and the ways to pay
        # its cost (often the same for several costs): found once for each
        tails_of: dict[tuple[str, int], list[tuple[str, ...]]] = {}
        ways_at: dict[int, _Ways] = {}
        found: dict[tuple[str, _Ways], list[tuple[str, ...]]] = {}
        for space in p.board:
            kind_cost = animals[space]
            tails = tails_of.get(kind_cost)
            if tails is None:
                kind, cost = kind_cost
                ways = ways_at.get(cost)
                if ways is None:
                    ways = ways_at[cost] = _basic_ways(p.resources, cost, wild)
                tails = found.get((kind, ways))
                if tails is None:
                    tails = found[kind, ways] = self._intro_tails(state, kind, ways, plan, taken)
                tails_of[kind_cost] = tails
            out += map(action_table("intro", (space,)).__getitem__, tails)
        return out

    def _intro_tails(self, state: SGState, kind: str, payable: _Ways,
                     plan: list[_Destination], busy: Collection[str]) -> list[tuple[str, ...]]:
        """The words after the space of every Introduce of an animal of ``kind`` to the
        destinations of ``plan``, ``payable`` giving the ways to pay its cost in each
        basic resource that can (:func:`basic_ways`): where, ``tp`` when teleported, the
        resource and a ``wild=`` word (``busy``: the places holding an animal)."""
        if not payable:
            return []  # no basic resource pays for it, so no biome does
        # the Vault tile is always a destination
        words_at = _pay_words(payable, tuple(self.free_vault(state, kind, busy)),
                              kind != "predator")
        return [where + words for where, pays in plan for words in words_at[pays]]

    def can_restore(self, player: PlayerState, tiles: tuple[tuple[str, str], ...]) -> bool:
        """Whether :meth:`restore_actions` lists any action for ``player`` with ``tiles``
        placed, found without listing: a space next to the Caretaker is also a space to
        teleport to, so a tile in hand and one space to teleport to are enough."""
        return bool(player.hand) and bool(board.restorable(_layout(self, tiles).placed))

    def restore_actions(self, state: SGState, seat: int) -> list[Action]:
        """Every way to restore a tile from hand now."""
        p = state.seats[seat]
        if not p.hand:
            return []
        near, far = _restore_tails(_layout(self, state.tiles).placed, state.caretaker)
        out: list[Action] = []
        for tile in p.hand:
            made = action_table("restore", (tile,)).__getitem__
            out += map(made, near)
            out += map(made, far)
        return out

    @FLOW.lister("card")
    def card_actions(self, state: SGState, task: Task) -> list[Action]:
        kind, row, vault, special, refreshed = task.words[:5]
        p = state.seats[task.player]
        cards = p.row(row)
        full = len(cards) >= ROW_LIMIT
        out: list[Action] = []
        choices: list[tuple[str, tuple[str, ...]]]
        if special == "1" and p.specials:
            choices = [(sid, ("A",)) for sid in p.specials]
        else:
            i = ANIMALS.index(kind)
            choices = [(cid, ("A", "B")) for cid in state.displays[i]]
            if state.decks[i]:
                choices.append(("top", ("A", "B")))
            if i < 2 and self.level(p, "metamorphosis"):
                meta = [(cid, ("A", "B", "meta")) for cid in state.displays[i + 1]]
                if state.decks[i + 1]:
                    meta.append(("top", ("A", "B", "meta")))
                choices += meta
        for cid, sides in choices:
            tail = sides[2:]
            for side in sides[:2]:
                if full:
                    out += [shared("card", (cid, side, "replace", rc.card, *tail))
                            for rc in cards]
                else:
                    out.append(shared("card", (cid, side, *tail)))
        if vault == "1" and refreshed == "0" and special != "1":
            if state.decks[ANIMALS.index(kind)]:
                out.append(_REFRESH)
        return out or [_SKIP]

    def surge_actions(self, state: SGState, task: Task) -> list[Action]:
        """Power Surge choices after gaining a DNA token of ``task.words[0]``."""
        p = state.seats[task.player]
        colour = task.words[0]
        lvl = self.level(p, "power_surge")
        cards = [rc for row in p.rows for rc in row]

        def shows(rc: RowCard) -> bool:
            return colour in self.c.species_card(rc.card).sides[rc.side].dna

        def kind(rc: RowCard) -> str:
            return self.c.species_card(rc.card).animal

        scav = [rc.card for rc in cards if kind(rc) == "scavenger"]
        out = [Action("surge", (rc.card,)) for rc in cards
               if kind(rc) == "scavenger" and shows(rc)]
        if lvl >= 2:
            out += [Action("surge", (a, b)) for i, a in enumerate(scav) for b in scav[i + 1:]]
            out += [Action("surge", (rc.card,)) for rc in cards
                    if kind(rc) == "herbivore" and shows(rc)]
        return out

    @FLOW.lister("activate")
    def activate_actions(self, state: SGState, task: Task) -> list[Action]:
        p = state.seats[task.player]
        row = task.words[0]
        side_of = self.pending(state, task.player, row)
        out: list[Action] = []
        wild = self.wild(p)
        for cid in dict.fromkeys(task.words[1:]):
            rc = side_of[cid]
            e = self._effects[rc.card][rc.side]
            ways = ways_to_pay(p, e.pay, wild)
            for w in ways:
                if _chooses(e.gain):
                    out += [shared("activate", (cid, r, *w)) for r in BASIC]
                else:
                    out.append(shared("activate", (cid, *w)))
            if e.is_conversion and (not ways or cid not in self.lifecycle_cards(state)):
                out.append(shared("decline", (cid,)))
        return out

    @staticmethod
    def lifecycle_cards(state: SGState) -> set[str]:
        """The Scavenger cards that Rapid Lifecycle makes activate twice this turn (they
        leave the game at its end): each activation is compulsory while it can be paid."""
        return {w.split("=", 1)[1] for t in state.tasks if t.kind == "end"
                for w in t.words if w.startswith("remove=")}

    # -- explaining ----------------------------------------------------------------
    def explain(self, state: SGState, action: Action) -> Verdict:
        """Legal exactly when listed; otherwise the diagnosed reason."""
        task = state.task
        if task is None or state.over:
            return Verdict.illegal("game.over", "The game is over.",
                                   _r("sog.end.final_round"))
        rule = _VERB_RULE.get(action.verb) or _r(FLOW.kind_of(task).rule)
        if self.is_legal(state, action):
            return Verdict.ok(rule, f"Legal: {action}.")
        return self.diagnose(state, action)

    def diagnose(self, state: SGState, action: Action) -> Verdict:
        """Why an unlisted action is illegal."""
        task = state.task
        assert task is not None
        kind = FLOW.kind_of(task)
        rule = _r(kind.rule)
        v = action.verb
        if task.seat is None:
            return Verdict.illegal("phase.setup", f"This is the {task.kind} step, not {v!r}.",
                                   rule)
        seat = task.player
        allowed = kind.verbs
        if task.kind in _OWN_STEPS and seat == state.active:
            allowed = allowed | _ABILITY_VERBS
        if v not in allowed:
            return Verdict.illegal(
                f"phase.{task.kind}",
                f"Player {seat + 1} must now {kind.ask or kind.name}; "
                f"{v!r} does not do that.", rule)
        base = without_wild(action)
        twins = [wild_of(a) for a in self.legal(state) if without_wild(a) == base]
        if twins:
            synthesis = _r("sog.shaper.oraplexis.biomolecular_synthesis")
            if not any(twins):
                return Verdict.illegal("synthesis.not_needed", "No basic resource is missing "
                                       "for this payment: leave out the wild= word.", synthesis)
            return Verdict.illegal(
                "synthesis.choose", "Biomolecular Synthesis pays the missing basic resources: "
                "name the advanced resources that pay them, one of "
                f"{', '.join(WILD + w for w in twins)} (n Nutrient, e Energy).", synthesis)
        action = base
        p = state.seats[task.player]
        found: Verdict | None = None
        if v == "intro":
            found = self._diagnose_intro(state, task.player, action)
        elif v == "avian":
            found = self._diagnose_avian(state, task, action)
        elif v == "restore":
            found = self._diagnose_restore(state, task.player, action)
        elif v == "skip" and task.kind == "turn":
            found = Verdict.illegal("turn.cannot_skip", "You may skip only when you can "
                                    "neither introduce an animal nor restore a tile.",
                                    _r("sog.turn.skip"))
        elif v == "card":
            found = self._diagnose_card(state, task, action)
        elif v in ("activate", "decline"):
            found = self._diagnose_activate(state, task, action)
        elif v in ("redeploy", "stasis", "recycle", "accrete"):
            found = self._diagnose_ability(state, task.player, action)
        elif v == "surge":
            found = Verdict.illegal("surge.cards", "Power Surge activates 1 Scavenger card "
                                    "showing the DNA colour you gained (level 1), or 2 different "
                                    "Scavenger cards or 1 Herbivore card showing it (level 2).",
                                    _r("sog.shaper.rastar.power_surge"))
        elif "both" in action.args:
            found = Verdict.illegal("harvester.not_available", "Both actions may be resolved "
                                    "only with Harvester, on a Forest whose two actions you "
                                    "can pay.", _r("sog.shaper.xanarin.harvester"))
        elif v in ("resolve", "take"):
            if v == "resolve" and action.args[0] == "none":
                found = Verdict.illegal("restore.must_resolve", "You must resolve one of the "
                                        "tile's actions when you can.", _r("sog.restore.resolve"))
            else:
                tile = self.c.tile(task.words[0])
                i = int(action.args[0]) if v == "resolve" else int(task.words[1])
                e = tile.actions[i] if i < len(tile.actions) else Effect()
                if e.pay and not can_pay(p, e.pay, self.wild(p)):
                    found = Verdict.illegal(
                        "restore.cannot_pay", f"The action needs {_words(e.pay)}; "
                        f"{_lacking(p, e.pay)} (only missing Nutrients and Energy may be "
                        "made up with Toxicity).", _r("sog.restore.prestige_required"))
                elif _chooses(e.gain) and len(action.args) < (2 if v == "resolve" else 1):
                    found = Verdict.illegal("restore.choose_basic", "Name the basic resource "
                                            "the action gives.", _r("sog.resource.kinds"))
                elif not _chooses(e.gain):
                    found = Verdict.illegal("restore.no_choice", "This action gives no basic "
                                            "resource of your choice.", rule)
        elif v == "refresh":
            found = Verdict.illegal("card.no_refresh", "Only an animal introduced at the "
                                    "Vault lets you refresh the display, once.",
                                    _r("sog.biome.vault_refresh"))
        if found is not None:
            return found
        return Verdict.illegal(f"{task.kind}.not_legal", f"{action} is not one of the legal "
                               f"choices now (player {seat + 1} must "
                               f"{kind.ask or kind.name}).", rule)

    def _diagnose_avian(self, state: SGState, task: Task, action: Action) -> Verdict:
        rule = _r("sog.shaper.telrin.avian_call")
        cid, _side, row = action.args[:3]
        if cid not in state.displays[ANIMALS.index("herbivore")]:
            return Verdict.illegal("avian.not_displayed", f"{cid} is not a Herbivore card of "
                                   "the display.", rule)
        full = len(state.seats[task.player].row(row)) >= ROW_LIMIT
        if full != (len(action.args) > 3):
            return Verdict.illegal("avian.row_limit", f"Give up a card (replace <card>) "
                                   f"exactly when the {row} row holds 4 cards.",
                                   _r("sog.introduce.row_limit"))
        return Verdict.illegal("avian.replace_missing", f"{action.args[-1]} is not in your "
                               f"{row} row.", _r("sog.introduce.row_limit"))

    def _diagnose_ability(self, state: SGState, seat: int, action: Action) -> Verdict:
        p = state.seats[seat]
        v = action.verb
        kind, rule = {"accrete": ("accelerated_accretion",
                                  "sog.shaper.maldera.accelerated_accretion"),
                      "redeploy": ("redeploy", "sog.shaper.rastar.redeploy"),
                      "stasis": ("stasis_chambers", "sog.shaper.maldera.stasis_chambers"),
                      "recycle": ("recycler", "sog.shaper.oraplexis.recycler")}[v]
        if not self.level(p, kind):
            title = kind.replace("_", " ").title()
            return Verdict.illegal("ability.locked", f"You have not unlocked {title}.", _r(rule))
        if v == "recycle":
            if action.args[0] not in p.dna:
                return Verdict.illegal("recycler.no_dna", f"You hold no {action.args[0]} DNA "
                                       "token.", _r(rule))
            return Verdict.illegal("recycler.no_toxicity", "You have no Toxicity to discard.",
                                   _r(rule))
        if v == "accrete":
            if state.used.count("accrete") >= self.level(p, kind):
                return Verdict.illegal("ability.used", "Each level of Accelerated Accretion is "
                                       "one use a turn.", _r(rule))
            if action.args[1] not in p.hand:
                return Verdict.illegal("accrete.not_in_hand", f"{action.args[1]} is not in "
                                       "your hand.", _r(rule))
            if state.tile_at(action.args[0]) in self.pending_tiles(state):
                return Verdict.illegal("accrete.pending", f"The tile on {action.args[0]} was "
                                       "just restored: its actions are resolved first "
                                       "(engine ruling).", _r(rule))
            return Verdict.illegal("accrete.not_water", f"{action.args[0]} holds no Water "
                                   "tile without an animal.", _r(rule))
        if v in state.used:
            return Verdict.illegal("ability.used", "You have used Redeploy this turn (once a "
                                   "turn: engine ruling).", _r(rule))
        src, dst = action.args
        animal = state.animal_at(src)
        if animal is None or animal.seat != seat:
            return Verdict.illegal("ability.no_animal", f"You have no animal on {src}.", _r(rule))
        if v == "redeploy" and (animal.kind != "scavenger" or src.startswith("v")):
            return Verdict.illegal("redeploy.scavengers", "Only Scavengers on Biome tiles may "
                                   "be redeployed.", _r(rule))
        if v == "stasis" and src.startswith("v") and self.level(p, kind) < 2:
            return Verdict.illegal("stasis.level", "Leaving the Vault needs the second level "
                                   "of Stasis Chambers.", _r(rule))
        return Verdict.illegal("ability.destination", f"{dst} is not a free space the animal "
                               "may go to (a land tile without an animal, not the Vault "
                               "tile, or a free matching Vault space).", _r(rule))

    def _diagnose_intro(self, state: SGState, seat: int, action: Action) -> Verdict | None:
        p = state.seats[seat]
        space, where = action.args[0], action.args[1]
        rest = action.args[2:]
        tp = "tp" in rest
        if space not in p.board:
            return Verdict.illegal("introduce.no_animal", f"Your Shaper board has no animal "
                                   f"left on space {space}.", _r("sog.introduce.choose_animal"))
        kind, cost = self.animal_kind(p, space)
        tiles = biomes(state, self.c)
        if where.startswith("v") and len(where) > 1:
            vs = {v.id: v for v in self.c.vault}
            if where not in vs:
                return Verdict.illegal("vault.no_space", f"There is no Vault space {where}.",
                                       _r("sog.biome.vault"))
            if vs[where].three_players_only and state.players < 3:
                return Verdict.illegal("vault.two_players", f"Vault space {where} is not "
                                       "used with 2 players.", _r("sog.biome.vault_two_players"))
            if vs[where].animal != kind:
                return Verdict.illegal("vault.wrong_type", f"Vault space {where} holds a "
                                       f"{vs[where].animal}, not a {kind}.",
                                       _r("sog.biome.vault"))
            if state.animal_at(where) is not None:
                return Verdict.illegal("vault.taken", f"Vault space {where} is taken.",
                                       _r("sog.biome.vault"))
            dest = board.CENTRE
        else:
            dest = board.parse_space(where)
            if dest not in tiles:
                return Verdict.illegal("introduce.no_tile", f"No tile has been restored on "
                                       f"{where} yet.", _r("sog.introduce.move"))
            island = self.level(p, "create_island") > 0
            if tiles[dest] == "water" and not island:
                return Verdict.illegal("introduce.water", f"{where} is Water: a Shaper may "
                                       "pass it but not end there.", _r("sog.biome.water"))
            if tiles[dest] == "water" and kind == "predator":
                return Verdict.illegal("island.predator", "Create Island lets you introduce "
                                       "only a Scavenger or a Herbivore on Water.",
                                       _r("sog.shaper.oraplexis.create_island"))
            if tiles[dest] == "vault":
                free = self.free_vault(state, kind)
                return Verdict.illegal(
                    "vault.name_space", "Name the free Vault space the animal goes to: "
                    + (f"for a {kind}, {' or '.join(free)}." if free
                       else f"none is free for a {kind}."), _r("sog.biome.vault"))
            if dest in occupied(state):
                return Verdict.illegal("introduce.occupied", f"{where} already holds an "
                                       "animal.", _r("sog.introduce.move"))
        if not tp:
            walk = board.shaper_destinations(board.parse_space(state.shapers[seat]), tiles,
                                             occupied(state),
                                             end_on_water=self.level(p, "create_island") > 0,
                                             steps=abilities.movement(self.c, p))
            if dest not in walk:
                limit = abilities.movement(self.c, p)
                path = board.shaper_path(board.parse_space(state.shapers[seat]), dest, tiles)
                far = (f"{where} is {len(path) - 1} tiles away over restored tiles" if path
                       else f"no walk over restored tiles reaches {where}")
                return Verdict.illegal(
                    "introduce.too_far", f"{far}, and your Shaper walks at most {limit}; "
                    "teleport (tp) for 1 Energy, or a Toxicity token without one.",
                    _r("sog.introduce.move"), distance=len(path) - 1 if path else None,
                    limit=limit)
        biome = tiles[dest]
        chosen = [w for w in rest if w in BASIC]
        if biome in BIOME_RESOURCE:
            if chosen:
                return Verdict.illegal("introduce.resource_fixed", f"A {biome} tile is paid "
                                       f"in {_NAMES[BIOME_RESOURCE[biome]]}s; name no resource.",
                                       _r(f"sog.biome.{biome}"))
            res = BIOME_RESOURCE[biome]
        else:
            if not chosen:
                return Verdict.illegal("introduce.choose_basic", f"At the {biome} you pay in "
                                       "one basic resource of your choice: name it.",
                                       _r("sog.biome.temple"))
            res = chosen[0]
        if not can_pay(p, ((res, cost),), self.wild(p)):
            return Verdict.illegal(
                "introduce.cannot_afford", f"The {kind.title()} of space {space} costs {cost} "
                f"{_NAMES[res]}; you have {p.resource(res)}.",
                _r("sog.introduce.biome_resource"))
        return None

    def _diagnose_restore(self, state: SGState, seat: int, action: Action) -> Verdict | None:
        p = state.seats[seat]
        tile, where = action.args[0], action.args[1]
        if tile not in p.hand:
            return Verdict.illegal("restore.not_in_hand", f"Tile {tile} is not in your hand.",
                                   _r("sog.restore.count"))
        task = state.task
        if task is not None and task.kind == "more" and int(task.words[0]) >= RESTORE_LIMIT:
            return Verdict.illegal("restore.limit", "You may restore at most 3 tiles in a "
                                   "turn.", _r("sog.restore.count"))
        if state.tile_at(where) is not None:
            return Verdict.illegal("restore.taken", f"{where} already has a tile.",
                                   _r("sog.restore.place_tile"))
        placed = [board.parse_space(s) for s, _ in state.tiles]
        h = board.parse_space(where)
        if "tp" in action.args:
            if h not in board.teleport_restore_spaces(placed):
                return Verdict.illegal("restore.teleport_adjacency", f"{where} touches fewer "
                                       "than 2 tiles.", _r("sog.restore.teleport"))
        elif h not in board.restore_spaces(placed, board.parse_space(state.caretaker)):
            return Verdict.illegal(
                "restore.adjacency", f"{where} must touch the Caretaker's tile "
                f"({state.caretaker}) and one more tile; teleport (tp) for 1 Energy.",
                _r("sog.restore.place_tile"))
        return None

    def _diagnose_card(self, state: SGState, task: Task, action: Action) -> Verdict | None:
        kind, row, _vault, special, _ = task.words[:5]
        p = state.seats[task.player]
        cid = action.args[0]
        meta = "meta" in action.args
        if meta and (special == "1" or kind == "predator"
                     or not self.level(p, "metamorphosis")):
            return Verdict.illegal("card.no_metamorphosis", "Only Metamorphosis lets you take "
                                   "a Herbivore card for a Scavenger or a Predator card for a "
                                   "Herbivore.", _r("sog.shaper.rastar.metamorphosis"))
        if meta:
            kind = ANIMALS[ANIMALS.index(kind) + 1]
        if special == "1" and p.specials:
            if cid not in p.specials:
                return Verdict.illegal("card.special", "The Special Card ability gives you "
                                       f"your special Species card ({', '.join(p.specials)}).",
                                       _r("sog.introduce.special_card"))
            if action.args[1] != "A":
                return Verdict.illegal("card.one_side", "A special card has one side: A.",
                                       _r("sog.introduce.card_side"))
        elif cid != "top" and cid not in state.displays[ANIMALS.index(kind)]:
            return Verdict.illegal("card.not_displayed", f"{cid} is not a {kind} card of the "
                                   "display; take one of them or the top of the deck.",
                                   _r("sog.introduce.take_card"))
        full = len(p.row(row)) >= ROW_LIMIT
        replace = "replace" in action.args
        if full and not replace:
            return Verdict.illegal("card.row_full", f"Your {row} row holds 4 cards: name the "
                                   "card to give up (replace <card>) and take 2 Toxicity.",
                                   _r("sog.introduce.row_limit"))
        if not full and replace:
            return Verdict.illegal("card.row_not_full", f"Your {row} row is not full; no card "
                                   "is given up.", _r("sog.introduce.row_limit"))
        if full and action.args[3] not in {rc.card for rc in p.row(row)}:
            return Verdict.illegal("card.replace_missing", f"{action.args[3]} is not in your "
                                   f"{row} row.", _r("sog.introduce.row_limit"))
        return None

    def _diagnose_activate(self, state: SGState, task: Task, action: Action) -> Verdict | None:
        cid = action.args[0]
        if cid not in task.words[1:]:
            return Verdict.illegal("activate.not_pending", f"{cid} is not a card of the row "
                                   "still to activate.", _r("sog.introduce.activate_row"))
        p = state.seats[task.player]
        e = self.effect(self.pending(state, task.player, task.words[0])[cid])
        if action.verb == "decline":
            if e.is_conversion and cid in self.lifecycle_cards(state):
                left = task.words[1:].count(cid)
                return Verdict.illegal(
                    "activate.lifecycle", f"Rapid Lifecycle: {cid} must be activated twice "
                    f"while you can pay ({left} activation{'s' if left > 1 else ''} left).",
                    _r("sog.shaper.synthara.rapid_lifecycle"))
            return Verdict.illegal("activate.not_conversion", "Only a conversion may be left "
                                   "unused.", _r("sog.introduce.conversion_optional"))
        if not can_pay(p, e.pay, self.wild(p)):
            return Verdict.illegal("activate.cannot_pay", f"The conversion needs "
                                   f"{_words(e.pay)}; {_lacking(p, e.pay)} (only missing "
                                   "Nutrients and Energy may be made up with Toxicity).",
                                   _r("sog.introduce.conversion_optional"))
        if _chooses(e.gain) != (len(action.args) == 2):
            return Verdict.illegal("activate.basic_choice", "Name a basic resource exactly "
                                   "when the card gives one of your choice.",
                                   _r("sog.resource.kinds"))
        return None

    # -- applying ------------------------------------------------------------------
    def apply(self, state: SGState, action: Action,
              events: list[Event] = UNREAD) -> SGState:
        """Resolve the head task with ``action`` (assumed legal), then settle, telling
        ``events`` what happened (by default nobody reads them: the steps of a turn then
        make none of their sentences)."""
        task = state.tasks[0]
        if action.verb in _ABILITY_VERBS:  # a persistent ability, at any step of the turn
            state = self._ability_move(state, task.player, action, events)
        else:
            state = FLOW.resolve(self, state, action, events)
        return FLOW.settle(self, state, events)

    @FLOW.resolver("turn", verbs=["intro"])
    def _do_intro(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        return self._intro(state, task.player, action, events)

    @FLOW.resolver("swarm", verbs=["intro"])
    def _do_swarm(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        return self._intro(state, task.player, action, events, swarm=True)

    @FLOW.resolver("swarm", verbs=["pass"])
    def _do_no_swarm(self, state: SGState, task: Task, action: Action,
                     events: list[Event]) -> SGState:
        seat, row = task.player, task.word(0)
        cards = tuple(rc.card for rc in state.seats[seat].row(row))
        events.append(Event("ability.swarm", f"P{seat + 1} introduces no second "
                            "animal.", _r("sog.shaper.synthara.swarm"), seat))
        return _with_tasks(state, (Task("activate", seat, (row, *cards)), *state.tasks[1:]))

    @FLOW.resolver("turn", "more", verbs=["restore"])
    def _do_restore(self, state: SGState, task: Task, action: Action,
                    events: list[Event]) -> SGState:
        return self._restore(state, task, action, events)

    @FLOW.resolver("turn", verbs=["skip"])
    def _do_skip(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        events.append(Event("turn.skip", f"P{task.player + 1} can do nothing and skips the "
                            "turn.", _r("sog.turn.skip"), task.player))
        return _with_tasks(state, (_END_SKIP, *state.tasks[1:]))

    @FLOW.resolver("surge", verbs=["surge", "pass"])
    def _do_surge(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        rest = state.tasks[1:]
        if action.verb == "surge":
            events.append(Event("ability.power_surge", f"Power Surge: P{task.player + 1} "
                                f"activates {', '.join(action.args)}.",
                                _r("sog.shaper.rastar.power_surge"), task.player))
            rest = (Task("activate", task.player, ("*", *action.args)), *rest)
        return _with_tasks(state, rest)

    @FLOW.resolver("more", verbs=["stop"])
    def _do_stop(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        events.append(Event("restore.stop", f"P{task.player + 1} restores no more tiles.",
                            _r("sog.restore.next_tile"), task.player))
        return _with_tasks(state, state.tasks[1:])

    @FLOW.resolver("end", verbs=["end"])
    def _do_end(self, state: SGState, task: Task, action: Action,
                events: list[Event]) -> SGState:
        return self._end(state, task, events)

    @FLOW.resolver("score", verbs=["score"])
    def _do_score(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        events.append(Event("game.over", "The final round is over: final scoring.",
                            _r("sog.end.final_round"), "rules", automatic=True))
        return evolve(state, tasks=state.tasks[1:], over=True)

    def settle(self, state: SGState, events: list[Event]) -> SGState:
        """Resolve what needs no decision: a row of plain gains activates by itself."""
        return FLOW.settle(self, state, events)

    @FLOW.settler("activate")
    def _settle_activate(self, state: SGState, task: Task,
                         events: list[Event]) -> SGState | None:
        seat, words = task.player, task.words
        side_of = self.pending(state, seat, words[0])
        for c in words[1:]:
            rc = side_of[c]
            e = self._effects[rc.card][rc.side]
            if e.is_conversion or _chooses(e.gain):
                return None
        p = state.seats[seat]
        for cid in words[1:]:
            p = self._activate_card(p, seat, side_of[cid], None, events, automatic=True)
        return _with_seats_tasks(state, state.seats_with(seat, p), state.tasks[1:])

    def _ability_move(self, state: SGState, seat: int, action: Action,
                      events: list[Event]) -> SGState:
        p = state.seats[seat]
        name = f"P{seat + 1}"
        if action.verb == "recycle":
            colour = action.args[0]
            dna = list(p.dna)
            dna.remove(colour)
            lvl = self.level(p, "recycler")
            shaper = self.c.shaper(p.shaper)
            discard = next(int(a.params.get("discard", 2)) for a in shaper.abilities
                           if a.kind == "recycler")
            p = evolve(p, dna=tuple(dna), toxicity=max(0, p.toxicity - discard))
            events.append(Event("ability.recycler", f"Recycler (level {lvl}): {name} spends a "
                                f"{colour} DNA token (out of the game) and discards {discard} "
                                "Toxicity.", _r("sog.shaper.oraplexis.recycler"), seat))
            return state.with_seat(seat, p, dna_removed=tuple(
                sorted((*state.dna_removed, colour))))
        if action.verb == "accrete":
            where, new = action.args
            old = state.tile_at(where)
            assert old is not None
            uses = state.used.count("accrete") + 1
            cost = self.use_cost(p, "accelerated_accretion", uses)
            p, tox = pay(p, cost)
            hand = tuple(t for t in p.hand if t != new) + (old,)
            p = evolve(p, hand=hand)
            tiles = tuple((s, new if s == where else t) for s, t in state.tiles)
            if events is not UNREAD:
                events.append(Event("ability.accelerated_accretion", "Accelerated Accretion: "
                                    f"{name} takes {old} from {where} into hand and puts "
                                    f"{new} there" + (f" for {_words(cost)}" if cost else "")
                                    + (f" ({tox} as Toxicity)" if tox else "") + ".",
                                    _r("sog.shaper.maldera.accelerated_accretion"), seat))
            return state.with_seat(seat, p, tiles=tiles,
                               used=(*state.used, "accrete"))
        src, dst = action.args
        animal = state.animal_at(src)
        assert animal is not None
        if action.verb == "redeploy":
            cost = self.use_cost(p, "redeploy", self.level(p, "redeploy"))
            rule = _r("sog.shaper.rastar.redeploy")
            used: tuple[str, ...] = ("redeploy",)
        else:
            to_vault = dst.startswith("v")
            cost = self.use_cost(p, "stasis_chambers", 1 if to_vault else 2)
            rule = _r("sog.shaper.maldera.stasis_chambers")
            used = ()  # any number of times a turn
        p, tox = pay(p, cost)
        animals = state.animals
        at = next(i for i, a in enumerate(animals) if a.where == src)
        animals = (*animals[:at], _moved_to(animal, dst), *animals[at + 1:])
        if events is not UNREAD:
            events.append(Event(f"ability.{action.verb}", f"{name} moves the {animal.kind} "
                                f"from {src} to {dst} for {_words(cost)}"
                                + (f" ({tox} as Toxicity)" if tox else "") + ".", rule, seat))
        return _with_animal_moved(state, state.seats_with(seat, p), animals,
                                  (*state.used, *used))

    def _intro(self, state: SGState, seat: int, action: Action,
               events: list[Event], swarm: bool = False) -> SGState:
        """Introduce an animal for the head task (a turn's or Swarm's), which it removes;
        the state is copied once, at the end."""
        rest = state.tasks[1:]
        p = state.seats[seat]
        space, where = action.args[0], action.args[1]
        extra = action.args[2:]
        kind, cost = self.animal_kind(p, space)
        vault = where.startswith("v") and len(where) > 1
        dest = "V" if vault else where
        tile = self._tiles[state.tile_at(dest) or "vault"]
        res = [w for w in extra if w in BASIC]
        basic = res[0] if res else BIOME_RESOURCE[tile.biome]
        name = f"P{seat + 1}"
        letters = wild_of(action)
        p, _ = pay(p, ((basic, cost),), letters)
        told = events is not UNREAD
        if "tp" in extra:
            p, tox = pay(p, (("energy", 1),))
            if told:
                events.append(Event("shaper.teleport", f"{name} teleports the Shaper to "
                                    f"{dest}" + (" (taking 1 Toxicity)" if tox
                                                 else " for 1 Energy") + ".",
                                    _r("sog.introduce.teleport"), seat))
        elif told:
            here = state.shapers[seat]
            events.append(Event("shaper.move", f"{name}'s Shaper stays on {dest}."
                                if here == dest else
                                f"{name} moves the Shaper from {here} to {dest}.",
                                _r("sog.introduce.move"), seat))
        shapers = list(state.shapers)
        shapers[seat] = dest
        extra_tox = 0
        if tile.extra_cost:
            p, extra_tox = pay(p, tile.extra_cost)
        p = _with_board(p, tuple(s for s in p.board if s != space))
        animals = (*state.animals, Animal(where, seat, kind, space))
        if told:
            text = f"{name} pays {cost} {_NAMES[basic]}{_wild_text(letters)}"
            if tile.extra_cost:
                text += f" and the tile's extra {_words(tile.extra_cost)}"
                if extra_tox:
                    text += f" ({extra_tox} of it as Toxicity)"
            events.append(Event("animal.introduce", f"{text} and introduces the {kind} of "
                                f"space {space} on {where}.", _r("sog.introduce.place"), seat))
        special = "0"
        flags: list[str] = []
        avian = False
        for ability in abilities.triggered(self.c, p.shaper, space):
            lvl = abilities.level(self.c, p, ability.id)
            if ability.kind == "gain":
                got = tuple((k, int(n)) for k, n in dict(ability.params["gain"]).items())
                p = gain(p, got, self.c)
                if told:
                    events.append(Event("ability.gain", f"{ability.name} (level {lvl}): "
                                        f"{name} gains {_words(got)}.",
                                        _r("sog.ability.instant"), seat))
            elif ability.kind == "purify_water":
                water = board.water_neighbours(board.parse_space(dest),
                                               biomes(state, self.c))
                per = dict(ability.params.get("per_water", {"nutrient": 1}))
                got = tuple((k, int(n) * water) for k, n in per.items())
                p = gain(p, got, self.c)
                events.append(Event("ability.purify_water", f"Purify Water: {water} Water "
                                    f"tile(s) next to {dest} give {_words(got)}.",
                                    _r("sog.shaper.maldera.purify_water"), seat))
            elif ability.kind == "special_card" and p.specials:
                special = "1"
                events.append(Event("ability.special_card", f"{ability.name}: {name} adds a "
                                    "special Species card this turn.",
                                    _r("sog.introduce.special_card"), seat))
            elif ability.kind == "rapid_lifecycle":
                flags.append("lifecycle")
                events.append(Event("ability.rapid_lifecycle", "Rapid Lifecycle: the card "
                                    "taken now activates twice and leaves the game at the end "
                                    "of the turn.", _r("sog.shaper.synthara.rapid_lifecycle"),
                                    seat))
            elif ability.kind == "clone_experiment":
                flags.append("clone")
                events.append(Event("ability.clone_experiment", "Clone Experiment: a second "
                                    "Scavenger card of the display may be resolved this turn.",
                                    _r("sog.shaper.maldera.clone_experiment"), seat))
            elif ability.kind == "swarm":
                flags.append("swarm")
                events.append(Event("ability.swarm", "Swarm: after taking the card, "
                                    f"{name} may introduce a second animal.",
                                    _r("sog.shaper.synthara.swarm"), seat))
            elif ability.kind == "avian_call" and state.displays[ANIMALS.index("herbivore")]:
                avian = True
                events.append(Event("ability.avian_call", f"Avian Call: {name} first adds a "
                                    "Herbivore card of the display to any row.",
                                    _r("sog.shaper.telrin.avian_call"), seat))
        card = Task("card", seat, (kind, basic, "1" if vault else "0", special, "0",
                                   ",".join(flags)))
        tasks: tuple[Task, ...] = (card,) if swarm else (card, _END_INTRO)
        if avian:
            tasks = (Task("avian", seat), *tasks)
        return _with_introduced(state, state.seats_with(seat, p), tuple(shapers), animals,
                                (*tasks, *rest))

    @FLOW.resolver("card", verbs=["card", "refresh", "skip"])
    def _card(self, state: SGState, task: Task, action: Action,
              events: list[Event]) -> SGState:
        words = task.words
        kind, row, vault, special, _ = words[:5]
        flags = words[5].split(",") if len(words) > 5 else []
        seat = task.player
        name = f"P{seat + 1}"
        i = ANIMALS.index(kind)
        rest = state.tasks[1:]
        if action.verb == "refresh":
            # the 3 visible cards (the 2 displayed and the deck's top) go under the deck
            visible = state.displays[i] + state.decks[i][:1]
            deck = state.decks[i][1:] + visible
            display, deck = deck[:2], deck[2:]
            state = self._set_pile(state, i, deck, display)
            events.append(Event("display.refresh", f"{name} refreshes the {kind} display.",
                                _r("sog.biome.vault_refresh"), seat))
            return evolve(state, tasks=(Task("card", seat, (kind, row, vault, special, "1",
                                                            *words[5:])), *rest))
        p = state.seats[seat]
        # the piles change in these lists; the state is copied once, at the end
        decks, displays, removed = list(state.decks), list(state.displays), state.removed
        if action.verb == "skip":
            events.append(Event("card.none", f"No {kind} card is left to take.",
                                _r("sog.introduce.take_card"), seat))
            cid = ""
        else:
            cid, side = action.args[0], action.args[1]
            if "meta" in action.args:
                i += 1
                p, tox = pay(p, self.use_cost(p, "metamorphosis", 1))
                events.append(Event("ability.metamorphosis", f"Metamorphosis: {name} takes a "
                                    f"{ANIMALS[i]} card instead"
                                    + (f", taking {tox} Toxicity." if tox else
                                       " for 1 Energy."),
                                    _r("sog.shaper.rastar.metamorphosis"), seat))
            if cid in p.specials:
                p = evolve(p, specials=tuple(s for s in p.specials if s != cid))
            elif cid == "top":
                cid = decks[i][0]
                decks[i] = decks[i][1:]
            else:
                _take_displayed(decks, displays, i, cid)
            out = action.args[3] if "replace" in action.args else None
            p, removed = self._add_to_row(p, seat, row, cid, side, out, decks, removed, events)
        row_cards = tuple(rc.card for rc in p.row(row))
        if cid and "lifecycle" in flags:
            row_cards = (*row_cards, cid)
            k = next(j for j, t in enumerate(rest) if t.kind == "end")
            end = rest[k]
            rest = (*rest[:k], evolve(end, data=(*end.data, f"remove={cid}")), *rest[k + 1:])
        activate = Task("activate", seat, (row, *row_cards))
        if "swarm" in flags:
            tasks: tuple[Task, ...] = (Task("swarm", seat, (row,)), *rest)
        elif "clone" in flags and displays[0]:
            tasks = (Task("clone", seat, (row,)), activate, *rest)
        else:
            tasks = (activate, *rest)
        return _with_card_taken(state, state.seats_with(seat, p), tuple(decks),
                                tuple(displays), removed, tasks)

    def _add_to_row(self, p: PlayerState, seat: int, row: str, cid: str, side: str,
                    out: str | None, decks: list[tuple[str, ...]], removed: tuple[str, ...],
                    events: list[Event]) -> tuple[PlayerState, tuple[str, ...]]:
        """Put a card at the end of player ``p``'s row, giving up ``out`` (and taking 2
        Toxicity): a deck card goes under its deck (``decks`` changes in place), a special
        card leaves the game.  Returns the player and the cards out of the game."""
        name = f"P{seat + 1}"
        cards = p.row(row)
        if out is not None:
            cards = tuple(rc for rc in cards if rc.card != out)
            p = evolve(p, toxicity=p.toxicity + 2)
            old = self.c.species_card(out)
            if old.special_for is None:
                j = ANIMALS.index(old.animal)
                decks[j] = (*decks[j], out)
            else:
                removed = (*removed, out)
            events.append(Event("card.remove", f"{name}'s {row} row is full: {out} goes "
                                f"back and {name} takes 2 Toxicity.",
                                _r("sog.introduce.row_limit"), seat))
        p = p.with_row(row, (*cards, RowCard(cid, 0 if side == "A" else 1)))
        if events is not UNREAD:
            events.append(Event("card.take", f"{name} adds {cid} (side {side}) to the {row} "
                                "row.", _r("sog.introduce.row"), seat))
        return p, removed

    @FLOW.resolver("clone", verbs=["clone", "pass"])
    def _clone(self, state: SGState, task: Task, action: Action,
               events: list[Event]) -> SGState:
        rest = state.tasks[1:]
        if action.verb == "pass":
            return evolve(state, tasks=rest)
        cid, side = action.args
        decks, displays = list(state.decks), list(state.displays)
        _take_displayed(decks, displays, 0, cid)
        act = rest[0]
        rest = (evolve(act, data=(*act.data, cid)), *rest[1:])
        events.append(Event("ability.clone_experiment", f"P{task.player + 1} clones {cid} (side "
                            f"{side}) for this turn's activation.",
                            _r("sog.shaper.maldera.clone_experiment"), task.player))
        return evolve(state, tasks=rest, decks=tuple(decks), displays=tuple(displays),
                      borrowed=(*state.borrowed, RowCard(cid, 0 if side == "A" else 1)))

    @FLOW.resolver("avian", verbs=["avian"])
    def _avian(self, state: SGState, task: Task, action: Action,
               events: list[Event]) -> SGState:
        cid, side, row = action.args[:3]
        out = action.args[4] if len(action.args) > 3 else None
        decks, displays = list(state.decks), list(state.displays)
        _take_displayed(decks, displays, ANIMALS.index("herbivore"), cid)
        seat = task.player
        p, removed = self._add_to_row(state.seats[seat], seat, row, cid, side, out, decks,
                                      state.removed, events)
        return state.with_seat(seat, p, decks=tuple(decks), displays=tuple(displays),
                               removed=removed, tasks=state.tasks[1:])

    def _set_pile(self, state: SGState, i: int, deck: tuple[str, ...],
                  display: tuple[str, ...]) -> SGState:
        decks = list(state.decks)
        displays = list(state.displays)
        decks[i], displays[i] = deck, display
        return evolve(state, decks=tuple(decks), displays=tuple(displays))

    @FLOW.resolver("activate", verbs=["activate", "decline"])
    def _activate(self, state: SGState, task: Task, action: Action,
                  events: list[Event]) -> SGState:
        seat = task.player
        cid = action.args[0]
        row, *left = task.words
        left.remove(cid)
        tasks = state.tasks[1:]
        if left:
            tasks = (Task("activate", seat, (row, *left)), *tasks)
        if action.verb == "decline":
            if events is not UNREAD:
                events.append(Event("card.decline", f"P{seat + 1} leaves the conversion of "
                                    f"{cid} unused.", _r("sog.introduce.conversion_optional"),
                                    seat))
            return _with_tasks(state, tasks)
        rc = self.pending(state, seat, row)[cid]
        choice = next((w for w in action.args[1:] if w in BASIC), None)
        p = self._activate_card(state.seats[seat], seat, rc, choice, events,
                                wild=wild_of(action))
        return _with_seats_tasks(state, state.seats_with(seat, p), tasks)

    def _activate_card(self, p: PlayerState, seat: int, rc: RowCard, choice: str | None,
                       events: list[Event], automatic: bool = False,
                       wild: str = "") -> PlayerState:
        """Player ``p`` (of ``seat``) pays for and gains one Species card's effect."""
        e = self._effects[rc.card][rc.side]
        p, tox = pay(p, e.pay, wild)
        p = gain(p, e.gain, self.c, choice)
        if events is not UNREAD:
            events.append(Event("card.activate", f"P{seat + 1} activates {rc.card}: "
                                + _paid_text(e.describe(), wild, choice, tox),
                                _r("sog.introduce.activate_row"), seat, automatic=automatic))
        return p

    def _restore(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        """Restore a tile for the head task (a turn's or another tile's), which it
        removes; the state is copied once, at the end."""
        rest = state.tasks[1:]
        seat = task.player
        name = f"P{seat + 1}"
        tile, where = action.args[0], action.args[1]
        count = int(task.word(0)) + 1 if task.kind == "more" else 1
        p = state.seats[seat]
        if "tp" in action.args:
            p, tox = pay(p, (("energy", 1),))
            if events is not UNREAD:
                events.append(Event("caretaker.teleport", f"{name} teleports the Caretaker"
                                    + (" taking 1 Toxicity." if tox else " for 1 Energy."),
                                    _r("sog.restore.teleport"), seat))
        dna_board = state.dna_board
        gained = next((c for s, c in dna_board if s == where), "")
        dna = p.dna
        if gained:
            dna = tuple(sorted((*dna, gained)))
            if events is not UNREAD:
                events.append(Event("dna.take", f"{name} takes the {gained} DNA token on "
                                    f"{where}.", _r("sog.restore.dna"), seat))
            dna_board = tuple(sc for sc in dna_board if sc[0] != where)
        p = _with_hand_dna(p, tuple(t for t in p.hand if t != tile), dna)
        tiles = _placed_with(state.tiles, where, tile)
        if events is not UNREAD:
            events.append(Event("tile.restore", f"{name} restores {tile} on {where}; the "
                                "Caretaker moves there.", _r("sog.restore.place_tile"), seat))
        nxt: tuple[Task, ...] = (Task("resolve", seat, (tile,)),
                                 Task("more", seat, (str(count),)))
        surge = Task("surge", seat, (gained,))
        # Power Surge reads the player's rows, which restoring leaves as they were
        if gained and self.level(p, "power_surge") and self.surge_actions(state, surge):
            events.append(Event("ability.power_surge", f"Power Surge: the {gained} DNA token "
                                f"lets {name} activate Species cards.",
                                _r("sog.shaper.rastar.power_surge"), seat))
            nxt = (surge, *nxt)
        if task.kind == "turn":
            nxt = (*nxt, _END_RESTORE)
        return _with_restored(state, state.seats_with(seat, p), tiles, where, dna_board,
                              (*nxt, *rest))

    @FLOW.resolver("resolve", verbs=["resolve"])
    @FLOW.resolver("other", verbs=["take", "pass"])
    def _resolve(self, state: SGState, task: Task, action: Action,
                 events: list[Event]) -> SGState:
        seat = task.player
        tile = self._tiles[task.word(0)]
        rest = state.tasks[1:]
        if action.verb == "pass":
            if events is not UNREAD:
                events.append(Event("tile.pass", f"P{seat + 1} leaves the other action.",
                                    _r("sog.restore.opponents"), seat))
            return self._after_resolve(state, state.seats, rest)
        if action.verb == "resolve" and action.args[0] == "none":
            events.append(Event("tile.none", f"P{seat + 1} can pay for neither action of "
                                f"{tile.id}.", _r("sog.restore.prestige_required"), seat))
            return self._after_resolve(state, state.seats, rest)
        both = "both" in action.args
        letters = wild_of(action)
        words = [w for w in action.args if w != "both" and not w.startswith(WILD)]
        if action.verb == "resolve":
            i = int(words[0])
            choice = words[1] if len(words) > 1 else None
        else:
            i = int(task.word(1))
            choice = words[0] if words else None
        rule = _r("sog.restore.resolve" if action.verb == "resolve" else "sog.restore.opponents")
        p = state.seats[seat]
        first = wild_short(p, tile.actions[i].pay)
        p = self._resolve_one(p, seat, tile.id, i, choice, rule, events, letters[:first])
        if both:
            p = self._resolve_one(p, seat, tile.id, 1 - i, None,
                                  _r("sog.shaper.xanarin.harvester"), events, letters[first:])
        if action.verb == "resolve" and len(tile.actions) > 1:
            others = tuple(Task("other", (seat + k) % state.players, (tile.id, str(1 - i)))
                           for k in range(1, state.players))
            return _with_seats_tasks(state, state.seats_with(seat, p), (*others, *rest))
        return self._after_resolve(state, state.seats_with(seat, p), rest)

    def _resolve_one(self, p: PlayerState, seat: int, tile_id: str, i: int,
                     choice: str | None, rule: RuleRef, events: list[Event],
                     wild: str = "") -> PlayerState:
        """Player ``p`` (of ``seat``) pays for and gains one action of a tile."""
        e = self._tiles[tile_id].actions[i]
        p, tox = pay(p, e.pay, wild)
        p = gain(p, e.gain, self.c, choice)
        if events is not UNREAD:
            events.append(Event("tile.resolve", f"P{seat + 1} resolves {tile_id} action {i}: "
                                + _paid_text(e.describe(), wild, choice, tox), rule, seat))
        return p

    def _after_resolve(self, state: SGState, seats: tuple[PlayerState, ...],
                       tasks: tuple[Task, ...]) -> SGState:
        """The state once a tile's action is resolved, with ``seats`` and ``tasks``: a
        ``more`` step next is dropped when no other tile can be restored (the third tile,
        an empty hand or no space left); one copy."""
        task = tasks[0] if tasks else None
        if task is not None and task.kind == "more" and (
                int(task.word(0)) >= RESTORE_LIMIT
                or not self.can_restore(seats[task.player], state.tiles)):
            tasks = tasks[1:]
        return _with_seats_tasks(state, seats, tasks)

    def _end(self, state: SGState, task: Task, events: list[Event]) -> SGState:
        """End the turn for the head task, which it removes (the task list is set once,
        at the end)."""
        rest = state.tasks[1:]
        seat = state.active
        p = state.seats[seat]
        name = f"P{seat + 1}"
        for entry in task.words[1:]:
            if entry.startswith("remove="):
                cid = entry.split("=", 1)[1]
                p = evolve(p, rows=tuple(tuple(rc for rc in r if rc.card != cid)
                                         for r in p.rows))
                state = state.with_seat(seat, p, removed=(*state.removed, cid))
                events.append(Event("ability.rapid_lifecycle", f"Rapid Lifecycle: {cid} "
                                    "leaves the game.",
                                    _r("sog.shaper.synthara.rapid_lifecycle"), "rules",
                                    automatic=True))
        for rc in state.borrowed:
            state = self._set_pile(state, 0, (*state.decks[0], rc.card), state.displays[0])
        if state.borrowed:
            events.append(Event("ability.clone_experiment", "The cloned card goes under its "
                                "deck.", _r("sog.shaper.maldera.clone_experiment"), "rules",
                                automatic=True))
            state = evolve(state, borrowed=())
        triggered = False
        stack = state.stack
        if task.data and task.word(0) == "restore":
            size = abilities.hand_size(self.c, p)
            want = max(0, size - len(p.hand))
            drawn = stack[:want]
            if drawn:
                p = _with_hand(p, (*p.hand, *drawn))
                stack = stack[len(drawn):]
                if events is not UNREAD:
                    events.append(Event("tile.draw", f"{name} draws {len(drawn)} tile(s) back "
                                        f"up to {size}.", _r("sog.restore.draw"), "rules",
                                        automatic=True))
                if not stack:
                    triggered = True
                    events.append(Event("end.stack", "The stack of Biome tiles is empty: the "
                                        "end of the game is triggered.",
                                        _r("sog.end.stack_empty"), "rules", automatic=True))
        kinds = {kind for kind, _ in map(self._animals[p.shaper].__getitem__, p.board)}
        if len(kinds) <= 1 and state.final_turns < 0:
            triggered = True
            events.append(Event("end.one_type", f"{name} has at most one type of animal left: "
                                "the end of the game is triggered.",
                                _r("sog.end.one_type_left"), "rules", automatic=True))
        n = state.players
        if state.final_turns >= 0:
            left = state.final_turns - 1
        elif triggered:
            left = (state.first - 1 - seat) % n + n
            events.append(Event("end.final_round", f"{left} more turn(s): the round is "
                                "finished, then one final round.", _r("sog.end.final_round"),
                                "rules", automatic=True))
        else:
            left = -1
        # one copy: the drawing player, the stack and the next turn (or the scoring)
        seats = state.seats if p is state.seats[seat] else state.seats_with(seat, p)
        if left == 0:
            return _with_turn_ended(state, seats, stack, 0, seat, state.turn, (), (_SCORE,))
        nxt = (seat + 1) % n
        return _with_turn_ended(state, seats, stack, left, nxt, state.turn + 1, (),
                                (_TURN[nxt], *rest))


@lru_cache(maxsize=1024)
def _levels(rules: Rules, shaper: str, board: tuple[str, ...]) -> Mapping[str, int]:
    """The level of each ability kind of ``shaper`` with the Shaper ``board``: how many of
    the kind's unlocking spaces are no longer on it (found once for each board, which
    changes once a turn at most)."""
    held = board.__contains__  # a plain dict, read only by its callers (faster to read)
    return {kind: len(spaces) - sum(map(held, spaces))
            for kind, spaces in rules._unlocking_of.get(shaper, ())}


def _placed_with(tiles: tuple[tuple[str, str], ...], where: str,
                 tile: str) -> tuple[tuple[str, str], ...]:
    """The placed tiles (in board order) with ``tile`` on the empty space ``where``.

    >>> _placed_with((("V", "vault"), ("A2", "w2")), "A1", "f1")
    (('V', 'vault'), ('A1', 'f1'), ('A2', 'w2'))
    """
    order = board.ORDER
    at = bisect.bisect(tiles, order[where], key=lambda t: order[t[0]])
    return (*tiles[:at], (where, tile), *tiles[at:])


_Spot = tuple[str, int, str, str, _Destination, _Destination]
"""A placed tile as the listings read it: its label, bit (:data:`.board.BITS`), biome and
tile id, and where an Introduce walking or teleporting there ends (:data:`_Destination`)."""


@lru_cache(maxsize=2048)
def _spot(rules: Rules, lab: str, tile: str) -> _Spot:
    """The :data:`_Spot` of ``tile`` on ``lab`` (each of the few pairs found once)."""
    biome = rules._biome.get(tile) or rules.c.tile(tile).biome
    if biome == "vault":
        return lab, board.BITS[lab], biome, tile, ((), "vault"), ((), "vault tp")
    pays = _PAYS[biome]
    return lab, board.BITS[lab], biome, tile, ((lab,), pays), ((lab, "tp"), pays)


@slot_init
@dataclass(frozen=True, slots=True, eq=False)
class Layout:
    """The placed tiles as the listings read them, found once for each set of tiles
    (:func:`_layout`): a turn's listings ask for it at every step, and the tiles change
    only when one is restored or swapped.  Compared by identity (one object for each set
    of tiles while it is kept), so what is read from it once is kept by the layout.

    >>> from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
    >>> g = ShapersOfGaia()
    >>> lay = g.rules.layout(g.scenario({"players": 2}))
    >>> [spot[0] for spot in lay.spots][:3], lay.water()[0], lay.land()
    (['V', 'A0', 'A1'], ('A0', 's_water_1'), ('A1', 'A3', 'A5'))
    """

    placed: int
    """The placed tiles' spaces as bits (:func:`.board.label_bits`)."""
    spots: tuple[_Spot, ...]
    """Each tile, in board order (:data:`_Spot`)."""

    def land(self) -> tuple[str, ...]:
        """The labels of the land tiles (neither Water nor the Vault)."""
        return _land(self)

    def water(self) -> tuple[tuple[str, str], ...]:
        """``(label, tile id)`` of the Water tiles."""
        return _water(self)


@lru_cache(maxsize=64)
def _layout(rules: Rules, tiles: tuple[tuple[str, str], ...]) -> Layout:
    """The :class:`Layout` of ``tiles`` (kept for the last few sets of tiles)."""
    if not tiles:
        return Layout(0, ())
    labels, ids = zip(*tiles, strict=True)
    spots = tuple(map(_spot, itertools.repeat(rules), labels, ids))
    return Layout(sum(map(board.BITS.__getitem__, labels)), spots)


@lru_cache(maxsize=64)
def _land(layout: Layout) -> tuple[str, ...]:
    """:meth:`Layout.land`, found once for each layout."""
    return tuple(s[0] for s in layout.spots if s[2] not in ("water", "vault"))


@lru_cache(maxsize=64)
def _land_words(layout: Layout) -> tuple[tuple[str], ...]:
    """:meth:`Layout.land`, each label as the words of an action."""
    return tuple((lab,) for lab in _land(layout))


@lru_cache(maxsize=64)
def _water(layout: Layout) -> tuple[tuple[str, str], ...]:
    """:meth:`Layout.water`, found once for each layout."""
    return tuple((s[0], s[3]) for s in layout.spots if s[2] == "water")


def _take_displayed(decks: list[tuple[str, ...]], displays: list[tuple[str, ...]], i: int,
                    cid: str) -> None:
    """Take card ``cid`` from display ``i``; the top of the deck refills it (both lists
    change in place)."""
    display = tuple(c for c in displays[i] if c != cid)
    if decks[i]:
        display, decks[i] = (*display, decks[i][0]), decks[i][1:]
    displays[i] = display


LISTINGS_KEPT: Final = 8
"""How many positions' legal actions :data:`_LISTINGS` keeps at most (it forgets them all
when it is full, as an :class:`~.actions.ActionTable` does)."""


class Listings:
    """The legal actions of the last few positions listed (:data:`LISTINGS_KEPT`),
    found by the identity of their rules object and state: both are immutable, so the
    same objects always list the same actions, and comparing identities costs far less
    than hashing a whole state.  A Session lists a position and then checks the action
    played against the listing; a random game lists each position once.

    Each entry holds its state, so an identity is never reused while it is kept; each
    change of the table is one step (a lookup, an insertion, a clearing), so the memo is
    safe under threads (two threads may list one position twice, never wrongly).

    >>> from gaia_lab.games.shapers_of_gaia.game import ShapersOfGaia
    >>> g = ShapersOfGaia()
    >>> s = g.scenario({"players": 2})
    >>> memo = Listings()
    >>> memo.entry(g.rules, s) is memo.entry(g.rules, s), len(memo.entries)
    (True, 1)
    >>> memo.cache_clear(); memo.entries
    {}
    """

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[tuple[int, int], list[Any]] = {}
        """By the identities of the rules and the state, each
        ``[rules, state, actions, actions as a set or None]`` (the set is made when an
        action is first checked).  An entry holds its objects, so while it is kept no
        other object has their identities."""

    def entry(self, rules: Rules, state: SGState) -> list[Any]:
        """The entry of ``state`` under ``rules``, listed now when it is not kept."""
        key = (id(rules), id(state))
        found = self.entries.get(key)
        if found is not None:
            return found
        made = [rules, state, tuple(rules._listed(state, state.tasks[0])), None]
        entries = self.entries
        if len(entries) >= LISTINGS_KEPT:
            entries.clear()  # full: start again (each step is one call, safe under threads)
        entries[key] = made
        return made

    def cache_clear(self) -> None:
        """Forget every listing (named as :func:`functools.lru_cache`'s)."""
        self.entries = {}


_LISTINGS: Final = Listings()
"""The listings of the positions last listed, shared by every rules object."""


@lru_cache(maxsize=64)
def _restore_tails(placed: int, caretaker: str) -> tuple[tuple[tuple[str, ...], ...],
                                                         tuple[tuple[str, ...], ...]]:
    """The words after the tile of every Restore: next to the Caretaker (``(label,)``),
    then by teleport (``(label, "tp")``), each in board order; ``placed`` holds the
    placed tiles as bits (:func:`.board.label_bits`)."""
    far = board.restorable(placed)
    near = board.neighbour_labels(caretaker)
    return (tuple((lab,) for lab in far if lab in near),
            tuple((lab, "tp") for lab in far))

"""GAIA (Tiki Editions) rules: legality, explanations and effects from one source of truth.

Every kind of pending step is a :class:`~gaia_lab.core.flow.TaskKind` of :data:`FLOW`.
Setup is a shuffle (chance) and four rules steps; a turn is ``start`` (the rules queue a
``feed`` step for each of the player's Cities that needs Animals), two ``act`` steps and
``next``.  A draw over a hand limit puts a ``discard`` step in front; a thief's Power
puts a ``steal`` chance step in front.

:meth:`Rules.check` is the one judge of an action: the listers give the candidates it
accepts, and :meth:`Rules.explain` returns its verdict for anything else.  After every
change of the table :meth:`Rules.satisfy` recomputes the satisfaction of every City
(meeples placed, stolen, sent home; Cities emptied or removed).

>>> from gaia_lab.games.gaia_tiki.game import GaiaTiki
>>> g = GaiaTiki()
>>> s = g.scenario({"tiles": {"F6": "plain", "F5": "forest", "E6": "forest"},
...                 "seats": [{"hand": ["borea"]}]})
>>> print(g.explain(s, g.parse_action(s, "city borea F6")))  # doctest: +NORMALIZE_WHITESPACE
not legal now: Borea needs 2 of plain, forest, fish, mountain; only forest is next
to F6 (on F5, E6). [Cities]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from gaia_lab.core.codec import OneOf, Range
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Flow, Task, TaskKind, pop, push
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_tiki import board
from gaia_lab.games.gaia_tiki.actions import Action, seat_word
from gaia_lab.games.gaia_tiki.board import ANIMALS, CELLS, CENTRE, TERRAINS
from gaia_lab.games.gaia_tiki.components import Components, Power, face
from gaia_lab.games.gaia_tiki.rulebook import RULES
from gaia_lab.games.gaia_tiki.state import DECKS, City, GTState, Objective, PlayerState, Tile

__all__ = ["FLOW", "HAND_LIMIT", "MARKET", "POWER_LIMIT", "SETUP", "START_HAND", "NeedMet",
           "Rules", "meeples_per_player", "objectives_revealed"]

HAND_LIMIT: Final = 6
POWER_LIMIT: Final = 2
MARKET: Final = {"nature": 3, "life": 2, "power": 2}
"""Face-up cards of each market (the Power market only with Powers)."""
START_HAND: Final = {"nature": 2, "life": 1, "power": 1}
"""Cards of each deck dealt to each player (a Power card only with Powers)."""


def meeples_per_player(players: int) -> int:
    """5 meeples each, 6 in a two-player game."""
    return 6 if players == 2 else 5


def objectives_revealed(players: int) -> int:
    """Objectives revealed at setup: players + 2."""
    return players + 2


def _kind(name: str, rule: str, what: str, verbs: str,
          actor: Literal["player", "chance", "rules"] = "player", phase: str = "",
          ask: str = "", data: Any = tuple[()]) -> TaskKind:
    return TaskKind(name, rule, what, frozenset(verbs.split()), actor, phase, ask, data)


FLOW: Final[Flow[Action]] = Flow([
    _kind("shuffle", "gt.setup.decks", "setup: the decks and the Objectives are shuffled "
          "(chance)", "shuffle", "chance", "setup"),
    _kind("first_tile", "gt.setup.first_tile", "setup: the first tile goes on the centre "
          "(rules)", "first_tile", "rules", "setup"),
    _kind("market", "gt.setup.market", "setup: the markets are turned face up (rules)",
          "market", "rules", "setup"),
    _kind("deal", "gt.setup.hands", "setup: the starting hands are dealt (rules)", "deal",
          "rules", "setup"),
    _kind("objectives", "gt.setup.objectives", "setup: the Objectives are revealed (rules)",
          "objectives", "rules", "setup"),
    _kind("start", "gt.feed.when", "a turn begins: the Cities that need Animals are listed "
          "for feeding (rules)", "start", "rules", "turn"),
    _kind("feed", "gt.feed.choice", "{name} feeds the City on {0}: choose the tile", "feed",
          phase="turn", ask="choose the tile whose Animal feeds the City",
          data=tuple[Annotated[str, OneOf(CELLS)]]),
    _kind("act", "gt.turn.actions", "{name}: action {0} of 2, draw or play a card",
          "draw tile city animals power pass", phase="turn",
          ask="draw a card or play one (or pass)", data=tuple[Literal["1", "2"]]),
    _kind("discard", "gt.hand.limit", "{name} discards a card (the {0} limit)", "discard",
          phase="turn", ask="discard a card over the limit",
          data=tuple[Literal["hand", "power"]]),
    _kind("steal", "gt.power.steal_card", "the thief takes a card at random from a hand "
          "(chance)", "steal", "chance", "turn",
          data=tuple[Annotated[int, Range(0, 4)]]),
    _kind("next", "gt.turn.next", "the next player's turn (rules)", "next", "rules", "turn"),
], verb=lambda action: action.verb)
"""Every kind of pending step of GAIA: its rule, what it waits for, its verbs, its actor."""

SETUP: Final = tuple(k.name for k in FLOW.kinds.values() if k.phase == "setup")
"""The setup steps, in order."""


@dataclass(frozen=True, slots=True)
class NeedMet:
    """One need of a City on a square: which orthogonal neighbours meet it (none: unmet)."""

    need: str
    by: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.by)


def _r(rule_id: str) -> RuleRef:
    return RULES[rule_id]


def _ok(rule: str, message: str = "Legal.") -> Verdict:
    return Verdict.ok(_r(rule), message)


def _no(code: str, message: str, rule: str) -> Verdict:
    return Verdict.illegal(code, message, _r(rule))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _words(items: Iterable[str]) -> str:
    got = list(items)
    return ", ".join(got) if got else "none"


Check = Callable[[GTState, int, Action], Verdict]


class Rules:
    """The rules of GAIA over one set of components (stateless)."""

    def __init__(self, components: Components) -> None:
        self.c = components
        self._checks: dict[str, Check] = {
            "draw": self._check_draw, "tile": self._check_tile, "city": self._check_city,
            "animals": self._check_animals, "power": self._check_power,
            "pass": self._check_pass, "discard": self._check_discard,
            "feed": self._check_feed,
        }

    # ---------------------------------------------------------------------------------
    # Reading the table

    def needs_met(self, state: GTState, card: str, cell: str) -> tuple[NeedMet, ...]:
        """Each need of the City ``card`` as if it stood on ``cell``, with the neighbours
        that meet it: an uncovered tile of the terrain, or a tile with that animal."""
        return self._needs(card, cell, {t.at: t for t in state.tiles},
                           {c.at for c in state.cities})

    def _needs(self, card: str, cell: str, tiles: dict[str, Tile],
               covered: set[str]) -> tuple[NeedMet, ...]:
        around = [t for n in board.neighbours(cell) if (t := tiles.get(n)) is not None]
        out = []
        for need in self.c.city(card).needs:
            if need in ANIMALS:
                by = tuple(t.at for t in around if t.kind == need and t.animals > 0)
            else:
                by = tuple(t.at for t in around if t.terrain == need and t.at not in covered)
            out.append(NeedMet(need, by))
        return tuple(out)

    @staticmethod
    def _at_least_two(needs: tuple[str, ...], cell: str, tiles: dict[str, Tile],
                      covered: set[str]) -> bool:
        """Whether 2 of ``needs`` are met around ``cell`` (the listers' quick count)."""
        met: set[str] = set()
        for n in board.neighbours(cell):
            t = tiles.get(n)
            if t is None:
                continue
            if t.animals and t.kind in needs:
                met.add(t.kind)
            if t.terrain in needs and n not in covered:
                met.add(t.terrain)
            if len(met) >= 2:
                return True
        return False

    def satisfaction(self, state: GTState, card: str, cell: str) -> int:
        """How many of the City's needs are met on ``cell``."""
        return sum(1 for n in self.needs_met(state, card, cell) if n)

    def placed(self, state: GTState, seat: int) -> tuple[int, int]:
        """The seat's meeples on Cities and on Objectives."""
        cities = sum(c.meeples.count(seat) for c in state.cities)
        return cities, sum(1 for o in state.objectives if o.claimed == seat)

    def frontier(self, state: GTState) -> list[str]:
        """The empty squares orthogonally next to a tile (the centre when there is none),
        in grid order."""
        if not state.tiles:
            return [CENTRE]
        taken = {t.at for t in state.tiles}
        out = {n for t in state.tiles for n in board.neighbours(t.at) if n not in taken}
        return sorted(out, key=board.cell_order)

    def feed_options(self, state: GTState, seat: int, cell: str) -> list[str] | None:
        """The tiles that can feed the seat's City on ``cell`` (None when no City of the
        seat that needs Animals stands there)."""
        city = state.city_at(cell)
        if city is None or seat not in city.meeples:
            return None
        wanted = self.c.city(city.card).needs_animals
        if not wanted:
            return None
        out = []
        for n in board.neighbours(cell):
            t = state.tile_at(n)
            if t is not None and t.animals > 0 and t.kind in wanted:
                out.append(n)
        return out

    def _hand_card(self, state: GTState, seat: int, name: str, deck: str) -> str | None:
        for card in state.seat(seat).hand:
            if face(card) == name and self.c.card_kind(card) == deck:
                return card
        return None

    def _card_name(self, card: str) -> str:
        kind = self.c.card_kind(card)
        if kind == "nature":
            return f"a {face(card)} Nature card"
        if kind == "power":
            return f"the Power {self.c.power(card).name}"
        if self.c.is_city(card):
            return f"the City {self.c.city(card).name}"
        return f"the Animal card {self.c.animal(card).name}"

    def _powers_in_hand(self, p: PlayerState) -> int:
        return sum(1 for card in p.hand if self.c.card_kind(card) == "power")

    # ---------------------------------------------------------------------------------
    # The one judge of an action

    def check(self, state: GTState, action: Action) -> Verdict:
        """Whether ``action`` resolves the head task now, with the reason and the rule."""
        task = state.task
        if task is None:
            how = ("the last meeple placed" if state.end == "meeples"
                   else "a deck's last card drawn")
            return _no("game.over", f"The game is over ({how}).",
                       "gt.end.last_meeple" if state.end == "meeples" else "gt.end.last_card")
        kind = FLOW.kind_of(task)
        if action.verb not in kind.verbs:
            verbs = ", ".join(sorted(kind.verbs))
            return _no("phase.not_now", f"Pending: {FLOW.describe(task)}; {action.verb!r} "
                       f"does not resolve it (expected: {verbs}).", kind.rule)
        if task.actor == "rules" or task.kind == "shuffle":
            if action.args:
                return _no("phase.rules_step", f"The step {task.kind!r} takes no words.",
                           kind.rule)
            return _ok(kind.rule, "The rules resolve this step.")
        if task.kind == "steal":
            names = self._steal_odds(state, task.number(0))
            if action.args[0] in names:
                return _ok(kind.rule, "A possible outcome.")
            return _no("steal.not_in_hand", f"{seat_word(task.number(0))} holds no "
                       f"{action.args[0]!r} (hand: {_words(sorted(names))}).", kind.rule)
        return self._checks[action.verb](state, task.player, action)

    def legal(self, state: GTState) -> list[Action]:
        """Every legal action of the head task, in a fixed order."""
        return FLOW.legal(self, state)

    def _accepted(self, state: GTState, seat: int, candidates: Iterable[Action]) -> list[Action]:
        return [a for a in candidates if self._checks[a.verb](state, seat, a).legal]

    # -- listers ----------------------------------------------------------------------
    @FLOW.lister(*SETUP[1:], "start", "next")
    def _list_rules(self, state: GTState, task: Task) -> list[Action]:
        return [Action(task.kind)]

    @FLOW.lister("shuffle")
    def _list_shuffle(self, state: GTState, task: Task) -> list[Action]:
        return [Action("shuffle")]

    @FLOW.lister("steal")
    def _list_steal(self, state: GTState, task: Task) -> list[Action]:
        return [Action("steal", (name,)) for name in self._steal_odds(state, task.number(0))]

    def _steal_odds(self, state: GTState, victim: int) -> dict[str, int]:
        """Each card face of the victim's hand and how many copies it holds."""
        out: dict[str, int] = {}
        for card in state.seat(victim).hand:
            out[face(card)] = out.get(face(card), 0) + 1
        return dict(sorted(out.items()))

    @FLOW.lister("feed")
    def _list_feed(self, state: GTState, task: Task) -> list[Action]:
        cell = task.word(0)
        return [Action("feed", (cell, "from", n))
                for n in self.feed_options(state, task.player, cell) or ()]

    @FLOW.lister("discard")
    def _list_discard(self, state: GTState, task: Task) -> list[Action]:
        seen = dict.fromkeys(face(card) for card in state.seat(task.player).hand)
        return self._accepted(state, task.player, (Action("discard", (n,)) for n in seen))

    @FLOW.lister("act")
    def _list_act(self, state: GTState, task: Task) -> list[Action]:
        seat = task.player
        return [*self._draws(state), *self._plays(state, seat), Action("pass")]

    def _draws(self, state: GTState) -> Iterator[Action]:
        for deck in DECKS:
            if deck == "power" and not state.powers:
                continue
            for slot in range(1, len(state.market(deck)) + 1):
                yield Action("draw", (deck, str(slot)))
            if state.deck(deck):
                yield Action("draw", (deck, "deck"))

    def _plays(self, state: GTState, seat: int) -> Iterator[Action]:
        """The legal plays of the hand, found directly (:meth:`check` agrees)."""
        faces = {face(card): self.c.card_kind(card) for card in state.seat(seat).hand}
        tiles = {t.at: t for t in state.tiles}
        covered = {c.at for c in state.cities}
        free = [t for t in state.tiles if t.at not in covered and not t.animals]
        frontier: list[str] | None = None
        for name, kind in faces.items():
            if kind == "nature":
                i = TERRAINS.index(name)
                if state.chip_supply[i] and state.tile_supply[i]:
                    frontier = self.frontier(state) if frontier is None else frontier
                    yield from (Action("tile", (name, cell)) for cell in frontier)
            elif kind == "life" and self.c.is_city(name):
                city = self.c.city(name)
                for t in free:
                    if city.stands_on(t.terrain) and self._at_least_two(
                            city.needs, t.at, tiles, covered):
                        yield Action("city", (name, t.at))
            elif kind == "life":
                animal = self.c.animal(name)
                if state.bank:
                    yield from (Action("animals", (name, t.at)) for t in free
                                if t.terrain in animal.terrains)
            else:
                for targets in self._power_targets(state, seat, self.c.power(name)):
                    action = Action("power", (name, *targets))
                    if self._check_power(state, seat, action).legal:
                        yield action

    def _power_targets(self, state: GTState, seat: int, power: Power) -> Iterator[tuple[str, ...]]:
        effect = power.effect
        if effect in ("transform", "remove_animals", "add_animals"):
            for t in state.tiles:
                yield (t.at,)
        elif effect == "swap":
            for t in state.tiles:
                for n in board.neighbours(t.at):
                    if board.cell_order(n) > board.cell_order(t.at) and state.tile_at(n):
                        yield (t.at, n)
        elif effect == "destroy":
            for city in state.cities:
                yield (city.at,)
        elif effect == "remove_meeple":
            for city in state.cities:
                for s in sorted(set(city.meeples)):
                    yield (city.at, seat_word(s))
        elif effect == "steal_card":
            for s in range(state.players):
                if s != seat:
                    yield (seat_word(s),)

    # -- checks -------------------------------------------------------------------------
    def _check_pass(self, state: GTState, seat: int, action: Action) -> Verdict:
        return _ok("gt.turn.pass", "The turn ends now.")

    def _check_draw(self, state: GTState, seat: int, action: Action) -> Verdict:
        deck, slot = action.args
        if deck == "power" and not state.powers:
            return _no("draw.no_powers", "This game is played without the Power deck.",
                       "gt.power.optional")
        if slot == "deck":
            if not state.deck(deck):
                return _no("draw.empty", f"The {deck} deck is empty.", "gt.turn.draw")
            return _ok("gt.turn.draw", f"The top card of the {deck} deck, unseen.")
        market = state.market(deck)
        if int(slot) > len(market):
            return _no("draw.no_card", f"The {deck} market shows "
                       f"{_plural(len(market), 'card')}, not a card {slot}.", "gt.turn.draw")
        return _ok("gt.turn.draw", f"Face-up {deck} card {slot}: {market[int(slot) - 1]}.")

    def _in_hand(self, state: GTState, seat: int, name: str, deck: str,
                 what: str) -> tuple[str | None, Verdict | None]:
        card = self._hand_card(state, seat, name, deck)
        if card is None:
            hand = sorted({face(c) for c in state.seat(seat).hand})
            return None, _no("play.not_in_hand", f"{seat_word(seat)} holds no {what} "
                             f"{name!r} (hand: {_words(hand)}).", "gt.turn.play")
        return card, None

    def _check_tile(self, state: GTState, seat: int, action: Action) -> Verdict:
        terrain, cell = action.args
        if terrain not in TERRAINS:
            return _no("tile.terrain", f"{terrain!r} is not a terrain (terrains: "
                       f"{', '.join(TERRAINS)}).", "gt.nature.terrains")
        card, refused = self._in_hand(state, seat, terrain, "nature", "Nature card")
        if refused is not None:
            return refused
        i = TERRAINS.index(terrain)
        if state.chip_supply[i] == 0:
            return _no("tile.no_chip", f"No {terrain} chip is left under the Objectives "
                       f"(0 of {self.c.terrain(terrain).chips}).", "gt.nature.no_chip")
        if state.tile_supply[i] == 0:
            return _no("tile.no_tile", f"All {self.c.terrain(terrain).tiles} {terrain} tiles "
                       "are on the table.", "gt.components.tiles")
        if state.tile_at(cell) is not None:
            return _no("tile.occupied", f"{cell} already holds a "
                       f"{state.tile_at(cell).terrain} tile.",  # type: ignore[union-attr]
                       "gt.nature.adjacent")
        if cell not in self.frontier(state):
            return _no("tile.not_adjacent", f"{cell} is not orthogonally next to a tile.",
                       "gt.nature.adjacent")
        return _ok("gt.nature.place", f"A {terrain} tile on {cell} and a {terrain} chip.")

    def _check_city(self, state: GTState, seat: int, action: Action) -> Verdict:
        name, cell = action.args
        if not self.c.is_city(name):
            return _no("city.unknown", f"{name!r} is not a City.", "gt.life.kinds")
        card, refused = self._in_hand(state, seat, name, "life", "City")
        if refused is not None:
            return refused
        city = self.c.city(name)
        tile = state.tile_at(cell)
        if tile is None:
            return _no("city.no_tile", f"{cell} holds no tile.", "gt.city.terrain")
        if not city.stands_on(tile.terrain):
            if city.terrain == "star":
                return _no("city.star_sea", f"{city.name} has a star: any terrain but sea; "
                           f"{cell} is sea.", "gt.city.star")
            return _no("city.terrain", f"{city.name} stands on {city.terrain}; {cell} is "
                       f"{tile.terrain}.", "gt.city.terrain")
        other = state.city_at(cell)
        if other is not None:
            return _no("city.occupied", f"{cell} already holds the City "
                       f"{self.c.city(other.card).name}.", "gt.city.free_tile")
        if tile.animals:
            return _no("city.animals", f"{cell} holds {tile.animals} {tile.kind} token(s); "
                       "a City needs a tile without Animals.", "gt.city.free_tile")
        met = self.needs_met(state, name, cell)
        got = [n for n in met if n]
        needs = ", ".join(city.needs)
        if len(got) < 2:
            if got:
                only = f"only {got[0].need} is next to {cell} (on {', '.join(got[0].by)})"
            else:
                only = f"none is next to {cell}"
            return _no("city.needs", f"{city.name} needs 2 of {needs}; {only}.",
                       "gt.city.needs")
        which = "; ".join(f"{n.need} by {', '.join(n.by)}" for n in got)
        return _ok("gt.city.needs", f"{city.name} on {cell} meets {len(got)} of its needs "
                   f"({which}).")

    def _check_animals(self, state: GTState, seat: int, action: Action) -> Verdict:
        name, cell = action.args
        if self.c.is_city(name):
            return _no("animals.city", f"{name!r} is a City: play it with 'city'.",
                       "gt.life.kinds")
        card, refused = self._in_hand(state, seat, name, "life", "Animal card")
        if refused is not None:
            return refused
        animal = self.c.animal(name)
        if state.bank == 0:
            return _no("animals.bank", "The bank has no Animal token left (0 of 20).",
                       "gt.animal.place")
        tile = state.tile_at(cell)
        if tile is None:
            return _no("animals.no_tile", f"{cell} holds no tile.", "gt.animal.place")
        if tile.terrain not in animal.terrains:
            return _no("animals.terrain", f"{animal.name} goes on "
                       f"{' or '.join(animal.terrains)}; {cell} is {tile.terrain}.",
                       "gt.animal.place")
        if state.city_at(cell) is not None or tile.animals:
            what = "a City" if state.city_at(cell) else f"{tile.kind} tokens"
            return _no("animals.occupied", f"{cell} already holds {what}.", "gt.animal.place")
        n = min(animal.tokens, state.bank)
        return _ok("gt.animal.place", f"{n} {animal.animal} token(s) on {cell}.")

    def _check_discard(self, state: GTState, seat: int, action: Action) -> Verdict:
        task = state.task
        assert task is not None
        name = action.args[0]
        cards = [c for c in state.seat(seat).hand if face(c) == name]
        if not cards:
            hand = sorted({face(c) for c in state.seat(seat).hand})
            return _no("discard.not_in_hand", f"{seat_word(seat)} holds no {name!r} "
                       f"(hand: {_words(hand)}).", "gt.hand.limit")
        if task.word(0) == "power" and self.c.card_kind(cards[0]) != "power":
            return _no("discard.not_power", f"Over the Power limit, a Power card is "
                       f"discarded; {name!r} is not one.", "gt.power.hand_limit")
        limit = "gt.power.hand_limit" if task.word(0) == "power" else "gt.hand.limit"
        return _ok(limit, f"{name} is discarded.")

    def _check_feed(self, state: GTState, seat: int, action: Action) -> Verdict:
        task = state.task
        assert task is not None
        cell, _, source = action.args
        if cell != task.word(0):
            return _no("feed.other_city", f"The City to feed now is on {task.word(0)}, not "
                       f"{cell}.", "gt.feed.own")
        options = self.feed_options(state, seat, cell) or []
        if source not in options:
            return _no("feed.no_animal", f"{source} cannot feed the City on {cell} (tiles "
                       f"with an Animal it needs: {_words(options)}).", "gt.feed.one")
        return _ok("gt.feed.choice", f"One Animal of {source} feeds the City on {cell}.")

    def _check_power(self, state: GTState, seat: int, action: Action) -> Verdict:
        name, *targets = action.args
        if not state.powers:
            return _no("power.no_powers", "This game is played without the Power deck.",
                       "gt.power.optional")
        if not any(p.id == name for p in self.c.powers):
            return _no("power.unknown", f"{name!r} is not a Power (Powers: "
                       f"{', '.join(p.id for p in self.c.powers)}).", "gt.power.play")
        card, refused = self._in_hand(state, seat, name, "power", "Power")
        if refused is not None:
            return refused
        power = self.c.power(name)
        return self._check_effect(state, seat, power, targets)

    def _check_effect(self, state: GTState, seat: int, power: Power,  # noqa: C901
                      targets: list[str]) -> Verdict:
        effect = power.effect
        rule = f"gt.power.{effect}"
        cells = [t for t in targets if board.is_cell(t)]
        seats = [int(t[1:]) - 1 for t in targets if not board.is_cell(t)]
        shape = {"swap": (2, 0), "remove_meeple": (1, 1), "steal_card": (0, 1)}.get(
            effect, (1, 0))
        if (len(cells), len(seats)) != shape or (effect == "remove_meeple" and
                                                  not board.is_cell(targets[0])):
            want = {(1, 0): "a square", (2, 0): "two squares", (1, 1): "a square and a player",
                    (0, 1): "a player"}[shape]
            return _no("power.targets", f"{power.name} takes {want}, not "
                       f"{' '.join(targets)!r}.", rule)
        if any(s >= state.players for s in seats):
            return _no("power.seat", f"There are {state.players} players.", rule)
        tile = state.tile_at(cells[0]) if cells else None
        city = state.city_at(cells[0]) if cells else None
        if effect in ("transform", "swap", "remove_animals", "add_animals") and tile is None:
            return _no("power.no_tile", f"{cells[0]} holds no tile.", rule)
        if effect == "transform":
            assert tile is not None
            if city is not None:
                return _no("power.city", f"{cells[0]} is covered by a City.", rule)
            if tile.terrain not in power.terrains:
                return _no("power.terrain", f"{power.name} changes "
                           f"{' or '.join(power.terrains)}; {cells[0]} is {tile.terrain}.",
                           rule)
            if state.tile_supply[TERRAINS.index(power.to)] == 0:
                return _no("power.no_tile_left", f"No {power.to} tile is left to lay.", rule)
            return _ok(rule, f"{cells[0]} becomes {power.to}.")
        if effect == "swap":
            a, b = cells
            other = state.tile_at(b)
            if other is None:
                return _no("power.no_tile", f"{b} holds no tile.", rule)
            if b not in board.neighbours(a):
                return _no("power.not_neighbours", f"{a} and {b} are not orthogonal "
                           "neighbours.", rule)
            if state.city_at(a) or state.city_at(b):
                return _no("power.city", "An earthquake moves no tile holding a City.", rule)
            assert tile is not None
            if (tile.terrain, tile.animals, tile.kind) == (other.terrain, other.animals,
                                                           other.kind):
                return _no("power.same", f"{a} and {b} hold the same: swapping changes "
                           "nothing.", rule)
            return _ok(rule, f"{a} and {b} swap places.")
        if effect == "destroy":
            if city is None:
                return _no("power.no_city", f"{cells[0]} holds no City.", rule)
            return _ok(rule, f"The City {self.c.city(city.card).name} is destroyed.")
        if effect == "remove_meeple":
            if city is None:
                return _no("power.no_city", f"{cells[0]} holds no City.", rule)
            if seats[0] not in city.meeples:
                return _no("power.no_meeple", f"{seat_word(seats[0])} has no meeple on "
                           f"{self.c.city(city.card).name}.", rule)
            return _ok(rule, f"One of {seat_word(seats[0])}'s meeples goes home.")
        if effect in ("remove_animals", "add_animals"):
            assert tile is not None
            if not tile.animals:
                return _no("power.no_animals", f"{cells[0]} holds no Animals.", rule)
            if effect == "add_animals" and state.bank == 0:
                return _no("power.bank", "The bank has no Animal token left.", rule)
            return _ok(rule, f"The Animals of {cells[0]} change.")
        victim = seats[0]
        if victim == seat:
            return _no("power.self", "A thief robs an opponent.", rule)
        if not state.seat(victim).hand:
            return _no("power.empty_hand", f"{seat_word(victim)} holds no card.", rule)
        return _ok(rule, f"A card of {seat_word(victim)}'s hand, at random.")

    # ---------------------------------------------------------------------------------
    # Satisfaction

    def satisfy(self, state: GTState, raiser: int | None, events: list[Event]) -> GTState:
        """Recompute every City's satisfaction, in grid order, until nothing changes: the
        ``raiser`` (the player whose action changed the table) gains meeples where it
        rose; Cities at 1 need empty, at 0 are removed (which uncovers a tile)."""
        while True:
            tiles = {t.at: t for t in state.tiles}
            covered = {c.at for c in state.cities}
            for i, city in enumerate(state.cities):
                new = sum(1 for n in self._needs(city.card, city.at, tiles, covered) if n)
                if new != city.met:
                    state = self._changed(state, i, city, new, raiser, events)
                    break
            else:
                return state

    def _home(self, state: GTState, seats: Iterable[int]) -> GTState:
        for s in seats:
            p = state.seat(s)
            state = state.with_seat(s, evolve(p, meeples=p.meeples + 1))
        return state

    def _changed(self, state: GTState, i: int, city: City, new: int, raiser: int | None,
                 events: list[Event]) -> GTState:
        name = f"{self.c.city(city.card).name} on {city.at}"
        cities = list(state.cities)
        if new == 0:
            state = self._home(state, city.meeples)
            del cities[i]
            events.append(Event("city.removed", f"{name} meets no need any more: its meeples "
                                "go home and the City is discarded.",
                                _r("gt.satisfaction.removed"), automatic=True))
            return evolve(state, cities=tuple(cities), discard=(*state.discard, city.card))
        if new == 1:
            state = self._home(state, city.meeples)
            cities[i] = evolve(city, meeples=(), met=1)
            if city.meeples:
                events.append(Event("city.emptied", f"{name} meets 1 need only: its meeples "
                                    "go home and the City stays empty.",
                                    _r("gt.satisfaction.empty"), automatic=True))
            return evolve(state, cities=tuple(cities))
        meeples = list(city.meeples)
        if new < city.met:
            text = f"{name} falls to {new} needs met."
            if state.advanced and city.met == 4:
                two = [s for s in sorted(set(meeples)) if meeples.count(s) >= 2]
                if two:
                    meeples.remove(two[0])
                    state = self._home(state, [two[0]])
                    text += f" One of {seat_word(two[0])}'s two meeples leaves."
            events.append(Event("city.lower", text, _r("gt.satisfaction.lower"), automatic=True))
            cities[i] = evolve(city, meeples=tuple(meeples), met=new)
            return evolve(state, cities=tuple(cities))
        text = f"{name} rises to {new} needs met."
        rule = "gt.satisfaction.raise"
        if raiser is not None:
            supply = state.seat(raiser).meeples
            have = meeples.count(raiser)
            if state.advanced:
                want = 2 if new == 4 else 1
                add = min(max(want - have, 0), supply)
                others = [s for s in meeples if s != raiser]
                if others and add:
                    state = self._home(state, others)
                    meeples = [s for s in meeples if s == raiser]
                    text += (f" {seat_word(raiser)} steals it: "
                             f"{', '.join(seat_word(s) for s in sorted(set(others)))} "
                             "meeple(s) go home.")
                    rule = "gt.advanced.steal"
                elif want == 2 and add:
                    rule = "gt.advanced.full"
            else:
                add = 1 if have == 0 and supply > 0 else 0
            if add:
                meeples += [raiser] * add
                p = state.seat(raiser)
                state = state.with_seat(raiser, evolve(p, meeples=p.meeples - add))
                text += f" {seat_word(raiser)} puts {_plural(add, 'meeple')} on it."
        events.append(Event("city.raise", text, _r(rule), actor=raiser, automatic=True))
        cities[i] = evolve(city, meeples=tuple(sorted(meeples)), met=new)
        return evolve(state, cities=tuple(cities))

    # ---------------------------------------------------------------------------------
    # Resolvers: setup

    @FLOW.resolver("shuffle")
    def _shuffle(self, state: GTState, task: Task, action: Action,
                 events: list[Event]) -> GTState:
        rng = state.rng.random()
        decks = []
        for deck in state.decks:
            cards = list(deck)
            rng.shuffle(cards)
            decks.append(tuple(cards))
        pool = [o for o in state.unused if state.powers or not self.c.objective(o).powers]
        rest = [o for o in state.unused if o not in pool]
        rng.shuffle(pool)
        events.append(Event("setup.shuffle", "The decks and the Objectives are shuffled.",
                            _r("gt.setup.decks"), "chance"))
        return evolve(pop(state), decks=tuple(decks), unused=(*pool, *rest),
                      rng=state.rng.advanced())

    def _deal(self, state: GTState, deck: str, n: int) -> tuple[GTState, tuple[str, ...]]:
        cards = state.deck(deck)
        decks = list(state.decks)
        decks[DECKS.index(deck)] = cards[n:]
        return evolve(state, decks=tuple(decks)), cards[:n]

    @FLOW.resolver("first_tile")
    def _first_tile(self, state: GTState, task: Task, action: Action,
                    events: list[Event]) -> GTState:
        state, cards = self._deal(pop(state), "nature", 1)
        if not cards:
            return state
        card = cards[0]
        terrain = face(card)
        events.append(Event("setup.first_tile", f"The first Nature card is {terrain}: a "
                            f"{terrain} tile goes on {CENTRE}.", _r("gt.setup.first_tile"),
                            "rules"))
        return evolve(state, tiles=(Tile(CENTRE, terrain),), discard=(*state.discard, card),
                      tile_supply=_bump(state.tile_supply, terrain, -1))

    @FLOW.resolver("market")
    def _market(self, state: GTState, task: Task, action: Action,
                events: list[Event]) -> GTState:
        state = pop(state)
        markets = list(state.markets)
        for deck in DECKS:
            if deck == "power" and not state.powers:
                continue
            state, cards = self._deal(state, deck, MARKET[deck])
            markets[DECKS.index(deck)] = cards
        events.append(Event("setup.market", "The markets are turned face up.",
                            _r("gt.setup.market"), "rules"))
        return evolve(state, markets=tuple(markets))

    @FLOW.resolver("deal")
    def _deal_hands(self, state: GTState, task: Task, action: Action,
                    events: list[Event]) -> GTState:
        state = pop(state)
        for seat in range(state.players):
            hand: tuple[str, ...] = ()
            for deck in DECKS:
                if deck == "power" and not state.powers:
                    continue
                state, cards = self._deal(state, deck, START_HAND[deck])
                hand += cards
            state = state.with_seat(seat, evolve(state.seat(seat), hand=hand))
        events.append(Event("setup.deal", "Each player is dealt their starting hand.",
                            _r("gt.setup.hands"), "rules"))
        return state

    @FLOW.resolver("objectives")
    def _objectives(self, state: GTState, task: Task, action: Action,
                    events: list[Event]) -> GTState:
        n = objectives_revealed(state.players)
        shown = state.unused[:n]
        names = ", ".join(self.c.objective(o).name for o in shown)
        events.append(Event("setup.objectives", f"{n} Objectives are revealed: {names}.",
                            _r("gt.setup.objectives"), "rules"))
        return evolve(pop(state), objectives=tuple(Objective(o) for o in shown),
                      unused=state.unused[n:], tasks=(Task("start", "rules"),))

    # -- resolvers: the turn ------------------------------------------------------------
    @FLOW.resolver("start")
    def _start(self, state: GTState, task: Task, action: Action,
               events: list[Event]) -> GTState:
        seat = state.active
        feeds = [Task("feed", seat, (c.at,)) for c in state.cities
                 if seat in c.meeples and self.c.city(c.card).needs_animals]
        return push(pop(state), *feeds, Task("act", seat, ("1",)), Task("act", seat, ("2",)),
                    Task("next", "rules"))

    @FLOW.resolver("next")
    def _next(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        nxt = (state.active + 1) % state.players
        events.append(Event("turn.next", f"{seat_word(nxt)} takes the next turn.",
                            _r("gt.turn.next"), "rules"))
        return push(evolve(pop(state), active=nxt, turn=state.turn + 1), Task("start", "rules"))

    @FLOW.settler("feed")
    def _settle_feed(self, state: GTState, task: Task, events: list[Event]) -> GTState | None:
        options = self.feed_options(state, task.player, task.word(0))
        if options is None:
            return pop(state)
        if not options:
            events.append(Event("feed.none", f"The City on {task.word(0)} finds no Animal to "
                                "eat.", _r("gt.feed.when"), task.player, automatic=True))
            return pop(state)
        if len(options) == 1:
            return self._eat(pop(state), task.player, task.word(0), options[0], events, True)
        return None

    @FLOW.resolver("feed")
    def _feed(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        return self._eat(pop(state), task.player, action.args[0], action.args[2], events, False)

    def _eat(self, state: GTState, seat: int, cell: str, source: str, events: list[Event],
             automatic: bool) -> GTState:
        tile = state.tile_at(source)
        assert tile is not None
        left = tile.animals - 1
        state = _with_tile(state, evolve(tile, animals=left, kind=tile.kind if left else "",
                                               eaten=tile.eaten + 1))
        city = state.city_at(cell)
        assert city is not None
        events.append(Event("feed", f"{seat_word(seat)} feeds {self.c.city(city.card).name} "
                            f"on {cell} with a {tile.kind} of {source} ({left} left there).",
                            _r("gt.feed.one"), seat, automatic=automatic))
        return self.satisfy(evolve(state, bank=state.bank + 1), None, events)

    @FLOW.resolver("act", verbs=["pass"])
    def _pass(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        events.append(Event("turn.pass", f"{seat_word(task.player)} ends the turn.",
                            _r("gt.turn.pass"), task.player))
        return evolve(state, tasks=tuple(t for t in state.tasks if t.kind != "act"))

    @FLOW.resolver("act", verbs=["draw"])
    def _draw(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        seat = task.player
        deck, slot = action.args
        state = pop(state)
        cards = list(state.deck(deck))
        market = list(state.market(deck))
        if slot == "deck":
            card = cards.pop(0)
            text = f"{seat_word(seat)} draws the top card of the {deck} deck unseen."
        else:
            card = market.pop(int(slot) - 1)
            if cards:
                market.insert(int(slot) - 1, cards.pop(0))
            text = f"{seat_word(seat)} takes {self._card_name(card)} from the {deck} market."
        decks, markets = list(state.decks), list(state.markets)
        decks[DECKS.index(deck)], markets[DECKS.index(deck)] = tuple(cards), tuple(market)
        p = state.seat(seat)
        state = evolve(state.with_seat(seat, evolve(p, hand=(*p.hand, card))),
                       decks=tuple(decks), markets=tuple(markets))
        events.append(Event("draw", text, _r("gt.turn.draw"), seat))
        if not cards:
            events.append(Event("end.last_card", f"The {deck} deck is empty: the game ends.",
                                _r("gt.end.last_card"), seat))
            return evolve(state, tasks=(), end="deck", ender=seat)
        return self._after(state, seat, events)

    def _play(self, state: GTState, seat: int, card: str, kept: bool = False) -> GTState:
        p = state.seat(seat)
        hand = list(p.hand)
        hand.remove(card)
        p = evolve(p, hand=tuple(hand), played=(*p.played, card))
        if kept:
            p = evolve(p, powers=(*p.powers, card))
        state = state.with_seat(seat, p)
        return state if kept or self.c.is_city(card) else evolve(
            state, discard=(*state.discard, card))

    @FLOW.resolver("act", verbs=["tile"])
    def _tile(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        seat, (terrain, cell) = task.player, action.args
        card = self._hand_card(state, seat, terrain, "nature")
        assert card is not None
        state = self._play(pop(state), seat, card)
        state = _with_tile(state, Tile(cell, terrain))
        state = evolve(state, tile_supply=_bump(state.tile_supply, terrain, -1),
                       chip_supply=_bump(state.chip_supply, terrain, -1))
        state = state.with_seat(seat, state.seat(seat).with_chip(terrain, 1))
        events.append(Event("tile", f"{seat_word(seat)} lays a {terrain} tile on {cell} and "
                            f"takes a {terrain} chip.", _r("gt.nature.place"), seat))
        return self._after(self.satisfy(state, seat, events), seat, events)

    @FLOW.resolver("act", verbs=["city"])
    def _city(self, state: GTState, task: Task, action: Action,
              events: list[Event]) -> GTState:
        seat, (name, cell) = task.player, action.args
        state = self._play(pop(state), seat, name)
        met = self.satisfaction(state, name, cell)
        p = state.seat(seat)
        n = min(2 if state.advanced and met == 4 else 1, p.meeples)
        state = state.with_seat(seat, evolve(p, meeples=p.meeples - n))
        cities = sorted((*state.cities, City(name, cell, (seat,) * n, met)),
                        key=lambda c: board.cell_order(c.at))
        state = evolve(state, cities=tuple(cities))
        events.append(Event("city", f"{seat_word(seat)} raises {self.c.city(name).name} on "
                            f"{cell} ({met} needs met) and puts {_plural(n, 'meeple')} on it.",
                            _r("gt.advanced.full" if n == 2 else "gt.city.meeple"), seat))
        return self._after(self.satisfy(state, seat, events), seat, events)

    @FLOW.resolver("act", verbs=["animals"])
    def _animals(self, state: GTState, task: Task, action: Action,
                 events: list[Event]) -> GTState:
        seat, (name, cell) = task.player, action.args
        card = self._hand_card(state, seat, name, "life")
        assert card is not None
        animal = self.c.animal(card)
        n = min(animal.tokens, state.bank)
        state = self._play(pop(state), seat, card)
        tile = state.tile_at(cell)
        assert tile is not None
        state = evolve(_with_tile(state, evolve(tile, animals=n, kind=animal.animal)),
                       bank=state.bank - n)
        events.append(Event("animals", f"{seat_word(seat)} puts {n} {animal.animal} token(s) "
                            f"on {cell}.", _r("gt.animal.place"), seat))
        return self._after(self.satisfy(state, seat, events), seat, events)

    @FLOW.resolver("act", verbs=["power"])
    def _power(self, state: GTState, task: Task, action: Action,
               events: list[Event]) -> GTState:
        seat, (name, *targets) = task.player, action.args
        card = self._hand_card(state, seat, name, "power")
        assert card is not None
        power = self.c.power(card)
        state = self._play(pop(state), seat, card, kept=True)
        events.append(Event("power", f"{seat_word(seat)} plays {power.name} "
                            f"({' '.join(targets)}): {power.describe()}.",
                            _r("gt.power.play"), seat))
        state = self._effect(state, seat, power, targets, events)
        state = self._after(self.satisfy(state, seat, events), seat, events)
        if power.effect == "steal_card" and state.tasks:
            state = push(state, Task("steal", "chance", (int(targets[0][1:]) - 1,)))
        return state

    def _effect(self, state: GTState, seat: int, power: Power, targets: list[str],
                events: list[Event]) -> GTState:
        rule = _r(f"gt.power.{power.effect}")
        effect, cell = power.effect, targets[0]
        tile = state.tile_at(cell) if board.is_cell(cell) else None
        if effect == "transform":
            assert tile is not None
            return self._retile(state, tile, power.to)
        if effect == "swap":
            other = state.tile_at(targets[1])
            assert tile is not None and other is not None
            state = _with_tile(state, evolve(other, at=tile.at))
            return _with_tile(state, evolve(tile, at=other.at))
        if effect == "destroy":
            city = state.city_at(cell)
            assert city is not None
            state = self._home(state, city.meeples)
            state = evolve(state, cities=tuple(c for c in state.cities if c.at != cell),
                           discard=(*state.discard, city.card))
            events.append(Event("power.destroy", f"{self.c.city(city.card).name} is destroyed; "
                                "its meeples go home.", rule, seat))
            under = state.tile_at(cell)
            if power.to and under is not None and under.terrain != power.to and \
                    state.tile_supply[TERRAINS.index(power.to)]:
                state = self._retile(state, under, power.to)
            return state
        if effect == "remove_meeple":
            victim = int(targets[1][1:]) - 1
            city = state.city_at(cell)
            assert city is not None
            meeples = list(city.meeples)
            meeples.remove(victim)
            state = self._home(state, [victim])
            return evolve(state, cities=tuple(evolve(c, meeples=tuple(meeples))
                                              if c.at == cell else c for c in state.cities))
        if effect == "remove_animals":
            assert tile is not None
            return evolve(_with_tile(state, evolve(tile, animals=0, kind="")),
                          bank=state.bank + tile.animals)
        if effect == "add_animals":
            assert tile is not None
            n = min(power.count, state.bank)
            return evolve(_with_tile(state, evolve(tile, animals=tile.animals + n)),
                          bank=state.bank - n)
        return state  # steal_card: the chance step that follows takes the card

    def _retile(self, state: GTState, tile: Tile, terrain: str) -> GTState:
        supply = _bump(_bump(state.tile_supply, tile.terrain, 1), terrain, -1)
        return evolve(_with_tile(state, evolve(tile, terrain=terrain)), tile_supply=supply)

    @FLOW.resolver("steal")
    def _steal(self, state: GTState, task: Task, action: Action,
               events: list[Event]) -> GTState:
        victim, thief = task.number(0), state.active
        card = next(c for c in state.seat(victim).hand if face(c) == action.args[0])
        v = state.seat(victim)
        hand = list(v.hand)
        hand.remove(card)
        state = state.with_seat(victim, evolve(v, hand=tuple(hand)))
        t = state.seat(thief)
        state = state.with_seat(thief, evolve(t, hand=(*t.hand, card)))
        events.append(Event("power.steal", f"{seat_word(thief)} takes {self._card_name(card)} "
                            f"from {seat_word(victim)}'s hand.", _r("gt.power.steal_card"),
                            "chance"))
        return self._limits(pop(state), thief)

    @FLOW.resolver("discard")
    def _discard(self, state: GTState, task: Task, action: Action,
                 events: list[Event]) -> GTState:
        seat = task.player
        p = state.seat(seat)
        card = next(c for c in p.hand if face(c) == action.args[0])
        hand = list(p.hand)
        hand.remove(card)
        state = evolve(state.with_seat(seat, evolve(p, hand=tuple(hand))),
                       discard=(*state.discard, card))
        limit = "gt.power.hand_limit" if task.word(0) == "power" else "gt.hand.limit"
        events.append(Event("discard", f"{seat_word(seat)} discards {self._card_name(card)}.",
                            _r(limit), seat))
        return self._limits(pop(state), seat)

    # -- after an action ----------------------------------------------------------------
    def _after(self, state: GTState, seat: int, events: list[Event]) -> GTState:
        """Objectives claimed, the last-meeple end, the hand limits."""
        state = self._claim(state, seat, events)
        if state.seat(seat).meeples == 0:
            events.append(Event("end.last_meeple", f"{seat_word(seat)} has placed their last "
                                "meeple and wins.", _r("gt.end.last_meeple"), seat))
            return evolve(state, tasks=(), end="meeples", ender=seat)
        return self._limits(state, seat)

    def _claim(self, state: GTState, seat: int, events: list[Event]) -> GTState:
        if not any(o.claimed < 0 and self._claimable(state.seat(seat), o.card)
                   for o in state.objectives):
            return state
        objectives = list(state.objectives)
        for i, slot in enumerate(objectives):
            p = state.seat(seat)
            if slot.claimed >= 0 or p.meeples == 0:
                continue
            o = self.c.objective(slot.card)
            if not self._claimable(p, slot.card):
                continue
            if o.powers:
                spent = p.powers[:o.powers]
                p = evolve(p, powers=p.powers[o.powers:])
                state = evolve(state, discard=(*state.discard, *spent))
                rule, what = "gt.power.objective", f"discards {o.powers} Power cards"
            else:
                wanted = o.chip_counts()
                p = evolve(p, chips=tuple(h - w for h, w in zip(p.chips, wanted, strict=True)))
                rule, what = "gt.objective.claim", f"discards {o.describe()} chips"
            state = state.with_seat(seat, evolve(p, meeples=p.meeples - 1))
            objectives[i] = evolve(slot, claimed=seat)
            state = evolve(state, objectives=tuple(objectives))
            events.append(Event("objective", f"{seat_word(seat)} {what} and claims the "
                                f"Objective {o.name} with a meeple.", _r(rule), seat))
        return state

    def _claimable(self, p: PlayerState, objective: str) -> bool:
        o = self.c.objective(objective)
        if o.powers:
            return len(p.powers) >= o.powers
        return all(h >= w for h, w in zip(p.chips, o.chip_counts(), strict=True))

    def _limits(self, state: GTState, seat: int) -> GTState:
        p = state.seat(seat)
        if state.powers and self._powers_in_hand(p) > POWER_LIMIT:
            return push(state, Task("discard", seat, ("power",)))
        if len(p.hand) > HAND_LIMIT:
            return push(state, Task("discard", seat, ("hand",)))
        return state


def _bump(counts: tuple[int, ...], terrain: str, delta: int) -> tuple[int, ...]:
    out = list(counts)
    out[TERRAINS.index(terrain)] += delta
    return tuple(out)


def _with_tile(state: GTState, tile: Tile) -> GTState:
    """The state with ``tile`` on its square (replacing what was there), in grid order."""
    tiles = [t for t in state.tiles if t.at != tile.at] + [tile]
    return evolve(state, tiles=tuple(sorted(tiles, key=lambda t: board.cell_order(t.at))))


"""The rules of Gaia Project: who acts, what a turn may do, and what it changes.

An action is one line of the recorded-log notation (a :class:`~.notation.Move`): a main
action with its follow-ups (a tech tile and its research step after a research lab, a
mine after a terraforming action) and any free actions around it.  :func:`play` hands a
line to the resolver of the head task (:data:`~.flow.FLOW`; each answer is registered
with :func:`resolves`), which runs it command by command and raises :class:`Refusal` at
the first command the rules forbid, naming the ``gp.`` rule; :func:`settle` then does
everything that needs no decision (income, the Gaia phase, clean-up, the end of the
game).

>>> from gaia_lab.games.gaia_project.notation import parse_move
>>> s = new_game(4, DEEP_MIND_2_SETUP)
>>> for line in ["p1 faction terrans", "p2 faction nevlas", "p3 faction xenos",
...              "p4 faction hadsch-hallas"]:
...     s, _ = play(s, parse_move(line))
>>> s.phase, actor(s)
('setup_mines', 0)
>>> play(s, parse_move("terrans build m 5A4"))
Traceback (most recent call last):
...
gaia_lab.games.gaia_project.rules.Refusal: setup.home_planet: 5A4 is a ice planet; \
the Terrans place their first mines on terra planets. [gp.setup.mines_first]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from gaia_lab.core.errors import GaiaLabError, IllegalActionError
from gaia_lab.core.events import Event
from gaia_lab.core.flow import Task
from gaia_lab.core.hexgrid import Hex, distances
from gaia_lab.core.rulebook import RuleRef
from gaia_lab.core.values import evolve
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project import federation as fedmod
from gaia_lab.games.gaia_project import power as pw
from gaia_lab.games.gaia_project.components import (
    HOME_TYPES,
    RESEARCH_TRACKS,
    TRACK_CODES,
    Components,
    Resources,
    RoundScoringTile,
    Structure,
    load_components,
    terraforming_steps,
)
from gaia_lab.games.gaia_project.faction_variants import faction_board, variant_entry
from gaia_lab.games.gaia_project.factions import hooks
from gaia_lab.games.gaia_project.federation import FederationCheck, FederationOption
from gaia_lab.games.gaia_project.flow import FLOW, head_task, income_task, power_items
from gaia_lab.games.gaia_project.notation import (
    Action,
    Booster,
    Brainstone,
    Build,
    Burn,
    Charge,
    ChooseFaction,
    Command,
    Cover,
    Decline,
    Federation,
    FedTile,
    Income,
    LostPlanet,
    Move,
    Pass,
    Special,
    Spend,
    SwapPI,
    Tech,
    Up,
    reward_set,
)
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.state import (
    DEEP_MIND_2_SETUP,
    GPState,
    PlayerState,
    Setup,
    _space_map,
    seats_in_order,
)

__all__ = ["DEEP_MIND_2_SETUP", "Refusal", "actor", "new_game", "play", "resolves", "settle"]

ROUNDS = 6
STRUCTURE_IDS = {"m": "mine", "ts": "trading_station", "lab": "research_lab",
                 "PI": "planetary_institute", "ac1": "academy_left", "ac2": "academy_right"}
UPGRADES_FROM = {"ts": ("m",), "lab": ("ts",), "PI": ("ts",), "ac1": ("lab",),
                 "ac2": ("lab",)}
CODE_TRACK = {code: track for track, code in TRACK_CODES.items()}
CAPS = {"credits": 30, "ore": 15, "knowledge": 15}
SATELLITES = 25
"""The satellites each player has (``federation_tokens.json``: at most 25 per player)."""


class Refusal(IllegalActionError):
    """An action the rules forbid: a reason code, a sentence and the ``gp.`` rule.

    It is the :class:`~gaia_lab.core.errors.IllegalActionError` of the rules, its
    ``verdict`` the one :meth:`GaiaProject.explain` gives.

    >>> r = Refusal("burn.nothing", "Burning needs an amount of at least 1.",
    ...             "gp.free_action.when")
    >>> r.verdict.code, r.rule.id, str(r)
    ('burn.nothing', 'gp.free_action.when', 'burn.nothing: Burning needs an amount of \
at least 1. [gp.free_action.when]')
    """

    def __init__(self, code: str, message: str, rule: str) -> None:
        self.code = code
        self.message = message
        self.rule, cited = _cited(rule)
        self.action = ""
        # IllegalActionError's message, with the verdict built when it is read: listing a
        # turn refuses thousands of lines whose verdicts nobody reads
        GaiaLabError.__init__(self, message + cited)

    @functools.cached_property
    def verdict(self) -> Verdict:  # type: ignore[override]
        """The verdict :meth:`GaiaProject.explain` gives (built once, when read)."""
        return Verdict.illegal(self.code, self.message, self.rule)

    def __str__(self) -> str:
        return f"{self.code}: {self.message} [{self.rule.id}]"

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, str, str]]:
        return Refusal, (self.code, self.message, self.rule.id)


@functools.lru_cache(maxsize=512)
def _cited(rule: str) -> tuple[RuleRef, str]:
    """A rule by id, and how a refusal's message cites it."""
    ref = RULES[rule]
    return ref, f" [{ref}]"


_NAMES = {"hadsch-hallas": "Hadsch Hallas", "baltaks": "Bal T'aks"}


def _name(faction: str) -> str:
    return _NAMES.get(faction) or faction.capitalize()


def new_game(players: int, setup: Setup = DEEP_MIND_2_SETUP, seed: str = "") -> GPState:
    """The state before the factions are chosen."""
    return GPState.new(players, setup, seed)


# ---------------------------------------------------------------------------
# Who acts


def actor(state: GPState) -> int | None:
    """The seat that decides next (the head task's), or None when the game is over or
    chance draws the setup."""
    task = head_task(state)
    return task.seat if task is not None else None


def _seat(task: Task) -> int:
    seat = task.seat
    assert seat is not None, task
    return seat


_Answer = Callable[[GPState, Task, Move], tuple[GPState, list[Event]]]


def resolves(*kinds: str) -> Callable[[_Answer], _Answer]:
    """Register an answer ``(state, task, move) -> (state, events)`` as the resolver of
    tasks of these kinds in :data:`~.flow.FLOW`."""
    def register(answer: _Answer) -> _Answer:
        def resolve(_owner: object, state: GPState, task: Task, move: Move,
                    events: list[Event]) -> GPState:
            after, more = answer(state, task, move)
            events.extend(more)
            return after
        FLOW.resolver(*kinds)(resolve)
        return answer
    return register


# ---------------------------------------------------------------------------
# Gains, costs and events


def _c() -> Components:
    return load_components()


@functools.lru_cache(maxsize=16)
def _structure(structure_id: str) -> Structure:
    """A structure of the player board (its cost, count and income)."""
    return _c().board.structure(structure_id)


def gain(p: PlayerState, r: Resources, source: str) -> PlayerState:
    """Add resources (credits, ore and knowledge capped), charging and new tokens (the
    Gleens take ore for Q.I.C. until their right academy, at setup too)."""
    if r.qic and hooks(p.faction).qic_as_ore_before_ac2 and not p.count("ac2"):
        r = evolve(r, ore=r.ore + r.qic, qic=0)
    bowls = pw.gain_tokens(p.bowls, r.power_tokens)
    bowls, stone, _ = pw.charge_stone(bowls, p.brainstone, r.charge_power)
    p = evolve(p, credits=min(CAPS["credits"], p.credits + r.credits),
               ore=min(CAPS["ore"], p.ore + r.ore),
               knowledge=min(CAPS["knowledge"], p.knowledge + r.knowledge),
               qic=p.qic + r.qic, bowls=bowls, brainstone=stone)
    return p.add_vp(r.vp, source)


def affords(p: PlayerState, cost: Resources) -> bool:
    """Whether the player holds the credits, ore, knowledge and Q.I.C. of ``cost``.

    >>> p = PlayerState.new("terrans")
    >>> affords(p, Resources(credits=15, ore=4)), affords(p, Resources(qic=2))
    (True, False)
    """
    return (cost.credits <= p.credits and cost.ore <= p.ore and cost.knowledge <= p.knowledge
            and cost.qic <= p.qic)


def _pay(p: PlayerState, cost: Resources, what: str, rule: str) -> PlayerState:
    if affords(p, cost):
        return evolve(p, credits=p.credits - cost.credits, ore=p.ore - cost.ore,
                      knowledge=p.knowledge - cost.knowledge, qic=p.qic - cost.qic)
    short = [f"{need} {n} (has {have})" for n, need, have in (
        ("credits", cost.credits, p.credits), ("ore", cost.ore, p.ore),
        ("knowledge", cost.knowledge, p.knowledge), ("Q.I.C.", cost.qic, p.qic))
        if need > have]
    raise Refusal("cost.unaffordable", f"{what} needs " + ", ".join(short) + ".", rule)


def _ev(kind: str, text: str, seat: int | None, rule: str | None = None,
        auto: bool = False) -> Event:
    return Event(kind, text, RULES[rule] if rule else None, seat, (), auto)


# ---------------------------------------------------------------------------
# Counting what a player owns


def shared_hexes(state: GPState, p: PlayerState) -> frozenset[str]:
    """The player's mines on planets another player occupies (Lantids)."""
    if not hooks(p.faction).shared_mines:
        return frozenset()
    others = {h for o in state.seats if o.faction != p.faction for h, _ in o.buildings}
    return frozenset(h for h, b in p.buildings if b == "m" and h in others)


def planet_types(state: GPState, p: PlayerState) -> int:
    """Different planet types colonised (the Lost Planet is a type of its own; the
    Lantids' shared mines do not count)."""
    shared = shared_hexes(state, p)
    types = {("lost" if b == "lp" else state.planet(h)) for h, b in p.buildings
             if h not in shared and b != "sp"}
    return len(types)


def gaia_planets(state: GPState, p: PlayerState) -> int:
    """Structures on Gaia planets (the Lantids' shared mines do not count)."""
    shared = shared_hexes(state, p)
    return sum(1 for h, b in p.buildings
               if b != "lp" and h not in shared and state.planet(h) == "gaia")


def sectors(state: GPState, p: PlayerState) -> int:
    """Sectors holding one of the player's structures."""
    m = state.space_map
    return len({m.sector_of(m.hex(h)) for h, b in p.buildings if b != "sp"})


def power_value(p: PlayerState, building: str) -> int:
    """A structure's power value (tech3 raises the big buildings to 4)."""
    if building in ("PI", "ac1", "ac2"):
        return 4 if "tech3" in p.tech_ids() else 3
    return {"m": 1, "lp": 1, "ts": 2, "lab": 2}.get(building, 0)


def value_bonus(state: GPState, p: PlayerState) -> dict[str, int]:
    """Power value added to single structures, by hex (Bescods' institute: +1 on
    titanium).  Engine ruling, the reference implementation's: the bonus counts for
    federations and for the power offered to the player."""
    planet, bonus = hooks(p.faction).pi_planet_bonus
    if not bonus or not p.count("PI"):
        return {}
    return {h: bonus for h, b in p.buildings if b != "lp" and state.planet(h) == planet}


def gaiaformers(p: PlayerState) -> int:
    """Gaiaformers unlocked on the Gaia Project track."""
    level = p.level("gaia_project")
    return 0 if level == 0 else 1 if level < 3 else 2 if level == 3 else 3


def free_gaiaformers(p: PlayerState) -> int:
    """Gaiaformers neither on a planet nor in the Gaia area."""
    return gaiaformers(p) - len(p.gaiaformers) - p.formers_in_gaia


def _per(state: GPState, p: PlayerState, per: str) -> int:
    if per in ("planet type you have colonised", "planet type colonised",
               "planet type owned"):
        return planet_types(state, p)
    if per in ("gaia planet owned", "Gaia planet owned"):
        return gaia_planets(state, p)
    if per == "sector you occupy":
        return sectors(state, p)
    if per == "mine":
        return p.count("m", "lp")
    if per == "trading station":
        return p.count("ts")
    if per == "research lab":
        return p.count("lab")
    if per == "planetary institute or academy":
        return p.count("PI", "ac1", "ac2")
    if per == "federation token owned":
        return len(p.fed_tokens)
    raise ValueError(f"unknown count {per!r}")


def _scaled(r: Resources, n: int) -> Resources:
    return Resources(*(getattr(r, f) * n for f in
                       ("credits", "ore", "knowledge", "qic", "vp", "power_tokens",
                        "charge_power")))


def income_items(state: GPState, p: PlayerState) -> list[tuple[str, Resources]]:
    """Every income of a player this round, by source."""
    c = _c()
    h = hooks(p.faction)
    variant = variant_entry(p.faction, state.setup.faction_variant, state.players)
    f = faction_board(p.faction, state.setup.faction_variant, state.players)
    out: list[tuple[str, Resources]] = [("base", f.base_income)]
    for b in ("m", "ts", "lab"):
        s = _structure(STRUCTURE_IDS[b])
        n = p.count(b) if b != "m" else p.count("m")
        if b == "lab" and h.lab_income is not None:
            out.extend(("lab", h.lab_income) for _ in range(n))
        elif b == "lab" and h.lab_income_by_built:
            out.extend(("lab", r) for r in h.lab_income_by_built[:n])
        elif b == "ts" and h.ts_income is not None:
            out.extend(("ts", h.ts_income) for _ in range(n))
        else:
            out.extend((b, r) for r in s.income_by_built[:n])
    if p.count("PI"):
        out.append(("PI", variant.pi_income if variant and variant.pi_income
                    else h.pi_income if h.pi_income is not None
                    else _structure("planetary_institute").income_when_built))
    if p.count("ac1"):
        out.append(("ac1", variant.ac1_income if variant and variant.ac1_income
                    else h.ac1_income if h.ac1_income is not None
                    else _structure("academy_left").income_when_built))
    for _, t, covered in p.techs:
        if not covered and c.tech(t).income:
            out.append((t, c.tech(t).income))
    for track in ("economy", "science"):
        level = p.level(track)
        inc = c.research(track).levels[level].income
        if inc:
            out.append((track, inc))
    # in the order gained (never recorded first, in the order above), the booster last:
    # the order the charges are taken in decides where the Taklons' brainstone goes
    gained = {s: i + 1 for i, s in enumerate(p.income_order)}
    out.sort(key=lambda item: gained.get(item[0], 0))
    if p.booster:
        out.append((p.booster, c.booster(p.booster).income))
    return out


# ---------------------------------------------------------------------------
# Settling: everything that needs no decision


def settle(state: GPState) -> tuple[GPState, list[Event]]:
    """Play the steps that need no decision, until someone must decide."""
    events: list[Event] = []
    while True:
        if state.pending or state.phase in ("faction", "setup_mines", "over"):
            return state, events
        if state.phase == "setup_boosters":
            if state.order:
                return state, events
            state = evolve(state, phase="income", round=1, order=tuple(range(state.players)))
            events.append(_ev("round.start", "Round 1 begins.", None, "gp.round.count", True))
            continue
        if state.phase == "income_order":
            state = evolve(state, phase="gaia")
            continue
        if state.phase == "gaia_tokens":
            state = evolve(state, phase="actions")
            continue
        if state.phase == "income":
            state, more = _income_phase(state)
            events.extend(more)
            continue
        if state.phase == "gaia":
            state, more = _gaia_phase(state)
            events.extend(more)
            continue
        if state.phase == "actions":
            if state.current is not None:
                return state, events
            state, more = _end_round(state)
            events.extend(more)
            continue
        return state, events


def _power_order_matters(bowls: pw.Bowls, items: Sequence[tuple[str, int]]) -> bool:
    """Whether the player orders the power income: while both power charges and new
    tokens are left (the reference implementation asks then, even where the order happens
    not to change the bowls)."""
    return any(k == "pw" for k, _ in items) and any(k == "t" for k, _ in items)


def _income_phase(state: GPState) -> tuple[GPState, list[Event]]:
    events = []
    pending: list[Task] = []
    for seat in state.order:
        p = state.seats[seat]
        items: list[tuple[str, int]] = []
        for source, r in income_items(state, p):
            plain = evolve(r, charge_power=0, power_tokens=0)
            p = gain(p, plain, source)
            if r.charge_power:
                items.append(("pw", r.charge_power))
            if r.power_tokens:
                items.append(("t", r.power_tokens))
        if _power_order_matters(p.bowls, items):
            pending.append(income_task(seat, items))
        else:
            p, rest = _take_until_stone_choice(p, items)
            if rest:
                pending.append(income_task(seat, rest))
        state = state.with_seat(seat, p)
        events.append(_ev("income", f"{_name(p.faction)} takes income.", seat,
                          "gp.income.sources", True))
    return evolve(state, phase="income_order", pending=tuple(pending)), events


def _take_power_items(p: PlayerState, items: Iterable[tuple[str, int]]) -> PlayerState:
    for kind, n in items:
        if kind == "t":
            p = evolve(p, bowls=pw.gain_tokens(p.bowls, n))
        else:
            bowls, stone, _ = pw.charge_stone(p.bowls, p.brainstone, n)
            p = evolve(p, bowls=bowls, brainstone=stone)
    return p


def _stone_choice(p: PlayerState, amount: int) -> bool:
    """Whether charging ``amount`` lets the Taklons' brainstone end in either of two
    bowls (moved first, or only with its whole bowl): the player then names it."""
    if not 0 <= p.brainstone <= 1:
        return False
    first = pw.charge_stone(p.bowls, p.brainstone, amount, True)[1]
    return first != pw.charge_stone(p.bowls, p.brainstone, amount, False)[1]


def _take_until_stone_choice(p: PlayerState, items: Sequence[tuple[str, int]]
                             ) -> tuple[PlayerState, list[tuple[str, int]]]:
    """Take the power income in order up to the first charge that leaves a choice for
    the brainstone: the player, and the items from that one on (empty when all taken)."""
    rest = list(items)
    while rest:
        kind, n = rest[0]
        if kind == "pw" and _stone_choice(p, n):
            break
        p = _take_power_items(p, [rest.pop(0)])
    return p, rest


def _from_gaia(p: PlayerState, into: int) -> PlayerState:
    """Every token of the Gaia area back to a bowl (the brainstone with them)."""
    stone = into if p.brainstone == 3 else p.brainstone
    return evolve(p, bowls=pw.from_gaia(p.bowls, into), brainstone=stone)


def _gaia_phase(state: GPState) -> tuple[GPState, list[Event]]:
    events = []
    pending: list[Task] = []
    gaia = list(state.gaia_hexes)
    for seat in state.order:
        p = state.seats[seat]
        h = hooks(p.faction)
        if p.formers_in_gaia:
            p = evolve(p, formers_in_gaia=0)
            state = state.with_seat(seat, p)
        for hx in p.gaiaformers:
            if hx not in gaia and state.planet(hx) == "transdim":
                gaia.append(hx)
                events.append(_ev("gaia.transform", f"{hx} becomes a Gaia planet.", seat,
                                  "gp.gaia_phase.transform", True))
        if p.bowls[3]:
            if h.gaia_conversions_with_pi and p.count("PI"):
                pending.append(Task("gaia_tokens", seat, (p.bowls[3],)))
            elif (h.pi_tokens_for_tech and p.count("PI")
                  and p.bowls[3] >= h.pi_tokens_for_tech):
                pending.append(Task("tokens_for_tech", seat))
            else:
                p = _from_gaia(p, h.gaia_return_bowl)
                state = state.with_seat(seat, p)
    first = _next_player(state, None, state.order)
    return evolve(state, phase="gaia_tokens", gaia_hexes=tuple(sorted(gaia)), current=first,
                  pending=tuple(pending)), events


def _next_player(state: GPState, after: int | None, order: Sequence[int]) -> int | None:
    if not order:
        return None
    start = 0 if after is None else order.index(after) + 1
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if not state.seats[seat].passed:
            return seat
    return None


def _end_round(state: GPState) -> tuple[GPState, list[Event]]:
    seats = tuple(evolve(p, passed=False, used=()) for p in state.seats)
    events = [_ev("round.end", f"Round {state.round} ends.", None, "gp.cleanup.tokens", True)]
    if state.round >= ROUNDS:
        from gaia_lab.games.gaia_project.scoring import final_scoring

        state = evolve(state, seats=seats, phase="over", current=None)
        state, more = final_scoring(state)
        return state, events + more
    order = state.pass_order
    return evolve(state, seats=seats, phase="income", round=state.round + 1, order=order,
                  pass_order=(), board_used=(), current=None), events


# ---------------------------------------------------------------------------
# Playing a line


@dataclass(slots=True)
class _Turn:
    """What a line has done so far and what must still follow."""

    seat: int
    main: bool = False
    main_verb: str = ""
    """The verb of the line's main action (``special``, ``action``...), once played."""
    follow: list[tuple[str, object]] = field(default_factory=list)
    """Follow-ups still owed, in order: ``tech``, ``up``, ``cover``, ``mine``..."""
    built: list[str] = field(default_factory=list)
    """The hexes of the structures placed or upgraded, in order: each offers its own
    charges after the line."""
    stone: str | None = None
    """The brainstone choice written after the command being played, if any."""
    stone_used: bool = False
    spare: int = 0
    """Power of a spent token not used yet (tokens worth 2 power), for the rest of the
    line."""
    judging: bool = False
    """The command being played ends a line that is only judged (:func:`turn_lines_legal`):
    once nothing left of it can refuse the line, the command returns at once, its state
    and events unread; what the judgement reads is noted first (the follow-ups owed, the
    brainstone choice used)."""

    def stone_choice(self, p: PlayerState, options: dict[str, bool]) -> bool | None:
        """The brainstone choice for the command being played: None (not written), or
        the meaning the written area has among ``options``."""
        if self.stone is None:
            return None
        if p.brainstone < 0 or self.stone not in options:
            raise Refusal("brainstone.choice", f"'brainstone {self.stone}' is not a choice "
                          f"here (choices: {', '.join(options) or 'none'}).",
                          "gp.faction.taklons")
        self.stone_used = True
        return options[self.stone]


def play(state: GPState, move: Move) -> tuple[GPState, list[Event]]:
    """Play one line, resolving the head task through :data:`~.flow.FLOW`; raises
    :class:`Refusal` at the first command the rules forbid."""
    task = head_task(state)
    drawing = task is not None and task.actor == "chance"
    if move.actor == "setup" and not drawing:
        raise Refusal("setup.drawn", "the setup is already drawn", "gp.setup.faction_board")
    if not drawing:
        if task is None:
            raise Refusal("game.over", "The game is over.", "gp.end.when")
        if not move.commands:
            raise Refusal("turn.empty", "A turn needs at least one command.",
                          "gp.action.turns")
        p = state.seats[_seat(task)]
        if task.kind != "faction" and move.actor != p.faction:
            raise Refusal("turn.not_yours",
                          f"It is the {_name(p.faction)}' decision"
                          + (f", not the {_name(move.actor)}'." if move.actor else "."),
                          "gp.action.turns")
    events: list[Event] = []
    return FLOW.resolve(None, state, move, events), events


def _one(move: Move, kind: type, what: str, rule: str) -> Command:
    if len(move.commands) != 1 or not isinstance(move.commands[0], kind):
        raise Refusal("turn.expected", f"Now {what}.", rule)
    return move.commands[0]


@resolves("faction")
def _choose_faction(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat = _seat(task)
    cmd = _one(move, ChooseFaction, f"seat p{seat + 1} chooses a faction",
               "gp.setup.faction_board")
    assert isinstance(cmd, ChooseFaction)
    if move.actor != f"p{seat + 1}":
        raise Refusal("turn.not_yours", f"Seat p{seat + 1} chooses now, not {move.actor}.",
                      "gp.setup.faction_board")
    if state.seat_of(cmd.faction) is not None:
        raise Refusal("faction.taken", f"The {_name(cmd.faction)} are already chosen.",
                      "gp.setup.faction_board")
    home = _c().faction(cmd.faction).home_planet
    for other in state.seats:
        if other.faction and _c().faction(other.faction).home_planet == home:
            raise Refusal("faction.same_planet",
                          f"The {_name(other.faction)} already play on {home} planets.",
                          "gp.faction.pairs")
    variant = variant_entry(cmd.faction, state.setup.faction_variant, state.players)
    if variant is not None and variant.pi_placed:
        raise Refusal("faction.variant", f"The {_name(cmd.faction)} of the "
                      f"{state.setup.faction_variant} boards place their institute "
                      f"{variant.pi_placed}: not supported here.", "gp.setup.faction_board")
    board = faction_board(cmd.faction, state.setup.faction_variant, state.players)
    p = PlayerState.new(cmd.faction, board)
    c = _c()
    for track, level in board.start_tracks:
        for lv in range(1, level + 1):
            p = gain(p, c.research(track).levels[lv].once, track)
    state = state.with_seat(seat, p)
    order = state.order[1:]
    events = [_ev("faction", f"Seat p{seat + 1} plays the {_name(cmd.faction)}.", seat,
                  "gp.setup.faction_board")]
    if not order:
        n = state.players
        kinds = [hooks(p.faction).setup_building for p in state.seats]
        mines = [i for i in range(n) if kinds[i] == "m"]
        mines += mines[::-1]
        mines += [i for i in range(n) if hooks(state.seats[i].faction).setup_mines > 2]
        mines += [i for i in range(n) if kinds[i] != "m"]
        return evolve(state, order=tuple(mines), phase="setup_mines"), events
    return evolve(state, order=order), events


@resolves("setup_mine")
def _setup_mine(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat = _seat(task)
    cmd = _one(move, Build, "a starting mine is placed", "gp.setup.mines_first")
    assert isinstance(cmd, Build)
    p = state.seats[seat]
    hx = _hex(state, cmd.hex)
    home = _c().faction(p.faction).home_planet
    kind = hooks(p.faction).setup_building
    if cmd.building != kind:
        rule = "gp.setup.ivits" if kind == "PI" else "gp.setup.mines_first"
        raise Refusal("setup.building", f"The {_name(p.faction)} place a {kind} now.", rule)
    if state.planet(hx) != home:
        raise Refusal("setup.home_planet",
                      f"{cmd.hex} is a {state.planet(hx) or 'space'} planet; the "
                      f"{_name(p.faction)} place their first mines on {home} planets.",
                      "gp.setup.mines_first")
    if state.owner(hx) is not None:
        raise Refusal("build.occupied", f"{cmd.hex} is already colonised.",
                      "gp.setup.mines_first")
    state = state.with_seat(seat, p.with_building(hx, kind))
    order = state.order[1:]
    events = [_ev("build", f"{_name(p.faction)} place a starting mine on {hx}.", seat,
                  "gp.setup.mines_first")]
    if not order:
        return evolve(state, order=tuple(range(state.players - 1, -1, -1)),
                      phase="setup_boosters"), events
    return evolve(state, order=order), events


@resolves("setup_booster")
def _setup_booster(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat = _seat(task)
    cmd = _one(move, Booster, "a round booster is chosen", "gp.setup.booster_choice")
    assert isinstance(cmd, Booster)
    if cmd.booster not in state.boosters:
        raise Refusal("booster.unavailable", f"{cmd.booster} is not in the supply; it "
                      f"holds {', '.join(sorted(state.boosters))}.", "gp.setup.booster_choice")
    p = evolve(state.seats[seat], booster=cmd.booster)
    state = state.with_seat(seat, p)
    state = evolve(state, boosters=tuple(b for b in state.boosters if b != cmd.booster),
                   order=state.order[1:])
    return state, [_ev("booster", f"{_name(p.faction)} take {cmd.booster}.", seat,
                       "gp.setup.booster_choice")]


def _hex(state: GPState, name: str) -> str:
    """The log name of the hex a line names; a refusal when the map has none."""
    m = state.space_map
    try:
        found = m.hex(name)  # find, with a log name's fast path
    except KeyError:
        raise Refusal("hex.unknown", f"There is no hex {name} on this map.",
                      "gp.setup.sectors_34") from None
    return m.name(found)


# -- answers to pending tasks --------------------------------------------------------


@resolves("charge")
def _charge_answer(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat, amount = _seat(task), task.number(0)
    cmds = list(move.commands)
    choice = None
    last = cmds[-1]
    if len(cmds) == 2 and isinstance(last, Brainstone):
        choice = last.area
        cmds.pop()
    if cmds and isinstance(cmds[0], (Charge, Decline)) and len(cmds) > 1:
        p = state.seats[seat]
        when = ("after passing only charges are taken" if p.passed
                else "free actions wait for the player's own turn")
        raise Refusal("charge.alone",
                      f"A charge is answered on a line of its own: '{cmds[1]}' cannot "
                      f"follow it ({when}).",
                      "gp.charge.passed" if p.passed else "gp.charge.trigger")
    if len(cmds) != 1 or not isinstance(cmds[0], (Charge, Decline)):
        raise Refusal("charge.expected",
                      f"{_name(state.seats[seat].faction)} must first accept or decline "
                      f"a charge of {amount} power.", "gp.charge.trigger")
    cmd = cmds[0]
    p = state.seats[seat]
    h = hooks(p.faction)
    offered = [r for r in cmd.offer if r.code == "pw"]
    token = h.pi_token_with_charge and bool(p.count("PI")) and isinstance(cmd, Charge)
    codes = [r.code for r in cmd.offer]
    if (token and isinstance(cmd, Charge) and codes in (["t", "pw"], ["pw", "t"])
            and cmd.offer[codes.index("t")].amount in (None, 1)):
        return _taklons_charge(state, seat, amount, cmd, codes[0] == "t", choice)
    if len(cmd.offer) != 1 or not offered:
        raise Refusal("charge.amount", f"Name the offer: {cmd.verb} {amount}pw.",
                      "gp.charge.highest")
    if choice is not None and isinstance(cmd, Decline):
        raise Refusal("brainstone.unexpected", "A declined charge moves no brainstone.",
                      "gp.faction.taklons")
    if token:
        raise Refusal("charge.token", f"With their institute the {_name(p.faction)} also "
                      f"take 1 power token: 'charge 1t,{amount}pw' (token first) or "
                      f"'charge {amount}pw,1t'.", h.pi_rule)
    if offered[0].amount != amount:
        raise Refusal("charge.amount", f"The offer is {amount} power, not "
                      f"{offered[0].amount}.", "gp.charge.highest")
    if isinstance(cmd, Charge):
        _check_charge_vp(p, amount)
    state = evolve(state, pending=state.pending[1:])
    p = state.seats[seat]
    if isinstance(cmd, Decline):
        return state, [_ev("charge.decline", f"{_name(p.faction)} decline {amount} power.",
                           seat, "gp.charge.cost")]
    p = _charge_with_choice(p, amount, choice).add_vp(-(amount - 1), "charge")
    return state.with_seat(seat, p), [
        _ev("charge", f"{_name(p.faction)} charge {amount} power for {amount - 1} VP.",
            seat, _charge_rule(p))]


def _check_charge_vp(p: PlayerState, amount: int) -> None:
    """Charging ``amount`` power costs ``amount - 1`` VP, which the player must hold."""
    if amount - 1 > p.vp:
        raise Refusal("charge.vp", f"Charging {amount} power costs {amount - 1} VP; "
                      f"{_name(p.faction)} hold {p.vp} VP, so they can only decline.",
                      "gp.charge.cost")


def _charge_rule(p: PlayerState) -> str:
    """The rule a charge cites: its cost, or for a player who has passed that they may
    still charge."""
    return "gp.charge.passed" if p.passed else "gp.charge.cost"


def _gain_in_turn(p: PlayerState, r: Resources, source: str, turn: _Turn) -> PlayerState:
    """:func:`gain` during a turn: a charge may be followed by ``brainstone areaN``, the
    bowl the Taklons' brainstone ends in (moved first, or after the other tokens)."""
    if turn.stone is None or not r.charge_power or p.brainstone < 0:
        return gain(p, r, source)
    p = gain(p, evolve(r, charge_power=0), source)
    turn.stone_used = True
    return _charge_with_choice(p, r.charge_power, turn.stone)


def _charge_with_choice(p: PlayerState, amount: int, choice: str | None) -> PlayerState:
    """Charge power; ``choice`` (``brainstone areaN``) names the bowl the brainstone ends
    in, when it may move or stay.  Without it the brainstone moves first (the reference
    implementation's automatic choice)."""
    if choice is None:
        bowls, stone, _ = pw.charge_stone(p.bowls, p.brainstone, amount)
        return evolve(p, bowls=bowls, brainstone=stone)
    rule = hooks(p.faction).rule or "gp.faction.taklons"
    for first in (True, False):
        bowls, stone, _ = pw.charge_stone(p.bowls, p.brainstone, amount, first)
        if p.brainstone >= 0 and choice == f"area{stone + 1}":
            return evolve(p, bowls=bowls, brainstone=stone)
    raise Refusal("brainstone.choice", f"The brainstone cannot end in {choice} after this "
                  "charge.", rule)


def _taklons_charge(state: GPState, seat: int, amount: int, cmd: Charge, token_first: bool,
                    choice: str | None) -> tuple[GPState, list[Event]]:
    """Taklons' institute: the charge and 1 power token, in the order named.  The offer
    (``amount``) is what the bowls take with the token first; the charge before the
    token is capped by the bowls as they are (the public engine offers both)."""
    p = state.seats[seat]
    pw_amount = next(r.amount for r in cmd.offer if r.code == "pw")
    if not token_first:
        amount = min(amount, pw.chargeable(p.bowls))
    if not token_first and amount == 0 and pw_amount:
        raise Refusal("charge.token_first", "The bowls take no power before the token: "
                      "'charge 1t,Npw' takes the token first ('charge 0pw,1t' only the "
                      "token).", hooks(p.faction).pi_rule)
    if pw_amount != amount:
        order = "with the token first" if token_first else "before the token"
        raise Refusal("charge.amount", f"The offer is {amount} power {order}, not "
                      f"{pw_amount}.", "gp.charge.highest")
    _check_charge_vp(p, amount)
    state = evolve(state, pending=state.pending[1:])
    if token_first:
        p = evolve(p, bowls=pw.gain_tokens(p.bowls, 1))
    cost = max(amount - 1, 0)  # charging nothing before the token costs nothing
    p = _charge_with_choice(p, amount, choice).add_vp(-cost, "charge")
    if not token_first:
        p = evolve(p, bowls=pw.gain_tokens(p.bowls, 1))
    order = "a token, then the charge" if token_first else "the charge, then a token"
    return state.with_seat(seat, p), [
        _ev("charge", f"{_name(p.faction)} charge {amount} power for {cost} VP and "
            f"take 1 power token ({order}).", seat, hooks(p.faction).pi_rule)]


@resolves("income")
def _income_answer(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat = _seat(task)
    items = power_items(task)
    p = state.seats[seat]
    events = []
    stone_rule = hooks(p.faction).rule or "gp.faction.taklons"
    commands = list(move.commands)
    while commands:
        cmd = commands.pop(0)
        if isinstance(cmd, Brainstone):
            if (_power_order_matters(p.bowls, items) or not items or items[0][0] != "pw"
                    or not _stone_choice(p, items[0][1])):
                raise Refusal("brainstone.unexpected", "No income charge leaves a choice "
                              "for the brainstone now.", stone_rule)
            p = _charge_with_choice(p, items.pop(0)[1], cmd.area)
            events.append(_ev("income.brainstone", f"{_name(p.faction)} put the brainstone "
                              f"in {cmd.area}.", seat, stone_rule))
            p, items = _take_until_stone_choice(p, items)
            continue
        if isinstance(cmd, Income) and len(cmd.rewards) > 1:
            p, items = _income_in_order(p, items, cmd, stone_rule)
            events.append(_ev("income.power", f"{_name(p.faction)} take "
                              f"{', '.join(map(str, cmd.rewards))} in that order.", seat,
                              "gp.income.order"))
            continue
        if not isinstance(cmd, Income) or len(cmd.rewards) != 1:
            raise Refusal("income.expected", "Choose the order of the power income, one "
                          "item at a time (income 2pw / income 1t).", "gp.income.order")
        r = cmd.rewards[0]
        item = (r.code, r.amount)
        if not _power_order_matters(p.bowls, items):
            raise Refusal("income.no_choice", "The rest of the income needs no order.",
                          "gp.income.order")
        if item not in items:
            raise Refusal("income.unknown", f"No income item {r} is left; left: "
                          + ", ".join(f"{n}{k}" for k, n in items) + ".", "gp.income.order")
        items.remove(item)
        if item[0] == "pw" and _stone_choice(p, item[1]):
            after = commands.pop(0) if commands else None
            if not isinstance(after, Brainstone):
                raise Refusal("brainstone.expected", f"After {r} the brainstone may end in "
                              "two bowls: name it (brainstone areaN).", stone_rule)
            p = _charge_with_choice(p, item[1], after.area)
        else:
            p = _take_power_items(p, [item])
        events.append(_ev("income.power", f"{_name(p.faction)} take {r} first.", seat,
                          "gp.income.order"))
    pending = state.pending[1:]
    if _power_order_matters(p.bowls, items):
        pending = (income_task(seat, items), *pending)
    else:
        p, items = _take_until_stone_choice(p, items)
        if items:
            pending = (income_task(seat, items), *pending)
    return evolve(state.with_seat(seat, p), pending=pending), events


def _income_in_order(p: PlayerState, items: list[tuple[str, int]], cmd: Income,
                     stone_rule: str) -> tuple[PlayerState, list[tuple[str, int]]]:
    """Several power income items named in one command (``income t,2t,4pw``, as the
    public engine writes them), taken in that order: the player and the items left."""
    items = list(items)
    for r in cmd.rewards:
        item = (r.code, r.amount)
        if item not in items:
            raise Refusal("income.unknown", f"No income item {r} is left; left: "
                          + ", ".join(f"{n}{k}" for k, n in items) + ".", "gp.income.order")
        if item[0] == "pw" and _stone_choice(p, item[1]):
            raise Refusal("brainstone.expected", f"After {r} the brainstone may end in two "
                          "bowls: name it (brainstone areaN).", stone_rule)
        items.remove(item)
        p = _take_power_items(p, [item])
    return p, items


@resolves("gaia_tokens")
def _gaia_tokens_answer(state: GPState, task: Task, move: Move
                        ) -> tuple[GPState, list[Event]]:
    seat, count = _seat(task), task.number(0)
    p = state.seats[seat]
    h = hooks(p.faction)
    left = count
    events = []
    for cmd in move.commands:
        if not isinstance(cmd, Spend) or len(cmd.cost) != 1 or cmd.cost[0].code != "tg":
            raise Refusal("gaia.tokens_expected", "Convert the tokens leaving the Gaia area "
                          "(spend Ntg for ...).", h.pi_rule or "gp.gaia_phase.tokens")
        n = cmd.cost[0].amount
        if n > left:
            raise Refusal("gaia.too_many", f"Only {left} tokens are left to convert.",
                          h.pi_rule or "gp.gaia_phase.tokens")
        got = _convert(cmd, h.gaia_conversions_with_pi, h.pi_rule or "gp.gaia_phase.tokens")
        left -= n
        p = gain(p, got, "spend")
        events.append(_ev("gaia.convert", f"{_name(p.faction)} convert {n} tokens into "
                          f"{got}.", seat, h.pi_rule or None))
    if left:
        # the conversions go on until every returning token is used
        rest = Task("gaia_tokens", seat, (left,))
        return evolve(state.with_seat(seat, p), pending=(rest, *state.pending[1:])), events
    p = _from_gaia(p, h.gaia_return_bowl)
    return evolve(state.with_seat(seat, p), pending=state.pending[1:]), events


@resolves("tokens_for_tech")
def _tokens_for_tech_answer(state: GPState, task: Task, move: Move
                            ) -> tuple[GPState, list[Event]]:
    """Itars' institute: ``spend 4tg for tech. tech <space>. up <area>`` as often as the
    Gaia area holds 4 tokens, or ``decline`` to stop; the tokens left then return as
    usual.  The question stays open until it is declined or fewer than 4 tokens are
    left (the reference implementation's convention)."""
    seat = _seat(task)
    h = hooks(state.seats[seat].faction)
    n, rule = h.pi_tokens_for_tech, h.pi_rule
    turn = _Turn(seat, main=True)
    events: list[Event] = []
    declined = False
    for cmd in move.commands:
        p = state.seats[seat]
        if declined:
            raise Refusal("gaia.after_decline", "Nothing follows 'decline'.", rule)
        if (isinstance(cmd, Decline) and not turn.follow
                and [str(r) for r in cmd.offer] in ([], ["tech"])):  # 'decline (tech)'
            declined = True
            continue
        if isinstance(cmd, Spend) and not turn.follow:
            if (len(cmd.cost) != 1 or cmd.cost[0].code != "tg" or cmd.cost[0].amount != n
                    or [str(g) for g in cmd.gain] != ["tech"]):
                raise Refusal("gaia.tokens_for_tech", f"The Gaia-area tokens go {n} at a "
                              f"time for a tech tile ('spend {n}tg for tech').", rule)
            if p.bowls[3] < n:
                raise Refusal("gaia.too_many", f"The Gaia area holds {p.bowls[3]} tokens, "
                              f"not {n}.", rule)
            b = p.bowls
            state = state.with_seat(seat, evolve(p, bowls=(b[0], b[1], b[2], b[3] - n)))
            turn.follow.append(("tech", None))
            events.append(_ev("gaia.tech", f"{_name(p.faction)} discard {n} Gaia-area "
                              "tokens for a tech tile.", seat, rule))
            continue
        if not turn.follow or isinstance(cmd, (Spend, Burn)):
            raise Refusal("gaia.tokens_for_tech", f"Now 'spend {n}tg for tech' (with its "
                          "tile and step) or 'decline'.", rule)
        state, more = _command(state, turn, cmd)
        events.extend(more)
    if turn.follow:
        what = turn.follow[0][0]
        raise Refusal("turn.incomplete", f"The line still needs "
                      f"{_FOLLOW_TEXT.get(what, what)}.", _FOLLOW_RULE.get(what, rule))
    p = state.seats[seat]
    if declined or p.bowls[3] < n:
        p = _from_gaia(p, h.gaia_return_bowl)
        state = evolve(state.with_seat(seat, p), pending=state.pending[1:])
    for hx in reversed(turn.built):  # the Lost Planet's neighbours charge at once
        state = _offer_charges(state, seat, hx, first=True)
    return state, events


# -- the action phase ---------------------------------------------------------------


@resolves("turn")
def _action_turn(state: GPState, task: Task, move: Move) -> tuple[GPState, list[Event]]:
    seat = _seat(task)
    turn = _Turn(seat)
    events: list[Event] = []
    for unit in turn_units(move):
        state, more = _turn_unit(state, turn, unit)
        events.extend(more)
    return _end_turn(state, turn, events)


_Unit = tuple[Command, Brainstone | None]
"""One command of a turn's line with the brainstone choice written after it, if any."""


def turn_units(move: Move) -> list[_Unit]:
    """The commands of a turn's line, each with the brainstone choice that follows it
    (a choice that follows nothing stays a unit of its own, refused when played).

    >>> from gaia_lab.games.gaia_project.notation import parse_move
    >>> line = parse_move("taklons brainstone area1. burn 1. brainstone area2. "
    ...                   "brainstone area3. up nav")
    >>> [(str(c), s and str(s)) for c, s in turn_units(line)]  # doctest: +NORMALIZE_WHITESPACE
    [('brainstone area1', None), ('burn 1', 'brainstone area2'),
     ('brainstone area3', None), ('up nav', None)]
    """
    if len(move.commands) == 1:  # most listed lines (a federation, a pass)
        return [(move.commands[0], None)]
    units: list[_Unit] = []
    for cmd in move.commands:
        if (isinstance(cmd, Brainstone) and units and units[-1][1] is None
                and not isinstance(units[-1][0], Brainstone)):
            units[-1] = (units[-1][0], cmd)
        else:
            units.append((cmd, None))
    return units


def _turn_unit(state: GPState, turn: _Turn, unit: _Unit) -> tuple[GPState, list[Event]]:
    """Play one command of a turn (and its brainstone choice) on what the line has done
    so far (``turn``, updated)."""
    cmd, stone = unit
    if isinstance(cmd, Brainstone):
        raise Refusal("brainstone.unexpected", "A brainstone choice follows the command "
                      "that moves the brainstone.", "gp.faction.taklons")
    turn.stone = stone.area if stone is not None else None
    turn.stone_used = False
    state, events = _command(state, turn, cmd)
    if turn.stone is not None and not turn.stone_used:
        raise Refusal("brainstone.unexpected", f"'{cmd}' leaves no choice for the "
                      "brainstone.", "gp.faction.taklons")
    return state, events


def turn_lines_legal(state: GPState, moves: Sequence[Move], complete: bool = True
                     ) -> list[bool]:
    """Whether each line is legal as the turn the head task waits for, as
    :func:`play` would find: the lines are walked as a tree of their commands, so a
    first part shared by many lines (``build lab 4B2``, then each tile and step) is
    played once, and lines ending in the same federation but for its token (a listing
    writes each with every token left) are judged once, each token on its own
    (:func:`federation_tokens_left`: a federation reads nothing else of its token while
    judged).  Only a rule's refusal makes a line illegal; any other error propagates.
    With ``complete`` False a line refused only as incomplete (a first part still owing
    its follow-ups, ``action power2`` before its mine) counts as legal."""
    task = head_task(state)
    assert task is not None and task.kind == "turn", task
    seat = _seat(task)
    faction = state.seats[seat].faction
    legal = [False] * len(moves)
    lines = [(i, turn_units(m)) for i, m in enumerate(moves)
             if m.commands and m.actor == faction]

    def play_unit(state: GPState, turn: _Turn, unit: _Unit, last: bool = False
                  ) -> tuple[GPState, _Turn] | None:
        after = _Turn(turn.seat, turn.main, turn.main_verb, list(turn.follow),
                      list(turn.built), turn.stone, turn.stone_used, turn.spare, last)
        try:
            played, _ = _turn_unit(state, after, unit)
        except Refusal:
            return None
        return played, after

    def ended(state: GPState, turn: _Turn, unit: _Unit) -> bool:
        # the end of a line refuses only a missing follow-up (_end_turn); the charges it
        # offers and the next turn decide nothing
        done = play_unit(state, turn, unit, last=True)
        return done is not None and not (complete and done[1].follow)

    def walk(state: GPState, turn: _Turn, lines: list[tuple[int, list[_Unit]]],
             depth: int) -> None:
        # every line here has a part at ``depth``; the lines sharing a part that is not
        # their last are walked together below it
        branches: dict[_Unit, list[tuple[int, list[_Unit]]]] = {}
        # the Lost Planet owed: the hexes ending lines here are judged from one table
        spots = (lost_planet_spots(state, seat) if turn.follow and turn.follow[0][0] == "lost"
                 else {})
        # the federations ending lines here, by all they read but their token
        federations: dict[tuple[object, ...], list[tuple[int, str, _Unit]]] = {}
        for i, units in lines:
            unit = units[depth]
            cmd, stone = unit
            if len(units) > depth + 1:
                branches.setdefault(unit, []).append((i, units))
            elif isinstance(cmd, Federation):
                federations.setdefault((cmd.hexes, cmd.using, stone), []).append(
                    (i, cmd.token, unit))
            elif isinstance(cmd, LostPlanet) and stone is None and cmd.hex in spots:
                legal[i] = spots[cmd.hex] and not (complete and len(turn.follow) > 1)
            else:
                legal[i] = ended(state, turn, unit)
        if federations:
            left = federation_tokens_left(state)
            for same in federations.values():
                judged: bool | None = None
                for i, token, unit in same:
                    if token in left:
                        if judged is None:
                            judged = ended(state, turn, unit)
                        legal[i] = judged
        for unit, below in branches.items():
            done = play_unit(state, turn, unit)
            if done is not None:
                walk(done[0], done[1], below, depth + 1)

    walk(state, _Turn(seat), lines, 0)
    return legal


def _end_turn(state: GPState, turn: _Turn, events: list[Event]
              ) -> tuple[GPState, list[Event]]:
    """The end of a turn's line: every follow-up must be there; after a main action the
    structures built offer their charges and the next player's turn comes."""
    seat = turn.seat
    if turn.follow:  # the only refusal at the end of a line (see turn_lines_legal)
        what = turn.follow[0][0]
        raise Refusal("turn.incomplete", f"The turn is not complete: it still needs "
                      f"{_FOLLOW_TEXT.get(what, what)}.", _FOLLOW_RULE.get(what,
                                                                           "gp.action.turns"))
    if not turn.main:
        # free actions only: the turn stays open, the main action comes later
        return state, events
    for hx in turn.built:
        state = _offer_charges(state, seat, hx)
    order = state.order
    nxt = _next_player(state, seat, order)
    return evolve(state, current=nxt), events


_FOLLOW_TEXT = {"tech": "a tech tile", "up": "a research step", "cover": "a tile to cover",
                "mine": "a mine to build", "fedtile": "a federation token",
                "lost": "the Lost Planet", "downlab": "the research lab to downgrade",
                "swap": "the mine to swap with", "station": "the space station's hex"}
_FOLLOW_RULE = {"tech": "gp.action.upgrade_tech", "up": "gp.tech.under_area",
                "cover": "gp.tech.advanced", "mine": "gp.action.board",
                "fedtile": "gp.action.board", "lost": "gp.action.research",
                "downlab": "gp.faction.firaks.pi", "swap": "gp.faction.ambas.pi",
                "station": "gp.faction.ivits.pi"}


RESEARCH_COST = Resources(knowledge=4)
"""A research step taken as the main action."""
_FOLLOW_COMMAND: dict[str, type] = {
    "tech": Tech, "up": Up, "cover": Cover, "mine": Build, "fedtile": FedTile,
    "lost": LostPlanet, "downlab": Build, "swap": SwapPI, "station": Build}
"""The command each follow-up is written as."""


def _command(state: GPState, turn: _Turn, cmd: Command) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    if turn.follow:
        what, data = turn.follow[0]
        if isinstance(cmd, _FOLLOW_COMMAND[what]):
            turn.follow.pop(0)
            return _follow(state, turn, what, data, cmd)
        if what == "up" and isinstance(cmd, Decline) and cmd.what == "up":
            turn.follow.pop(0)
            p = state.seats[seat]
            return state, [_ev("research.decline", f"{_name(p.faction)} leave out the free "
                               "research step.", seat, "gp.tech.under_area")]
        if not isinstance(cmd, (Spend, Burn)):
            raise Refusal("turn.follow_up", f"{_FOLLOW_TEXT[what].capitalize()} must come "
                          "first.", _FOLLOW_RULE[what])
    if isinstance(cmd, Spend):
        return _spend(state, seat, cmd, turn)
    if isinstance(cmd, Burn):
        p = state.seats[seat]
        if cmd.amount < 1:
            raise Refusal("burn.nothing", "Burning needs an amount of at least 1.",
                          "gp.free_action.when")
        if 2 * cmd.amount > p.bowls[1]:
            raise Refusal("burn.too_much", f"Burning {cmd.amount} needs {2 * cmd.amount} "
                          f"tokens in bowl II, which holds {p.bowls[1]}.",
                          "gp.free_action.when")
        if turn.judging:
            return state, []
        bowls = pw.burn(p.bowls, cmd.amount)
        if hooks(p.faction).burn_to_gaia:
            bowls = (bowls[0], bowls[1], bowls[2], bowls[3] + cmd.amount)
        # the brainstone in bowl II is one of the tokens that move on (engine ruling)
        p = evolve(p, bowls=bowls, brainstone=2 if p.brainstone == 1 else p.brainstone)
        return state.with_seat(seat, p), [_ev("burn", f"{_name(p.faction)} burn "
                                              f"{cmd.amount}.", seat, "gp.free_action.when")]
    if turn.main:
        verbs = {turn.main_verb, cmd.verb}
        if "special" in verbs and verbs <= {"special", "action"}:
            raise Refusal("turn.special_alone", f"A special action is not combined with "
                          f"another special, power or Q.I.C. action ('{cmd}' after "
                          f"'{turn.main_verb}').", "gp.special.alone")
        raise Refusal("turn.one_action", "A turn has only one main action.",
                      "gp.action.turns")
    turn.main, turn.main_verb = True, cmd.verb
    if isinstance(cmd, Build):
        return _build(state, turn, cmd, steps=0, extra_range=0)
    if isinstance(cmd, Up):
        p = _pay(state.seats[seat], RESEARCH_COST, "A research step",
                 "gp.action.research")
        state = state.with_seat(seat, p)
        return _up(state, seat, CODE_TRACK.get(cmd.track, cmd.track), turn)
    if isinstance(cmd, Action):
        return _board_action(state, turn, cmd.action)
    if isinstance(cmd, Special):
        return _special(state, turn, cmd)
    if isinstance(cmd, Federation):
        return _federation(state, seat, cmd, turn)
    if isinstance(cmd, Pass):
        return _pass(state, turn, cmd)
    raise Refusal("turn.unknown", f"'{cmd}' is not an action of the action phase.",
                  "gp.action.turns")


def _follow(state: GPState, turn: _Turn, what: str, data: object, cmd: Command
            ) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    if what == "tech":
        assert isinstance(cmd, Tech)
        return _take_tech(state, turn, cmd.position)
    if what == "up":
        assert isinstance(cmd, Up) and isinstance(data, tuple)
        track = CODE_TRACK.get(cmd.track, cmd.track)
        if data and track not in data:
            if data[0] == "lowest":
                raise Refusal("special.not_lowest", f"{track} is not a lowest research "
                              f"area ({', '.join(data[1:])}).",
                              "gp.faction.bescods.special")
            raise Refusal("tech.wrong_area", f"This tile advances {', '.join(data)} only.",
                          "gp.tech.under_area")
        return _up(state, seat, track, turn)
    if what == "cover":
        assert isinstance(cmd, Cover)
        p = state.seats[seat]
        techs = list(p.techs)
        for i, (pos, tile, covered) in enumerate(techs):
            if pos == cmd.position and not covered and not tile.startswith("adv"):
                techs[i] = (pos, tile, True)
                p = evolve(p, techs=tuple(techs))
                return state.with_seat(seat, p), [
                    _ev("tech.cover", f"{_name(p.faction)} cover {tile}.", seat,
                        "gp.tech.advanced")]
        raise Refusal("tech.cover", f"There is no uncovered standard tile of "
                      f"{cmd.position} to cover.", "gp.tech.advanced")
    if what == "downlab":
        assert isinstance(cmd, Build)
        return _downgrade_lab(state, turn, cmd)
    if what == "swap":
        assert isinstance(cmd, SwapPI)
        return _swap_pi(state, turn, cmd)
    if what == "station":
        assert isinstance(cmd, Build)
        return _space_station(state, turn, cmd)
    if what == "mine":
        assert isinstance(cmd, Build) and isinstance(data, tuple)
        steps, extra = data
        if cmd.building == "gf" and not steps and extra:
            # the range booster reaches a Transdim planet for a Gaia project as well
            return _gaia_project(state, turn, cmd.hex, int(extra), cmd.using)
        if cmd.building != "m":
            raise Refusal("build.mine_expected", "This action builds a mine"
                          + (" or starts a Gaia project." if extra else "."),
                          "gp.action.board")
        return _build(state, turn, cmd, steps=int(steps), extra_range=int(extra))
    if what == "fedtile":
        assert isinstance(cmd, FedTile)
        p = state.seats[seat]
        if cmd.token not in [t for t, _ in p.fed_tokens]:
            raise Refusal("fedtile.not_owned", f"The player has no token {cmd.token}.",
                          "gp.action.board")
        p = gain(p, _c().federation_token(cmd.token).reward, "qic2")
        return state.with_seat(seat, p), [_ev("fedtile", f"{_name(p.faction)} score "
                                              f"{cmd.token} again.", seat,
                                              "gp.action.board")]
    assert isinstance(cmd, LostPlanet)
    return _lost_planet(state, turn, cmd)


# -- conversions --------------------------------------------------------------------

_BASE_CONVERSIONS = (("pw", 4, "q", 1), ("pw", 3, "o", 1), ("pw", 4, "k", 1),
                     ("pw", 1, "c", 1), ("q", 1, "o", 1), ("k", 1, "c", 1),
                     ("o", 1, "c", 1), ("o", 1, "t", 1))
_RES = {"c": "credits", "o": "ore", "k": "knowledge", "q": "qic", "t": "power_tokens"}


@functools.lru_cache(maxsize=256)
def _resource(code: str, amount: int) -> Resources:
    """``amount`` of one resource by its log code (``3o``): conversions pay and give
    these, line after line."""
    return Resources(**{_RES[code]: amount})


def _convert(cmd: Spend, table: Sequence[tuple[str, int, str, int]], rule: str,
             split: bool = False) -> Resources:
    """What a ``spend`` of whole conversions from ``table`` gives.  ``split``: the
    amount paid may be shared by several conversions of that payment (``spend 4pw for
    1o,1c``), as when one token is worth more power than one conversion takes."""
    if len(cmd.cost) != 1:
        raise Refusal("spend.unknown", f"'{cmd}' is not a free action.", rule)
    cost = cmd.cost[0]
    paying, pays = cost.amount, cost.code
    wanted = {r.code: r.amount for r in cmd.gain}
    if paying < 1:
        raise Refusal("spend.nothing", "A free action pays at least one of something.", rule)
    if split and len(wanted) > 1:
        paid, got = 0, Resources()
        for code, amount in wanted.items():
            entry = next(((n, m) for pay, n, get, m in table
                          if pay == cost.code and get == code and amount % m == 0), None)
            if entry is None or code not in _RES:
                break
            paid += amount // entry[1] * entry[0]
            got = got + _resource(code, amount)
        else:
            if paid == cost.amount:
                return got
    for pay, n, get, m in table:
        if pay != pays or paying % n:
            continue
        k = paying // n
        if len(wanted) == 1 and wanted.get(get) == k * m:
            return _resource(get, k * m)
    raise Refusal("spend.unknown", f"'{cmd}' is not a free action of this player.", rule)


def conversions(p: PlayerState) -> tuple[tuple[str, int, str, int], ...]:
    """The free actions of a player: ``(pay code, amount, get code, amount)``."""
    return _conversion_table(p.faction, bool(p.count("PI")))


@functools.lru_cache(maxsize=64)
def _conversion_table(faction: str, with_pi: bool) -> tuple[tuple[str, int, str, int], ...]:
    h = hooks(faction)
    table = list(_BASE_CONVERSIONS) + list(h.conversions)
    if h.gaiaformer_for_qic:
        table.append(("gf", 1, "q", 1))
    if with_pi:
        table += list(h.pi_conversions)
    return tuple(table)


def _spend(state: GPState, seat: int, cmd: Spend, turn: _Turn | None = None
           ) -> tuple[GPState, list[Event]]:
    p = state.seats[seat]
    h = hooks(p.faction)
    with_pi = bool(p.count("PI"))
    table = _conversion_table(p.faction, with_pi)  # conversions(p)
    rule = "gp.free_action.when"
    got = _convert(cmd, table, rule, split=with_pi and h.power_per_token_with_pi > 1)
    cost = cmd.cost[0]
    n = cost.amount
    if cost.code == "pw":
        p = _spend_power(p, n, "Converting power", turn)
    elif cost.code == "gf":
        if free_gaiaformers(p) < n:
            raise Refusal("spend.gaiaformer", f"The {_name(p.faction)} have "
                          f"{free_gaiaformers(p)} unused Gaiaformers, not {n}.", h.rule)
        p = evolve(p, formers_in_gaia=p.formers_in_gaia + n)
        rule = h.rule
    elif cost.code == "t-a3":
        if p.bowls[2] < n:
            raise Refusal("spend.power", f"Bowl III holds {p.bowls[2]} tokens, not {n}.",
                          h.rule or rule)
        p = evolve(p, bowls=(p.bowls[0], p.bowls[1], p.bowls[2] - n, p.bowls[3] + n))
    else:
        price = _resource(cost.code, n)
        if turn is not None and turn.judging and affords(p, price):
            return state, []  # paid, and the gain refuses nothing
        p = _pay(p, price, f"Converting {cost}", rule)
    if turn is not None and turn.judging:
        return state, []
    p = gain(p, got, "spend")
    return state.with_seat(seat, p), [_ev("spend", f"{_name(p.faction)} convert {cost} "
                                          f"into {got}.", seat, rule)]


def _power_per_token(p: PlayerState) -> int:
    """The power one bowl-III token spends as (2 for the Nevlas with their institute)."""
    return hooks(p.faction).power_per_token_with_pi if p.count("PI") else 1


def _spend_power(p: PlayerState, amount: int, what: str, turn: _Turn | None = None
                 ) -> PlayerState:
    """Spend power from bowl III.  Tokens worth 2 power (the Nevlas' institute) leave
    the power a conversion does not use to the rest of the line (``turn.spare``)."""
    per = _power_per_token(p)
    if p.brainstone == 2:
        return _spend_with_stone(p, amount, what, turn)
    spare = turn.spare if turn else 0
    rest = max(0, amount - spare)
    need = -(-rest // per)
    if need > p.bowls[2]:
        if per == 1:
            raise Refusal("power.not_enough", f"{what} needs {amount} power; bowl III holds "
                          f"{p.bowls[2]} tokens.", "gp.action.board")
        held = f"{p.bowls[2]} token{'s' if p.bowls[2] != 1 else ''}"
        kept = f" and {spare} power spare from this line" if spare else ""
        raise Refusal("power.not_enough", f"{what} needs {amount} power; bowl III holds "
                      f"{held} worth {per} power each ({per * p.bowls[2]} power){kept}.",
                      hooks(p.faction).pi_rule or "gp.action.board")
    if turn is not None:
        turn.spare = spare - (amount - rest) + need * per - rest
    return evolve(p, bowls=pw.spend(p.bowls, need))


def _spend_with_stone(p: PlayerState, amount: int, what: str, turn: _Turn | None
                      ) -> PlayerState:
    """Spending with the brainstone in bowl III: used, it is worth 3 power and returns to
    bowl I (``brainstone area1``); kept, it stays (``brainstone area3``).  Unwritten, it
    is used when the power is 3 or more or the other tokens do not suffice."""
    others = p.bowls[2] - 1
    use = turn.stone_choice(p, {"area1": True, "area3": False}) if turn else None
    if use is None:
        use = amount >= 3 or amount > others
    need = 1 + max(0, amount - 3) if use else amount
    if need > p.bowls[2] or (not use and need > others):
        raise Refusal("power.not_enough", f"{what} needs {amount} power; bowl III holds "
                      f"{others} tokens and the brainstone.", "gp.faction.taklons")
    return evolve(p, bowls=pw.spend(p.bowls, need), brainstone=0 if use else 2)


# -- building -----------------------------------------------------------------------


def structure_distances(state: GPState, p: PlayerState, stations: bool = True
                        ) -> Mapping[str, int]:
    """The distance from each hex of the map (by log name) to the player's nearest
    structure, where range counts from (99 with none; ``stations`` False: not counting
    Ivits space stations): one table for every look-up of a position, remembered for
    the layout and the structures' hexes.

    >>> s = new_game(2, DEEP_MIND_2_SETUP)
    >>> p = s.seats[0].with_building("5A4", "m")
    >>> d = structure_distances(s, p)
    >>> d["5A4"], d["5C"], structure_distances(s, s.seats[1])["5C"]
    (0, 2, 99)
    """
    return _nearest_distances(state.setup.sectors, tuple(
        h for h, b in p.buildings if stations or b != "sp"))


@functools.lru_cache(maxsize=128)
def _nearest_distances(sectors: tuple[tuple[str, int, int, int], ...],
                       sources: tuple[str, ...]) -> Mapping[str, int]:
    names = _space_map(sectors).names()
    if not sources:
        return dict.fromkeys(names, 99)
    rows = [_distance_row(sectors, source) for source in sources]
    return dict(zip(names, map(min, zip(*rows, strict=True)), strict=True))


@functools.lru_cache(maxsize=1024)
def _distance_row(sectors: tuple[tuple[str, int, int, int], ...], source: str
                  ) -> tuple[int, ...]:
    """The distance from ``source`` to each map hex, in map order."""
    m = _space_map(sectors)
    return distances(m.hex(source), m)


def _range_cost(state: GPState, p: PlayerState, target: str, extra: int) -> int:
    """The Q.I.C. needed to reach ``target`` (raises when out of reach)."""
    dist = structure_distances(state, p)[target]
    reach = _c().board.range_by_level[p.level("navigation")] + extra
    if dist <= reach:
        return 0
    qic = -(-(dist - reach) // 2)
    if qic > p.qic:
        raise Refusal("build.out_of_range", f"{target} is {dist} hexes away; range {reach} "
                      f"and {p.qic} Q.I.C. (2 hexes each) do not reach.", "gp.range.qic")
    return qic


def _mine_cost(state: GPState, p: PlayerState, hx: str, planet: str, own_gf: bool,
               free_steps: int, extra: int) -> tuple[Resources, int]:
    """The price of a mine on ``hx`` and its terraforming steps; Refusal if out of reach."""
    qic = 0 if own_gf else _range_cost(state, p, hx, extra)
    cost = _structure("mine").cost
    steps = 0
    if planet == "gaia":
        if not own_gf:
            cost = cost + hooks(p.faction).gaia_planet_cost
    else:
        home = _c().faction(p.faction).home_planet
        steps = terraforming_steps(planet, home) if planet in HOME_TYPES else 0
        per = _c().board.terraform_cost[p.level("terraforming")]
        paid = max(0, steps - free_steps)
        if paid:
            ore = cost.ore + per * paid
            if p.ore < ore:
                raise Refusal("build.terraform_unaffordable",
                              f"{hx} is {paid} terraforming step{'s' if paid > 1 else ''} "
                              f"from {home}: at Terraforming level "
                              f"{p.level('terraforming')} that is {per * paid} ore, plus "
                              f"the mine's {cost.ore}: {ore} ore needed, {p.ore} held.",
                              "gp.terraform.cost")
            cost = evolve(cost, ore=ore)
    if qic:
        cost = evolve(cost, qic=cost.qic + qic)
    return cost, steps


def mine_costs(state: GPState, seat: int) -> dict[str, Resources]:
    """For every planet a seat could reach with a mine now: what the mine would cost.

    Costs are the mine itself plus terraforming ore, Q.I.C. for range and a Gaia
    planet's Q.I.C. (what the build action charges); planets that are colonised, out
    of reach or unaffordable are left out.  Legality of the move as a whole (whose turn,
    which phase) is the engine's :meth:`~GaiaProject.explain`.
    """
    p = state.seats[seat]
    out: dict[str, Resources] = {}
    m = state.space_map
    for h in m:
        name = m.name(h)
        planet = state.planet(name)
        if planet is None or planet == "transdim" or state.owner(name) is not None:
            continue
        own_gf = name in p.gaiaformers
        try:
            out[name] = _mine_cost(state, p, name, planet, own_gf, 0, 0)[0]
        except Refusal:
            continue
    return out


def _build(state: GPState, turn: _Turn, cmd: Build, steps: int, extra_range: int
           ) -> tuple[GPState, list[Event]]:
    if cmd.building == "m":
        return _build_mine(state, turn, cmd.hex, steps, extra_range)
    if steps or extra_range:
        raise Refusal("build.mine_expected", "This action builds a mine.", "gp.action.board")
    if cmd.building == "gf":
        return _gaia_project(state, turn, cmd.hex, using=cmd.using)
    return _upgrade(state, turn, cmd)


def _build_mine(state: GPState, turn: _Turn, name: str, free_steps: int, extra: int
                ) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    hx = _hex(state, name)
    p = state.seats[seat]
    planet = state.planet(hx)
    if planet is None:
        raise Refusal("build.space", f"{hx} is empty space.", "gp.action.mine")
    h = hooks(p.faction)
    owner = state.owner(hx)
    shared = owner is not None and h.shared_mines and owner[0] != seat \
        and p.building_at(hx) is None
    if owner is not None and not shared:
        raise Refusal("build.occupied", f"{hx} is already colonised.", "gp.action.mine")
    if shared:
        _check_steps_used(hx, "occupied by another player", free_steps, 0)
        return _shared_mine(state, turn, hx, extra)
    for i, other in enumerate(state.seats):
        if i != seat and hx in other.gaiaformers:
            raise Refusal("build.gaiaformer", f"A Gaiaformer of the {_name(other.faction)} "
                          f"is on {hx}.", "gp.action.gaia_project")
    own_gf = hx in p.gaiaformers
    if planet == "transdim":
        raise Refusal("build.transdim", f"{hx} is a Transdim planet: it needs a Gaia "
                      "project first.", "gp.action.gaia_project")
    if p.count("m") >= _structure("mine").count:
        raise Refusal("build.no_mine_left", "All mines are on the map.", "gp.action.mine")
    cost, steps = _mine_cost(state, p, hx, planet, own_gf, free_steps, extra)
    _check_steps_used(hx, planet, free_steps, steps)
    p = _pay(p, cost, f"A mine on {hx}", "gp.action.mine")
    if turn.judging:
        return state, []
    p = _new_type_gain(state, p, planet)
    if own_gf:
        p = evolve(p, gaiaformers=tuple(g for g in p.gaiaformers if g != hx))
    p = p.with_building(hx, "m")
    rnd = _round_tile(state)
    if rnd is not None:
        if rnd.event == "mine built":
            p = p.add_vp(rnd.vp, f"round{state.round}")
        if rnd.event == "terraforming step":
            p = p.add_vp(rnd.vp * steps, f"round{state.round}")
        if rnd.event == "mine built on a Gaia planet" and planet == "gaia":
            p = p.add_vp(rnd.vp, f"round{state.round}")
    p = _tile_triggers(p, "mine", planet == "gaia")
    if planet == "gaia":
        # engine ruling (the reference implementation's): Gleens score 2 VP per Gaia mine
        p = p.add_vp(hooks(p.faction).gaia_mine_vp, p.faction)
    p = _join_federation(state, p, hx)
    turn.built.append(hx)
    return state.with_seat(seat, p), [
        _ev("build.mine", f"{_name(p.faction)} build a mine on {hx} ({planet}, "
            f"paying {cost}).", seat, "gp.action.mine")]


def _check_steps_used(hx: str, what: str, free_steps: int, steps: int) -> None:
    """Free terraforming steps (power actions, the step booster) are spent on the mine
    they come with: refuse a mine that takes no step."""
    if free_steps and not steps:
        s = "s" if free_steps > 1 else ""
        raise Refusal("build.steps_unused", f"The action gives {free_steps} free "
                      f"terraforming step{s} for this mine, but {hx} ({what}) takes no "
                      "step.", "gp.terraform.cost")


def _shared_mine(state: GPState, turn: _Turn, hx: str, extra: int
                 ) -> tuple[GPState, list[Event]]:
    """Lantids: a mine on a planet another player occupies: the mine's cost and the
    range, no terraforming and no Gaia cost; 2 knowledge with the institute.  Engine
    ruling (the reference implementation's): it scores as a mine built (round tile,
    tech tiles) but not as a mine on a Gaia planet, and steps are 0."""
    seat = turn.seat
    p = state.seats[seat]
    h = hooks(p.faction)
    if p.count("m") >= _structure("mine").count:
        raise Refusal("build.no_mine_left", "All mines are on the map.", "gp.action.mine")
    qic = _range_cost(state, p, hx, extra)
    cost = _structure("mine").cost + Resources(qic=qic)
    p = _pay(p, cost, f"A mine on {hx}", h.rule)
    if turn.judging:
        return state, []
    if p.count("PI"):
        p = gain(p, h.pi_shared_mine_gain, "PI")
    p = p.with_building(hx, "m")
    p = _round_vp(state, p, "mine built")
    p = _tile_triggers(p, "mine")
    p = _join_federation(state, p, hx)
    turn.built.append(hx)
    owner = state.owner(hx)
    assert owner is not None
    return state.with_seat(seat, p), [
        _ev("build.mine", f"{_name(p.faction)} build a mine on {hx}, a planet of the "
            f"{_name(state.seats[owner[0]].faction)} (paying {cost}).", seat, h.rule)]


def _new_type_gain(state: GPState, p: PlayerState, planet: str) -> PlayerState:
    """The institute gain for a planet type not colonised before (Geodens)."""
    h = hooks(p.faction)
    if not h.pi_new_type_gain or not p.count("PI"):
        return p
    have = {("lost" if b == "lp" else state.planet(x)) for x, b in p.buildings}
    return p if planet in have else gain(p, h.pi_new_type_gain, "PI")


def _join_federation(state: GPState, p: PlayerState, hx: str) -> PlayerState:
    """A new structure next to one of the player's federations becomes part of it (a
    ruling of the reference implementation; it matters for the structures-in-federations
    final tile)."""
    m = state.space_map
    h0 = m.hex(hx)
    near = set(h0.neighbors())
    feds = list(p.federations)
    for i, fed in enumerate(feds):
        if hx in fed:
            return p
        if any(m.hex(h) in near for h in fed):
            feds[i] = tuple(sorted(fed + (hx,)))
            return evolve(p, federations=tuple(feds))
    return p


def _round_tile(state: GPState) -> RoundScoringTile | None:
    if not 1 <= state.round <= ROUNDS:
        return None
    tile: RoundScoringTile = _c().round_tile(state.setup.round_scoring[state.round - 1])
    return tile


def _round_vp(state: GPState, p: PlayerState, event: str, times: int = 1) -> PlayerState:
    tile = _round_tile(state)
    if tile is not None and tile.event == event:
        return p.add_vp(tile.vp * times, f"round{state.round}")
    return p


def _tile_triggers(p: PlayerState, what: str, gaia: bool = False) -> PlayerState:
    c = _c()
    for pos, tile, covered in p.techs:
        if covered:
            continue
        t = c.tech(tile)
        if t.kind != "trigger":
            continue
        source = pos if pos.startswith("adv") else f"tech-{pos}"
        if ((t.when == "you build a mine" and what == "mine")
                or (t.when == "you build a mine on a Gaia planet" and what == "mine" and gaia)
                or (t.when == "you build a trading station" and what == "ts")
                or (t.when == "you advance one research level" and what == "up")):
            p = p.add_vp(t.gain.vp, source)
    return p


def _take_tokens(p: PlayerState, n: int, using: tuple[int, int, int] | None,
                 turn: _Turn | None, to_gaia: bool, code: str, what: str, rule: str
                 ) -> PlayerState:
    """Take ``n`` power tokens out of the bowls, into the Gaia area (a Gaia project) or
    out of the game (satellites): from the bowls ``using`` names, else bowl I first.  The
    Taklons' brainstone is one of them only when a ``brainstone gaia|discard`` follows
    (unwritten: only when the other tokens do not suffice)."""
    with_stone = _tokens_taken(p, n, using, turn, to_gaia, code, what, rule)
    stone = p.brainstone
    if stone >= 0:
        bowls, stone = pw.take_stone(p.bowls, stone, n, with_stone, to_gaia, using)
        return evolve(p, bowls=bowls, brainstone=stone)
    if using is not None:
        return evolve(p, bowls=pw.take_from(p.bowls, using, to_gaia))
    return evolve(p, bowls=pw.to_gaia(p.bowls, n) if to_gaia else pw.remove_tokens(p.bowls, n))


def _tokens_taken(p: PlayerState, n: int, using: tuple[int, int, int] | None,
                  turn: _Turn | None, to_gaia: bool, code: str, what: str, rule: str) -> bool:
    """Refuse what :func:`_take_tokens` cannot take, and say whether the brainstone is
    one of the tokens (its choice read from the turn)."""
    stone = p.brainstone
    in_bowls = 0 <= stone <= 2
    with_stone = False
    if in_bowls and turn is not None:
        taken = "gaia" if to_gaia else "discard"
        chosen = turn.stone_choice(p, {taken: True, f"area{stone + 1}": False})
        with_stone = pw.tokens(p.bowls) - 1 < n if chosen is None else chosen
    elif stone == 3 and to_gaia and turn is not None:
        turn.stone_choice(p, {"gaia": False})  # already there: it stays
    if in_bowls and not with_stone and pw.tokens(p.bowls) - 1 < n:
        others = pw.tokens(p.bowls) - 1
        raise Refusal(f"{code}.tokens", f"{what} takes {n} power tokens; the brainstone "
                      f"stays, and the bowls hold {others} other token"
                      f"{'' if others == 1 else 's'}.", rule)
    if using is not None:
        need = n - (1 if with_stone else 0)
        if sum(using) != need:
            raise Refusal(f"{code}.using", f"{what} takes {need} power tokens; 'using' names "
                          f"{sum(using)}.", rule)
        for i, bowl in enumerate(("I", "II", "III")):
            there = p.bowls[i] - (1 if in_bowls and stone == i else 0)
            if using[i] > there:
                held = f"{there} token" + ("" if there == 1 else "s")
                raise Refusal(f"{code}.using", f"Bowl {bowl} holds {held}, not {using[i]}.",
                              rule)
    return with_stone


def _gaia_project(state: GPState, turn: _Turn, name: str, extra_range: int = 0,
                  using: tuple[int, int, int] | None = None) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    hx = _hex(state, name)
    p = state.seats[seat]
    if state.planet(hx) != "transdim" or hx in state.gaia_hexes:
        raise Refusal("gaia.not_transdim", f"{hx} is not a Transdim planet.",
                      "gp.action.gaia_project")
    if state.owner(hx) is not None or any(hx in o.gaiaformers for o in state.seats):
        raise Refusal("build.occupied", f"{hx} is taken.", "gp.action.gaia_project")
    if free_gaiaformers(p) < 1:
        raise Refusal("gaia.no_gaiaformer", f"The {_name(p.faction)} have no Gaiaformer "
                      "left.", "gp.action.gaia_project")
    tokens = _c().board.gaia_project_cost[p.level("gaia_project")]
    if pw.tokens(p.bowls) < tokens:
        raise Refusal("gaia.tokens", f"A Gaia project moves {tokens} power tokens; the "
                      f"bowls hold {pw.tokens(p.bowls)}.", "gp.gaia_project.cost")
    qic = _range_cost(state, p, hx, extra_range)
    p = _pay(p, Resources(qic=qic), "Reaching the planet", "gp.range.qic")
    p = _take_tokens(p, tokens, using, turn, True, "gaia", "A Gaia project",
                     "gp.action.gaia_project")
    if turn.judging:
        return state, []
    p = evolve(p, gaiaformers=tuple(sorted(p.gaiaformers + (hx,))))
    return state.with_seat(seat, p), [
        _ev("gaia.project", f"{_name(p.faction)} start a Gaia project on {hx}.", seat,
            "gp.action.gaia_project")]


def _upgrade(state: GPState, turn: _Turn, cmd: Build) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    hx = _hex(state, cmd.hex)
    p = state.seats[seat]
    new = cmd.building
    if new not in UPGRADES_FROM:
        raise Refusal("build.unknown", f"The {_name(p.faction)} cannot build {new}.",
                      "gp.action.upgrade")
    old = p.building_at(hx)
    h = hooks(p.faction)
    if hx in shared_hexes(state, p):
        raise Refusal("upgrade.shared", f"The mine on {hx} shares its planet with another "
                      "player: it cannot be upgraded.", h.rule)
    paths = upgrade_paths(p.faction)
    if old not in paths[new]:
        rule = h.rule if dict(h.upgrades_from).get(new) else "gp.action.upgrade"
        raise Refusal("upgrade.from", f"{new} replaces a {' or a '.join(paths[new])}; {hx} "
                      f"holds {old or 'nothing of theirs'}.", rule)
    s = _structure(STRUCTURE_IDS[new])
    if p.count(new) >= s.count:
        raise Refusal("upgrade.none_left", f"No {new} is left on the board.",
                      "gp.action.upgrade")
    cost = s.cost
    if (new == "ts" and s.cost_alone is not None
            and not (turn.judging and affords(p, cost) and affords(p, s.cost_alone))):
        # (judged, a station paid for either way needs no look at its neighbours)
        # an Ivits space station is a structure only in federations: a trading station
        # next to one alone is still isolated (the public engine's reading too)
        near = any(structure_distances(state, o, stations=False)[hx] <= 2
                   for i, o in enumerate(state.seats) if i != seat)
        if not near:
            cost = s.cost_alone
    p = _pay(p, cost, f"A {new} on {hx}", "gp.upgrade.trading_station")
    if new in ("lab", "ac1", "ac2"):
        turn.follow.append(("tech", None))
    turn.built.append(hx)
    if turn.judging:
        return state, []
    p = p.with_building(hx, new).gained(new)
    if new == "ts":
        p = _round_vp(state, p, "trading station built")
        p = _tile_triggers(p, "ts")
    if new in ("PI", "ac1", "ac2"):
        p = _round_vp(state, p, "planetary institute or academy built")
    token = hooks(p.faction).pi_token
    if new == "PI" and token:
        p = _take_token(state, p, token)
    return state.with_seat(seat, p), [
        _ev("build.upgrade", f"{_name(p.faction)} upgrade {hx} from {old} to {new} "
            f"(paying {cost}).", seat, "gp.action.upgrade")]


def _take_token(state: GPState, p: PlayerState, token: str) -> PlayerState:
    """Take a federation token: its reward, and the round tile's VP for a federation
    formed.  A token taken without forming one (the Terraforming-5 token, the Gleens'
    with their institute) counts the same way, as in the reference implementation."""
    p = gain(p, _c().federation_token(token).reward, "federation")
    p = evolve(p, fed_tokens=p.fed_tokens + ((token, False),))
    return _round_vp(state, p, "federation formed")


@functools.lru_cache(maxsize=32)
def upgrade_paths(faction: str) -> Mapping[str, tuple[str, ...]]:
    """What each building replaces for a faction (the Bescods swap institute and
    academies: a trading station becomes an academy, a lab the institute).  Engine
    ruling: every building keeps the board's cost, and an academy still takes a tech
    tile.  Remembered per faction (every upgrade candidate asks)."""
    return MappingProxyType({**UPGRADES_FROM, **dict(hooks(faction).upgrades_from)})


@functools.lru_cache(maxsize=1024)
def _charge_zone(sectors: tuple[tuple[str, int, int, int], ...], hx: str) -> frozenset[str]:
    """The names of the map hexes at most 2 from ``hx`` (a map's log name): the
    structures there are offered power when one is placed or upgraded on ``hx``."""
    m = _space_map(sectors)
    return frozenset(m.name(h) for h in m.within(m.hex(hx), 2))


def _offer_charges(state: GPState, builder: int, hx: str, first: bool = False) -> GPState:
    """The charges a structure placed or upgraded on ``hx`` offers, in table order from
    the builder; queued after the pending decisions, or before them (``first``: during
    another decision, the Itars' tech tiles in the Gaia phase)."""
    zone = _charge_zone(state.setup.sectors, hx)
    offers = []
    for seat in seats_in_order(builder, state.players):
        p = state.seats[seat]
        near = [(h, b) for h, b in p.buildings if h in zone]
        bonus = value_bonus(state, p) if near else {}
        best = max((power_value(p, b) + bonus.get(h, 0) for h, b in near), default=0)
        room = pw.chargeable(p.bowls)
        if hooks(p.faction).pi_token_with_charge and p.count("PI"):
            room = pw.chargeable(pw.gain_tokens(p.bowls, 1))  # the token first
        amount = min(best, room, p.vp + 1)
        if amount > 0:
            offers.append(Task("charge", seat, (amount,)))
    if first:
        return evolve(state, pending=tuple(offers) + state.pending)
    return evolve(state, pending=state.pending + tuple(offers))


# -- research and tech tiles ----------------------------------------------------------


def _up(state: GPState, seat: int, track: str, turn: _Turn) -> tuple[GPState, list[Event]]:
    if track not in RESEARCH_TRACKS:
        raise Refusal("research.unknown", f"No research area {track}.", "gp.action.research")
    p = state.seats[seat]
    level = p.level(track)
    h = hooks(p.faction)
    if track == "navigation" and h.navigation_needs_pi and not p.count("PI"):
        raise Refusal("research.navigation_locked", f"The {_name(p.faction)} advance in "
                      "navigation only once their institute is built.", h.pi_rule)
    if level >= 5:
        raise Refusal("research.top", f"The {track} track is at level 5.",
                      "gp.action.research")
    events = []
    if level == 4:
        if any(o.level(track) == 5 for o in state.seats):
            raise Refusal("research.level5_taken", f"Another player is at level 5 of "
                          f"{track}.", "gp.research.level5_one")
        toks = list(p.fed_tokens)
        green = [i for i, (t, flipped) in enumerate(toks)
                 if not flipped and _c().federation_token(t).green]
        if not green:
            raise Refusal("research.level5_token", "Level 5 needs a green federation token "
                          "to turn over.", "gp.research.level5_token")
        toks[green[0]] = (toks[green[0]][0], True)
        p = evolve(p, fed_tokens=tuple(toks))
    if track == "navigation" and level + 1 == 5:
        turn.follow.insert(0, ("lost", None))
    if turn.judging and turn.stone is None:
        return state, []  # the step's gains refuse nothing without a brainstone choice
    research = list(p.research)
    research[RESEARCH_TRACKS.index(track)] = level + 1
    p = evolve(p, research=tuple(research)).gained(track)
    code = TRACK_CODES[track]
    lv = _c().research(track).levels[level + 1]
    p = _gain_in_turn(p, lv.once, code, turn)
    if turn.judging:
        return state, []
    if lv.per:
        p = gain(p, _scaled(lv.per_gain, _per(state, p, lv.per)), code)
    if track == "terraforming" and level + 1 == 5:
        fed = state.setup.terraforming_federation
        if not any(o.level("terraforming") == 5 for i, o in enumerate(state.seats)
                   if i != seat):
            p = _take_token(state, p, fed)
    p = _round_vp(state, p, "research level advanced")
    p = _tile_triggers(p, "up")
    events.append(_ev("research", f"{_name(p.faction)} advance {track} to level "
                      f"{level + 1}.", seat, "gp.action.research"))
    return state.with_seat(seat, p), events


def _take_tech(state: GPState, turn: _Turn, position: str) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    p = state.seats[seat]
    tile = dict(state.setup.techs).get(position)
    if tile is None:
        raise Refusal("tech.unknown", f"No tech tile space {position}.",
                      "gp.action.upgrade_tech")
    if tile in [t for _, t, _ in p.techs]:
        raise Refusal("tech.duplicate", f"The {_name(p.faction)} already have {tile}.",
                      "gp.tech.no_duplicate")
    t = _c().tech(tile)
    if t.advanced:
        track = CODE_TRACK[position[4:]]
        if any(tile in [x for _, x, _ in o.techs] for o in state.seats):
            raise Refusal("tech.taken", f"{tile} is taken.", "gp.tech.advanced")
        if p.level(track) < 4:
            raise Refusal("tech.advanced_level", f"An advanced tile needs level 4 of "
                          f"{track}.", "gp.tech.advanced")
        toks = list(p.fed_tokens)
        green = [i for i, (x, flipped) in enumerate(toks)
                 if not flipped and _c().federation_token(x).green]
        if not green:
            raise Refusal("tech.advanced_token", "An advanced tile needs a green federation "
                          "token to turn over.", "gp.tech.advanced")
        toks[green[0]] = (toks[green[0]][0], True)
        p = evolve(p, fed_tokens=tuple(toks))
        turn.follow[0:0] = [("cover", None), ("up", ())]
        source = position
    else:
        source = f"tech-{position}"
        area = CODE_TRACK.get(position)
        turn.follow.insert(0, ("up", (area,) if area else ()))
    p = evolve(p, techs=p.techs + ((position, tile, False),)).gained(tile)
    if t.kind == "immediate":
        p = gain(p, t.gain, source)
        if t.per:
            p = gain(p, _scaled(t.per_gain, _per(state, p, t.per)), source)
    return state.with_seat(seat, p), [_ev("tech", f"{_name(p.faction)} take {tile} from "
                                          f"{position}.", seat, "gp.action.upgrade_tech")]


# -- board and special actions ------------------------------------------------------------


def _board_action(state: GPState, turn: _Turn, name: str) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    try:
        a = _c().board_action(name)
    except KeyError:
        raise Refusal("action.unknown", f"No action space {name}.",
                      "gp.action.board") from None
    if name in state.board_used:
        raise Refusal("action.used", f"{name} is already taken this round.",
                      "gp.action.once_per_round")
    p = state.seats[seat]
    lost = _lost_at_cap(p, a.gain)
    if lost:
        raise Refusal("action.capped", f"{name} gives only {a.gain}, all lost at the cap "
                      f"({lost}).", "gp.income.caps")
    if a.kind == "power":
        p = _spend_power(p, a.cost, f"{name}", turn)
    else:
        p = _pay(p, Resources(qic=a.cost), name, "gp.action.board")
    if name == "power2":
        turn.follow.append(("mine", (2, 0)))
    elif name == "power6":
        turn.follow.append(("mine", (1, 0)))
    elif name == "qic1":
        turn.follow.append(("tech", None))
    elif name == "qic2":
        turn.follow.append(("fedtile", None))
    if turn.judging:
        return state, []
    p = gain(p, a.gain, name)
    if a.per:
        p = gain(p, _scaled(a.per_gain, _per(state, p, a.per)), name)
    state = evolve(state.with_seat(seat, p), board_used=state.board_used + (name,))
    return state, [_ev("action", f"{_name(p.faction)} take {name}.", seat, "gp.action.board")]


def _lost_at_cap(p: PlayerState, r: Resources) -> str:
    """The caps that swallow the whole of ``r`` (``"15 ore"``), or ``""`` if any of it
    counts."""
    items = r.items()
    if not items or any(n not in CAPS or getattr(p, n) < CAPS[n] for n, _ in items):
        return ""
    return ", ".join(f"{CAPS[n]} {n}" for n, _ in items)


def special_actions(p: PlayerState) -> list[tuple[str, Resources, str]]:
    """A player's special actions: ``(key, what it gives, log name)``; the key marks it
    used for the round."""
    c = _c()
    sources: list[tuple[str, Resources, str]] = []
    if p.booster and c.booster(p.booster).action:
        kind = "range+3" if p.booster == "booster5" else "step"
        sources.append(("booster", Resources(), kind))
    for pos, tile, covered in p.techs:
        t = c.tech(tile)
        if not covered and t.kind == "action":
            sources.append((pos, t.action, _rewards_text(t.action)))
    if p.count("ac2"):
        action = hooks(p.faction).ac2_action
        sources.append(("ac2", action, _rewards_text(action)))
    h = hooks(p.faction)
    if h.special and (p.count("PI") or not h.special_needs_pi):
        sources.append(("faction", Resources(), h.special))
    return sources


def _special(state: GPState, turn: _Turn, cmd: Special) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    p = state.seats[seat]
    text = ",".join(str(r) for r in cmd.rewards)
    wanted = reward_set(cmd.rewards)
    sources = [s for s in special_actions(p) if reward_set(s[2]) == wanted]
    for key, got, label in sources:
        if key in p.used:
            continue
        lost = _lost_at_cap(p, got)
        if lost:
            raise Refusal("special.capped", f"The special action {label} gives only {got}, "
                          f"all lost at the cap ({lost}).", "gp.income.caps")
        p = evolve(p, used=p.used + (key,))
        p = _gain_in_turn(p, got, key, turn)
        if label == "range+3":
            turn.follow.append(("mine", (0, 3)))
        elif label == "step":
            turn.follow.append(("mine", (1, 0)))
        elif key == "faction":
            return _faction_special(state.with_seat(seat, p), turn, label)
        if turn.judging:
            return state, []
        return state.with_seat(seat, p), [_ev("special", f"{_name(p.faction)} use their "
                                              f"special action ({label}).", seat,
                                              "gp.action.special")]
    if sources:
        raise Refusal("special.used", f"The special action {text} is used this round.",
                      "gp.action.once_per_round")
    raise Refusal("special.unknown", f"The {_name(p.faction)} have no special action "
                  f"{text}.", "gp.action.special")


def _faction_special(state: GPState, turn: _Turn, label: str
                     ) -> tuple[GPState, list[Event]]:
    """A faction's own special action: what it needs and the follow-up it asks for."""
    seat = turn.seat
    p = state.seats[seat]
    rule = hooks(p.faction).special_rule
    if label == "down-lab":
        if not p.count("lab"):
            raise Refusal("special.no_lab", f"The {_name(p.faction)} have no research lab to "
                          "downgrade.", rule)
        if p.count("ts") >= _structure("trading_station").count:
            raise Refusal("special.no_ts_left", "No trading station is left to put in the "
                          "lab's place.", rule)
        turn.follow[0:0] = [("downlab", None), ("up", ())]
    elif label == "swap-PI":
        if not p.count("m"):
            raise Refusal("special.no_mine", f"The {_name(p.faction)} have no mine to swap "
                          "with.", rule)
        turn.follow.insert(0, ("swap", None))
    elif label == "space-station":
        turn.follow.insert(0, ("station", None))
    elif label == "up-lowest":
        low = min(p.research)
        tracks = tuple(t for t, lv in zip(RESEARCH_TRACKS, p.research, strict=True)
                       if lv == low)
        if low >= 5:
            raise Refusal("special.no_lowest", "Every research area is at level 5.", rule)
        turn.follow.insert(0, ("up", ("lowest",) + tracks))
    return state, [_ev("special", f"{_name(p.faction)} use their special action "
                       f"({label}).", seat, rule)]


def _downgrade_lab(state: GPState, turn: _Turn, cmd: Build) -> tuple[GPState, list[Event]]:
    """Firaks: a research lab becomes a trading station.  Engine ruling (the reference
    implementation's): the new trading station scores like one built (round tile and
    tech tiles), no power is offered to neighbours, and the lab's tech tile stays."""
    seat = turn.seat
    hx = _hex(state, cmd.hex)
    p = state.seats[seat]
    rule = "gp.faction.firaks.pi"
    if cmd.building != "ts" or p.building_at(hx) != "lab":
        raise Refusal("special.downgrade", f"The downgrade turns a research lab into a "
                      f"trading station ('build ts <hex of a lab>'); {hx} holds "
                      f"{p.building_at(hx) or 'nothing of theirs'}.", rule)
    p = p.with_building(hx, "ts").gained("ts")
    p = _round_vp(state, p, "trading station built")
    p = _tile_triggers(p, "ts")
    return state.with_seat(seat, p), [
        _ev("build.downgrade", f"{_name(p.faction)} downgrade the research lab on {hx} to a "
            "trading station.", seat, rule)]


def _space_station(state: GPState, turn: _Turn, cmd: Build) -> tuple[GPState, list[Event]]:
    """Ivits: a space station on empty space within range (Q.I.C. extend it as for a
    mine).  It extends their range and counts 1 in federations; no power is offered.
    Engine ruling: it may not go on a hex holding one of their own satellites (another
    player's satellite may share the hex, as satellites of several players do), and like
    a mine it joins a federation it touches."""
    seat = turn.seat
    hx = _hex(state, cmd.hex)
    p = state.seats[seat]
    rule = "gp.faction.ivits.pi"
    if cmd.building != "sp":
        raise Refusal("special.station", "The action places a space station "
                      "('build sp <hex>').", rule)
    if state.planet(hx) is not None:
        raise Refusal("special.station_planet", f"{hx} is a planet; a space station goes on "
                      "empty space.", rule)
    if state.owner(hx) is not None or any(hx in fed for fed in p.federations):
        raise Refusal("special.station_taken", f"{hx} already holds a space station or a "
                      "satellite of theirs.", rule)
    qic = _range_cost(state, p, hx, 0)
    p = _pay(p, Resources(qic=qic), "Reaching the hex", "gp.range.qic")
    if turn.judging:
        return state, []
    p = p.with_building(hx, "sp")
    p = _join_federation(state, p, hx)
    return state.with_seat(seat, p), [
        _ev("build.station", f"{_name(p.faction)} place a space station on {hx}.", seat,
            rule)]


def _swap_pi(state: GPState, turn: _Turn, cmd: SwapPI) -> tuple[GPState, list[Event]]:
    """Ambas: the institute and one of their mines change places (no power is offered)."""
    seat = turn.seat
    hx = _hex(state, cmd.hex)
    p = state.seats[seat]
    rule = "gp.faction.ambas.pi"
    if p.building_at(hx) != "m":
        raise Refusal("special.swap", f"The institute swaps with a mine; {hx} holds "
                      f"{p.building_at(hx) or 'nothing of theirs'}.", rule)
    pi = next(h for h, b in p.buildings if b == "PI")
    p = p.with_building(hx, "PI").with_building(pi, "m")
    return state.with_seat(seat, p), [
        _ev("build.swap", f"{_name(p.faction)} swap their institute on {pi} with the mine "
            f"on {hx}.", seat, rule)]


def _rewards_text(r: Resources) -> str:
    short = {"credits": "c", "ore": "o", "knowledge": "k", "qic": "q", "vp": "vp",
             "power_tokens": "t", "charge_power": "pw"}
    return ",".join(f"{'' if n == 1 else n}{short[k]}" for k, n in r.items())


@dataclass(frozen=True)
class FederationSetting:
    """What the federation rules need to know of one player."""

    structures: dict[Hex, str]
    others: list[frozenset[Hex]]
    blocked: frozenset[Hex]
    values: dict[str, int]
    threshold: int
    bonus: tuple[tuple[Hex, int], ...] = ()
    """Power value added to single structures (Bescods' institute)."""


def federation_setting(state: GPState, seat: int) -> FederationSetting:
    """A player's structures (the Lost Planet counts as a mine), earlier federations,
    the hexes others hold (not their space stations: a satellite may share a hex with
    one, as the public engine allows), the power values (tech3) and the threshold."""
    p = state.seats[seat]
    m = state.space_map
    return FederationSetting(
        {m.hex(h): ("m" if b == "lp" else b) for h, b in p.buildings},
        [frozenset(m.hex(h) for h in fed) for fed in p.federations],
        frozenset(m.hex(h) for i, o in enumerate(state.seats) if i != seat
                  for h, b in o.buildings if b != "sp"),
        dict(fedmod.power_values(big_buildings=4 if "tech3" in p.tech_ids() else 3)),
        fedmod.federation_threshold(p.faction, has_pi=bool(p.count("PI")),
                                    federations_formed=len(p.federations)),
        tuple(sorted((m.hex(h), n) for h, n in value_bonus(state, p).items())))


@functools.lru_cache(maxsize=4096)
def _check_federation(sectors: tuple[tuple[str, int, int, int], ...],
                      structures: tuple[tuple[Hex, str], ...], satellites: frozenset[Hex],
                      chosen: frozenset[Hex], others: tuple[frozenset[Hex], ...],
                      blocked: frozenset[Hex], values: tuple[tuple[str, int], ...],
                      threshold: int, tokens: int,
                      bonus: tuple[tuple[Hex, int], ...] = (),
                      flexible: bool = False) -> FederationCheck:
    """:func:`.federation.check_federation` on hashable inputs, remembered (equal
    positions reached again, as a replay or another listing does, ask the same)."""
    from gaia_lab.games.gaia_project.state import _space_map

    return fedmod.check_federation(_space_map(sectors), dict(structures), satellites, chosen,
                                   list(others), blocked, dict(values), threshold,
                                   value_bonus=dict(bonus) or None, max_satellites=tokens,
                                   flexible=flexible)


@dataclass(frozen=True, slots=True)
class _FederationPosition:
    """A player's :func:`federation_setting` with what every federation line of the
    position derives from it: found once per position (a listing tries hundreds)."""

    setting: FederationSetting
    structures: tuple[tuple[Hex, str], ...]
    """``setting.structures``, sorted."""
    values: tuple[tuple[str, int], ...]
    """``setting.values``, sorted."""
    free: frozenset[Hex]
    """The structures with a power value in no earlier federation."""
    links: Callable[[Iterable[Hex]], frozenset[Hex]]
    """The ``free`` structures linked to some hexes (:func:`.federation.structure_links`)."""
    bordering: bool
    """Whether one of the ``free`` structures touches an earlier federation (a line's
    hexes may then link up a structure that no new federation may take in)."""
    lines: dict[tuple[str, ...], _FederationLine] = field(
        default_factory=dict, compare=False, repr=False)
    """The federation lines read and checked at this position, by the hexes they name (a
    listing tries each one once per federation token)."""


@dataclass(frozen=True, slots=True, eq=False)
class _FederationLine:
    """A federation line's hexes read and checked at one position; two are equal when
    they name the same hexes and satellites and check alike."""

    names: tuple[str, ...]
    """The log names of its structures and satellites, sorted (the Ivits: those new to
    their federation)."""
    satellites: int
    found: FederationCheck | tuple[FederationOption, int, bool]
    """Its check, or for a federation a listing found (legal by construction) the
    option, threshold and flexible rule :func:`.federation.listed_check` makes the check
    from, made only when read (a listing finds hundreds; judging reads only
    :attr:`legal`)."""

    @property
    def legal(self) -> bool:
        """Whether the federation may be formed."""
        found = self.found
        return not isinstance(found, FederationCheck) or found.legal

    @property
    def check(self) -> FederationCheck:
        """The check of the federation."""
        found = self.found
        if isinstance(found, FederationCheck):
            return found
        option, threshold, flexible = found
        return fedmod.listed_check(option, threshold, flexible=flexible)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _FederationLine) and self.names == other.names
                and self.satellites == other.satellites and self.check == other.check)

    __hash__ = None  # type: ignore[assignment]


class _Same:
    """A state compared by identity: a cache key that needs no hashing of the state (the
    cache holds the key, so the identity is never reused while it is cached)."""

    __slots__ = ("state",)

    def __init__(self, state: GPState) -> None:
        self.state = state

    def __hash__(self) -> int:
        return id(self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.state is self.state


@functools.lru_cache(maxsize=8)
def _federation_position(position: _Same, seat: int) -> _FederationPosition:
    f = federation_setting(position.state, seat)
    taken = frozenset(h for fed in f.others for h in fed)
    free = frozenset(h for h, kind in f.structures.items()
                     if f.values.get(kind, 0) > 0 and h not in taken)
    return _FederationPosition(f, tuple(sorted(f.structures.items())),
                               tuple(sorted(f.values.items())), free,
                               fedmod.structure_links(position.state.space_map, free),
                               bool(taken) and any(not taken.isdisjoint(h.neighbors())
                                                   for h in free))


def _federation_hexes(state: GPState, f: _FederationPosition, names: Sequence[str]
                      ) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The structures and satellites of a federation line.  A line may name only its
    satellites: the player's structures they link up (those with a power value and in no
    earlier federation) are part of it, since no touching structure may be left out."""
    m = state.space_map
    hexes = frozenset(m.hex(h) for h in names)
    chosen = frozenset(h for h in hexes if h in f.setting.structures)
    satellites = hexes - chosen
    if satellites:
        chosen |= f.links(hexes)
    return chosen, satellites


def accept_listed_federations(state: GPState, seat: int,
                              options: Iterable[tuple[tuple[str, ...], FederationOption]]
                              ) -> None:
    """Take the federations a listing of the position found (``federation_options`` of
    the player's :func:`federation_setting`, with their power tokens at most, each with
    the log names of its hexes in their order) as their
    lines' checks: each is built to pass every check (:func:`.federation.listed_check`,
    made only when read), so the lines naming them are not searched again.  Only when a
    line reads the same
    structures from its hexes (see :func:`_federation_hexes`: those its satellites link
    up, in no earlier federation, may include one next to an earlier federation, which
    the check then refuses)."""
    position = _federation_position(_Same(state), seat)
    f, lines = position.setting, position.lines
    flexible = state.setup.flexible_federations
    for names, option in options:
        if names in lines or (option.satellites and position.bordering
                              and not position.links(option.hexes) <= option.structures):
            continue
        lines[names] = _FederationLine(names, len(option.satellites),
                                       (option, f.threshold, flexible))


def federation_tokens_left(state: GPState) -> frozenset[str]:
    """The federation tokens left to take: the only part of a federation line its token
    decides before the line is played out (the token's reward and the round's VP for it
    refuse nothing), so :func:`turn_lines_legal` judges the rest of a federation once for
    every token.

    >>> sorted(federation_tokens_left(new_game(2, DEEP_MIND_2_SETUP)))
    ['fed1', 'fed2', 'fed3', 'fed4', 'fed5', 'fed6']
    """
    return frozenset(token for token, left in state.fed_supply if left > 0)


def _federation(state: GPState, seat: int, cmd: Federation, turn: _Turn | None = None
                ) -> tuple[GPState, list[Event]]:
    p = state.seats[seat]
    position = _federation_position(_Same(state), seat)
    line = position.lines.get(cmd.hexes)
    names = [] if line is not None else [_hex(state, h) for h in cmd.hexes]
    if cmd.token not in federation_tokens_left(state):
        raise Refusal("federation.token", f"No {cmd.token} token is left.",
                      "gp.action.federation")
    if hooks(p.faction).one_federation:
        return _one_federation(state, seat, cmd, names, position, turn)
    if line is None:
        line = position.lines[cmd.hexes] = _federation_line(state, seat, position, names)
    if not line.legal:
        v = line.check.verdict
        raise Refusal(f"federation.{v.code}", v.message,
                      v.rule.id if v.rule else "gp.action.federation")
    n = line.satellites
    _check_satellite_supply(p, n)
    if pw.tokens(p.bowls) < n:
        raise Refusal("federation.tokens", f"{n} satellites need as many "
                      "power tokens.", "gp.federation.satellites")
    if turn is not None and turn.judging:
        # the tokens taken and the token's reward and the round's VP refuse nothing
        _tokens_taken(p, n, cmd.using, turn, False, "federation", f"{n} satellites",
                      "gp.federation.satellites")
        return state, []
    p = _take_tokens(p, n, cmd.using, turn, False, "federation", f"{n} satellites",
                     "gp.federation.satellites")
    p = evolve(p, satellites=p.satellites + n, federations=p.federations + (line.names,))
    p = _take_token(state, p, cmd.token)
    supply = dict(state.fed_supply)
    supply[cmd.token] -= 1
    seats = list(state.seats)
    seats[seat] = p
    state = evolve(state, seats=tuple(seats), fed_supply=tuple(sorted(supply.items())))
    return state, [_ev("federation", f"{_name(p.faction)} form a federation of "
                       f"{', '.join(line.names)} and take {cmd.token}.", seat,
                       "gp.action.federation")]


def _federation_line(state: GPState, seat: int, position: _FederationPosition,
                     names: Sequence[str]) -> _FederationLine:
    """Read the hexes of a federation line (their log names) and check the federation."""
    m = state.space_map
    f = position.setting
    chosen, satellites = _federation_hexes(state, position, names)
    check = _check_federation(state.setup.sectors, position.structures,
                              satellites, chosen, tuple(f.others), f.blocked,
                              position.values, f.threshold,
                              pw.tokens(state.seats[seat].bowls), f.bonus,
                              state.setup.flexible_federations)
    return _FederationLine(tuple(sorted(m.name(h) for h in chosen | satellites)),
                           len(satellites), check)


def _check_satellite_supply(p: PlayerState, n: int) -> None:
    """Refuse a federation needing more satellites than the player has left."""
    left = SATELLITES - p.satellites
    if n > left:
        raise Refusal("federation.satellite_supply",
                      f"The federation needs {n} satellites; the {_name(p.faction)} have "
                      f"{left} of their {SATELLITES} left ({p.satellites} placed).",
                      "gp.federation.satellites")


def check_one_federation(state: GPState, seat: int, names: Sequence[str]) -> FederationCheck:
    """The Ivits' growing federation: the hexes named (those already in it may be named
    too) extend it; 7 power value per federation formed, satellites paid in Q.I.C."""
    p = state.seats[seat]
    m = state.space_map
    f = federation_setting(state, seat)
    base = frozenset(m.hex(h) for fed in p.federations for h in fed)
    new = frozenset(m.hex(h) for h in names) - base
    chosen = frozenset(h for h in new if h in f.structures)
    return fedmod.check_ivits_federation(m, f.structures, new - chosen, chosen, base,
                                         f.blocked, f.values, len(p.federations),
                                         max_satellites=p.qic)


def _one_federation(state: GPState, seat: int, cmd: Federation, names: list[str],
                    position: _FederationPosition, turn: _Turn | None = None
                    ) -> tuple[GPState, list[Event]]:
    """The Ivits' federation line (``names``: the log names of its hexes, unless the
    position has checked the line already)."""
    p = state.seats[seat]
    if cmd.using is not None:
        raise Refusal("federation.using", f"The {_name(p.faction)} pay their satellites with "
                      "Q.I.C., not power tokens.", "gp.faction.ivits")
    line = position.lines.get(cmd.hexes)
    if line is None:
        base = {h for fed in p.federations for h in fed}
        new = tuple(sorted(set(names) - base))
        structures = {h for h, _ in p.buildings}
        line = position.lines[cmd.hexes] = _FederationLine(
            new, sum(h not in structures for h in new), check_one_federation(state, seat, names))
    if not line.legal:
        v = line.check.verdict
        raise Refusal(f"federation.{v.code}", v.message,
                      v.rule.id if v.rule else "gp.faction.ivits")
    new, n = line.names, line.satellites
    _check_satellite_supply(p, n)
    p = _pay(p, Resources(qic=n), f"{n} satellites", "gp.faction.ivits")
    if turn is not None and turn.judging:
        return state, []  # the token's reward and the round's VP refuse nothing
    p = evolve(p, satellites=p.satellites + n, federations=p.federations + (new,))
    p = _take_token(state, p, cmd.token)
    supply = dict(state.fed_supply)
    supply[cmd.token] -= 1
    state = evolve(state.with_seat(seat, p), fed_supply=tuple(sorted(supply.items())))
    what = (f"extend their federation by {', '.join(new)} and take {cmd.token}." if new
            else f"take {cmd.token}: their federation has grown to the next threshold.")
    return state, [_ev("federation", f"{_name(p.faction)} {what}", seat, "gp.faction.ivits")]


def lost_planet_spots(state: GPState, seat: int) -> dict[str, bool]:
    """Whether :func:`_lost_planet` lets the player place the Lost Planet on each hex of
    the map (by log name): empty space with no structure, in range with the Q.I.C. the
    player holds.  One table judges every hex a listing offers (see
    :func:`turn_lines_legal`); the command itself stays the rule's one judge.

    >>> s = new_game(2, DEEP_MIND_2_SETUP)
    >>> s = evolve(s, seats=(s.seats[0].with_building("5A4", "m"), s.seats[1]))
    >>> spots = lost_planet_spots(s, 0)
    >>> spots["5A4"], spots["5A5"], sum(spots.values())
    (False, True, 6)
    """
    p = state.seats[seat]
    distance = structure_distances(state, p)
    reach = _c().board.range_by_level[p.level("navigation")] + 2 * p.qic
    taken = {h for o in state.seats for h, _ in o.buildings}
    space = _empty_space(state.setup.sectors)
    return {name: d <= reach and name in space and name not in taken
            and name not in state.gaia_hexes for name, d in distance.items()}


@functools.lru_cache(maxsize=16)
def _empty_space(sectors: tuple[tuple[str, int, int, int], ...]) -> frozenset[str]:
    """The log names of the map's hexes with no planet."""
    m = _space_map(sectors)
    return frozenset(m.name(h) for h in m if m.planet(h) is None)


def _lost_planet(state: GPState, turn: _Turn, cmd: LostPlanet) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    hx = _hex(state, cmd.hex)
    p = state.seats[seat]
    if state.planet(hx) is not None or state.owner(hx) is not None:
        raise Refusal("lost.not_space", f"{hx} is not empty space.", "gp.action.research")
    qic = _range_cost(state, p, hx, 0)
    if qic:
        p = _pay(p, Resources(qic=qic), "Reaching the hex", "gp.range.qic")
    turn.built.append(hx)
    if turn.judging:
        return state, []
    p = _new_type_gain(state, p, "lost")
    p = p.with_building(hx, "lp")
    p = _join_federation(state, p, hx)
    p = _round_vp(state, p, "mine built")
    p = _tile_triggers(p, "mine")
    return state.with_seat(seat, p), [_ev("lost_planet", f"{_name(p.faction)} place the "
                                          f"Lost Planet on {hx}.", seat,
                                          "gp.action.research")]


def _pass(state: GPState, turn: _Turn, cmd: Pass) -> tuple[GPState, list[Event]]:
    seat = turn.seat
    p = state.seats[seat]
    c = _c()
    last = state.round >= ROUNDS
    if last and cmd.booster:
        raise Refusal("pass.last_round", "No booster is taken in the last round.",
                      "gp.pass.last_round")
    if not last and not cmd.booster:
        raise Refusal("pass.booster", "Passing takes a new booster: one of "
                      f"{', '.join(sorted(state.boosters))}.", "gp.pass.booster")
    if cmd.booster and cmd.booster == p.booster:
        raise Refusal("pass.same_booster", f"{cmd.booster} is the booster being returned; "
                      "passing takes another one.", "gp.pass.no_repeat")
    if cmd.booster and cmd.booster not in state.boosters:
        raise Refusal("pass.booster_unavailable", f"{cmd.booster} is not in the supply; "
                      f"it holds {', '.join(sorted(state.boosters))}.", "gp.pass.booster")
    if turn.judging:
        return state, []
    boosters = list(state.boosters)
    if p.booster:
        b = c.booster(p.booster)
        if b.pass_vp_per:
            p = p.add_vp(b.pass_vp * _per(state, p, b.pass_vp_per), p.booster)
    for pos, tile, covered in p.techs:
        t = c.tech(tile)
        if not covered and t.kind == "on_pass":
            p = gain(p, _scaled(t.per_gain, _per(state, p, t.per)), pos)
    if cmd.booster:
        boosters.remove(cmd.booster)
        if p.booster:
            boosters.append(p.booster)
    p = evolve(p, passed=True, booster=cmd.booster)
    state = evolve(state.with_seat(seat, p), boosters=tuple(boosters),
                   pass_order=state.pass_order + (seat,))
    return state, [_ev("pass", f"{_name(p.faction)} pass"
                       + (f", taking {cmd.booster}." if cmd.booster else "."), seat,
                       "gp.action.pass")]

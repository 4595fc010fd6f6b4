"""The move-log notation of recorded games: one line per turn, read into structured moves.

A line is ``<actor> <command>[. <command>]*``: the actor is a faction (``terrans``) or,
before factions are chosen, a seat (``p1``); the commands of one turn are separated by
a full stop followed by a space.  The first line of a log is ``init <players> <seed>``.

===================================  ================================================
``init 4 deep-mind-2``               players and the seed that drew the setup
``setup final sector satellite``     a setup chance step: what was drawn (``Draw``)
``p1 faction terrans``               a seat chooses its faction
``p4 rotate 0x0 5 -1x8 2``           sector rotations (centre hex, turns)
``p1 bid terrans 6``                 a bid in a faction auction
``build m 1B5``                      build (or upgrade to) ``m ts lab PI ac1 ac2 gf sp``
``booster booster5``                 take a round booster during setup
``up nav``                           advance one research level
``tech free1`` / ``tech adv-nav``    take the tech tile of a space
``cover terra``                      cover a standard tile with an advanced one
``action power3`` / ``action qic1``  a power or Q.I.C. action
``special 4pw`` / ``special q``      a special action, named by what it gives
``spend 3pw for 1o``                 a free action: pay, then get
``burn 2``                           burn power
``charge 2pw`` / ``decline 2pw``     accept or refuse a power charge
``income 2pw``                       take one income item (when the order matters)
``federation 1A5,1B3 fed4``          form a federation of these hexes, take a token
``fedtile fed4``                     the token a Q.I.C. action scores again
``lostPlanet 4B5``                   place the Lost Planet
``swap-PI 4A10``                     swap the planetary institute with a mine
``brainstone area3``                 where the brainstone goes
``pass booster2`` / ``pass``         pass, taking a booster (none in round 6)
===================================  ================================================

>>> move = parse_move("nevlas spend 3pw for 1o. build ac2 3B4. tech nav. up nav.")
>>> move.actor, [c.verb for c in move.commands]
('nevlas', ['spend', 'build', 'tech', 'up'])
>>> move.commands[1]
Build(building='ac2', hex='3B4', using=None)
>>> str(move)
'nevlas spend 3pw for 1o. build ac2 3B4. tech nav. up nav'

Hex names are kept as written; :meth:`~gaia_lab.games.gaia_project.map.SpaceMap.hex`
turns them into coordinates.  Annotations a recording program adds (power bowls in
brackets, ``returning booster8``) are skipped; ``using area1: 1, area2: 2`` after a Gaia
project or a federation says which bowls gave the power tokens, and is kept:

>>> normalise("terrans up gaia (1 ⇒ 2) (4/4/0/0 ⇒ 7/4/0/0)")
'terrans up gaia'
>>> normalise("baltaks build gf 10A3 using area1: 1, area2: 2. (1/3/2/0 ⇒ 0/1/2/3)")
'baltaks build gf 10A3 using area1: 1, area2: 2'
>>> parse_move("xenos build xx 2A1")
Traceback (most recent call last):
...
gaia_lab.games.gaia_project.notation.LogNotationError: column 13: unknown building 'xx' \
(known: m, ts, lab, PI, ac1, ac2, gf, sp) in 'xenos build xx 2A1'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import ClassVar, Final, TypeAlias

from gaia_lab.core.checks import notation_text
from gaia_lab.core.errors import NotationError
from gaia_lab.core.values import slot_init
from gaia_lab.games.gaia_project.components import (
    ADVANCED_POSITIONS,
    FACTION_IDS,
    TECH_POSITIONS,
    TRACK_CODES,
)

__all__ = [
    "BUILDINGS",
    "DRAW_PARTS",
    "REWARD_CODES",
    "Action",
    "Bid",
    "Booster",
    "Brainstone",
    "Build",
    "Burn",
    "Charge",
    "ChooseFaction",
    "Command",
    "Cover",
    "Draw",
    "Decline",
    "FedTile",
    "Federation",
    "Income",
    "Init",
    "LogNotationError",
    "LostPlanet",
    "Move",
    "Pass",
    "Reward",
    "Rotate",
    "Special",
    "Spend",
    "SwapPI",
    "Tech",
    "Up",
    "format_move",
    "normalise",
    "parse_log",
    "parse_listed",
    "parse_move",
    "parse_rewards",
    "reward_set",
]

BUILDINGS: Final = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")
"""Mine, trading station, research lab, planetary institute, the two academies,
Gaiaformer and (Ivits) space station."""

REWARD_CODES: Final = (
    "o", "c", "k", "q", "pw", "t", "tg", "t->tg", "t-a3", "vp", "d", "r", "gf",
    "space-station", "down-lab", "up-terra", "up-nav", "up-int", "up-gaia", "up-eco",
    "up-sci", "up-lowest", "up-0", "tech", "fed", "step", "range", "swap-PI", "turn",
)
"""What a reward names: ore, credits, knowledge, Q.I.C., power charged (``pw``), power
tokens (``t``), tokens in the Gaia area (``tg``), tokens of bowl III (``t-a3``), VP,
and the named effects of special actions (``step``, ``range``, ``up-lowest``...)."""

TRACKS: Final = tuple(TRACK_CODES.values())
BRAINSTONE_AREAS: Final = ("area1", "area2", "area3", "gaia", "discard")

_REWARD = re.compile(
    r"^(?:range\+(\d+)|(\d*)("
    + "|".join(re.escape(c) for c in sorted(REWARD_CODES, key=len, reverse=True))
    + r"))$"
)
_LOCATION = re.compile(r"^(?:\d+(?:C|B[0-5]|A(?:1[01]|[0-9]))|-?\d+x-?\d+)$")
_SEAT = re.compile(r"^p[1-5]$")
_BOOSTER = re.compile(r"^booster(?:10|[1-9])$")
_FED = re.compile(r"^(?:fed[1-6]|gleens)$")
_BOARD_ACTION = re.compile(r"^(?:power[1-7]|qic[1-3])$")
_INT = re.compile(r"^\d+$")
_USING = re.compile(r"^(?:area[123]\s*:\s*\d+(?:\s*,\s*area[123]\s*:\s*\d+)*"
                    r"(?:\s*,\s*brainstone\s*:\s*1)?|brainstone\s*:\s*1)$")
_USING_PART = re.compile(r"area([123])\s*:\s*(\d+)")
_SEED = re.compile(r"^[^\s]+$")
MAX_COUNT: Final = 999
"""The largest number the notation takes (an amount, a bid, turns, tokens, players)."""
_CACHED_LENGTH: Final = 400
"""Lines up to this length are remembered by the parser (every real line is shorter)."""


def _count(digits: str) -> int:
    """A written count, refused (ValueError naming the range) above :data:`MAX_COUNT`."""
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        raise ValueError(f"{digits[:12]}{'...' if len(digits) > 12 else ''} is out of "
                         f"range (0 to {MAX_COUNT})")
    return int(digits)


class LogNotationError(NotationError):
    """A move-log line that cannot be read: the line, the 1-based column and the reason."""

    def __init__(self, text: str, column: int, message: str, line: int | None = None) -> None:
        self.text = text
        self.column = column
        self.line = line
        self.reason = message
        where = f"line {line}, " if line is not None else ""
        super().__init__(f"{where}column {column}: {message} in {text!r}")


# ---------------------------------------------------------------------------
# Rewards


@slot_init
@dataclass(frozen=True, slots=True)
class Reward:
    """An amount of something: ``3pw``, ``q`` (one, count unwritten), ``range+3``.

    >>> parse_rewards("q,5c")
    (Reward(count=None, code='q'), Reward(count=5, code='c'))
    >>> str(Reward(3, "range")), Reward(None, "q").amount
    ('range+3', 1)
    """

    count: int | None
    """The written count, or None when the text gives none (meaning one)."""
    code: str
    """One of :data:`REWARD_CODES`."""

    @property
    def amount(self) -> int:
        """The count, one when unwritten."""
        return 1 if self.count is None else self.count

    def __str__(self) -> str:
        if self.code == "range":
            return f"range+{self.amount}"
        return f"{'' if self.count is None else self.count}{self.code}"


def parse_rewards(text: str) -> tuple[Reward, ...]:
    """Read a comma-separated list of rewards; raises ValueError naming the bad one."""
    out = []
    for part in text.split(","):
        m = _REWARD.match(part)
        if not m:
            raise ValueError(f"not a reward: {part!r}")
        if m.group(1) is not None:
            out.append(Reward(_count(m.group(1)), "range"))
        else:
            out.append(Reward(_count(m.group(2)) if m.group(2) else None, m.group(3)))
    return tuple(out)


def reward_set(rewards: str | Iterable[Reward]) -> tuple[str, ...]:
    """A list of rewards as the set it names (its items sorted): the order a line writes
    them in does not change the action.

    >>> reward_set("q,5c") == reward_set(parse_rewards("5c,q"))
    True
    """
    items = rewards.split(",") if isinstance(rewards, str) else (str(r) for r in rewards)
    return tuple(sorted(items))


def _rewards_text(rewards: Iterable[Reward]) -> str:
    return ",".join(str(r) for r in rewards)


# ---------------------------------------------------------------------------
# Commands


@slot_init
@dataclass(frozen=True, slots=True)
class Init:
    """``init <players> <seed>``: the first line of a log."""

    verb: ClassVar[str] = "init"
    players: int
    seed: str

    def __str__(self) -> str:
        return f"init {self.players} {self.seed}"


@slot_init
@dataclass(frozen=True, slots=True)
class Draw:
    """``setup <part> <values>``: what a setup chance step drew (actor ``setup``).

    The parts, in the order they are drawn, are :data:`DRAW_PARTS`: ``map`` (one
    ``<sector>/<turns>@<QxR>`` per slot), ``techs`` (the nine standard tiles in
    tech-space order), ``advanced`` (six tiles in advanced-space order),
    ``federation`` (the token on Terraforming 5), ``round`` (six round scoring tiles),
    ``final`` (two final scoring tiles) and ``boosters``.
    """

    verb: ClassVar[str] = "draw"
    part: str
    values: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join((self.part, *self.values))


DRAW_PARTS: Final = ("map", "techs", "advanced", "federation", "round", "final", "boosters")
"""The setup chance steps, in the order they are drawn."""


@slot_init
@dataclass(frozen=True, slots=True)
class ChooseFaction:
    """``faction <name>``: a seat chooses its faction."""

    verb: ClassVar[str] = "faction"
    faction: str

    def __str__(self) -> str:
        return f"faction {self.faction}"


@slot_init
@dataclass(frozen=True, slots=True)
class Rotate:
    """``rotate (<QxR> <turns>)+``: turn sectors, each named by its centre hex."""

    verb: ClassVar[str] = "rotate"
    turns: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "rotate " + " ".join(f"{h} {n}" for h, n in self.turns)


@slot_init
@dataclass(frozen=True, slots=True)
class Bid:
    """``bid <faction> <vp>``: a bid in a faction auction."""

    verb: ClassVar[str] = "bid"
    faction: str
    amount: int

    def __str__(self) -> str:
        return f"bid {self.faction} {self.amount}"


Using = tuple[int, int, int]
"""Power tokens taken from bowls I, II and III."""


def format_using(using: Using | None) -> str:
    """The ``using area1: a, area2: b`` clause of a Gaia project or a federation ("" when
    the default order is meant).

    >>> format_using((1, 2, 0))
    ' using area1: 1, area2: 2'
    >>> format_using(None)
    ''
    """
    if using is None:
        return ""
    parts = [f"area{i + 1}: {n}" for i, n in enumerate(using) if n]
    return " using " + ", ".join(parts) if parts else ""


@slot_init
@dataclass(frozen=True, slots=True)
class Build:
    """``build <building> <hex>``: build a mine or Gaiaformer, or upgrade to the building."""

    verb: ClassVar[str] = "build"
    building: str
    hex: str
    using: Using | None = None
    """For a Gaiaformer: how many power tokens come from bowls I, II and III (unwritten:
    bowl I first, then II, then III)."""

    @property
    def is_upgrade(self) -> bool:
        """Whether the building replaces one already there (setup placements aside)."""
        return self.building in ("ts", "lab", "PI", "ac1", "ac2")

    def __str__(self) -> str:
        return f"build {self.building} {self.hex}{format_using(self.using)}"


@slot_init
@dataclass(frozen=True, slots=True)
class LostPlanet:
    """``lostPlanet <hex>``: place the Lost Planet (Navigation level 5)."""

    verb: ClassVar[str] = "lostPlanet"
    hex: str

    def __str__(self) -> str:
        return f"lostPlanet {self.hex}"


@slot_init
@dataclass(frozen=True, slots=True)
class SwapPI:
    """``swap-PI <hex>``: move the planetary institute to this mine (Ambas)."""

    verb: ClassVar[str] = "swap-PI"
    hex: str

    def __str__(self) -> str:
        return f"swap-PI {self.hex}"


@slot_init
@dataclass(frozen=True, slots=True)
class Booster:
    """``booster <id>``: take a round booster during setup."""

    verb: ClassVar[str] = "booster"
    booster: str

    def __str__(self) -> str:
        return f"booster {self.booster}"


@slot_init
@dataclass(frozen=True, slots=True)
class Pass:
    """``pass [<booster>]``: pass, taking a new booster (none in the last round)."""

    verb: ClassVar[str] = "pass"
    booster: str | None = None

    def __str__(self) -> str:
        return "pass" if self.booster is None else f"pass {self.booster}"


@slot_init
@dataclass(frozen=True, slots=True)
class Up:
    """``up <track>``: advance one level in a research area."""

    verb: ClassVar[str] = "up"
    track: str

    def __str__(self) -> str:
        return f"up {self.track}"


@slot_init
@dataclass(frozen=True, slots=True)
class Tech:
    """``tech <space>``: take the tech tile of a standard or advanced space."""

    verb: ClassVar[str] = "tech"
    position: str

    @property
    def advanced(self) -> bool:
        """Whether the space holds an advanced tile."""
        return self.position.startswith("adv-")

    def __str__(self) -> str:
        return f"tech {self.position}"


@slot_init
@dataclass(frozen=True, slots=True)
class Cover:
    """``cover <space>``: the standard tile an advanced tile covers."""

    verb: ClassVar[str] = "cover"
    position: str

    def __str__(self) -> str:
        return f"cover {self.position}"


@slot_init
@dataclass(frozen=True, slots=True)
class FedTile:
    """``fedtile <token>``: the federation token chosen (Q.I.C. action rescoring)."""

    verb: ClassVar[str] = "fedtile"
    token: str

    def __str__(self) -> str:
        return f"fedtile {self.token}"


@slot_init
@dataclass(frozen=True, slots=True)
class Federation:
    """``federation <hex>,<hex>,…,<hex> <token>``: form a federation of these hexes
    (buildings and satellites) and take a token."""

    verb: ClassVar[str] = "federation"
    hexes: tuple[str, ...]
    token: str
    using: Using | None = None
    """How many of the satellites' power tokens come from bowls I, II and III (unwritten:
    bowl I first, then II, then III)."""

    def __str__(self) -> str:
        return f"federation {','.join(self.hexes)} {self.token}{format_using(self.using)}"


@slot_init
@dataclass(frozen=True, slots=True)
class Action:
    """``action <id>``: a power (``power1``..``power7``) or Q.I.C. (``qic1``..) action."""

    verb: ClassVar[str] = "action"
    action: str

    def __str__(self) -> str:
        return f"action {self.action}"


@slot_init
@dataclass(frozen=True, slots=True)
class Special:
    """``special <rewards>``: a special action, named by what it gives."""

    verb: ClassVar[str] = "special"
    rewards: tuple[Reward, ...]

    def __str__(self) -> str:
        return f"special {_rewards_text(self.rewards)}"


@slot_init
@dataclass(frozen=True, slots=True)
class Spend:
    """``spend <cost> for <gain>``: a free action."""

    verb: ClassVar[str] = "spend"
    cost: tuple[Reward, ...]
    gain: tuple[Reward, ...]

    def __str__(self) -> str:
        return f"spend {_rewards_text(self.cost)} for {_rewards_text(self.gain)}"


@slot_init
@dataclass(frozen=True, slots=True)
class Burn:
    """``burn <n>``: burn ``n`` power."""

    verb: ClassVar[str] = "burn"
    amount: int

    def __str__(self) -> str:
        return f"burn {self.amount}"


@slot_init
@dataclass(frozen=True, slots=True)
class Charge:
    """``charge <n>pw``: accept a power charge offered by another player's building."""

    verb: ClassVar[str] = "charge"
    offer: tuple[Reward, ...] = ()

    def __str__(self) -> str:
        return f"charge {_rewards_text(self.offer)}".rstrip()


@slot_init
@dataclass(frozen=True, slots=True)
class Decline:
    """``decline <n>pw``: refuse an offered power charge; ``decline up``: leave out the
    free research step a tile or an ability gives.

    >>> parse_move("terrans tech gaia. decline up").commands[1]
    Decline(offer=(), what='up')
    """

    verb: ClassVar[str] = "decline"
    offer: tuple[Reward, ...] = ()
    what: str = ""
    """``up`` for a research step, else empty (a charge, or the Itars' choice)."""

    def __str__(self) -> str:
        if self.what:
            return f"decline {self.what}"
        return f"decline {_rewards_text(self.offer)}".rstrip()


@slot_init
@dataclass(frozen=True, slots=True)
class Income:
    """``income <reward>``: take one income item when the order of income matters."""

    verb: ClassVar[str] = "income"
    rewards: tuple[Reward, ...]

    def __str__(self) -> str:
        return f"income {_rewards_text(self.rewards)}"


@slot_init
@dataclass(frozen=True, slots=True)
class Brainstone:
    """``brainstone <area>``: where the brainstone goes (Taklons)."""

    verb: ClassVar[str] = "brainstone"
    area: str

    def __str__(self) -> str:
        return f"brainstone {self.area}"


Command: TypeAlias = (
    Init | Draw | ChooseFaction | Rotate | Bid | Build | LostPlanet | SwapPI | Booster | Pass | Up
    | Tech | Cover | FedTile | Federation | Action | Special | Spend | Burn | Charge
    | Decline | Income | Brainstone
)


@slot_init
@dataclass(frozen=True, slots=True)
class Move:
    """One log line: who acts (None for ``init``) and the commands of the turn."""

    actor: str | None
    commands: tuple[Command, ...]

    def __str__(self) -> str:
        body = ". ".join(str(c) for c in self.commands)
        return body if self.actor is None else f"{self.actor} {body}"


# ---------------------------------------------------------------------------
# Tokens


@slot_init
@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    column: int
    """1-based column in the original line."""


_SKIP = re.compile(
    r"\s+"                                  # spaces
    r"|\([^()]*\)"                          # a bracketed annotation
    r"|returning\s+booster\d+"              # the booster given back on passing
    r"|[^\s.()]+\s*⇒\s*[^\s.()]+"           # a stand-alone 'before ⇒ after' pair
)
_WORD = re.compile(r"(?:[^\s.()⇒]|\.(?=[^\s.]))+")
_SEP = re.compile(r"\.(?=[\s.]|$)")


def _tokenise(text: str) -> list[_Token]:
    """Words and command separators (text ``"."``), with annotations dropped."""
    out: list[_Token] = []
    i = 0
    while i < len(text):
        m = _SKIP.match(text, i)
        if m and m.end() > i:
            i = m.end()
            continue
        m = _SEP.match(text, i)
        if m:
            out.append(_Token(".", i + 1))
            i = m.end()
            continue
        m = _WORD.match(text, i)
        if m and m.end() > i:
            out.append(_Token(m.group(), i + 1))
            i = m.end()
            continue
        raise LogNotationError(text, i + 1, f"unexpected character {text[i]!r}")
    return out


def normalise(text: str) -> str:
    """The line as :func:`format_move` writes it: annotations dropped, single spaces,
    commands joined by a full stop and a space, no final full stop.

    >>> normalise("  terrans   build ts 3A11.  ")
    'terrans build ts 3A11'
    """
    groups: list[list[str]] = [[]]
    for token in _tokenise(text):
        if token.text == ".":
            groups.append([])
        else:
            groups[-1].append(token.text)
    parts = [" ".join(g) for g in groups if g]
    if not parts:
        return ""
    head, *rest = parts
    return ". ".join([head, *rest])


# ---------------------------------------------------------------------------
# Parsing


class _Reader:
    """The argument tokens of one command."""

    def __init__(self, text: str, verb: _Token, args: list[_Token]) -> None:
        self.text = text
        self.verb = verb
        self.args = args

    def fail(self, token: _Token | None, message: str) -> LogNotationError:
        column = token.column if token is not None else (
            (self.args[-1] if self.args else self.verb).column
            + len((self.args[-1] if self.args else self.verb).text)
        )
        return LogNotationError(self.text, column, message)

    def count(self, low: int, high: int, usage: str) -> None:
        n = len(self.args)
        if n < low:
            raise self.fail(None, f"{self.verb.text!r} needs {usage}")
        if n > high:
            raise self.fail(self.args[high], f"{self.verb.text!r} takes only {usage}")

    def match(self, i: int, pattern: re.Pattern[str], what: str) -> str:
        token = self.args[i]
        if not pattern.match(token.text):
            raise self.fail(token, f"not {what}: {token.text!r}")
        return token.text

    def one_of(self, i: int, options: Iterable[str], what: str) -> str:
        token = self.args[i]
        known = tuple(options)
        if token.text not in known:
            raise self.fail(token, f"unknown {what} {token.text!r} (known: {', '.join(known)})")
        return token.text

    def integer(self, i: int) -> int:
        token = self.args[i]
        digits = self.match(i, _INT, "a whole number")
        try:
            return _count(digits)
        except ValueError as exc:
            raise self.fail(token, f"the number {exc}") from None

    def using(self, i: int) -> Using:
        """``using area1: 1, area2: 2``: the tokens from each bowl (``args[i]`` is
        ``using``; it must end the command).  A closing ``brainstone: 1`` (the public
        engine's note that the Taklons' brainstone was one of the tokens) adds nothing:
        the rules take the brainstone when the other tokens do not suffice, and the
        bowls' count must then match."""
        rest = self.args[i + 1:]
        text = " ".join(t.text for t in rest)
        if not _USING.match(text):
            raise self.fail(rest[0] if rest else None,
                            "'using' needs 'area<1-3>: <tokens>' joined by commas")
        amounts = [0, 0, 0]
        for area, n in _USING_PART.findall(text):
            if amounts[int(area) - 1]:
                raise self.fail(rest[0], f"area{area} is named twice")
            try:
                amounts[int(area) - 1] = _count(n)
            except ValueError as exc:
                raise self.fail(rest[0], f"the tokens of area{area}: {exc}") from None
        return (amounts[0], amounts[1], amounts[2])

    def rewards(self, i: int) -> tuple[Reward, ...]:
        token = self.args[i]
        try:
            return parse_rewards(token.text)
        except ValueError as exc:
            raise self.fail(token, str(exc)) from None


def _command(r: _Reader) -> Command:
    verb = r.verb.text
    if verb == "faction":
        r.count(1, 1, "a faction")
        return ChooseFaction(r.one_of(0, FACTION_IDS, "faction"))
    if verb == "rotate":
        if not r.args or len(r.args) % 2:
            raise r.fail(None, "'rotate' needs pairs of a centre hex and a number of turns")
        return Rotate(tuple(
            (r.match(i, _LOCATION, "a hex"), r.integer(i + 1)) for i in range(0, len(r.args), 2)
        ))
    if verb == "bid":
        r.count(2, 2, "a faction and an amount")
        return Bid(r.one_of(0, FACTION_IDS, "faction"), r.integer(1))
    if verb == "build":
        if len(r.args) > 2 and r.args[2].text == "using":
            building = r.one_of(0, ("gf",), "building with a 'using' clause")
            return Build(building, r.match(1, _LOCATION, "a hex"), r.using(2))
        r.count(2, 2, "a building and a hex")
        return Build(r.one_of(0, BUILDINGS, "building"), r.match(1, _LOCATION, "a hex"))
    if verb == "lostPlanet":
        r.count(1, 1, "a hex")
        return LostPlanet(r.match(0, _LOCATION, "a hex"))
    if verb == "swap-PI":
        r.count(1, 1, "a hex")
        return SwapPI(r.match(0, _LOCATION, "a hex"))
    if verb == "booster":
        r.count(1, 1, "a booster")
        return Booster(r.match(0, _BOOSTER, "a booster (booster1..booster10)"))
    if verb == "pass":
        r.count(0, 1, "an optional booster")
        return Pass(r.match(0, _BOOSTER, "a booster (booster1..booster10)") if r.args else None)
    if verb == "up":
        r.count(1, 1, "a research area")
        return Up(r.one_of(0, TRACKS, "research area"))
    if verb == "tech":
        r.count(1, 1, "a tech tile space")
        return Tech(r.one_of(0, TECH_POSITIONS + ADVANCED_POSITIONS, "tech tile space"))
    if verb == "cover":
        r.count(1, 1, "a standard tech tile space")
        return Cover(r.one_of(0, TECH_POSITIONS, "tech tile space"))
    if verb == "fedtile":
        r.count(1, 1, "a federation token")
        return FedTile(r.match(0, _FED, "a federation token (fed1..fed6, gleens)"))
    if verb == "federation":
        using = r.using(2) if len(r.args) > 2 and r.args[2].text == "using" else None
        if using is not None:
            r.args = r.args[:2]
        r.count(2, 2, "hexes joined by commas and a federation token")
        hexes = r.args[0].text.split(",")
        for h in hexes:
            if not _LOCATION.match(h):
                raise r.fail(r.args[0], f"not a hex: {h!r}")
        return Federation(tuple(hexes), r.match(1, _FED, "a federation token (fed1..fed6)"),
                          using)
    if verb == "action":
        r.count(1, 1, "a board action")
        return Action(r.match(0, _BOARD_ACTION, "a board action (power1..power7, qic1..qic3)"))
    if verb == "special":
        r.count(1, 1, "what the action gives")
        return Special(r.rewards(0))
    if verb == "spend":
        r.count(3, 3, "'<cost> for <gain>'")
        if r.args[1].text != "for":
            raise r.fail(r.args[1], f"expected 'for', not {r.args[1].text!r}")
        return Spend(r.rewards(0), r.rewards(2))
    if verb == "burn":
        r.count(1, 1, "an amount")
        return Burn(r.integer(0))
    if verb == "decline" and len(r.args) == 1 and r.args[0].text == "up":
        return Decline((), "up")
    if verb in ("charge", "decline"):
        r.count(0, 1, "the power offered")
        offer = r.rewards(0) if r.args else ()
        return Charge(offer) if verb == "charge" else Decline(offer)
    if verb == "income":
        r.count(1, 1, "an income item")
        return Income(r.rewards(0))
    if verb == "brainstone":
        r.count(1, 1, "an area")
        return Brainstone(r.one_of(0, BRAINSTONE_AREAS, "brainstone area"))
    known = ("faction rotate bid build lostPlanet swap-PI booster pass up tech cover fedtile "
             "federation action special spend burn charge decline income brainstone")
    raise r.fail(r.verb, f"unknown command {verb!r} (known: {', '.join(known.split())})")


def parse_move(text: str) -> Move:
    """Read one log line.

    Raises :class:`LogNotationError` (a
    :class:`~gaia_lab.core.errors.NotationError`) with the column of the fault.

    >>> parse_move("init 4 deep-mind-2")
    Move(actor=None, commands=(Init(players=4, seed='deep-mind-2'),))
    >>> parse_move("p1 faction terrans").commands
    (ChooseFaction(faction='terrans'),)
    >>> parse_move("terrans spend 1pw for 1c. pass booster9").commands[0]
    Spend(cost=(Reward(count=1, code='pw'),), gain=(Reward(count=1, code='c'),))
    >>> parse_move("nevlas up sci.. up eco")
    Traceback (most recent call last):
    ...
    gaia_lab.games.gaia_project.notation.LogNotationError: column 15: empty command \
in 'nevlas up sci.. up eco'
    """
    text = notation_text(text, "Gaia Project")
    return _parse_cached(text) if len(text) <= _CACHED_LENGTH else _parse(text)


@functools.lru_cache(maxsize=1 << 16)
def _parse_cached(text: str) -> Move:
    return _parse(text)


def _parse(text: str) -> Move:
    tokens = _tokenise(text)
    if not tokens or tokens[0].text == ".":
        column = 1 if not tokens else len(text) - len(text.lstrip()) + 1
        raise LogNotationError(text, column, "empty line" if not tokens else "no actor")
    first = tokens[0]
    if first.text == "init":
        args = [t for t in tokens[1:] if t.text != "."]
        seps = [t for t in tokens[1:-1] if t.text == "."]
        if len(args) != 2 or seps or not _INT.match(args[0].text):
            column = args[0].column if args else first.column + 4
            raise LogNotationError(text, column, "expected 'init <players> <seed>'")
        try:
            players = _count(args[0].text)
        except ValueError as exc:
            raise LogNotationError(text, args[0].column, f"the players {exc}") from None
        return Move(None, (Init(players, args[1].text),))
    if first.text == "setup":
        args = [t for t in tokens[1:] if t.text != "."]
        if not args or args[0].text not in DRAW_PARTS:
            column = args[0].column if args else first.column + 6
            raise LogNotationError(text, column, "expected 'setup <part> <values>' with a "
                                   f"part of {', '.join(DRAW_PARTS)}")
        if len(args) < 2 or len(args) < len(tokens) - 1 - (tokens[-1].text == "."):
            raise LogNotationError(text, args[0].column,
                                   "expected 'setup <part> <values>' (one command)")
        return Move("setup", (Draw(args[0].text, tuple(t.text for t in args[1:])),))
    actor = first.text
    if not (_SEAT.match(actor) or actor in FACTION_IDS):
        raise LogNotationError(text, first.column,
                               f"unknown actor {actor!r} (a faction, or p1..p5 in setup)")
    commands: list[Command] = []
    group: list[_Token] = []
    ended_at = first.column + len(actor)

    def flush(at: int) -> None:
        if not group:
            raise LogNotationError(text, at, "empty command")
        commands.append(_command(_Reader(text, group[0], group[1:])))
        group.clear()

    rest = tokens[1:]
    for i, token in enumerate(rest):
        if token.text == ".":
            if i == len(rest) - 1 and group:
                break  # a final full stop ends the turn
            flush(token.column)
            ended_at = token.column + 1
        else:
            group.append(token)
            ended_at = token.column + len(token.text)
    if group or not commands:
        flush(ended_at)
    return Move(actor, tuple(commands))


_LISTED_ONE: Final[dict[str, Callable[[str], Command]]] = {
    "faction": ChooseFaction, "lostPlanet": LostPlanet, "swap-PI": SwapPI,
    "booster": Booster, "up": Up, "tech": Tech, "cover": Cover, "fedtile": FedTile,
    "action": Action, "brainstone": Brainstone,
}
"""The commands of one word whose word is kept as it is written."""


@functools.lru_cache(maxsize=1024)
def _listed_rewards(text: str) -> tuple[Reward, ...]:
    return parse_rewards(text)


def _listed_command(words: list[str]) -> Command | None:
    """The command of a listed line's part (``None`` when the part is not in the plain
    form this reads: :func:`parse_move` then reads it)."""
    verb, args = words[0], words[1:]
    n = len(args)
    if verb == "federation" and n == 2:  # first: most listed lines are federations
        return Federation(tuple(args[0].split(",")), args[1])
    if n == 1 and verb in _LISTED_ONE:
        return _LISTED_ONE[verb](args[0])
    if verb == "build" and n == 2 and args[0] in BUILDINGS:
        return Build(args[0], args[1])
    if verb == "spend" and n == 3 and args[1] == "for":
        return Spend(_listed_rewards(args[0]), _listed_rewards(args[2]))
    if verb == "pass" and n <= 1:
        return Pass(args[0] if n else None)
    if verb == "special" and n == 1:
        return Special(_listed_rewards(args[0]))
    if verb == "burn" and n == 1 and args[0].isdigit() and len(args[0]) < 4:
        return Burn(int(args[0]))
    if verb == "decline" and args == ["up"]:
        return Decline((), "up")
    if verb in ("charge", "decline") and n <= 1:
        offer = _listed_rewards(args[0]) if n else ()
        return Charge(offer) if verb == "charge" else Decline(offer)
    if verb == "income" and n == 1:
        return Income(_listed_rewards(args[0]))
    return None


@functools.lru_cache(maxsize=1 << 14)
def parse_listed(text: str) -> Move:
    """The move of a candidate line the engine wrote itself, read without tokens.

    Such a line is an actor, then commands joined by a full stop and a space, single
    spaces, no annotation; the move is the one :func:`parse_move` reads from it, made
    without its tokens and checks, and any other line goes to :func:`parse_move`.
    Remembered by text, like :func:`parse_move`: the same lines come back turn after turn.

    >>> line = "terrans spend 3pw for 1o. build m 2A1"
    >>> parse_listed(line) == parse_move(line)
    True
    """
    actor, _, body = text.partition(" ")
    commands = []
    for part in body.split(". "):
        command = _listed_command(part.split(" "))
        if command is None:
            return parse_move(text)
        commands.append(command)
    return Move(actor, tuple(commands))


def format_move(move: Move) -> str:
    """The normalised text of a move (``str(move)``).

    >>> format_move(parse_move("hadsch-hallas federation 1A1,1A2,7C fed1."))
    'hadsch-hallas federation 1A1,1A2,7C fed1'
    """
    return str(move)


def parse_log(lines: Iterable[str]) -> list[Move]:
    """Read every line of a log; an error names the 1-based line number.

    >>> [str(m) for m in parse_log(["init 2 demo", "p1 faction gleens"])]
    ['init 2 demo', 'p1 faction gleens']
    >>> parse_log(["init 2 demo", "p1 fly away"])
    Traceback (most recent call last):
    ...
    gaia_lab.games.gaia_project.notation.LogNotationError: line 2, column 4: unknown \
command 'fly' (known: faction, rotate, bid, build, lostPlanet, swap-PI, booster, pass, up, \
tech, cover, fedtile, federation, action, special, spend, burn, charge, decline, income, \
brainstone) in 'p1 fly away'
    """
    out = []
    for number, line in enumerate(lines, start=1):
        try:
            out.append(parse_move(line))
        except LogNotationError as exc:
            raise LogNotationError(exc.text, exc.column, exc.reason, number) from None
    return out

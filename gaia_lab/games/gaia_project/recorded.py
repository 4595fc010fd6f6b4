"""Real Gaia Project games recorded on another engine, shipped as data.

Each is a JSON document with the game's options, its fixed setup, the move log in
the recording engine's notation, and the final VP by player and by source.

>>> RECORDED_GAMES
('deep-mind-2', 'JaeggaFun04', 'voyager-6')
>>> recorded_game("deep-mind-2")["game"]
'deep-mind-2'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from gaia_lab.core.checks import short
from gaia_lab.core.codec import read_json
from gaia_lab.core.errors import (
    GaiaLabError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
)
from gaia_lab.core.options import OptionError
from gaia_lab.core.values import evolve
from gaia_lab.games.gaia_project.components import load_components
from gaia_lab.games.gaia_project.faction_variants import VARIANTS, variant_entry, variant_name
from gaia_lab.games.gaia_project.map import MIRRORED, mirrored
from gaia_lab.games.gaia_project.seeded_setup import FACTION_ORDER, draw, map_configuration
from gaia_lab.games.gaia_project.state import Setup, _space_map

FOLDER = Path(__file__).resolve().parent / "data" / "recorded"
RECORDED_GAMES: tuple[str, ...] = ("deep-mind-2", "JaeggaFun04", "voyager-6")
"""Complete recorded games (move log and final scores), four players each: together
they play nine of the fourteen factions."""


def recorded_game(name: str) -> dict[str, Any]:
    """The recorded game ``name`` as a JSON document.

    >>> recorded_game("chess")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: no recorded game 'chess'; recorded: deep-mind-2, \
JaeggaFun04, voyager-6
    """
    if not isinstance(name, str) or name not in RECORDED_GAMES:
        raise GaiaLabError(f"no recorded game {short(name)}; recorded: "
                           f"{', '.join(RECORDED_GAMES)}")
    return _read(f"{name}.json")


def setups_and_scores() -> dict[str, Any]:
    """Setups and final scores of further recorded games (no move logs)."""
    return _read("setups_and_scores.json")


def _read(file: str) -> dict[str, Any]:
    path = FOLDER / file
    data: dict[str, Any] = read_json(path.read_text(encoding="utf-8"), str(path))
    return data


# -- logs of boardgamers.space, from the log alone --------------------------------------

SUPPORTED_OPTIONS: Final = {
    "layout": "the map layout: standard, balanced (the standard slots) or xshape",
    "map": "a map given by its sectors (and mirror), as the public engine stores it",
    "advancedRules": "the last player turns sectors before factions (the rotate line)",
    "randomFactions": "each seat's faction drawn from the seed",
    "noFedCheck": "the public engine lists no federations (the lines are checked here)",
    "flexibleFederations": "a federation may use more satellites than the fewest to leave "
                           "out a structure of the player (gp.federation.minimal)",
    "factionVariant": "standard, or a variant with its faction values (see factions.json)",
    "factionVariantVersion": "the version of the faction variant",
    "creator": "the seat that created the game (no effect on play)",
    "auction": "factions auctioned for VP: choose-bid or bid-while-choosing (bid lines)",
    "customBoardSetup": "the creator sets tiles, boosters and sectors (set lines)",
}
"""The engine options a log may carry, each with what it does here; any other option
that is set is refused up front with its name."""

LAYOUTS: Final = ("standard", "balanced", "xshape")
AUCTIONS: Final = ("choose-bid", "bid-while-choosing")

_END_TURN: Final = re.compile(r"\.\s*endturn\s*(\(.*\))?\s*$")
"""The public engine's explicit end of a turn (``... . endturn``), which a line's end
already is here: it is dropped (with the bowls note that may follow it kept)."""

_LAST_PASS: Final = re.compile(r"\bpass undefined\b")
"""A pass of the last round as the public engine writes it when no booster is taken
(``pass undefined``): a plain ``pass``."""


@dataclass(frozen=True, slots=True)
class RecordedLog:
    """A boardgamers.space log read and checked before any line is played: the seat
    count and seed of its ``init`` line, the engine options, the setup (recorded, or
    drawn from the seed) and the lines to play (``lines[0]`` is the ``init`` line)."""

    players: int
    seed: str
    options: Mapping[str, Any]
    setup: Setup
    lines: tuple[str, ...]
    random_factions: tuple[str, ...] = ()
    rotation: str = ""
    """The ``rotate`` line of the advanced rules, applied to the setup ("" if none)."""
    auction: Auction | None = None
    """The faction auction the log's first lines play, if the game has one."""
    board: int = 1
    """The index of the first line after the board setup (the creator's ``set`` lines,
    the ``rotate`` line), which the setup holds."""

    def engine_order(self, values: Sequence[int]) -> tuple[int, ...]:
        """Per-seat values listed by the log's players (``p1`` first): after an auction
        seat ``k`` here is the player who won the ``k``-th faction chosen."""
        if self.auction is None:
            return tuple(values)
        return tuple(values[self.auction.seats.index(i)] for i in range(self.players))


@dataclass(frozen=True, slots=True)
class Auction:
    """What a faction auction settled: the factions in the order first chosen (which is
    the table order after it), the log's player who won each (``0`` for ``p1``), the VP
    each bid, and the lines the auction took (from the first faction line)."""

    factions: tuple[str, ...]
    seats: tuple[int, ...]
    bids: tuple[int, ...]
    first: int
    """Index in the log of the auction's first line."""
    end: int
    """Index in the log of the first line after it."""


def read_log(data: object) -> RecordedLog:
    """Read a log of boardgamers.space in any of its forms: a recorded game
    (``moves``, ``options`` and, if known, ``seeded_setup``), the public engine's own
    saved game (``moveHistory``, ``options``), or the plain text of the log (one move a
    line).  Without a ``seeded_setup`` the setup is drawn from the ``init`` line's seed
    and the options as that engine draws it
    (:func:`~gaia_lab.games.gaia_project.seeded_setup.draw`).

    :raises InvalidStateError: every problem at once, naming the field or line: no
        ``init`` line, a seat count out of 2-4, an option that cannot be replayed
        (named), a malformed setup or ``rotate`` line.

    >>> log = read_log("init 3 TNG-6\\np1 faction baltaks")
    >>> log.players, log.seed, log.setup.terraforming_federation, log.lines[1]
    (3, 'TNG-6', 'fed5', 'p1 faction baltaks')
    >>> read_log({"moveHistory": ["init 4 s"], "options": {"frontiers": True}})
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.InvalidStateError: from_bgs: options: frontiers is not supported \
(supported: layout, map, advancedRules, ...)
    """
    from gaia_lab.games.gaia_project.game import read_setup

    source = "from_bgs"
    if isinstance(data, str):
        text = data.strip()
        if text.startswith("{"):
            data = read_json(text, source)
        else:
            data = {"moves": [line.strip() for line in text.splitlines() if line.strip()]}
    if not isinstance(data, Mapping):
        raise InvalidStateError("a recorded game is a JSON object or the text of a log",
                                source)
    problems: list[str] = []
    key = "moves" if "moves" in data or "moveHistory" not in data else "moveHistory"
    moves = data.get(key)
    if (not isinstance(moves, list) or not moves
            or not all(isinstance(m, str) for m in moves)):
        problems.append(f"{key}: a list of log lines, starting with 'init'")
        moves = []
    options = data.get("options") or {}
    if not isinstance(options, Mapping):
        problems.append("options: expected an object")
        options = {}
    problems.extend(_option_problems(options))
    players, seed = 0, ""
    if moves:
        words = moves[0].split()
        if not words or words[0] != "init":
            problems.append(f"line 1 {short(moves[0])}: a recorded game starts with "
                            "'init <players> <seed>'")
        else:
            try:
                players = int(words[1]) if len(words) > 1 else 2
            except ValueError:
                problems.append(f"line 1 {short(moves[0])}: the seat count is a number")
            seed = words[2] if len(words) > 2 else "defaultSeed"
            if players and not 2 <= players <= 4:
                problems.append(f"line 1: {players} players; Gaia Project is for 2-4")
                players = 0
    if problems:
        raise InvalidStateError(problems, source)
    drawn = draw(players, seed, options)
    raw_setup = data.get("seeded_setup")
    setup: Setup | None = None
    try:
        setup = read_setup(drawn.setup if raw_setup is None else raw_setup)
    except OptionError as exc:
        problems.append("seeded_setup: not a recorded setup (the sectors, tiles and "
                        f"boosters the seed drew): {exc}")
    if setup is not None and not setup.faction_variant:
        setup = evolve(setup, faction_variant=variant_name(
            options.get("factionVariant"), options.get("factionVariantVersion")))
    lines = tuple(moves)
    rotation = ""
    board = 1  # the index of the first line after the board setup
    if setup is not None and options.get("customBoardSetup") and not problems:
        try:
            setup, board = custom_board(lines, players, options, setup)
        except GaiaLabError as exc:
            problems.append(str(exc))
    chooser = int(options.get("creator") or 0) + 1 if options.get("customBoardSetup") \
        else players
    if setup is not None and len(lines) > board and " rotate " in f" {lines[board]} ":
        rotation = lines[board]
        try:
            setup = rotated(setup, players, lines[board], options, chooser)
        except GaiaLabError as exc:
            problems.append(f"line {board + 1} {lines[board]!r}: {exc}")
        board += 1
    elif (options.get("advancedRules") or options.get("customBoardSetup")) \
            and len(lines) > board:
        problems.append(f"line {board + 1} {lines[board]!r}: p{chooser} first turns "
                        f"sectors ('p{chooser} rotate ...', possibly with none) "
                        "[gp.setup.sectors_34]")
    if setup is not None and not problems:
        problems.extend(_variant_problems(lines, players, setup, drawn.random_factions))
    auction = None
    if setup is not None and not problems and options.get("auction"):
        try:
            auction = settle_auction(lines, board, players,
                                     str(options["auction"]), drawn.random_factions)
        except GaiaLabError as exc:
            problems.append(str(exc))
        else:
            setup = evolve(setup, bids=auction.bids)
    if setup is not None and options.get("flexibleFederations"):
        setup = evolve(setup, flexible_federations=True)
    if problems or setup is None:
        raise InvalidStateError(problems, source)
    return RecordedLog(players, seed, options, setup, lines, drawn.random_factions,
                       rotation, auction, board)


_SET_PARTS: Final = ("booster", "techTile", "advTechTile", "terraformingFederation",
                     "roundScoringTile", "finalScoringTile", "mapTile")
"""The parts the creator sets with ``customBoardSetup``, in the order they are set."""


def custom_board(lines: Sequence[str], players: int, options: Mapping[str, Any],
                 drawn: Setup) -> tuple[Setup, int]:
    """The setup the creator chooses with ``customBoardSetup``: one ``pN set <part>
    <place> to <choice>`` line each for the boosters (players + 3), the nine standard and
    six advanced tech tiles, the federation token on Terraforming 5, six round and two
    final scoring tiles and the sectors (placed unturned in the layout's own order, as
    the public engine places them); the index of the line after them.

    :raises GaiaLabError: naming the line, the part due and what may be chosen.
    """
    from gaia_lab.games.gaia_project.components import ADVANCED_POSITIONS, TECH_POSITIONS

    rule = "gp.setup.boosters"
    who = f"p{int(options.get('creator') or 0) + 1}"
    c = load_components()
    config = c.map_configuration(map_configuration(players, str(options.get("layout")
                                                                or "standard")))
    pools: dict[str, tuple[str, ...]] = {
        "booster": tuple(b.id for b in c.boosters),
        "techTile": tuple(t.id for t in c.techs if not t.advanced),
        "advTechTile": tuple(t.id for t in c.techs if t.advanced),
        "terraformingFederation": tuple(t.id for t in c.federation_tokens
                                        if t.id != "gleens"),
        "roundScoringTile": tuple(t.id for t in c.round_scoring),
        "finalScoringTile": tuple(t.id for t in c.final_scoring),
        "mapTile": config.sectors,
    }
    places: dict[str, tuple[str, ...]] = {
        "booster": tuple(map(str, range(1, players + 4))), "techTile": TECH_POSITIONS,
        "advTechTile": ADVANCED_POSITIONS, "terraformingFederation": ("1",),
        "roundScoringTile": tuple(map(str, range(1, 7))),
        "finalScoringTile": ("1", "2"),
        "mapTile": tuple(map(str, range(1, len(config.sectors) + 1))),
    }
    chosen: dict[str, list[str]] = {part: [] for part in _SET_PARTS}
    i = 1
    for part in _SET_PARTS:
        for place in places[part]:
            words = lines[i].split() if i < len(lines) else []
            where = f"line {i + 1} {lines[i]!r}" if i < len(lines) else f"line {i + 1}"
            left = [x for x in pools[part] if x not in chosen[part]]
            if words[:4] != [who, "set", part, place] or len(words) != 6 \
                    or words[4] != "to" or words[5] not in left:
                raise GaiaLabError(f"{where}: the board is set now: '{who} set {part} "
                                   f"{place} to <one of {', '.join(left)}>' [{rule}]")
            chosen[part].append(words[5])
            i += 1
    techs = dict(zip(TECH_POSITIONS, chosen["techTile"], strict=True))
    techs.update(zip(ADVANCED_POSITIONS, chosen["advTechTile"], strict=True))
    mark = MIRRORED if drawn.sectors and mirrored(drawn.sectors[0][0])[1] else ""
    sectors = tuple((s + mark, 0, h.q, h.r) for s, h in zip(
        [s for s in config.sectors if s in chosen["mapTile"]], config.centres, strict=True))
    return evolve(drawn, sectors=sectors, boosters=tuple(chosen["booster"]),
                  techs=tuple((p, techs[p]) for p in TECH_POSITIONS + ADVANCED_POSITIONS),
                  round_scoring=tuple(chosen["roundScoringTile"]),
                  final_scoring=tuple(chosen["finalScoringTile"]),
                  terraforming_federation=chosen["terraformingFederation"][0]), i


def _remaining(chosen: Sequence[str]) -> list[str]:
    """The factions still to choose: not chosen, nor sharing a home type with one."""
    c = load_components()
    homes = {c.faction(f).home_planet for f in chosen}
    return [f for f in FACTION_ORDER if c.faction(f).home_planet not in homes]


def settle_auction(lines: Sequence[str], first: int, players: int, kind: str,
                   random_factions: Sequence[str] = ()) -> Auction:
    """Play the faction auction of a log from ``lines[first]`` on, as the public engine
    runs it: with ``choose-bid`` every seat chooses a faction in turn, then bids go round
    until every seat holds one; with ``bid-while-choosing`` each seat without a faction,
    in turn, chooses a new one or outbids the holder of one already chosen.  A bid is 1
    to 9 VP above the faction's last bid (0 to 8 for one not yet held).

    :raises GaiaLabError: naming the line, who is to act and what is allowed.

    >>> a = settle_auction(["init 2 s", "p1 faction terrans", "p2 bid terrans 2",
    ...                     "p1 faction gleens"], 1, 2, "bid-while-choosing")
    >>> a.factions, a.seats, a.bids, a.end
    (('terrans', 'gleens'), (1, 0), (2, 0), 4)
    """
    rule = "gp.setup.faction_board"
    chosen: list[str] = []
    owner: dict[str, int] = {}
    bid: dict[int, int] = {}
    bidding = kind != "choose-bid"
    current = 0
    i = first

    def next_without_faction(after: int) -> int | None:
        order: list[int] = [*range(after + 1, players), *range(0, after + 1)]
        held = set(owner.values())
        return next((k for k in order if k not in held), None)

    while True:
        if i >= len(lines):
            raise GaiaLabError(f"the log ends during the faction auction (line {i}) "
                               f"[{rule}]")
        words = lines[i].split()
        where = f"line {i + 1} {lines[i]!r}"
        if len(words) < 3 or words[0] != f"p{current + 1}" or words[1] not in (
                "faction", "bid"):
            raise GaiaLabError(f"{where}: p{current + 1} now chooses a faction or bids "
                               f"[{rule}]")
        faction = words[2]
        if words[1] == "faction":
            if kind == "choose-bid" and bidding:
                raise GaiaLabError(f"{where}: every faction is chosen; now p{current + 1} "
                                   f"bids [{rule}]")
            allowed = ([f for f in random_factions if f not in chosen]
                       if random_factions else _remaining(chosen))
            if kind == "choose-bid" and random_factions:
                allowed = list(random_factions[len(chosen):len(chosen) + 1])
            if faction not in allowed:
                raise GaiaLabError(f"{where}: {faction} cannot be chosen (left: "
                                   f"{', '.join(allowed)}) [{rule}]")
            chosen.append(faction)
            if bidding:
                owner[faction], bid[current] = current, 0
        else:
            if not bidding:
                raise GaiaLabError(f"{where}: bids come once every faction is chosen "
                                   f"[{rule}]")
            try:
                amount = int(words[3]) if len(words) > 3 else -1
            except ValueError:
                amount = -1
            last = bid[owner[faction]] if faction in owner else -1
            if faction not in chosen or not last + 1 <= amount <= last + 9:
                raise GaiaLabError(f"{where}: a bid is on a chosen faction "
                                   f"({', '.join(chosen)}), {last + 1} to {last + 9} VP "
                                   f"[{rule}]")
            if faction in owner:
                bid.pop(owner[faction], None)
            owner[faction], bid[current] = current, amount
        i += 1
        if not bidding:
            if len(chosen) < players:
                current += 1
                continue
            bidding, current = True, 0
            continue
        after = next_without_faction(current)
        if after is None:
            break
        current = after
    seats = tuple(owner[f] for f in chosen)
    return Auction(tuple(chosen), seats, tuple(bid[s] for s in seats), first, i)


_FACTION_WORD: Final = re.compile(r"\b(?:faction|bid)\s+([a-z-]+)")


def _variant_problems(lines: Sequence[str], players: int, setup: Setup,
                      random_factions: Sequence[str]) -> list[str]:
    """The factions of the log whose variant board changes the setup order (the
    two-player more-balanced Ivits), which are not replayed here: refused before any
    line is played, naming the option."""
    named = {m.group(1) for line in lines for m in _FACTION_WORD.finditer(line)}
    out: list[str] = []
    for faction in sorted(named | set(random_factions)):
        entry = variant_entry(faction, setup.faction_variant, players)
        if entry is not None and entry.pi_placed:
            out.append(f"options: factionVariant {setup.faction_variant} with {players} "
                       f"players: the {faction} place their institute {entry.pi_placed}, "
                       "which is not supported [gp.setup.faction_board]")
    return out


def _option_problems(options: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for name, value in options.items():
        if name not in SUPPORTED_OPTIONS and value not in (None, False, 0, "", [], {}):
            out.append(f"options: {name} is not supported (supported: "
                       f"{', '.join(SUPPORTED_OPTIONS)})")
    layout = options.get("layout") or "standard"
    if layout not in LAYOUTS:
        out.append(f"options: layout {short(layout)} is not one of {', '.join(LAYOUTS)}")
    variant = options.get("factionVariant") or "standard"
    if variant not in VARIANTS:
        out.append(f"options: factionVariant {short(variant)} is not one of "
                   f"{', '.join(VARIANTS)}")
    version = options.get("factionVariantVersion")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)
                                or version < 0):
        out.append(f"options: factionVariantVersion {short(version)} is not a version "
                   "number")
    auction = options.get("auction")
    if auction and auction not in AUCTIONS and auction is not True:
        out.append(f"options: auction {short(auction)} is not one of {', '.join(AUCTIONS)}")
    raw_map = options.get("map")
    if raw_map is not None and not isinstance(raw_map, Mapping):
        out.append("options: map: expected an object with sectors and mirror")
    return out


def rotated(setup: Setup, players: int, line: str,
            options: Mapping[str, Any], seat: int | None = None) -> Setup:
    """The setup after the advanced rules' ``rotate`` line: the last seat turns sectors,
    each named by its centre (``5x-2`` or ``4C``) with a number of turns, each at most
    once; the turned map still keeps planets of one home type apart.

    >>> from gaia_lab.games.gaia_project.state import DEEP_MIND_2_SETUP as s
    >>> rotated(s, 4, "p4 rotate 5x-2 1", {"advancedRules": True}).sectors[1]
    ('4', 5, 5, -2)
    >>> rotated(s, 4, "p3 rotate 5x-2 1", {"advancedRules": True})
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: the last seat, p4, turns the sectors, not p3 \
[gp.setup.sectors_34]
    """
    rule = "gp.setup.sectors_2" if players <= 2 else "gp.setup.sectors_34"
    words = line.split()
    if not options.get("advancedRules") and not options.get("customBoardSetup"):
        raise GaiaLabError(f"sectors are turned only under the advanced rules "
                           f"(option advancedRules) [{rule}]")
    seat = players if seat is None else seat
    if len(words) < 2 or words[1] != "rotate" or words[0] != f"p{seat}":
        who = "the last seat" if seat == players else "the creator"
        raise GaiaLabError(f"{who}, p{seat}, turns the sectors, not "
                           f"{words[0] if words else '-'} [{rule}]")
    pairs = words[2:]
    if len(pairs) % 2:
        raise GaiaLabError(f"rotate names each sector centre with its turns [{rule}]")
    space = _space_map(setup.sectors)
    turns: dict[tuple[int, int], int] = {}
    for where, times in zip(pairs[::2], pairs[1::2], strict=True):
        h = space.find(where)
        centres = {(q, r) for _, _, q, r in setup.sectors}
        if h is None or (h.q, h.r) not in centres:
            raise GaiaLabError(f"{where} is not the centre of a sector [{rule}]")
        if (h.q, h.r) in turns:
            raise GaiaLabError(f"the sector at {where} is turned twice [{rule}]")
        try:
            turns[(h.q, h.r)] = int(times)
        except ValueError:
            raise GaiaLabError(f"{times!r} is not a number of turns [{rule}]") from None
    sectors = tuple((s, (k + turns.get((q, r), 0)) % 6, q, r)
                    for s, k, q, r in setup.sectors)
    touching = _space_map(sectors).same_type_neighbours()
    if touching:
        a, b = touching[0]
        raise GaiaLabError(f"two planets of one home type would touch ({a.q}x{a.r} and "
                           f"{b.q}x{b.r}) [{rule}]")
    return evolve(setup, sectors=sectors)


def bgs_session(data: object) -> Any:
    """The :class:`~gaia_lab.core.session.Session` of a boardgamers.space log (any form
    :func:`read_log` reads), every line checked in turn: what
    :func:`~gaia_lab.games.gaia_project.game.from_bgs` gives."""
    return replay_log(read_log(data))[0]


def replay_log(log: RecordedLog, *, vp: bool = False) -> tuple[Any, list[tuple[int, ...]]]:
    """Play every line of ``log``: the session and, with ``vp``, every player's VP
    after every line (index 0: after ``init``; a ``rotate`` line changes none).

    :raises InvalidStateError: at the first refused line, naming its number (1 is the
        ``init`` line), its text, the refusal's code and message and its rule.
    """
    from gaia_lab.core.session import Session
    from gaia_lab.games.gaia_project.game import GaiaProject

    source = "from_bgs"
    session = Session(GaiaProject(), players=log.players, options={"setup": log.setup})
    start = load_components().board.start.vp

    def points() -> tuple[int, ...]:
        # a seat holds the board's starting VP before its faction is chosen
        return tuple(p.vp if p.faction else start for p in session.state.seats)

    after: list[tuple[int, ...]] = []
    if vp:
        after.append(points())
    chosen = 0
    auction = log.auction
    for number, line in enumerate(log.lines[1:], start=2):
        if number <= log.board:
            if vp:
                after.append(after[-1])
            continue
        if auction is not None and auction.first < number <= auction.end:
            # the auction was settled beforehand: its winners choose in table order
            if number == auction.end:
                for k, faction in enumerate(auction.factions):
                    session.play(f"p{k + 1} faction {faction}")
            if vp:
                after.append(log.engine_order(points()))
            continue
        if "endturn" in line:
            line = _END_TURN.sub(r"\1", line)
        if "pass undefined" in line:
            line = _LAST_PASS.sub("pass", line)
        words = line.split()
        if log.random_factions and len(words) > 2 and words[1] == "faction":
            want = log.random_factions[chosen] if chosen < len(log.random_factions) else ""
            if words[2] != want:
                raise InvalidStateError(
                    f"line {number} {short(line)}: faction.random: with random factions this "
                    f"seat plays the {want or 'no faction'} [gp.setup.faction_board]",
                    source)
            chosen += 1
        try:
            session.play(line)
        except IllegalActionError as exc:
            v = exc.verdict
            rule = f" [{v.rule.id}]" if v.rule is not None else ""
            raise InvalidStateError(f"line {number} {short(line)}: {v.code}: {v.message}{rule}",
                                    source) from None
        except (GaiaLabError, NotationError) as exc:
            raise InvalidStateError(f"line {number} {short(line)}: {exc}", source) from None
        if vp:
            after.append(log.engine_order(points()))
    return session, after


def vp_after_lines(data: object) -> list[tuple[int, ...]]:
    """Every player's VP after every line of a log (index 0: after ``init``), as
    boardgamers.space's ``vp_after_move`` lists them."""
    return replay_log(read_log(data), vp=True)[1]

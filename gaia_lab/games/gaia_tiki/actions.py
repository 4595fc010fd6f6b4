"""GAIA (Tiki Editions) notation: every action is a verb and its words.

A turn's actions and the steps around them:

======================================  ================================================
``draw nature 2`` / ``draw life deck``  take face-up card 2 of the Nature market, or the
                                        top card of the Life deck unseen
``tile plain F7``                       play a Nature card: a plain tile on F7
``city borea F7``                       play the City Borea on the tile of F7
``animals herd F7``                     play the Animal card Herd: its tokens on F7
``power rain F7``                       play a Power on one square
``power earthquake F6 F7``              ... on two squares (an earthquake's swap)
``power lightning F7 P2``               ... on a City and a player (one of P2's meeples)
``power thief P2``                      ... on a player (a card of P2's hand)
``pass``                                end the turn before the second action
``discard plain``                       discard a card over a hand limit
``feed F7 from F8``                     feed the City of F7 with an Animal of F8
======================================  ================================================

Cards are named by their face: a Nature card by its terrain, a City by its id, an
Animal card or a Power by its id without the copy number (the engine plays the first
copy in hand).  Chance steps: ``shuffle`` (setup) and ``steal plain`` (the card a thief
takes); rules steps: ``first_tile``, ``objectives``, ``market``, ``deal``, ``start``,
``next``.

>>> a = parse("CITY Borea f7")
>>> a, a.verb, a.args
(Action('city borea F7'), 'city', ('borea', 'F7'))
>>> parse("power earthquake F7 F6")  # the two squares of a swap in grid order
Action('power earthquake F6 F7')
>>> parse("feed F7 F8")
Traceback (most recent call last):
...
gaia_lab.core.errors.NotationError: 'feed F7 F8': feed takes a City's square, 'from' and \
a tile's square, e.g. 'feed F7 from F8'
>>> parse("tile plain Z9")
Traceback (most recent call last):
...
gaia_lab.core.errors.NotationError: 'tile plain Z9': 'Z9' is not a square of the table \
(A1 to K11)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from gaia_lab.core.checks import notation_text
from gaia_lab.core.errors import NotationError
from gaia_lab.games.gaia_tiki import board
from gaia_lab.games.gaia_tiki.state import DECKS

__all__ = ["PLAY_VERBS", "RULES_VERBS", "Action", "parse", "seat_word"]

PLAY_VERBS: Final = ("tile", "city", "animals", "power")
"""The verbs that play a card of the hand."""
RULES_VERBS: Final = ("first_tile", "objectives", "market", "deal", "start", "next")
"""The words of the steps the rules resolve."""
_SLOTS: Final = ("1", "2", "3", "deck")
_NAME: Final = re.compile(r"[a-z][a-z0-9_]*\Z")
_SEAT: Final = re.compile(r"P[1-5]\Z")
_SHAPES: Final = {
    "draw": "a deck (nature, life, power) and a face-up card 1-3 or 'deck', e.g. "
            "'draw nature 2' or 'draw life deck'",
    "tile": "a terrain and a square, e.g. 'tile plain F7'",
    "city": "a City and a square, e.g. 'city borea F7'",
    "animals": "an Animal card and a square, e.g. 'animals herd F7'",
    "power": "a Power and its targets (squares or a player), e.g. 'power rain F7', "
             "'power earthquake F6 F7', 'power lightning F7 P2' or 'power thief P2'",
    "pass": "no words",
    "discard": "a card, e.g. 'discard plain'",
    "feed": "a City's square, 'from' and a tile's square, e.g. 'feed F7 from F8'",
    "shuffle": "no words",
    "steal": "a card, e.g. 'steal plain'",
}


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a verb and its words, in canonical form."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def seat_word(seat: int) -> str:
    """The notation of a seat: ``P1`` for seat 0."""
    return f"P{seat + 1}"


def _cell(word: str, text: str) -> str:
    cell = word.upper()
    if not board.is_cell(cell):
        raise NotationError(f"{text!r}: {word!r} is not a square of the table (A1 to K11)")
    return cell


def _name(word: str, text: str) -> str:
    name = word.lower()
    if not _NAME.match(name):
        raise NotationError(f"{text!r}: {word!r} is not a card name")
    return name


def _target(word: str, text: str) -> str:
    return word.upper() if _SEAT.match(word.upper()) else _cell(word, text)


def parse(text: str) -> Action:
    """Read an action; raise :class:`NotationError` naming what is wrong.

    >>> parse("draw Power deck")
    Action('draw power deck')
    >>> parse("draw life 4")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.NotationError: 'draw life 4': draw takes a deck (nature, life, \
power) and a face-up card 1-3 or 'deck', e.g. 'draw nature 2' or 'draw life deck'
    """
    words = notation_text(text, "GAIA").split()
    if not words:
        raise NotationError("empty action: write a verb such as 'draw', 'tile' or 'city'")
    verb, args = words[0].lower(), words[1:]
    if verb in RULES_VERBS:
        if args:
            raise NotationError(f"{text!r}: the rules step {verb!r} takes no words")
        return Action(verb)
    shape = _SHAPES.get(verb)
    if shape is None:
        known = ", ".join([*_SHAPES, *RULES_VERBS])
        raise NotationError(f"{text!r}: unknown verb {words[0]!r} (known: {known})")
    bad = NotationError(f"{text!r}: {verb} takes {shape}")
    lowered = [w.lower() for w in args]
    if verb in ("pass", "shuffle"):
        if args:
            raise bad
        return Action(verb)
    if verb == "draw":
        if len(args) != 2 or lowered[0] not in DECKS or lowered[1] not in _SLOTS:
            raise bad
        return Action(verb, (lowered[0], lowered[1]))
    if verb in ("discard", "steal"):
        if len(args) != 1:
            raise bad
        return Action(verb, (_name(args[0], text),))
    if verb == "feed":
        if len(args) != 3 or lowered[1] != "from":
            raise bad
        return Action(verb, (_cell(args[0], text), "from", _cell(args[2], text)))
    if verb == "power":
        if not 2 <= len(args) <= 3:
            raise bad
        targets = [_target(w, text) for w in args[1:]]
        if len(targets) == 2 and all(board.is_cell(t) for t in targets):
            targets.sort(key=board.cell_order)
        return Action(verb, (_name(args[0], text), *targets))
    if len(args) != 2:
        raise bad
    return Action(verb, (_name(args[0], text), _cell(args[1], text)))

"""Shapers of Gaia notation: every action is a verb and its words.

A player's turn:

============================================  ==========================================
``intro S1 B1``                               introduce the animal of space S1 on B1
``intro H2 vh1 tp seed``                      teleport to the Vault, pay in Seeds, put
                                              the Herbivore on Vault space vh1
``card s03 A`` / ``card top B replace s01``   take a Species card (side A or B), giving
                                              up a card of a full row
``refresh``                                   refresh the display (after the Vault)
``activate s03 [seed]`` / ``decline p02``     activate a card of the row (with the basic
                                              resource chosen for "any basic"), or leave
                                              a conversion unused
``restore i_forest_1 B1 [tp]``                restore a tile (teleporting the Caretaker)
``resolve 0 [spore]`` / ``resolve none``      resolve one of the tile's two actions
``take [spore]`` / ``pass``                   an opponent takes the other action or not
``stop`` / ``skip``                           restore no more tiles / skip the turn
``card h03 A meta``                           Metamorphosis: the next animal type's card
``resolve 0 both`` / ``take both``            Harvester: both actions of a Forest
``redeploy C3 C5``                            Redeploy a Scavenger
``stasis B2 vh2`` / ``stasis vh2 B2``         Stasis Chambers
``recycle red``                               Recycler: a DNA token for 2 Toxicity
``avian h04 B seed``                          Avian Call: a Herbivore card into a row
``clone s05 A``                               Clone Experiment: a card for this turn
``accrete B4 i_forest_1``                     Accelerated Accretion: swap a Water tile
``surge s01 s03``                             Power Surge: activate cards on a DNA gain
``activate p02 wild=ne``                      Biomolecular Synthesis: the missing basic
                                              resources paid with 1 Nutrient and 1 Energy
                                              (also after ``intro``, ``resolve``, ``take``)
============================================  ==========================================

Chance steps (``shapers``, ``land``, ``stack``, ``behaviors``, ``decks``, ``first``)
and rules steps
(``deal``, ``dna``, ``display``, ``end``, ``score``) have their own words.

>>> a = parse("INTRO s1 b1")
>>> a, a.verb, a.args
(Action('intro S1 B1'), 'intro', ('S1', 'B1'))
>>> str(parse("card top b replace s01"))
'card top B replace s01'
>>> parse("intro S1")
Traceback (most recent call last):
...
gaia_lab.core.errors.NotationError: 'intro S1': intro takes an animal space and a \
destination, e.g. 'intro S1 B1' or 'intro H2 vh1 tp seed'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Final

from gaia_lab.core.checks import notation_text
from gaia_lab.core.errors import NotationError
from gaia_lab.core.values import slot_init
from gaia_lab.games.shapers_of_gaia import board

__all__ = ["BASIC", "WILD", "Action", "ActionTable", "action_table", "parse", "shared"]

BASIC: Final = ("shard", "spore", "seed")
WILD: Final = "wild="
"""The word naming the advanced resources that pay missing basics (``wild=ne``)."""
_WILD: Final = re.compile(r"wild=[ne]+\Z")
_WILD_VERBS: Final = ("intro", "activate", "resolve", "take")
_ID: Final = re.compile(r"[a-z][a-z0-9_]*\Z")
_ANIMAL_SPACE: Final = re.compile(r"[SHP][1-4]\Z")
_VAULT: Final = re.compile(r"v[shp][1-9]\Z")
_SEAT: Final = re.compile(r"[1-9]\Z")
_SINGLE: Final = ("refresh", "pass", "stop", "skip", "deal", "dna", "display", "end", "score")


@slot_init
@dataclass(frozen=True, slots=True)
class Action:
    """One action: a verb and its words, in canonical form."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


@functools.lru_cache(maxsize=8192)
def shared(verb: str, args: tuple[str, ...]) -> Action:
    """``Action(verb, args)``, one object for the many listings that hold it: a turn lists
    hundreds of Introduce and Restore actions, most of them listed on earlier turns, and
    an action is immutable, so the last few thousand made are handed out again.

    >>> shared("intro", ("S1", "B1")) is shared("intro", ("S1", "B1"))
    True
    """
    return Action(verb, args)


_TABLE_LIMIT: Final = 4096
"""At most this many actions in one :class:`ActionTable` (it starts again when full)."""


class ActionTable(dict[tuple[str, ...], Action]):
    """The actions of one verb and first words, by the words after them, each made the
    first time it is asked for (a listing looks hundreds of them up: far cheaper than
    making them).  A table holds at most :data:`_TABLE_LIMIT` actions.

    >>> table = action_table("restore", ("i_forest_1",))
    >>> table["B1",], table["B1", "tp"] is table["B1", "tp"]
    (Action('restore i_forest_1 B1'), True)
    """

    __slots__ = ("head", "verb")

    def __init__(self, verb: str, head: tuple[str, ...]) -> None:
        super().__init__()
        self.verb = verb
        self.head = head

    def __missing__(self, tail: tuple[str, ...]) -> Action:
        if len(self) >= _TABLE_LIMIT:
            self.clear()
        action = self[tail] = Action(self.verb, self.head + tail)
        return action


@functools.lru_cache(maxsize=512)
def action_table(verb: str, head: tuple[str, ...]) -> ActionTable:
    """The :class:`ActionTable` of ``verb`` and the first words ``head`` (the tables of
    the last few hundred pairs asked for are kept)."""
    return ActionTable(verb, head)


def _space(word: str, text: str) -> str:
    try:
        return board.label(board.parse_space(word))
    except ValueError:
        raise NotationError(f"{text!r}: {word!r} is not a board space "
                            "(V, A0-A5, B0-B11, C0-C17)") from None


def _ident(word: str, text: str, what: str) -> str:
    w = word.lower()
    if not _ID.match(w):
        raise NotationError(f"{text!r}: {word!r} is not a {what}")
    return w


def _basic(word: str, text: str) -> str:
    w = word.lower()
    if w not in BASIC:
        raise NotationError(f"{text!r}: {word!r} is not a basic resource "
                            "(shard, spore, seed)")
    return w


def _wild(word: str, text: str) -> str:
    w = word.lower()
    if not _WILD.match(w):
        raise NotationError(f"{text!r}: {word!r} must be 'wild=' and one letter per missing "
                            "basic resource, n (Nutrient) or e (Energy), e.g. 'wild=ne'")
    letters = w[len(WILD):]
    return WILD + "n" * letters.count("n") + "e" * letters.count("e")


def parse(text: str) -> Action:
    """Read an action; raise :class:`NotationError` naming what is wrong.

    >>> parse("restore i_forest_1 c0 TP")
    Action('restore i_forest_1 C0 tp')
    >>> parse("resolve 2")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.NotationError: 'resolve 2': resolve takes 0, 1 or none, \
and a basic resource when the action gives any (then 'both' with Harvester)
    """
    words = notation_text(text, "Shapers of Gaia").split()
    if not words:
        raise NotationError("empty action: write a verb such as 'intro', 'restore' or "
                            "'card'")
    verb = words[0].lower()
    if verb in _WILD_VERBS and len(words) > 1 and words[-1].lower().startswith(WILD):
        if len(words) > 2 and words[-2].lower().startswith(WILD):
            raise NotationError(f"{text!r}: one 'wild=' word at most")
        action = _parse(" ".join(words[:-1]), words[:-1])
        return Action(action.verb, (*action.args, _wild(words[-1], text)))
    return _parse(text, words)


def _parse(text: str, words: list[str]) -> Action:
    """Read an action without a final ``wild=`` word (``words`` is ``text.split()``)."""
    if not words:
        raise NotationError("empty action: write a verb such as 'intro', 'restore' or "
                            "'card'")
    verb, rest = words[0].lower(), words[1:]
    if verb in _SINGLE:
        if rest:
            raise NotationError(f"{text!r}: {verb!r} takes no words")
        return Action(verb)
    if verb == "intro":
        if not 2 <= len(rest) <= 4 or not _ANIMAL_SPACE.match(rest[0].upper()):
            raise NotationError(f"{text!r}: intro takes an animal space and a destination, "
                                "e.g. 'intro S1 B1' or 'intro H2 vh1 tp seed'")
        dest = rest[1].lower()
        where = dest if _VAULT.match(dest) else _space(rest[1], text)
        out = [rest[0].upper(), where]
        more = [w.lower() for w in rest[2:]]
        if more and more[0] == "tp":
            out.append("tp")
            more = more[1:]
        if len(more) > 1:
            raise NotationError(f"{text!r}: too many words after the destination")
        out += [_basic(w, text) for w in more]
        return Action(verb, tuple(out))
    if verb == "card":
        meta = bool(rest) and rest[-1].lower() == "meta"
        if meta:
            rest = rest[:-1]
        if len(rest) not in (2, 4):
            raise NotationError(f"{text!r}: card takes a card id (or top) and a side A or B, "
                                "then optionally 'replace <card>'")
        side = rest[1].upper()
        if side not in ("A", "B"):
            raise NotationError(f"{text!r}: the side must be A or B")
        out = [_ident(rest[0], text, "card id"), side]
        if len(rest) == 4:
            if rest[2].lower() != "replace":
                raise NotationError(f"{text!r}: expected 'replace <card>'")
            out += ["replace", _ident(rest[3], text, "card id")]
        return Action(verb, tuple(out + ["meta"] * meta))
    if verb == "avian":
        if len(rest) not in (3, 5) or rest[1].upper() not in ("A", "B") or (
                rest[2].lower() not in BASIC) or (len(rest) == 5 and rest[3].lower() != "replace"):
            raise NotationError(f"{text!r}: avian takes a Herbivore card, a side A or B and a "
                                "row (shard, spore, seed), then optionally 'replace <card>'")
        out = [_ident(rest[0], text, "card id"), rest[1].upper(), rest[2].lower()]
        if len(rest) == 5:
            out += ["replace", _ident(rest[4], text, "card id")]
        return Action(verb, tuple(out))
    if verb == "surge":
        if not 1 <= len(rest) <= 2:
            raise NotationError(f"{text!r}: surge takes one or two card ids")
        return Action(verb, tuple(_ident(w, text, "card id") for w in rest))
    if verb == "accrete":
        if len(rest) != 2:
            raise NotationError(f"{text!r}: accrete takes a Water tile's space and a tile "
                                "from your hand, e.g. 'accrete B4 i_forest_1'")
        return Action(verb, (_space(rest[0], text), _ident(rest[1], text, "tile id")))
    if verb == "clone":
        if len(rest) != 2 or rest[1].upper() not in ("A", "B"):
            raise NotationError(f"{text!r}: clone takes a Scavenger card and a side A or B")
        return Action(verb, (_ident(rest[0], text, "card id"), rest[1].upper()))
    if verb in ("activate", "decline"):
        if not 1 <= len(rest) <= (2 if verb == "activate" else 1):
            raise NotationError(f"{text!r}: {verb} takes a card id"
                                + (" and optionally a basic resource" if verb == "activate"
                                   else ""))
        args = [_ident(rest[0], text, "card id")] + [_basic(w, text) for w in rest[1:]]
        return Action(verb, tuple(args))
    if verb == "restore":
        if len(rest) not in (2, 3) or (len(rest) == 3 and rest[2].lower() != "tp"):
            raise NotationError(f"{text!r}: restore takes a tile id and a space, then "
                                "optionally tp")
        args = [_ident(rest[0], text, "tile id"), _space(rest[1], text)]
        return Action(verb, tuple(args + ["tp"] * (len(rest) == 3)))
    if verb in ("resolve", "take"):
        both = bool(rest) and rest[-1].lower() == "both"
        if both:
            rest = rest[:-1]
        if verb == "resolve":
            if not 1 <= len(rest) <= 2 or rest[0].lower() not in ("0", "1", "none") or (
                    rest[0].lower() == "none" and (len(rest) == 2 or both)):
                raise NotationError(f"{text!r}: resolve takes 0, 1 or none, and a basic "
                                    "resource when the action gives any (then 'both' with "
                                    "Harvester)")
            out = [rest[0].lower(), *(_basic(w, text) for w in rest[1:])]
        else:
            if len(rest) > 1:
                raise NotationError(f"{text!r}: take takes at most a basic resource (and "
                                    "'both' with Harvester)")
            out = [_basic(w, text) for w in rest]
        return Action(verb, tuple(out + ["both"] * both))
    if verb in ("redeploy", "stasis"):
        if len(rest) != 2:
            raise NotationError(f"{text!r}: {verb} takes where the animal is and where it "
                                "goes, e.g. 'redeploy C3 C5' or 'stasis B2 vh2'")
        moved = tuple(w.lower() if _VAULT.match(w.lower()) else _space(w, text) for w in rest)
        return Action(verb, moved)
    if verb == "recycle":
        if len(rest) != 1 or rest[0].lower() not in ("yellow", "blue", "red"):
            raise NotationError(f"{text!r}: recycle takes a DNA colour (yellow, blue, red)")
        return Action(verb, (rest[0].lower(),))
    if verb == "behaviors":
        if len(rest) != 3 or any(w.upper() not in ("A", "B") for w in rest):
            raise NotationError(f"{text!r}: behaviors takes the side (A or B) of cards 1, 2 "
                                "and 3")
        return Action(verb, tuple(w.upper() for w in rest))
    if verb == "first":
        if len(rest) != 1 or not _SEAT.match(rest[0]):
            raise NotationError(f"{text!r}: first takes a seat number (1, 2, 3)")
        return Action(verb, (rest[0],))
    if verb in ("shapers", "land", "stack", "decks"):
        if not rest:
            raise NotationError(f"{text!r}: {verb} lists the order it deals")
        return Action(verb, tuple(_ident(w, text, "component id") for w in rest))
    raise NotationError(f"{text!r}: unknown verb {words[0]!r} (intro, card, refresh, "
                        "activate, decline, restore, resolve, take, pass, stop, skip, "
                        "redeploy, stasis, recycle, accrete, avian, clone, surge)")

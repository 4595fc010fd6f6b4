"""Actions of Animals Gathering and their notation.

Every action is a verb followed by its arguments, separated by spaces:

=============================  ==========================================================
``take fox``                   select the Fox from the supply
``roll 2g1o1b``                roll two green, one orange and one blue die
``pass``                       nothing can be done this turn
``dice gG gY oO bP``           (chance) the dice show these stones, by die colour
``reroll gY bP``               mage 5: reroll a green die showing yellow and a blue showing purple
``no-reroll``                  keep the roll
``place Y heron``              place a rolled yellow stone on the Heron
``exchange P>R heron``         exchange a rolled purple stone for a red one, placed on the Heron
``exchange OO>W heron``        mage 3: two orange stones for a white one
``bonus W heron``              mage 1: the extra stone
``done``                       no more stones to take
``block bP``                   mage 2: discard the blue die showing purple
``no-block``                   discard nothing
``revive starfish``            revive a completed card first
``use fox steal R owl heron``  steal a red stone from the Owl and place it on the Heron
``use raven raid``             every other player removes a stone
``use bee gift Y heron``       take a yellow stone from the supply
``use parrot recruit lion``    select the Lion from the supply
``skip fox``                   do not use the Fox's power
``remove R owl``               (raid) remove a red stone from your Owl
``cast <spell> ...``           use a spell (spell variant)
=============================  ==========================================================

>>> a = parse("place Y heron")
>>> a.verb, a.args
('place', ('Y', 'heron'))
>>> str(a)
'place Y heron'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from gaia_lab.core.checks import notation_text
from gaia_lab.core.errors import NotationError
from gaia_lab.core.values import slot_init


@slot_init
@dataclass(frozen=True, slots=True)
class Action:
    """An action: a verb and its arguments."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        return parse(text)


_STONE = re.compile(r"^[ROYGBPW]$")
_DIE = re.compile(r"^[gob][ROYGBPW]$")
_ROLL = re.compile(r"^(?:([0-2])g)?(?:([0-2])o)?(?:([0-2])b)?$")
_WORD = re.compile(r"^[a-z][a-z0-9_]*$")
_EXCHANGE = re.compile(r"^(P|OO|[ROYGBPW]{1,2})>([ROYGBPW])$")

# verb -> (min args, max args or -1 for any, description)
VERBS: dict[str, tuple[int, int, str]] = {
    "mages": (2, 5, "mage numbers dealt, in seat order"),
    "deal": (6, 15, "cards dealt, three per seat in seat order"),
    "spells": (4, 10, "spells dealt, two per seat in seat order"),
    "keep": (1, 1, "the starting card kept"),
    "keep-spell": (1, 1, "the spell kept"),
    "deck": (0, -1, "the shuffled deck, top first"),
    "supply": (0, 0, "turn five supply cards face up"),
    "stones-and-dice": (0, 0, "put stones and dice within reach"),
    "reveal": (0, 0, "reveal starting cards and find the start player"),
    "take": (1, 1, "a supply card"),
    "roll": (1, 1, "dice counts by colour, e.g. 2g1o1b"),
    "pass": (0, 0, ""),
    "dice": (1, 6, "faces by die, e.g. gY oO"),
    "reroll": (1, 6, "dice to reroll, e.g. gY bP"),
    "no-reroll": (0, 0, ""),
    "place": (2, 2, "stone and card"),
    "exchange": (2, 2, "P>R and card"),
    "bonus": (2, 2, "stone and card"),
    "done": (0, 0, ""),
    "block": (1, 1, "a die, e.g. bP"),
    "no-block": (0, 0, ""),
    "revive": (1, 1, "a completed card"),
    "use": (2, 5, "animal, power and its choices"),
    "skip": (1, 1, "an animal whose power is not used"),
    "remove": (2, 2, "stone and card"),
    "end-turn": (0, 0, ""),
    "score": (0, 0, ""),
    "cast": (1, 8, "spell and its choices"),
    "no-spell": (0, 0, ""),
    "move": (3, 3, "stone, from card, to card"),
}


def parse(text: str) -> Action:
    """Read an action; NotationError says what is wrong with the text."""
    tokens = notation_text(text, "Animals Gathering").split()
    if not tokens:
        raise NotationError("empty action text")
    verb, args = tokens[0].lower(), tuple(tokens[1:])
    if verb not in VERBS:
        raise NotationError(
            f"unknown verb {tokens[0]!r} in {text!r}; verbs are: {', '.join(VERBS)}"
        )
    lo, hi, what = VERBS[verb]
    if len(args) < lo or (hi >= 0 and len(args) > hi):
        count = f"{lo}" if lo == hi else f"{lo} to {hi if hi >= 0 else 'any'}"
        raise NotationError(
            f"{verb!r} takes {count} argument(s) ({what}); got {len(args)} in {text!r}"
        )
    for token in args:
        _check_token(verb, token, text)
    if verb in ("dice", "reroll"):
        args = tuple(sorted(args, key=die_key))
    return Action(verb, args)


def die_key(label: str) -> tuple[int, int]:
    """Canonical order of die labels: by colour (g, o, b), then by stone.

    >>> sorted(["oO", "gG", "oR", "gY"], key=die_key)
    ['gY', 'gG', 'oR', 'oO']
    """
    return "gob".index(label[0]), "ROYGBPW".index(label[1])


def _check_token(verb: str, token: str, text: str) -> None:
    ok: bool
    if verb in ("dice", "reroll", "block"):
        ok = bool(_DIE.match(token))
        kind = "a die such as gY (colour g/o/b, stone R/O/Y/G/B/P/W)"
    elif verb == "roll":
        m = _ROLL.match(token)
        ok = bool(m) and any(m.groups()) if m else False
        kind = "dice counts such as 2g1o1b (0-2 of each colour)"
    elif verb == "mages":
        ok = token in ("1", "2", "3", "4", "5")
        kind = "a mage number 1-5"
    elif verb == "cast":
        ok = bool(_STONE.match(token) or _WORD.match(token) or _DIE.match(token)
                  or (_ROLL.match(token) and token[:1].isdigit()))
        kind = "a spell, card, stone, die (gY) or roll (2g2o2b)"
    elif verb == "exchange" and ">" in token:
        ok = bool(_EXCHANGE.match(token))
        kind = "an exchange such as P>R or OO>W"
    else:
        ok = bool(_STONE.match(token)) or bool(_WORD.match(token))
        kind = "a stone code or a lower-case name"
    if not ok:
        raise NotationError(f"{token!r} in {text!r} is not {kind}")


@lru_cache(maxsize=64)
def roll_counts(token: str) -> tuple[int, int, int]:
    """Dice per colour of a roll token (read once per token: a roll reads it every time).

    >>> roll_counts("2g1b")
    (2, 0, 1)
    """
    m = _ROLL.match(token)
    if not m:
        raise NotationError(f"{token!r} is not a roll such as 2g1o1b")
    g, o, b = (int(x) if x else 0 for x in m.groups())
    return g, o, b


def roll_token(counts: tuple[int, int, int]) -> str:
    """The roll token for dice counts.

    >>> roll_token((2, 1, 1))
    '2g1o1b'
    """
    return "".join(f"{n}{c}" for n, c in zip(counts, "gob") if n)

"""Black Rose Wars: Gaea Reborn notation: every action is a verb and its words.

A Mage's decisions (the modelled core, brw.core.*):

=======================================  ================================================
``prepare arcane_bolt blink``            prepare two spells in the Planning phase
``move crypt``                           move to an area within your Speed
``attack mage2`` / ``attack gaea``       attack a Model in your Room (``filius``, or
``attack root:crypt``                    the Root Token of the Room)
``cast arcane_bolt filius``              cast a prepared spell on a Model within range
``cast destabilize forge``               ... on a Room within range
``cast blink throne_room``               ... move to a Room within range
``activate`` / ``activate mage2``        activate the Room you are in (on a target
                                         when its effect has one)
``evoke cadaver_2 crypt mage2``          activate your Evocation: to a Room within its
                                         Speed, attacking a Model there (or ``none``)
``legend convert_damage mage2``          the Legend's Effect after her action
``pass``                                 take no more turns this Action phase
``crown crypt`` / ``crown mage2``        the Choice of the Crown among tied options
=======================================  ================================================

Chance steps: ``lodge <rooms...>`` (the Rooms drawn for the layout's places, in order),
``commands <cards...>`` (the Command deck shuffled, top first) and ``events <cards...>``
(each Moon's Event deck shuffled, Moon 1's first) and ``summon <card>`` (the Evocation
card a summon draws).  Every other step is
the rules' own (Gaea's setup, a phase, Gaea's and Filius's activations): its action is
the step's name and words, such as ``gaea_model`` or ``gaea move crypt``.

>>> a = parse("CAST Arcane_Bolt gaea")
>>> a, a.verb, a.args
(Action('cast arcane_bolt gaea'), 'cast', ('arcane_bolt', 'gaea'))
>>> parse("move")
Traceback (most recent call last):
...
gaia_lab.core.errors.NotationError: 'move': move takes 1 word (an area), e.g. 'move crypt'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from gaia_lab.core.checks import notation_text
from gaia_lab.core.errors import NotationError
from gaia_lab.games.black_rose_wars.modules import MODULE_ARITY

__all__ = ["ARITY", "Action", "parse"]

_WORD: Final = re.compile(r"[a-z0-9_:]{1,40}\Z")

ARITY: Final[dict[str, tuple[int, int | None, str, str]]] = {
    "prepare": (2, 2, "two spells", "prepare arcane_bolt blink"),
    "move": (1, 1, "an area", "move crypt"),
    "attack": (1, 1, "a Model", "attack gaea"),
    "cast": (2, 2, "a spell and its target", "cast arcane_bolt filius"),
    "activate": (0, 1, "the effect's target, if it has one", "activate"),
    "evoke": (3, 3, "the Evocation, its Room and its target or none",
              "evoke cadaver_2 crypt mage2"),
    "legend": (2, 2, "the Legend's Effect and its target", "legend convert_damage mage2"),
    "summon": (1, 1, "the Evocation card drawn", "summon cadaver_3"),
    "event": (1, 1, "a Room, or skip", "event crypt"),
    "pass": (0, 0, "", "pass"),
    "crown": (1, 1, "one of the tied options", "crown crypt"),
    "lodge": (1, None, "the drawn Rooms in order", "lodge crypt forge ..."),
    "commands": (1, None, "the Command cards, top first", "commands c04 c17 ..."),
    "events": (1, None, "the Events of Moon 1, 2 and 3, each deck top first",
               "events awakening ..."),
    "target": (1, 1, "a Command card", "target c04"),
    "gaea": (2, 2, "an effect and its target Room", "gaea move crypt"),
    "discard": (1, 1, "a Command card", "discard c04"),
    "filius": (0, 2, "move or attack and its target", "filius move mage2"),
    **{step: (0, 0, "", step) for step in (
        "gaea_model", "filius_token", "filius_card", "root_tokens", "natures_fury", "mages",
        "round", "black_rose", "study", "avatar", "evocation", "burst", "cleanup")},
    **MODULE_ARITY,
}
"""Verb -> (least words, most words or None, what they are, an example)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action: a verb and its words, in canonical (lower-case) form."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def parse(text: str) -> Action:
    """Read an action; NotationError names what is wrong.

    >>> parse("gaea move crypt")
    Action('gaea move crypt')
    >>> parse("prepare a")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.NotationError: 'prepare a': prepare takes 2 words (two spells), \
e.g. 'prepare arcane_bolt blink'
    """
    text = notation_text(text, "Black Rose Wars")
    words = text.lower().split()
    if not words:
        raise NotationError(f"{text!r}: empty notation; an action is a verb and its words, "
                            "e.g. 'move crypt'")
    bad = [w for w in words if not _WORD.match(w)]
    if bad:
        raise NotationError(f"{text!r}: {bad[0]!r} is not a word of the notation (letters, "
                            "digits, '_' and ':' only)")
    verb, args = words[0], tuple(words[1:])
    spec = ARITY.get(verb)
    if spec is None:
        raise NotationError(f"{text!r}: unknown verb {verb!r}; a Mage's verbs are prepare, "
                            "move, attack, cast, activate, pass and crown")
    low, high, what, example = spec
    if len(args) < low or (high is not None and len(args) > high):
        plural = "s" if low != 1 else ""
        count = (f"{low} word{plural}" if low == high else
                 f"at least {low} word{plural}" if high is None else f"{low} to {high} words")
        words_are = f" ({what})" if what else ""
        raise NotationError(f"{text!r}: {verb} takes {count}{words_are}, e.g. {example!r}")
    return Action(verb, args)

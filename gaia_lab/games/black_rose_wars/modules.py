"""The expansion's optional modules in a game's state and flow: the School of Geomancy
(with Talia), the Paths and the Legendary Scenario Stop the Threat.

:class:`Modules` is the part of :class:`~.state.BRWState` they use; :data:`MODULE_KINDS`
are their steps, declared in the game's flow, and :data:`MODULE_ARITY` their verbs in
the notation.  The steps' handlers are in :mod:`.modules_flow`.

========================  ==============================================================
``geomancy geo_04 ...``   chance: three Geomancy spells dealt to each Mage but Talia
``starts start_3 ...``    chance: the Path Start cards dealt, seat by seat
``paths path_07 ...``     chance: the Path deck shuffled, top first
``keep path_05``          keep a drawn Path card (``keep none`` when none matches)
``under path_03 ...``     chance: the cards not kept go under the deck in this order
``advance 1:m1``          move the Path marker to a next Passage (``advance stay``)
``trap mage2``            resolve an Effect Passage on a target (``trap self``,
                          ``trap skip``)
``quest paths``           draw Path cards instead of a Quest (``quest skip``)
========================  ==============================================================

>>> Modules().paths is None, sorted(MODULE_KINDS)[:3]
(True, ['path_advance', 'path_draw', 'path_effect'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from gaia_lab.core.flow import TaskKind
from gaia_lab.games.black_rose_wars.paths import PathsState

__all__ = ["MODULE_ARITY", "MODULE_KINDS", "Modules"]

Placing = Literal["setup", "advance", "quest"]


@dataclass(frozen=True, slots=True)
class Modules:
    """The optional modules of a game: its Paths (None when not played), whether it is
    the Legendary Scenario (its cards lie on the Event decks), the School of Geomancy and
    the spells each Mage holds."""

    paths: PathsState | None = None
    legendary: bool = False
    geomancy: bool = False
    """The School of Geomancy replaces the modelled core's spells (setup step 9)."""
    spells: tuple[tuple[str, ...], ...] = ()
    """Each seat's own spells, when not the core's (dealt from Geomancy, or a scenario's)."""
    personal: tuple[tuple[str, ...], ...] = ()
    """Each seat's personal spells gained so far: Talia's first at setup, her next at each
    Moon change (brw.core.personal_spells)."""


def _kind(name: str, rule: str, what: str, verb: str, actor: str = "player",
          data: object = tuple[()], ask: str = "") -> TaskKind:
    return TaskKind(name, rule, what, frozenset({verb}), actor,  # type: ignore[arg-type]
                    "paths", ask, data)


MODULE_KINDS: Final[dict[str, TaskKind]] = {k.name: k for k in (
    _kind("school", "brw.school.geomancy",
          "setup step 9: the School of Geomancy's spells are dealt, three per Mage (chance)",
          "geomancy", "chance"),
    _kind("stop_the_threat", "brw.legendary.moon_cubes",
          "Stop the Threat: the Moon cubes go on slots 5, 21 and 28, a scenario card on each "
          "Event deck", "stop_the_threat",
          "rules"),
    _kind("path_starts", "brw.paths.start_card",
          "Paths: each Mage is dealt a Path Start card (chance)", "starts", "chance"),
    _kind("path_shuffle", "brw.paths.deck", "Paths: the Path deck is shuffled (chance)",
          "paths", "chance"),
    _kind("path_draw", "brw.paths.first_card", "three Path cards are drawn for {0}",
          "path_draw", "rules", tuple[str, Placing]),
    _kind("path_keep", "brw.paths.first_card",
          "{name} keeps one of the drawn Path cards with matching Tracks ({0})", "keep",
          data=tuple[Placing], ask="keep a drawn Path card whose Tracks match"),
    _kind("path_under", "brw.paths.first_card",
          "the Path cards not kept go under the deck, shuffled (chance)", "under", "chance"),
    _kind("path_advance", "brw.paths.advance",
          "{name} met the Advance Condition ({0}) and may advance their Path marker",
          "advance", data=tuple[str], ask="advance the Path marker or stay"),
    _kind("path_effect", "brw.paths.effect_passage",
          "{name} may resolve the Effect of Path card {0} as a triggered Trap", "trap",
          data=tuple[str], ask="resolve the Effect Passage on a target, or skip it"),
    _kind("path_quest", "brw.paths.gain_quest",
          "{name} would draw a Quest and may draw three Path cards instead", "quest",
          ask="draw Path cards instead of the Quest, or not"),
)}
"""The modules' steps, by name (the game's flow declares them)."""

MODULE_ARITY: Final[dict[str, tuple[int, int | None, str, str]]] = {
    "geomancy": (0, None, "the Geomancy spells dealt, three per Mage in seat order",
                 "geomancy geo_04 geo_17 geo_09 ..."),
    "stop_the_threat": (0, 0, "", "stop_the_threat"),
    "starts": (1, None, "the Path Start cards, seat by seat", "starts start_3 start_1"),
    "paths": (1, None, "the Path deck, top first", "paths path_07 path_12 ..."),
    "path_draw": (0, 0, "", "path_draw"),
    "keep": (1, 1, "a drawn Path card, or none", "keep path_05"),
    "under": (0, None, "the cards not kept, in the order they go under", "under path_03"),
    "advance": (1, 1, "a next Passage as card:passage, or stay", "advance 1:m1"),
    "trap": (1, 1, "the Effect's target, self, or skip", "trap mage2"),
    "quest": (1, 1, "paths or skip", "quest paths"),
}
"""The modules' verbs: (least words, most words, what they are, an example)."""

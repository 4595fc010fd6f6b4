"""Events: one described change of the game, the lines of the log.

>>> e = Event("stone.place", "Milo places a red stone on the Fox.", actor=0)
>>> str(e)
'Milo places a red stone on the Fox.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from gaia_lab.core.rulebook import RuleRef, citation_html
from gaia_lab.core.values import slot_init

Delta = tuple[tuple[str, int], ...]
"""Changes of counted things, as ``(key, amount)`` pairs (e.g. ``("Milo.score", 3)``)."""


@slot_init
@dataclass(frozen=True, slots=True)
class Event:
    """A state change, described for a reader."""

    kind: str
    """What happened, e.g. ``"dice.roll"`` or ``"animal.revive"``."""
    text: str
    """The sentence a reader sees in the log."""
    rule: RuleRef | None = None
    """The rule that made it happen."""
    actor: int | str | None = None
    """The seat who acted, ``"chance"``, ``"rules"`` or None."""
    delta: Delta = ()
    """Counted changes."""
    automatic: bool = False
    """True when the rules did it with no decision."""

    def __str__(self) -> str:
        return self.text

    @property
    def line(self) -> str:
        """The event's log line: its text and its rule's section (a citation a reader
        can look up; the rule's id is for code).

        >>> from gaia_lab.games.animals_gathering.rulebook import RULES
        >>> Event("dice.roll", "Milo rolls 3 dice.", RULES["ag.roll.dice_count"]).line
        'Milo rolls 3 dice.  [B. Rolling the Magic Dice]'
        >>> Event("turn", "Turn 2 begins.").line
        'Turn 2 begins.'
        """
        return f"{self.text}  [{self.rule.citation}]" if self.rule is not None else self.text

    def _repr_html_(self) -> str:
        """The event's text with its rule's citation linked to the rule on its rules page.

        >>> from gaia_lab.games.animals_gathering.rulebook import RULES
        >>> Event("dice.roll", "Milo rolls 3 dice.", RULES["ag.roll.dice_count"])._repr_html_()
        'Milo rolls 3 dice. <small>[<a href="../../docs/rules/animals_gathering.html#\
rule-ag-roll-dice-count" title="...">B. Rolling the Magic Dice</a>]</small>'
        """
        cite = f" <small>[{citation_html(self.rule)}]</small>" if self.rule else ""
        return f"{escape(self.text)}{cite}"


class _Unread(list[Any]):
    """A list of events that keeps none (see :data:`UNREAD`)."""

    __slots__ = ()

    def append(self, event: Any) -> None:
        """Keep nothing."""

    def extend(self, events: Iterable[Any]) -> None:
        """Keep nothing."""

    def insert(self, index: Any, event: Any) -> None:
        """Keep nothing."""

    def __setitem__(self, index: Any, events: Any) -> None:
        """Keep nothing."""

    def __iadd__(self, events: Iterable[Any]) -> _Unread:  # type: ignore[misc]
        return self


UNREAD: Final[list[Any]] = _Unread()
"""The events list of a step nobody reads (:meth:`Game.advance
<gaia_lab.core.game.Game.advance>`): it keeps nothing, and a game that builds an event
only when its list is not this one saves the sentence too.

>>> UNREAD.append(Event("turn", "Turn 2 begins.")); UNREAD
[]
"""


def log_lines(events: Iterable[Event]) -> str:
    """Events as log lines, one a line, each with its rule's section (:attr:`Event.line`).

    >>> from gaia_lab.games.animals_gathering.rulebook import RULES
    >>> print(log_lines([Event("dice.roll", "Milo rolls 3 dice.", RULES["ag.roll.dice_count"]),
    ...                  Event("turn", "Turn 2 begins.")]))
    Milo rolls 3 dice.  [B. Rolling the Magic Dice]
    Turn 2 begins.
    """
    return "\n".join(event.line for event in events)

"""Events: one described change of the game, the lines of the log.

>>> e = Event("stone.place", "Milo places a red stone on the Fox.", actor=0)
>>> str(e)
'Milo places a red stone on the Fox.'
"""

from __future__ import annotations

from dataclasses import dataclass

from gaia_lab.core.rulebook import RuleRef

Delta = tuple[tuple[str, int], ...]
"""Changes of counted things, as ``(key, amount)`` pairs (e.g. ``("Milo.score", 3)``)."""


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

"""The errors gaia_lab raises.

Every error is a :class:`GaiaLabError`, itself a :class:`ValueError`, so callers can
catch one family.  A failed call never changes a :class:`~gaia_lab.Session`.

>>> issubclass(IllegalActionError, GaiaLabError) and issubclass(GaiaLabError, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gaia_lab.core.verdict import Verdict


class GaiaLabError(ValueError):
    """Base class of every error raised by gaia_lab."""


class NotationError(GaiaLabError):
    """Text that cannot be parsed as an action of the game."""


class IllegalActionError(GaiaLabError):
    """A well-formed action that the rules do not allow now.

    The :class:`~gaia_lab.core.verdict.Verdict` says why and cites the rule.
    """

    def __init__(self, verdict: Verdict, action: str = "") -> None:
        self.verdict = verdict
        self.action = action
        prefix = f"illegal action {action!r}: " if action else ""
        cite = f" [{verdict.rule}]" if verdict.rule is not None else ""
        super().__init__(f"{prefix}{verdict.message}{cite}")


class InvalidStateError(GaiaLabError):
    """A malformed state, record, scenario or data file.

    ``problems`` lists every problem found, each naming its place.
    """

    def __init__(self, problems: Iterable[str] | str, source: str = "") -> None:
        self.problems: tuple[str, ...] = (
            (problems,) if isinstance(problems, str) else tuple(problems)
        )
        self.source = source
        where = f"{source}: " if source else ""
        if len(self.problems) == 1:
            text = where + self.problems[0]
        else:
            text = where + f"{len(self.problems)} problems:\n" + "\n".join(
                f"  - {p}" for p in self.problems
            )
        super().__init__(text)


class ExampleError(GaiaLabError):
    """A worked example whose checkpoint did not hold."""


class GameDefinitionError(GaiaLabError, TypeError):
    """A Game class that leaves out part of the protocol (found when it is made)."""


class GaiaLabWarning(UserWarning):
    """Base class of every warning gaia_lab gives (such as a record of another version)."""

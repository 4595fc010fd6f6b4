"""Helpers for the Black Rose Wars notebooks: reading an example's AI choices and steps.

The rules live in the engine; these only gather what the engine kept, for display.

>>> from gaia_lab.games.black_rose_wars.examples import EXAMPLES
>>> first = next(e for e in EXAMPLES if e.id == "brw.ex.priority_1").run()
>>> [c.line for c in choices(first)][:1]
['Priority 1']
"""

from __future__ import annotations

from collections.abc import Iterable

from gaia_lab.core.session import Session
from gaia_lab.games.black_rose_wars.state import BRWState, Choice, mage_id

__all__ = ["choices", "traces"]


def choices(session: Session) -> tuple[Choice, ...]:
    """Every choice Gaea or Filius made in ``session``, in order, each once (the engine keeps
    the last one on the state; the history holds them all)."""
    found: list[Choice] = []
    states: Iterable[object] = [p.state for p in session.history] + [session.state]
    for state in states:
        if isinstance(state, BRWState) and state.choice is not None and (
                not found or found[-1] != state.choice):
            found.append(state.choice)
    return tuple(found)


def traces(session: Session) -> str:
    """The decision traces of :func:`choices`, one block each, as text, each Mage's name
    beside its id."""
    state = session.state
    names = ({mage_id(seat): mage.name for seat, mage in enumerate(state.mages)}
             if isinstance(state, BRWState) else {})
    return "\n\n".join(c.text(names) for c in choices(session)) or "(no choice made)"

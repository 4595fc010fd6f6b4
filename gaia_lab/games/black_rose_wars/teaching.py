"""Helpers for the Black Rose Wars notebooks: reading an example's AI choices and steps.

The rules live in the engine; these only gather what the engine kept, for display.

>>> from gaia_lab.games.black_rose_wars.examples import EXAMPLES
>>> first = next(e for e in EXAMPLES if e.id == "brw.ex.priority_1").run()
>>> [c.line for c in choices(first)][:1]
['Priority 1']
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from gaia_lab.core.events import Event
from gaia_lab.core.session import Session
from gaia_lab.games.black_rose_wars.rulebook import RECONSTRUCTED, RULES, is_reconstructed
from gaia_lab.games.black_rose_wars.state import ROOT_SLOTS, BRWState, Choice

if TYPE_CHECKING:  # pragma: no cover
    from gaia_lab.games.black_rose_wars.game import BlackRoseWars

__all__ = ["ROUND_PHASES", "choices", "lodge_table", "resolve_until", "round_phases", "traces"]


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
    """The decision traces of :func:`choices`, one block each, as text, naming the Mages
    and Rooms as a reader does (:meth:`.rules.Rules.names`)."""
    state, rules = session.state, getattr(session.game, "rules", None)
    names = rules.names(state) if isinstance(state, BRWState) and rules is not None else {}
    return "\n\n".join(c.text(names) for c in choices(session)) or "(no choice made)"


ROUND_PHASES: Final = (
    ("Black Rose phase", "brw.core.black_rose_phase"), ("Study phase", "brw.core.study"),
    ("Planning phase", "brw.core.planning"), ("Action phase", "brw.core.action"),
    ("Gaea activates, after each round of turns", "brw.core.avatar_turn"),
    ("Evocation phase", "brw.core.evocation_phase"),
    ("Blossoming Burst", "brw.skill.blossoming_burst"), ("Clean-up phase", "brw.core.cleanup"))
"""A round's phases in the order they are played (brw.core.round), each with its rule."""


def round_phases() -> str:
    """A round's phases in order, each with its rule's id, where the rule comes from (the
    expansion's rulebook or the modelled core) and its summary.

    >>> print(round_phases().splitlines()[0])
    1. Black Rose phase  [brw.core.black_rose_phase, modelled core]
    """
    lines: list[str] = []
    for n, (title, rule_id) in enumerate(ROUND_PHASES, 1):
        rule = RULES[rule_id]
        source = "modelled core" if is_reconstructed(rule) else "Gaea Reborn rulebook"
        summary = rule.summary.removeprefix(RECONSTRUCTED).strip()
        lines += [f"{n}. {title}  [{rule_id}, {source}]",
                  *textwrap.wrap(summary, 88, initial_indent="   ", subsequent_indent="   ")]
    return "\n".join(lines)


def lodge_table(state: BRWState, game: BlackRoseWars | None = None) -> str:
    """Every Room of the Lodge: its side, Instability on its printed slots, its Root Token's
    two slots, the Models standing in it, and what each Cell opens onto.

    >>> from gaia_lab.games.black_rose_wars import GAME
    >>> state = GAME.scenario({"players": 1, "rooms": ["crypt", "forge", "garden", "arena",
    ...                                               "armory"],
    ...                        "lodge": {"forge": {"slots": ["mage1"], "root": ["gaea"]}}})
    >>> print(lodge_table(state).splitlines()[3])
    Forge            ruined   1/4 Instability, Root Token 1/2
    """
    from gaia_lab.games.black_rose_wars import GAME

    rules = (game or GAME).rules
    c = (game or GAME).components
    lines: list[str] = []
    for room in state.rooms:
        root = ("no Root Token" if room.root is None
                else f"Root Token {len(room.root.slots)}/{ROOT_SLOTS}")
        side = "rebuilt" if room.rebuilt else "ruined"
        models = ", ".join(rules.name(state, m) for m in state.models_in(room.id))
        lines.append(f"{c.room(room.id).name:16} {side:8} {len(room.slots)}/{room.size} "
                     f"Instability, {root}" + (f"; here: {models}" if models else ""))
    for cell in state.cells:
        models = ", ".join(rules.name(state, m) for m in state.models_in(cell.id))
        lines.append(f"{rules.name(state, cell.id):16} opens onto {rules.name(state, cell.room)}"
                     + (f"; here: {models}" if models else ""))
    return "\n".join(lines)


def resolve_until(session: Session, *stops: str) -> list[Event]:
    """Resolve the steps the rules (and chance) take by themselves, one at a time, until a
    Mage has a decision to make, the game is over, or the pending step is of a kind in
    ``stops``; return what they caused.  For a session made with ``auto=False``.

    >>> import gaia_lab
    >>> s = gaia_lab.Session("black_rose_wars", players=1, seed=2, auto=False)
    >>> _ = resolve_until(s, "root_tokens")
    >>> s.pending.kind
    'root_tokens'
    >>> any("Root Token" in e.text for e in resolve_until(s)), s.pending.kind
    (True, 'planning')
    """
    events: list[Event] = []
    while (pending := session.pending) is not None and not isinstance(
            pending.actor, int) and pending.kind not in stops:
        events += session.step()
    return events

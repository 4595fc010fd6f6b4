"""Why a legal line is legal: what it does, what it costs and gains, under which rule.

A refusal already names the rule that forbids and the numbers; a legal line is explained
by what it does (its events, in order), the change to the player's resources, power bowls
and VP (with the resources it brings up to their cap, where more is lost), and the
decisions it puts before others (charges offered), citing the rule of its
main action (a free action's when the line holds only free actions).

>>> from gaia_lab.core.values import evolve
>>> from gaia_lab.games.gaia_project.state import PlayerState
>>> a = PlayerState.new("terrans")
>>> b = PlayerState.new("terrans").add_vp(2, "round1")
>>> change_text(a, evolve(b, credits=a.credits - 2, ore=a.ore - 1, bowls=(3, 5, 0, 0)))
'pays 2c 1o; gains 2 VP; power bowls 4/4/0 to 3/5/0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from gaia_lab.core.events import Event
from gaia_lab.core.verdict import Verdict
from gaia_lab.games.gaia_project.flow import FLOW
from gaia_lab.games.gaia_project.rulebook import RULES
from gaia_lab.games.gaia_project.rules import CAPS, _name
from gaia_lab.games.gaia_project.state import GPState, PlayerState

__all__ = ["cap_text", "change_text", "legal_verdict"]

_AMOUNTS: Final = (("credits", "c"), ("ore", "o"), ("knowledge", "k"), ("qic", "q"))
_FREE_KINDS: Final = frozenset({"spend", "burn"})


def change_text(before: PlayerState, after: PlayerState) -> str:
    """What a player pays and gains between two states: resources, VP, power bowls."""
    if before is after:
        return ""
    was = (before.credits, before.ore, before.knowledge, before.qic)
    now = (after.credits, after.ore, after.knowledge, after.qic)
    pays = [f"{b - a}{c}" for b, a, (_, c) in zip(was, now, _AMOUNTS, strict=True) if a < b]
    gains = [f"{a - b}{c}" for b, a, (_, c) in zip(was, now, _AMOUNTS, strict=True) if a > b]
    if after.vp < before.vp:
        pays.append(f"{before.vp - after.vp} VP")
    if after.vp > before.vp:
        gains.append(f"{after.vp - before.vp} VP")
    parts = []
    if pays:
        parts.append("pays " + " ".join(pays))
    if gains:
        parts.append("gains " + " ".join(gains))
    if after.bowls != before.bowls:
        def bowls(b: tuple[int, int, int, int]) -> str:
            return "/".join(map(str, b[:3])) + (f" (Gaia area {b[3]})" if b[3] else "")
        parts.append(f"power bowls {bowls(before.bowls)} to {bowls(after.bowls)}")
    return "; ".join(parts)


def cap_text(before: PlayerState, after: PlayerState) -> str:
    """The resources a line brings up to their cap, where any more is lost
    (``gp.income.caps``), or "".

    >>> from gaia_lab.core.values import evolve
    >>> a = evolve(PlayerState.new("terrans"), ore=14)
    >>> cap_text(a, evolve(a, ore=15))
    'Ore reaches its cap of 15: any more is lost (gp.income.caps).'
    >>> cap_text(a, evolve(a, ore=13))
    ''
    """
    if before is after:
        return ""
    reached = [f"{name.capitalize()} reaches its cap of {cap}" for name, cap in CAPS.items()
               if getattr(after, name) >= cap > getattr(before, name)]
    if not reached:
        return ""
    return "; ".join(reached) + ": any more is lost (gp.income.caps)."


def legal_verdict(state: GPState, after: GPState, events: Sequence[Event]) -> Verdict:
    """The verdict of a legal line: its events, the acting player's change
    (:func:`change_text`) and the charges it offers, citing the main action's rule."""
    task = state.tasks[0] if state.tasks else None
    seat = task.actor if task is not None and isinstance(task.actor, int) else None
    own = [e for e in events if e.actor == seat or seat is None]
    main = [e for e in own if e.rule is not None and e.kind not in _FREE_KINDS]
    ruled = main or [e for e in own if e.rule is not None]
    # without a ruled event (an Itars' decline), the rule of the decision answered
    rule = ruled[0].rule if ruled else RULES[
        FLOW.kind_of(task).rule if task is not None else "gp.action.turns"]
    sentences = [e.text.rstrip(".") + "." for e in own if not e.automatic]
    if seat is not None:
        change = change_text(state.seats[seat], after.seats[seat])
        if change:
            sentences.append(change[0].upper() + change[1:] + ".")
        capped = cap_text(state.seats[seat], after.seats[seat])
        if capped:
            sentences.append(capped)
    new = [t for t in after.pending if t.kind == "charge"]
    for t in state.pending[1:]:  # the decisions that were waiting already
        if t in new:
            new.remove(t)
    if new:
        names = tuple(_name(p.faction) if p.faction else f"p{i + 1}"
                      for i, p in enumerate(after.seats))
        sentences.append("Then " + "; ".join(FLOW.describe(t, names) for t in new) + ".")
    return Verdict.ok(rule, "Legal: " + " ".join(sentences) if sentences else "Legal.")


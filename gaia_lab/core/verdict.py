"""Verdicts: whether an action is legal now, and why.

>>> from gaia_lab.core.rulebook import RuleRef
>>> turn = RuleRef("demo.turn", "How to Play", "Take one action.")
>>> v = Verdict.illegal("turn.not_yours", "It is Howard's turn, not Milo's.", turn)
>>> bool(v), v.code
(False, 'turn.not_yours')
>>> bool(Verdict.ok(turn))
True

A learner reads the reason and the rule's section (its citation, a link in HTML to the
rule on its rules page); the reason code and the rule's id stay in ``code``, ``rule.id``
and the repr, for tests and tools:

>>> print(v)
not legal now: It is Howard's turn, not Milo's. [How to Play]
>>> v
<Verdict illegal turn.not_yours: It is Howard's turn, not Milo's. [demo.turn]>
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from types import MappingProxyType
from typing import Any

from gaia_lab.core.rulebook import RuleRef, citation_html

_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer to "may this action be played now?"."""

    legal: bool
    code: str
    """Stable, greppable reason code such as ``"roll.too_many_dice"``; ``"ok"`` if legal."""
    message: str
    """A sentence with the numbers behind the answer."""
    rule: RuleRef | None
    """The rule that allows or forbids the action."""
    details: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    """Data behind the message, for a view to highlight."""

    def __bool__(self) -> bool:
        return self.legal

    @classmethod
    def ok(cls, rule: RuleRef | None, message: str = "Legal.", **details: Any) -> Verdict:
        """A legal verdict citing the rule that allows the action."""
        return cls(True, "ok", message, rule, MappingProxyType(dict(details)))

    @classmethod
    def illegal(cls, code: str, message: str, rule: RuleRef | None, **details: Any) -> Verdict:
        """An illegal verdict with its reason code, message and rule."""
        return cls(False, code, message, rule, MappingProxyType(dict(details)))

    @property
    def headline(self) -> str:
        """``"legal"`` or ``"not legal now"``: the answer in the learner's words."""
        return "legal" if self.legal else "not legal now"

    def __str__(self) -> str:
        """The answer, the reason and the rule's citation (no code or id)."""
        cite = f" [{self.rule.citation}]" if self.rule else ""
        return f"{self.headline}: {self.message}{cite}"

    def __repr__(self) -> str:
        """The verdict with its reason code and rule id, for tests and tools."""
        head = "legal" if self.legal else f"illegal {self.code}"
        rule = f" [{self.rule.id}]" if self.rule else ""
        return f"<Verdict {head}: {self.message}{rule}>"

    def _repr_html_(self) -> str:
        """The verdict with its rule's citation linked to the rule on its rules page; the
        reason code is a detail to open.

        >>> from gaia_lab.core.rulebook import RuleRef
        >>> Verdict.ok(RuleRef("gp.special.alone", "Special", "..."))._repr_html_()
        '<b>legal</b>: Legal. <small>[<a href="../../docs/rules/gaia_project.html#\
rule-gp-special-alone" title="... (gp.special.alone)">Special</a>]</small>'
        >>> print(Verdict.illegal("x.no", "No.", None)._repr_html_())
        <b>not legal now</b>: No.<details><summary><small>details</small></summary><small>\
reason code x.no</small></details>
        """
        cite = f" <small>[{citation_html(self.rule)}]</small>" if self.rule else ""
        html = f"<b>{self.headline}</b>: {escape(self.message)}{cite}"
        if not self.legal:
            html += (f"<details><summary><small>details</small></summary><small>"
                     f"reason code {escape(self.code)}</small></details>")
        return html

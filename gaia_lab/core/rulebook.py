"""Rule references: every rule a rule source states, with a stable id.

A :class:`RuleRef` names one rule by a stable id, the section title as printed in
the rule source and a short paraphrase.  Each game keeps all of its rules in one
:class:`Rulebook`.

>>> book = Rulebook("Demo rules", [RuleRef("demo.turn", "How to Play", "Take one action.")])
>>> book["demo.turn"].section
'How to Play'
>>> str(book["demo.turn"])
'How to Play: Take one action. (demo.turn)'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleRef:
    """One rule of a rule source."""

    id: str
    """Stable id, ``<game prefix>.<topic>.<rule>``; tests and records use it."""
    section: str
    """The section title as the rule source prints it."""
    summary: str
    """A short paraphrase of the rule (never the rulebook's own words)."""

    def __str__(self) -> str:
        return f"{self.section}: {self.summary} ({self.id})"

    @property
    def citation(self) -> str:
        """Section and id, short enough for a log line."""
        return f"{self.section} [{self.id}]"


class Rulebook(Mapping[str, RuleRef]):
    """The rules of one rule source, by id, in the order the source states them."""

    def __init__(self, source: str, rules: Iterable[RuleRef]) -> None:
        self.source = source
        self._rules: dict[str, RuleRef] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"duplicate rule id {rule.id!r}")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> RuleRef:
        try:
            return self._rules[rule_id]
        except KeyError:
            raise KeyError(f"{self.source} has no rule {rule_id!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def sections(self) -> dict[str, list[RuleRef]]:
        """The rules grouped by section, in source order."""
        out: dict[str, list[RuleRef]] = {}
        for rule in self._rules.values():
            out.setdefault(rule.section, []).append(rule)
        return out

    def __repr__(self) -> str:
        return f"<Rulebook {self.source!r}: {len(self)} rules>"

"""Rule references: every rule a rule source states, with a stable id.

A :class:`RuleRef` names one rule by a stable id, the section title as printed in
the rule source and a short paraphrase.  Each game keeps all of its rules in one
:class:`Rulebook`.

>>> book = Rulebook("Demo rules", [RuleRef("demo.turn", "How to Play", "Take one action.")])
>>> book["demo.turn"].section
'How to Play'
>>> str(book["demo.turn"])
'How to Play: Take one action. (demo.turn)'

Every rule has one address on its game's rules page (``docs/rules/<game>.md``),
given by :func:`rule_url`; its anchor is ``rule-`` and the id with each character that
is not a letter or digit written as ``-``:

>>> rule_anchor("ag.roll.dice_count")
'rule-ag-roll-dice-count'
>>> rule_url("ag.roll.dice_count", base="https://example.org/rules/")
'https://example.org/rules/animals_gathering.html#rule-ag-roll-dice-count'
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from html import escape

from gaia_lab.core.errors import GaiaLabError

RULES_URL = os.environ.get("GAIA_LAB_RULES_URL", "../../docs/rules/")
"""Where the rules pages are: rule ``r`` of game ``g`` is at
``RULES_URL + g + ".html#" + rule_anchor(r)``.  Relative to a notebook in
``notebooks/<game>/`` by default (the built site keeps that layout); the environment
variable ``GAIA_LAB_RULES_URL`` sets another base, such as a published site."""

_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")


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
        """How a learner is pointed to the rule: its section as the rule source prints it
        (the rules pages follow the source's sections; the id stays in :attr:`id`).

        >>> RuleRef("demo.turn", "How to Play", "Take one action.").citation
        'How to Play'
        """
        return self.section

    def _repr_html_(self) -> str:
        return f"{citation_html(self)}: {escape(self.summary)}"


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


def rule_anchor(rule: RuleRef | str) -> str:
    """The anchor of a rule on its rules page: ``rule-`` + its id, non-alphanumerics as ``-``.

    >>> rule_anchor("gp.special.alone")
    'rule-gp-special-alone'
    """
    rule_id = rule.id if isinstance(rule, RuleRef) else rule
    return "rule-" + _NOT_ALNUM.sub("-", rule_id)


def game_of_rule(rule: RuleRef | str) -> str:
    """The registered game whose rulebook states ``rule``: its home, where its page is.

    A rule two games state (a drill game sharing its parent's rules) lives with the one
    registered first.

    >>> game_of_rule("sog.objective")
    'shapers_of_gaia'
    >>> game_of_rule("chess.castle")
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: no registered game states the rule 'chess.castle'
    """
    from gaia_lab.core import registry

    rule_id = rule.id if isinstance(rule, RuleRef) else rule
    home = registry.home_of_rule(rule_id) if isinstance(rule_id, str) else None
    if home is None:
        raise GaiaLabError(f"no registered game states the rule {rule_id!r}")
    return home


def rule_url(rule: RuleRef | str, game: str | None = None, *, base: str | None = None) -> str:
    """The address of ``rule`` on its rules page: its home game's (:func:`game_of_rule`).

    ``game`` names the page of a rule no registered game states (a game being written).

    ``base`` is the folder of the rules pages, :data:`RULES_URL` when None.

    >>> rule_url("gp.special.alone")
    '../../docs/rules/gaia_project.html#rule-gp-special-alone'
    >>> rule_url(RuleRef("demo.turn", "How to Play", "..."), "demo", base="")
    'demo.html#rule-demo-turn'
    """
    try:
        name = game_of_rule(rule)
    except GaiaLabError:
        if game is None:
            raise
        name = game
    return f"{RULES_URL if base is None else base}{name}.html#{rule_anchor(rule)}"


def citation_html(rule: RuleRef, game: str | None = None, *, base: str | None = None) -> str:
    """A rule's citation as HTML: its section, linked to its anchor on its rules page.

    The summary and the id are the hover text.  A rule no registered game states (a demo
    rule) is cited without a link.

    >>> citation_html(RuleRef("demo.turn", "How to Play", "Take one action."))
    '<span title="Take one action. (demo.turn)">How to Play</span>'
    >>> citation_html(RuleRef("ag.roll.dice_count", "B. Rolling", "..."), base="r/")
    '<a href="r/animals_gathering.html#rule-ag-roll-dice-count" title="... \
(ag.roll.dice_count)">B. Rolling</a>'
    """
    title = escape(f"{rule.summary} ({rule.id})")
    try:
        url = rule_url(rule, game, base=base)
    except GaiaLabError:
        return f'<span title="{title}">{escape(rule.citation)}</span>'
    return f'<a href="{escape(url)}" title="{title}">{escape(rule.citation)}</a>'

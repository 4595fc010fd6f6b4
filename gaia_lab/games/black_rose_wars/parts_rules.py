"""The few rules the parts modules (Paths, Geomancy, the Legendary Scenario, Large Models)
cite that the game's rulebook (:mod:`.rulebook`) does not hold, and :func:`rule`, which
finds any cited id in either.

>>> rule("brw.paths.advance").section
'Using Paths'
>>> rule("brw.paths.no_match").summary.startswith("(engine ruling)")
True
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.games.black_rose_wars.rulebook import RECONSTRUCTED, RULES, RULING

PARTS_RULES: Final = Rulebook("Black Rose Wars: Rebirth - Gaea Reborn (modules)", [
    RuleRef("brw.paths.no_match", "Paths",
            f"{RULING} When none of the three drawn Path cards matches, the Mage keeps none "
            "and all three go under the deck, shuffled."),
    RuleRef("brw.paths.start_condition", "Path Start Card Anatomy",
            f"{RULING} The line at the top of a Path Start card (\"You gain 1 Power Point\" "
            "on the one shown) is its Advance Condition: the marker advances each time the "
            "Mage gains a Power Point."),
    RuleRef("brw.large.grid", "Large Models",
            f"{RECONSTRUCTED} The Nova Aetas Battlefield as modelled: squares touch by a "
            "king's step, a Model moves up to its Speed through squares free of Models and "
            "Scenic Elements, and a normal Model's sight is blocked by a Model or Scenic "
            "Element on the line between two squares."),
])
"""The rules the parts modules add, by id."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id, from the game's rulebook or :data:`PARTS_RULES`."""
    return RULES[rule_id] if rule_id in RULES else PARTS_RULES[rule_id]

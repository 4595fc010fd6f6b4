"""The rules the modules (Paths, Geomancy, the Legendary Scenario, Large Models) add to the
expansion's: engine rulings on what its rulebook leaves open, and the modelled Quest draw.
The game's rulebook (:mod:`.rulebook`) holds them with every other rule;
:func:`rule` finds any id there.

>>> rule("brw.paths.advance").section
'Using Paths'
>>> rule("brw.paths.no_match").summary.startswith("(engine ruling)")
True
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.rulebook import RuleRef

RULING: Final = "(engine ruling)"
RECONSTRUCTED: Final = "(reconstructed)"

PARTS_RULES: Final[tuple[RuleRef, ...]] = (
    RuleRef("brw.paths.no_match", "Paths",
            f"{RULING} When none of the three drawn Path cards matches, the Mage keeps none "
            "and all three go under the deck, shuffled."),
    RuleRef("brw.paths.start_condition", "Path Start Card Anatomy",
            f"{RULING} The Path Start card's anatomy names a Path Start, a Track and an "
            "Advance Condition, and no Effect; its one printed line, \"You gain 1 Power "
            "Point\" at its top, is therefore its Advance Condition, the same on every Path "
            "Start card: the marker leaves the Path Start when the Mage gains a Power "
            "Point."),
    RuleRef("brw.core.quest", "Core game (modelled)",
            f"{RECONSTRUCTED} The modelled core has no Quest deck: a Mage who activates a "
            "Room side that draws a Quest (the yellow Rooms' ruined side, the rebuilt Room "
            "of Pleasures) would draw a Quest, and with Paths may draw three Path cards "
            "instead."),
    RuleRef("brw.hunt.battlefield", "Large Models",
            f"{RECONSTRUCTED} The Nova Aetas Battlefield as modelled: squares touch by a "
            "king's step, a Model moves up to its Speed through squares free of Models and "
            "Scenic Elements, and a normal Model's sight is blocked by a Model or Scenic "
            "Element on the line between two squares."),
    RuleRef("brw.hunt.drill", "Large Models",
            f"{RECONSTRUCTED} The drill: the Hunt party takes a number of actions, each a "
            "move or an Area attack (2 Damage to its target, 1 to every other Model in its "
            "2 x 2 Area, once each); a Model whose Damage reaches its Health leaves the "
            "Battlefield; the drill ends when the actions run out, Gaea is defeated or the "
            "party ends it."),
)
"""The rules the modules add (the game's rulebook lists them after the expansion's)."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id in the game's rulebook (KeyError names an unknown id)."""
    from gaia_lab.games.black_rose_wars.rulebook import RULES

    return RULES[rule_id]

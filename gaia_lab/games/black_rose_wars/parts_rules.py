"""The rules the parts modules (Paths, Geomancy, the Legendary Scenario, Large Models) cite.

Until the game's rulebook module is merged these are kept here under the same ids.

>>> rule("brw.paths.advance").section
'Using Paths'
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.rulebook import Rulebook, RuleRef

_PATHS = "Paths"
PARTS_RULES: Final = Rulebook("Black Rose Wars: Rebirth - Gaea Reborn rulebook (modules)", [
    RuleRef("brw.paths.first_card", _PATHS,
            "From the Crown clockwise each Mage draws three Path cards, keeps one right of "
            "the start card with matching Tracks, the others shuffled under the deck."),
    RuleRef("brw.paths.advance", "Using Paths",
            "Meeting the Advance Condition of the marker's card lets the marker move to a "
            "next Passage joined by a continuous Track."),
    RuleRef("brw.paths.gain_advance", "Gaining a Path Card",
            "A marker moved onto another card's Passage, not an End Point: draw three, keep "
            "one right of the last card with matching Tracks."),
    RuleRef("brw.paths.gain_quest", "Gaining a Path Card",
            "Instead of drawing a Quest a Mage may draw three Path cards and keep one."),
    RuleRef("brw.paths.effect_passage", "Reaching an Effect Passage",
            "On an Effect Passage the Mage may resolve the card's Effect as a triggered Trap."),
    RuleRef("brw.paths.end_point", "Reaching an End Point",
            "On an End Point the Path is complete and the Avatar gains the Power Points shown."),
    RuleRef("brw.paths.end_point_locked", "Reaching an End Point",
            "After that the Mage neither advances nor gains Path cards."),
    RuleRef("brw.paths.complete_score", "End of the Game — Additional",
            "A Complete Path gains the Points boxes of the marker's card and those left of it."),
    RuleRef("brw.paths.incomplete_penalty", "End of the Game — Additional",
            "An Incomplete Path loses the Penalty boxes of all its Path cards."),
    RuleRef("brw.paths.no_match", "Paths",
            "(engine ruling) When none of the three drawn cards matches, the Mage keeps none "
            "and all three go under the deck, shuffled."),
    RuleRef("brw.large.squares", "Large Models",
            "A Large Model occupies more than one Battlefield square."),
    RuleRef("brw.large.move", "Large Models",
            "While it moves a Large Model occupies one square, counted from any square it "
            "occupied."),
    RuleRef("brw.large.place", "Large Models",
            "After moving it is placed so that its squares include the one where it stopped."),
    RuleRef("brw.large.push", "Large Models",
            "Models on the squares it needs are pushed to adjacent free squares, or else to "
            "the nearest free square."),
    RuleRef("brw.large.scenic", "Large Models",
            "Scenic Elements are never covered; if no placement is possible it ends its move "
            "on a square that allows one."),
    RuleRef("brw.large.area_target", "Large Models and Area Effects",
            "An Area attack targets a Large Model when one of its squares is in the Area."),
    RuleRef("brw.large.area_target_once", "Large Models and Area Effects",
            "A targeted Large Model suffers only the target's effect, once."),
    RuleRef("brw.large.area_extra_once", "Large Models and Area Effects",
            "A Large Model that is not the target suffers the additional effect once."),
    RuleRef("brw.large.los", "Large Models and Line of Sight",
            "A Large Model always has Line of Sight to every other Model and they to it."),
    RuleRef("brw.large.grid", "Large Models",
            "(reconstructed) The Nova Aetas Battlefield as modelled: squares touch by a king's "
            "step, a Model moves up to its Speed through squares free of Models and Scenic "
            "Elements, and a normal Model's sight is blocked by a Model or Scenic Element on "
            "the line between two squares."),
])
"""The rules the parts modules cite, by id."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id."""
    return PARTS_RULES[rule_id]

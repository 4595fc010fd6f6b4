"""The rules of the expansion's modules that the parts modules cite (Paths, the School of
Geomancy, the Legendary Scenario and the Hunt Mission's Large Models).

>>> PARTS_RULES["brw.paths.advance"].section
'Using Paths'
"""

from __future__ import annotations

from typing import Final

from gaia_lab.core.rulebook import Rulebook, RuleRef

PARTS_RULES: Final = Rulebook("Black Rose Wars: Rebirth - Gaea Reborn rulebook (modules)", [
    RuleRef("brw.paths.setup", "Paths",
            "The Path cards form a deck beside the Quests; each Mage gets a Path Start card "
            "with a Path marker on its Path Start, then, from the Crown clockwise, draws three "
            "Path cards and keeps one to the right of the start card, the others shuffled "
            "under the deck."),
    RuleRef("brw.paths.match", "Paths",
            "A Path card is placed right of the previous card only where the tracks on the "
            "two touching edges match."),
    RuleRef("brw.paths.advance", "Using Paths",
            "Each time a Mage meets the Advance Condition of the card their marker is on, "
            "they may move the marker to one next Passage joined to it by a continuous "
            "track."),
    RuleRef("brw.paths.gain.advance", "Gaining a Path Card",
            "A marker moved onto a Passage of another card, not an End Point, makes the Mage "
            "draw three Path cards and keep one at the right of their last card."),
    RuleRef("brw.paths.gain.quest", "Gaining a Path Card",
            "Instead of drawing a Quest a Mage may draw three Path cards and keep one at the "
            "right of their last card."),
    RuleRef("brw.paths.effect", "Reaching an Effect Passage",
            "A marker moved onto an Effect Passage lets the Mage resolve that card's Effect, "
            "as a triggered Trap."),
    RuleRef("brw.paths.end_point", "Reaching an End Point",
            "A marker on an End Point completes the Path: the Avatar gains the Power Points "
            "beside it, and the Mage neither advances nor gains Path cards again."),
    RuleRef("brw.paths.scoring", "End of the Game - Additional",
            "At the end a Complete Path scores the Points boxes of the marker's card and every "
            "card left of it; otherwise the Mage loses the Penalty boxes of all their cards."),
    RuleRef("brw.paths.no_match", "Paths (engine ruling)",
            "Engine ruling: when none of the three drawn cards matches, the Mage keeps none "
            "and all three go under the deck, shuffled."),
])
"""The rules the parts modules cite, by id."""

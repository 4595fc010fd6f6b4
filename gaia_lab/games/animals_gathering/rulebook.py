"""Every rule the Animals Gathering rulebook states, as a RuleRef.

Ids start with ``ag.``.  Sections are the rulebook's own headings; summaries are
paraphrases.  Rules marked "(engine ruling)" settle a case the rulebook leaves open.

>>> RULES["ag.roll.dice_count"].section
'B. Rolling the Magic Dice'
"""

from __future__ import annotations

from gaia_lab.core.rulebook import Rulebook, RuleRef

_SETUP = "Setup"
_PLAY = "How to Play"
_TAKE = "A. Selecting an Animal Index Card"
_ROLL = "B. Rolling the Magic Dice"
_END = "Game End"
_SCORE = "Scoring and Win Condition"
_MAGE = "Mage Cards and Abilities"
_PERM = "Animal Powers: Permanent"
_SCORING = "Animal Powers: Scoring"
_ACT = "Animal Powers: Activation"
_SPELL = "Game Variant: Spell Cards and Abilities"
_FAQ = "FAQ: Clarifications"

RULES = Rulebook(
    "Animals Gathering rulebook",
    [
        # Components and setup
        RuleRef("ag.components", "Components",
                "The box holds 5 Mage Cards, 35 Animal Index Cards, 10 Spell Cards, "
                "205 Magic Stones and 6 Magic Dice."),
        RuleRef("ag.setup.mages", _SETUP,
                "Shuffle the Mage Cards and deal one face up to each player; the rest go "
                "back to the box."),
        RuleRef("ag.setup.deal", _SETUP,
                "Shuffle the Animal Index Cards and deal three to each player."),
        RuleRef("ag.setup.keep", _SETUP,
                "Each player keeps one of their three cards as their starting card."),
        RuleRef("ag.setup.deck", _SETUP,
                "All other cards, including the ones not kept, are shuffled into a face-down "
                "deck."),
        RuleRef("ag.setup.supply", _SETUP,
                "Five cards are turned face up from the deck as the communal supply."),
        RuleRef("ag.setup.stones_dice", _SETUP,
                "The Magic Stones and Magic Dice are placed within reach of everyone."),
        RuleRef("ag.setup.reveal", _SETUP,
                "Starting cards are revealed and placed to the right of the Mage Card, in the "
                "summoning area."),
        RuleRef("ag.setup.start_player", _SETUP,
                "The player with the lowest mage number starts."),
        # Turn structure
        RuleRef("ag.turn.choose", _PLAY,
                "On your turn choose one of two actions: select an Animal Index Card or roll "
                "the Magic Dice."),
        RuleRef("ag.turn.next", _PLAY,
                "After the action the turn passes to the player on the left."),
        RuleRef("ag.turn.pass", _PLAY,
                "(engine ruling) A player who can neither select a card nor roll a die "
                "passes."),
        RuleRef("ag.turn.stalemate", _END,
                "(engine ruling) If every player passes in a row, nobody can ever act again: "
                "the game ends and is scored."),
        # A. Selecting a card
        RuleRef("ag.take.card", _TAKE,
                "Select one of the five supply cards and place it in your summoning area."),
        RuleRef("ag.take.refill", _TAKE,
                "The supply is refilled at once from the deck (while the deck lasts)."),
        RuleRef("ag.take.not_revived", _TAKE,
                "A card in the summoning area is not revived: its power cannot be used yet."),
        # B. Rolling the dice
        RuleRef("ag.roll.dice_count", _ROLL,
                "You roll six dice minus the number of uncompleted cards in your summoning "
                "area."),
        RuleRef("ag.roll.colours", _ROLL,
                "The three die colours have different faces; you choose which colours to roll "
                "(there are two dice of each colour)."),
        RuleRef("ag.roll.place", _ROLL,
                "Take every rolled stone that fits an unfilled space of your summoning cards "
                "and place it at once; each die gives one stone; you choose where."),
        RuleRef("ag.roll.no_storing", _ROLL,
                "A stone that fits none of your cards cannot be taken or kept for later."),
        RuleRef("ag.roll.no_moving", _ROLL,
                "Stones placed earlier can be neither moved nor swapped."),
        RuleRef("ag.roll.mage_timing", _ROLL,
                "The active player's mage ability is used during the roll; mage 3 may be used "
                "on every player's roll."),
        RuleRef("ag.revive.complete", _ROLL,
                "A card whose outline is completely filled is revived: it moves to the "
                "companion area and its power becomes available."),
        RuleRef("ag.revive.order", _ROLL,
                "If several cards are completed together, their owner chooses the order of "
                "revival."),
        RuleRef("ag.power.order", _ROLL,
                "If several powers trigger together, their owner chooses the order."),
        RuleRef("ag.unused.others", _ROLL,
                "Stones the active player could not place may be taken and placed by every "
                "other player; none can be stored."),
        RuleRef("ag.unused.revive", _ROLL,
                "Then the other players revive completed cards, starting left of the active "
                "player and going clockwise, and may use the triggered powers."),
        # Game end and scoring
        RuleRef("ag.end.five", _END,
                "When any companion area holds five or more cards, the current turn is "
                "finished and the game ends."),
        RuleRef("ag.end.elephant", _END,
                "A player with the revived Elephant ends the game with four companions."),
        RuleRef("ag.score.points", _SCORE,
                "Add the points of the revived animals in your companion area."),
        RuleRef("ag.score.powers", _SCORE,
                "Scoring powers of revived animals add to their owner's score."),
        RuleRef("ag.score.tiebreak", _SCORE,
                "Highest score wins; on a tie, fewest completed cards wins; otherwise the "
                "victory is shared."),
        # Mages
        RuleRef("ag.mage.1", _MAGE,
                "Mage 1: after rolling four or more different stones, may take one extra "
                "stone of your choice."),
        RuleRef("ag.mage.2", _MAGE,
                "Mage 2: after taking your stones, may discard one die so no other player "
                "can take its stone."),
        RuleRef("ag.mage.3", _MAGE,
                "Mage 3: may exchange two orange-leaf stones of your roll, or two the active "
                "player left unused, for one stone of your choice."),
        RuleRef("ag.mage.4", _MAGE,
                "Mage 4: may roll two extra dice (never more than six in all)."),
        RuleRef("ag.mage.5", _MAGE,
                "Mage 5: after rolling, may reroll any or all of the dice once."),
        # Animal powers
        RuleRef("ag.power.permanent", _PERM,
                "A permanent power is in effect for as long as the animal is revived."),
        RuleRef("ag.power.exchange", _PERM,
                "Exchange: swap each stone of the shown kind from your roll, or left unused "
                "by the active player, for a stone of your choice."),
        RuleRef("ag.power.immunity", _PERM,
                "Immunity: your cards cannot be targeted by other players' attacks."),
        RuleRef("ag.power.early_end", _PERM,
                "Early end: the game ends when your companion area holds four cards."),
        RuleRef("ag.power.scoring", _SCORING,
                "A scoring power adds points at the end of the game."),
        RuleRef("ag.power.per_type", _SCORING,
                "Points for each revived animal of the shown type in your companion area."),
        RuleRef("ag.power.per_stone_icon", _SCORING,
                "Points for each revived animal whose outline shows the shown stone."),
        RuleRef("ag.power.type_sets", _SCORING,
                "Points for each set of one land, one aquatic and one aerial animal."),
        RuleRef("ag.power.activation", _ACT,
                "Activation powers trigger once each time you revive an animal, including "
                "the animal with the power itself."),
        RuleRef("ag.power.steal", _ACT,
                "Attack: steal one stone from an uncompleted card of one player, only a stone "
                "you can place at once."),
        RuleRef("ag.power.raid", _ACT,
                "Attack: every other player removes one stone of their choice from an "
                "uncompleted card and returns it."),
        RuleRef("ag.power.gift_stone", _ACT,
                "Take one of the shown stones from the supply and place it."),
        RuleRef("ag.power.recruit", _ACT,
                "Select one card from the supply into your summoning area."),
        # Spell variant
        RuleRef("ag.spell.deal", _SPELL,
                "Variant: deal two Spell Cards to each player, who keeps one; the rest go back "
                "to the box."),
        RuleRef("ag.spell.use", _SPELL,
                "A spell stays hidden until used, is used once per game, and may be used at "
                "any time, even on another player's turn or at final scoring."),
        RuleRef("ag.spell.all_in", _SPELL, "All In: roll all six dice on this roll."),
        RuleRef("ag.spell.rock_n_roll", _SPELL,
                "Rock 'n' Roll: after a roll, reroll any dice of your choice once."),
        RuleRef("ag.spell.i_choose_u", _SPELL,
                "I Choose U: take and place one stone of your choice from the supply."),
        RuleRef("ag.spell.bubble_burster", _SPELL,
                "Bubble-Burster: the other non-active players cannot take the active player's "
                "unused stones."),
        RuleRef("ag.spell.reshuffle_ritual", _SPELL,
                "Reshuffle Ritual: optionally replace the supply with the next five cards "
                "(shuffling the old ones into the deck), then select one supply card."),
        RuleRef("ag.spell.back_in_the_saddle", _SPELL,
                "Back in the Saddle: select one supply card, then rearrange the stones on "
                "your uncompleted cards."),
        RuleRef("ag.spell.copy_and_paste", _SPELL,
                "Copy and Paste: use a spell another player has already used."),
        RuleRef("ag.spell.animal_resonance", _SPELL,
                "Animal Resonance: trigger every activation power of your companions once."),
        RuleRef("ag.spell.holy_awakening", _SPELL,
                "Holy Awakening: the permanent power of one uncompleted card in your summoning "
                "area takes effect; the spell marks the card."),
        RuleRef("ag.spell.blessed_by_glory", _SPELL,
                "Blessed by Glory: at final scoring, one scoring power of a revived animal "
                "gives 50% more (rounded down)."),
        # FAQ
        RuleRef("ag.faq.max_dice", _FAQ,
                "You must roll as many dice as allowed, in any colour combination."),
        RuleRef("ag.faq.optional", _FAQ,
                "Mage abilities, animal powers and spells are never compulsory."),
        RuleRef("ag.faq.retrigger", _FAQ,
                "Every revival triggers all activation powers again, also a revival caused by "
                "an activation power."),
        RuleRef("ag.faq.partial_spell", _FAQ,
                "A two-part spell may be used for just one of its parts."),
        RuleRef("ag.faq.any_time", _FAQ,
                "Spells can interrupt other players: force a reroll after their roll, take the "
                "card they wanted, trigger a steal before they revive, or boost final scores."),
    ],
)
"""The Animals Gathering rules, by id."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id (KeyError names the id if unknown)."""
    return RULES[rule_id]

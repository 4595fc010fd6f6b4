"""Every rule the GAIA (Tiki Editions) rules summary states, as a RuleRef.

Ids start with ``gt.``.  Sections are the Italian summary's own headings in English
("Obiettivo" is *Goal*, "Caccia e alimentazione" is *Hunting and feeding*...); the
summaries are paraphrases.  Rules marked "(engine ruling)" settle a case the summary
leaves open; rules marked "(reconstructed)" belong to the component facts gathered from
reviews (setup counts) or to the authored Power list, whose printed text is not public.

>>> RULES["gt.city.star"].section
'Cities'
>>> len(RULES) > 60
True
>>> sorted({r.id.split(".")[1] for r in RULES.values()})[:4]
['advanced', 'animal', 'cards', 'city']
"""

from __future__ import annotations

from gaia_lab.core.rulebook import Rulebook, RuleRef

__all__ = ["RULES"]

_GOAL = "Goal"
_COMP = "Components (reconstructed)"
_SETUP = "Setup (reconstructed)"
_TURN = "Turn"
_CARDS = "The Cards"
_NATURE = "Nature cards (terrain)"
_LIFE = "Life cards (Cities and Animals)"
_CITY = "Cities"
_ANIMAL = "Animals"
_SAT = "Satisfaction of a City"
_RAISE = "Raising a City's satisfaction"
_LOWER = "Lowering a City's satisfaction"
_FEED = "Start of a new turn: hunting and feeding"
_OBJ = "Achieving an Objective"
_END = "End of the game and victory"
_ADV = "Advanced rules"
_STEAL = "Stealing a City"
_FULL = "Fully satisfied City"
_POWER = "The Powers"
_PLIST = "The Powers: the list (reconstructed)"
_POBJ = "Reaching a Power Objective (if available)"

RULES = Rulebook(
    "GAIA (Tiki Editions) rules summary (Italian)",
    [
        RuleRef("gt.goal", _GOAL,
                "Be the first to put all of your meeples on Cities on the table and on "
                "Objectives."),
        RuleRef("gt.goal.panel", _GOAL,
                "Each player's panel shows the meeples still to place, the kinds of card in "
                "hand and the kinds of card already played."),
        # Components (counts from the component facts; the summary prints none)
        RuleRef("gt.components.tiles", _COMP,
                "48 land tiles: 10 plain, 10 desert, 8 forest, 7 sea, 7 swamp, 6 mountain; a "
                "Nature card whose terrain has no tile left cannot be played (engine ruling)."),
        RuleRef("gt.components.animals", _COMP,
                "20 double-sided Animal tokens, a land animal (goat) on one side and a fish on "
                "the other, kept in a common bank."),
        RuleRef("gt.components.meeples", _COMP,
                "Each player has 5 meeples of their colour (blue, yellow, green, red, white), "
                "6 in a two-player game."),
        RuleRef("gt.components.chips", _COMP,
                "The terrain chips lie under the Objectives, a limited stock of each of the six "
                "terrains (counts authored)."),
        RuleRef("gt.components.grid", _COMP,
                "Tiles are laid on a square grid of 11 columns A-K and 11 rows 1-11, the first "
                "tile on the centre F6 (engine ruling: the table is bounded)."),
        # Setup
        RuleRef("gt.setup.decks", _SETUP,
                "Shuffle the Nature deck and the Life deck, and in the advanced game with "
                "Powers the Power deck."),
        RuleRef("gt.setup.market", _SETUP,
                "Turn face up 3 Nature cards and 2 Life cards, plus 2 Power cards in the "
                "advanced game with Powers: these are the markets."),
        RuleRef("gt.setup.hands", _SETUP,
                "Deal each player 2 Nature cards and 1 Life card, plus 1 Power card in the "
                "advanced game with Powers."),
        RuleRef("gt.setup.objectives", _SETUP,
                "Reveal as many Objectives as there are players plus 2 (4 to 7) and put "
                "the terrain chips beside them; the Power Objective is used only with Powers "
                "(engine ruling)."),
        RuleRef("gt.setup.meeples", _SETUP, "Each player takes their colour's meeples."),
        RuleRef("gt.setup.first_tile", _SETUP,
                "The top card of the Nature deck is turned over and its terrain's tile is laid "
                "on the centre of the table; the card is discarded (engine ruling)."),
        RuleRef("gt.setup.first_player", _SETUP,
                "The first player is the first seat; play goes clockwise, in seat order "
                "(engine ruling)."),
        # Turn
        RuleRef("gt.turn.actions", _TURN,
                "On your turn you take two actions, each one of: draw a card, or play a card "
                "from your hand."),
        RuleRef("gt.turn.draw", _TURN,
                "Drawing takes one of the face-up cards of a market, or the top card of a deck "
                "unseen."),
        RuleRef("gt.turn.refill", _TURN,
                "A face-up card taken is replaced at once from the top of its deck (engine "
                "ruling)."),
        RuleRef("gt.turn.play", _TURN, "Playing a card puts one card of your hand into play."),
        RuleRef("gt.turn.twice", _TURN, "The same action may be taken twice in one turn."),
        RuleRef("gt.turn.pass", _TURN,
                "A player may end their turn before their second action (engine ruling: the "
                "summary says a player *may* take two actions)."),
        RuleRef("gt.turn.next", _TURN,
                "Then the next player clockwise takes a turn (engine ruling: seat order)."),
        RuleRef("gt.hand.limit", _TURN,
                "A hand holds at most 6 cards: whoever gets a 7th discards one card of their "
                "choice at once (engine ruling: any of the 7)."),
        RuleRef("gt.hand.power_limit", _TURN,
                "In the advanced game a hand holds at most 2 Power cards."),
        # The cards
        RuleRef("gt.cards.decks", _CARDS,
                "There are two decks, three in the advanced game: Nature (terrain, green "
                "back), Life (Cities and Animals, blue back), Powers (red back)."),
        RuleRef("gt.nature.terrains", _NATURE,
                "Nature cards come in six terrains: plain, forest, sea, swamp, desert, "
                "mountain."),
        RuleRef("gt.nature.place", _NATURE,
                "Playing a Nature card lays a tile of its terrain on the table and gives you "
                "one chip of that terrain."),
        RuleRef("gt.nature.adjacent", _NATURE,
                "A new tile goes on an empty square orthogonally next to a tile already laid "
                "(engine ruling, from the component facts)."),
        RuleRef("gt.nature.no_chip", _NATURE,
                "A Nature card cannot be played when no chip of its terrain is left."),
        RuleRef("gt.nature.discard", _NATURE,
                "A Nature card played goes to the discard pile; the chip records it (engine "
                "ruling)."),
        RuleRef("gt.life.kinds", _LIFE, "Life cards are Cities and Animals."),
        # Cities
        RuleRef("gt.city.terrain", _CITY,
                "A City is played on a tile of the terrain shown in its card's upper left "
                "corner."),
        RuleRef("gt.city.needs", _CITY,
                "At least 2 of the 4 needs printed at the bottom of the card must be met when "
                "it is played."),
        RuleRef("gt.city.orthogonal", _CITY,
                "A need is met by what is already on the squares orthogonally next to the "
                "City; diagonals do not count."),
        RuleRef("gt.city.star", _CITY,
                "A City with a star may be played on any terrain except sea."),
        RuleRef("gt.city.free_tile", _CITY,
                "The tile must hold no other City and no Animals (engine ruling, from the "
                "component facts)."),
        RuleRef("gt.city.covers", _CITY,
                "A City covers its tile: neighbouring Cities can no longer use that terrain, "
                "so playing a City may lower its neighbours' satisfaction."),
        RuleRef("gt.city.meeple", _CITY,
                "The player who plays a City puts one of their meeples on it."),
        RuleRef("gt.city.share", _CITY,
                "In the base game a meeple may join a City that already holds an opponent's "
                "meeple."),
        RuleRef("gt.city.replace", _CITY,
                "In the advanced rules the newcomer's meeple replaces the opponent's."),
        RuleRef("gt.city.distinct", _CITY,
                "A City's four needs are four different icons (engine ruling: each need is met "
                "or not, and one neighbour may meet several)."),
        # Animals
        RuleRef("gt.animal.need", _ANIMAL,
                "Animal tokens are needs of Cities too: a goat or fish icon is met by tokens of "
                "that animal on an orthogonally neighbouring tile."),
        RuleRef("gt.animal.eaten", _ANIMAL, "Animal tokens are eaten over time."),
        RuleRef("gt.animal.not_cover", _ANIMAL,
                "Animals do not cover their tile: they sit on top of a suitable terrain, which "
                "still counts as that terrain."),
        RuleRef("gt.animal.place", _ANIMAL,
                "An Animal card puts its tokens on one tile of a terrain its card lists, a tile "
                "with no City and no Animals; the bank gives what it has, and a card finds no "
                "token when the bank is empty (engine ruling)."),
        RuleRef("gt.animal.discard", _ANIMAL,
                "An Animal card played goes to the discard pile (engine ruling)."),
        # Satisfaction
        RuleRef("gt.satisfaction.count", _SAT,
                "A City's satisfaction is the number of its four needs met now by its "
                "orthogonal neighbours: an uncovered tile of the terrain, or tokens of the "
                "animal."),
        RuleRef("gt.satisfaction.recompute", _SAT,
                "Every City's satisfaction is recomputed after every change of the table (a "
                "tile, a City covering a tile, Animals placed or eaten, a Power), City by City "
                "in grid order (engine ruling)."),
        RuleRef("gt.satisfaction.raise", _RAISE,
                "A player who raises the number of needs met of one or more Cities (with "
                "Animals or a new tile, for instance) puts one of their meeples on each of "
                "them."),
        RuleRef("gt.satisfaction.one_colour", _RAISE,
                "A player has at most one meeple of their colour on each City."),
        RuleRef("gt.satisfaction.animals_once", _RAISE,
                "Animals added next to a City that already has Animals on a neighbouring tile "
                "do not raise its satisfaction."),
        RuleRef("gt.satisfaction.no_meeple", _RAISE,
                "A player with no meeple left in their supply puts none (engine ruling)."),
        RuleRef("gt.satisfaction.lower", _LOWER,
                "Satisfaction falls when a new City covers a tile, when the last Animals next "
                "to a City are eaten, or through Powers in the advanced game."),
        RuleRef("gt.satisfaction.empty", _LOWER,
                "A City left with 1 need met sends all its meeples home to their owners, to be "
                "used again; the City stays on its tile, empty."),
        RuleRef("gt.satisfaction.removed", _LOWER,
                "A City left with no need met sends its meeples home and is removed from its "
                "tile and discarded."),
        # Feeding
        RuleRef("gt.feed.when", _FEED,
                "Before their two actions a player must, if able, feed each of their Cities "
                "that has an Animal among its needs."),
        RuleRef("gt.feed.own", _FEED,
                "A player's Cities are those holding one of their meeples, fed in grid order "
                "(engine ruling)."),
        RuleRef("gt.feed.one", _FEED,
                "Feeding a City returns one token of an Animal it needs from an orthogonally "
                "neighbouring tile to the bank."),
        RuleRef("gt.feed.choice", _FEED,
                "When several neighbouring tiles hold Animals the City needs, the player "
                "chooses the tile."),
        # Objectives
        RuleRef("gt.objective.claim", _OBJ,
                "A player who holds all the chips shown on an available Objective discards "
                "them at once and puts a meeple on it."),
        RuleRef("gt.objective.exclusive", _OBJ,
                "A claimed Objective is no longer available to the others."),
        RuleRef("gt.objective.never_replaced", _OBJ, "Objectives are never replaced."),
        RuleRef("gt.objective.order", _OBJ,
                "Objectives are checked after every action of their player, in the order they "
                "were revealed (engine ruling); a meeple on an Objective never leaves it."),
        # End
        RuleRef("gt.end.last_meeple", _END,
                "A player who has placed all of their meeples on Cities and Objectives wins at "
                "once."),
        RuleRef("gt.end.last_card", _END,
                "A player who draws the last card of the Nature, Life or Power deck ends the "
                "game: the most meeples on Cities and Objectives wins (engine ruling: a draw "
                "that leaves a deck empty, the refill of a market included)."),
        RuleRef("gt.end.tie", _END,
                "A tie goes to the tied player who comes first clockwise after the player who "
                "ended the game (engine ruling: that player comes last)."),
        # Advanced
        RuleRef("gt.advanced.option", _ADV,
                "The advanced rules (\"with disasters\") add the rules below; the Powers are "
                "optional within them."),
        RuleRef("gt.advanced.steal", _STEAL,
                "A player who raises an opponent's City replaces the opponent's meeples with "
                "their own."),
        RuleRef("gt.advanced.steal_return", _STEAL,
                "The replaced meeples go back to their owner, to be used again."),
        RuleRef("gt.advanced.full", _FULL,
                "A player who brings a City to all 4 needs met puts 2 of their meeples on it."),
        RuleRef("gt.advanced.full_drop", _FULL,
                "When the City falls back to 2 or 3 needs met, one of the two leaves."),
        RuleRef("gt.advanced.full_low", _FULL,
                "At 1 or 0 needs met the base rules apply."),
        # Powers
        RuleRef("gt.power.optional", _POWER, "Powers go with the advanced rules but are optional."),
        RuleRef("gt.power.draw", _POWER, "Players may also draw the face-up Power cards."),
        RuleRef("gt.power.hand_limit", _POWER,
                "Nobody holds more than 2 Power cards: who draws a third discards one of their "
                "Power cards at once, without playing it."),
        RuleRef("gt.power.play", _POWER,
                "A Power card is played like a Nature card, and its effect is carried out."),
        RuleRef("gt.power.own_cities", _POWER, "A Power may target your own Cities."),
        RuleRef("gt.power.kept", _POWER,
                "A Power card played stays face up in front of its player, for the Power "
                "Objective (engine ruling)."),
        RuleRef("gt.power.satisfaction", _POWER,
                "A Power's effect on tiles, Cities and Animals may change the satisfaction of "
                "the Cities around: the player of the Power is the one who raises."),
        RuleRef("gt.power.objective", _POBJ,
                "With 4 Power cards played and a Power Objective available, a player discards "
                "the 4 and puts a meeple on it; it is then unavailable to the others."),
        # The Power list (the printed list is not public: authored effects)
        RuleRef("gt.power.transform", _PLIST,
                "A transforming Power (rain, sun, flood...) changes one tile without a City "
                "from one of the card's terrains to the card's new terrain; its Animals stay."),
        RuleRef("gt.power.swap", _PLIST,
                "An earthquake swaps two orthogonally neighbouring tiles that hold no City, "
                "with their Animals."),
        RuleRef("gt.power.destroy", _PLIST,
                "A volcano destroys one City (its meeples go home, the card is discarded) and "
                "may turn its tile into the card's terrain."),
        RuleRef("gt.power.remove_meeple", _PLIST,
                "Lightning sends one meeple of a named player home from a City."),
        RuleRef("gt.power.remove_animals", _PLIST,
                "A plague returns all the Animal tokens of one tile to the bank."),
        RuleRef("gt.power.add_animals", _PLIST,
                "Fertility adds tokens from the bank to a tile already holding Animals, of the "
                "same animal."),
        RuleRef("gt.power.steal_card", _PLIST,
                "A thief takes one card at random from the hand of a named opponent (hand "
                "limits then apply to the thief)."),
        RuleRef("gt.power.disaster", _PLIST,
                "Disasters are the Powers that harm the table: volcano, earthquake, "
                "lightning, flood and plague."),
    ],
)
"""The rules in the summary's order, then the authored Power list."""

"""Every rule the Shapers of Gaia rulebook states, as a RuleRef.

Ids start with ``sog.``.  Sections are the rulebook's own headings; summaries are
paraphrases.  Rules marked "(engine ruling)" settle a case the rulebook leaves open;
``PLAN.md`` lists these open questions.

>>> RULES["sog.introduce.move"].section
'1. Move Shaper'
>>> len(RULES) > 100
True
>>> sorted({r.id.split(".")[1] for r in RULES.values()})[:4]
['ability', 'biome', 'components', 'end']

:data:`EXAMPLES_IN_SOURCE` lists the rulebook's worked examples; each becomes a runnable
example of the engine.

>>> ex = example_in_source("sog.ex.scoring_total")
>>> ex.section, ex.numbers["total"]
('Scoring Example', 57)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from gaia_lab.core.rulebook import Rulebook, RuleRef

__all__ = ["EXAMPLES_IN_SOURCE", "RULES", "SourceExample", "example_in_source", "rule"]

_OBJ = "Objective"
_COMP = "Components"
_BOARD = "Game Board Setup"
_PLAYER = "Player Setup"
_RES = "Resource Overview"
_TOX = "Toxicity"
_DISC = "Discarding Toxicity"
_PRES = "Prestige (VP)"
_TURN = "On Your Turn"
_INTRO = "Introduce an Animal"
_MOVE = "1. Move Shaper"
_SPEND = "2. Spend Resources and Place an Animal"
_ACTIV = "3. Activate Shaper Abilities"
_ADD = "4. Add a Species Card to Your Ecosystem"
_CARDS = "5. Activate Species Cards"
_ABIL = "Shaper Abilities and Upgrades"
_RESTORE = "Restore Biomes"
_PLACE = "1. Place a Biome Tile and Move the Caretaker"
_RESOLVE = "2. Resolve the Biome Tile"
_TILES = "Biome Tiles"
_END = "End of Game"
_SCORE = "Scoring"
_SCEX = "Scoring Example"
_TEL = "Telrin Aviary"
_SYN = "Synthara Lab"
_ORA = "Oraplexis Terraria"
_MAL = "Maldera Rivers"
_RAS = "Rastar Nursery"
_XAN = "Xanarin Preserve"

RULES = Rulebook(
    "Shapers of Gaia rulebook",
    [
        RuleRef("sog.objective", _OBJ,
                "Restore ruined biomes with the Caretaker, spend the resources this yields to "
                "introduce animals, and earn Prestige from animal behaviours, DNA samples and "
                "Shaper abilities; the most Prestige wins."),
        # Components
        RuleRef("sog.components.tiles", _COMP,
                "30 Biome tiles (10 each with back I, II and III) and 7 starting tiles: the "
                "Vault, a Forest, a Crystal, a Mushroom and 3 Water tiles."),
        RuleRef("sog.components.players", _COMP,
                "6 Shaper boards, 3 Resource Tracks (one shows the first-player icon), 3 Shaper "
                "figures and, per colour, 10 animals: 4 Scavengers, 4 Herbivores, 2 Predators."),
        RuleRef("sog.components.markers", _COMP,
                "15 resource markers: a Seed, Shard, Spore, Nutrient and Energy marker for each "
                "player."),
        RuleRef("sog.components.tokens", _COMP,
                "18 DNA tokens (6 yellow, 6 blue, 6 red), 45 Prestige tokens (27 worth 1, 18 "
                "worth 5) and 30 Toxicity tokens."),
        RuleRef("sog.components.cards", _COMP,
                "45 Species cards (15 Scavengers, 15 Herbivores, 15 Predators), 9 special "
                "Species cards (3 Rastar, 2 Synthara, and one each for Maldera, Xanarin, Telrin "
                "and Oraplexis) and 3 two-sided Behavior cards."),
        RuleRef("sog.components.caretaker", _COMP, "One Caretaker figure is shared by all."),
        # Game board setup
        RuleRef("sog.setup.board", _BOARD, "Put the Game board in the middle of the table."),
        RuleRef("sog.setup.vault", _BOARD,
                "The Vault tile goes face up on its marked space at the centre of the board."),
        RuleRef("sog.setup.water", _BOARD,
                "The 3 starting Water tiles go next to the Vault with one empty space between "
                "each two; the Caretaker stands on the Water tile with the Caretaker icon."),
        RuleRef("sog.setup.start_land", _BOARD,
                "The other 3 starting tiles (Forest, Crystal, Mushroom) fill the 3 spaces "
                "between the Water tiles around the Vault in random order."),
        RuleRef("sog.setup.stack", _BOARD,
                "Shuffle the I, II and III tiles separately and stack them face down with III at "
                "the bottom and I on top."),
        RuleRef("sog.setup.hands", _BOARD,
                "Deal each player 3 tiles face down from the top of the stack."),
        RuleRef("sog.setup.stack_space", _BOARD,
                "The rest of the stack goes on its space on the Game board."),
        RuleRef("sog.setup.dna", _BOARD,
                "Put each DNA token on a board space showing its colour."),
        RuleRef("sog.setup.behaviors", _BOARD,
                "Choose a face-up side for each of the 3 Behavior cards and put them on the "
                "board; a first game uses A1, A2 and B3."),
        RuleRef("sog.setup.species", _BOARD,
                "Sort the Species cards into a Scavenger, a Herbivore and a Predator deck, "
                "shuffle each, and lay out 2 cards of each deck as its display; which side of a "
                "card shows does not matter."),
        RuleRef("sog.setup.supply", _BOARD,
                "Toxicity and Prestige tokens form a supply within everyone's reach."),
        # Player setup
        RuleRef("sog.setup.shaper", _PLAYER,
                "Each player takes a Shaper board, Reference cards and that Shaper's special "
                "Species card(s)."),
        RuleRef("sog.setup.animals", _PLAYER,
                "Put all animals of your colour on their matching spaces of your Shaper board."),
        RuleRef("sog.setup.shaper_figure", _PLAYER,
                "Your Shaper figure starts on the Vault tile."),
        RuleRef("sog.setup.tracks", _PLAYER,
                "Deal the Resource Tracks at random so that the one with the first-player icon "
                "is among them."),
        RuleRef("sog.setup.markers", _PLAYER,
                "Each of your 5 resource markers starts on space 1 of your track."),
        RuleRef("sog.setup.unused", _PLAYER, "Unused player components go back to the box."),
        RuleRef("sog.setup.start_player", _PLAYER,
                "The holder of the first-player track takes the first turn."),
        # Resources
        RuleRef("sog.resource.kinds", _RES,
                "Basic resources are Shards, Spores and Seeds; advanced resources are Nutrients "
                "and Energy; all are recorded on your Resource Track."),
        RuleRef("sog.resource.limit", _RES,
                "Resources are capped: a gain beyond the track's maximum is lost."),
        RuleRef("sog.resource.basic_use", _RES,
                "Basic resources mostly pay for animals, come from restoring biomes, and feed "
                "some Species-card conversions."),
        RuleRef("sog.resource.advanced_use", _RES,
                "Advanced resources pay for special abilities, extra biome costs when "
                "introducing, and conversions."),
        RuleRef("sog.toxicity.missing_advanced", _TOX,
                "Whenever you must or choose to spend a Nutrient or Energy you lack, take one "
                "Toxicity token per missing resource instead, also on another player's turn."),
        RuleRef("sog.toxicity.discard", _DISC,
                "The discard icon returns one of your Toxicity tokens to the supply."),
        RuleRef("sog.toxicity.scoring", _DISC,
                "Toxicity tokens left at the end reduce your score."),
        RuleRef("sog.prestige.tokens", _PRES,
                "Prestige tokens are worth 1 or 5 VP at the end and are spent by some "
                "abilities and biome actions."),
        RuleRef("sog.prestige.unlimited", _PRES,
                "The Toxicity and Prestige supplies are unlimited; use substitutes if they run "
                "out."),
        # Turn
        RuleRef("sog.turn.choose", _TURN,
                "On your turn take one action: Introduce an Animal or Restore Biomes."),
        RuleRef("sog.turn.forced_restore", _TURN,
                "If you cannot Introduce an Animal, you must Restore Biomes."),
        RuleRef("sog.turn.next", _TURN, "Then the player on your left takes a turn."),
        RuleRef("sog.turn.skip", _RESTORE,
                "With no tiles in hand at the start of your turn and no animal you can "
                "introduce, you skip your turn."),
        # Introduce an animal
        RuleRef("sog.introduce.affordable", _INTRO,
                "You may introduce only if you can pay the cost of introducing an animal."),
        RuleRef("sog.introduce.move", _MOVE,
                "Move your Shaper up to 3 tiles, ending on a land tile (the Vault included) "
                "without an animal."),
        RuleRef("sog.introduce.move_through_water", _TILES,
                "Shapers may move through Water tiles but may not end their move on one unless "
                "an ability allows it."),
        RuleRef("sog.introduce.teleport", _MOVE,
                "Instead, pay 1 Energy (or take a Toxicity) to put your Shaper on any land tile "
                "without an animal."),
        RuleRef("sog.introduce.choose_animal", _SPEND,
                "Choose an animal on your Shaper board and pay the cost shown at the left of "
                "its space."),
        RuleRef("sog.introduce.biome_resource", _SPEND,
                "The cost is paid in the basic resource of the biome under your Shaper."),
        RuleRef("sog.introduce.place", _SPEND,
                "The animal goes on the tile where your Shaper stands."),
        RuleRef("sog.introduce.extra_cost", _SPEND,
                "A tile showing an extra cost also charges that cost; a missing advanced "
                "resource may be paid with a Toxicity token."),
        RuleRef("sog.introduce.end_trigger", _SPEND,
                "If only one type of animal is left on your board after introducing, the end of "
                "the game is triggered."),
        RuleRef("sog.introduce.unlock", _ACTIV,
                "If the space you took the animal from unlocks an ability or upgrade, it becomes "
                "active now or for the rest of the game, depending on its type."),
        RuleRef("sog.introduce.special_card", _ACTIV,
                "When a SPECIAL CARD ability triggers, you add your Shaper's special Species "
                "card in the next step instead of a card from the display."),
        RuleRef("sog.introduce.take_card", _ADD,
                "Take a Species card of the introduced animal's type from the display (refilled "
                "from its deck) or the top card of that deck."),
        RuleRef("sog.introduce.row", _ADD,
                "Put the card at the end of the Ecosystem row of the basic resource you paid as "
                "the base cost."),
        RuleRef("sog.introduce.card_side", _ADD,
                "You choose the card's face-up side; placed cards are never flipped or moved "
                "unless an ability says so; the card's bottom only previews the other side."),
        RuleRef("sog.introduce.row_limit", _ADD,
                "A row holds at most 4 Species cards; to add a fifth, take 2 Toxicity and return "
                "a card of that row to the bottom of its deck first."),
        RuleRef("sog.introduce.activate_row", _CARDS,
                "Activate every Species card of the row that received the new card, that card "
                "included."),
        RuleRef("sog.introduce.activation_order", _CARDS,
                "You choose the order, finishing each card before starting the next."),
        RuleRef("sog.introduce.conversion_optional", _CARDS,
                "Conversions are optional; if you use one without the advanced resources it "
                "asks for, take Toxicity tokens for the missing ones."),
        RuleRef("sog.introduce.overlap", _CARDS,
                "Experienced players may let the next player begin while the row is "
                "activated."),
        # Shaper abilities
        RuleRef("sog.ability.instant", _ABIL,
                "Instant abilities resolve right after the animal is placed, before the Species "
                "card is added and the row activated."),
        RuleRef("sog.ability.persistent", _ABIL,
                "Persistent abilities last for the rest of the game and may be used any number "
                "of times on your turn unless they say otherwise; they are optional."),
        RuleRef("sog.ability.first_unlock", _ABIL,
                "An instant ability resolves when either of its two animals is introduced; a "
                "persistent ability's first level opens with the first of them."),
        RuleRef("sog.ability.second_unlock", _ABIL,
                "An instant ability resolves again once both of its animals are introduced; a "
                "persistent ability's second level opens then."),
        # Restore biomes
        RuleRef("sog.restore.count", _RESTORE,
                "Play 1 to 3 tiles from your hand, one at a time."),
        RuleRef("sog.restore.place_tile", _PLACE,
                "Place the tile face up on an empty space adjacent to the Caretaker's tile and "
                "to at least one other tile."),
        RuleRef("sog.restore.move_caretaker", _PLACE,
                "The Caretaker moves onto the tile just placed."),
        RuleRef("sog.restore.dna", _PLACE,
                "A DNA token on the chosen space is taken before the tile goes there; keep it "
                "beside your Shaper board for scoring."),
        RuleRef("sog.restore.teleport", _PLACE,
                "Instead, pay 1 Energy (or take a Toxicity) to place the tile on any empty space "
                "adjacent to 2 or more tiles; the Caretaker moves onto it."),
        RuleRef("sog.restore.resolve", _RESOLVE,
                "You must resolve one of the tile's two actions."),
        RuleRef("sog.restore.opponents", _RESOLVE,
                "Then each opponent in turn order from your left may resolve the other action."),
        RuleRef("sog.restore.toxicity", _RESOLVE,
                "If your chosen action converts advanced resources you lack, you must take "
                "Toxicity tokens for them."),
        RuleRef("sog.restore.prestige_required", _RESOLVE,
                "You cannot choose an action that spends Prestige tokens you do not have."),
        RuleRef("sog.restore.next_tile", _RESOLVE,
                "Opponents finish with a tile before you place the next one."),
        RuleRef("sog.restore.draw", _RESOLVE,
                "At the end of your turn draw from the stack back up to your hand size, "
                "normally 3."),
        RuleRef("sog.restore.stack_empty", _RESOLVE,
                "If the stack cannot fill your hand, draw what is left; emptying the stack "
                "triggers the end of the game."),
        # Biome tiles
        RuleRef("sog.biome.water", _TILES,
                "Water is not land: the Caretaker may end on Water, Shapers only pass through "
                "it."),
        RuleRef("sog.biome.crystal", _TILES, "Crystal: animals cost Shards."),
        RuleRef("sog.biome.forest", _TILES, "Forest: animals cost Seeds."),
        RuleRef("sog.biome.mushroom", _TILES, "Mushroom: animals cost Spores."),
        RuleRef("sog.biome.temple", _TILES,
                "Temple: pay the animal's cost in any one basic resource plus the tile's extra "
                "cost; the Species card goes to the row of the basic resource used."),
        RuleRef("sog.biome.vault", _TILES,
                "Vault: introduce as on a Temple, but put the animal on an empty Vault space of "
                "its type; with no such space you cannot introduce there."),
        RuleRef("sog.biome.vault_two_players", _TILES,
                "Vault spaces marked with the icon are not used in a 2-player game."),
        RuleRef("sog.biome.vault_refresh", _TILES,
                "Introducing at the Vault lets you first refresh that type's display: its 3 "
                "visible cards (the 2 displayed and the deck's top card) go under the deck and "
                "2 new ones are revealed."),
        # End of game
        RuleRef("sog.end.one_type_left", _END,
                "The end is triggered at the end of a turn in which a player has only one type "
                "of animal left on their board."),
        RuleRef("sog.end.stack_empty", _END,
                "The end is also triggered at the end of a turn in which the last tile is drawn "
                "from the stack."),
        RuleRef("sog.end.final_round", _END,
                "Once triggered, finish the current round, play one more full round, then score."),
        # Scoring
        RuleRef("sog.score.place_dna", _SCORE,
                "Put each DNA token you hold on a Species card of your Ecosystem showing its "
                "icon; most cards take one token, some special cards more."),
        RuleRef("sog.score.cover", _SCORE,
                "Remaining DNA tokens and your Toxicity tokens cover the VP of the spaces your "
                "animals left on your Shaper board, starting from the bottom; spaces still "
                "holding an animal cannot be covered."),
        RuleRef("sog.score.behavior", _SCORE,
                "Score your animals on the board as each Behavior card describes."),
        RuleRef("sog.score.dna", _SCORE,
                "Each DNA token on a Species card scores the number of tokens of its colour in "
                "that Ecosystem row."),
        RuleRef("sog.score.animals", _SCORE,
                "Score the VP of the uncovered empty animal spaces of your Shaper board."),
        RuleRef("sog.score.vault", _SCORE,
                "Score the VP of the Vault spaces holding your animals."),
        RuleRef("sog.score.resources", _SCORE,
                "Each resource scores on its own as the Resource Track shows for its level."),
        RuleRef("sog.score.prestige", _SCORE, "Prestige tokens score their value, 1 or 5."),
        RuleRef("sog.score.uncovered_penalty", _SCORE,
                "Lose 5 VP for each DNA or Toxicity token that found no space to cover."),
        RuleRef("sog.score.winner", _SCEX, "The highest score wins."),
        RuleRef("sog.score.tiebreak", _SCEX,
                "On a tie the tied player who introduced fewer animals wins, then the one with "
                "more Prestige tokens; otherwise they share the victory."),
        # Shaper abilities, with the additional explanations
        RuleRef("sog.shaper.telrin.avian_call", _TEL,
                "Avian Call (Predator): first add a Herbivore card from the display to any row "
                "(replacing a card for 2 Toxicity if the row is full), then take the Predator's "
                "card; only the Predator's row activates."),
        RuleRef("sog.shaper.synthara.rapid_lifecycle", _SYN,
                "Rapid Lifecycle (Scavenger): the Scavenger card just added must be activated "
                "twice if you can pay for it (it cannot be declined) and leaves the game at the "
                "end of your turn."),
        RuleRef("sog.shaper.synthara.swarm", _SYN,
                "Swarm (Scavenger): after this animal and its card, you may introduce a second "
                "animal by moving and paying for it; then only the second card's row "
                "activates."),
        RuleRef("sog.shaper.oraplexis.create_island", _ORA,
                "Create Island: your Shaper may end on Water and introduce a "
                "Scavenger or Herbivore there, paying any one basic resource as on a Temple."),
        RuleRef("sog.shaper.oraplexis.biomolecular_synthesis", _ORA,
                "Biomolecular Synthesis: Energy and Nutrients count as wild basic "
                "resources only while you hold more than 2 Toxicity; the power can lapse between "
                "two card activations."),
        RuleRef("sog.shaper.oraplexis.recycler", _ORA,
                "Recycler: DNA tokens it spends leave the game."),
        RuleRef("sog.shaper.maldera.purify_water", _ACTIV,
                "Purify Water (Scavenger): gain 1 Nutrient for each Water tile next to the "
                "introduced Scavenger."),
        RuleRef("sog.shaper.maldera.clone_experiment", _MAL,
                "Clone Experiment (Scavenger): take a second Scavenger card from the display; "
                "you may resolve it too when this turn's row activates."),
        RuleRef("sog.shaper.maldera.accelerated_accretion", _MAL,
                "Accelerated Accretion: take a Water tile without an animal from "
                "the board into your hand and fill its space with a tile from your hand; a "
                "starting Water tile played later gives nothing and its Caretaker icon does "
                "nothing."),
        RuleRef("sog.shaper.maldera.stasis_chambers", _MAL,
                "Stasis Chambers: from the second level, pay 2 Energy "
                "to move your animal from a tile to the Vault, or 2 Nutrients to move it from "
                "the Vault to an empty land tile; like any persistent ability, as many times a "
                "turn as you pay for."),
        RuleRef("sog.shaper.rastar.metamorphosis", _RAS,
                "Metamorphosis: when adding a card, pay 1 Energy to take a Herbivore "
                "instead of a Scavenger, or a Predator instead of a Herbivore."),
        RuleRef("sog.shaper.rastar.redeploy", _RAS,
                "Redeploy: move one of your introduced Scavengers to another tile "
                "without an animal, never to or from the Vault."),
        RuleRef("sog.shaper.rastar.power_surge", _RAS,
                "Power Surge: at the second level, on gaining a DNA token activate 2 "
                "different Scavenger cards from any rows whatever their DNA, or 1 Herbivore card "
                "matching the token."),
        RuleRef("sog.shaper.xanarin.harvester", _XAN,
                "Harvester: you may resolve both actions of a restored Forest tile, "
                "even on another player's turn; as active player you say which counts as the one "
                "you did not choose."),
        RuleRef("sog.shaper.bracket_numbers", "Additional Explanation for Shaper Abilities",
                "(engine ruling) The number in brackets after an ability's name is read as the "
                "VP printed on the animal space(s) that unlock it, first unlock first."),
    ],
)
"""The Shapers of Gaia rules, by id, in rulebook order."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id (KeyError names the id if unknown).

    >>> rule("sog.restore.teleport").section
    '1. Place a Biome Tile and Move the Caretaker'
    """
    return RULES[rule_id]


@dataclass(frozen=True, slots=True)
class SourceExample:
    """A worked example of the rulebook: where it is, what it shows, the numbers it fixes.

    >>> e = example_in_source("sog.ex.covering")
    >>> e.rule, e.numbers["covered_by_toxicity"]
    ('sog.score.cover', 2)
    """

    id: str
    section: str
    """The rulebook section holding the example."""
    summary: str
    """A one-line paraphrase of what the example shows."""
    numbers: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    """The values the example fixes, by name."""
    rule: str = ""
    """The id of the main rule it illustrates."""


def _ex(ident: str, section: str, summary: str, rule_id: str, **numbers: int) -> SourceExample:
    return SourceExample(ident, section, summary, MappingProxyType(dict(numbers)), rule_id)


EXAMPLES_IN_SOURCE: tuple[SourceExample, ...] = (
    _ex("sog.ex.move_two", _MOVE,
        "A Shaper moves 2 tiles onto an empty Crystal tile to introduce a Scavenger there.",
        "sog.introduce.move", distance=2, limit=3),
    _ex("sog.ex.pay_scavenger", _SPEND,
        "On a Crystal tile, 1 Shard pays for a Scavenger costing 1, which goes on that tile.",
        "sog.introduce.biome_resource", shard_spent=1, animal_cost=1),
    _ex("sog.ex.extra_nutrient", _SPEND,
        "A tile charging 1 extra Nutrient can still be used without one by taking a Toxicity.",
        "sog.introduce.extra_cost", extra_nutrient=1, toxicity_taken=1),
    _ex("sog.ex.purify_water", _ACTIV,
        "Maldera's Scavenger unlocking Purify Water next to 2 Water tiles gains 2 Nutrients.",
        "sog.shaper.maldera.purify_water", adjacent_water=2, nutrients_gained=2),
    _ex("sog.ex.crystal_row", _ADD,
        "A Scavenger introduced on Crystal takes a Scavenger card into the Shard row.",
        "sog.introduce.row"),
    _ex("sog.ex.activate_row", _CARDS,
        "Adding a Herbivore to the Shard row activates its Scavenger (+1 Shard) and the "
        "Herbivore (discard 1 Toxicity).",
        "sog.introduce.activate_row", shard_gained=1, toxicity_discarded=1),
    _ex("sog.ex.predator_conversion", _CARDS,
        "A Predator card converting 1 Nutrient to 1 Shard and 2 Prestige is used without a "
        "Nutrient by taking a Toxicity.",
        "sog.introduce.conversion_optional", nutrient_paid=1, shard_gained=1,
        prestige_gained=2, toxicity_taken=1),
    _ex("sog.ex.restore_mushroom", _PLACE,
        "A Mushroom tile is placed touching the Caretaker's Water tile and a Crystal tile; the "
        "space on the Water's other side would also do.",
        "sog.restore.place_tile", legal_spaces=2),
    _ex("sog.ex.temple_dna", _PLACE,
        "Restoring a Temple on a space with a red DNA token takes the token first.",
        "sog.restore.dna", red_dna=1),
    _ex("sog.ex.teleport_caretaker", _PLACE,
        "Paying 1 Energy places a Temple away from the Caretaker, next to a Mushroom and a "
        "Water tile; the Caretaker follows.",
        "sog.restore.teleport", energy_paid=1, adjacent_tiles=2),
    _ex("sog.ex.resolve_mushroom", _RESOLVE,
        "On a restored Mushroom tile the active player takes 1 Shard; the opponent takes the "
        "other action, 1 Seed.",
        "sog.restore.opponents", shard_gained=1, seed_gained=1),
    _ex("sog.ex.crystal_conversion", _RESOLVE,
        "Choosing a Crystal action converting 1 Nutrient into 1 Spore and 1 Prestige without a "
        "Nutrient costs a Toxicity token.",
        "sog.restore.toxicity", nutrient_paid=1, spore_gained=1, prestige_gained=1,
        toxicity_taken=1),
    _ex("sog.ex.temple_seed", _TILES,
        "A Scavenger introduced in a Temple paid with Seeds (plus the extra cost) takes its "
        "card into the Seed row.",
        "sog.biome.temple"),
    _ex("sog.ex.end_one_type", _END,
        "Introducing the last Scavenger, with all Predators gone and 3 of 4 Herbivores left, "
        "triggers the end.",
        "sog.end.one_type_left", herbivores_left=3, scavengers_left=0, predators_left=0),
    _ex("sog.ex.end_stack", _END,
        "A player restoring 3 tiles draws the last 2 tiles of the stack and triggers the end.",
        "sog.end.stack_empty", restored=3, drawn=2),
    _ex("sog.ex.covering", _SCORE,
        "1 unplaced blue DNA covers the 1 VP Scavenger space and 2 Toxicity cover both 2 VP "
        "Scavenger spaces; the other 1 VP space still holds an animal.",
        "sog.score.cover", covered_by_dna=1, covered_by_toxicity=2, covered_vp=5),
    _ex("sog.ex.behavior_predator", _SCORE,
        "A Predator next to your Herbivore and an opponent's Herbivore scores 4 VP.",
        "sog.score.behavior", vp=4, herbivores=2),
    _ex("sog.ex.behavior_herbivore", _SCORE,
        "Herbivores next to 2 of your Scavengers and 1 opponent's Scavenger score 3 VP.",
        "sog.score.behavior", vp=3, scavengers=3),
    _ex("sog.ex.behavior_scavenger", _SCORE,
        "3 of your Scavengers on the outer ring score 3 VP.",
        "sog.score.behavior", vp=3, scavengers=3),
    _ex("sog.ex.dna_row", _SCORE,
        "A Shard row with 2 red, 1 blue and 1 yellow DNA scores 4 + 1 + 1 = 6 VP.",
        "sog.score.dna", red=2, blue=1, yellow=1, vp=6),
    _ex("sog.ex.scoring_behavior", _SCEX,
        "Behavior cards give 4 (Predator) + 3 (Herbivore) + 3 (Scavenger) = 10 VP.",
        "sog.score.behavior", vp=10, predator=4, herbivore=3, scavenger=3),
    _ex("sog.ex.scoring_animals", _SCEX,
        "Introduced animals give 19 VP: 5 for the Predator, 8 for the two 4 VP Herbivores "
        "and 6 for the two 3 VP Herbivores; the covered Scavengers give nothing.",
        "sog.score.animals", vp=19, predator=5, herbivores_4vp=8, herbivores_3vp=6,
        scavengers=0),
    _ex("sog.ex.scoring_vault", _SCEX, "The Herbivore in the Vault gives 2 VP.",
        "sog.score.vault", vp=2),
    _ex("sog.ex.scoring_resources", _SCEX,
        "Remaining resources give 7 VP: 4 for Seeds, 2 for Nutrients, 1 for Energy.",
        "sog.score.resources", vp=7, seed=4, nutrient=2, energy=1),
    _ex("sog.ex.scoring_dna", _SCEX,
        "DNA on Species cards gives 10 VP: 6 in the Shard row and 4 in the Seed row.",
        "sog.score.dna", vp=10, shard_row=6, seed_row=4),
    _ex("sog.ex.scoring_prestige", _SCEX, "Prestige tokens give 9 VP.",
        "sog.score.prestige", vp=9),
    _ex("sog.ex.scoring_total", _SCEX,
        "The six parts add up to 57 VP.", "sog.score.winner", total=57),
)
"""The rulebook's worked examples, in rulebook order."""


def example_in_source(example_id: str) -> SourceExample:
    """The worked example with this id."""
    for example in EXAMPLES_IN_SOURCE:
        if example.id == example_id:
            return example
    raise KeyError(f"no worked example {example_id!r}")

"""Every rule of the Gaea Reborn rulebook as a RuleRef, and the modelled core rules.

Ids start with ``brw.``.  Sections are the expansion rulebook's own headings and the
summaries paraphrase it.  The expansion adds to the Black Rose Wars: Rebirth core game,
whose rulebook is not among the sources: the core rules the engine needs (how a Mage
moves, attacks and casts, the phases of a round, rebuilding Rooms...) are modelled, have
ids ``brw.core.`` and summaries starting with "(reconstructed)".  Rules marked
"(engine ruling)" settle a case the expansion's rulebook leaves open.

>>> RULES["brw.root.destruction"].section
'Root Tokens'
>>> is_reconstructed(RULES["brw.core.move"]), is_reconstructed(RULES["brw.root.placement"])
(True, False)
>>> len(RULES) > 100
True

:data:`EXAMPLES_IN_SOURCE` lists the worked examples the rulebook gives.

>>> example_in_source("brw.ex.incomplete_path").numbers["power"]
-6
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from gaia_lab.core.rulebook import Rulebook, RuleRef
from gaia_lab.games.black_rose_wars.parts_rules import PARTS_RULES

__all__ = [
    "CORE_SECTION", "EXAMPLES_IN_SOURCE", "RULES", "RULING", "SourceExample",
    "example_in_source", "is_reconstructed", "rule",
]

RECONSTRUCTED = "(reconstructed)"
"""How the summary of a modelled core rule starts."""
RULING = "(engine ruling)"
"""How the summary of an engine ruling starts."""
CORE_SECTION = "Core game (modelled)"
"""The section of the modelled core rules (the core rulebook is not a source)."""

_COMP = "Game Components"
_MODELS = "Models"
_FORGOT = "Forgotten Evocation Card and Forgotten Spell Card"
_SCHOOL = "School Reference Card"
_AVCOMP = "Avatar Components"
_LEGCOMP = "Legendary Scenario Components"
_LAYOUT = "Lodge Layouts"
_ANATOMY = "Avatar Card Anatomy"
_SETUP = "Gaea Setup"
_ROOT = "Root Tokens"
_ARBOR = "Arbor Vitae"
_BURST = "Blossoming Burst"
_DOMINION = "Dominion"
_GPRIO = "Gaea Priority"
_SERVANT = "Servant — Filius"
_SPECIAL = "Special Rules"
_FPRIO = "Filius Priority"
_FMODEL = "Filius Model"
_PATHS = "Paths"
_START = "Path Start Card Anatomy"
_CARD = "Path Card Anatomy"
_USING = "Using Paths"
_GAIN = "Gaining a Path Card"
_GAINEX = "Example: A Mage Gains a New Path Card"
_EFFECT = "Reaching an Effect Passage"
_END = "Reaching an End Point"
_ENDGAME = "End of the Game — Additional"
_LEGEND = "Legendary Scenario: Stop the Threat"
_LSETUP = "Additional Setup"
_LRULES = "Scenario Rules"
_HONOR = "Honorable Mention"
_HUNT = "Gaea Hunt Mission (Nova Aetas Renaissance)"
_HOWTO = "How to Use This Expansion"
_BOUNTY = "Bounty"
_LARGE = "Large Models"
_AREA = "Large Models and Area Effects"
_LOS = "Large Models and Line of Sight"
_HCOMP = "Hunt Mission Components"
_HCARDS = "Hunt Mission Cards"
_CORE = CORE_SECTION


def _core(ident: str, summary: str) -> RuleRef:
    return RuleRef(ident, _CORE, f"{RECONSTRUCTED} {summary}")


RULES = Rulebook(
    "Black Rose Wars: Rebirth - Gaea Reborn rulebook",
    [
        # Game Components
        RuleRef("brw.components.list", _COMP,
                "The box holds Talia's Mage card and 3 personal spells, the Geomancy school "
                "card and 36 Geomancy spells, Gaea's Forgotten Evocation, the Forgotten Spell "
                "Nature's Fury, Gaea's Avatar card, the Filius Evocation card, 30 Command "
                "cards, the Filius token, 12 Root Tokens, 3 Arbor Vitae tokens, 6 Path Start "
                "cards, 24 Path cards, 3 Legendary Scenario cards, 4 Room Activation tokens, "
                "4 Rooms and the Gaea and Talia models."),
        # Models
        RuleRef("brw.models.gaea", _MODELS, "The Gaea model stands for the Avatar in the Lodge."),
        RuleRef("brw.models.talia", _MODELS,
                "Talia is a Mage players may pick when choosing Mages in setup step 8 of the "
                "core game."),
        # Forgotten Evocation Card and Forgotten Spell Card
        RuleRef("brw.forgotten.decks", _FORGOT,
                "The Forgotten Evocation joins the core Evocation deck and the Forgotten Spell "
                "joins the core Forgotten Spell deck."),
        RuleRef("brw.forgotten.gaea_legend", _FORGOT,
                "The Forgotten Evocation Gaea (Legend) has Speed 2, Strength 1 and Health 6; "
                "after an action she picks one effect: take 2 of your Instability out of a "
                "Room to gain 2 Power Points, or convert 3 Damage on a Model, or convert 3 "
                "Instability in a Room."),
        RuleRef("brw.forgotten.natures_fury", _FORGOT,
                "The Forgotten Spell Nature's Fury carries its own text and leaves the "
                "Forgotten Spell deck when Gaea is set up as the Avatar."),
        # School Reference Card
        RuleRef("brw.school.geomancy", _SCHOOL,
                "In setup step 9 the School of Geomancy may replace one of the core game's "
                "Schools of Magic."),
        # Avatar Components / Legendary Scenario Components
        RuleRef("brw.components.avatar", _AVCOMP,
                "Gaea as Avatar uses her Avatar card, the Filius card and token, 30 Command "
                "cards, 12 Root Tokens and 3 Arbor Vitae tokens."),
        RuleRef("brw.components.legendary", _LEGCOMP,
                "The Legendary Scenario uses the 6 Path Start cards, 24 Path cards, 3 "
                "Legendary Scenario cards, 4 Room Activation tokens and 4 Rooms."),
        # Lodge Layouts
        RuleRef("brw.lodge.layouts", _LAYOUT,
                "The rulebook draws a Lodge layout for each number of players from one to "
                "five; the Legendary Scenario sets up its Rooms and Cells by them."),
        # Avatar Card Anatomy
        RuleRef("brw.avatar.card", _ANATOMY,
                "Gaea's Avatar card shows Health 12, Strength 1 and Speed 2."),
        RuleRef("brw.avatar.effect", _ANATOMY,
                "Whenever a Command card's effect shows the Avatar Effect symbol, the Avatar "
                "Effect printed on the Avatar card is resolved."),
        RuleRef("brw.avatar.tool", _ANATOMY,
                "The Avatar uses a Tool, shown by the Tool symbol in effects; Gaea's Tool is "
                "the Root Token."),
        RuleRef("brw.avatar.skills", _ANATOMY,
                "Gaea's Avatar Skills are Blossoming Burst and Dominion."),
        RuleRef("brw.avatar.effect.instability", _ANATOMY,
                "Avatar Effect, first part: Gaea places 1 Instability in a Room, counted from "
                "the target."),
        RuleRef("brw.avatar.effect.roots", _ANATOMY,
                "Avatar Effect, second part: in each Room holding a Root Token, up to 1 "
                "Instability of that Room moves onto its Root Token."),
        RuleRef("brw.avatar.effect.arbor_vitae", _ANATOMY,
                "Avatar Effect, third part: when at least 3 Root Tokens in the Lodge hold 2 "
                "Instability each, 3 of them are removed and an Arbor Vitae is placed in the "
                "Lodge."),
        # Gaea Setup
        RuleRef("brw.setup.step", _SETUP,
                "Gaea's own setup is done during step 3 of the Avatar setup."),
        RuleRef("brw.setup.gaea_model", _SETUP, "Gaea's model starts in the Black Rose Room."),
        RuleRef("brw.setup.filius_token", _SETUP, "The Filius token starts in the Throne Room."),
        RuleRef("brw.setup.filius_card", _SETUP,
                "The Filius Evocation card goes in the Servant slot of the Avatar board."),
        RuleRef("brw.setup.root_tokens", _SETUP, "Every Room receives a Root Token."),
        RuleRef("brw.setup.natures_fury", _SETUP,
                "Nature's Fury is taken out of the Forgotten Spell deck."),
        # Root Tokens
        RuleRef("brw.root.one_per_room", _ROOT,
                "Some of Gaea's effects place a Root Token in a Room; a Room holds at most "
                "one."),
        RuleRef("brw.root.no_place", _ROOT,
                "No token is placed when the Room already holds a Root Token or the pool has "
                "none left."),
        RuleRef("brw.root.placement", _ROOT,
                "A placed Root Token goes left of the Room's Instability slots and gives the "
                "Room two more Instability slots."),
        RuleRef("brw.root.rebuilt_room", _ROOT, "A Root Token may be placed in a Rebuilt Room."),
        RuleRef("brw.root.instability_first", _ROOT,
                "Instability placed in a Room with a Root Token fills the token's free slots "
                "first."),
        RuleRef("brw.root.in_room", _ROOT,
                "Instability on a Root Token counts as placed in the token's Room."),
        RuleRef("brw.root.rebuilt_black_rose", _ROOT,
                "On a Root Token in a Rebuilt Room only the Black Rose may place Instability."),
        RuleRef("brw.root.model", _ROOT,
                "A Root Token counts as a Model: it can be targeted and it suffers effects "
                "aimed at its Room."),
        RuleRef("brw.root.destruction", _ROOT,
                "A Root Token ignores any effect that deals it less than 2 Damage; 2 Damage or "
                "more removes it from the Lodge and every Instability on it goes back to its "
                "owner's pool."),
        RuleRef("brw.root.rebuilding", _ROOT,
                "Rebuilding a Room removes its Root Token."),
        # Arbor Vitae
        RuleRef("brw.arbor_vitae", _ARBOR,
                "Arbor Vitae tokens mark Gaea's consolidated power in the Lodge; her effects "
                "count them."),
        # Blossoming Burst
        RuleRef("brw.skill.blossoming_burst", _BURST,
                "At the very start of the Clean-up phase, before its step 1, the Avatar gains "
                "1 Power Point per Arbor Vitae and per Root Token whose two slots are both "
                "filled."),
        RuleRef("brw.skill.blossoming_win", _BURST,
                "Then, with three or more Arbor Vitae in the Lodge, the Avatar wins the game "
                "at once."),
        # Dominion
        RuleRef("brw.skill.dominion", _DOMINION,
                "When Gaea would activate while in a Cell, she does not activate and moves "
                "herself to the Black Rose Room instead."),
        # Gaea Priority
        RuleRef("brw.priority.lines", _GPRIO,
                "Gaea has two Priority lines, numbered 1 and 2 on her Avatar card."),
        RuleRef("brw.priority.gaea1", _GPRIO,
                "Priority 1 targets an Area (a Room): no Root Token, then most Instability, "
                "then most Models, then the Choice of the Crown."),
        RuleRef("brw.priority.gaea2", _GPRIO,
                "Priority 2 targets an Area (a Room): no Root Token, then most Instability, "
                "then fewest Models, then the Choice of the Crown."),
        RuleRef("brw.priority.no_root", _GPRIO,
                "-Root Token: Gaea keeps the Rooms without a Root Token."),
        RuleRef("brw.priority.most_instability", _GPRIO,
                "+Instability: among those, the Rooms with the most Instability."),
        RuleRef("brw.priority.most_models", _GPRIO,
                "+Models (line 1): among those, the Rooms with the most Models."),
        RuleRef("brw.priority.fewest_models", _GPRIO,
                "-Models (line 2): among those, the Rooms with the fewest Models."),
        RuleRef("brw.priority.crown", _GPRIO,
                "Rooms still tied after the last criterion are settled by the Choice of the "
                "Crown."),
        # Servant — Filius
        RuleRef("brw.filius.servant", _SERVANT,
                "A Servant is an Evocation bound to the Avatar; Filius is Gaea's, shown in the "
                "Lodge by its token, which counts as an ordinary Evocation model."),
        RuleRef("brw.filius.card_stays", _SERVANT,
                "The Filius card never leaves the Servant slot, even when Filius is defeated "
                "or removed."),
        RuleRef("brw.filius.card", _SERVANT,
                "The Filius Evocation card shows Speed 2, Strength 2 and Health 3."),
        # Special Rules
        RuleRef("brw.filius.priority", _SPECIAL,
                "When activated, Filius picks a target by the Priority on its card, moves "
                "closer to it and attacks it."),
        RuleRef("brw.filius.settle", _SPECIAL,
                "Settle: when Filius is defeated it places 1 Instability in the Room where it "
                "fell."),
        RuleRef("brw.filius.comeback", _SPECIAL,
                "Comeback: when Filius would activate with its model out of the Lodge, it does "
                "not activate and the Avatar puts it in the Throne Room."),
        # Filius Priority
        RuleRef("brw.filius.target", _FPRIO,
                "Filius targets a Mage model: most Power Points, then most Damage, then "
                "closest, then most Trophy tokens, then the Choice of the Crown."),
        RuleRef("brw.filius.most_power", _FPRIO,
                "+Power Points: Filius keeps the Mages with the most Power Points."),
        RuleRef("brw.filius.most_damage", _FPRIO,
                "+Damage: among those, the Mages with the most Damage."),
        RuleRef("brw.filius.closest", _FPRIO, "-Area: among those, the closest Mages."),
        RuleRef("brw.filius.most_trophies", _FPRIO,
                "+Trophies: among those, the Mages with the most Trophy tokens."),
        RuleRef("brw.filius.crown", _FPRIO,
                "Mages still tied are settled by the Choice of the Crown."),
        RuleRef("brw.filius.closer", _FPRIO,
                "When Filius cannot reach its target it moves as close to it as it can."),
        RuleRef("brw.filius.no_mage", _FPRIO,
                "With no Mage in the Lodge, Filius does not move and its activation ends."),
        # Filius Model
        RuleRef("brw.filius.model", _FMODEL,
                "Filius is a faun of the Primaevi; any faun model from Nova Aetas Renaissance "
                "may replace its token."),
        # Paths
        RuleRef("brw.paths.module", _PATHS,
                "Paths are an optional module giving Mages a new way to gain Power Points, "
                "added once the regular setup is complete."),
        RuleRef("brw.paths.deck", _PATHS,
                "All Path cards form the Path deck, without the Path Start cards."),
        RuleRef("brw.paths.deck_place", _PATHS, "The Path deck lies beside the Quest deck."),
        RuleRef("brw.paths.start_card", _PATHS,
                "Each Mage gets a Path Start card and puts a Path marker on its Path Start "
                "symbol."),
        RuleRef("brw.paths.first_card", _PATHS,
                "From the Crown's holder clockwise, each Mage draws three Path cards, keeps "
                "one to the right of the Start card with matching Tracks, and shuffles the "
                "other two under the Path deck."),
        # Path Start Card Anatomy / Path Card Anatomy
        RuleRef("brw.paths.start_anatomy", _START,
                "A Path Start card shows the Path Start, a Track and an Advance Condition; "
                "the line at its top speaks of gaining 1 Power Point."),
        RuleRef("brw.paths.card_anatomy", _CARD,
                "A Path card shows Tracks, an Advance Condition, End Points with their effect, "
                "Empty and Effect Passages, a Penalty box and a Points box."),
        # Using Paths
        RuleRef("brw.paths.advance", _USING,
                "Each time a Mage meets the Advance Condition of the card under their Path "
                "marker, they may move the marker to a next Passage joined to it by a "
                "continuous Track."),
        RuleRef("brw.paths.goal", _USING,
                "A Mage aims to advance as far as possible, card after card, up to an End "
                "Point."),
        # Gaining a Path Card
        RuleRef("brw.paths.gain_advance", _GAIN,
                "Advancing onto a Passage of another card that is not an End Point: draw "
                "three Path cards, keep one to the right of the last card with matching "
                "Tracks, shuffle the others under the deck."),
        RuleRef("brw.paths.gain_quest", _GAIN,
                "Instead of drawing a Quest card a Mage may draw three Path cards and keep one "
                "in the same way."),
        RuleRef("brw.paths.gain_example", _GAINEX,
                "The rulebook shows both ways: a marker moved onto another card's Passage, and "
                "a Quest draw replaced by a Path card."),
        # Reaching an Effect Passage
        RuleRef("brw.paths.effect_passage", _EFFECT,
                "On reaching an Effect Passage the Mage may resolve its card's Effect, treated "
                "as a triggered Trap spell."),
        # Reaching an End Point
        RuleRef("brw.paths.end_point", _END,
                "On reaching an End Point the Mage has a Complete Path and the Avatar gains "
                "the Power Points shown beside it."),
        RuleRef("brw.paths.end_point_locked", _END,
                "After that the Mage meets no more Advance Conditions and gains no more Path "
                "cards; their Path scores at the end of the game."),
        # End of the Game — Additional
        RuleRef("brw.paths.complete_score", _ENDGAME,
                "A Mage with a Complete Path gains the Points boxes of the card holding their "
                "marker and of every card to its left."),
        RuleRef("brw.paths.incomplete_penalty", _ENDGAME,
                "A Mage without a Complete Path loses the Penalty boxes of all their Path "
                "cards."),
        # Legendary Scenario: Stop the Threat
        RuleRef("brw.legendary.about", _LEGEND,
                "A Legendary Scenario plays an event of the game's world with its own rules "
                "and cards; in Stop the Threat the Mages stop Gaea's awakening."),
        RuleRef("brw.legendary.layout", _LSETUP,
                "Setup steps 1 to 3 are replaced: Rooms and Cells follow the rulebook's "
                "layout for the number of players."),
        RuleRef("brw.legendary.rooms", _LSETUP,
                "Before step 4 the Emerald Rose Room replaces the Black Rose Room, and the "
                "Thorny Clearing, Life Fountain and Indoor Forest replace the Forge, Garden "
                "and Treasure Room."),
        RuleRef("brw.legendary.moon_cubes", _LSETUP,
                "After setup the Second Moon cube goes on slot 5, the Third Moon cube on "
                "slot 21 and the Black Rose cube on slot 28 of the Power board."),
        RuleRef("brw.legendary.gaea_setup", _LSETUP, "Gaea's Avatar setup is then done."),
        RuleRef("brw.legendary.paths", _LSETUP, "The Path deck is then set up."),
        RuleRef("brw.legendary.event_cards", _LSETUP,
                "The Stop the Threat card of each Moon phase goes on top of that phase's "
                "Event deck and is the phase's first Event."),
        RuleRef("brw.legendary.false_idols", _LRULES,
                "False Idols: a Mage who defeats Gaea gains no Avatar Trophy token."),
        RuleRef("brw.legendary.toll", _LRULES,
                "Toll: a Mage who removes a Root Token gains 1 Avatar Trophy token."),
        RuleRef("brw.legendary.honorable_mention", _HONOR,
                "At the end, the Mage with the most Trophies alone gains 3 Power Points; on a "
                "tie nobody does."),
        # Gaea Hunt Mission (Nova Aetas Renaissance)
        RuleRef("brw.hunt.mission", _HUNT,
                "Gaea is also a Hunt Mission for any Nova Aetas Renaissance campaign and "
                "follows that game's Hunt Mission rules."),
        RuleRef("brw.hunt.event_card", _HOWTO,
                "Using Gaea in a campaign adds this box's Event card to the core Event deck."),
        RuleRef("brw.hunt.bounty", _BOUNTY,
                "At any point of the Main Campaign the mission may be marked in the Active "
                "Side Mission slot and played as if the Weeds Event had been drawn."),
        RuleRef("brw.large.squares", _LARGE,
                "A Large Model occupies more than one Battlefield square."),
        RuleRef("brw.large.move", _LARGE,
                "While it moves a Large Model occupies one square, counted from any square it "
                "occupied."),
        RuleRef("brw.large.place", _LARGE,
                "After moving it is placed so that its squares include the one where its move "
                "ended."),
        RuleRef("brw.large.push", _LARGE,
                "Models on the squares it needs are pushed to adjacent free squares, or else "
                "to the nearest free square."),
        RuleRef("brw.large.scenic", _LARGE,
                "Scenic Elements are never covered: it goes on free or Model-occupied squares, "
                "or else ends its move on a square that lets it be placed."),
        RuleRef("brw.large.area_target", _AREA,
                "An Area attack targets a Large Model when at least one of its squares is in "
                "the Area."),
        RuleRef("brw.large.area_target_once", _AREA,
                "A Large Model targeted by an Area attack suffers only the target's effect, "
                "once, however many of its squares are in the Area."),
        RuleRef("brw.large.area_extra_once", _AREA,
                "A Large Model that is not the target but has several squares in the Area "
                "suffers the additional effect once."),
        RuleRef("brw.large.los", _LOS,
                "A Large Model always has Line of Sight to every other Model and they to it."),
        RuleRef("brw.hunt.components", _HCOMP,
                "The mission uses Gaea, the Geomancer (Talia), the Gaea deck, 4 Trees, tiles "
                "1A to 4A and mission cards G1 to G4, kept unrevealed."),
        RuleRef("brw.hunt.cards", _HCARDS,
                "Its cards: 8 Mission cards, the Weeds Event card, the Geomancer enemy and "
                "draft cards, 4 Reward cards and 16 Gaea Action cards."),
        # The modelled core game
        _core("brw.core.lodge",
              "The Lodge is a set of hexagonal Rooms and one Cell per Mage; Rooms sharing an "
              "edge are joined, each Cell joins one Room; distance is the number of steps "
              "between areas."),
        _core("brw.core.layout",
              "Each player count has a layout of Room places; the Black Rose Room sits in the "
              "middle and the Throne Room beside it, the other places are drawn from the "
              "remaining Rooms."),
        _core("brw.core.cells",
              "A Cell is its Mage's own room: only that Mage enters it; the Avatar and "
              "Evocations never do."),
        _core("brw.core.mage",
              "A Mage has Health 11, Strength 2 and Speed 2 and starts in their Cell."),
        _core("brw.core.crown",
              "The first Mage holds the Crown at the start; its holder acts first in each "
              "phase and makes the Choice of the Crown."),
        _core("brw.core.choice_of_the_crown",
              "The Choice of the Crown: when the rules leave several equal options, the "
              "Crown's holder picks one."),
        _core("brw.core.round",
              "A round has six phases: Black Rose, Study, Planning, Action, Evocation and "
              "Clean-up."),
        _core("brw.core.black_rose_phase",
              "Black Rose phase: the top Event of the current Moon's deck is revealed, the "
              "Black Rose gains the Power Points it shows and its effect is played; with that "
              "deck empty the Black Rose gains the Moon phase's number instead; then it "
              "places 1 Instability in the Black Rose Room."),
        _core("brw.core.event_effects",
              "An Event's effect is played when the Black Rose phase reveals it; a standing "
              "effect is in force until the next Event is revealed. The Events' effects are "
              "authored from a fan reading of the cards (a Room activated of a colour paying "
              "the Black Rose, Instability in Rooms of colours, Damage of the Black Rose, "
              "Mages sent to their Cells...); an effect on a part of the core not modelled "
              "(the Library, Quests, Forgotten Spells cast) does nothing."),
        _core("brw.core.event_decks",
              "Each Moon phase has its own Event deck, shuffled at setup."),
        _core("brw.core.study",
              "Study phase: each Mage's three spells (Arcane Bolt, Destabilize, Blink) return "
              "to hand."),
        _core("brw.core.personal_spells",
              "Personal spells: at each Moon change every Mage gains their next personal "
              "spell, into hand. Of the personal spells only Talia's three are in this box: "
              "she holds the first from the start, the second from Moon 2, the third from "
              "Moon 3, beside the spells every Mage holds."),
        _core("brw.core.planning",
              "Planning phase: from the Crown's holder on, each Mage prepares two of their "
              "three spells for the round."),
        _core("brw.core.action",
              "Action phase: from the Crown's holder on, Mages take turns of one action each "
              "(move, attack, cast, activate or pass), two turns per Mage; a Mage who passes "
              "takes no more turns this round."),
        _core("brw.core.avatar_turn",
              "After every round of turns in the Action phase the Avatar activates: it draws "
              "the top Command card, picks a target by the card's Priority line and resolves "
              "the card's effects in order."),
        _core("brw.core.command_deck",
              "Played Command cards are discarded; an empty Command deck is reshuffled from "
              "its discards."),
        _core("brw.core.move",
              "Move: a Mage moves up to their Speed in steps between joined areas."),
        _core("brw.core.attack",
              "Attack: a Mage deals their Strength in Damage to one Model in their own Room."),
        _core("brw.core.cast",
              "Cast: a Mage casts a prepared spell once per round: Arcane Bolt deals 2 Damage "
              "to a Model within 1 step, Destabilize places 2 of their Instability in a Room "
              "within 1 step, Blink places them in a Room within 3 steps."),
        _core("brw.core.activate",
              "Activate: a Mage uses the Room they stand in: on its ruined side they place 1 "
              "Instability in it (not in the Throne Room, where they lose 1 Power Point and "
              "take the Crown), then its effect is played; its rebuilt side plays its effect "
              "once per Mage a round, and takes no Instability."),
        _core("brw.core.room_effects",
              "Each Room has its own effect on each side, authored from a fan reading of the "
              "tiles: Damage to a Model or Instability in a Room within a range (the "
              "activation's target), a summon, healing, Power Points, the Crown, a spell "
              "cast this round taken back, every Mage sent to their Cell, a Quest; activated "
              "with no target (none in reach, or the Mage's choice) a targeted effect does "
              "nothing."),
        _core("brw.core.pass", "Pass: the Mage takes no more turns this Action phase."),
        _core("brw.core.instability",
              "Instability fills a ruined Room's slots from left to right; a Rebuilt Room "
              "takes none."),
        _core("brw.core.rebuild",
              "A Room whose printed slots are all full is rebuilt: owners rank by their "
              "Instability in it and gain its rewards (a sole owner the first reward plus 1; "
              "tied owners the tied rank's reward less 1, unless it is 1 or less); all "
              "Instability goes back and the Room turns to its rebuilt side."),
        _core("brw.core.damage",
              "A Model whose Damage reaches its Health is defeated."),
        _core("brw.core.damage_owner",
              "Every Damage on a Model belongs to whoever dealt it: a Mage (the Damage of "
              "their Evocations is theirs), the Avatar (Gaea's and Filius's) or the Black "
              "Rose; healing takes off the latest dealt first."),
        _core("brw.core.defeat_power",
              "The Power Points for a defeat go to the Mage owning the most Damage on the "
              "defeated Model (among equals, the one whose Damage came last); with no Mage's "
              "Damage on it, to the side that defeated it, and the Avatar's side gains them "
              "only for a Mage. The Trophy token goes to the Mage who dealt the defeating "
              "Damage."),
        _core("brw.core.defeat_mage",
              "A defeated Mage returns to their Cell with no Damage; the defeating side gains "
              "3 Power Points and a Mage Trophy token."),
        _core("brw.core.defeat_avatar",
              "A Mage who defeats the Avatar gains 5 Power Points and an Avatar Trophy token; "
              "the Avatar loses its Damage and returns to the Black Rose Room."),
        _core("brw.core.defeat_evocation",
              "A Mage who defeats an Evocation gains 1 Power Point and an Evocation Trophy "
              "token; the Evocation leaves the Lodge and a summoned Evocation's card goes to "
              "the Evocation discards."),
        _core("brw.core.evocation_deck",
              "The Evocation deck holds the core Evocations' cards (3 Succubus, 3 Nigredo, 8 "
              "Cadaver, 3 Colossus) and the Forgotten Evocation; a summon draws one of its "
              "cards at random."),
        _core("brw.core.summon",
              "Summon: the Mage draws a card of the Evocation deck and places its Model in "
              "their Room as their Evocation; a Mage with three Evocations in the Lodge, or "
              "an empty deck, summons nothing."),
        _core("brw.core.evoke",
              "Evocation phase: from the Crown's holder on, each Mage activates each of their "
              "Evocations: it moves up to its Speed through Rooms (or stays) and may attack "
              "one Model or Root Token in its Room that is not its owner's, dealing its "
              "Strength."),
        _core("brw.core.evocation_phase",
              "Evocation phase: the Mages' Evocations activate, then the Avatar's Servant."),
        _core("brw.core.cleanup",
              "Clean-up phase: step 1 checks the end of the game, step 2 ends the round and "
              "hands over nothing else."),
        _core("brw.core.power_board",
              "The Power board tracks the Power Points of each Mage, the Avatar and the Black "
              "Rose; the Second Moon, Third Moon and Black Rose cubes sit on slots 6, 18 and "
              "30."),
        _core("brw.core.moon",
              "When any Power marker reaches the slot of the next Moon's cube, the next Moon "
              "phase begins at once."),
        _core("brw.core.end",
              "At Clean-up step 1, once any Power marker has reached the Black Rose cube, the "
              "game ends; the most Power Points wins, the Crown's holder winning a tie among "
              "Mages, and a Mage winning a tie with the Avatar or the Black Rose."),
        # Engine rulings on what the expansion leaves open
        RuleRef("brw.ruling.effect_from_target", _ANATOMY,
                f"{RULING} Gaea's Avatar Effect places 1 of her own Instability in the target "
                "Room itself."),
        RuleRef("brw.ruling.roots_which", _ANATOMY,
                f"{RULING} The Instability moved onto a Root Token is the rightmost one on the "
                "Room's slots."),
        RuleRef("brw.ruling.arbor_which", _ANATOMY,
                f"{RULING} With more than 3 full Root Tokens the Crown's holder picks the 3 "
                "removed; the Arbor Vitae is placed in Gaea's Room."),
        RuleRef("brw.ruling.root_pool", _ROOT,
                f"{RULING} A Root Token that leaves the Lodge (destroyed, removed by "
                "rebuilding, or for an Arbor Vitae) goes back to the pool."),
        RuleRef("brw.ruling.models_in_room", _GPRIO,
                f"{RULING} The Models of a Room are its Mages, the Avatar, Filius, the "
                "Mages' Evocations and its Root Token."),
        RuleRef("brw.ruling.rebuild_roots", _ROOT,
                f"{RULING} A Room is rebuilt when its printed slots are full; Instability on "
                "its Root Token counts in the owners' ranking."),
        RuleRef("brw.ruling.move_ties", _FPRIO,
                f"{RULING} Gaea and Filius move along a shortest way toward their target; "
                "several equally good stopping Rooms are settled by the Choice of the Crown."),
        RuleRef("brw.ruling.legend_action", _FORGOT,
                f"{RULING} Gaea (Legend)'s action is her activation in the Evocation phase: "
                "after one in which she moved or attacked, her owner picks one Effect that "
                "can be picked (none when none can)."),
        RuleRef("brw.ruling.legend_from_her", _FORGOT,
                f"{RULING} \"From her\" is read as her own Room: she converts Damage on a "
                "Model in her Room and Instability in her Room; the Instability she removes "
                "may be in any Room."),
        RuleRef("brw.ruling.legend_which", _FORGOT,
                f"{RULING} She converts up to 3 of other owners': the oldest Damage, the "
                "leftmost Instability (the Root Token's first); her owner's Instability is "
                "removed from the right."),
        RuleRef("brw.ruling.gaea_attack", _ANATOMY,
                f"{RULING} Gaea's attack deals her Strength to each Mage in her Room when it is "
                "her target."),
        *PARTS_RULES,
    ],
)
"""The rules of the expansion and the modelled core, by id, in rulebook order."""


def rule(rule_id: str) -> RuleRef:
    """The rule with this id (KeyError names the id if unknown).

    >>> rule("brw.skill.dominion").section
    'Dominion'
    """
    return RULES[rule_id]


def is_reconstructed(ref: RuleRef) -> bool:
    """True for a modelled core rule (not in the expansion's rulebook)."""
    return ref.summary.startswith(RECONSTRUCTED)


@dataclass(frozen=True, slots=True)
class SourceExample:
    """A worked example of the rulebook: where it is, what it shows, the numbers it fixes.

    >>> e = example_in_source("brw.ex.complete_path")
    >>> e.rule, e.numbers["power"]
    ('brw.paths.complete_score', 2)
    """

    id: str
    section: str
    summary: str
    numbers: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    rule: str = ""


def _ex(ident: str, section: str, summary: str, rule_id: str, **numbers: int) -> SourceExample:
    return SourceExample(ident, section, summary, MappingProxyType(dict(numbers)), rule_id)


EXAMPLES_IN_SOURCE: tuple[SourceExample, ...] = (
    _ex("brw.ex.gain_advance", _GAINEX,
        "A Mage moves their Path marker onto a Passage of another card and gains a new Path "
        "card.", "brw.paths.gain_advance"),
    _ex("brw.ex.gain_quest", _GAINEX,
        "A Mage who would draw a Quest card draws three Path cards instead and keeps one.",
        "brw.paths.gain_quest"),
    _ex("brw.ex.complete_path", _ENDGAME, "A Complete Path scores +2 Power Points.",
        "brw.paths.complete_score", power=2),
    _ex("brw.ex.incomplete_path", _ENDGAME, "An Incomplete Path scores -6 Power Points.",
        "brw.paths.incomplete_penalty", power=-6),
)
"""The rulebook's worked examples, in rulebook order."""


def example_in_source(example_id: str) -> SourceExample:
    """The worked example with this id."""
    for example in EXAMPLES_IN_SOURCE:
        if example.id == example_id:
            return example
    raise KeyError(f"no worked example {example_id!r}")

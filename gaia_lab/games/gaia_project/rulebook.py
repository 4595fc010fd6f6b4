"""Every rule the Gaia Project rules refresher states, as a RuleRef, plus the faction boards.

Ids start with ``gp.``.  The refresher prints two headings, "Read the refresher" and "A
turn, played out"; rules under the first are grouped by the part of the text they come
from (setup, the rounds, what people often forget, the end of the game).  Faction rules
come from the faction data (``data/factions.json``), one RuleRef per ability family.
Summaries are paraphrases.

>>> RULES["gp.charge.cost"].section
'Read the refresher: often forgotten'
>>> len(RULES.sections()["Faction boards"]) >= 28
True
"""

from __future__ import annotations

from gaia_lab.core.rulebook import Rulebook, RuleRef

_GOAL = "Read the refresher"
_SETUP = "Read the refresher: setup"
_ROUND = "Read the refresher: rounds and phases"
_FORGET = "Read the refresher: often forgotten"
_END = "Read the refresher: game end"
_TURN = "A turn, played out"
_FACTION = "Faction boards"

RULES = Rulebook(
    "Gaia Project rules refresher and faction data",
    [
        RuleRef("gp.goal", _GOAL,
                "Players compete for victory points; the most at the end wins."),
        # -- setup ---------------------------------------------------------------
        RuleRef("gp.setup.sectors_34", _SETUP,
                "With three or four players all ten sector tiles are used, sectors 05, 06 "
                "and 07 with the solid side up."),
        RuleRef("gp.setup.sectors_2", _SETUP,
                "With two players only sectors 01 to 07 are used, 05, 06 and 07 with the "
                "outlined side up."),
        RuleRef("gp.setup.tech_tiles", _SETUP,
                "The nine green-backed standard tech tiles go at random on the nine tech "
                "spaces; the remaining copies are stacked on their matching tiles, making "
                "nine piles of four."),
        RuleRef("gp.setup.advanced_tech", _SETUP,
                "One advanced tech tile is placed on each of the six spaces between level 4 "
                "and level 5 of the research areas."),
        RuleRef("gp.setup.federation_tokens", _SETUP,
                "The Gleens federation token is set aside; one random federation token goes "
                "on level 5 of Terraforming; the rest form six piles, green side up (the "
                "12-VP tokens are gray on both sides)."),
        RuleRef("gp.setup.round_scoring", _SETUP,
                "One random round scoring tile goes on each of the six numbered spaces of "
                "the scoring board."),
        RuleRef("gp.setup.final_scoring", _SETUP,
                "Two random final scoring tiles are placed beside the ranking tracks."),
        RuleRef("gp.setup.boosters", _SETUP,
                "Round boosters are dealt out: three more than the number of players."),
        RuleRef("gp.setup.faction_board", _SETUP,
                "Each player sets up their faction board: resource markers on their "
                "starting spaces, power tokens in the areas shown, starting Q.I.C. from the "
                "supply."),
        RuleRef("gp.setup.research", _SETUP,
                "Each player puts a marker on level 0 of every research area; a faction "
                "board showing level 1 of an area starts there and takes that level's "
                "one-time bonus."),
        RuleRef("gp.setup.research_income", _SETUP,
                "The level 1 bonuses of Economy and Science are income, so they are not "
                "gained during setup."),
        RuleRef("gp.setup.vp", _SETUP, "Each victory point marker starts on space 10."),
        RuleRef("gp.setup.satellites", _SETUP,
                "Each player places one satellite on the zero space of the scoring board."),
        RuleRef("gp.setup.mines_first", _SETUP,
                "Advanced setup: starting with the first player and going clockwise, each "
                "player places one mine on a home planet of their colour."),
        RuleRef("gp.setup.mines_second", _SETUP,
                "Then each player places a second mine, in reverse order, counterclockwise "
                "from the last player."),
        RuleRef("gp.setup.no_charge", _SETUP,
                "Mines placed during setup do not let other players charge power."),
        RuleRef("gp.setup.xenos", _SETUP,
                "The Xenos place a third mine after all second mines."),
        RuleRef("gp.setup.ivits", _SETUP,
                "The Ivits place their planetary institute last, on any red planet, "
                "instead of mines."),
        RuleRef("gp.setup.booster_choice", _SETUP,
                "Then, starting with the last player and going counterclockwise, each "
                "player takes a round booster."),
        RuleRef("gp.setup.neutral", _SETUP,
                "With two players a neutral player is added: a satellite of an unused colour "
                "goes on each ranking track, at the number printed on that final scoring "
                "tile."),
        # -- rounds and phases -----------------------------------------------------
        RuleRef("gp.round.count", _ROUND,
                "The game has six rounds, each with four phases: income, Gaia phase, "
                "actions and clean-up."),
        RuleRef("gp.income.sources", _ROUND,
                "Income: take the income of your faction board, round booster, tech tiles "
                "and research levels."),
        RuleRef("gp.income.order", _ROUND,
                "You choose the order in which you gain power tokens and charge power, but "
                "each income icon is taken whole before moving to another."),
        RuleRef("gp.income.caps", _ROUND,
                "Resource tracks are capped: 15 ore, 15 knowledge and 30 credits."),
        RuleRef("gp.gaia_phase.tokens", _ROUND,
                "Gaia phase: power tokens in your Gaia area move to area I of your power "
                "cycle (area II for the Terrans)."),
        RuleRef("gp.gaia_phase.transform", _ROUND,
                "Gaia phase: each Gaiaformer on a Transdim planet gets a Gaia Planet token "
                "and the planet becomes a Gaia planet."),
        RuleRef("gp.action.turns", _ROUND,
                "Action phase: starting with the first player and going clockwise, each "
                "player takes one action per turn until everyone has passed."),
        RuleRef("gp.action.mine", _ROUND,
                "Build a mine on an empty, accessible, habitable planet for 2 credits and "
                "1 ore, paying any terraforming cost first."),
        RuleRef("gp.action.gaia_project", _ROUND,
                "Start a Gaia project: place an available Gaiaformer on an accessible "
                "Transdim planet without one, moving the required power tokens from areas "
                "I, II or III into your Gaia area."),
        RuleRef("gp.action.upgrade", _ROUND,
                "Upgrade one structure one step: mine to trading station, trading station "
                "to planetary institute or research lab, research lab to academy."),
        RuleRef("gp.action.upgrade_tech", _ROUND,
                "Upgrading to a research lab or an academy also gives a tech tile."),
        RuleRef("gp.action.federation", _ROUND, "Form a federation."),
        RuleRef("gp.action.research", _ROUND,
                "Spend 4 knowledge to advance one level in a research area."),
        RuleRef("gp.action.board", _ROUND,
                "Take a power action or a Q.I.C. action of the research board."),
        RuleRef("gp.action.special", _ROUND, "Take a special action."),
        RuleRef("gp.action.pass", _ROUND, "Pass."),
        RuleRef("gp.terraform.cost", _ROUND,
                "Each terraforming step costs 3 ore at Terraforming level 0 or 1, 2 ore at "
                "level 2, and 1 ore at level 3 and above."),
        RuleRef("gp.range.navigation", _ROUND,
                "Range is 1 at Navigation level 0 or 1, 2 at levels 2 and 3, 3 at level 4 "
                "and 4 at level 5."),
        RuleRef("gp.range.qic", _ROUND,
                "Any number of Q.I.C. may be spent for 2 extra spaces of range each."),
        RuleRef("gp.gaia_project.cost", _ROUND,
                "A Gaia project moves 6 power tokens at Gaia Project level 1 or 2, 4 at "
                "level 3, and 3 at levels 4 and 5."),
        RuleRef("gp.upgrade.trading_station", _ROUND,
                "A trading station costs 6 credits and 2 ore, or 3 credits and 2 ore if an "
                "opponent's structure is within 2 spaces."),
        RuleRef("gp.free_action.when", _ROUND,
                "Any number of free actions from the faction board's exchange list may be "
                "taken before or after your action, never during it."),
        RuleRef("gp.cleanup.tokens", _ROUND,
                "Clean-up: remove all action tokens from power, Q.I.C. and special action "
                "spaces."),
        RuleRef("gp.cleanup.boosters", _ROUND, "Clean-up: flip all round boosters face up."),
        RuleRef("gp.cleanup.round_tile", _ROUND,
                "Clean-up: discard this round's round scoring tile."),
        RuleRef("gp.cleanup.last_round", _ROUND, "There is no clean-up after round six."),
        # -- often forgotten --------------------------------------------------------
        RuleRef("gp.pass.booster", _FORGET,
                "On passing, take one of the three available round boosters (one another "
                "player returned this round included), return the one you held, and lay the "
                "new one face down."),
        RuleRef("gp.pass.no_repeat", _FORGET,
                "You cannot keep the same booster two rounds in a row."),
        RuleRef("gp.pass.last_round", _FORGET,
                "In the final round you return your booster without taking a new one."),
        RuleRef("gp.pass.first_player", _FORGET,
                "The first player to pass in a round takes the first player marker."),
        RuleRef("gp.charge.trigger", _FORGET,
                "Whenever someone builds a mine or upgrades a structure, each other player "
                "with a structure within 2 spaces may charge power."),
        RuleRef("gp.charge.highest", _FORGET,
                "A player charges only for their single structure within range with the "
                "highest power value."),
        RuleRef("gp.charge.cost", _FORGET,
                "Charging costs one victory point less than the power charged."),
        RuleRef("gp.charge.passed", _FORGET, "A player who has already passed can still charge."),
        RuleRef("gp.action.once_per_round", _FORGET,
                "Each power, Q.I.C. and special action can be taken only once per round."),
        RuleRef("gp.special.alone", _FORGET,
                "A special action cannot be combined with another special, power or Q.I.C. "
                "action."),
        RuleRef("gp.federation.power", _FORGET,
                "The structures of a federation need a total power value of at least 7."),
        RuleRef("gp.federation.satellites", _FORGET,
                "Satellites are built by discarding one power token each."),
        RuleRef("gp.federation.minimal", _FORGET,
                "A federation must use as few planets and satellites as possible."),
        RuleRef("gp.federation.separate", _FORGET,
                "Planets and satellites of a new federation may not be adjacent to planets "
                "or satellites of any of your existing federations."),
        RuleRef("gp.federation.exclusive", _FORGET,
                "Each planet and satellite belongs to only one federation."),
        RuleRef("gp.tech.no_duplicate", _FORGET,
                "You may never own two copies of the same standard tech tile."),
        RuleRef("gp.tech.under_area", _FORGET,
                "A tile directly below a research area lets you advance only in that area."),
        RuleRef("gp.tech.advanced", _FORGET,
                "An advanced tech tile needs level 4 or 5 in its area, flipping a green "
                "federation token to gray, and an uncovered standard tile to cover."),
        RuleRef("gp.research.level5_token", _FORGET,
                "Advancing to level 5 of any area also costs flipping a federation token."),
        RuleRef("gp.research.level5_one", _FORGET,
                "Only one player can reach level 5 in each area."),
        RuleRef("gp.research.level3_charge", _FORGET,
                "Advancing from level 2 to level 3 charges 3 power."),
        RuleRef("gp.gaia_project.round6", _FORGET,
                "A Gaia project started in round six is never completed."),
        # -- game end -----------------------------------------------------------------
        RuleRef("gp.end.when", _END,
                "The game ends after the action phase of round six; then the final "
                "scoring follows."),
        RuleRef("gp.score.final_tiles", _END,
                "For each final scoring tile the highest ranked player gains 18 VP, second "
                "12, third 6, fourth nothing."),
        RuleRef("gp.score.final_ties", _END,
                "Tied players add the points of the highest remaining ranks and divide them "
                "evenly."),
        RuleRef("gp.score.neutral", _END,
                "In a two-player game the neutral player's satellites take part in the "
                "ranking."),
        RuleRef("gp.score.research", _END,
                "4 VP for each level 3, 4 and 5 reached in each research area (level 5 "
                "scores 12)."),
        RuleRef("gp.score.resources", _END,
                "1 VP for every 3 ore, knowledge or credits left, in any combination."),
        RuleRef("gp.score.winner", _END,
                "Most victory points wins; tied players share the victory."),
        # -- a turn, played out -------------------------------------------------------
        RuleRef("gp.example.range_qic", _TURN,
                "With range 1, a planet 3 spaces away is reached by spending 1 Q.I.C. for "
                "2 extra spaces."),
        RuleRef("gp.example.pay_order", _TURN,
                "Terraforming is paid first, then the mine's 2 credits and 1 ore."),
        RuleRef("gp.example.charge_once", _TURN,
                "A neighbour with two structures in range charges once, for the higher "
                "power value, paying 1 VP less than the power."),
        RuleRef("gp.example.no_charge", _TURN,
                "A player with nothing within 2 spaces gets no charge."),
        RuleRef("gp.example.cheap_ts", _TURN,
                "With an opponent's structure within 2, a trading station costs 3 credits "
                "and 2 ore."),
        RuleRef("gp.example.returned_booster", _TURN,
                "A booster returned by a player who passed earlier may be taken."),
        RuleRef("gp.example.first_player", _TURN,
                "The first player to pass already holds the first player marker and opens "
                "the next round."),
        # -- factions -----------------------------------------------------------------
        RuleRef("gp.faction.pairs", _FACTION,
                "Two factions share each home planet type (the two sides of one board); only "
                "one of a pair can play."),
        RuleRef("gp.faction.pi", _FACTION,
                "Building the planetary institute gives income of 4 power charged and 1 "
                "power token and unlocks the faction's institute ability."),
        RuleRef("gp.faction.academies", _FACTION,
                "The left academy gives 2 knowledge income; the right academy has a special "
                "action: gain 1 Q.I.C. once per round."),
        RuleRef("gp.faction.terrans", _FACTION,
                "Terrans: tokens leaving the Gaia area go to area II; they start at Gaia "
                "Project level 1 with 4 tokens in areas I and II."),
        RuleRef("gp.faction.terrans.pi", _FACTION,
                "Terrans institute: in the Gaia phase the returning tokens may be turned "
                "into resources as if spent as power."),
        RuleRef("gp.faction.lantids", _FACTION,
                "Lantids: may build a mine on a planet another player occupies (no "
                "terraforming); such mines cannot be upgraded and do not count for planet "
                "types or Gaia planets."),
        RuleRef("gp.faction.lantids.pi", _FACTION,
                "Lantids institute: 2 knowledge for each mine built on an occupied planet; "
                "its income is 4 power charged with no extra token."),
        RuleRef("gp.faction.xenos", _FACTION,
                "Xenos: start at Intelligence level 1 and place a third starting mine."),
        RuleRef("gp.faction.xenos.pi", _FACTION,
                "Xenos institute: federations need a power value of only 6; its income adds "
                "1 Q.I.C. instead of a token."),
        RuleRef("gp.faction.gleens", _FACTION,
                "Gleens: gain 1 ore instead of each Q.I.C. until their right academy is "
                "built; colonising a Gaia planet costs 1 ore instead of 1 Q.I.C.; start at "
                "Navigation level 1 with no Q.I.C.  In the reference implementation they "
                "also score 2 VP for each mine on a Gaia planet."),
        RuleRef("gp.faction.gleens.pi", _FACTION,
                "Gleens institute: take the special Gleens federation token (2 credits, 1 "
                "ore, 1 knowledge); its income adds 1 ore instead of a token."),
        RuleRef("gp.faction.taklons", _FACTION,
                "Taklons: own the brainstone, a token worth 3 power when spent; it starts in "
                "area I."),
        RuleRef("gp.faction.taklons.pi", _FACTION,
                "Taklons institute: on charging power from another player's building, also "
                "gain 1 power token, before or after the charge."),
        RuleRef("gp.faction.ambas", _FACTION,
                "Ambas: base income of 2 ore; start at Navigation level 1."),
        RuleRef("gp.faction.ambas.pi", _FACTION,
                "Ambas institute: special action once per round, swap the institute with "
                "one of your mines (no power charge follows)."),
        RuleRef("gp.faction.hadsch_hallas", _FACTION,
                "Hadsch Hallas: base income adds 3 credits; start at Economy level 1."),
        RuleRef("gp.faction.hadsch_hallas.pi", _FACTION,
                "Hadsch Hallas institute: free actions 4 credits for 1 Q.I.C., 3 credits for "
                "1 ore, 4 credits for 1 knowledge."),
        RuleRef("gp.faction.ivits", _FACTION,
                "Ivits: income of 1 Q.I.C.; all their federations are one growing "
                "federation needing 7 power value per federation formed, with satellites "
                "paid in Q.I.C."),
        RuleRef("gp.faction.ivits.pi", _FACTION,
                "Ivits institute: special action once per round, place a space station on "
                "an empty space hex within range."),
        RuleRef("gp.faction.geodens", _FACTION, "Geodens: start at Terraforming level 1."),
        RuleRef("gp.faction.geodens.pi", _FACTION,
                "Geodens institute: 3 knowledge whenever a mine is built on a planet type "
                "they did not yet have."),
        RuleRef("gp.faction.baltaks", _FACTION,
                "Bal T'aks: free action, move a Gaiaformer to the Gaia area for 1 Q.I.C. "
                "(it returns in the next Gaia phase); no Navigation before the institute; "
                "start at Gaia Project level 1 with no Q.I.C."),
        RuleRef("gp.faction.baltaks.pi", _FACTION,
                "Bal T'aks institute: may advance on Navigation."),
        RuleRef("gp.faction.baltaks.academy", _FACTION,
                "Bal T'aks right academy: its action gives 4 credits instead of 1 Q.I.C."),
        RuleRef("gp.faction.firaks", _FACTION,
                "Firaks: base income adds 1 knowledge; they start with 3 ore and 2 "
                "knowledge."),
        RuleRef("gp.faction.firaks.pi", _FACTION,
                "Firaks institute: special action once per round, downgrade a research lab "
                "to a trading station and advance one research level for free."),
        RuleRef("gp.faction.bescods", _FACTION,
                "Bescods: planetary institute and academy positions are swapped; trading "
                "stations give knowledge and labs give credits."),
        RuleRef("gp.faction.bescods.special", _FACTION,
                "Bescods special action once per round: advance the lowest research area "
                "for free."),
        RuleRef("gp.faction.bescods.pi", _FACTION,
                "Bescods institute: their structures on titanium planets gain 1 power "
                "value."),
        RuleRef("gp.faction.nevlas", _FACTION,
                "Nevlas: research labs give 2 power charged instead of knowledge; free "
                "action, move a token from area III to the Gaia area for 1 knowledge; start "
                "at Science level 1."),
        RuleRef("gp.faction.nevlas.pi", _FACTION,
                "Nevlas institute: each token spent from area III counts as 2 power."),
        RuleRef("gp.faction.itars", _FACTION,
                "Itars: income of 1 power token; tokens removed by burning go to the Gaia "
                "area; start with 5 ore and 4 tokens in areas I and II."),
        RuleRef("gp.faction.itars.academy", _FACTION,
                "Itars left academy: 3 knowledge income instead of 2."),
        RuleRef("gp.faction.itars.pi", _FACTION,
                "Itars institute: in the Gaia phase, discard 4 tokens from the Gaia area to "
                "take a tech tile, as often as they can."),
    ],
)
"""The rules of the refresher and the faction boards, in source order."""

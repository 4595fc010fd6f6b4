# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: setting up
#
# This notebook sets up the recorded game **deep-mind-2**: four players, the ten-sector map, the
# seeded tiles, then the factions, the starting mines and the boosters, line by line from the
# record.

# %% [markdown]
# > **About this engine.** The Gaia Project engine plays the recorded-log notation of the
# > online implementation: one action is one line of a log (`terrans build m 1A4.`), several
# > commands of one player in a line are separated by `. `. Component values (tiles, boosters,
# > faction boards) restate public data and are marked `published` in the data files. The
# > engine replays three recorded games (deep-mind-2, JaeggaFun04 and voyager-6, nine of the
# > fourteen factions) to their last lines with every player's VP, and every source of VP,
# > equal to the recorded ones.

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import GaiaProject
from gaia_lab.games.gaia_project.recorded import recorded_game
from gaia_lab.teaching import board, show_events

game = recorded_game("deep-mind-2")
moves = game["moves"]
print(len(moves), "lines in the record of", game["game"])

# %% [markdown]
# ## What the seed drew
#
# The setup lists each sector with its rotation and centre hex, the boosters in play, the tech
# tiles on the research board, the six round scoring tiles and the two final scoring tiles.

# %% tags=["nbval-check-output"]
from gaia_lab.games.gaia_project.state import Setup

setup = Setup.from_seeded(game["seeded_setup"])
for sector, rotation, q, r in setup.sectors:
    print(f"sector {sector:3} rotated {rotation} x 60 degrees, centre ({q}, {r})")
print("boosters:", ", ".join(setup.boosters))
print("tech tiles:", ", ".join(f"{pos}={tile}" for pos, tile in setup.techs))
print("round scoring:", ", ".join(setup.round_scoring))
print("final scoring:", ", ".join(setup.final_scoring))
print("federation token on terraforming 5:", setup.terraforming_federation)

# %% [markdown]
# ## The empty table
#
# A hex is named by its sector's tile number and its place around the sector's centre: `C` the
# centre, `B0`..`B5` the inner ring, `A0`..`A11` the outer ring. The board's ids use those
# names (`hex:5A4`), so a click on the map names the hex a move would write.

# %% tags=["nbval-check-output"]
s = Session(GaiaProject(), players=4, options={"setup": game["seeded_setup"]})
print(s.state)
board(s.state)

# %% [markdown]
# ## Factions
#
# Each player in turn chooses a faction. Every choice is a line of the log; a move out of turn,
# or a faction already taken, is refused with the reason and the rule.

# %% tags=["nbval-check-output"]
print([str(m) for m in s.legal_actions()][:6], "...")
s.play(moves[1])
print(moves[1])
print(s.explain("p2 faction terrans"))
print(s.explain("p3 faction nevlas"))
for line in moves[2:5]:
    s.play(line)
    print(line)

# %% [markdown]
# ## Starting mines
#
# Mines go on home planets in seat order, then in reverse order; the Xenos place a third mine
# last. A mine on a planet of another type, or out of turn, is refused.

# %% tags=["nbval-check-output"]
print(s.explain("terrans build m 5A4"))
print(s.explain("nevlas build m 5A4"))
for line in moves[5:14]:
    events = s.play(line)
    print(line)
    show_events(events)

# %% tags=["nbval-check-output"]
mines = [f"hex:{h}" for p in s.state.seats for h, _ in p.buildings]
board(s.state, highlight=mines)

# %% [markdown]
# ## Boosters
#
# In reverse seat order each player takes a round booster; then round 1 begins with income.

# %% tags=["nbval-check-output"]
print("in the supply:", ", ".join(s.state.boosters))
for line in moves[14:18]:
    events = s.play(line)
    print(line)
    show_events(events)

# %% tags=["nbval-check-output"]
board(s.state)

# %% [markdown]
# ## A new game, set up step by step
#
# Without a recorded setup, a new game draws its setup from its seed, one step per part, as the
# refresher lists them: the map (all ten sectors for three or four players; sectors 1-7 with 5,
# 6 and 7 on their outlined side for two), the nine standard tech tiles, six advanced tiles, the
# federation token for Terraforming level 5 (never the Gleens' token), six round scoring tiles,
# two final scoring tiles, and the boosters (players + 3). With `auto=False` the session stops
# at each draw.

# %% tags=["nbval-check-output"]
new = gaia_lab.Session("gaia_project", players=2, seed=7, auto=False)
while new.actor == "chance":
    events = new.step()
    print(new.history[-1].notation[:90])
    show_events(events)

# %% tags=["nbval-check-output"]
board(new.state)

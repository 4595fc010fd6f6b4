# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering 3: game end and scoring
#
# - When any companion area holds **five** revived animals, the current turn is finished and the
#   game ends. A player who revived the **Elephant** ends it with **four**.
# - Each player adds the points printed on their revived animals, plus the points of their
#   **scoring powers**.
# - The highest score wins; on a tie, the player with the **fewest completed cards** wins;
#   otherwise the victory is shared.

# %% [markdown]
# > **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
# > faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
# > everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
# > Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
# > files. The rules engine itself is complete. If you own the game, you can load your printed
# > values: `AnimalsGathering(load_components("my_folder"))`.

# %% [markdown]
# ## The Elephant ends the game early

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games.animals_gathering import text

scenario = {
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["elephant", "rabbit", "giraffe"],
         "summoning": {"hummingbird": "RG"}},
        {"name": "Ben", "mage": 2, "companions": ["deer", "dolphin", "octopus", "butterfly"],
         "summoning": {"crab": "RBB"}},
    ],
    "active": 0,
    "supply": ["fox", "owl", "lion", "swan", "bat"],
}
s = gaia_lab.Session("animals_gathering", scenario=scenario)
s.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
s.play_many(["place O hummingbird", "done"])
print(text.log_lines(s.events))

# %% [markdown]
# Ada revived her fourth animal and the Elephant is among them, so the game ends. The turn is
# finished first: the unused stones are offered to Ben (none fits his Crab), then the game ends
# and is scored.

# %% tags=["nbval-check-output"]
print(s.is_over(), s.state.ended_by)
print(s.score_breakdown().table())
print("winner:", [s.names[i] for i in s.winners()])

# %% [markdown]
# Each line of the breakdown says where the points come from:

# %% tags=["nbval-check-output"]
for line in s.score_breakdown().lines:
    who = s.names[line.player]
    print(f"{who:4} {line.category:15} {line.points:>3}  {line.explanation}  [{line.rule.id}]")

# %% [markdown]
# ## Ties: fewest completed cards wins
#
# Ada has revived five animals worth 1 + 2 + 2 + 2 + 1 = 8 points, Ben two worth 4 + 4 = 8.
# Ben's turn ends the game (Ada has five companions): the scores are equal, so the tied
# player with fewer revived animals, Ben, wins.

# %% tags=["nbval-check-output"]
from gaia_lab.games.animals_gathering.examples import TIE_SCENARIO

tie = gaia_lab.Session("animals_gathering", scenario=TIE_SCENARIO)
tie.play("take parrot")
totals = tie.score_breakdown().totals
revived = [len(p.companions) for p in tie.state.seats]
print(tie.score_breakdown().table())
print("revived animals:", dict(zip(tie.names, revived)))
print("winner:", [tie.names[i] for i in tie.winners()])
assert totals[0] == totals[1] and revived[1] < revived[0] and tie.winners() == (1,)

# %% [markdown]
# With the same score and as many revived animals, the victory is shared:

# %% tags=["nbval-check-output"]
shared = gaia_lab.Session("animals_gathering", scenario={
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["fox", "bat", "wolf", "starfish", "lion"]},
        {"name": "Ben", "mage": 2, "companions": ["hummingbird", "shark", "salmon", "crab",
                                                  "tortoise"]},
    ],
    "active": 0,
    "supply": ["rabbit", "owl", "parrot", "eagle", "deer"],
})
shared.play("take rabbit")
print(shared.score_breakdown().table())
print("winners:", [shared.names[i] for i in shared.winners()])
assert shared.winners() == (0, 1)

# %% [markdown]
# ## A whole game
#
# A seeded random game with four players, played to the end in a moment:

# %% tags=["nbval-check-output"]
import random

game = gaia_lab.Session("animals_gathering", players=4, seed=5,
                        options={"names": ["Milo", "Howard", "Sandra", "Coco"]})
rng = random.Random(5)
while not game.is_over():
    legal = game.legal_actions()
    game.play(legal[rng.randrange(len(legal))])
print(f"{game.decisions} decisions, ended by: {game.state.ended_by}")
print(game.score_breakdown().table())
print("winner:", [game.names[i] for i in game.winners()])
game.state

# %% [markdown]
# The same game as charts, drawn from the engine's score breakdown after every decision:
# each player's points as the game went, then the final points by category.

# %% tags=["nbval-check-output"]
from gaia_lab.render.charts import score_bars, score_chart, score_history
from gaia_lab.teaching import picture

picture(score_chart(score_history(game), title="Points after each decision"))

# %% tags=["nbval-check-output"]
picture(score_bars(game.score_breakdown(), title="Final points by category"))

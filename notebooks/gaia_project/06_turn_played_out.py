# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project 6: a turn, played out, and the cost rules
#
# The refresher ends with one turn told in full. Here it is as a runnable script: each step
# plays moves in the recorded-log notation and checks the numbers the text gives (range,
# terraforming ore, what is left, the neighbour's charge and its VP price, the returned booster,
# the first player of the next round). After it, one short example for each cost rule.

# %% tags=["nbval-check-output"]
import gaia_lab

examples = {e.id: e for e in gaia_lab.examples("gaia_project")}
turn = examples["gp.example.turn_played_out"]
print(turn.title, "-", turn.summary)
start = turn.start()
start.state

# %% tags=["nbval-check-output"]
results = list(turn.results())
for result in results:
    print(result.summary())
    print()

# %% [markdown]
# The table after the turn, as the example leaves it:

# %% tags=["nbval-check-output"]
results[-1].session.state

# %% [markdown]
# ## The cost rules, one example each
#
# Terraforming cost by Terraforming level, range by Navigation level and Q.I.C., the Gaia
# project's power by level, the trading station's cheaper price next to a neighbour, a
# federation's power value and satellites, and ties on the final scoring tiles.

# %% tags=["nbval-check-output"]
for key in ["gp.example.terraforming_cost", "gp.example.range", "gp.example.gaia_project_cost",
            "gp.example.trading_station_cost", "gp.example.federation", "gp.example.final_ties"]:
    example = examples[key]
    print("=" * 8, example.title, "=" * 8)
    for result in example.results():
        print(result.summary())
    print()

# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The game table
#
# Every game and every worked example behind one set of controls, for a class. Choose a game,
# the players, their names and a seed, press **New game** and take turns at this screen; or
# choose **Step through an example** and open one of the rulebook's worked examples. **Save**
# offers the game as a record file (JSON) to download; **Load** replays one and plays on. A
# file that cannot be replayed is answered with the line, field or step where it goes wrong,
# and the table stays as it was.
#
# Open this notebook in Voila (`python3 run.py table`) for the app view.

# %%
from gaia_lab.widgets.table import Table

Table("animals_gathering", players=3, seed=1, names=["Ada", "Ben", "Cleo"])

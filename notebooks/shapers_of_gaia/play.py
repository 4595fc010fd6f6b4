# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shapers of Gaia: play
#
# A table for three, ready to play: click a highlighted space, tile, card or animal space, or a
# move button. Type any move in *Why not?* to have it explained.
#
# **How to type a move:** a verb and its words, such as `intro S1 B1`, `card s03 A`,
# `activate s03`, `restore i_forest_1 B1` or `pass`.

# %%
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("shapers_of_gaia", players=3, seed=1))
explorer

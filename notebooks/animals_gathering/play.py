# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Animals Gathering: play
#
# A table for four, ready to play: click a highlighted card or die, or a move button. Open this
# notebook in Voila for a classroom app view.
#
# **How to type a move:** a verb followed by its words, separated by spaces, such as
# `take fox`, `roll 2g1o1b`, `place Y heron`, `done` or `use raven raid`.

# %%
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("animals_gathering", players=4, seed=1,
                                     options={"names": ["Milo", "Howard", "Sandra", "Coco"]}))
explorer

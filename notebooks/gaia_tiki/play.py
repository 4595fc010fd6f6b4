# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions): play
#
# A table for three, ready to play. Click a highlighted square, card, market card or deck, or
# a move button. Type any move in *Why not?* to have it explained with its rule; the rules are
# on the [rules page](../../docs/rules/gaia_tiki.md).
#
# **How to type a move:** a verb and its words, such as `draw nature 2`, `tile plain F7`,
# `city borea F7`, `feed F7 from F8` or `pass`.
#
# The Cities, Animal cards, Objectives, chip counts and Powers are reconstructed (GAIA's card
# lists are not public). For the advanced game with Powers, make the session with
# `options={"advanced": True}`.

# %%
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("gaia_tiki", players=3, seed=1))
explorer

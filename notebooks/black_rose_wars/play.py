# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Black Rose Wars: Gaea Reborn: play
#
# A Lodge for two Mages, with Gaea and Filius acting by themselves. Click a highlighted Room or
# a move button; type any move in *Why not?* to have it explained with its rule. The panel shows
# the reason for each choice Gaea or Filius makes.
#
# **How to type a move:** a verb and its words, such as `move crypt`, `attack gaea`,
# `cast arcane_bolt filius`, `activate` or `pass`.

# %% [markdown]
# > **What comes from where.** The rules of Gaea, Filius, Root Tokens, Paths, Talia, the
# > Legendary Scenario and the Large Models come from the expansion's rulebook (*Gaea Reborn*).
# > The core game's rulebook is not public: the Lodge's layout, how a Mage moves, attacks and
# > casts, the Moon phases and the end are a small, complete core **modelled** (reconstructed)
# > for play, and so are the 30 Command cards' effects, the Path cards and the spell cards.
# > Every rule the engine cites says which it is (`rule.source`); the rules are on the
# > [rules page](../../docs/rules/black_rose_wars.md).

# %%
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("black_rose_wars", players=2, seed=1))
explorer

# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Gaia Project: play
#
# A four-player table on the recorded game's map: choose factions, place the first mines, then
# play rounds with any of the fourteen factions. Click a highlighted hex or a move button; type
# any log line into *Why not?* to have it explained, or play it (a choice the lists leave out,
# such as the bowls paying for a Gaia project, `using area2: 4`, is typed this way).
#
# **How to type a move:** the seat (`p1`) before factions are chosen, else the faction, then
# its commands joined by a full stop and a space, such as `p1 faction terrans` or
# `nevlas spend 3pw for 1o. build ac2 3B4`.

# %%
import gaia_lab
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("gaia_project", players=4, seed=1))

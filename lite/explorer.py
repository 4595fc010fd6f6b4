# ---
# jupyter:
#   kernelspec:
#     display_name: Python (Pyodide)
#     language: python
#     name: python
# ---

# %% [markdown]
# # The Explorer in the browser
#
# The live board of a game of Animals Gathering, in your browser with no server and no
# network: click a move's button (or the board) to play it, undo and redo, ask why a move is
# not legal. Run the cells from top to bottom (Shift+Enter).

# %%
import piplite

# gaia_lab, its shortest paths and the widget packages, all from this site
await piplite.install(  # noqa: F704 (the kernel awaits)
    ["gaia_lab", "networkx", "ipywidgets", "anywidget", "psygnal", "typing-extensions"],
    deps=False,
)

import gaia_lab
from gaia_lab.widgets import Explorer

# %%
explorer = Explorer(gaia_lab.Session("animals_gathering", players=3, seed=1,
                                     options={"names": ["Ada", "Ben", "Cleo"]}))
explorer

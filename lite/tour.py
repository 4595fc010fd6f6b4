# ---
# jupyter:
#   kernelspec:
#     display_name: Python (Pyodide)
#     language: python
#     name: python
# ---

# %% [markdown]
# # gaia_lab in the browser
#
# This notebook runs in your browser (JupyterLite): no server, nothing to install. The rule
# engines and the SVG boards work here. Run the cells from top to bottom (Shift+Enter).
#
# The first cell installs gaia_lab from this site. The live widgets (the Explorer and the
# canvas boards) also need numpy and Pillow, which come from the Pyodide distribution on the
# internet: with a connection, `await piplite.install("gaia_lab")` installs everything.

# %%
import piplite

await piplite.install("gaia_lab", deps=False)  # noqa: F704 (the browser kernel awaits here)

import gaia_lab

print("gaia_lab", gaia_lab.__version__, "with", ", ".join(gaia_lab.GAMES))

# %% [markdown]
# **Set up a game.** A `Session` holds a game in play; it resolves shuffles and rolls by
# itself (seeded) and stops whenever a player must decide.

# %%
s = gaia_lab.Session("animals_gathering", players=3, seed=1,
                     options={"names": ["Ada", "Ben", "Cleo"]})
for line in s.log():
    print(line)

# %% [markdown]
# **Ask what is legal**, and play the first legal action three times.

# %%
print(s.pending)
print(s.names[s.actor], "decides:", [str(a) for a in s.legal_actions()])
for _ in range(3):
    s.play(s.legal_actions()[0])
print(len(s.record().steps), "steps played")

# %% [markdown]
# **Ask why not.** `explain` answers any move, legal or not, with the reason and the rule.

# %%
for move in ["roll 2g2o2b", "roll 2g2o1b", "take unicorn", "dance"]:
    print(f"{move:14} -> {s.explain(move)}")

# %% [markdown]
# **Travel in time.** `undo` and `redo` move over the decisions; the dice travel with the state.

# %%
s.play("roll 2g2o1b")
after = s.state
s.undo()
print("undone:", s.state != after)
s.redo()
print("redone, same position:", s.state == after)

# %% [markdown]
# **Look at the table.** Any state shows its board as SVG.

# %%
s.state

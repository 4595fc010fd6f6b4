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
# This notebook runs in your browser (JupyterLite): no server, nothing to install, no network
# needed. Every game's rule engine and its board (as SVG) work here. Run the cells from top to
# bottom (Shift+Enter).
#
# The live widgets are not part of this tour: the notebook `explorer.ipynb` beside it opens
# the Explorer on a game, with no network either.

# %%
import piplite

# gaia_lab and networkx (its shortest paths) from this site; the widgets' packages are left out
await piplite.install(["gaia_lab", "networkx"], deps=False)  # noqa: F704 (the kernel awaits)

import gaia_lab

for name, game in gaia_lab.GAMES.items():
    low, high = game.meta.min_players, game.meta.max_players
    seats = f"{low}-{high} players" if low != high else f"{low} player" + "s" * (low != 1)
    print(f"{game.meta.title} ({name}): {seats}")

# %% [markdown]
# ## Six things every game does, with Animals Gathering
#
# **Set up a game.** A `Session` holds a game in play; it resolves shuffles and rolls by
# itself (seeded, so the same seed gives the same game) and stops whenever a player must
# decide.

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
# **Travel in time.** `undo` and `redo` move over the decisions; the dice travel with the
# state. A `Record` is the whole game as JSON, and replays to the same position.

# %%
s.play("roll 2g2o1b")
after = s.state
s.undo()
print("undone:", s.state != after)
s.redo()
print("redone, same position:", s.state == after)
again = gaia_lab.Session.from_record(gaia_lab.Record.from_json(s.record().to_json()))
print("the record replays to the same position:", again.state == s.state)

# %% [markdown]
# **Look at the table.** Any state shows its board as SVG.

# %%
s.state

# %% [markdown]
# ## Every game
#
# The same questions for each of the other games: what the game waits for, its legal actions,
# why a move is legal or refused (with the rule), a move played and taken back, and the board.

# %%
def look_at(s, refused):
    """What ``s`` waits for, its legal actions, a legal and a refused move explained, the
    first legal move played and undone; returns the session (shown as its board)."""
    legal = s.legal_actions()
    print(s.pending)
    print(len(legal), "legal actions, such as", ", ".join(str(a) for a in legal[:3]))
    for move in (str(legal[0]), refused):
        print(f"{move} -> {s.explain(move)}")
    before = s.state
    s.play(legal[0])
    s.undo()
    print(f"played {legal[0]} and took it back: the same position again:", s.state == before)
    return s


# %% [markdown]
# **Shapers of Gaia** (2-3 players, a hex board of Biomes): a tile you do not hold cannot be
# restored.

# %%
look_at(gaia_lab.Session("shapers_of_gaia", players=2, seed=1), "restore S1 A3")

# %% [markdown]
# **Gaia Project** (2-4 players): the factions are chosen first, and two factions may not
# share a home planet type.

# %%
s = gaia_lab.Session("gaia_project", players=2, seed=1)
s.play("p1 faction terrans")
look_at(s, "p2 faction lantids")

# %% [markdown]
# **GAIA (Tiki Editions)** (2-5 players, tiles on a square grid): a terrain tile goes next to
# another tile.

# %%
look_at(gaia_lab.Session("gaia_tiki", players=3, seed=1), "tile swamp A1")

# %% [markdown]
# **Black Rose Wars: Gaea Reborn** (1-5 players): each Mage prepares two different spells of
# their hand.

# %%
look_at(gaia_lab.Session("black_rose_wars", players=2, seed=1), "prepare arcane_bolt fireball")

# %% [markdown]
# **The Hunt Mission's Large Models** (a drill for one): a Large Model that stops on Models
# pushes each of them once.

# %%
look_at(gaia_lab.Session("black_rose_wars_hunt", players=1, seed=1), "move gaea c1 at b1")

# %% [markdown]
# **Replay the rulebooks' worked examples**: the first of each game, every checkpoint checked.

# %%
for name in gaia_lab.GAMES:
    example = gaia_lab.examples(name)[0]
    example.run()
    print(f"{name}: {example.title}, {len(example.steps)} steps, every checkpoint holds")

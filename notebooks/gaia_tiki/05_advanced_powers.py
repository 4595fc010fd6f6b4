# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # GAIA (Tiki Editions) 5: the advanced game, Powers and disasters
#
# The advanced rules ("with disasters") change two things about meeples on Cities, and add a
# deck of Power cards:
#
# - **Stealing a City.** If you raise an opponent's City, your meeple replaces theirs, and
#   theirs goes home ([gt.advanced.steal](../../docs/rules/gaia_tiki.md#rule-gt-advanced-steal)).
# - **A fully satisfied City.** If you bring a City to all 4 needs met, you put 2 meeples on
#   it. If it falls back to 2 or 3, one of them leaves
#   ([gt.advanced.full](../../docs/rules/gaia_tiki.md#rule-gt-advanced-full)).
# - **Powers** (optional within the advanced game, on by default). There is a red deck with a
#   market of 2. You may hold at most 2 Power cards. You play one like a Nature card and do
#   what it says, even against your own Cities. A played Power stays in front of you: 4 of
#   them claim the Power Objective
#   ([gt.power.play](../../docs/rules/gaia_tiki.md#rule-gt-power-play),
#   [gt.power.objective](../../docs/rules/gaia_tiki.md#rule-gt-power-objective)).
#
# Whatever a Power does to tiles, Cities or Animals changes the satisfaction of the Cities
# around, with all the usual consequences. The player of the Power is the one who raises.

# %% [markdown]
# > **About the Powers.** The Italian summary sends its readers to the last page of the
# > publisher's manual for the list of Powers, and that page is not available. Reviews name a
# > few themes (lightning, volcano, rain, sun, earthquake) and kinds of effect. gaia_lab's
# > Power deck is **reconstructed** on those themes. Every card is an effect kind with its
# > parameters, in `powers.json`, so the printed values can replace them
# > ([the list](../../docs/rules/gaia_tiki.md#rule-gt-power-transform)).

# %%
import gaia_lab
from gaia_lab.games.gaia_tiki import GAME
from gaia_lab.games.gaia_tiki.examples import DISASTER, FULL, POWER_OBJECTIVE
from gaia_lab.games.gaia_tiki.teaching import city_needs, powers_table
from gaia_lab.teaching import board, show_events

# %% [markdown]
# ## The Power deck (reconstructed)

# %% tags=["nbval-check-output"]
powers = GAME.components.powers
print(powers_table(GAME.components))
print()
print(sum(p.copies for p in powers), "cards;", sum(p.copies for p in powers if p.disaster),
      "of them disasters")
assert len(GAME.components.deck("power")) == sum(p.copies for p in powers)

# %% [markdown]
# ## A City stolen, fully satisfied, then one meeple leaves
#
# This is an advanced game without Powers. P1's Borea stands on F6 with 2 needs met. It is
# P2's turn.

# %% tags=["nbval-check-output"]
print(FULL.title, "-", FULL.summary)
results = list(FULL.results())
print()
print(results[0].summary())
assert results[0].ok

# %%
board(results[0].session.state)

# %% tags=["nbval-check-output"]
print(results[1].summary())
print()
state = results[1].session.state
print(city_needs(state, "F6"))
assert results[1].ok

# %%
board(state)

# %% tags=["nbval-check-output"]
print(results[2].summary())
assert results[2].ok

# %%
board(results[2].session.state)

# %% [markdown]
# ## Rain, a stolen City and the Power Objective
#
# Rain turns a desert or a swamp into a plain. Here it turns the desert G6, next to P2's
# Borea, into a plain. Borea meets one more need, so P1, who played the Rain, raises it and
# steals it. It is also P1's fourth Power played, so P1 claims the Power Objective.

# %% tags=["nbval-check-output"]
print(POWER_OBJECTIVE.title, "-", POWER_OBJECTIVE.summary)
before = POWER_OBJECTIVE.start().state
print("before:", before.tile_at("G6").terrain, "on G6; Borea's meeples:",
      before.city_at("F6").meeples, "; P1's Powers played:",
      [GAME.components.face(p) for p in before.seat(0).powers])
print()
(result,) = POWER_OBJECTIVE.results()
print(result.summary())
assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# ## A disaster: the volcano
#
# The volcano destroys a City: its meeples go home and its card is discarded. The tile under
# it becomes a mountain, and that can help the Cities around.

# %% tags=["nbval-check-output"]
print(DISASTER.title, "-", DISASTER.summary)
(result,) = DISASTER.results()
print()
print(result.summary())
assert result.ok

# %%
board(result.session.state)

# %% [markdown]
# ## What a Power may target
#
# An earthquake swaps two neighbouring tiles, but not a tile that holds a City. Lightning
# sends home a meeple of the player you name, from a City where that player has one. The
# engine lists the targets and explains the others.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("gaia_tiki", scenario={
    "advanced": True,
    "tiles": {"F6": "plain", "F5": "forest", "G6": "plain", "F7": "mountain", "E6": "sea",
              "E5": "desert"},
    "cities": {"F6": ["borea", [1]]},
    "seats": [{"hand": ["earthquake", "lightning"]}, {"hand": ["plain", "alba"]}]})
print("legal Powers:", [str(a) for a in s.legal_actions() if a.verb == "power"])
for move in ["power earthquake F6 F7", "power lightning F6 P1", "power lightning F6 P2"]:
    print(f"{move:24} -> {s.explain(move)}")
show_events(s.play("power lightning F6 P2"))
assert s.state.city_at("F6").meeples == ()

# %%
board(s.state)

# %% [markdown]
# Next: [the end of the game and the tie-break](06_ending.ipynb).

# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # gaia_lab: learn a board game by playing its rules
#
# Each game in gaia_lab is an exact rule engine. Every move you try is either played or refused
# **with the reason and the rulebook rule it breaks**; every worked example of the rulebook can be
# replayed step by step; every die roll lists its outcomes with exact probabilities.
#
# Run the cells from top to bottom (Shift+Enter). Nothing here needs the physical game.
#
# Never played one of these games? Start with its *Your first game* notebook (the links are at
# the end: [Animals Gathering](animals_gathering/00_first_game.ipynb),
# [Shapers of Gaia](shapers_of_gaia/00_first_game.ipynb),
# [Gaia Project](gaia_project/00_first_game.ipynb),
# [GAIA](gaia_tiki/00_first_game.ipynb),
# [Black Rose Wars: Gaea Reborn](black_rose_wars/00_first_game.ipynb)): the goal, the
# components and one turn in plain words, a picture of the table after each step.

# %% [markdown]
# ## The games

# %% tags=["nbval-check-output"]
import gaia_lab
from gaia_lab.games import PLANNED

for name, game in gaia_lab.GAMES.items():
    meta = game.meta
    print(f"{meta.title:40} {meta.min_players}-{meta.max_players} players   playable   ({name})")
for name, title in PLANNED.items():
    print(f"{title:40} {'':11}   in preparation ({name})")

# %% [markdown]
# ## Six things every game does
#
# **1. Set up a game and look at the table.** A `Session` holds a game in play. It resolves
# shuffles and rolls by itself (seeded, so the same seed always gives the same game) and stops
# whenever a player must decide. Any state shows its board.

# %% tags=["nbval-check-output"]
s = gaia_lab.Session("animals_gathering", players=3, seed=1,
                     options={"names": ["Ada", "Ben", "Cleo"]})
for line in s.log():
    print(line)

# %% [markdown]
# **2. Ask what is legal.** What the game waits for, with the rule that says so, and the legal
# actions of that decision in the game's notation (the notation of each game is documented in
# its notebooks).

# %% tags=["nbval-check-output"]
print(s.pending)
print(s.names[s.actor], "decides:", [str(a) for a in s.legal_actions()])
s.play(s.legal_actions()[0])
s.play(s.legal_actions()[0])
s.play(s.legal_actions()[0])
s.state

# %% [markdown]
# **3. Ask why not.** `explain` answers any move, legal or not, with a reason code, a sentence with
# the numbers, and the rule.

# %% tags=["nbval-check-output"]
print(s.names[s.actor], "to act")
for move in ["roll 2g2o2b", "roll 2g2o1b", "take unicorn", "place Y fox", "dance"]:
    print(f"{move:14} -> {s.explain(move)}")

# %% [markdown]
# **4. Travel in time.** `undo`, `redo` and `goto` move over the decisions; the dice travel with
# the state, so the same decision after an undo meets the same roll. A `Record` is the whole game
# as JSON (a save file, or a hand-out for a class).

# %% tags=["nbval-check-output"]
s.play("roll 2g2o1b")
after = s.state
s.undo()
s.redo()
assert s.state == after
record = s.record()
again = gaia_lab.Session.from_record(gaia_lab.Record.from_json(record.to_json()))
assert again.state == s.state
print(f"{len(record.steps)} steps recorded; the replay reaches the same position")

# %% [markdown]
# **5. Save a position, and trust what you load.** Any state is plain JSON and reads back
# equal. A save file that was edited by hand, cut short or made up is refused with every
# problem and where it is; a bad call (a move that is not text, an undo of half a step) is
# refused with the reason, and the game stays exactly as it was.

# %% tags=["nbval-check-output"]
text = s.state.to_json()
game = s.game
assert game.state_from_json(text) == s.state

import json


def try_loading(edit):
    data = json.loads(text)
    edit(data)
    try:
        game.state_from_json(json.dumps(data))
    except gaia_lab.InvalidStateError as error:
        for problem in error.problems:
            print(problem[:96])

def impossible_values(data):
    data["seats"][0]["mage"] = 77       # there are five mages
    data["turn"] = -1

def unknown_step(data):
    data["tasks"][0]["kind"] = "lunch"  # not a step of the game

try_loading(impossible_values)
try_loading(unknown_step)

before = s.state
for bad_call in (lambda: s.play(12), lambda: s.undo(1.5), lambda: s.goto("start")):
    try:
        bad_call()
    except gaia_lab.GaiaLabError as error:
        print(type(error).__name__ + ":", error)
assert s.state == before

# %% [markdown]
# **6. Replay the rulebook's worked examples**, with checkpoints that must hold at every step.

# %% tags=["nbval-check-output"]
for name in gaia_lab.GAMES:
    for example in gaia_lab.examples(name):
        example.run()
        n = len(example.steps)
        print(f"{example.title}: {n} step{'' if n == 1 else 's'}, every checkpoint holds")

# %% [markdown]
# ## Play
#
# The Explorer is the whole game as a widget: the board (click a highlighted card or die), the
# legal actions as buttons, the log with rule citations, undo/redo, a *Why not?* box and the
# score table.

# %%
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=3, seed=7))

# %% [markdown]
# ## Where to go next
#
# **Animals Gathering** (2-5 players, dice and cards)
# - [Your first game: the goal, the parts, one turn](animals_gathering/00_first_game.ipynb)
# - [Setup, step by step](animals_gathering/01_setup.ipynb)
# - [A turn: the rulebook's worked example, then free play](animals_gathering/02_turn.ipynb)
# - [Game end and scoring](animals_gathering/03_scoring.ipynb)
# - [Dice odds, exactly](animals_gathering/04_dice_odds.ipynb)
# - [The Spell Card variant](animals_gathering/05_spells.ipynb)
# - [Many games: how long is a game, and how does it end?](animals_gathering/simulation.ipynb)
# - [Play a game](animals_gathering/play.ipynb) (also as an app: open it in Voila)
#
# **Shapers of Gaia** (2-3 players, tiles and cards on a hex board)
# - [Your first game: the goal, the parts, one turn](shapers_of_gaia/00_first_game.ipynb)
# - [Setup, step by step](shapers_of_gaia/01_setup.ipynb)
# - [Introduce an Animal: moving, paying, rows and activation](shapers_of_gaia/02_introduce.ipynb)
# - [Restore Biomes: tiles, the Caretaker, the other actions](shapers_of_gaia/03_restore.ipynb)
# - [The six Shapers and their abilities](shapers_of_gaia/04_shapers.ipynb)
# - [Scoring: the rulebook's 57-VP example](shapers_of_gaia/05_scoring.ipynb)
# - [Many games: what is a Shaper worth?](shapers_of_gaia/simulation.ipynb)
# - [Play a game](shapers_of_gaia/play.ipynb)
#
# **Gaia Project** (2-4 players, all 14 factions; games recorded on boardgamers.space replayed
# from their log alone to the exact score)
# - [Your first game: the goal, the parts, one turn](gaia_project/00_first_game.ipynb)
# - [Setup: from a recorded game, or drawn from a seed](gaia_project/01_setup.ipynb)
# - [A round's four phases](gaia_project/02_round.ipynb)
# - [Federations: why buildings form one, the fewest satellites](gaia_project/03_federations.ipynb)
# - [Final scoring](gaia_project/04_final_scoring.ipynb)
# - [Replaying whole recorded games, VP by source](gaia_project/05_replay.ipynb)
# - [A turn, played out, and the cost rules](gaia_project/06_turn_played_out.ipynb)
# - [Questions players ask, answered with the rule](gaia_project/07_questions.ipynb)
# - [Many games: does the first player win more often?](gaia_project/simulation.ipynb)
# - [Play a game](gaia_project/play.ipynb)
#
# **GAIA (Tiki Editions)** (2-5 players, tiles on a square grid; card lists reconstructed; the
# [rules in English](../docs/rules/gaia_tiki.md))
# - [Your first game: the goal, the parts, one turn](gaia_tiki/00_first_game.ipynb)
# - [The game, its components and the setup](gaia_tiki/01_setup.ipynb)
# - [A turn, and both hand limits](gaia_tiki/02_turn.ipynb)
# - [Satisfaction: why this City has 3 needs met](gaia_tiki/03_satisfaction.ipynb)
# - [Hunting and feeding](gaia_tiki/04_feeding.ipynb)
# - [The advanced game: stealing, Powers and disasters](gaia_tiki/05_advanced_powers.ipynb)
# - [The end of the game and the tie-break](gaia_tiki/06_ending.ipynb)
# - [Many games: does the first player win more often?](gaia_tiki/simulation.ipynb)
# - [Play a game](gaia_tiki/play.ipynb)
#
# **Black Rose Wars: Rebirth - Gaea Reborn** (1-5 Mages against Gaea, the expansion on a
# modelled Lodge; the core game's cards reconstructed; the
# [rules in English](../docs/rules/black_rose_wars.md))
# - [Your first game: the goal, the parts, one round](black_rose_wars/00_first_game.ipynb)
# - [Gaea's setup, step by step](black_rose_wars/01_gaea_setup.ipynb)
# - [An activation of Gaea and of Filius, traced](black_rose_wars/02_activations.ipynb)
# - [Root Tokens and Instability](black_rose_wars/03_root_tokens.ipynb)
# - [Paths, complete and incomplete](black_rose_wars/04_paths.ipynb)
# - [The Legendary Scenario: Stop the Threat](black_rose_wars/05_legendary.ipynb)
# - [Large Models on the Hunt battlefield](black_rose_wars/06_large_models.ipynb)
# - [The Legend in play, and the modelled core around it](black_rose_wars/07_modelled_core.ipynb)
# - [Many games: what is a Mage worth, and can random Mages win?](black_rose_wars/simulation.ipynb)
# - [Play a game](black_rose_wars/play.ipynb)
#
# **Every game**
# - [The game table](table.ipynb): choose a game, players and a seed and play hot-seat, or step
#   through any worked example; save the game as a file and load it again (open it in Voila
#   for a classroom)
# - [Many games at once: simulation for every game, with its uncertainty](simulation.ipynb)

"""The notebooks' cells: (kind, source, flags); kind "md" or "code", flags "check"."""

from __future__ import annotations

Cell = tuple[str, str, str]


def md(text: str) -> Cell:
    return ("md", text, "")


def code(text: str, flags: str = "") -> Cell:
    return ("code", text, flags)


AG = "Animals Gathering"
RECONSTRUCTED_NOTE = md("""
> **About the components.** The rulebook does not print the 35 Animal Index Cards, the die
> faces or the stone outlines. gaia_lab plays with a complete, plausible set that fits
> everything the rulebook says (the Fox steals, the Starfish has a permanent power, the
> Butterfly scores, the Elephant ends the game early...), marked `reconstructed` in its data
> files. The rules engine itself is complete. If you own the game, you can load your printed
> values: `AnimalsGathering(load_components("my_folder"))`.
""")

INDEX: list[Cell] = [
    md("""
# gaia_lab: learn a board game by playing its rules

Each game in gaia_lab is an exact rule engine. Every move you try is either played or refused
**with the reason and the rulebook rule it breaks**; every worked example of the rulebook can be
replayed step by step; every die roll lists its outcomes with exact probabilities.

Run the cells from top to bottom (Shift+Enter). Nothing here needs the physical game.
"""),
    md("## The games"),
    code("""
import gaia_lab
from gaia_lab.games import PLANNED

for name, game in gaia_lab.GAMES.items():
    meta = game.meta
    print(f"{meta.title:40} {meta.min_players}-{meta.max_players} players   playable   ({name})")
for name, title in PLANNED.items():
    print(f"{title:40} {'':11}   in preparation ({name})")
""", "check"),
    md("""
## Six things every game does

**1. Set up a game and look at the table.** A `Session` holds a game in play. It resolves
shuffles and rolls by itself (seeded, so the same seed always gives the same game) and stops
whenever a player must decide. Any state shows its board.
"""),
    code("""
s = gaia_lab.Session("animals_gathering", players=3, seed=1,
                     options={"names": ["Ada", "Ben", "Cleo"]})
for line in s.log():
    print(line)
""", "check"),
    md("""
**2. Ask what is legal.** What the game waits for, with the rule that says so, and the legal
actions of that decision in the game's notation (the notation of each game is documented in
its notebooks).
"""),
    code("""
print(s.pending)
print(s.names[s.actor], "decides:", [str(a) for a in s.legal_actions()])
s.play(s.legal_actions()[0])
s.play(s.legal_actions()[0])
s.play(s.legal_actions()[0])
s.state
""", "check"),
    md("""
**3. Ask why not.** `explain` answers any move, legal or not, with a reason code, a sentence with
the numbers, and the rule.
"""),
    code("""
print(s.names[s.actor], "to act")
for move in ["roll 2g2o2b", "roll 2g2o1b", "take unicorn", "place Y fox", "dance"]:
    print(f"{move:14} -> {s.explain(move)}")
""", "check"),
    md("""
**4. Travel in time.** `undo`, `redo` and `goto` move over the decisions; the dice travel with
the state, so the same decision after an undo meets the same roll. A `Record` is the whole game
as JSON (a save file, or a hand-out for a class).
"""),
    code("""
s.play("roll 2g2o1b")
after = s.state
s.undo()
s.redo()
assert s.state == after
record = s.record()
again = gaia_lab.Session.from_record(gaia_lab.Record.from_json(record.to_json()))
assert again.state == s.state
print(f"{len(record.steps)} steps recorded; the replay reaches the same position")
""", "check"),
    md("""
**5. Save a position, and trust what you load.** Any state is plain JSON and reads back
equal. A save file that was edited by hand, cut short or made up is refused with every
problem and where it is; a bad call (a move that is not text, an undo of half a step) is
refused with the reason, and the game stays exactly as it was.
"""),
    code("""
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
""", "check"),
    md("""
**6. Replay the rulebook's worked examples**, with checkpoints that must hold at every step.
"""),
    code("""
for name in gaia_lab.GAMES:
    for example in gaia_lab.examples(name):
        example.run()
        print(f"{example.title}: {len(example.steps)} steps, every checkpoint holds")
""", "check"),
    md("""
## Play

The Explorer is the whole game as a widget: the board (click a highlighted card or die), the
legal actions as buttons, the log with rule citations, undo/redo, a *Why not?* box and the
score table.
"""),
    code("""
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=3, seed=7))
"""),
    md("""
## Where to go next

**Animals Gathering** (2-5 players, dice and cards)
- [Setup, step by step](animals_gathering/01_setup.ipynb)
- [A turn: the rulebook's worked example, then free play](animals_gathering/02_turn.ipynb)
- [Game end and scoring](animals_gathering/03_scoring.ipynb)
- [Dice odds, exactly](animals_gathering/04_dice_odds.ipynb)
- [The Spell Card variant](animals_gathering/05_spells.ipynb)
- [Play a game](animals_gathering/play.ipynb) (also as an app: open it in Voila)

**Shapers of Gaia** (2-3 players, tiles and cards on a hex board)
- [Setup, step by step](shapers_of_gaia/01_setup.ipynb)
- [Introduce an Animal: moving, paying, rows and activation](shapers_of_gaia/02_introduce.ipynb)
- [Restore Biomes: tiles, the Caretaker, the other actions](shapers_of_gaia/03_restore.ipynb)
- [The six Shapers and their abilities](shapers_of_gaia/04_shapers.ipynb)
- [Scoring: the rulebook's 57-VP example](shapers_of_gaia/05_scoring.ipynb)
- [Play a game](shapers_of_gaia/play.ipynb)

**Gaia Project** (2-4 players, all 14 factions; three real recorded games replayed to the exact
score)
- [Setup: from a recorded game, or drawn from a seed](gaia_project/01_setup.ipynb)
- [A round's four phases](gaia_project/02_round.ipynb)
- [Federations: why buildings form one, the fewest satellites](gaia_project/03_federations.ipynb)
- [Final scoring](gaia_project/04_final_scoring.ipynb)
- [Replaying whole recorded games, VP by source](gaia_project/05_replay.ipynb)
- [A turn, played out, and the cost rules](gaia_project/06_turn_played_out.ipynb)
- [Questions players ask, answered with the rule](gaia_project/07_questions.ipynb)
- [Play a game](gaia_project/play.ipynb)

**Every game**
- [Many games at once: does the first player win more often?](simulation.ipynb)

GAIA (Tiki Editions) and Black Rose Wars: Rebirth - Gaea Reborn follow the same pattern as
their engines arrive.
"""),
]

SETUP: list[Cell] = [
    md(f"""
# {AG} 1: setup, step by step

In {AG} two to five mages revive extinct animals: they fill the outlines on Animal Index
Cards with Magic Stones won from dice rolls. This notebook sets up a four-player game one
rulebook step at a time and shows the table after each step.
"""),
    RECONSTRUCTED_NOTE,
    md("## The components"),
    code("""
import gaia_lab
from gaia_lab.games.animals_gathering import GAME, text

print(GAME.components.provenance_summary())
print()
print(text.stones_table(GAME))
print()
print(text.dice_table(GAME))
print()
print(text.mages_table(GAME))
""", "check"),
    md("""
Each Animal Index Card shows its points, its type (land, aquatic or aerial), the outline of
stones that revives it and its power. Here are all 35:
"""),
    code("print(text.animals_table(GAME))", "check"),
    md("""
## The setup steps

With `auto=False` the session stops at every step, also the shuffles and the forced steps,
so we can walk through the setup as the rulebook lists it. `step()` resolves one shuffle or
forced step; decisions are played with `play()`.
"""),
    code("""
s = gaia_lab.Session("animals_gathering", players=4, seed=2023, auto=False,
                     options={"names": ["Milo", "Howard", "Sandra", "Coco"]})

def step():
    for event in s.step():
        print(f"{event.text}  [{event.rule.citation}]")

print("pending:", s.state.task.kind)
""", "check"),
    md("**Step 1.** The Mage Cards are shuffled and one is dealt to each player."),
    code("step()", "check"),
    md("**Step 2.** The Animal Index Cards are shuffled; each player is dealt three."),
    code("step()", "check"),
    md("""
Each player keeps one of the three as their starting card. These are decisions: here each
player keeps the first card offered.
"""),
    code("""
for seat in range(4):
    choice = s.legal_actions()[0]
    print(f"{s.names[s.actor]} may choose {[str(a) for a in s.legal_actions()]} and plays {choice}")
    s.play(choice)
""", "check"),
    md("""
**Step 3.** All other cards, including the ones not kept, are shuffled into the deck, and
five are turned face up as the communal supply.
"""),
    code("step()\nstep()", "check"),
    md("**Step 4.** The stones and dice are put within reach of everyone."),
    code("step()", "check"),
    md("""
**Step 5.** The starting cards are revealed into each player's summoning area, and the player
with the lowest mage number starts.
"""),
    code("step()\ns.state", "check"),
    md("""
The game is set up: the active player chooses between selecting a supply card and rolling
the dice. A move that does not fit the moment is refused with the rule:
"""),
    code("""
print(s.names[s.actor], "to act; legal:", [str(a) for a in s.legal_actions()][:8], "...")
print(s.explain("keep fox"))
""", "check"),
]

TURN: list[Cell] = [
    md(f"""
# {AG} 2: a turn

On your turn you choose **one** action:

- **select an Animal Index Card** from the supply into your summoning area (it is not revived
  yet, so its power does not work), or
- **roll the Magic Dice**: six dice minus your uncompleted cards, colours of your choice.
  Every rolled stone that fits an unfilled space must be placed at once; you decide where.
  Completed cards are revived into your companion area and their powers wake up. Stones you
  could not use are offered to every other player in turn; then they revive too.

Notation: `take fox`, `roll 2g1o1b` (two green, one orange, one blue die), `place Y starfish`,
`done`, `use fox steal R wolf owl`, `skip fox`... The notebook shows each one in use.
"""),
    RECONSTRUCTED_NOTE,
    md("""
## The rulebook's example: Milo's roll

The example is a runnable script with checkpoints. First the position it starts from:
"""),
    code("""
import gaia_lab
from gaia_lab.games.animals_gathering import text

example = gaia_lab.examples("animals_gathering")[0]
print(example.title, "-", example.summary)
start = example.start()
start.state
""", "check"),
    md("Now each step, with its commentary, the moves, the rule and the checkpoints:"),
    code("""
results = list(example.results())
print(results[0].summary())
results[0].session.state
""", "check"),
    code("""
print(results[1].summary())
results[1].session.state
""", "check"),
    code("""
print(results[2].summary())
results[2].session.state
""", "check"),
    code("""
print(results[3].summary())
results[3].session.state
""", "check"),
    code("""
print(results[4].summary())
print(results[5].summary())
results[5].session.state
""", "check"),
    md("The whole turn as the log tells it, each line with its rule:"),
    code("print(text.log_lines(results[-1].session.events))", "check"),
    md("The same example as a widget: step with Next and Previous."),
    code("""
from gaia_lab.widgets import Walkthrough

Walkthrough(example)
"""),
    md("""
## Is this legal?

Back at the start of Milo's turn, every wrong move is refused with the reason and the rule.
A refused move changes nothing.
"""),
    code("""
s = example.start()
for move in ["roll 2g2o1b", "roll 2g1o", "take fox", "take parrot", "use fox steal R wolf owl"]:
    print(f"{move:26} -> {s.explain(move)}")
""", "check"),
    code("""
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
for move in ["place W owl", "place B starfish", "done", "place R owl"]:
    print(f"{move:18} -> {s.explain(move)}")
""", "check"),
    md("`play` raises `IllegalActionError` (carrying the verdict) and changes nothing:"),
    code("""
before = s.state
try:
    s.play("done")
except gaia_lab.IllegalActionError as error:
    print("refused:", error.verdict.code, "-", error.verdict.rule.citation)
assert s.state == before
try:
    s.play("plaice Y starfish")
except gaia_lab.NotationError as error:
    print("unreadable:", error)
""", "check"),
    md("""
## Selecting a card

Instead of rolling, Milo could select a supply card; the supply is refilled from the deck.
"""),
    code("""
s = example.start()
events = s.play("take parrot")
print(text.log_lines(events))
print("supply now:", ", ".join(s.game.rules.name(a) for a in s.state.supply))
""", "check"),
    md("""
## The mages

Each player's mage gives one ability; the engine offers it exactly when it applies.
Mage 4 may roll two extra dice, so Milo with mage 4 could roll 4 or 6:
"""),
    code("""
from gaia_lab.games.animals_gathering.examples import MILO_SCENARIO
import copy

spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][1]["mage"] = 4, 3
milo4 = gaia_lab.Session("animals_gathering", scenario=spec)
print("dice Milo may roll:", milo4.game.rules.dice_allowed(milo4.state, 0))
print(milo4.explain("roll 2g2o2b"))
""", "check"),
    md("Mage 1 takes one extra stone of its choice when the roll shows four different stones:"),
    code("""
spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][1]["mage"] = 1, 3
milo1 = gaia_lab.Session("animals_gathering", scenario=spec)
milo1.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
print([str(a) for a in milo1.legal_actions() if a.verb == "bonus"][:6], "...")
milo1.play("bonus P owl")
print(milo1.log()[-1])
""", "check"),
    md("Mage 2 may discard a die it did not use, so nobody else can take its stone:"),
    code("""
spec = copy.deepcopy(MILO_SCENARIO)
spec["players"][0]["mage"], spec["players"][3]["mage"] = 2, 3
milo2 = gaia_lab.Session("animals_gathering", scenario=spec)
milo2.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
milo2.play_many(["place Y starfish", "place G starfish", "place O starfish", "done"])
print([str(a) for a in milo2.legal_actions()])
""", "check"),
    md("""
## Free play

Your turn. Click a highlighted card or die on the board, or a button; type any move in
*Why not?* to have it explained.
"""),
    code("""
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=4, seed=11,
                          options={"names": ["Milo", "Howard", "Sandra", "Coco"]}))
"""),
]

SCORING: list[Cell] = [
    md(f"""
# {AG} 3: game end and scoring

- When any companion area holds **five** revived animals, the current turn is finished and the
  game ends. A player who revived the **Elephant** ends it with **four**.
- Each player adds the points printed on their revived animals, plus the points of their
  **scoring powers**.
- The highest score wins; on a tie, the player with the **fewest completed cards** wins;
  otherwise the victory is shared.
"""),
    RECONSTRUCTED_NOTE,
    md("## The Elephant ends the game early"),
    code("""
import gaia_lab
from gaia_lab.games.animals_gathering import text

scenario = {
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["elephant", "rabbit", "giraffe"],
         "summoning": {"hummingbird": "RG"}},
        {"name": "Ben", "mage": 2, "companions": ["deer", "dolphin", "octopus", "butterfly"],
         "summoning": {"crab": "RBB"}},
    ],
    "active": 0,
    "supply": ["fox", "owl", "lion", "swan", "bat"],
}
s = gaia_lab.Session("animals_gathering", scenario=scenario)
s.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
s.play_many(["place O hummingbird", "done"])
print(text.log_lines(s.events))
""", "check"),
    md("""
Ada revived her fourth animal and the Elephant is among them, so the game ends. The turn is
finished first: the unused stones are offered to Ben (none fits his Crab), then the game ends
and is scored.
"""),
    code("""
print(s.is_over(), s.state.ended_by)
print(s.score_breakdown().table())
print("winner:", [s.names[i] for i in s.winners()])
""", "check"),
    md("Each line of the breakdown says where the points come from:"),
    code("""
for line in s.score_breakdown().lines:
    who = s.names[line.player]
    print(f"{who:4} {line.category:15} {line.points:>3}  {line.explanation}  [{line.rule.id}]")
""", "check"),
    md("""
## Ties: fewest completed cards wins

Two players with the same score: the one with fewer revived animals wins.
"""),
    code("""
tie = gaia_lab.Session("animals_gathering", scenario={
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["fox", "wolf", "starfish", "crab", "bat"]},
        {"name": "Ben", "mage": 2, "companions": ["lion", "bear"], "summoning": {"owl": ""}},
    ],
    "active": 1,
    "supply": ["rabbit", "tortoise", "parrot", "shark", "deer"],
})
tie.play("take parrot")
print(tie.score_breakdown().table())
print("winner:", [tie.names[i] for i in tie.winners()], "(fewer completed cards)")
""", "check"),
    md("""
## A whole game

A seeded random game with four players, played to the end in a moment:
"""),
    code("""
import random

game = gaia_lab.Session("animals_gathering", players=4, seed=5,
                        options={"names": ["Milo", "Howard", "Sandra", "Coco"]})
rng = random.Random(5)
while not game.is_over():
    legal = game.legal_actions()
    game.play(legal[rng.randrange(len(legal))])
print(f"{game.decisions} decisions, ended by: {game.state.ended_by}")
print(game.score_breakdown().table())
print("winner:", [game.names[i] for i in game.winners()])
game.state
""", "check"),
]

ODDS: list[Cell] = [
    md(f"""
# {AG} 4: dice odds, exactly

Every roll is a chance step. The engine lists each possible result with its **exact**
probability (a fraction), so questions such as *"what is the chance that this roll revives
the Starfish?"* have exact answers, which we then check against simulated rolls.
"""),
    RECONSTRUCTED_NOTE,
    md("## Every result of Milo's roll"),
    code("""
import gaia_lab
from fractions import Fraction

example = gaia_lab.examples("animals_gathering")[0]
s = example.start()
s_manual = gaia_lab.Session("animals_gathering", scenario=example.scenario, auto=False)
s_manual.play("roll 2g1o1b")
outcomes = s_manual.game.chance_outcomes(s_manual.state)
print(len(outcomes), "different results; probabilities add up to", sum(p for _, p in outcomes))
for action, p in sorted(outcomes, key=lambda o: -o[1])[:5]:
    print(f"{str(action):22} {str(p):>7} = {float(p):.4f}")
""", "check"),
    md("""
## Which colours give the best chance to revive the Starfish?

The Starfish still needs a yellow sun, a green square and an orange leaf. For each choice of
four dice, the exact chance that the roll can complete it (using Milo's abilities: mage 3
could trade two orange leaves for any stone), next to 20,000 simulated rolls:
"""),
    code("""
from gaia_lab.games.animals_gathering.odds import (
    completion_odds, expected_fitting, simulate_completion)

odds = completion_odds(s.game, s.state, "Milo", "starfish")
print(f"{'roll':8} {'exact':>9} {'':>8} {'simulated':>9}")
for roll, p in sorted(odds.items(), key=lambda kv: -kv[1]):
    sim = simulate_completion(s.game, s.state, "Milo", "starfish", roll, trials=20_000, seed=1)
    assert abs(sim - float(p)) < 0.01
    print(f"{roll:8} {str(p):>9} {float(p):8.4f} {sim:9.4f}")
""", "check"),
    md("""
In the rulebook Milo rolled 2 green, 1 orange, 1 blue: a 5/48 chance (about 10%). Two green
and two orange dice would have doubled it.

How many stones can he expect to place (on any of his cards) for each choice?
"""),
    code("""
for roll in odds:
    e = expected_fitting(s.game, s.state, "Milo", roll)
    print(f"{roll:8} {float(e):.3f} stones expected to fit")
""", "check"),
    md("""
## Suppose you roll...

A teacher can force a result to discuss it: the forced result is an ordinary chance action
in the record.
"""),
    code("""
s.play("roll 2g2o", chance=["dice gY gG oO oO"])
print(s.log()[-2:])
print([str(a) for a in s.legal_actions()])
""", "check"),
]

SPELLS: list[Cell] = [
    md(f"""
# {AG} 5: the Spell Card variant

With the variant, each player is dealt two Spell Cards at setup and keeps one. A spell stays
hidden until used, is used **once**, and may be used **at any time**: even on another
player's turn or at final scoring.

The engine offers a spell during any of its holder's own decisions, and opens a short window
(cast or `no-spell`) for every holder whose spell fits the moments the FAQ names: before a
player chooses their action, after a roll, before the active player revives, before unused
stones are offered, and at final scoring. Notation: `cast <spell> <choices>`.
"""),
    RECONSTRUCTED_NOTE,
    code("""
import copy
import gaia_lab
from gaia_lab.games.animals_gathering import GAME, text
from gaia_lab.games.animals_gathering.examples import MILO_SCENARIO

print(text.spells_table(GAME))
""", "check"),
    md("""
## Rock 'n' Roll on someone else's roll

The FAQ: a spell can force another player to reroll dice of *your* choosing. Sandra holds
Rock 'n' Roll; right after Milo's roll she gets a window:
"""),
    code("""
spec = copy.deepcopy(MILO_SCENARIO)
spec["spells"] = True
spec["players"][2]["spells"] = ["rock_n_roll"]
s = gaia_lab.Session("animals_gathering", scenario=spec)
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()][:5], "...")
s.play("cast rock_n_roll gY gG", chance=["dice gB gR"])
print(text.log_lines(s.history[-2].events + s.history[-1].events))
s.state
""", "check"),
    md("""
## Bubble-Burster and Blessed by Glory

Coco keeps the others from the unused stones with Bubble-Burster; at the end of the game a
Blessed by Glory raises one scoring power by half.
"""),
    code("""
spec = copy.deepcopy(MILO_SCENARIO)
spec["spells"] = True
spec["players"][3]["spells"] = ["bubble_burster"]
s = gaia_lab.Session("animals_gathering", scenario=spec)
s.play("roll 2g1o1b", chance=["dice gY gG oO bW"])
s.play_many(["place Y starfish", "place G starfish", "place O starfish", "done",
             "use fox steal R wolf owl"])
print(s.names[s.actor], "may:", [str(a) for a in s.legal_actions()])
s.play("cast bubble_burster")
print(text.log_lines(s.history[-1].events))
""", "check"),
    code("""
final = gaia_lab.Session("animals_gathering", scenario={
    "spells": True,
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["giraffe", "octopus", "crab", "starfish"],
         "summoning": {"hummingbird": "RG"}, "spells": ["blessed_by_glory"]},
        {"name": "Ben", "mage": 2, "companions": ["lion"], "summoning": {"salmon": "RRB"}},
    ],
    "active": 0,
    "supply": ["rabbit", "tortoise", "parrot", "shark", "deer"],
})
final.play("roll 2g2o1b", chance=["dice gG gY oO oR bB"])
final.play_many(["place O hummingbird", "done"])
print(final.names[final.actor], "may:", [str(a) for a in final.legal_actions()])
final.play("cast blessed_by_glory giraffe")
print(final.score_breakdown().table())
""", "check"),
    md("## Free play with spells"),
    code("""
from gaia_lab.widgets import Explorer

Explorer(gaia_lab.Session("animals_gathering", players=3, seed=3, options={"spells": True}))
"""),
]

PLAY: list[Cell] = [
    md(f"""
# {AG}: play

A table for four, ready to play: click a highlighted card or die, or a move button. Open this
notebook in Voila for a classroom app view.
"""),
    code("""
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("animals_gathering", players=4, seed=1,
                                     options={"names": ["Milo", "Howard", "Sandra", "Coco"]}))
explorer
"""),
]

NOTEBOOKS: list[tuple[str, str, list[Cell]]] = [
    ("index.ipynb", "tour", INDEX),
    ("animals_gathering/01_setup.ipynb", "setup", SETUP),
    ("animals_gathering/02_turn.ipynb", "turn", TURN),
    ("animals_gathering/03_scoring.ipynb", "scoring", SCORING),
    ("animals_gathering/04_dice_odds.ipynb", "odds", ODDS),
    ("animals_gathering/05_spells.ipynb", "spells", SPELLS),
    ("animals_gathering/play.ipynb", "play", PLAY),
]


# ---------------------------------------------------------------------------
# Shapers of Gaia

SG = "Shapers of Gaia"
SG_NOTE = md("""
> **About the components.** The rulebook prints no Shaper board, Species card or Biome tile:
> only the values its examples fix (a Scavenger costs 1 Shard on a Crystal, the Predator card
> that turns 1 Nutrient into 1 Shard and 2 Prestige, the 57 VP of the Scoring Example...).
> gaia_lab plays with a complete, plausible set that fits every number and rule the rulebook
> states, marked `reconstructed` in its data files; the rules engine itself is complete. If
> you own the game, load your printed values: `ShapersOfGaia(load_components("my_folder"))`.
""")
SG_IMPORTS = """
from IPython.display import SVG

import gaia_lab
from gaia_lab.games.shapers_of_gaia import GAME, text
from gaia_lab.render import scene

def board(state, highlight=()):
    \"\"\"The table of a position as an SVG picture.\"\"\"
    return SVG(scene(state, highlight=highlight).to_svg())
"""

SG_SETUP: list[Cell] = [
    md(f"""
# {SG} 1: setup, step by step

In {SG} two or three Shapers restore a ruined world: they place Biome tiles around the Vault
(**Restore Biomes**) and bring animals back to them (**Introduce an Animal**), building an
Ecosystem of Species cards that pays resources. This notebook sets up a three-player game one
rulebook step at a time and shows the table after each step.
"""),
    SG_NOTE,
    md("## The components"),
    code(SG_IMPORTS + """
print(GAME.components.provenance_summary())
print()
print(text.resources_table(GAME))
print()
print(text.vault_table(GAME))
print()
print(text.behaviors_table(GAME))
""", "check"),
    md("""
The 37 Biome tiles: the Vault, three starting Water tiles and three starting land tiles, then
stages I, II and III (each tile has two actions and may ask an extra cost to introduce an
animal on it):
"""),
    code("print(text.tiles_table(GAME))", "check"),
    md("""
## The setup steps

With `auto=False` the session stops at every step, also the shuffles and the forced steps.
`step()` resolves one of them and prints what happened with its rule. The board starts with
the Vault in the centre and the three starting Water tiles around it; the Caretaker stands on
the Water tile with its icon (A0).
"""),
    code("""
s = gaia_lab.Session("shapers_of_gaia", players=3, seed=2022, auto=False)

def step():
    kind = s.state.task.kind
    for event in s.step():
        print(f"[{kind}] {event.text}  [{event.rule.citation}]")

print("pending:", s.state.task.kind)
board(s.state)
""", "check"),
    md("**Player setup.** Each player is dealt a Shaper (its board holds their ten animals)."),
    code("step()\nboard(s.state)", "check"),
    md("""
**Game board.** The starting Forest, Crystal and Mushroom go between the Water tiles, in a
random order.
"""),
    code("step()\nboard(s.state)", "check"),
    md("The Biome tiles are shuffled by stage and stacked I over II over III."),
    code("step()\nboard(s.state)", "check"),
    md("Each player is dealt three tiles into their hand."),
    code("step()\nboard(s.state)", "check"),
    md("The DNA tokens go on their spaces of the board."),
    code("step()\nboard(s.state)", "check"),
    md("""
The three Species decks (Scavengers, Herbivores, Predators) are shuffled. The Behavior cards
of a first game show sides 1A, 2A and 3B.
"""),
    code("step()\nboard(s.state)", "check"),
    md("Two cards of each deck are turned face up as its display."),
    code("step()\nboard(s.state)", "check"),
    md("Last, the start player is chosen at random. The game begins:"),
    code("""
step()
print(s.names[s.actor], "to act;", len(s.legal_actions()), "legal actions, e.g.",
      [str(a) for a in s.legal_actions()][:4])
board(s.state)
""", "check"),
    md("A move that does not fit the moment is refused with the reason and the rule:"),
    code("""
for move in ["intro S1 C0", "intro P1 A3", "restore i_forest_1 C5", "take"]:
    print(f"{move:22} -> {s.explain(move)}")
""", "check"),
]

SG_INTRODUCE: list[Cell] = [
    md(f"""
# {SG} 2: Introduce an Animal

On your turn you either **introduce an animal** or **restore biomes**. To introduce one:

1. **Move your Shaper** up to 3 tiles (over Water and tiles with animals), ending on a land
   tile without an animal; or teleport anywhere for 1 Energy.
2. **Pay** the animal's cost in the biome's resource (Shards on Crystal, Spores on Mushroom,
   Seeds on Forest; any one basic on a Temple or the Vault), plus the tile's extra cost, and
   place the animal. A missing Nutrient or Energy is paid with a Toxicity token.
3. **Shaper abilities** unlocked by the emptied space resolve.
4. **Add a Species card** of the animal's type to the row of the resource you paid with
   (a display card or the top of the deck, side A or B).
5. **Activate that row**: every card in it, in the order you choose.

Notation: `intro S2 A3` (the animal of space S2 onto A3), `intro H2 vh1 tp seed` (teleport to
the Vault, pay in Seeds), `card h10 A`, `card top B replace s01`, `activate p01`, `decline p01`.
"""),
    SG_NOTE,
    md("## Moving and paying: a Scavenger on a Crystal"),
    code(SG_IMPORTS + """
from gaia_lab.games.shapers_of_gaia.examples import (
    ACTIVATE, CONVERSION, EXTRA_NUTRIENT, INTRODUCE, TEMPLE_SEED)

def show(example):
    print(example.title, "-", example.summary)
    results = list(example.results())
    for r in results:
        print()
        print(r.summary())
    return board(results[-1].session.state)

s = INTRODUCE.start()
board(s.state)
""", "check"),
    code("show(INTRODUCE)", "check"),
    md("## An extra cost paid with Toxicity"),
    code("show(EXTRA_NUTRIENT)", "check"),
    md("## A Temple: the player picks the basic resource, and so the row"),
    code("show(TEMPLE_SEED)", "check"),
    md("## Rows and activation"),
    code("show(ACTIVATE)", "check"),
    md("""
A card with a payment is a conversion: activating it is optional (`decline` leaves it), and a
missing Nutrient or Energy becomes a Toxicity token.
"""),
    code("show(CONVERSION)", "check"),
    md("The whole turn of the conversion example as the log tells it:"),
    code("""
done = list(CONVERSION.results())[-1].session
print(text.log_lines(done.events))
""", "check"),
    md("""
## Is this legal?

At the start of the first example, every wrong move is refused with the reason and the rule.
A Shaper may pass Water but not end there; a space of the Vault takes only its animal type.
"""),
    code("""
s = INTRODUCE.start()
for move in ["intro S2 A0", "intro S2 C0", "intro P1 A3", "intro S2 vh1 seed",
             "intro S2 vs1 shard", "intro S2 A3"]:
    print(f"{move:20} -> {s.explain(move)}")
""", "check"),
    md("""
A row holds at most four cards. A fifth card must replace one of them, and the player takes
2 Toxicity tokens for it:
"""),
    code("""
full = gaia_lab.Session("shapers_of_gaia", scenario={
    "shapers": ["telrin_aviary", "maldera_rivers"],
    "seats": [{"rows": [["s01", "s02", "s04", "s05"], [], []]}]})
full.play("intro S2 A3")
print(full.explain("card top A"))
print([str(a) for a in full.legal_actions()][:4], "...")
full.play("card top A replace s01")
print("Toxicity:", full.state.seat(0).toxicity, "- rows:", text.rows_text(full.state, 0))
board(full.state)
""", "check"),
    md("## The same examples as a widget"),
    code("""
from gaia_lab.widgets import Walkthrough

Walkthrough(ACTIVATE)
"""),
]

SG_RESTORE: list[Cell] = [
    md(f"""
# {SG} 3: Restore Biomes

The other action: place up to three tiles from your hand.

1. **Place a tile** on an empty space touching the Caretaker's tile and at least one more tile
   (or teleport the Caretaker for 1 Energy to any space touching two tiles). Take the DNA token
   of the space, if any. The Caretaker moves onto the new tile.
2. **Resolve one of its two actions.** Each opponent, in turn order, may then take the other.
3. Restore another tile or stop; at the end of the turn draw back up to your hand size.

Notation: `restore i_mushroom_1 B11` (`tp` to teleport), `resolve 0`, `take` / `pass`, `stop`.
"""),
    SG_NOTE,
    md("## The rulebook's Mushroom"),
    code(SG_IMPORTS + """
from gaia_lab.games.shapers_of_gaia.examples import (
    CRYSTAL_CONVERSION, RESTORE, TELEPORT, TEMPLE_DNA)

s = RESTORE.start()
print(GAME.components.tile("i_mushroom_1").describe())
print("hand:", s.state.seat(0).hand, "- Caretaker on", s.state.caretaker)
board(s.state, highlight=[f"space:{x}" for x in ("B1", "B11")])
""", "check"),
    code("""
for r in RESTORE.results():
    print(r.summary())
    print()
print(text.log_lines(r.session.events))
board(r.session.state)
""", "check"),
    md("""
## Where a tile may not go

The new tile must touch the Caretaker's tile **and** one more tile; teleporting needs 1 Energy
and a space touching two tiles.
"""),
    code("""
s = RESTORE.start()
for move in ["restore i_mushroom_1 B5", "restore i_mushroom_1 B5 tp",
             "restore i_mushroom_1 C0 tp", "restore i_mushroom_1 A0",
             "restore i_water_1 B1"]:
    print(f"{move:28} -> {s.explain(move)}")
""", "check"),
    md("""
## Three players: each opponent in turn order

P1 restores a Forest and takes its Seed; P2 leaves the Shard, P3 takes it. Then P1 stops and
draws back up to three tiles.
"""),
    code("""
s = gaia_lab.Session("shapers_of_gaia", scenario={
    "players": 3, "shapers": ["telrin_aviary", "maldera_rivers", "xanarin_preserve"],
    "seats": [{"hand": ["i_mushroom_1", "i_forest_1", "i_crystal_1"]}]})
s.play_many(["restore i_forest_1 B1", "resolve 0", "pass", "take", "stop"])
for line in s.log()[-7:]:
    print(line)
board(s.state)
""", "check"),
    md("## A DNA token under the tile, a teleport, a conversion"),
    code("""
for example in (TEMPLE_DNA, TELEPORT, CRYSTAL_CONVERSION):
    print(example.title, "-", example.summary)
    for r in example.results():
        print(r.summary())
    print()
board(r.session.state)
""", "check"),
]

SG_SHAPERS: list[Cell] = [
    md(f"""
# {SG} 4: the six Shapers

Each Shaper board holds 4 Scavengers, 4 Herbivores and 2 Predators. Introducing an animal
empties its space, and the spaces unlock the Shaper's abilities: an instant ability resolves
each time one of its animals is introduced; a persistent one works from then on, with a
second level when its second space is emptied. Emptied spaces are also worth the VP printed
under them at the end.
"""),
    SG_NOTE,
    code(SG_IMPORTS + """
print(text.shapers_table(GAME))
""", "check"),
    md("The special Species cards each Shaper may add instead of a display card:"),
    code("""
print("\\n".join(line for line in text.species_table(GAME).splitlines() if "sp_" in line))
""", "check"),
    md("""
## Purify Water (Maldera Rivers)

Maldera's first Scavenger gains 1 Nutrient for each Water tile next to it:
"""),
    code("""
from gaia_lab.games.shapers_of_gaia.examples import PURIFY

for r in PURIFY.results():
    print(r.summary())
board(r.session.state)
""", "check"),
    md("""
## Stasis Chambers (Maldera Rivers)

Locked until a Herbivore of H1 or H2 is introduced; then, for 2 Energy, one of Maldera's
animals on a tile moves into the Vault.
"""),
    code("""
spec = {"shapers": ["maldera_rivers", "telrin_aviary"], "seats": [{"resources": {"energy": 2}}]}
locked = gaia_lab.Session("shapers_of_gaia", scenario=dict(spec, animals=[["A3", 0, "S1"]]))
print("locked:  ", locked.explain("stasis A3 vh1"))
s = gaia_lab.Session("shapers_of_gaia", scenario=dict(spec, animals=[["A3", 0, "H2"]]))
print("unlocked:", [str(a) for a in s.legal_actions() if a.verb == "stasis"])
s.play("stasis A3 vh1")
print(s.log()[-1], "- Energy left:", s.state.seat(0).resource("energy"))
board(s.state)
""", "check"),
    md("## Three more Shapers at the table: a seeded game after 90 moves"),
    code("""
import random

s = gaia_lab.Session("shapers_of_gaia", players=3, seed=4,
                     options={"shapers": ["synthara_lab", "oraplexis_terraria",
                                          "rastar_nursery"]})
rng = random.Random(4)
for _ in range(90):
    s.play(rng.choice(s.legal_actions()))
print(text.describe(GAME, s.state))
board(s.state)
""", "check"),
]

SG_SCORING: list[Cell] = [
    md(f"""
# {SG} 5: scoring

The game ends after the round in which a player has only one type of animal left, or the tile
stack runs out, plus one more full round. Then each player:

1. places DNA tokens on matching icons of their Species cards and covers empty Shaper-board
   spaces with the others (and with Toxicity tokens), bottom first;
2. scores the three **Behavior cards**, the **DNA** rows, the **animals introduced** (the VP of
   the emptied spaces), the **Vault**, the **Resource Track**, **Prestige**, and loses 5 VP for
   every token that covers nothing.

The rulebook's Scoring Example reaches 57 VP. Here it is as a runnable script.
"""),
    SG_NOTE,
    code(SG_IMPORTS + """
from gaia_lab.games.shapers_of_gaia.examples import SCORING

print(SCORING.title, "-", SCORING.summary)
for r in SCORING.results():
    print(r.summary())
s = r.session
""", "check"),
    md("The breakdown, by rulebook category:"),
    code("print(s.score_breakdown().table())", "check"),
    code("""
for line in s.score_breakdown().lines:
    if line.player == 0 and line.points:
        print(f"{line.category:20} {line.points:>3}  {line.explanation}")
""", "check"),
    md("""
The table: Telrin's Scavengers on the outer ring (C0, C1, C9), the Herbivores next to them and
in the Vault, the Predator on C11 next to two Herbivores.
"""),
    code("board(s.state)", "check"),
    md("## A whole game"),
    code("""
import random

game = gaia_lab.Session("shapers_of_gaia", players=3, seed=8)
rng = random.Random(8)
while not game.is_over():
    game.play(rng.choice(game.legal_actions()))
print(f"{game.decisions} decisions")
print(game.score_breakdown().table())
print("winner:", [game.names[i] for i in game.winners()])
board(game.state)
""", "check"),
]

SG_PLAY: list[Cell] = [
    md(f"""
# {SG}: play

A table for three, ready to play: click a highlighted space, tile, card or animal space, or a
move button. Type any move in *Why not?* to have it explained.
"""),
    code("""
import gaia_lab
from gaia_lab.widgets import Explorer

explorer = Explorer(gaia_lab.Session("shapers_of_gaia", players=3, seed=1))
explorer
"""),
]

NOTEBOOKS += [
    ("shapers_of_gaia/01_setup.ipynb", "setup", SG_SETUP),
    ("shapers_of_gaia/02_introduce.ipynb", "introduce", SG_INTRODUCE),
    ("shapers_of_gaia/03_restore.ipynb", "restore", SG_RESTORE),
    ("shapers_of_gaia/04_shapers.ipynb", "shapers", SG_SHAPERS),
    ("shapers_of_gaia/05_scoring.ipynb", "scoring", SG_SCORING),
    ("shapers_of_gaia/play.ipynb", "play", SG_PLAY),
]

from notebook_sources_gaia_project import NOTEBOOKS_GP  # noqa: E402

NOTEBOOKS += NOTEBOOKS_GP

SIMULATION: list[Cell] = [
    md("""
# Many games at once: does the first player win more often?

One game tells a story; a question about a game (does going first help? how long is a game?)
needs hundreds. `gaia_lab.simulate` plays seeded games with a *policy* for every seat and
returns a table: one row per game with its seed, winners, scores by player and by rulebook
category, and its number of decisions. The same seed gives the same table on one core, a
process pool or a cluster, so a result in class can be checked at home.
"""),
    code("""
import gaia_lab
from gaia_lab.render.charts import win_rate_chart

table = gaia_lab.simulate("animals_gathering", 200, players=4, seed=1)
print(len(table), "games,", round(table.mean("decisions")), "decisions a game on average")
for seat in range(4):
    rate = table.win_rate(seat)
    print(f"seat {seat + 1}: won {rate.wins:3} of {rate.games} "
          f"({rate.rate:.0%}, 95% interval {rate.low:.0%} to {rate.high:.0%})")
""", "check"),
    md("""
A win shared by several players counts for each of them, so the wins add up to more than the
games. The chart shows each seat's share with its 95% confidence interval; the dashed line is
a fair share, one in four. A bar whose interval crosses the line shows no advantage that these
games can tell apart from chance; more games make the intervals narrower.
"""),
    code("""
win_rate_chart(table, title="Animals Gathering, 4 players, random play: who wins?")
""", "check"),
    md("""
## A policy is any function

The built-in policies are `"random"`, `"greedy"` (the move that scores most at once) and
`"lookahead"` (the best margin after the next player's greedy reply). A policy is any function
`(game, state, legal_actions, rng) -> action`; here the first seat plays greedily and the others
at random (a function written in a notebook runs on one core: `executor="serial"`).
"""),
    code("""
from gaia_lab.simulation import greedy_policy, random_policy

def first_seat_greedy(game, state, legal, rng):
    if game.actor(state) == 0:
        return greedy_policy(game, state, legal, rng)
    return random_policy(game, state, legal, rng)

mixed = gaia_lab.simulate("animals_gathering", 200, policy=first_seat_greedy, players=4,
                          seed=1, executor="serial")
first = mixed.win_rate(0)
print(f"a greedy first seat won {first.wins} of {first.games} "
      f"({first.rate:.0%}, 95% interval {first.low:.0%} to {first.high:.0%})")
win_rate_chart(mixed, title="Animals Gathering: seat 1 greedy, the others random")
""", "check"),
    md("""
## Shapers of Gaia and Gaia Project

The same call for every game. A random Gaia Project game takes a few tenths of a second, so
fewer games here: the intervals are wide.
"""),
    code("""
shapers = gaia_lab.simulate("shapers_of_gaia", 200, players=3, seed=1)
print(round(shapers.mean("decisions")), "decisions a game on average")
win_rate_chart(shapers, title="Shapers of Gaia, 3 players, random play")
""", "check"),
    code("""
project = gaia_lab.simulate("gaia_project", 16, players=2, seed=1)
print(round(project.mean("decisions")), "decisions a game on average;",
      round(project.mean("score_0")), "and", round(project.mean("score_1")), "VP on average")
win_rate_chart(project, title="Gaia Project, 2 players, random play")
"""),
]

NOTEBOOKS += [("simulation.ipynb", "simulation", SIMULATION)]

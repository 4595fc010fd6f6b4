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
## Five things every game does

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
**2. Ask what is legal.** The legal actions of the current decision, in the game's notation
(the notation of each game is documented in its notebooks).
"""),
    code("""
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
**5. Replay the rulebook's worked examples**, with checkpoints that must hold at every step.
"""),
    code("""
for example in gaia_lab.examples("animals_gathering"):
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

Shapers of Gaia, Gaia Project, GAIA (Tiki Editions) and Black Rose Wars: Rebirth - Gaea Reborn
follow the same pattern as their engines arrive.
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

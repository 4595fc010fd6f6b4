"""The rulebook's worked examples, as runnable scripts with checkpoints.

>>> from gaia_lab.games.animals_gathering.examples import EXAMPLES
>>> session = EXAMPLES[0].run()
>>> session.names[session.actor]
'Howard'
"""

from __future__ import annotations

from typing import Any

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.animals_gathering.rulebook import RULES


def _seat(session: Session, name: str) -> Any:
    return session.state.seats[session.names.index(name)]


def companions(name: str) -> Any:
    """Measure: the animals in a player's companion area."""
    return lambda s: _seat(s, name).companions


def stones(name: str, animal: str) -> Any:
    """Measure: the stones on one of a player's summoning cards ("" if none)."""
    def measure(s: Session) -> str:
        card = _seat(s, name).card(animal)
        return "" if card is None else card.stones
    return measure


def dice_allowed(name: str) -> Any:
    """Measure: how many dice the player may roll now."""
    return lambda s: s.game.rules.dice_allowed(s.state, s.names.index(name))


def unused_dice(s: Session) -> tuple[str, ...]:
    """Measure: the dice of the current roll that the active player did not use."""
    roll = s.state.roll
    return () if roll is None else tuple(roll.dice[i].label for i in roll.unused())


def actor_name(s: Session) -> str | None:
    """Measure: who must act now."""
    a = s.actor
    return s.names[a] if isinstance(a, int) else None


MILO_SCENARIO: dict[str, Any] = {
    "players": [
        {"name": "Milo", "mage": 3, "companions": ["fox"],
         "summoning": {"starfish": "B", "owl": "W"}},
        {"name": "Howard", "mage": 1, "summoning": {"lion": "YYOR"}},
        {"name": "Sandra", "mage": 5, "summoning": {"wolf": "RG", "jellyfish": "B"}},
        {"name": "Coco", "mage": 2, "companions": ["crab"], "summoning": {"butterfly": "YPO"}},
    ],
    "active": 0,
    "supply": ["rabbit", "tortoise", "parrot", "shark", "deer"],
    "seed": 2023,
}

MILO_ROLL = Example(
    id="ag.example.milo_roll",
    title="Rolling the Magic Dice: Milo's roll",
    game="animals_gathering",
    source="Example (Rolling the Magic Dice)",
    summary=(
        "Milo rolls four dice, revives the Starfish, steals a stone from Sandra with his "
        "Fox, and leaves one stone that Sandra and Coco take; Coco revives the Butterfly."
    ),
    scenario=MILO_SCENARIO,
    notes=(
        "The rulebook shows the cards as pictures; the outlines, faces and the other players' "
        "cards here are reconstructed so that every step happens as the example tells it."
    ),
    steps=(
        ExampleStep(
            "Milo has revived the Fox and has two uncompleted cards (Starfish and Owl), so he "
            "may roll 6 - 2 = 4 dice. He picks two green, one orange and one blue; the dice "
            "show a green square and a yellow sun on the green dice, an orange leaf and a white "
            "star.",
            title="Milo rolls four dice",
            play=("roll 2g1o1b",),
            chance=("dice gY gG oO bW",),
            rule=RULES["ag.roll.dice_count"],
            checkpoints=(
                Checkpoint("Milo may roll 4 dice", [4], dice_allowed("Milo")),
                Checkpoint("the four dice are still unused", ("gY", "gG", "oO", "bW"),
                           unused_dice),
            ),
        ),
        ExampleStep(
            "The yellow sun fits both the Starfish and the Owl: Milo decides where. He places "
            "the yellow, green and orange stones on the Starfish. The white star fits none of "
            "his cards (the Owl's only white space is filled), so he cannot take it.",
            title="He places three stones",
            play=("place Y starfish", "place G starfish", "place O starfish"),
            rule=RULES["ag.roll.place"],
            checkpoints=(
                Checkpoint("the Starfish is full", "OYGB", stones("Milo", "starfish")),
                Checkpoint("one blue die is left unused", ("bW",), unused_dice),
            ),
        ),
        ExampleStep(
            "Milo has taken every stone that fits. The Starfish's outline is complete: it is "
            "revived and moves to his companion area, and its permanent power applies from now "
            "on. The revival triggers the Fox's activation power.",
            title="The Starfish is revived",
            play=("done",),
            rule=RULES["ag.revive.complete"],
            checkpoints=(
                Checkpoint("Milo's companions", ("fox", "starfish"), companions("Milo")),
                Checkpoint("Milo decides about the Fox", "Milo", actor_name),
            ),
        ),
        ExampleStep(
            "Milo uses the Fox: he steals the red triangle from Sandra's Wolf, a stone he can "
            "place at once, and puts it on his Owl.",
            title="The Fox steals a stone",
            play=("use fox steal R wolf owl",),
            rule=RULES["ag.power.steal"],
            checkpoints=(
                Checkpoint("Sandra's Wolf lost its red stone", "G", stones("Sandra", "wolf")),
                Checkpoint("Milo's Owl", "RW", stones("Milo", "owl")),
                Checkpoint("Sandra decides about the unused stone", "Sandra", actor_name),
            ),
        ),
        ExampleStep(
            "The white star is offered to the others in turn order. Howard has no unfilled "
            "white space and cannot take it. Sandra takes it for her Jellyfish.",
            title="Sandra takes the unused stone",
            play=("place W jellyfish",),
            rule=RULES["ag.unused.others"],
            checkpoints=(
                Checkpoint("Sandra's Jellyfish", "BW", stones("Sandra", "jellyfish")),
                Checkpoint("Howard's Lion is unchanged", "ROYY", stones("Howard", "lion")),
                Checkpoint("Coco decides next", "Coco", actor_name),
            ),
        ),
        ExampleStep(
            "Coco takes a white star too and completes the Butterfly. Once every player has "
            "taken stones, the others revive: Coco's Butterfly moves to her companion area, "
            "where its scoring power counts at the end. Milo's turn ends and Howard, on his "
            "left, becomes the active player.",
            title="Coco revives the Butterfly",
            play=("place W butterfly",),
            rule=RULES["ag.unused.revive"],
            checkpoints=(
                Checkpoint("Coco's companions", ("crab", "butterfly"), companions("Coco")),
                Checkpoint("Howard is the active player", "Howard", actor_name),
            ),
        ),
    ),
)

EXAMPLES: tuple[Example, ...] = (MILO_ROLL,)
"""Every worked example of the rulebook, in rulebook order."""

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

def legal(action: str) -> Any:
    """Measure: whether ``action`` may be played now."""
    return lambda s: s.explain(action).legal


def supply(s: Session) -> tuple[str, ...]:
    """Measure: the cards of the communal supply."""
    return tuple(s.state.supply)


def summoning(name: str) -> Any:
    """Measure: the cards in a player's summoning area."""
    return lambda s: tuple(c.animal for c in _seat(s, name).summoning)


def dice(s: Session) -> tuple[str, ...]:
    """Measure: the dice of the current roll, as rolled or rerolled."""
    roll = s.state.roll
    return () if roll is None else tuple(d.label for d in roll.dice)


def _player(name: str, mage: int, summoning: dict[str, str], companions: tuple[str, ...] = (),
            spells: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"name": name, "mage": mage, "summoning": summoning,
            "companions": list(companions), "spells": list(spells)}


_SUPPLY = ["parrot", "kangaroo", "sea_otter", "manta_ray", "flamingo"]


def _faq(ident: str, title: str, question: int, summary: str, players: list[dict[str, Any]],
         *steps: ExampleStep, spells: bool = False) -> Example:
    return Example(
        id=f"ag.example.faq_{ident}", title=title, game="animals_gathering",
        source=f"FAQ: Clarifications, Q{question}", summary=summary,
        scenario={"players": players, "active": 0, "supply": _SUPPLY, "spells": spells,
                  "seed": 1},
        steps=steps,
        notes="The FAQ tells these rulings in words; the cards and dice here are chosen so "
              "that each ruling happens on the table.")


FAQ_MAX_DICE = _faq(
    "max_dice", "Always roll as many dice as you may", 1,
    "With two uncompleted cards Ann must roll exactly 6 - 2 = 4 dice, in colours of her "
    "choice.",
    [_player("Ann", 1, {"fox": "", "owl": ""}), _player("Bo", 2, {"lion": ""})],
    ExampleStep("Ann has two uncompleted cards, so she may roll 6 - 2 = 4 dice and no "
                "fewer.", title="Four dice, not three",
                rule=RULES["ag.faq.max_dice"],
                checkpoints=(Checkpoint("dice Ann may roll", [4], dice_allowed("Ann")),
                             Checkpoint("three dice may be rolled", False, legal("roll 2g1o")),
                             Checkpoint("five dice may be rolled", False,
                                        legal("roll 2g2o1b")))),
    ExampleStep("She chooses the colours: two green, one orange, one blue.",
                title="Her choice of colours", play=("roll 2g1o1b",),
                chance=("dice gY gG oO bW",), rule=RULES["ag.roll.colours"],
                checkpoints=(Checkpoint("dice rolled", ("gY", "gG", "oO", "bW"), dice),)),
)

FAQ_OPTIONAL = _faq(
    "optional", "A power need not be used", 2,
    "Ann revives the Hummingbird, which triggers her Swan's activation power (select a "
    "supply card); she decides not to select one.",
    [_player("Ann", 1, {"hummingbird": "RG"}, ("swan",)), _player("Bo", 2, {"crab": "RBB"})],
    ExampleStep("Ann, with one uncompleted card, rolls five dice.", title="Ann rolls",
                play=("roll 2g2o1b",), chance=("dice gB gB oO oR bB",),
                rule=RULES["ag.roll.dice_count"],
                checkpoints=(Checkpoint("dice rolled", ("gB", "gB", "oR", "oO", "bB"), dice),)),
    ExampleStep("She places the orange leaf that completes the Hummingbird; its revival "
                "triggers the Swan's activation power.",
                title="The Hummingbird is revived",
                play=("place O hummingbird", "done"), rule=RULES["ag.power.activation"],
                checkpoints=(Checkpoint("Ann's companions", ("swan", "hummingbird"),
                                        companions("Ann")),
                             Checkpoint("the Swan's power may select the Parrot", True,
                                        legal("use swan recruit parrot")))),
    ExampleStep("She skips the Swan's power: the supply and her summoning area stay as "
                "they are.", title="She declines", play=("skip swan",),
                rule=RULES["ag.faq.optional"],
                checkpoints=(Checkpoint("supply", tuple(_SUPPLY), supply),
                             Checkpoint("Ann's summoning area", (), summoning("Ann")),
                             Checkpoint("Bo decides next", "Bo", actor_name))),
)

FAQ_RETRIGGER = _faq(
    "retrigger", "A revival caused by a power triggers the powers again", 3,
    "The Hummingbird's revival triggers its own power and the Lion's; the Hummingbird's "
    "gift completes the Rabbit, whose revival triggers every activation power again.",
    [_player("Ann", 1, {"hummingbird": "RG", "rabbit": "GG", "owl": ""}, ("lion",)),
     _player("Bo", 2, {"crab": "RBB"})],
    ExampleStep("Ann has three uncompleted cards and rolls 6 - 3 = 3 dice.",
                title="Ann rolls", play=("roll 1g2o",), chance=("dice gB oO oR",),
                rule=RULES["ag.roll.dice_count"],
                checkpoints=(Checkpoint("dice rolled", ("gB", "oR", "oO"), dice),)),
    ExampleStep("The orange leaf completes the Hummingbird, the red triangle goes on the "
                "Owl: the Hummingbird's revival triggers its own power and the Lion's.",
                title="The Hummingbird is revived",
                play=("place O hummingbird", "place R owl", "done"),
                rule=RULES["ag.power.activation"],
                checkpoints=(Checkpoint("Ann's companions", ("lion", "hummingbird"),
                                        companions("Ann")),)),
    ExampleStep("The Hummingbird gives an orange leaf, which completes the Rabbit: the "
                "Rabbit is revived and the activation powers trigger once more.",
                title="The gift revives the Rabbit",
                play=("use hummingbird gift O rabbit",), rule=RULES["ag.faq.retrigger"],
                checkpoints=(Checkpoint("Ann's companions", ("lion", "hummingbird", "rabbit"),
                                        companions("Ann")),
                             Checkpoint("the Lion's power is offered again", True,
                                        lambda s: any(str(a).startswith(("use lion",
                                                                         "skip lion"))
                                                      for a in s.legal_actions())))),
)

FAQ_PARTIAL_SPELL = _faq(
    "partial_spell", "Half a spell", 4,
    "Reshuffle Ritual has two steps; Ann uses only the second: she selects the Parrot "
    "without replacing the supply.",
    [_player("Ann", 1, {"fox": ""}, spells=("reshuffle_ritual",)),
     _player("Bo", 2, {"crab": ""})],
    ExampleStep("Ann casts Reshuffle Ritual and only selects the Parrot.",
                title="Only the selection", play=("cast reshuffle_ritual parrot",),
                rule=RULES["ag.faq.partial_spell"],
                checkpoints=(Checkpoint("Ann's summoning area", ("fox", "parrot"),
                                        summoning("Ann")),
                             Checkpoint("the other supply cards stay", True,
                                        lambda s: set(_SUPPLY[1:]) <= set(supply(s))),
                             Checkpoint("Ann's spells left", (),
                                        lambda s: tuple(_seat(s, "Ann").spells)))),
    spells=True,
)

FAQ_REROLL_OTHER = _faq(
    "reroll_other", "A spell on another player's roll", 5,
    "Bo casts Rock 'n' Roll on Ann's roll and has her two green dice rolled again.",
    [_player("Ann", 1, {"starfish": "B", "owl": "W"}),
     _player("Bo", 2, {"crab": ""}, spells=("rock_n_roll",))],
    ExampleStep("Ann rolls; before she takes a stone, Bo may cast a spell.",
                title="Ann rolls", play=("roll 2g1o1b",), chance=("dice gY gG oO bW",),
                rule=RULES["ag.faq.any_time"],
                checkpoints=(Checkpoint("Bo decides", "Bo", actor_name),)),
    ExampleStep("Bo rerolls Ann's green dice: they now show a blue square and a red "
                "triangle.", title="Bo rerolls two of Ann's dice",
                play=("cast rock_n_roll gY gG",), chance=("dice gB gR",),
                rule=RULES["ag.spell.rock_n_roll"],
                checkpoints=(Checkpoint("Ann's dice", ("gR", "gB", "oO", "bW"),
                                        lambda s: tuple(sorted(dice(s), key=("gR", "gB", "oO",
                                                                             "bW").index))),
                             Checkpoint("Ann places next", "Ann", actor_name))),
    spells=True,
)

FAQ_FOX_BLOCK = _faq(
    "fox_block", "A spell that stops a revival", 5,
    "Ann completes her Starfish; before she revives it, Bo casts Animal Resonance to "
    "trigger his Fox and steals a stone from the Starfish, which is then not revived.",
    [_player("Ann", 1, {"starfish": "B", "owl": "W"}),
     _player("Bo", 2, {"lion": "YOR"}, ("fox",), ("animal_resonance",))],
    ExampleStep("Ann rolls four dice.", title="Ann rolls", play=("roll 2g1o1b",),
                chance=("dice gY gG oO bW",), rule=RULES["ag.roll.dice_count"],
                checkpoints=(Checkpoint("dice rolled", ("gY", "gG", "oO", "bW"), dice),)),
    ExampleStep("Ann places three stones on the Starfish: its outline is complete.",
                title="Ann completes the Starfish",
                play=("place Y starfish", "place G starfish", "place O starfish", "done"),
                rule=RULES["ag.faq.any_time"],
                checkpoints=(Checkpoint("the Starfish's stones", "OYGB",
                                        stones("Ann", "starfish")),
                             Checkpoint("Bo may cast a spell first", "Bo", actor_name))),
    ExampleStep("Bo casts Animal Resonance: his Fox's activation power triggers, and he "
                "steals the yellow sun from the Starfish for his Lion.",
                title="The Fox steals in time",
                play=("cast animal_resonance", "use fox steal Y starfish lion"),
                rule=RULES["ag.spell.animal_resonance"],
                checkpoints=(Checkpoint("the Starfish's stones", "OGB",
                                        stones("Ann", "starfish")),
                             Checkpoint("Bo's Lion", "ROYY", stones("Bo", "lion")),
                             Checkpoint("Ann's companions", (), companions("Ann")))),
    spells=True,
)

TIE_SCENARIO: dict[str, Any] = {
    "players": [
        {"name": "Ada", "mage": 1, "companions": ["fox", "wolf", "starfish", "crab", "bat"]},
        {"name": "Ben", "mage": 2, "companions": ["lion", "rhinoceros"], "summoning": {"owl": ""}},
    ],
    "active": 1,
    "supply": ["rabbit", "tortoise", "parrot", "shark", "deer"],
}
"""A tie at the end: Ada's five revived animals make 1 + 2 + 2 + 2 + 1 = 8 points, Ben's two
4 + 4 = 8; Ben's turn ends the game (Ada has five companions) and Ben, with fewer revived
animals, wins (``ag.score.tiebreak``)."""

FAQ_EXAMPLES: tuple[Example, ...] = (FAQ_MAX_DICE, FAQ_OPTIONAL, FAQ_RETRIGGER,
                                     FAQ_PARTIAL_SPELL, FAQ_REROLL_OTHER, FAQ_FOX_BLOCK)
"""The FAQ's rulings, each played on a table."""

EXAMPLES: tuple[Example, ...] = (MILO_ROLL, *FAQ_EXAMPLES)
"""Every worked example of the rulebook, in rulebook order: the roll example, then the
FAQ's rulings."""

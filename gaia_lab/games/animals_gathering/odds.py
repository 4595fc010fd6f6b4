"""Exact dice odds: what a roll can bring, as fractions, checked by simulation.

Every roll of Animals Gathering is a chance step whose outcomes the engine lists
with exact probabilities.  This module answers the questions a player asks before
rolling: *which colours should I roll?*, *what is the chance that this roll
completes the Starfish?*, *how many stones will fit?*

A roll "can complete" a card when the player can place enough of the rolled stones
on it.  The player may use the abilities they have: an exchange power turns spare
dice of its stone into any stone, mage 3 turns two spare orange leaves into any
stone, and mage 1 adds any one stone when the roll shows four or more different
stones.  Rerolls (mage 5, Rock 'n' Roll) are not counted.

>>> import gaia_lab
>>> from gaia_lab.games.animals_gathering.odds import completion_odds
>>> session = gaia_lab.examples("animals_gathering")[0].start()
>>> odds = completion_odds(session.game, session.state, "Milo", "starfish")
>>> odds["2g1o1b"]
Fraction(5, 48)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gaia_lab.games.animals_gathering.actions import roll_counts
from gaia_lab.games.animals_gathering.rules import _multisets
from gaia_lab.games.animals_gathering.state import DIE_COLOURS, AGState

if TYPE_CHECKING:
    from gaia_lab.games.animals_gathering.game import AnimalsGathering


def roll_distribution(game: AnimalsGathering, roll: str) -> list[tuple[tuple[str, ...], Fraction]]:
    """Every result of a roll such as ``"2g1o1b"`` (dice labels), with its probability.

    >>> import gaia_lab
    >>> dist = roll_distribution(gaia_lab.GAMES["animals_gathering"], "1g")
    >>> sum(p for _, p in dist)
    Fraction(1, 1)
    """
    faces = game.rules.faces
    out: list[tuple[tuple[str, ...], Fraction]] = [((), Fraction(1))]
    for colour, k in zip(DIE_COLOURS, roll_counts(roll)):
        if k:
            options = _multisets(colour, faces[colour], k)
            out = [(a + b, p * q) for a, p in out for b, q in options]
    return out


@dataclass(frozen=True, slots=True)
class Helpers:
    """The abilities a seat may use on its own roll."""

    exchange: str = ""
    """Stones the seat's exchange powers turn into any stone."""
    mage: int = 0


def helpers_of(game: AnimalsGathering, state: AGState, seat: int) -> Helpers:
    s = state.seats[seat]
    return Helpers("".join(game.rules.exchange_stones(s)), s.mage)


def can_complete(missing: Mapping[str, int], stones: str, helpers: Helpers = Helpers()) -> bool:
    """Whether rolled ``stones`` can fill every ``missing`` space of one card.

    >>> can_complete({"Y": 1, "G": 1}, "YGB")
    True
    >>> can_complete({"Y": 2}, "YP")
    False
    >>> can_complete({"Y": 2}, "YP", Helpers(exchange="P"))
    True
    """
    rolled = Counter(stones)
    short = 0
    spare: Counter[str] = Counter()
    for stone, n in missing.items():
        have = rolled.get(stone, 0)
        short += max(0, n - have)
    for stone, n in rolled.items():
        spare[stone] = n - min(n, missing.get(stone, 0))
    wild = sum(spare[s] for s in helpers.exchange)
    if helpers.mage == 3:
        wild += (spare["O"] if "O" not in helpers.exchange else 0) // 2
    if helpers.mage == 1 and len(rolled) >= 4:
        wild += 1
    return short <= wild


def missing_stones(game: AnimalsGathering, state: AGState, seat: int, animal: str) -> Counter[str]:
    """The unfilled spaces of a card, by stone."""
    card = state.seats[seat].card(animal)
    if card is None:
        raise KeyError(f"{state.seats[seat].name} has no {animal!r} in the summoning area")
    need = Counter(game.rules.animals[animal].outline)
    need.subtract(Counter(card.stones))
    return +need


def _seat_index(state: AGState, who: int | str) -> int:
    if isinstance(who, int):
        return who
    return [s.name for s in state.seats].index(who)


def completion_odds(game: AnimalsGathering, state: AGState, who: int | str,
                    animal: str) -> dict[str, Fraction]:
    """For each roll the seat may choose now, the exact chance it can complete ``animal``."""
    seat = _seat_index(state, who)
    missing = missing_stones(game, state, seat, animal)
    helpers = helpers_of(game, state, seat)
    out: dict[str, Fraction] = {}
    for n in game.rules.dice_allowed(state, seat):
        for roll in game.rules.roll_options(n):
            out[roll] = sum(
                (p for labels, p in roll_distribution(game, roll)
                 if can_complete(missing, "".join(x[1] for x in labels), helpers)),
                Fraction(0))
    return out


def simulate_completion(game: AnimalsGathering, state: AGState, who: int | str, animal: str,
                        roll: str, trials: int = 10_000, seed: int = 0) -> float:
    """The same chance, estimated by rolling ``trials`` times with a seeded generator."""
    seat = _seat_index(state, who)
    missing = missing_stones(game, state, seat, animal)
    helpers = helpers_of(game, state, seat)
    faces = game.rules.faces
    rng = random.Random(seed)
    dice = [c for c, k in zip(DIE_COLOURS, roll_counts(roll)) for _ in range(k)]
    hits = 0
    for _ in range(trials):
        stones = "".join(rng.choice(faces[c]) for c in dice)
        hits += can_complete(missing, stones, helpers)
    return hits / trials


def expected_fitting(game: AnimalsGathering, state: AGState, who: int | str,
                     roll: str) -> Fraction:
    """The expected number of rolled stones that fit the seat's cards (placed at once)."""
    seat = state.seats[_seat_index(state, who)]
    room: Counter[str] = Counter()
    for card in seat.summoning:
        for stone, n in Counter(game.rules.animals[card.animal].outline).items():
            room[stone] += n - card.stones.count(stone)
    total = Fraction(0)
    for labels, p in roll_distribution(game, roll):
        rolled = Counter(x[1] for x in labels)
        total += p * sum(min(n, room[s]) for s, n in rolled.items())
    return total

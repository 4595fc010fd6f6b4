"""Worked examples of GAIA (Tiki Editions), as runnable scripts with checkpoints.

The Italian summary has no worked example, so these are authored: one per rule the
engine is asked to show (satisfaction rising and falling, a City emptied and one
removed, feeding with a choice, an Objective claimed, both hand limits, a stolen and a
fully satisfied City, the Power Objective, a disaster, both ends and the tie-break).
Each starts from a scenario and checks the numbers after every step.

>>> session = RISING.run()
>>> session.state.city_at("F6").met, session.state.city_at("F6").meeples
(4, (0, 1))
>>> len(EXAMPLES)
10
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from gaia_lab.core.example import Checkpoint, Example, ExampleStep
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_tiki.game import GaiaTiki
from gaia_lab.games.gaia_tiki.rulebook import RULES
from gaia_lab.games.gaia_tiki.state import GTState

__all__ = ["DECK_END", "DISASTER", "EMPTIED", "EXAMPLES", "FEEDING", "FULL", "GTExample",
           "HAND_LIMITS", "LAST_MEEPLE", "OBJECTIVE", "POWER_OBJECTIVE", "RISING"]

_GAME: Final = GaiaTiki()


@dataclass(frozen=True, slots=True)
class GTExample(Example):
    """An example played with this package's engine (registered or not)."""

    def start(self) -> Session:
        return Session(_GAME, options=self.options, scenario=self.scenario)


Measure = Callable[[Session], Any]


def _state(s: Session) -> GTState:
    state: GTState = s.state
    return state


def met(cell: str) -> Measure:
    """Measure: the needs met by the City on a square (None: no City there)."""
    def measure(s: Session) -> int | None:
        city = _state(s).city_at(cell)
        return None if city is None else city.met
    return measure


def meeples_on(cell: str) -> Measure:
    """Measure: the seats of the meeples on the City of a square."""
    def measure(s: Session) -> tuple[int, ...] | None:
        city = _state(s).city_at(cell)
        return None if city is None else city.meeples
    return measure


def supply(seat: int) -> Measure:
    """Measure: the meeples in a seat's supply."""
    return lambda s: _state(s).seat(seat).meeples


def pending() -> Measure:
    """Measure: the pending step's kind and data (None when the game is over)."""
    def measure(s: Session) -> tuple[Any, ...] | None:
        task = _state(s).task
        return None if task is None else (task.kind, *task.data)
    return measure


def legal(verb: str) -> Measure:
    """Measure: the legal actions with this verb, in notation."""
    return lambda s: tuple(str(a) for a in s.legal_actions() if a.verb == verb)


def animals(cell: str) -> Measure:
    """Measure: the Animal tokens on a tile."""
    def measure(s: Session) -> int:
        tile = _state(s).tile_at(cell)
        return 0 if tile is None else tile.animals
    return measure


def hand_size(seat: int) -> Measure:
    return lambda s: len(_state(s).seat(seat).hand)


def cp(label: str, expected: Any, measure: Measure) -> Checkpoint:
    return Checkpoint(label, expected, measure)


def _ex(eid: str, title: str, source: str, summary: str, scenario: dict[str, Any],
        *steps: ExampleStep) -> GTExample:
    return GTExample(eid, title, "gaia_tiki", source, summary, scenario, steps)


def _step(title: str, commentary: str, play: tuple[str, ...], rule: str,
          *checkpoints: Checkpoint) -> ExampleStep:
    return ExampleStep(commentary, play, (), RULES[rule], checkpoints, title)


RISING: Final = _ex(
    "gt.ex.rising", "A City's satisfaction rises", "Raising a City's satisfaction",
    "P1 raises Borea with 2 needs met; P2's mountain tile meets a third and puts P2's "
    "meeple beside P1's; P2's fish meet the fourth, but P2 already has a meeple there.",
    {"tiles": {"F6": "plain", "F5": "forest", "G6": "plain", "E6": "sea"},
     "seats": [{"hand": ["borea"]}, {"hand": ["mountain", "shoal"]}]},
    _step("Borea is raised", "Borea (plain, forest, fish, mountain) on the plain F6: the "
          "forest of F5 and the plain of G6 meet 2 needs, enough to raise it.",
          ("city borea F6", "pass"), "gt.city.needs",
          cp("Borea's needs met", 2, met("F6")), cp("meeples on Borea", (0,), meeples_on("F6")),
          cp("P1's supply", 5, supply(0))),
    _step("A mountain meets a third need", "P2 lays a mountain on F7, next to Borea: its "
          "satisfaction rises to 3 and P2 puts a meeple on it, beside P1's (base game).",
          ("tile mountain F7",), "gt.satisfaction.raise",
          cp("Borea's needs met", 3, met("F6")),
          cp("meeples on Borea", (0, 1), meeples_on("F6")), cp("P2's supply", 5, supply(1))),
    _step("One meeple per colour", "P2's Shoal puts 4 fish on the sea E6: Borea's fourth "
          "need is met, but P2 already has a meeple there and places none. P1's turn "
          "begins: P1 feeds Borea, which eats one of the fish.",
          ("animals shoal E6",), "gt.satisfaction.one_colour",
          cp("Borea's needs met", 4, met("F6")), cp("fish on E6", 3, animals("E6")),
          cp("P2's supply", 5, supply(1))),
)

EMPTIED: Final = _ex(
    "gt.ex.emptied", "A City emptied, then removed", "Lowering a City's satisfaction",
    "P1's Sole covers the plain Borea used (Borea, at 1 need, sends P2's meeple home); "
    "P1's Elce covers Borea's last forest (Borea, at 0, is removed, which uncovers its "
    "plain for Sole).",
    {"tiles": {"F6": "plain", "F5": "forest", "G6": "plain", "G5": "sea", "G7": "forest",
               "E5": "plain", "F4": "swamp"},
     "cities": {"F6": ["borea", [1]]},
     "seats": [{"hand": ["sole", "elce"]}]},
    _step("Sole covers a plain", "Sole (a star: any terrain but sea) on the plain G6 meets "
          "sea (G5) and forest (G7). It covers G6, so Borea keeps only the forest of F5: "
          "1 need, and P2's meeple goes home; the City stays, empty.",
          ("city sole G6",), "gt.satisfaction.empty",
          cp("Borea's needs met", 1, met("F6")), cp("meeples on Borea", (), meeples_on("F6")),
          cp("P2's supply", 6, supply(1)), cp("Sole's needs met", 2, met("G6"))),
    _step("Elce covers the last forest", "Elce on the forest F5 meets swamp (F4) and plain "
          "(E5) and covers F5: Borea meets nothing and is removed. Its plain F6 is "
          "uncovered, so Sole's plain need is met: Sole rises to 3 (P1 already has a "
          "meeple there).",
          ("city elce F5",), "gt.satisfaction.removed",
          cp("the City on F6", None, met("F6")),
          cp("Borea discarded", True, lambda s: "borea" in _state(s).discard),
          cp("Sole's needs met", 3, met("G6")), cp("Elce's needs met", 2, met("F5")),
          cp("P1's supply", 4, supply(0))),
)

FEEDING: Final = _ex(
    "gt.ex.feeding", "Feeding a City, with a choice", "Start of a new turn: hunting and feeding",
    "P1's Alba needs goats; goats stand on F5 and G6, so P1 chooses which tile feeds it. "
    "A turn later only F5 has one: it is eaten at once and Alba's goat need is lost.",
    {"tiles": {"F6": "plain", "F5": "forest", "G6": "mountain", "E6": "sea"},
     "animals": {"F5": ["goat", 1], "G6": ["goat", 1]},
     "cities": {"F6": ["alba", [0]]}},
    _step("Two tiles can feed Alba", "Before acting, P1 feeds Alba (forest, sea, goat, "
          "mountain): F5 and G6 both hold a goat. P1 takes the one of G6; the goat of F5 "
          "still meets the need.",
          ("feed F6 from G6",), "gt.feed.choice",
          cp("goats on G6", 0, animals("G6")), cp("goats on F5", 1, animals("F5")),
          cp("Alba's needs met", 4, met("F6")), cp("pending", ("act", "1"), pending())),
    _step("The last goat is eaten", "P1 and P2 pass. At the start of P1's next turn only F5 "
          "can feed Alba: the rules take its goat, and Alba falls to 3 needs met.",
          ("pass", "pass"), "gt.feed.one",
          cp("goats on F5", 0, animals("F5")), cp("Alba's needs met", 3, met("F6")),
          cp("meeples on Alba", (0,), meeples_on("F6")), cp("bank", 20,
                                                             lambda s: _state(s).bank)),
)

OBJECTIVE: Final = _ex(
    "gt.ex.objective", "An Objective claimed", "Achieving an Objective",
    "P1 holds 2 plain chips; a third, from a plain tile, completes Fields (3 plain): the "
    "chips are discarded and a meeple goes on the Objective.",
    {"objectives": ["fields", "woods", "coast", "marsh"],
     "seats": [{"hand": ["plain"], "chips": {"plain": 2}}]},
    _step("Fields is claimed", "P1 lays a plain tile on F7 and takes its chip: 3 plain "
          "chips, the Fields Objective.", ("tile plain F7",), "gt.objective.claim",
          cp("Fields claimed by", 0, lambda s: _state(s).objectives[0].claimed),
          cp("P1's plain chips", 0, lambda s: _state(s).seat(0).chip("plain")),
          cp("P1's supply", 5, supply(0))),
)

HAND_LIMITS: Final = _ex(
    "gt.ex.hand_limits", "Both hand limits", "Turn",
    "In the advanced game with Powers, P1 holds 6 cards, 2 of them Powers: a third Power "
    "drawn forces a Power discarded; a seventh card drawn forces a card discarded.",
    {"advanced": True,
     "seats": [{"hand": ["plain", "forest", "sea", "borea", "rain", "sun"]}]},
    _step("A third Power", "P1 takes face-up Power 1: 7 cards, 3 Powers; one Power must go.",
          ("draw power 1",), "gt.power.hand_limit",
          cp("pending", ("discard", "power"), pending()), cp("P1's hand", 7, hand_size(0)),
          cp("the refusal of a non-Power", "discard.not_power",
             lambda s: s.explain("discard plain").code)),
    _step("The Sun goes", "P1 discards the Sun: 6 cards, 2 Powers.", ("discard sun",),
          "gt.power.hand_limit", cp("P1's hand", 6, hand_size(0)),
          cp("pending", ("act", "2"), pending())),
    _step("A seventh card", "P1 draws the top Nature card: 7 cards, over the limit of 6.",
          ("draw nature deck",), "gt.hand.limit",
          cp("pending", ("discard", "hand"), pending()), cp("P1's hand", 7, hand_size(0))),
    _step("Back to 6", "P1 discards the forest card.", ("discard forest",), "gt.hand.limit",
          cp("P1's hand", 6, hand_size(0)), cp("pending", ("act", "1"), pending())),
)

FULL: Final = _ex(
    "gt.ex.full", "A City stolen, fully satisfied, then one meeple leaves", "Advanced rules",
    "Advanced game: P2 raises P1's Borea and steals it, then meets its fourth need and "
    "puts a second meeple on it; P1 covers one of its tiles and one of the two leaves.",
    {"advanced": True, "powers": False, "active": 1,
     "tiles": {"F6": "plain", "F5": "forest", "G6": "plain", "E6": "sea", "G5": "forest",
               "G7": "sea"},
     "cities": {"F6": ["borea", [0]]},
     "seats": [{"hand": ["sole"]}, {"hand": ["mountain", "shoal"]}]},
    _step("Borea is stolen", "P2's mountain on F7 raises Borea to 3: P2's meeple replaces "
          "P1's, which goes home.", ("tile mountain F7",), "gt.advanced.steal",
          cp("meeples on Borea", (1,), meeples_on("F6")), cp("P1's supply", 6, supply(0)),
          cp("P2's supply", 5, supply(1))),
    _step("All four needs", "P2's fish on E6 meet Borea's fourth need: P2 puts a second "
          "meeple on it.", ("animals shoal E6",), "gt.advanced.full",
          cp("Borea's needs met", 4, met("F6")),
          cp("meeples on Borea", (1, 1), meeples_on("F6")), cp("P2's supply", 4, supply(1))),
    _step("Back to 3", "P1 raises Sole on G6 (forest G5, sea G7), covering Borea's plain: "
          "Borea falls to 3 and one of P2's meeples leaves.", ("city sole G6",),
          "gt.advanced.full_drop",
          cp("Borea's needs met", 3, met("F6")), cp("meeples on Borea", (1,), meeples_on("F6")),
          cp("P2's supply", 5, supply(1)), cp("P1's supply", 5, supply(0))),
)

POWER_OBJECTIVE: Final = _ex(
    "gt.ex.power_objective", "Rain, a stolen City and the Power Objective",
    "Reaching a Power Objective (if available)",
    "P1 has played 3 Powers; Rain turns the desert next to P2's Borea into a plain: "
    "Borea rises and P1 steals it; the 4th Power played claims the Power Objective.",
    {"advanced": True, "objectives": ["power", "fields", "woods", "coast"],
     "tiles": {"F6": "plain", "F5": "forest", "G6": "desert", "F7": "mountain"},
     "cities": {"F6": ["borea", [1]]},
     "seats": [{"hand": ["rain"], "powers": ["sun", "flood", "plague"]}]},
    _step("Rain", "Rain turns the desert G6 into a plain: Borea meets plain, forest and "
          "mountain, 3 needs, raised by P1, who replaces P2's meeple. P1 now has 4 Powers "
          "played: they are discarded and a meeple claims the Power Objective.",
          ("power rain G6",), "gt.power.objective",
          cp("G6", "plain", lambda s: _state(s).tile_at("G6").terrain),  # type: ignore[union-attr]
          cp("meeples on Borea", (0,), meeples_on("F6")),
          cp("Power Objective claimed by", 0, lambda s: _state(s).objectives[0].claimed),
          cp("P1's Powers played", (), lambda s: _state(s).seat(0).powers),
          cp("P1's supply", 4, supply(0)), cp("P2's supply", 6, supply(1))),
)

DISASTER: Final = _ex(
    "gt.ex.disaster", "A disaster: the volcano", "The Powers: the list (reconstructed)",
    "P1's volcano destroys P2's Borea and turns its tile into a mountain, which P1's "
    "Gelso needs.",
    {"advanced": True,
     "tiles": {"F6": "plain", "F5": "forest", "G6": "plain", "F7": "mountain", "E5": "sea",
               "F4": "plain"},
     "cities": {"F6": ["borea", [1]], "F5": ["gelso", [0]]},
     "seats": [{"hand": ["volcano"]}]},
    _step("The volcano erupts", "Borea is destroyed (P2's meeple goes home, the card is "
          "discarded) and F6 becomes a mountain: Gelso (mountain, sea, goat, plain) on F5 "
          "now meets mountain too.", ("power volcano F6",), "gt.power.destroy",
          cp("the City on F6", None, met("F6")),
          cp("F6", "mountain", lambda s: _state(s).tile_at("F6").terrain),  # type: ignore[union-attr]
          cp("Gelso's needs met", 3, met("F5")), cp("P2's supply", 6, supply(1)),
          cp("a disaster", True, lambda s: _GAME.components.power("volcano").disaster)),
)

LAST_MEEPLE: Final = _ex(
    "gt.ex.last_meeple", "The last meeple placed", "End of the game and victory",
    "Three players: P1 has 4 of 5 meeples on Objectives; claiming Fields places the last "
    "one and P1 wins at once.",
    {"players": 3, "objectives": ["fields", "woods", "coast", "marsh", "dunes"],
     "claimed": {"woods": 0, "coast": 0, "marsh": 0, "dunes": 0},
     "seats": [{"hand": ["plain"], "chips": {"plain": 2}}]},
    _step("P1 wins", "A plain tile gives P1 the third plain chip: Fields takes P1's last "
          "meeple.", ("tile plain F7",), "gt.end.last_meeple",
          cp("over", True, lambda s: s.is_over()), cp("winners", (0,), lambda s: s.winners()),
          cp("ended by", "meeples", lambda s: _state(s).end)),
)

DECK_END: Final = _ex(
    "gt.ex.deck_end", "The last card drawn, and the tie-break", "End of the game and victory",
    "Three players: P2 draws the Nature deck's last card and the game ends. P1 and P3 "
    "have 1 meeple placed each: the tie goes to P3, the first of them clockwise after P2.",
    {"players": 3, "active": 1, "deck_sizes": {"nature": 1},
     "objectives": ["fields", "woods", "coast", "marsh", "dunes"],
     "claimed": {"woods": 0, "coast": 2}},
    _step("The last card", "P2 draws the top (and last) Nature card.", ("draw nature deck",),
          "gt.end.tie",
          cp("over", True, lambda s: s.is_over()),
          cp("meeples placed", [1, 0, 1], lambda s: list(s.game.score_breakdown(
              s.state).totals)),
          cp("winners", (2,), lambda s: s.winners())),
)

EXAMPLES: Final = (RISING, EMPTIED, FEEDING, OBJECTIVE, HAND_LIMITS, FULL, POWER_OBJECTIVE,
                   DISASTER, LAST_MEEPLE, DECK_END)
"""The worked examples, in the order of the rules they show."""

"""Final scoring of Shapers of Gaia, in the rulebook's order, and the tie-breakers.

First the DNA tokens go on matching icons of the Species cards (the engine places them
the best way: for each colour it fills the rows with the most matching icons first,
which maximises the row scores, and placing a token never costs anything); the tokens
left and the Toxicity tokens cover the empty animal spaces of the Shaper board from the
bottom, skipping spaces that still hold an animal.  Then the categories are scored:
Behavior cards, DNA rows, animal spaces, Vault spaces, resources, Prestige and -5 for
each token that covered nothing.

>>> place_dna(("red", "red", "blue"), [{"red": 1, "blue": 1}, {"red": 2}])
([{'red': 0, 'blue': 1}, {'red': 2}], 0)
>>> cover(["S1", "S3", "S4"], 3, {"S1": 1, "S2": 1, "S3": 2, "S4": 2})
(['S1', 'S3', 'S4'], 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gaia_lab.core.scoring import ScoreBreakdown, ScoreLine
from gaia_lab.games.shapers_of_gaia import board
from gaia_lab.games.shapers_of_gaia.components import RESOURCES, SPACE_IDS, Components
from gaia_lab.games.shapers_of_gaia.rulebook import RULES
from gaia_lab.games.shapers_of_gaia.state import PlayerState, SGState

__all__ = ["TokenPlacement", "breakdown", "cover", "place_dna", "place_tokens", "winners"]


def place_dna(held: Sequence[str], capacity: Sequence[Mapping[str, int]]
              ) -> tuple[list[dict[str, int]], int]:
    """Tokens per row and colour, and how many tokens found no icon.

    ``capacity`` gives each row's icons per colour.  Squares are convex, so filling the
    roomiest row first is best.
    """
    placed: list[dict[str, int]] = [{c: 0 for c in cap} for cap in capacity]
    left = 0
    for colour, n in sorted(Counter(held).items()):
        order = sorted(range(len(capacity)), key=lambda i: -capacity[i].get(colour, 0))
        for i in order:
            k = min(n, capacity[i].get(colour, 0))
            if k:
                placed[i][colour] = k
                n -= k
        left += n
    return placed, left


def cover(empty: Sequence[str], tokens: int, vp: Mapping[str, int]) -> tuple[list[str], int]:
    """The empty spaces covered (bottom first) and the tokens that cover nothing."""
    order = [s for s in vp if s in empty]
    covered = order[:tokens]
    return covered, max(0, tokens - len(order))


def _capacity(components: Components, player: PlayerState) -> list[dict[str, int]]:
    out = []
    for row in player.rows:
        cap: Counter[str] = Counter()
        for rc in row:
            cap.update(components.species_card(rc.card).sides[rc.side].dna)
        out.append(dict(cap))
    return out


@dataclass(frozen=True, slots=True)
class TokenPlacement:
    """Where a player's DNA and Toxicity tokens go at the end: DNA on the Species cards,
    the rest on the empty animal spaces of the Shaper board."""

    dna_on_rows: tuple[Mapping[str, int], ...]
    """DNA tokens per Ecosystem row (Shard, Spore, Seed) and colour."""
    dna_left: int
    """DNA tokens that found no matching icon."""
    covered: tuple[str, ...]
    """The empty animal spaces covered, bottom first: first by the DNA left, then by
    Toxicity."""
    lost: int
    """Tokens that covered nothing (5 VP each)."""

    @property
    def row_points(self) -> tuple[int, ...]:
        """Each row's DNA points: every token scores the number of its colour in the row."""
        return tuple(sum(k * k for k in row.values()) for row in self.dna_on_rows)


def place_tokens(components: Components, player: PlayerState) -> TokenPlacement:
    """Place ``player``'s DNA and Toxicity tokens for final scoring.

    >>> from gaia_lab.games.shapers_of_gaia.components import load_components
    >>> from gaia_lab.games.shapers_of_gaia.examples import SCORING
    >>> t = place_tokens(load_components(), SCORING.start().state.seat(0))
    >>> t.dna_left, t.covered, t.row_points
    (1, ('S1', 'S3', 'S4'), (6, 0, 4))
    """
    vp = _space_vp(components, player)
    placed, left = place_dna(player.dna, _capacity(components, player))
    empty = [s for s in vp if s not in player.board]
    covered, lost = cover(empty, left + player.toxicity, vp)
    return TokenPlacement(tuple(placed), left, tuple(covered), lost)


def _space_vp(components: Components, player: PlayerState) -> dict[str, int]:
    shaper = components.shaper(player.shaper)
    return {s.id: s.vp for s in sorted(shaper.spaces, key=lambda s: SPACE_IDS.index(s.id))}


def _behavior(components: Components, state: SGState, seat: int, bid: str) -> tuple[int, str]:
    b = components.behavior(bid)
    tiles = {board.parse_space(s): components.tile(t).biome for s, t in state.tiles}
    on_board = [(board.parse_space(a.where), a) for a in state.animals
                if not a.where.startswith("v")]
    mine = [(h, a) for h, a in on_board if a.seat == seat and a.kind == b.animal]
    at = {h: a for h, a in on_board}
    total = 0
    for h, _ in mine:
        near = [at[n] for n in board.neighbours(h) if n in at]
        match = [a for a in near if a.kind == b.target and (b.counts == "any" or a.seat == seat)]
        if b.rule == "outer_ring":
            total += b.points * board.is_outer(h)
        elif b.rule == "adjacent_biome":
            total += b.points * sum(1 for n in board.neighbours(h) if tiles.get(n) == b.target)
        elif b.rule == "adjacent_animals":
            total += b.points * len(match)
        elif b.rule == "not_adjacent":
            total += b.points * (not match)
    return total, f"{bid}: {b.summary}"


def breakdown(components: Components, state: SGState, names: Sequence[str]) -> ScoreBreakdown:
    """Every player's score lines, in the rulebook's order."""
    lines: list[ScoreLine] = []
    for seat, p in enumerate(state.seats):
        if not p.shaper:
            continue  # before the Shapers are dealt
        vp = _space_vp(components, p)
        tokens = place_tokens(components, p)
        placed, covered, lost = tokens.dna_on_rows, tokens.covered, tokens.lost
        empty = [s for s in vp if s not in p.board]
        for bid in state.behaviors:
            pts, text = _behavior(components, state, seat, bid)
            lines.append(ScoreLine(seat, "Behavior cards", pts, RULES["sog.score.behavior"],
                                   text))
        dna = sum(tokens.row_points)
        lines.append(ScoreLine(seat, "DNA", dna, RULES["sog.score.dna"],
                               f"{sum(sum(r.values()) for r in placed)} DNA on cards"))
        animals = sum(vp[s] for s in empty if s not in covered)
        lines.append(ScoreLine(seat, "Animals introduced", animals, RULES["sog.score.animals"],
                               f"{len(empty)} spaces empty, {len(covered)} covered"))
        vault = sum(components.vault_space(a.where).vp for a in state.animals
                    if a.seat == seat and a.where.startswith("v"))
        lines.append(ScoreLine(seat, "Vault", vault, RULES["sog.score.vault"], "Vault spaces"))
        res = sum(components.resource(r).vp_at(v) for r, v in zip(RESOURCES, p.resources,
                                                                  strict=True))
        lines.append(ScoreLine(seat, "Resources", res, RULES["sog.score.resources"],
                               " ".join(map(str, p.resources))))
        lines.append(ScoreLine(seat, "Prestige", p.prestige, RULES["sog.score.prestige"],
                               f"{p.prestige} Prestige"))
        lines.append(ScoreLine(seat, "Uncovered tokens", -5 * lost,
                               RULES["sog.score.uncovered_penalty"],
                               f"{lost} token(s) covered nothing"))
    return ScoreBreakdown(tuple(names), tuple(lines))


def winners(components: Components, state: SGState, names: Sequence[str]) -> tuple[int, ...]:
    """Highest score; then fewer animals introduced; then more Prestige; else shared."""
    totals = breakdown(components, state, names).totals

    def key(i: int) -> tuple[int, int, int]:
        p = state.seat(i)
        return (totals[i], -p.introduced, p.prestige)

    best = max(key(i) for i in range(state.players))
    return tuple(i for i in range(state.players) if key(i) == best)

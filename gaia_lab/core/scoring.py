"""Score breakdowns: each player's points by rulebook category.

>>> b = ScoreBreakdown(("Milo", "Coco"), (
...     ScoreLine(0, "Animal points", 7, None, "Fox 3 + Starfish 4"),
...     ScoreLine(1, "Animal points", 5, None, "Butterfly 5"),
...     ScoreLine(1, "Scoring powers", 2, None, "Butterfly: 1 aquatic animal"),
... ))
>>> b.totals
(7, 7)
>>> print(b.table())
category       | Milo | Coco
---------------+------+-----
Animal points  |    7 |    5
Scoring powers |    0 |    2
---------------+------+-----
Total          |    7 |    7
"""

from __future__ import annotations

from dataclasses import dataclass

from gaia_lab.core.rulebook import RuleRef


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """Points one player gets from one source."""

    player: int
    category: str
    points: int
    rule: RuleRef | None
    explanation: str


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Every score line of a game, in the order the rulebook's scoring lists them."""

    players: tuple[str, ...]
    lines: tuple[ScoreLine, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total."""
        totals = [0] * len(self.players)
        for line in self.lines:
            totals[line.player] += line.points
        return tuple(totals)

    def categories(self) -> list[str]:
        """Categories in first-seen order."""
        seen: dict[str, None] = {}
        for line in self.lines:
            seen.setdefault(line.category, None)
        return list(seen)

    def by_category(self) -> dict[str, list[int]]:
        """Points per category per player."""
        table = {c: [0] * len(self.players) for c in self.categories()}
        for line in self.lines:
            table[line.category][line.player] += line.points
        return table

    def for_player(self, player: int) -> list[ScoreLine]:
        """The lines of one player."""
        return [line for line in self.lines if line.player == player]

    def table(self) -> str:
        """A plain-text table, categories down, players across."""
        rows = [[c, *map(str, pts)] for c, pts in self.by_category().items()]
        header = ["category", *self.players]
        total = ["Total", *map(str, self.totals)]
        widths = [max(len(r[i]) for r in [header, *rows, total]) for i in range(len(header))]

        def fmt(row: list[str]) -> str:
            cells = [row[0].ljust(widths[0])] + [v.rjust(w) for v, w in zip(row[1:], widths[1:])]
            return " | ".join(cells).rstrip()

        rule = "-+-".join("-" * w for w in widths)
        return "\n".join([fmt(header), rule, *map(fmt, rows), rule, fmt(total)])

    def _repr_html_(self) -> str:
        from html import escape

        # inline styles: a widget's HTML gets no table styling from the page
        left = 'style="text-align:left;padding:1px 12px 1px 0"'
        right = 'style="text-align:right;padding:1px 0 1px 12px"'
        head = "".join(f"<th {right}>{escape(p)}</th>" for p in self.players)
        body = "".join(
            f"<tr><td {left}>{escape(c)}</td>"
            + "".join(f"<td {right}>{v}</td>" for v in pts) + "</tr>"
            for c, pts in self.by_category().items()
        )
        foot = "".join(f"<th {right}>{v}</th>" for v in self.totals)
        return (
            f'<table style="border-collapse:collapse"><thead><tr><th {left}>category</th>'
            f"{head}</tr></thead><tbody>{body}</tbody>"
            f"<tfoot><tr><th {left}>Total</th>{foot}</tr></tfoot></table>"
        )

"""The table of GAIA: an orthogonal grid of squares, labelled like a chessboard.

Columns ``A``..``K`` and rows ``1``..``11``; the first tile goes on the centre ``F6``.
Neighbours are orthogonal only (diagonals never count).

>>> neighbours("F6")
('F5', 'F7', 'E6', 'G6')
>>> neighbours("A1")
('A2', 'B1')
>>> is_cell("L3"), is_cell("C4")
(False, True)
>>> cell_order("B1") < cell_order("A2")
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["ANIMALS", "CELLS", "CENTRE", "COLOURS", "COLUMNS", "ROWS", "TERRAINS",
           "cell_order", "is_cell", "neighbours"]

TERRAINS: Final = ("plain", "forest", "sea", "swamp", "desert", "mountain")
"""The six terrains of the Nature deck and of the land tiles."""
ANIMALS: Final = ("goat", "fish")
"""The two faces of an Animal token: the land animal and the fish."""
COLOURS: Final = ("blue", "yellow", "green", "red", "white")
"""The meeple colours, by seat."""
COLUMNS: Final = "ABCDEFGHIJK"
ROWS: Final = 11
CELLS: Final = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
"""Every square of the table, row by row (the grid order cities are settled in)."""
CENTRE: Final = "F6"
_INDEX: Final = {cell: i for i, cell in enumerate(CELLS)}


def is_cell(text: str) -> bool:
    """Whether ``text`` names a square of the table."""
    return text in _INDEX


def cell_order(cell: str) -> int:
    """The grid order of a square: row by row, column by column."""
    return _INDEX[cell]


def _neighbours(cell: str) -> tuple[str, ...]:
    col, row = COLUMNS.index(cell[0]), int(cell[1:])
    out = []
    for dc, dr in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and 1 <= r <= ROWS:
            out.append(f"{COLUMNS[c]}{r}")
    return tuple(out)


_NEIGHBOURS: Final = {cell: _neighbours(cell) for cell in CELLS}


def neighbours(cell: str) -> tuple[str, ...]:
    """The squares orthogonally next to ``cell`` (up, down, left, right), on the table."""
    return _NEIGHBOURS[cell]

"""Checks on the text of a drawn board: no two texts overlap, none is cut."""

from __future__ import annotations

from gaia_lab.render.shapes import Scene, Text

ELLIPSIS = "…"
"""What :func:`gaia_lab.render.layout.fit` puts at the end of a cut text."""


def overlapping_texts(drawn: Scene, tolerance: float = 0.5) -> list[tuple[str, str]]:
    """Pairs of texts whose approximate boxes (:meth:`Text.bounds`) overlap by more than
    ``tolerance`` pixels both ways."""
    boxes = [(i.text, i.bounds()) for i in drawn.items
             if isinstance(i, Text) and i.text.strip()]
    out: list[tuple[str, str]] = []
    for k, (a, (al, at, ar, ab)) in enumerate(boxes):
        for b, (bl, bt, br, bb) in boxes[k + 1:]:
            if (min(ar, br) - max(al, bl) > tolerance
                    and min(ab, bb) - max(at, bt) > tolerance):
                out.append((a, b))
    return out


def cut_texts(drawn: Scene) -> list[str]:
    """The texts shortened with an ellipsis to fit their place."""
    return [i.text for i in drawn.items if isinstance(i, Text) and ELLIPSIS in i.text]

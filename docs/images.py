"""Regenerate the README's board pictures, ``docs/images/<name>.png``.

Each picture is a named position that can be made again: a seeded random game
(:func:`gaia_lab.testing.random_play.random_states`, a function of the game, the player
count, the seed and the options alone) stopped where the README's caption says, the end
of a recorded game replayed line by line, or a step of a worked example.  The board is
drawn by the game's registered layout at the picture's width and saved as an optimised
palette PNG (a few hundred KB at most).

    python docs/images.py                  # every picture
    python docs/images.py gaia_tiki ...    # only these
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from a checkout
    sys.path.insert(0, str(ROOT))

import gaia_lab  # noqa: E402
from gaia_lab.render import scene  # noqa: E402
from gaia_lab.testing.random_play import random_states  # noqa: E402

IMAGES = ROOT / "docs" / "images"
COLOURS = 256
"""The palette of a saved picture."""


@dataclass(frozen=True, slots=True)
class Picture:
    """A README picture: its file name, what the README says it shows (its words, in the
    caption or beside the link), the board width it is drawn at and how its position is
    made."""

    name: str
    caption: str
    width: int
    position: Callable[[], Any]

    @property
    def path(self) -> Path:
        return IMAGES / f"{self.name}.png"


def first_state(game: str, players: int, seed: int, when: Callable[[Any], bool],
                options: dict[str, Any] | None = None) -> Any:
    """The first state of a seeded random game where a player decides and ``when``
    holds."""
    rules = gaia_lab.GAMES[game]
    for state in random_states(rules, players, seed, options):
        if isinstance(rules.actor(state), int) and when(state):
            return state
    raise RuntimeError(f"{game}: {players} players, seed {seed}: no state matches")


def shapers_round(state: Any) -> int:
    """The round of a Shapers of Gaia position (as its board's header counts it)."""
    return int((state.turn - 1) // max(state.players, 1) + 1)


def recorded_end() -> Any:
    """The end of the recorded Gaia Project game ``deep-mind-2``, replayed line by line."""
    from gaia_lab.games.gaia_project import from_bgs
    from gaia_lab.games.gaia_project.recorded import recorded_game

    return from_bgs(recorded_game("deep-mind-2")).state


def example_step(game: str, example: str, step: int) -> Any:
    """The position after step ``step`` (0 is the first) of a named worked example."""
    found = next(e for e in gaia_lab.examples(game) if e.id == example)
    return list(found.results())[step].session.state


PICTURES: tuple[Picture, ...] = (
    Picture("animals_gathering", "the supply, the dice and four players' summoning and "
            "companion areas", 1000,
            lambda: first_state("animals_gathering", 4, 19, lambda s: s.turn == 27
                                and s.roll is not None and len(s.roll.dice) >= 4)),
    Picture("shapers_of_gaia", "a three-player game in round 4", 1000,
            lambda: first_state("shapers_of_gaia", 3, 3,
                                lambda s: s.turn and shapers_round(s) == 4)),
    Picture("gaia_project", "the end of a recorded game, replayed", 1200,
            recorded_end),
    Picture("gaia_tiki", "a three-player advanced game, turn 55", 1000,
            lambda: first_state("gaia_tiki", 3, 55, lambda s: s.turn == 54,
                                {"advanced": True, "powers": True})),
    Picture("black_rose_wars", "the worked example `brw.ex.legend`: Gaea (Legend) has "
            "attacked", 1000, lambda: example_step("black_rose_wars", "brw.ex.legend", 1)),
)
"""Every README picture."""


def png(picture: Picture) -> bytes:
    """The picture as optimised palette PNG bytes: every colour the board paints is kept
    exactly (a marker keeps its player's colour), the rest of the palette is the image's
    median cut (the smoothed edges)."""
    from PIL import Image, ImageColor

    board = scene(picture.position(), width=picture.width)
    image = Image.open(io.BytesIO(board.to_png())).convert("RGB")
    painted = sorted({ImageColor.getrgb(c)[:3] for item in board.items
                      for c in (getattr(item, "fill", None), getattr(item, "stroke", None))
                      if isinstance(c, str) and c.startswith("#")})[:COLOURS // 2]
    rest = image.quantize(COLOURS - len(painted), dither=Image.Dither.NONE).getpalette() or []
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for rgb in painted for v in rgb]
                       + rest[:3 * (COLOURS - len(painted))])
    out = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def main(names: Iterable[str]) -> None:
    wanted = set(names)
    known = {p.name for p in PICTURES}
    if wanted - known:
        raise SystemExit(f"unknown pictures: {', '.join(sorted(wanted - known))}; "
                         f"known: {', '.join(sorted(known))}")
    for picture in PICTURES:
        if wanted and picture.name not in wanted:
            continue
        data = png(picture)
        picture.path.write_bytes(data)
        print(f"wrote {picture.path.relative_to(ROOT)} ({len(data) // 1024} KB): "
              f"{picture.caption}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Each game's play page opens with a one-line key to its notation, taken from the game's
own notation documentation (every example in it is stated there and reads as a move)."""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
KEY = "**How to type a move:**"

NOTATION: dict[str, tuple[str, str]] = {
    # game: (the module that documents its notation, its parser of one move)
    "animals_gathering": ("gaia_lab.games.animals_gathering.actions", "parse"),
    "shapers_of_gaia": ("gaia_lab.games.shapers_of_gaia.actions", "parse"),
    "gaia_project": ("gaia_lab.games.gaia_project.notation", "parse_move"),
    "gaia_tiki": ("gaia_lab.games.gaia_tiki.actions", "parse"),
    "black_rose_wars": ("gaia_lab.games.black_rose_wars.actions", "parse"),
}


def markdown_paragraphs(source: str) -> list[str]:
    """The paragraphs of the markdown cells of a percent-format notebook source."""
    paragraphs: list[str] = []
    in_markdown = False
    current: list[str] = []
    for line in source.splitlines() + ["# %%"]:
        if line.startswith("# %%"):
            if current:
                paragraphs.append(" ".join(current))
            current = []
            in_markdown = "[markdown]" in line
            continue
        if not in_markdown:
            continue
        text = line[2:] if line.startswith("# ") else line.lstrip("#")
        if text.strip():
            current.append(text.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    return paragraphs


def test_every_game_with_a_play_page_is_covered() -> None:
    pages = {p.parent.name for p in (ROOT / "notebooks").glob("*/play.py")}
    assert pages == set(NOTATION)


@pytest.mark.parametrize("game", sorted(NOTATION))
def test_play_page_has_a_notation_key(game: str) -> None:
    source = (ROOT / "notebooks" / game / "play.py").read_text(encoding="utf-8")
    keys = [p for p in markdown_paragraphs(source) if p.startswith(KEY)]
    assert len(keys) == 1, f"{game}/play.py: {len(keys)} notation keys"
    key = keys[0]
    prose = re.sub(r"`[^`]*`", "x", key)
    assert len(re.findall(r"[.!?](?:\s|$)", prose)) == 1, f"not one sentence: {key!r}"
    examples = re.findall(r"`([^`]+)`", key)
    assert len(examples) >= 3, key
    module_name, parser_name = NOTATION[game]
    module = importlib.import_module(module_name)
    documented = " ".join((module.__doc__ or "").split())
    parse: Callable[[str], Any] = getattr(module, parser_name)
    for example in examples:
        assert example in documented, f"{game}: {example!r} is not in {module_name}'s notation"
        if example.strip() not in {"p1"}:  # a seat alone names no move
            parse(example)
    # the page's board is the Explorer the key speaks of
    assert "Explorer(" in source

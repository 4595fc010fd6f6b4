"""The Gaia Project move-log notation over every line of the recorded game deep-mind-2."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from gaia_lab.core.errors import NotationError
from gaia_lab.games.gaia_project.notation import (
    Build,
    Federation,
    Init,
    LogNotationError,
    Move,
    Pass,
    Reward,
    Spend,
    format_move,
    normalise,
    parse_log,
    parse_move,
)

CONFORMANCE = Path(__file__).resolve().parent / "fixtures" / "gaia_project"


@pytest.fixture(scope="module")
def lines() -> list[str]:
    path = CONFORMANCE / "deep-mind-2.json"
    if not path.exists():
        pytest.skip("the shared conformance folder is not here")
    moves: list[str] = json.loads(path.read_text(encoding="utf-8"))["moves"]
    return moves


def test_every_line_parses(lines: list[str]) -> None:
    moves = parse_log(lines)
    assert len(moves) == 410
    assert moves[0] == Move(None, (Init(4, "deep-mind-2"),))
    verbs = Counter(c.verb for m in moves for c in m.commands)
    assert set(verbs) == {
        "init", "faction", "build", "booster", "charge", "decline", "special", "action",
        "tech", "up", "spend", "pass", "income", "burn", "federation", "cover", "fedtile",
        "lostPlanet",
    }
    assert verbs["federation"] == 14 and verbs["pass"] == 24


def test_round_trip(lines: list[str]) -> None:
    for line in lines:
        move = parse_move(line)
        assert format_move(move) == normalise(line), line
        assert parse_move(format_move(move)) == move, line


def test_structure() -> None:
    move = parse_move("terrans spend 3pw for 1o. spend 3pw for 1o. federation "
                      "3A11,6A1,7C fed5.")
    assert move.actor == "terrans"
    assert move.commands[0] == Spend((Reward(3, "pw"),), (Reward(1, "o"),))
    assert move.commands[2] == Federation(("3A11", "6A1", "7C"), "fed5")
    assert parse_move("hadsch-hallas pass").commands == (Pass(None),)
    build = parse_move("xenos build ts 2A1").commands[0]
    assert isinstance(build, Build) and build.is_upgrade


def test_other_forms_of_the_recording_program() -> None:
    cases = {
        "p4 rotate 0x0 5 -1x8 2 2x3 4": "p4 rotate 0x0 5 -1x8 2 2x3 4",
        "p1 bid terrans 6": "p1 bid terrans 6",
        "terrans build lab 1B3. tech adv-terra. cover terra. up nav.":
            "terrans build lab 1B3. tech adv-terra. cover terra. up nav",
        "ambas special swap-PI. swap-PI 4A10": "ambas special swap-PI. swap-PI 4A10",
        "bescods special up-lowest. up nav.": "bescods special up-lowest. up nav",
        "baltaks spend 1gf for 1q": "baltaks spend 1gf for 1q",
        "itars spend 4tg for tech": "itars spend 4tg for tech",
        "taklons brainstone area3": "taklons brainstone area3",
        "geodens build m -4x5": "geodens build m -4x5",
        "terrans up gaia (1 ⇒ 2) (4/4/0/0 ⇒ 7/4/0/0)": "terrans up gaia",
        "nevlas pass returning booster8 (1/3/0/0 ⇒ 2/1/0/0)": "nevlas pass",
        "baltaks build gf 10A3 using area1: 1, area2: 2. (1/3/2/0 ⇒ 0/1/2/3)":
            "baltaks build gf 10A3 using area1: 1, area2: 2",
        "ambas federation 2A4 fed5 using area1: 1. spend 1pw for 1c. (2/0/1/0 ⇒ 2/0/0/0)":
            "ambas federation 2A4 fed5 using area1: 1. spend 1pw for 1c",
        "gleens action qic2. fedtile gleens": "gleens action qic2. fedtile gleens",
        "firaks special down-lab. build ts 3A3. up nav": "firaks special down-lab. build ts "
                                                        "3A3. up nav",
    }
    for text, normal in cases.items():
        assert normalise(text) == normal
        assert str(parse_move(text)) == normal


@pytest.mark.parametrize(
    ("text", "column", "reason"),
    [
        ("", 1, "empty line"),
        ("martians build m 1A1", 1, "unknown actor"),
        ("terrans build m", 16, "'build' needs a building and a hex"),
        ("terrans build m 1Z1", 17, "not a hex"),
        ("terrans up magic", 12, "unknown research area"),
        ("terrans spend 3pw to 1o", 19, "expected 'for'"),
        ("terrans spend 3gold for 1o", 15, "not a reward"),
        ("terrans pass booster11", 14, "not a booster"),
        ("terrans action power8", 16, "not a board action"),
        ("terrans federation 1A1,zz fed1", 20, "not a hex: 'zz'"),
        ("terrans up nav. . up eco", 17, "empty command"),
        ("terrans burn 2 3", 16, "takes only an amount"),
        ("init four seed", 6, "expected 'init <players> <seed>'"),
        ("terrans leap 1A1", 9, "unknown command 'leap'"),
        ("terrans up (nav", 12, "unexpected character '('"),
    ],
)
def test_errors_name_the_column(text: str, column: int, reason: str) -> None:
    with pytest.raises(LogNotationError) as err:
        parse_move(text)
    assert err.value.column == column
    assert reason in err.value.reason
    assert isinstance(err.value, NotationError)


def test_log_errors_name_the_line() -> None:
    with pytest.raises(LogNotationError, match=r"^line 3, column 9"):
        parse_log(["init 2 x", "p1 faction xenos", "terrans fly"])


def test_using_may_end_with_the_brainstone_note() -> None:
    # the public engine notes the Taklons' brainstone among a federation's tokens
    fed = parse_move("taklons federation 10A3,10A4 fed1 using area1: 8, area2: 1, "
                     "brainstone: 1").commands[0]
    assert isinstance(fed, Federation) and fed.using == (8, 1, 0)
    with pytest.raises(NotationError, match="'using' needs"):
        parse_move("taklons federation 10A3,10A4 fed1 using area1: 8, brainstone: 2")

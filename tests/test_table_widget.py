"""The game table app (gaia_lab.widgets.table), driven without a kernel or a browser.

Buttons are pressed with ``Button.click()``, the Explorer's offered actions with
``Explorer.press``, an upload by setting the FileUpload's value as the browser does.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from html import unescape

import pytest

import gaia_lab
from gaia_lab.widgets.table import EXAMPLE, PLAY, Table, download_html


@pytest.fixture(scope="module")
def table() -> Table:
    return Table("animals_gathering", players=3, seed=1, names=["Ada", "Ben", "Cleo"])


def message(table: Table) -> str:
    return unescape(str(table.message.value))


def test_a_game_is_on_the_table_from_the_start(table: Table) -> None:
    assert table.explorer is not None and table.walkthrough is None
    assert table.session.names == ("Ada", "Ben", "Cleo") and table.session.seed == 1
    assert table.mode.value == PLAY
    assert [v for _, v in table.game.options] == list(gaia_lab.GAMES)


def test_choosing_a_game_fits_the_players_names_and_examples() -> None:
    table = Table()
    table.game.value = "shapers_of_gaia"
    assert [v for _, v in table.players.options] == [2, 3]
    assert table.names.disabled  # Shapers of Gaia takes no names
    assert len(table.example.options) == len(gaia_lab.examples("shapers_of_gaia"))
    table.players.value = 3
    table.seed.value = "12"
    table._new_button.click()
    assert table.session.game.meta.name == "shapers_of_gaia"
    assert (table.session.players, table.session.seed) == (3, 12)
    table.game.value = "animals_gathering"
    assert not table.names.disabled and table.players.value == 3


def test_settings_the_game_refuses_leave_the_table_as_it_was() -> None:
    table = Table("animals_gathering", players=2)
    before = table.explorer
    table.seed.value = "minus one"
    table.new_game()
    assert table.explorer is before
    assert "No new game: seed:" in message(table) and "minus one" in message(table)
    table.seed.value = "3"
    table.names.value = "Ann"  # two players, one name
    table.new_game()
    assert table.explorer is before and "must list 2 non-empty names" in message(table)


def test_hot_seat_play_then_save_and_load_the_record() -> None:
    table = Table("animals_gathering", players=3, seed=5, names=["Ada", "Ben", "Cleo"])
    explorer = table.explorer
    assert explorer is not None
    first = explorer.offered[0]
    explorer.press(first)
    explorer.press(explorer.offered[0])
    assert explorer.session.decisions == 2
    text = table.save()
    link = str(table.download.value)
    assert 'download="animals_gathering-seed5-' in link and "data:application/json;base64," in link
    record = gaia_lab.Record.from_json(text)
    assert record.options["names"] == ["Ada", "Ben", "Cleo"] and record.seed == 5

    other = Table("gaia_tiki", players=4, seed=9)
    assert other.load(text.encode("utf-8"), "ours.json")
    assert other.game.value == "animals_gathering" and other.players.value == 3
    assert other.seed.value == "5" and other.names.value == "Ada, Ben, Cleo"
    assert other.session.decisions == 2 and other.session.state == explorer.session.state
    assert "Loaded ours.json" in message(other) and other.download.value == ""
    assert other.explorer is not None and other.explorer.offered == explorer.offered


@pytest.mark.parametrize(("content", "said"), [
    (b"\xff\xfe{}", "bad.json: not UTF-8 text (byte 1 is 0xff)"),
    (b'{"game": "animals_gathering",\n "players": 2,', "bad.json: line 2, column"),
    (b'{"game": "animals_gathering", "players": 2, "sead": 1}', "unknown key(s) 'sead'"),
    (b"[1, 2]", "the record must be a JSON object"),
])
def test_a_bad_file_is_answered_with_its_place_and_changes_nothing(
        table: Table, content: bytes, said: str) -> None:
    before, state = table.explorer, table.session.state
    assert not table.load(content, "bad.json")
    assert said in message(table), message(table)
    assert "Not loaded: bad.json: " in message(table)
    assert table.explorer is before and table.session.state == state


def test_a_step_that_does_not_replay_is_named_with_its_line(table: Table) -> None:
    session = gaia_lab.Session("animals_gathering", players=2, seed=2)
    session.play(session.legal_actions()[0])
    lines = session.record().to_json().splitlines()
    step = next(i for i, line in enumerate(lines) if '"actor": 0' in line)
    lines[step] = lines[step].replace('"action": "', '"action": "zz')
    before = table.explorer
    assert not table.load("\n".join(lines), "edited.json")
    assert f"step {step - 8} (line {step + 1})" in message(table), message(table)
    assert "unknown verb" in message(table) and table.explorer is before


def test_an_upload_loads_once_and_clears_the_box() -> None:
    table = Table("animals_gathering", players=2, seed=4)
    text = table.save()
    table.upload.value = ({"name": "up.json", "type": "application/json", "size": len(text),
                           "content": memoryview(text.encode()),
                           "last_modified": datetime.now(UTC)},)
    assert "Loaded up.json" in message(table)
    assert table.upload.value == ()


def test_step_through_any_example_and_save_the_step_on_show() -> None:
    table = Table("gaia_tiki")
    shown = [box for box in table.widget.children if box.layout.display != "none"]
    assert table._example_row not in shown and len(shown) == len(table.widget.children) - 1
    table.mode.value = EXAMPLE
    shown = [box for box in table.widget.children if box.layout.display != "none"]
    assert table._play_row not in shown and len(shown) == len(table.widget.children) - 1
    last = len(gaia_lab.examples("gaia_tiki")) - 1
    table.example.value = last
    table._open_button.click()
    walkthrough = table.walkthrough
    assert walkthrough is not None and table.explorer is None
    assert walkthrough.example.id == gaia_lab.examples("gaia_tiki")[last].id
    walkthrough.next_button.click()
    assert walkthrough.index == 1 and table.session is walkthrough.session(1)
    record = gaia_lab.Record.from_json(table.save())
    assert record.comment.endswith("step 1")
    again = gaia_lab.Session.from_record(record)
    assert again.state == walkthrough.session(1).state
    table.mode.value = PLAY
    table.new_game()  # back to playing
    assert table.walkthrough is None and table.explorer is not None
    with pytest.raises(gaia_lab.GaiaLabError, match="example: expected an index"):
        table.open_example(last + 1)


def test_every_game_opens_and_plays_a_move_on_the_table() -> None:
    table = Table()
    for name in gaia_lab.GAMES:
        table.game.value = name
        table.new_game()
        explorer = table.explorer
        assert explorer is not None and explorer.session.game.meta.name == name, message(table)
        if explorer.offered:
            explorer.press(explorer.offered[0])
            assert "Played " in str(explorer.message.value)
        saved = json.loads(table.save())
        assert saved["game"] == name


def test_the_download_link_escapes_its_name() -> None:
    assert 'download="a&quot;b.json"' in download_html("{}", 'a"b.json', "x")


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(gaia_lab.GaiaLabError, match="no game named 'chess'"):
        Table("chess")


@pytest.mark.parametrize(("kwargs", "said"), [
    ({"game": ["chess"]}, "game: no game named"),
    ({"players": 9}, "players: expected a whole number from 2 to 5, not 9"),
    ({"players": True}, "players: expected a whole number"),
    ({"seed": -1}, "seed: expected a whole number from 0 to"),
    ({"seed": "7"}, "seed: expected a whole number"),
    ({"names": "Ann, Bo"}, "names: expected a list of names"),
    ({"names": ["Ann, Bo"]}, "names: expected a list of names"),
    ({"names": ["Ann"], "players": 2}, "must list 2 non-empty names"),
])
def test_settings_that_cannot_make_the_first_game_are_refused(
        kwargs: dict[str, object], said: str) -> None:
    args = {"game": "animals_gathering", **kwargs}
    with pytest.raises(gaia_lab.GaiaLabError, match=re.escape(said)):
        Table(**args)

"""The shared reader of component data files: entry lines under any top-level key, the
file guards, the schema language, and the bad folders every game refuses the same way."""

from __future__ import annotations

import json
import os
import signal
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gaia_lab.core import provenance
from gaia_lab.core.datafiles import (
    MAX_BYTES,
    DataDocument,
    DataEntry,
    entry_lines,
    read_document,
    section_lines,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.schema import (
    At,
    Context,
    Field,
    FileSchema,
    Flag,
    Integer,
    ListOf,
    MapOf,
    Nullable,
    Record,
    Ref,
    Table,
    Text,
    check_references,
    optional,
    read_file,
)
from gaia_lab.games.animals_gathering import components as animals_gathering
from gaia_lab.games.black_rose_wars import components as black_rose_wars
from gaia_lab.games.gaia_project import components as gaia_project
from gaia_lab.games.gaia_tiki import components as gaia_tiki
from gaia_lab.games.shapers_of_gaia import components as shapers_of_gaia

TEXT = """{
 "component": "demo",
 "entries": [
  {"id": "a"},
  {"id": "b"}
 ],
 "tiles": [
  {"id": "t1"},

  {"id": "t2"}
 ],
 "sides": {
  "1A": {"id": "x"},
  "1B": {"id": "y"}
 },
 "note": "not traced"
}
"""


def test_entry_lines_under_any_key() -> None:
    assert entry_lines(TEXT) == (4, 5)
    assert entry_lines(TEXT, "tiles") == (8, 10)
    assert entry_lines(TEXT, "sides") == (13, 14)
    assert entry_lines(TEXT, "note") == entry_lines(TEXT, "absent") == ()
    assert section_lines("[1, 2]") == section_lines('{"a": [1,') == {}


def test_document_and_entry_cite_the_line(tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    path.write_text(TEXT, encoding="utf-8")
    problems: list[str] = []
    doc = read_document(path, "demo", problems)
    assert problems == [] and doc.lines == doc.lines_of("entries") == (4, 5)
    assert doc.lines_of("tiles") == (8, 10)
    assert doc.line_at("note") == 16 and doc.line_at("sides.1B") == 14
    DataEntry(doc, 1, doc.data["tiles"][1], "id", problems, section="tiles").problem(
        "id", "bad")
    DataEntry(doc, 0, doc.data["entries"][0], "id", problems).problem("", "bad")
    assert problems == [
        "demo.json:10: tiles entry 2 (id 't2'): field 'id': bad",
        "demo.json:4: demo entry 1 (id 'a'): bad",
    ]


def test_a_document_without_text_cites_no_line() -> None:
    problems: list[str] = []
    doc = DataDocument("demo", "demo.json", {"tiles": [{"id": "t1"}]}, ())
    DataEntry(doc, 0, "oops", "id", problems, section="tiles")
    assert problems == ["demo.json: tiles entry 1: an entry must be a JSON object, not str"]


# -- the file guards -----------------------------------------------------------------


@pytest.fixture
def alarm() -> Iterator[None]:
    """Fail instead of hanging if a read blocks (a named pipe opened for reading)."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise TimeoutError("the reader blocked")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def guarded(path: Path) -> list[str]:
    problems: list[str] = []
    doc = read_document(path, "demo", problems)
    assert doc.failed and doc.data is None
    return problems


def test_only_regular_files_are_opened(tmp_path: Path, alarm: None) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert guarded(fifo) == [f"demo.json: {fifo} is a named pipe, not a regular file"]
    assert guarded(tmp_path) == [f"demo.json: {tmp_path} is a folder, not a regular file"]
    server = socket.socket(socket.AF_UNIX)
    sock = tmp_path / "s.json"
    try:
        server.bind(str(sock))
        assert guarded(sock) == [f"demo.json: {sock} is a socket, not a regular file"]
    finally:
        server.close()
    assert guarded(Path("/dev/null")) == [
        "demo.json: /dev/null is a device, not a regular file"]
    missing = tmp_path / "absent.json"
    assert guarded(missing)[0].startswith(f"demo.json: cannot read {missing}: ")


def test_size_encoding_and_depth_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # a sparse 50 MB file: refused before reading
        handle.truncate(50_000_000)
    assert guarded(big) == [f"demo.json: {big} holds 50,000,000 bytes; a component file "
                            f"is read only up to {MAX_BYTES:,}"]
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"name": "caf\xe9"}')
    assert guarded(latin) == ["demo.json: not UTF-8 text (byte 13)"]
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10_000 + "]" * 10_000)
    assert guarded(deep) == ["demo.json: nested deeper than 64 levels"]
    broken = tmp_path / "broken.json"
    broken.write_text('{"a": }')
    assert guarded(broken) == [
        "demo.json: line 1, column 7: not valid JSON (Expecting value)"]
    bom = tmp_path / "bom.json"
    bom.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    problems: list[str] = []
    assert read_document(bom, "demo", problems).data == {"a": 1} and problems == []


# -- the schema language ---------------------------------------------------------------


def test_schema_reports_every_problem_with_its_field() -> None:
    schema = Record({
        "name": Field(Text()), "size": Field(Integer(1, 9)), "open": optional(Flag(), False),
        "tags": optional(ListOf(Text(choices=("a", "b")), 1, 2), []),
        "cost": optional(MapOf(Integer(0), ("ore", "qic")), {}),
        "parent": optional(Nullable(Text())),
    })
    problems: list[str] = []
    at = At(lambda f, m: problems.append(f"{f}: {m}"))
    assert schema.read({"name": "x", "size": 3}, at) == {
        "name": "x", "size": 3, "open": False, "tags": [], "cost": {}, "parent": None}
    schema.read({"name": "", "size": True, "open": 1, "tags": ["c", "a", "b"],
                 "cost": {"gold": 1, "ore": -1}, "parent": 3, "more": 0}, at)
    assert problems == [
        "more: unknown field (known: cost, name, open, parent, size, tags)",
        "name: must not be empty",
        "size: must be a whole number, not true",
        "open: must be true or false, not 1",
        "tags: 3 elements; must be 1 to 2",
        "tags[0]: unknown value 'c' (known: a, b)",
        "cost: unknown key 'gold' (known: ore, qic)",
        "cost.ore: -1 is below the least value 0",
        "parent: must be a string, not 3",
    ]
    problems.clear()
    Integer(0, 9).read(10**5000, at)  # a parsed document may hold any Python integer
    Text().read(object(), at)
    assert problems == [": a number too long to show is out of range 0..9",
                        ": must be a string, not a value of type object"]


def test_tables_check_ids_sizes_and_references() -> None:
    doc = DataDocument("demo", "demo.json", {
        "items": [{"id": "a", "of": "x"}, {"id": "a", "of": "y"}, {"id": ["b"], "of": "x"}],
        "empty": []}, ())
    schema = FileSchema((Table(Record({"id": Field(Text()), "of": Field(Ref("kinds"))}),
                               section="items"),
                         Table(Record({}), section="empty")))
    problems: list[str] = []
    context = Context()
    read = read_file(doc, schema, problems, context)
    check_references({"kinds": ["x"]}, context)
    assert not read.ok and [r.values is None for r in read.rows["items"]] == [False, True, True]
    assert problems == [
        "demo.json: items entry 2 (id 'a'): field 'id': duplicate id 'a' (first at entry 1)",
        "demo.json: items entry 3: field 'id': must be a string, not [\"b\"]",
        "demo.json: field 'empty': 0 entries; at least 1 required",
        "demo.json: items entry 2 (id 'a'): field 'of': no kinds entry has the id 'y'",
    ]


def test_provenance_rule_is_one_for_all() -> None:
    entry = Record({"count": Field(Integer())}, origin=True)
    problems: list[str] = []
    at = At(lambda f, m: problems.append(f"{f}: {m}"))
    entry.read({"count": 1, "provenance": "published"}, at)
    entry.read({"count": 1, "provenance": "reconstructed", "rulebook_fields": ["size"]}, at)
    entry.read({"count": 1, "provenance": "guessed"}, at)
    assert problems == [
        "source: required when provenance is 'published'",
        "rulebook_fields: unknown field name 'size'",
        "source: required when rulebook_fields are given",
        "provenance: unknown value 'guessed' (known: rulebook, published, reconstructed)",
    ]
    assert set(provenance.MEANINGS) == set(provenance.PROVENANCES)
    for module in (animals_gathering, shapers_of_gaia, gaia_project, gaia_tiki):
        assert getattr(module, "PROVENANCES", provenance.PROVENANCES) is provenance.PROVENANCES


# -- bad folders, the same for every game ------------------------------------------------


@dataclass(frozen=True)
class Game:
    module: ModuleType
    file: str
    """A component file to replace."""
    section: str
    """Its entries' top-level key."""

    @property
    def path(self) -> Path:
        return Path(self.module.DATA_DIR) / self.file

    def document(self) -> Any:
        return json.loads(self.path.read_text(encoding="utf-8"))

    def load(self, folder: Path) -> Any:
        return self.module.load_components(folder)

    def from_document(self, doc: Any) -> Any:
        if self.module is gaia_project:
            return gaia_project.Components.from_documents({self.file: doc})
        return self.module.Components.from_dicts(**{self.file[:-5]: doc})


GAMES = {
    "animals_gathering": Game(animals_gathering, "animals.json", "entries"),
    "shapers_of_gaia": Game(shapers_of_gaia, "tiles.json", "entries"),
    "gaia_tiki": Game(gaia_tiki, "cities.json", "entries"),
    "gaia_project": Game(gaia_project, "tech_tiles.json", "standard"),
    "black_rose_wars": Game(black_rose_wars, "rooms.json", "entries"),
}
game_param = pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))


def refused(game: Game, folder: Path) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        game.load(folder)
    return info.value


@game_param
@pytest.mark.parametrize(("text", "kind"), [("null", "null"), ("[]", "a list"),
                                            ("5", "a number"), ('"x"', "a string")])
def test_a_file_that_is_no_object_is_refused(game: Game, tmp_path: Path, text: str,
                                             kind: str) -> None:
    (tmp_path / game.file).write_text(text)
    err = refused(game, tmp_path)
    assert len(err.problems) == 1
    assert err.problems[0].startswith(f"{game.file}: must hold a JSON object")
    assert err.problems[0].endswith(f"not {kind}")


@game_param
@pytest.mark.parametrize("ident", [["x"], 5, None, True, {"id": "x"}])
def test_an_id_that_is_no_string_is_refused(game: Game, tmp_path: Path, ident: Any) -> None:
    doc = game.document()
    doc[game.section][0]["id"] = ident
    (tmp_path / game.file).write_text(json.dumps(doc, indent=1))
    err = refused(game, tmp_path)
    wanted = f"must be a string, not {json.dumps(ident)}"
    assert any(f"{game.file}:" in p and "field 'id'" in p and p.endswith(wanted)
               for p in err.problems), err.problems


@game_param
def test_a_file_without_entries_is_refused_at_load(game: Game, tmp_path: Path) -> None:
    doc = game.document()
    doc[game.section] = []
    (tmp_path / game.file).write_text(json.dumps(doc, indent=1))
    err = refused(game, tmp_path)
    assert err.problems == (
        f"{game.file}:{doc_line(tmp_path / game.file, game.section)}: field "
        f"{game.section!r}: 0 entries; at least 1 required",)


def doc_line(path: Path, key: str) -> int:
    lines = path.read_text().splitlines()
    return next(i + 1 for i, line in enumerate(lines) if line.startswith(f' "{key}"'))


@game_param
def test_a_pipe_in_place_of_a_file_is_refused(game: Game, tmp_path: Path, alarm: None) -> None:
    os.mkfifo(tmp_path / game.file)
    err = refused(game, tmp_path)
    assert err.problems == (
        f"{game.file}: {tmp_path / game.file} is a named pipe, not a regular file",)


@game_param
def test_a_folder_in_place_of_a_file_is_refused(game: Game, tmp_path: Path) -> None:
    (tmp_path / game.file).mkdir()
    assert refused(game, tmp_path).problems == (
        f"{game.file}: {tmp_path / game.file} is a folder, not a regular file",)


@game_param
def test_a_huge_file_is_refused_unread(game: Game, tmp_path: Path) -> None:
    with (tmp_path / game.file).open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)
    (problem,) = refused(game, tmp_path).problems
    assert problem.startswith(f"{game.file}: ") and "52,428,800 bytes" in problem


@game_param
def test_non_utf8_and_deep_files_are_refused(game: Game, tmp_path: Path) -> None:
    (tmp_path / game.file).write_bytes(b"{\"a\": \"\xff\"}")
    assert refused(game, tmp_path).problems == (f"{game.file}: not UTF-8 text (byte 7)",)
    (tmp_path / game.file).write_text("{\"a\": " + "[" * 5000 + "]" * 5000 + "}")
    assert refused(game, tmp_path).problems == (f"{game.file}: nested deeper than 64 levels",)


@game_param
def test_a_user_folder_takes_the_rest_from_the_package(game: Game, tmp_path: Path) -> None:
    (tmp_path / game.file).write_text(game.path.read_text(encoding="utf-8"))
    assert game.load(tmp_path) == game.module.load_components()
    (tmp_path / game.file).unlink()
    assert game.load(tmp_path) == game.module.load_components()


# -- mutated files: either they load or they are refused with InvalidStateError ---------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.floats(allow_nan=False)
    | st.text(max_size=4) | st.sampled_from(["", "id", "fox", "G", "published", "S"])
    | st.sampled_from([10**30, -(2**70), "+" + "9" * 5000 + " ore", "range " + "9" * 5000]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=6,
)


@st.composite
def mutated(draw: st.DrawFn, doc: Any) -> Any:
    """``doc`` with one to three fields deleted, replaced by another JSON value, or added."""
    doc = json.loads(json.dumps(doc))
    for _ in range(draw(st.integers(1, 3))):
        node = doc
        while True:  # walk down to a container
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            child = node[key]
            if not isinstance(child, (dict, list)) or not child or draw(st.booleans()):
                break
            node = child
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        action = draw(st.sampled_from(["delete", "replace", "add"]))
        if action == "add" or not keys:
            if isinstance(node, dict):
                node[draw(st.text(max_size=5))] = draw(JSON)
            else:
                node.append(draw(JSON))
        elif action == "delete":
            del node[draw(st.sampled_from(keys))]
        else:
            node[draw(st.sampled_from(keys))] = draw(JSON)
    return doc


def loads_or_refuses(game: Game, doc: Any) -> None:
    try:
        game.from_document(doc)
    except InvalidStateError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)


def mutation_test(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return settings(max_examples=examples, suppress_health_check=[HealthCheck.too_slow])


FILES = [(name, f) for name, game in GAMES.items()
         for f in sorted(p.name for p in Path(game.module.DATA_DIR).glob("*.json")
                         # a game's modules may keep data files of their own beside
                         # its components
                         if p.stem in getattr(game.module, "COMPONENT_FILES", (p.stem,)))]


def _game_for(name: str, file: str) -> Game:
    return Game(GAMES[name].module, file, "")


@pytest.mark.parametrize(("name", "file"), FILES)
@mutation_test(8)
@given(data=st.data())
def test_mutated_files_load_or_are_refused(name: str, file: str, data: st.DataObject) -> None:
    game = _game_for(name, file)
    loads_or_refuses(game, data.draw(mutated(game.document())))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "file"), FILES)
@mutation_test(400)
@given(data=st.data())
def test_mutated_files_load_or_are_refused_many(name: str, file: str,
                                                data: st.DataObject) -> None:
    game = _game_for(name, file)
    loads_or_refuses(game, data.draw(mutated(game.document())))

"""The shared reader of component data files: entry lines under any top-level key."""

from __future__ import annotations

from pathlib import Path

from gaia_lab.core.datafiles import (
    DataDocument,
    DataEntry,
    entry_lines,
    read_document,
    section_lines,
)

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

"""The public contract under bad input, for every registered game.

Every public Session and Record entry point answers bad input with a GaiaLabError that
names the place and the reason, and leaves everything as it was.  Property tests pass
random junk (nested JSON-like data, text, huge and negative numbers, foreign objects) to
each entry point; the specific cases below pin the messages.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gaia_lab
from gaia_lab.core.errors import GaiaLabError, InvalidStateError, NotationError
from gaia_lab.core.record import Record, RecordStep, RecordVersionWarning
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.game import from_bgs
from gaia_lab.games.gaia_project.recorded import RECORDED_GAMES, recorded_game

NAMES = sorted(gaia_lab.GAMES)


@dataclass(frozen=True)
class Foreign:
    """An action object of no game."""

    verb: str = "pass"


numbers = st.one_of(
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**70),
    st.integers(min_value=-(2**70), max_value=-1),
    st.sampled_from([10**100, -(10**100), 10**4000]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
)
texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789 .,:=+-()⇒", max_size=200),
    st.sampled_from(["x" * 10_001, "9" * 5000, "wild=n " * 3000, "( " * 4000, "\x00"]),
)
scalars = st.one_of(st.none(), numbers, texts, st.binary(max_size=10),
                    st.builds(Foreign), st.builds(object))
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
FEW = settings(max_examples=50, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MANY = settings(max_examples=1000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@functools.cache
def opening(name: str) -> Session:
    """A session of ``name`` at its first decision, with one decision played and undone
    (so there is something to redo)."""
    s = Session(name, seed=3)
    s.play(s.legal_actions()[0])
    s.undo()
    return s


def snapshot(s: Session) -> tuple[object, ...]:
    return (tuple(id(p) for p in s.history), s.position, s.length,
            s.game.state_to_json(s.state), s.seed, s.players, dict(s.options), s.auto)


def only_gaia_lab_errors(call: Callable[[], object]) -> object:
    try:
        return call()
    except GaiaLabError as exc:
        assert str(exc).strip()
        return exc


def entry_points(s: Session, value: Any) -> list[tuple[str, Callable[[], object]]]:
    """Every public entry point of a Session given ``value`` where an argument goes;
    those that could succeed on a legal value are guarded by the caller."""
    return [
        ("explain", lambda: s.explain(value)),
        ("parse", lambda: s.parse(value)),
        ("step", lambda: s.step(value)),
        ("undo", lambda: s.undo(value)),
        ("redo", lambda: s.redo(value)),
        ("goto", lambda: s.goto(value)),
        ("record", lambda: s.record(value)),
        ("line_of_step", lambda: s.record().line_of_step(value)),
        ("from_record", lambda: Session.from_record(value)),
        ("comment", lambda: s.play(s.legal_actions()[0], comment=value)),
        ("chance", lambda: s.play(s.legal_actions()[0], chance=value)),
    ]


def check_junk(name: str, value: Any) -> None:
    s = opening(name)
    before = snapshot(s)
    calls = entry_points(s, value)
    verdict = only_gaia_lab_errors(lambda: s.explain(value))
    if not (isinstance(value, str) and getattr(verdict, "legal", False)):
        calls += [("play", lambda: s.play(value)),
                  ("play_many", lambda: s.play_many(value)),
                  ("play_many[]", lambda: s.play_many([value]))]
    for label, call in calls:
        if (label == "comment" and isinstance(value, str)) or (
                label == "chance" and value in ((), [])):
            continue  # a legal play with a valid comment or no forced outcome
        result = only_gaia_lab_errors(call)
        if snapshot(s) != before:  # only a valid jump in time may move the session
            assert label in ("undo", "redo", "goto") and not isinstance(result, Exception)
            assert isinstance(value, int) and not isinstance(value, bool), (label, value)
            s.goto(before[1])  # type: ignore[arg-type]
            assert snapshot(s)[:4] == before[:4]


def check_constructor(name: str, field: str, value: Any) -> None:
    if field == "game":
        result = only_gaia_lab_errors(lambda: Session(value))
        assert isinstance(result, GaiaLabError) or value in gaia_lab.GAMES
        return
    result = only_gaia_lab_errors(lambda: Session(name, **{field: value}))
    if isinstance(result, Session):  # accepted: it must have been a valid value
        assert result.record().to_json()


def check_record_text(value: Any) -> None:
    for text in (value, json.dumps(value, default=repr) if not isinstance(value, str)
                 else value):
        result = only_gaia_lab_errors(lambda t=text: Record.from_json(t))  # type: ignore[misc]
        assert isinstance(result, (InvalidStateError, Record))


# -- property tests --------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(value=junk)
def test_junk_to_every_session_entry_point(name: str, value: Any) -> None:
    check_junk(name, value)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@MANY
@given(value=junk)
def test_junk_to_every_session_entry_point_many(name: str, value: Any) -> None:
    check_junk(name, value)


def malformed_actions(name: str) -> st.SearchStrategy[Any]:
    """Objects of the game's own action class with junk in their fields."""
    s = opening(name)
    kind = type(s.legal_actions()[0])
    fields = {f.name: st.one_of(junk, st.lists(texts, max_size=3).map(tuple))
              for f in dataclasses.fields(kind)}
    return st.builds(kind, **fields)


def check_malformed(name: str, data: st.DataObject) -> None:
    s = opening(name)
    before = snapshot(s)
    action = data.draw(malformed_actions(name))
    verdict = only_gaia_lab_errors(lambda: s.explain(action))
    if not getattr(verdict, "legal", False):
        assert isinstance(only_gaia_lab_errors(lambda: s.play(action)), GaiaLabError)
    assert snapshot(s) == before


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(data=st.data())
def test_malformed_action_objects(name: str, data: st.DataObject) -> None:
    check_malformed(name, data)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@MANY
@given(data=st.data())
def test_malformed_action_objects_many(name: str, data: st.DataObject) -> None:
    check_malformed(name, data)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(field=st.sampled_from(["game", "players", "seed", "options", "auto"]), value=junk)
def test_junk_session_arguments(name: str, field: str, value: Any) -> None:
    check_constructor(name, field, value)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@MANY
@given(field=st.sampled_from(["game", "players", "seed", "options", "auto"]), value=junk)
def test_junk_session_arguments_many(name: str, field: str, value: Any) -> None:
    check_constructor(name, field, value)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(options=st.dictionaries(st.sampled_from(["spells", "names", "shapers", "behaviors",
                                                "setup", "components"]), junk, max_size=3))
def test_junk_option_values(name: str, options: dict[str, Any]) -> None:
    result = only_gaia_lab_errors(lambda: Session(name, players=2, options=options))
    if isinstance(result, Session):
        back = Session.from_record(Record.from_json(result.record().to_json()))
        assert back.state == result.state


@FEW
@given(value=junk)
def test_junk_record_texts(value: Any) -> None:
    check_record_text(value)


@pytest.mark.slow
@MANY
@given(value=junk)
def test_junk_record_texts_many(value: Any) -> None:
    check_record_text(value)


RECORD_FIELDS = st.sampled_from(["game", "players", "seed", "options", "steps", "version",
                                 "comment", "scenario"])


def check_record_field(field: str, value: Any) -> None:
    result = only_gaia_lab_errors(lambda: Record(**{"game": "animals_gathering",
                                                    "players": 2, field: value}))
    if isinstance(result, Record):
        assert Record.from_json(result.to_json()) == result


@FEW
@given(field=RECORD_FIELDS, value=junk)
def test_junk_record_fields(field: str, value: Any) -> None:
    check_record_field(field, value)


@pytest.mark.slow
@MANY
@given(field=RECORD_FIELDS, value=junk)
def test_junk_record_fields_many(field: str, value: Any) -> None:
    check_record_field(field, value)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(text=texts)
def test_any_text_parses_or_raises_notation_error(name: str, text: str) -> None:
    s = opening(name)
    try:
        s.game.parse_action(s.state, text)
    except NotationError as exc:
        assert str(exc).strip()


# -- the specific cases ------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_non_text_actions_name_their_type(name: str) -> None:
    s = opening(name)
    before = snapshot(s)
    other = next(opening(n).legal_actions()[0] for n in NAMES if n != name)
    for value, kind in ((None, "NoneType"), (12, "int"), (["pass"], "list"),
                        (other, type(other).__name__), (Foreign(), "Foreign")):
        for call in (s.explain, s.play, s.parse):
            with pytest.raises(NotationError, match=f"not .*{kind}"):
                call(value)
    assert snapshot(s) == before


@pytest.mark.parametrize("name", NAMES)
def test_bad_time_travel_names_the_range(name: str) -> None:
    s = opening(name)
    before = snapshot(s)
    for call, value, accepted in ((s.undo, 1.5, "from 0 to 0"), (s.undo, "1", "from 0 to 0"),
                                  (s.undo, -1, "from 0 to 0"), (s.undo, True, "from 0 to 0"),
                                  (s.redo, None, "from 0 to 1"), (s.redo, 2, "from 0 to 1"),
                                  (s.goto, "x", "from 0 to 1"),
                                  (s.goto, 10**100, "from 0 to 1")):
        with pytest.raises(GaiaLabError, match=f"expected a whole number {accepted}"):
            call(value)
    assert snapshot(s) == before


@pytest.mark.parametrize("name", NAMES)
def test_bad_session_arguments_are_refused_before_anything_is_built(name: str) -> None:
    meta = gaia_lab.GAMES[name].meta
    span = (f"{meta.min_players}-{meta.max_players} players"
            if meta.min_players != meta.max_players else "1 player")
    assert meta.min_players != meta.max_players or meta.min_players == 1
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": "2"}, "players: expected a whole number"),
        ({"players": True}, "players: expected a whole number"),
        ({"players": 10**100}, f"is for {span}, not a 101-digit number"),
        ({"seed": "abc"}, r"seed: expected a whole number from 0 to 9223372036854775807"),
        ({"seed": 1.5}, "seed: expected a whole number"),
        ({"seed": True}, "seed: expected a whole number"),
        ({"seed": 10**5000}, "not a huge-digit number"),
        ({"seed": -1}, "seed: expected a whole number from 0"),
        ({"seed": 2**63}, "seed: expected a whole number from 0"),
        ({"options": "ab"}, "options must be a mapping"),
        ({"options": [("a", 1)]}, "options must be a mapping"),
        ({"options": {"colour": 1}}, "unknown option 'colour' .accepted: "),
        ({"auto": 1}, "auto: expected true or false"),
    ]
    for kwargs, message in cases:
        with pytest.raises(GaiaLabError, match=message):
            Session(name, **kwargs)


def test_seeds_in_the_bound_are_accepted() -> None:
    top = Session("animals_gathering", seed=2**63 - 1)
    assert Session.from_record(Record.from_json(top.record().to_json())).state == top.state


@pytest.mark.parametrize(("name", "options", "message"), [
    ("shapers_of_gaia", {"shapers": 5}, r"options\['shapers'\]: expected a list of texts"),
    ("shapers_of_gaia", {"behaviors": 3}, r"options\['behaviors'\]: .* or 'random'"),
    ("shapers_of_gaia", {"names": ["A", "B"]}, "unknown option 'names'"),
    ("gaia_tiki", {"advanced": "yes"}, r"options\['advanced'\]: expected true or false"),
    ("gaia_tiki", {"powers": True}, "the Powers go with the advanced rules"),
    ("gaia_project", {"setup": 5}, r"options\['setup'\]: expected a recorded setup"),
    ("gaia_project", {"setup": {"sectors": []}}, r"options\['setup'\]"),
    ("animals_gathering", {"spells": "no"}, r"options\['spells'\]: expected true or false"),
    ("animals_gathering", {"spells": 1}, r"options\['spells'\]: expected true or false"),
    ("animals_gathering", {"components": "/tmp"}, "unknown option 'components'"),
    ("animals_gathering", {"names": "Ann"}, r"options\['names'\]: expected a list of texts"),
])
def test_options_are_read_by_their_declarations(name: str, options: dict[str, Any],
                                                message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        Session(name, players=2, options=options)


def test_every_option_is_declared_with_its_type() -> None:
    for name in NAMES:
        for key, option in gaia_lab.GAMES[name].meta.options.items():
            assert option.name == key and option.description and option.expects


def test_options_round_trip_through_a_record() -> None:
    s = Session("animals_gathering", players=2, seed=5,
                options={"names": ["Ann", "Bo"], "spells": True})
    assert s.options == {"names": ("Ann", "Bo"), "spells": True}
    record = Record.from_json(s.record().to_json())
    assert record.options == {"names": ["Ann", "Bo"], "spells": True}
    assert Session.from_record(record).state == s.state
    with pytest.raises(InvalidStateError, match=r"record: options: options\['spells'\]"):
        Session.from_record(replace(record, options={"spells": "no"}))


@pytest.mark.parametrize("game", RECORDED_GAMES)
def test_a_replayed_recorded_game_saves_loads_and_replays(game: str) -> None:
    s = from_bgs(recorded_game(game))
    text = s.record().to_json()
    back = Session.from_record(Record.from_json(text))
    assert back.state == s.state
    assert back.record().to_json() == text


def test_records_refuse_unknown_keys_and_a_missing_seed() -> None:
    s = opening("animals_gathering")
    text = s.record().to_json()
    head, rest = text.split("\n", 1)
    with pytest.raises(InvalidStateError, match="unknown key.*'colour'"):
        Record.from_json(f'{head}\n  "colour": 1,\n{rest}')
    lines = text.splitlines()
    n = s.record().line_of_step(1)
    assert n is not None
    lines[n - 1] = lines[n - 1].replace("{", '{"when": 3, ', 1)
    with pytest.raises(InvalidStateError, match=f"step 2 .line {n}.: unknown key.*'when'"):
        Record.from_json("\n".join(lines))
    seedless = "\n".join(line for line in text.splitlines() if '"seed"' not in line)
    with pytest.raises(InvalidStateError, match="'seed' is missing"):
        Record.from_json(seedless)


def test_records_of_another_version() -> None:
    record = opening("animals_gathering").record()
    major, _, _ = gaia_lab.__version__.partition(".")
    with pytest.raises(InvalidStateError, match=f"gaia_lab {int(major) + 1}.0.0.*this is "
                                                f"gaia_lab {gaia_lab.__version__}"):
        Session.from_record(replace(record, version=f"{int(major) + 1}.0.0"))
    with pytest.raises(InvalidStateError, match="another major version"):
        Session.from_record(replace(record, version="nonsense"))
    with pytest.warns(RecordVersionWarning, match=f"{major}.999.0.*{gaia_lab.__version__}"):
        Session.from_record(replace(record, version=f"{major}.999.0"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Session.from_record(record)
        Session.from_record(replace(record, version=""))


def test_records_refuse_bad_fields_when_built() -> None:
    with pytest.raises(InvalidStateError, match="'seed' must be a whole number"):
        Record("animals_gathering", 2, seed=True)
    with pytest.raises(InvalidStateError, match="'options' must be JSON data"):
        Record("animals_gathering", 2, options={"x": object()})
    with pytest.raises(InvalidStateError, match="actor 7.5 is not a seat"):
        RecordStep(7.5, "pass")  # type: ignore[arg-type]


def test_shapers_of_gaia_reads_long_wild_lines_without_recursion() -> None:
    s = opening("shapers_of_gaia")
    with pytest.raises(NotationError, match="one 'wild=' word at most"):
        s.parse("intro S1 B1 " + "wild=n " * 1400)
    assert str(s.parse("intro S1 B1 wild=ne")) == "intro S1 B1 wild=ne"


@pytest.mark.parametrize("line", [
    "terrans burn " + "9" * 5000, "init " + "9" * 5000 + " x", "terrans bid terrans 1000",
    "terrans rotate 0x0 " + "7" * 30, "terrans build gf 3A1 using area1: 99999",
    "terrans spend " + "9" * 4000 + "pw for 1c",
])
def test_gaia_project_numbers_are_bounded(line: str) -> None:
    s = opening("gaia_project")
    with pytest.raises(NotationError, match=r"out of range \(0 to 999\)"):
        s.parse(line)


@pytest.mark.parametrize("name", NAMES)
def test_notation_length_is_bounded(name: str) -> None:
    s = opening(name)
    with pytest.raises(NotationError, match="at most 10,000"):
        s.parse("pass " * 2001)
    assert not s.explain("pass " * 2001).legal

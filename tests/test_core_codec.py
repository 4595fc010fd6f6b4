"""core.codec: the bounded JSON reader and the type-driven codec of frozen dataclasses."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Annotated, Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.codec import (
    Count,
    OneOf,
    Range,
    Size,
    data_problems,
    from_data,
    from_json,
    read_json,
    to_data,
    to_json,
)
from gaia_lab.core.errors import InvalidStateError
from gaia_lab.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    side: Literal["A", "B"] = "A"


@dataclass(frozen=True, slots=True)
class Seat:
    name: Annotated[str, Size(1, 10)]
    credits: Annotated[int, Range(0, 30)] = 0
    mage: Annotated[int, Range(1, 5)] | None = None
    hand: tuple[Card, ...] = ()
    pair: tuple[int, str] = (0, "")
    colour: Annotated[str, OneOf(("red", "blue"))] = "red"
    passed: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    seats: Annotated[tuple[Seat, ...], Size(1, 4)]
    rng: Rng = Rng(0)
    turn: Count = 0
    odds: Fraction = Fraction(1, 2)
    ratio: float = 0.0
    marks: Mapping[str, int] = field(default_factory=dict)
    choice: int | str = 0
    extra: Any = None


def problems(tp: Any, data: Any) -> tuple[str, ...]:
    with pytest.raises(InvalidStateError) as info:
        from_data(tp, data, "table")
    assert info.value.source == "table"
    return info.value.problems


TABLE = Table(
    seats=(Seat("ann", 3, 2, (Card("fox", "B"),), (1, "x"), "blue", True), Seat("bo")),
    rng=Rng(5, 2), turn=4, odds=Fraction(2, 3), ratio=0.5, marks={"a": 1}, choice="z",
    extra=(1, ("a", None)))


def test_every_type_round_trips() -> None:
    data = to_data(TABLE)
    assert data["rng"] == [5, 2] and data["odds"] == "2/3" and data["seats"][0]["hand"] == [
        {"name": "fox", "side": "B"}]
    assert from_data(Table, data, "table") == TABLE
    text = to_json(TABLE)
    assert text == json.dumps(data, sort_keys=True, separators=(",", ":"))
    assert from_json(Table, text, "table") == TABLE


def test_defaults_fill_missing_optional_fields() -> None:
    assert from_data(Table, {"seats": [{"name": "a"}]}, "table") == Table((Seat("a"),))


def test_bool_is_not_a_whole_number_and_whole_is_not_bool() -> None:
    assert problems(Seat, {"name": "a", "credits": True, "passed": 1}) == (
        "credits: expected a whole number, got true",
        "passed: expected true or false, got 1")


def test_float_accepts_whole_numbers() -> None:
    assert from_data(float, 2, "x") == 2.0 and isinstance(from_data(float, 2, "x"), float)
    assert problems(float, "2") == ('expected a number, got "2"',)


def test_every_problem_is_collected_with_its_path() -> None:
    data = {"seats": [{"name": "", "credits": "x", "hand": [{"side": "C"}], "pair": [1],
                       "colour": "green", "mage": 9},
                      {"nom": "b"}],
            "rng": [1], "turn": -1, "odds": "1/0", "marks": {"a b": "1"}, "choice": None,
            "zz": 1}
    assert problems(Table, data) == (
        "unknown field 'zz'",
        "seats[0].name: must hold 1 to 10 items, got 0",
        'seats[0].credits: expected a whole number, got "x"',
        "seats[0].mage: must be from 1 to 5, got 9",
        "seats[0].hand[0].name: missing",
        'seats[0].hand[0].side: expected one of "A", "B", got "C"',
        "seats[0].pair: expected a list of 2 items, got [1]",
        'seats[0].colour: must be one of "red", "blue", got "green"',
        "seats[1]: unknown field 'nom'",
        "seats[1].name: missing",
        "rng: expected [seed, draws] (whole numbers), got [1]",
        "turn: must be at least 0, got -1",
        'odds: expected a fraction such as "1/3", got "1/0"',
        'marks["a b"]: expected a whole number, got "1"',
        "choice: expected a text or a whole number, got null",
    )


def test_root_problems_and_sizes() -> None:
    assert problems(Table, 1) == ("expected an object, got 1",)
    assert problems(Table, {"seats": []}) == ("seats: must hold 1 to 4 items, got 0",)
    assert problems(tuple[int, ...], {"a": 1}) == ('expected a list, got {"a": 1}',)
    assert problems(Mapping[str, int], []) == ("expected an object, got []",)


def test_huge_numbers_are_bounded_and_shown_short() -> None:
    (problem,) = problems(Seat, {"name": "a", "credits": 10**100})
    assert problem.startswith("credits: must be from 0 to 30, got 1000000000")
    assert problem.endswith("...") and len(problem) < 90
    assert problems(Count, 10**10) == ("must be at most 1000000000, got 10000000000",)


def test_data_problems_prefix_a_path() -> None:
    assert data_problems(tuple[Literal["a"], int], ["b", 1], "pending[2]") == [
        'pending[2][0]: expected one of "a", got "b"']
    assert data_problems(tuple[Literal["a"], int], ["a", 1]) == []


def test_any_freezes_lists() -> None:
    assert from_data(Any, [1, [2, {"a": [3]}]], "x") == (1, (2, {"a": (3,)}))


def test_unsupported_types_are_a_programming_error() -> None:
    with pytest.raises(TypeError):
        from_data(set[int], [], "x")
    with pytest.raises(TypeError):
        from_data(Mapping[int, int], {}, "x")
    with pytest.raises(TypeError):
        to_data({1, 2})


def test_text_goes_through_the_bounded_reader() -> None:
    with pytest.raises(InvalidStateError, match="nested deeper than 64"):
        from_json(Table, "[" * 10_000 + "]" * 10_000, "state")
    with pytest.raises(InvalidStateError, match="digits"):
        from_json(Table, '{"turn": ' + "9" * 5000 + "}", "state")
    with pytest.raises(InvalidStateError, match="expected JSON text"):
        from_json(Table, None, "state")
    with pytest.raises(InvalidStateError, match="line 1, column 2"):
        read_json("{x", "state")


def test_threads_share_the_cached_decoders() -> None:
    @dataclass(frozen=True)
    class Fresh:
        a: int
        b: tuple[str, ...] = ()

    errors: list[BaseException] = []

    def work() -> None:
        try:
            for i in range(200):
                assert from_data(Fresh, {"a": i, "b": ["x"]}, "x") == Fresh(i, ("x",))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=15)


def _any_input(data: Any) -> None:
    try:
        value = from_data(Table, data, "table")
    except InvalidStateError as exc:
        assert exc.problems
    else:
        assert from_data(Table, to_data(value), "table") == value


@settings(max_examples=100)
@given(json_values)
def test_any_json_is_a_value_or_a_listed_refusal(data: Any) -> None:
    _any_input(data)


@pytest.mark.slow
@settings(max_examples=2000)
@given(json_values)
def test_any_json_is_a_value_or_a_listed_refusal_many(data: Any) -> None:
    _any_input(data)

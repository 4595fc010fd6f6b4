"""Black Rose Wars Paths: the cards, placing, advancing, End Points and the end boxes."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lab.core.errors import IllegalActionError, InvalidStateError
from gaia_lab.games.black_rose_wars import paths
from gaia_lab.games.black_rose_wars.paths import (
    Happening,
    PathRow,
    Spot,
    advance,
    explain_advance,
    explain_quest_swap,
    load_paths,
    matches,
    next_spots,
    place,
    score,
    start_row,
)

CARDS = load_paths()


def test_the_box_holds_6_start_cards_and_24_path_cards_all_reconstructed() -> None:
    assert len(CARDS.starts) == 6 and len(CARDS.cards) == 24
    origins = [c.origin for c in CARDS.starts.values()] + [c.origin for c in CARDS.cards.values()]
    for origin in origins:
        assert origin.provenance == "reconstructed" and origin.note
    # the one printed Advance Condition: a Path Start card reading "you gain 1 Power Point"
    assert CARDS.starts["start_1"].condition.kind == "gain_power"
    assert CARDS.starts["start_1"].origin.rulebook_fields == ("condition",)


def test_every_card_can_follow_some_card_and_be_followed() -> None:
    ids = [*CARDS.starts, *CARDS.cards]
    for card in CARDS.cards:
        assert any(matches(CARDS, left, card) for left in ids if left != card)
    for left in ids:
        assert any(matches(CARDS, left, card) for card in CARDS.cards if card != left)


def test_rulebook_example_gaining_a_card_by_advancing() -> None:
    row = PathRow("start_1", ("start_1", "path_01"))
    moved = advance(CARDS, row, Spot(1, "m1"), Happening("gain_power"))
    assert moved.draws_card and moved.row.marker == Spot(1, "m1")
    offer = ("path_03", "path_05", "path_07")
    deck: tuple[str, ...] = ("path_10",)
    assert [matches(CARDS, "path_01", c) for c in offer] == [False, True, False]
    row, deck = place(CARDS, moved.row, offer, "path_05", bottom=("path_07", "path_03"),
                      deck=deck, how="advance")
    assert row.cards == ("start_1", "path_01", "path_05")
    assert deck == ("path_10", "path_07", "path_03")


def test_rulebook_example_gaining_a_card_instead_of_a_quest() -> None:
    row = PathRow("start_1", ("start_1", "path_01"))
    assert explain_quest_swap(row, ("path_02",))
    row, deck = place(CARDS, row, ("path_02", "path_03", "path_04"), "path_02",
                      bottom=("path_04", "path_03"), deck=(), how="quest")
    assert row.cards[-1] == "path_02" and row.marker == Spot(0, "start")


def test_moving_within_a_card_draws_nothing_and_an_effect_passage_offers_its_effect() -> None:
    row = PathRow("start_1", ("start_1", "path_01", "path_02"), Spot(1, "m1"))
    moved = advance(CARDS, row, Spot(1, "m2"), Happening("defeat_model"))
    assert not moved.draws_card
    assert moved.effect == CARDS.cards["path_01"].effect


def test_rulebook_results_complete_plus_2_and_incomplete_minus_6() -> None:
    row = PathRow("start_1", ("start_1", "path_01", "path_02"), Spot(2, "m1"))
    done = advance(CARDS, row, Spot(2, "m2"), Happening("rebuild_room"))
    assert done.row.complete and done.avatar_power == CARDS.cards["path_02"].end_power
    assert score(CARDS, done.row).points == 2
    open_row = PathRow("start_1", ("start_1", "path_01", "path_02", "path_03"), Spot(2, "b2"))
    assert score(CARDS, open_row).points == -6


def test_a_complete_path_counts_only_the_marker_card_and_those_left_of_it() -> None:
    row = PathRow("start_1", ("start_1", "path_01", "path_05"), Spot(1, "t2"), complete=True)
    assert score(CARDS, row).boxes == (("path_01", 1),)


def test_after_an_end_point_no_advance_and_no_card() -> None:
    row = PathRow("start_1", ("start_1", "path_01"), Spot(1, "t2"), complete=True)
    assert next_spots(CARDS, row) == ()
    verdict = explain_advance(CARDS, row, Spot(1, "m2"))
    assert verdict.code == "paths.complete" and verdict.rule is not None
    assert verdict.rule.id == "brw.paths.end_point_locked"
    assert explain_quest_swap(row, ("path_02",)).code == "paths.complete"
    with pytest.raises(IllegalActionError, match="complete"):
        place(CARDS, row, ("path_02",), "path_02", bottom=(), deck=())


def test_refusals_name_the_numbers_and_rule() -> None:
    row = start_row("start_1")
    with pytest.raises(IllegalActionError) as info:
        place(CARDS, row, ("path_01", "path_03"), "path_02", bottom=(), deck=())
    assert info.value.verdict.code == "paths.not_offered"
    with pytest.raises(IllegalActionError, match=r"path_01 matches start_1"):
        place(CARDS, row, ("path_01", "path_03"), None, bottom=("path_01", "path_03"), deck=())
    with pytest.raises(IllegalActionError, match="must be path_03"):
        place(CARDS, row, ("path_01", "path_03"), "path_01", bottom=(), deck=())
    row = PathRow("start_1", ("start_1", "path_01"))
    verdict = explain_advance(CARDS, row, Spot(1, "m2"), Happening("gain_power"))
    assert verdict.code == "paths.not_next" and "1:m1" in verdict.message
    assert explain_advance(CARDS, row, Spot(1, "m1"), Happening("enter_room")).code == (
        "paths.condition")


def test_a_draw_without_a_match_keeps_nothing() -> None:
    row, deck = place(CARDS, start_row("start_1"), ("path_03", "path_04"), None,
                      bottom=("path_04", "path_03"), deck=("path_09",))
    assert row.cards == ("start_1",) and deck == ("path_09", "path_04", "path_03")


def test_a_bad_data_file_is_refused_with_its_field() -> None:
    data = json.loads(paths.DATA.read_text(encoding="utf-8"))
    data["cards"][0]["tracks"].append(["m1", "zz"])
    data["cards"][1]["passages"]["x9"] = "end"
    text = json.dumps(data, indent=1)
    with pytest.raises(InvalidStateError) as info:
        paths.paths_from_text(text)
    problems = "\n".join(info.value.problems)
    assert "path_01" in problems and "'zz' is no Passage" in problems
    assert "2 End Points" in problems and "no track reaches x9" in problems


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_random_walks_stay_on_tracks_and_score_within_the_boxes(seed: int) -> None:
    rnd = random.Random(seed)
    deck = list(CARDS.cards)
    rnd.shuffle(deck)
    row = start_row(rnd.choice(sorted(CARDS.starts)))
    row, rest = place_first(row, tuple(deck), rnd)
    for _ in range(30):
        spots = next_spots(CARDS, row)
        if not spots:
            break
        moved = advance(CARDS, row, rnd.choice(spots))
        row = moved.row
        if moved.draws_card and rest:
            row, rest = place_first(row, rest, rnd)
    result = score(CARDS, row)
    if row.complete:
        assert 0 <= result.points <= 9 * (len(row.cards) - 1)
    else:
        assert -9 * (len(row.cards) - 1) <= result.points <= 0
    assert len(rest) + len(row.cards) - 1 == 24


def place_first(row: PathRow, deck: tuple[str, ...], rnd: random.Random
                ) -> tuple[PathRow, tuple[str, ...]]:
    offer, rest = paths.draw(deck)
    fitting = [c for c in offer if matches(CARDS, row.last, c)]
    chosen = rnd.choice(fitting) if fitting else None
    left = [c for c in offer if c != chosen]
    return place(CARDS, row, offer, chosen, bottom=paths.shuffle_under(left, rnd), deck=rest)


def test_the_modules_rules_are_in_the_games_rulebook() -> None:
    from gaia_lab.games.black_rose_wars.parts_rules import PARTS_RULES
    from gaia_lab.games.black_rose_wars.rulebook import RULES, is_reconstructed

    assert all(RULES[r.id] is r for r in PARTS_RULES)
    assert is_reconstructed(RULES["brw.core.quest"])


def test_every_path_start_card_advances_on_gaining_a_power_point() -> None:
    cards = load_paths()
    assert {c.condition.kind for c in cards.starts.values()} == {"gain_power"}
    assert all("condition" in c.origin.rulebook_fields for c in cards.starts.values())
    data = json.loads(paths.DATA.read_text(encoding="utf-8"))
    data["start_cards"][1]["condition"] = {"kind": "defeat_model"}
    with pytest.raises(InvalidStateError, match="brw.paths.start_condition"):
        paths.paths_from_text(json.dumps(data))

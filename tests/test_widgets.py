"""The Explorer and the Walkthrough, driven without a kernel or a browser.

Buttons are pressed with ``Button.click()``, the offered actions with the action
panel's browser messages (``Explorer.press``), board clicks through the board's
browser-message hook (``BoardCanvas.receive``), and drawings are counted by the
board's scene versions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import gaia_lab
from gaia_lab import render
from gaia_lab.core.example import Example
from gaia_lab.core.session import Session
from gaia_lab.render.shapes import Rect, Scene, Text
from gaia_lab.widgets import Explorer, Walkthrough, _common

GAME = "animals_gathering"


def fake_scene(state: Any, highlight: Iterable[str] = (), width: int = 900) -> Scene:
    """A stand-in board ``width`` px wide: one box per id the legal actions (or the
    highlight) concern."""
    game = gaia_lab.GAMES[GAME]
    ids: dict[str, None] = {}
    if not game.is_over(state):
        for action in game.legal_actions(state):
            for target in game.action_targets(state, action):
                ids.setdefault(target)
    lit = set(highlight)
    for target in highlight:
        ids.setdefault(target)
    items: list[Any] = []
    for n, id in enumerate(sorted(ids)):
        x, y = 10 + (n % 4) * 110, 10 + (n // 4) * 40
        fill = "#ffe08a" if id in lit else "#eeeeee"
        items.append(Rect(x, y, 100, 30, fill=fill, stroke="#333333", id=id))
        items.append(Text(x + 50, y + 15, id, size=9, anchor="middle", baseline="middle", id=id))
    rows = max(1, (len(ids) + 3) // 4)
    return Scene(width, 20 + rows * 40, tuple(items), background="#ffffff")


@pytest.fixture
def board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Draw the stand-in board (the game's own layout may not exist yet)."""
    monkeypatch.setattr(render, "scene", fake_scene, raising=False)


def new_session(seed: int = 1) -> Session:
    return gaia_lab.Session(GAME, players=3, seed=seed)


def snapshot(session: Session) -> tuple[int, Any, int]:
    return (len(session.history), session.state, len(session._redo))


def centre(scene: Scene | None, id: str) -> tuple[float, float]:
    assert scene is not None
    item = scene.find(id)
    assert item is not None, f"{id} is not on the board"
    x0, y0, x1, y1 = item.bounds()
    return (x0 + x1) / 2, (y0 + y1) / 2


def press(explorer: Explorer, x: float, y: float, version: int | None = None) -> bool:
    """A click on the board at (x, y), made on the picture ``version`` (default: on show)."""
    board = explorer.board
    return board.receive({"event": "click", "x": x, "y": y,
                          "version": board.version if version is None else version})


def session_with_shared_target(seed: int = 0) -> tuple[Session, str]:
    """A session at a decision where one board id is the target of several actions."""
    session = new_session()
    rng = random.Random(seed)
    while not session.is_over():
        state = session.state
        actions = session.legal_actions()
        counts = Counter(
            t for a in actions for t in set(session.game.action_targets(state, a))
        )
        shared = sorted(t for t, n in counts.items() if n > 1)
        if shared:
            return session, shared[0]
        session.play(rng.choice(actions))
    pytest.skip("no decision with a shared target in this playout")


# -- Explorer ------------------------------------------------------------------------


def test_shows_the_legal_actions_as_buttons(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    legal = [str(a) for a in session.legal_actions()]
    assert explorer.offered == legal
    actor = session.actor
    assert isinstance(actor, int)
    assert explorer.status.value.startswith(f"<b>{session.names[actor]}</b> to act")
    pending = session.pending
    assert pending is not None
    assert f" to act — {pending.text} " in explorer.status.value
    assert "#rule-ag-setup-keep\"" in explorer.status.value  # a link to the rule's section
    assert f"</small> — {len(legal)} legal moves: keep" in explorer.status.value
    assert "[ag." not in explorer.status.value  # no bracketed ids for the learner
    assert explorer.undo_button.disabled and explorer.redo_button.disabled
    assert "<table" in explorer.score_html.value
    assert "animals_gathering.html#rule-ag-setup-deal" in explorer.log_html.value
    assert repr(explorer) == "Explorer(animals_gathering, players=3, seed=1)"
    bundle = explorer._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(explorer)
    assert "application/vnd.jupyter.widget-view+json" in data


def test_clicking_a_button_plays_it(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    notation = explorer.offered[1]
    explorer.press(notation)
    assert session.decisions == 1
    assert [p.notation for p in session.history if p.is_decision] == [notation]
    assert f"Played {notation}" in explorer.message.value
    assert not explorer.undo_button.disabled
    # the buttons now offer the next decision
    assert explorer.offered == [str(a) for a in session.legal_actions()]
    # the first event of the decision is in bold at the top of the log
    assert explorer.log_html.value.startswith('<ul style="margin:0;padding-left:1.2em"><li style')


def test_undo_redo_buttons_and_slider(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    for _ in range(3):
        explorer.press(explorer.offered[0])
    assert session.decisions == 3
    after = session.state
    explorer.undo_button.click()
    assert session.decisions == 2
    assert not explorer.redo_button.disabled
    # the slider counts decisions as the status does: now at decision 3 of 4
    assert explorer.slider.value == 3 and explorer.slider.max == 4
    assert "(decision 3)" in explorer.status.value
    explorer.redo_button.click()
    assert session.decisions == 3 and session.state == after
    assert explorer.redo_button.disabled
    explorer.slider.value = 2  # moving the slider jumps there
    assert session.decisions == 1 and session.length == 3
    assert "At decision 2 now" in explorer.message.value
    assert "(decision 2)" in explorer.status.value
    explorer.slider.value = 4
    assert session.state == after
    explorer.redo_button.click()  # nothing to redo: reported, nothing changes
    assert session.state == after


def test_why_not_with_an_illegal_move(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    before = snapshot(session)
    text = "keep zzz"
    verdict = session.explain(text)
    assert not verdict.legal and verdict.rule is not None
    explorer.why_text.value = text
    explorer.why_button.click()
    html = explorer.why_result.value
    assert "not legal now" in html and verdict.code in html.split("<details")[1]
    assert verdict.code not in html.split("<details")[0]  # the code only in the detail
    assert "#rule-" + verdict.rule.id.replace(".", "-") in html
    assert snapshot(session) == before
    # playing it from the box changes nothing either, and says why
    explorer.play_text_button.click()
    assert snapshot(session) == before
    assert verdict.code in explorer.message.value and "Not played" in explorer.message.value


def test_why_not_with_unreadable_text(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    before = snapshot(session)
    explorer.why("fly away with the fox")
    verdict = session.explain("fly away with the fox")
    assert verdict.code == "notation.unreadable"
    assert "notation.unreadable" in explorer.why_result.value.split("<details")[1]
    assert "unknown verb" in explorer.why_result.value
    explorer.why("   ")
    assert "Type a move" in explorer.why_result.value
    explorer.play("fly away")
    assert "Not played" in explorer.message.value
    assert snapshot(session) == before


def test_why_not_with_a_legal_move_then_play_it(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    text = str(session.legal_actions()[0])
    explorer.why_text.value = text  # as Enter in the box sends it: answered at once
    assert ">legal</b>" in explorer.why_result.value
    explorer.why_result.value = ""
    explorer.why_button.click()
    assert ">legal</b>" in explorer.why_result.value
    assert session.decisions == 0
    explorer.play_text_button.click()
    assert session.decisions == 1
    explorer.play_text_button.click()  # a double-click does not play the text again
    assert session.decisions == 1
    assert "was just played" in explorer.message.value


def test_board_click_plays_the_one_matching_action(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    first = session.legal_actions()[0]
    targets = session.game.action_targets(session.state, first)
    card = next(t for t in targets if t.startswith("card:"))
    explorer.click(card)
    assert session.decisions == 1
    assert [p.notation for p in session.history if p.is_decision] == [str(first)]


def test_board_click_off_target_changes_nothing(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    before = snapshot(session)
    explorer.click("card:no_such_card")
    assert "Nothing can be played on card no such card now" in explorer.message.value
    explorer.click(None)
    assert "Nothing to pick" in explorer.message.value
    assert snapshot(session) == before


def test_real_canvas_click_path(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    action = session.legal_actions()[-1]
    target = session.game.action_targets(session.state, action)[0]
    x, y = centre(explorer.board.scene, target)
    assert explorer.board.scene is not None and explorer.board.scene.hit(x, y) == target
    press(explorer, x, y)
    assert session.decisions == 1
    decisions = [p for p in session.history if p.is_decision]
    assert decisions[0].notation == str(action)
    press(explorer, 10_000, 10_000)  # off the board
    assert session.decisions == 1


def test_a_click_on_an_older_picture_plays_nothing(board: None) -> None:
    """A double-click: the second press was made on the board of the decision before."""
    session = new_session()
    explorer = Explorer(session)
    action = session.legal_actions()[0]
    target = session.game.action_targets(session.state, action)[0]
    x, y = centre(explorer.board.scene, target)
    shown = explorer.board.version
    assert press(explorer, x, y, shown)
    assert session.decisions == 1
    for _ in range(10):  # a burst of clicks made on that same picture
        assert not press(explorer, x, y, shown)
    assert session.decisions == 1


def test_a_press_on_an_older_offer_plays_nothing(board: None) -> None:
    """A burst of ten presses of the first button plays only the first decision's move."""
    session = new_session()
    explorer = Explorer(session)
    panel = explorer.actions
    offer = panel.version
    index, label = panel.offered()[0]
    for _ in range(10):
        panel.receive({"event": "play", "index": index, "version": offer})
    assert [p.notation for p in session.history if p.is_decision] == [label]
    assert panel.version > offer

def test_board_click_with_several_matches_narrows_the_list(board: None) -> None:
    session, shared = session_with_shared_target()
    explorer = Explorer(session)
    state = session.state
    matching = [str(a) for a in session.legal_actions()
                if shared in session.game.action_targets(state, a)]
    before = snapshot(session)
    explorer.click(shared)
    assert snapshot(session) == before
    selection = explorer.selection
    assert selection is not None and selection[0] == shared
    assert [str(a) for a in selection[1]] == matching
    assert explorer.offered == matching
    name = explorer.target_label(shared)
    assert f"{len(matching)} moves concern {name}" in explorer.message.value
    assert explorer.actions.offer["clear"] == "show all moves"
    explorer.actions.receive({"event": "clear", "version": explorer.actions.version})
    assert explorer.selection is None
    assert len(explorer.offered) == len(session.legal_actions())
    explorer.click(shared)
    explorer.press(explorer.offered[-1])
    assert snapshot(session) != before
    assert [p for p in session.history if p.is_decision][-1].notation == matching[-1]
    assert explorer.selection is None


def test_one_drawing_per_refresh(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    assert explorer.board.version == 1
    explorer.press(explorer.offered[0])
    assert explorer.board.version == 2
    explorer.refresh()
    assert explorer.board.version == 3
    explorer.why("keep zzz")  # explaining redraws nothing
    explorer.play("keep zzz")  # nor does a failed move
    explorer.click("card:no_such_card")
    assert explorer.board.version == 3
    explorer.undo_button.click()
    assert explorer.board.version == 4


def test_the_keyboard_walks_the_targets_and_picks_one(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    walk = explorer.board.targets
    lit = {t for a in session.legal_actions() for t in session.game.action_targets(
        session.state, a)}
    assert {id for id, _ in walk} == lit and all(label for _, label in walk)
    assert "to act" in explorer.board.canvas.description
    id, label = walk[0]
    assert str(session.legal_actions()[0]) in label
    assert explorer.board.receive({"event": "pick", "id": id,
                                   "version": explorer.board.version})
    assert session.decisions == 1


def test_a_repeated_message_reads_as_new(board: None) -> None:
    explorer = Explorer(new_session())
    explorer.click(None)
    first = explorer.message.value
    explorer.click(None)
    assert explorer.message.value != first and "(again)" in explorer.message.value
    assert 'class="gaia-new"' in explorer.message.value


def test_highlight_is_the_targets_of_the_actions_on_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, ...]] = []

    def spy(state: Any, highlight: Iterable[str] = (), width: int = 900) -> Scene:
        seen.append(tuple(highlight))
        return fake_scene(state, highlight, width)

    monkeypatch.setattr(render, "scene", spy, raising=False)
    session = new_session()
    Explorer(session)
    expected = {t for a in session.legal_actions()
                for t in session.game.action_targets(session.state, a)}
    assert set(seen[-1]) == expected and expected


def test_many_actions_of_one_verb_use_a_dropdown(board: None) -> None:
    session = new_session()
    explorer = Explorer(session, group_limit=1)
    groups = explorer.actions.offer["groups"]
    assert [g["menu"] for g in groups] == [True]
    labels = explorer.offered
    assert labels == [str(a) for a in session.legal_actions()]
    explorer.press(labels[-1])
    assert [p for p in session.history if p.is_decision][0].notation == labels[-1]


def test_status_says_what_is_pending_and_cites_its_rule(board: None) -> None:
    session = gaia_lab.Session(GAME, players=2, seed=1,
                               options={"names": ["<i>Ada</i>", "Bo & Cy"]})
    status = Explorer(session).status.value
    name = session.names[session.actor]
    shown = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert status.startswith(f"<b>{shown}</b> to act — {shown} keeps one of the three "
                             f'dealt cards <small style="color:{_common.GREY}" title="')
    assert "#rule-ag-setup-keep" in status and "— 3 legal moves: keep " in status
    assert "<i>" not in status
    assert status.endswith("(decision 1)</span>")


def test_status_of_a_step_pending_and_of_a_game_without_flow(board: None) -> None:
    session = gaia_lab.Session(GAME, players=2, seed=1, auto=False)
    status = Explorer(session).status.value
    assert status.startswith("<b>Chance</b> to act — the Mage Cards are dealt ")
    assert "#rule-ag-setup-mages" in status and "— 20 legal moves: mages " in status
    from dicegame import PIG

    pig = Explorer(Session(PIG, players=2, seed=0))
    assert PIG.flow is None or pig.session.pending is not None
    assert pig.status.value.startswith("<b>P1</b> to act — ")


def test_auto_play_is_seeded_and_reaches_the_end(board: None) -> None:
    one, two = new_session(), new_session()
    a, b = Explorer(one, seed=5), Explorer(two, seed=5)
    a.auto_count.value = 7
    a.auto_button.click()
    b.auto_play(7)
    assert one.decisions == 7
    assert [p.notation for p in one.history] == [p.notation for p in two.history]
    a.auto_play(100_000)
    assert one.is_over()
    assert a.status.value.startswith("<b>Game over</b> — winners: ")
    assert a.offered == []
    a.click("card:fox")
    assert "The game is over" in a.message.value


def test_a_session_changed_elsewhere_is_picked_up(board: None) -> None:
    session = new_session()
    explorer = Explorer(session)
    stale = explorer.offered[0]
    session.play(session.legal_actions()[0])  # behind the Explorer's back
    explorer.press(stale)  # the button was for the old decision: nothing is played blindly
    assert session.decisions == 1
    assert "pick the action again" in explorer.message.value
    assert explorer.offered == [str(a) for a in session.legal_actions()]


def test_a_missing_or_broken_board_layout_shows_a_placeholder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(state: Any, highlight: Iterable[str] = (), width: int = 900) -> Scene:
        raise NotImplementedError("no layout")

    monkeypatch.setattr(render, "scene", broken, raising=False)
    session = new_session()
    explorer = Explorer(session)
    scene = explorer.board.scene
    assert scene is not None and scene.ids() == []
    assert any("no layout" in getattr(i, "text", "") for i in scene.items)
    explorer.press(explorer.offered[0])
    assert session.decisions == 1
    placeholder = _common.board_scene(session)  # the real lookup, whatever it finds
    assert isinstance(placeholder, Scene)


def test_with_the_games_own_board() -> None:
    draw = getattr(render, "scene", None)
    if not callable(draw) or isinstance(draw, type(render)):
        pytest.skip("the game's board layout is not there yet")
    session = new_session()
    explorer = Explorer(session)
    scene = explorer.board.scene
    assert scene is not None
    action = next(
        (a for a in session.legal_actions()
         if any(scene.find(t) for t in session.game.action_targets(session.state, a))),
        None,
    )
    assert action is not None, "no legal action has a target on the board"
    target = next(
        t for t in session.game.action_targets(session.state, action) if scene.find(t)
    )
    matching = [a for a in session.legal_actions()
                if target in session.game.action_targets(session.state, a)]
    x, y = centre(scene, target)
    if scene.hit(x, y) != target:
        pytest.skip(f"the centre of {target} is covered by {scene.hit(x, y)}")
    press(explorer, x, y)
    if len(matching) == 1:
        assert session.decisions == 1
    else:
        assert explorer.selection is not None


def test_the_board_is_drawn_at_the_width_its_view_reports(board: None) -> None:
    explorer = Explorer(new_session())
    assert explorer.board.scene is not None and explorer.board.scene.width == 900
    version = explorer.board.version
    explorer.board.canvas.room = 1366  # the view says how wide it is shown
    assert explorer.board.scene.width == 1366 and explorer.board.version == version + 1
    explorer.board.canvas.room = 1366
    assert explorer.board.version == version + 1  # the same width: no new drawing
    explorer.board.canvas.room = 100  # narrower than any board is drawn: scaled down
    assert explorer.board.scene.width == 480


def test_every_board_is_drawn_at_the_width_asked() -> None:
    for name in gaia_lab.GAMES:
        session = gaia_lab.Session(name, seed=1)
        for width in (480, 905, 1366):
            scene = _common.board_scene(session, (), width)
            if name != "shapers_of_gaia" or width >= 900:  # its hex map needs 900 px
                assert scene.width == width, (name, width)


# -- Walkthrough ---------------------------------------------------------------------


@pytest.fixture
def milo() -> Example:
    examples = gaia_lab.examples(GAME)
    return next(e for e in examples if "milo" in e.id)


def test_walkthrough_next_and_previous(board: None, milo: Example) -> None:
    walk = Walkthrough(milo)
    n = len(milo.steps)
    assert len(walk) == n and walk.index == 0
    assert walk.prev_button.disabled and not walk.next_button.disabled
    assert "Start" in walk.html.value and walk.board.version == 1
    for i in range(1, n + 1):
        walk.next_button.click()
        assert walk.index == i and walk.slider.value == i
        assert walk.html.value == walk.step_html(i)
        assert f"Step {i} of {n}" in walk.html.value
        assert walk.board.scene == fake_scene(walk.session(i).state, walk.highlight(i))
    assert walk.board.version == n + 1  # one drawing per step
    assert walk.next_button.disabled
    walk.next_button.click()
    assert walk.index == n
    walk.prev_button.click()
    assert walk.index == n - 1
    walk.board.canvas.room = 700  # the view is 700 px wide: the same step, redrawn
    assert walk.index == n - 1 and walk.board.scene is not None
    assert walk.board.scene.width == 700
    walk.slider.value = 2
    assert walk.index == 2 and "Step 2 of" in walk.html.value
    assert repr(walk) == f"Walkthrough({milo.id}, {n} steps)"


def test_walkthrough_checkpoints_all_hold(board: None, milo: Example) -> None:
    walk = Walkthrough(milo)
    assert walk.ok
    for i, (step, result) in enumerate(zip(milo.steps, walk.results, strict=True), start=1):
        html = walk.step_html(i)
        assert html.count("✓") == len(step.checkpoints) > 0
        assert "✗" not in html
        for action in step.play:
            assert f"<code>{action}</code>" in html
        if step.rule is not None:
            assert _common.rule_url(step.rule, GAME) in html
        for cp, _, actual in result.checks:
            assert cp.label.replace("'", "&#x27;") in html
            assert repr(actual).replace("'", "&#x27;") in html
        assert "<b>Events:</b>" in html
    # the events of a step are the new ones only
    first_new = walk.results[0].session.events[len(walk.start.events):]
    assert first_new and first_new[0].text.replace("'", "&#x27;") in walk.step_html(1)
    with pytest.raises(IndexError):
        walk.step_html(len(milo.steps) + 1)


def test_walkthrough_highlights_the_steps_targets(board: None, milo: Example) -> None:
    walk = Walkthrough(milo)
    assert walk.highlight(0) == []
    assert any(walk.highlight(i) for i in range(1, len(walk) + 1))


def test_two_clicks_narrow_to_one_action() -> None:
    from gaia_lab.widgets import Explorer

    session = gaia_lab.Session("shapers_of_gaia", players=2, seed=3)
    explorer = Explorer(session)
    game = session.game
    intros = [a for a in session.legal_actions() if a.verb == "intro"]
    assert intros, "an opening turn offers introductions"
    first, second = game.action_targets(session.state, intros[0])[:2]
    before = session.decisions
    explorer.click(first)
    assert explorer.selection is not None and session.decisions == before
    explorer.click(second)
    sharing = [a for a in intros if {first, second} <= set(game.action_targets(session.state, a))]
    if len(sharing) == 1:
        assert session.decisions == before + 1
    else:
        assert explorer.selection is not None
        assert len(explorer.selection[1]) == len(sharing)


@pytest.mark.parametrize("name", ["animals_gathering", "shapers_of_gaia", "gaia_project",
                                  "gaia_tiki", "black_rose_wars"])
def test_one_name_per_player_in_status_score_and_board(board: None, name: str) -> None:
    # the score table names the players as the status line does (Gaia Project's seats
    # are p1, p2... until their factions are chosen, then the factions)
    s = gaia_lab.Session(name, players=2, seed=1)
    ex = Explorer(s)
    actor = s.actor
    assert isinstance(actor, int) and f"<b>{s.names[actor]}</b> to act" in ex.status.value
    for player in s.names:
        assert f">{player}<" in ex.score_html.value


def test_a_step_lists_the_legal_actions_once_and_a_selection_not_at_all(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the game's own board: target names come from its titles, read in one pass
    session = gaia_lab.Session("gaia_project", players=2, seed=1)
    explorer = Explorer(session)
    calls: list[int] = []
    real = Session.legal_actions

    def counted(self: Session) -> list[Any]:
        calls.append(1)
        return real(self)

    monkeypatch.setattr(Session, "legal_actions", counted)
    def shared_targets() -> list[str]:
        state, game = session.state, session.game
        concern = Counter(t for a in explorer.legal for t in game.action_targets(state, a))
        return [id for id, _ in explorer.board.targets if concern[id] > 1]

    for presses in range(1, 60):  # to a decision where a board target has several moves
        explorer.press(explorer.offered[-1])
        assert len(calls) == presses
        if shared_targets():
            break
    calls.clear()
    scene = explorer.board.scene
    assert scene is not None
    lit = [t for t in explorer.board.targets]
    assert lit and all(label.startswith(explorer.target_label(id) + ": ")
                       for id, label in lit)
    for id, _ in lit:
        item = scene.find(id)
        assert item is not None
        assert explorer.target_label(id) == (item.title.split("\n")[0] if item.title
                                             else id.replace(":", " ").replace("_", " "))
    # a click that narrows the list, and showing all again, redraw the decision only
    shared = shared_targets()[0]
    log = explorer.log_html.value
    explorer.click(shared)
    assert explorer.selection is not None and not calls
    explorer.clear_selection()
    assert explorer.selection is None and not calls
    assert explorer.log_html.value == log


def test_event_lines_are_built_once() -> None:
    from gaia_lab.core.events import Event

    event = Event("x", "A < B", None)
    first = _common.events_html([event])
    assert "A &lt; B" in first and _common.events_html([event]) == first
    assert _common._event_remembered.cache_info().hits >= 1
    listed = Event("x", "listed", None, delta=[("P1.total", 1)])  # type: ignore[arg-type]
    assert "listed" in _common.events_html([listed])  # an unhashable event is drawn too


@pytest.mark.parametrize("name", ["animals_gathering", "shapers_of_gaia", "gaia_project",
                                  "gaia_tiki", "black_rose_wars"])
def test_live_charts_follow_the_game_while_their_panel_is_open(name: str) -> None:
    from gaia_lab.render import charts

    session = gaia_lab.Session(name, players=2, seed=3)
    explorer = Explorer(session)
    assert explorer.charts.selected_index is None and explorer.charts_html.value == ""
    rng = random.Random(0)
    for _ in range(6):
        explorer.press(explorer.offered[rng.randrange(len(explorer.offered))])
    assert explorer.charts_html.value == ""  # closed: never drawn
    explorer.charts.selected_index = 0
    html = explorer.charts_html.value
    by = charts.categories_of(name)
    history = charts.score_history(session, by)
    expected = charts.score_chart(history, title="Points after each decision", width=380,
                                  height=230).to_svg()
    assert expected.split(">", 1)[1] in html  # the chart of the game's own breakdowns
    assert "Points now, by category" in html and html.count("<svg") == 2
    for player in session.names:
        assert f'id="series:{player}"' in html
    assert f"after {session.decisions} decisions" in html
    # a move redraws the open panel; undo too
    explorer.press(explorer.offered[0])
    assert f"after {session.decisions} decisions" in explorer.charts_html.value
    explorer.undo()
    assert f"after {session.decisions} decisions" in explorer.charts_html.value
    # closed again: a move leaves the charts as they were, opening draws them anew
    explorer.charts.selected_index = None
    shown = explorer.charts_html.value
    explorer.press(explorer.offered[0])
    assert explorer.charts_html.value == shown
    explorer.charts.selected_index = 0
    assert f"after {session.decisions} decisions" in explorer.charts_html.value


def test_charts_count_each_state_once(board: None, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session()
    explorer = Explorer(session)
    explorer.charts.selected_index = 0
    counted: list[int] = []
    game = session.game
    real = type(game).score_breakdown

    def counting(self: Any, state: Any) -> Any:
        counted.append(1)
        return real(self, state)

    monkeypatch.setattr(type(game), "score_breakdown", counting)
    for _ in range(5):
        before = len(session.history)
        explorer.press(explorer.offered[0])
        new_states = len(session.history) - before
        assert 1 <= len(counted) <= new_states  # the new states only, not the whole game
        counted.clear()


def test_buttons_name_their_board_elements_and_menus_carry_no_hover_text() -> None:
    session = gaia_lab.Session("gaia_project", players=2, seed=1)
    explorer = Explorer(session, group_limit=3)
    rng = random.Random(1)
    menus = buttons = 0
    for _ in range(40):
        state, game = session.state, session.game
        for group in explorer.actions.offer["groups"]:
            for index, _label, title in group["actions"]:
                targets = game.action_targets(state, explorer.legal[index])
                if group["menu"]:
                    menus += 1
                    assert title == ""
                elif targets:
                    buttons += 1
                    names = ", ".join(explorer.target_label(t) for t in targets)
                    assert title == f"on the board: {names}"
        explorer.press(explorer.offered[rng.randrange(len(explorer.offered))])
    assert menus and buttons

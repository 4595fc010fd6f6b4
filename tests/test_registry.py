"""The game registry: registration, lazy loading, duplicates, outside games, errors."""

from __future__ import annotations

import ast
import doctest
import json
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import dicegame
import pytest
from dicegame import EXAMPLES, PIG, PigGame, PigState, board

import gaia_lab
from gaia_lab import render
from gaia_lab.core import registry
from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.example import Example
from gaia_lab.core.registry import (
    GAMES,
    NoLayoutError,
    RegistryError,
    UnknownGameError,
    register_game,
    registration,
    unregister_game,
)
from gaia_lab.render.shapes import Scene
from gaia_lab.widgets import _common

T = TypeVar("T", bound=PigState)
ROOT = Path(__file__).resolve().parent.parent
BUILT_IN = ["animals_gathering", "black_rose_wars", "black_rose_wars_hunt", "gaia_project",
            "gaia_tiki",
            "shapers_of_gaia"]


class LazyPig(PigGame):
    """Pig under another name, registered lazily by reference in these tests."""

    meta = replace(PigGame.meta, name="registry_lazy_pig", title="Lazy Pig")


class PlainState(PigState):
    """The states of Plain Pig: Pig's, by a type of their own."""

    __slots__ = ()


class PlainPig(PigGame):
    """Pig under another name with states of its own type, registered with no layout and
    no examples."""

    meta = replace(PigGame.meta, name="registry_plain_pig", title="Plain Pig")

    def new_initial_state(self, players: int, seed: int = 0,
                          options: Mapping[str, Any] | None = None) -> PigState:
        return as_type(PlainState, super().new_initial_state(players, seed, options))


def as_type(cls: type[T], state: PigState) -> T:
    """``state`` as an instance of the PigState subclass ``cls``."""
    return cls(*(getattr(state, f) for f in PigState.__dataclass_fields__))


class LazyState(PigState):
    """The states of the lazily registered Pig (a PigState by another type)."""

    __slots__ = ()


LAZY_PIG = LazyPig()
PLAIN_PIG = PlainPig()
NOT_A_GAME = 42
LAZY_EXAMPLES = tuple(replace(ex, game="registry_lazy_pig") for ex in EXAMPLES)


@pytest.fixture
def scratch() -> Iterator[list[str]]:
    """Names registered by a test, unregistered afterwards (the registry is global)."""
    names: list[str] = []
    yield names
    for name in names:
        if name in GAMES:
            unregister_game(name)


def run_python(code: str) -> Any:
    """Run ``code`` in a fresh interpreter; it prints one JSON value."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    return json.loads(done.stdout)


# -- the built-in games ------------------------------------------------------------------


def test_import_loads_no_engine_and_no_heavy_dependency() -> None:
    seen = run_python(
        "import json, sys, gaia_lab\n"
        "names = sorted(gaia_lab.GAMES)\n"
        "found = 'gaia_project' in gaia_lab.GAMES, len(gaia_lab.GAMES)\n"
        "print(json.dumps([names, found, sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('networkx', 'PIL', 'ipywidgets', 'anywidget', 'jsonschema') or"
        " m.startswith(('gaia_lab.games.', 'gaia_lab.render', 'gaia_lab.widgets')))]))"
    )
    assert seen == [BUILT_IN, [True, len(BUILT_IN)], []]


def test_an_engine_loads_on_first_use_and_only_that_one() -> None:
    seen = run_python(
        "import json, sys, gaia_lab\n"
        "def engines(): return sorted(n for n in gaia_lab.GAMES if f'gaia_lab.games.{n}' in"
        " sys.modules)\n"
        "out = [engines()]\n"
        "gaia_lab.Session('gaia_project'); out.append(engines())\n"
        "gaia_lab.GAMES['shapers_of_gaia']; out.append(engines())\n"
        "from gaia_lab.games.gaia_project import GAME\n"
        "out.append(GAME is gaia_lab.GAMES['gaia_project'])\n"
        "gaia_lab.examples('animals_gathering'); out.append(engines())\n"
        "print(json.dumps(out))"
    )
    assert seen == [[], ["gaia_project"], ["gaia_project", "shapers_of_gaia"], True,
                    ["animals_gathering", "gaia_project", "shapers_of_gaia"]]


def test_games_is_a_read_only_mapping_of_engines() -> None:
    from gaia_lab.games.shapers_of_gaia import GAME

    assert GAMES is gaia_lab.GAMES is gaia_lab.games.GAMES
    assert GAMES["shapers_of_gaia"] is GAME and GAMES.get("chess") is None
    assert list(GAMES)[:3] == ["animals_gathering", "shapers_of_gaia", "gaia_project"]
    assert all(GAMES[name].meta.name == name for name in GAMES)
    with pytest.raises(TypeError):
        GAMES["chess"] = GAME  # type: ignore[index]
    assert not gaia_lab.games.PLANNED  # every game of the collection is in this release
    assert {"gaia_tiki", "black_rose_wars"} <= set(GAMES)


def test_built_in_registrations_name_their_parts_by_reference() -> None:
    reg = registration("gaia_project")
    assert reg.game == "gaia_lab.games.gaia_project:GAME"
    assert reg.state == "gaia_lab.games.gaia_project.state:GPState"
    assert reg.layout == "gaia_lab.render.gaia_project:scene"
    assert reg.examples == "gaia_lab.games.gaia_project.examples:EXAMPLES"
    from gaia_lab.games.gaia_project.examples import EXAMPLES as GP_EXAMPLES
    from gaia_lab.render.gaia_project import scene

    assert gaia_lab.examples("gaia_project") == list(GP_EXAMPLES)
    state = GAMES["gaia_project"].new_initial_state(2, 3)
    assert registry.layout_of(state) is scene
    assert render.scene(state, width=900).to_svg() == scene(state, width=900).to_svg()
    assert state._repr_svg_() == scene(state).to_svg()


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_built_in_reference_names_the_real_thing(name: str) -> None:
    game = GAMES[name]
    state = game.new_initial_state(game.meta.min_players, 0)
    reg = registry.registration_of(state)
    assert reg is registration(name) and reg.state == \
        f"{type(state).__module__}:{type(state).__qualname__}"
    assert reg.state == "{}:{}".format(*_qualified(registry._state_type(game)))
    assert reg.layout is not None
    assert isinstance(render.scene(state), Scene)
    assert [ex.game for ex in gaia_lab.examples(name)] == [name] * len(gaia_lab.examples(name))


def _qualified(cls: type | None) -> tuple[str, str]:
    assert cls is not None
    return cls.__module__, cls.__qualname__


def test_core_imports_no_game_and_no_view() -> None:
    for path in sorted((ROOT / "gaia_lab" / "core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""]
                assert not [n for n in names if n.startswith(
                    ("gaia_lab.games", "gaia_lab.render", "gaia_lab.widgets"))], path


# -- a game from outside the package -----------------------------------------------------


def test_an_outside_game_registers_itself_with_a_board_and_examples() -> None:
    reg = registration("pig")
    assert reg.game is PIG and reg.layout is board and reg.examples == EXAMPLES
    assert reg.state == f"{PigState.__module__}:PigState"  # from Game[PigState, PigAction]
    assert GAMES["pig"] is PIG and "pig" in GAMES
    session = gaia_lab.Session("pig", players=3)
    assert session.game is PIG
    drawn = render.scene(session.state, highlight=["die"], width=500, viewer=1)
    assert drawn == board(session.state, highlight=["die"], width=500, viewer=1)
    assert drawn.width == 500 and drawn.ids() == ["die"]
    assert isinstance(_common.board_scene(session), Scene)
    assert gaia_lab.examples("pig") == list(EXAMPLES)
    assert gaia_lab.examples("pig") is not gaia_lab.examples("pig")  # a fresh list each time
    finished = gaia_lab.examples("pig")[0].run()
    assert finished.state.scores == (12, 12)


def test_dicegame_doctests() -> None:
    result = doctest.testmod(dicegame, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_a_lazy_outside_game_loads_on_first_use(scratch: list[str]) -> None:
    scratch.append("registry_lazy_pig")
    reg = register_game(f"{__name__}:LAZY_PIG", name="registry_lazy_pig",
                        state=f"{__name__}:LazyState", layout="dicegame:board",
                        examples=f"{__name__}:LAZY_EXAMPLES")
    assert reg.state == "test_registry:LazyState" and reg.layout == "dicegame:board"
    state = PIG.scenario({"scores": [4, 1]})
    lazy = as_type(LazyState, state)
    assert registry.registration_of(lazy) is reg and registry.layout_of(lazy) is board
    assert render.scene(lazy, width=300) == board(state, width=300)
    assert registry.registration_of(state) is registration("pig")
    assert GAMES["registry_lazy_pig"] is LAZY_PIG
    assert [ex.id for ex in gaia_lab.examples("registry_lazy_pig")] == ["pig-hold"]
    gaia_lab.examples("registry_lazy_pig")[0].run()
    assert gaia_lab.Session("registry_lazy_pig").game is LAZY_PIG


def test_a_subclass_of_a_registered_state_maps_to_its_game() -> None:
    class Annotated(PigState):
        __slots__ = ()

    state = PIG.scenario({})
    sub = as_type(Annotated, state)
    assert registry.registration_of(sub) is registration("pig")
    assert render.scene(sub) == render.scene(state)


# -- duplicates ----------------------------------------------------------------------


def test_registering_the_same_thing_again_is_harmless() -> None:
    before = dict(registry._REGISTRY)
    assert register_game(PIG, layout=board, examples=EXAMPLES) is registration("pig")
    assert register_game(PIG, layout=board, examples=list(EXAMPLES)) is registration("pig")
    assert register_game(
        "gaia_lab.games.gaia_project:GAME", name="gaia_project",
        state="gaia_lab.games.gaia_project.state:GPState",
        layout="gaia_lab.render.gaia_project:scene",
        examples="gaia_lab.games.gaia_project.examples:EXAMPLES",
    ) is registration("gaia_project")
    assert registry._REGISTRY == before


@pytest.mark.parametrize(("args", "differ"), [
    ((PigGame(),), "game, layout, examples"),   # another Pig object, no layout or examples
    ((PIG,), "layout, examples"),
])
def test_a_name_taken_by_another_registration_is_refused(args: tuple[Any, ...],
                                                          differ: str) -> None:
    before = dict(registry._REGISTRY)
    with pytest.raises(RegistryError, match=f"game 'pig' is already registered with other "
                                            f"arguments \\({differ} differ\\)"):
        register_game(*args)
    assert registry._REGISTRY == before


def test_another_object_under_a_taken_name_is_refused_field_by_field() -> None:
    with pytest.raises(RegistryError, match=r"\(game differ\)"):
        register_game(PigGame(), layout=board, examples=EXAMPLES)
    with pytest.raises(RegistryError, match=r"\(layout differ\)"):
        register_game(PIG, layout=lambda state, **kw: board(state), examples=EXAMPLES)
    with pytest.raises(RegistryError, match=r"\(game, state, layout, examples differ\)"):
        register_game("dicegame:PIG", name="pig")
    assert registration("pig").game is PIG


def test_a_state_type_belongs_to_one_game(scratch: list[str]) -> None:
    scratch.append("registry_lazy_pig")
    with pytest.raises(RegistryError, match="dicegame:PigState is already the state type of "
                                            "game 'pig'"):
        register_game(LAZY_PIG)  # its Game[PigState, PigAction] base names Pig's states
    assert "registry_lazy_pig" not in GAMES


def test_threads_registering_at_once_agree(scratch: list[str]) -> None:
    scratch.append("registry_plain_pig")
    barrier = threading.Barrier(8)
    results: list[object] = []

    def work(k: int) -> None:
        barrier.wait()
        game = PLAIN_PIG if k % 2 == 0 else PlainPig()
        try:
            results.append(register_game(game, state=PlainState))
        except RegistryError as exc:
            results.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    won = registration("registry_plain_pig")
    regs = [r for r in results if not isinstance(r, RegistryError)]
    assert regs and all(r is won for r in regs)
    # the first registration wins; an identical one agrees, any other object is refused
    assert len(regs) == (4 if won.game is PLAIN_PIG else 1)
    assert len(results) == 8


def test_readers_see_one_snapshot_while_games_come_and_go(scratch: list[str]) -> None:
    scratch.append("registry_plain_pig")
    state = PIG.scenario({})
    errors: list[BaseException] = []
    done = threading.Event()

    def churn() -> None:
        for _ in range(300):
            register_game(PLAIN_PIG, state=PlainState)
            unregister_game("registry_plain_pig")
        done.set()

    def read() -> None:
        try:
            while not done.is_set():
                assert registry.registration_of(state).name == "pig"
                assert set(BUILT_IN) <= set(GAMES) and len(list(GAMES.keys())) >= 4
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=churn)] + [threading.Thread(target=read)
                                                  for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and "registry_plain_pig" not in GAMES


# -- errors --------------------------------------------------------------------------


def test_unknown_names_name_the_known_games() -> None:
    for call in (lambda: gaia_lab.examples("chess"), lambda: gaia_lab.Session("chess"),
                 lambda: GAMES["chess"], lambda: registration("chess"),
                 lambda: unregister_game("chess")):
        with pytest.raises(UnknownGameError) as info:
            call()
        assert isinstance(info.value, GaiaLabError) and isinstance(info.value, KeyError)
        assert str(info.value).startswith(
            "no game named 'chess'; known games: animals_gathering, black_rose_wars, ")
    with pytest.raises(UnknownGameError, match=r"no game named \['x'\]"):
        registration(["x"])  # type: ignore[arg-type]
    with pytest.raises(GaiaLabError, match="expected a Game or a registered game's name, "
                                           "not int"):
        gaia_lab.Session(12)  # type: ignore[arg-type]


def test_an_object_with_no_board_names_its_type() -> None:
    for thing, kind in ((object(), "object"), ("not a state", "str"), (None, "NoneType")):
        with pytest.raises(NoLayoutError, match=f"no board layout for {kind}: not the state "
                                                "of a registered game \\(animals_gathering, "):
            render.scene(thing)
    assert issubclass(NoLayoutError, TypeError) and issubclass(NoLayoutError, GaiaLabError)


def test_a_game_without_layout_has_no_board_and_no_examples(scratch: list[str]) -> None:
    scratch.append("registry_plain_pig")
    reg = register_game(PLAIN_PIG, state=PlainState)
    assert reg.layout is None and reg.examples == () and gaia_lab.examples(reg.name) == []
    session = gaia_lab.Session("registry_plain_pig")
    assert type(session.state) is PlainState
    with pytest.raises(NoLayoutError, match="game 'registry_plain_pig' registered none"):
        render.scene(session.state)
    placeholder = _common.board_scene(session)
    assert placeholder.ids() == []
    assert any("No board view for Plain Pig yet." == getattr(i, "text", "")
               for i in placeholder.items)


def test_unregistering_takes_a_game_out() -> None:
    reg = register_game(PLAIN_PIG, state=PlainState)
    assert unregister_game("registry_plain_pig") is reg
    assert "registry_plain_pig" not in GAMES
    with pytest.raises(UnknownGameError):
        GAMES["registry_plain_pig"]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": PIG, "name": "hog"}, "name 'hog' is not the game's own name 'pig'"),
    ({"game": "dicegame:PIG"}, "a lazy game needs its name="),
    ({"game": 12}, "expected a Game or a 'module:attribute' reference, not int"),
    ({"game": "dicegame.PIG", "name": "x"}, "game 'dicegame.PIG' is not a "
                                            "'package.module:attribute' reference"),
    ({"game": "dicegame:PIG", "name": "Not A Name"}, "the name 'Not A Name' is not a "
                                                     "lower-case identifier"),
    ({"game": "dicegame:PIG", "name": "x", "layout": "dicegame:board"},
     "register_game\\('x'\\): a game with a layout needs its state type"),
    ({"game": "dicegame:PIG", "name": "x", "state": 3}, "state must be a type or a "
                                                        "'module:attribute' reference, not int"),
    ({"game": "dicegame:PIG", "name": "x", "state": "PigState"},
     "'x' state 'PigState' is not a"),
    ({"game": PLAIN_PIG, "layout": "board"}, "'registry_plain_pig' layout 'board' is not a"),
    ({"game": PLAIN_PIG, "layout": 3}, "layout must be callable or a 'module:attribute' "
                                       "reference, not int"),
    ({"game": PLAIN_PIG, "examples": 3}, "examples must be Examples or a 'module:attribute' "
                                         "reference, not int"),
    ({"game": PLAIN_PIG, "state": PlainState, "examples": ["x"]},
     "game 'registry_plain_pig': examples\\[0\\] is a str, not an Example"),
    ({"game": PLAIN_PIG, "examples": EXAMPLES},
     "game 'registry_plain_pig': example 'pig-hold' is for game 'pig'"),
])
def test_bad_registrations_are_refused_and_change_nothing(kwargs: dict[str, Any],
                                                          message: str) -> None:
    before = dict(registry._REGISTRY)
    with pytest.raises(RegistryError, match=message):
        register_game(**kwargs)
    assert registry._REGISTRY == before


@pytest.mark.parametrize(("refs", "call", "message"), [
    ({"game": "no_such_module_x:GAME"}, "game",
     "game 'registry_broken': cannot load 'no_such_module_x:GAME': no module "
     "'no_such_module_x'"),
    ({"game": "dicegame:NO_SUCH"}, "game",
     "cannot load 'dicegame:NO_SUCH': no attribute 'NO_SUCH'"),
    ({"game": f"{__name__}:NOT_A_GAME"}, "game", "'test_registry:NOT_A_GAME' is a int, "
                                                  "not a Game"),
    ({"game": "dicegame:PIG"}, "game", "'dicegame:PIG' is the game 'pig'"),
    ({"examples": "dicegame:NO_EXAMPLES"}, "examples",
     "game 'registry_broken' examples: cannot load 'dicegame:NO_EXAMPLES'"),
    ({"examples": f"{__name__}:NOT_A_GAME"}, "examples",
     "'test_registry:NOT_A_GAME' is a int, not a list of Examples"),
    ({"examples": "dicegame:EXAMPLES"}, "examples", "example 'pig-hold' is for game 'pig'"),
    ({"layout": "dicegame:PIG"}, "layout", "layout 'dicegame:PIG' is a PigGame, "
                                           "not callable"),
    ({"layout": "dicegame:no_board"}, "layout", "cannot load 'dicegame:no_board'"),
])
def test_a_reference_that_does_not_load_is_named(
    scratch: list[str], refs: dict[str, str], call: str, message: str,
) -> None:
    scratch.append("registry_broken")
    register_game(refs.get("game", f"{__name__}:PLAIN_PIG"), name="registry_broken",
                  state="test_registry:BrokenState", layout=refs.get("layout"),
                  examples=refs.get("examples", ()))
    with pytest.raises(RegistryError, match=message):
        if call == "game":
            GAMES["registry_broken"]
        elif call == "examples":
            gaia_lab.examples("registry_broken")
        else:
            render.scene(BrokenState())


class BrokenState:
    """The state type of the registrations that do not load."""


def test_a_layout_must_return_a_scene(scratch: list[str]) -> None:
    scratch.append("registry_broken")
    register_game(f"{__name__}:PLAIN_PIG", name="registry_broken", state=BrokenState,
                  layout=lambda state, **kw: "not a scene")
    with pytest.raises(GaiaLabError, match="layout of BrokenState returned a str, not a Scene"):
        render.scene(BrokenState())


def test_examples_are_examples_of_their_game() -> None:
    for name in GAMES:
        assert all(isinstance(ex, Example) and ex.game == name
                   for ex in gaia_lab.examples(name))


# -- the rule index ------------------------------------------------------------------------


def test_rule_homes_follow_registrations_and_removals(scratch: list[str]) -> None:
    from gaia_lab.core.rulebook import Rulebook, RuleRef, game_of_rule, rule_url

    own = RuleRef("registry_lazy_pig.own", "Own", "A rule only this Pig states.")

    class Ruled(LazyPig):
        rulebook = Rulebook("Lazy Pig rules", [*PIG.rulebook.values(), own])

    pig_rule = next(iter(PIG.rulebook))
    assert "pig" in GAMES and game_of_rule(pig_rule) == "pig"
    with pytest.raises(GaiaLabError, match="no registered game states the rule "
                                           "'registry_lazy_pig.own'"):
        game_of_rule(own)
    register_game(Ruled(), state=LazyState)
    scratch.append("registry_lazy_pig")
    # a new game's rules are found at once; a rule it shares stays with the first game
    assert game_of_rule(own) == "registry_lazy_pig" == registry.home_of_rule(own.id)
    assert rule_url(own, base="") == "registry_lazy_pig.html#rule-registry-lazy-pig-own"
    assert game_of_rule(pig_rule) == "pig"
    unregister_game("registry_lazy_pig")
    assert registry.home_of_rule(own.id) is None
    with pytest.raises(GaiaLabError, match="no registered game states"):
        game_of_rule(own)
    assert game_of_rule(pig_rule) == "pig"
    # a game registered again is found again
    register_game(Ruled(), state=LazyState)
    assert game_of_rule(own) == "registry_lazy_pig"


def test_rule_lookups_use_the_index_not_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    from gaia_lab.core.rulebook import game_of_rule

    game_of_rule("gp.special.alone")  # fills the index up to Gaia Project
    calls: list[str] = []
    real = registry.get_game

    def counted(name: str) -> Any:
        calls.append(name)
        return real(name)

    monkeypatch.setattr(registry, "get_game", counted)
    for name in ("animals_gathering", "gaia_project"):
        for rule in list(GAMES[name].rulebook)[:50]:
            assert game_of_rule(rule) == name
    assert calls == ["animals_gathering", "gaia_project"]  # only the two GAMES[...] above

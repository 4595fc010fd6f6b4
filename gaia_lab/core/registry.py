"""The game registry: for each game name, its engine, its board layout and its examples.

As OpenSpiel registers its games, every game is registered once, by name, with
:func:`register_game`; everything that finds a game by name (a :class:`Session` of
``"pig"``, a record's replay, :func:`examples`) or a board by state (:func:`layout_of`,
behind :func:`gaia_lab.render.scene`) asks the registry, and nothing else knows where a
game lives.  :data:`GAMES` is the read-only name -> :class:`~gaia_lab.core.game.Game`
view of it.

A registration holds:

==========  ==========================================================================
game        the :class:`Game` (its ``meta.name`` is the registered name)
state       the type of its states, recorded as ``"module:QualifiedName"``: how a state
            is mapped to its game (a subclass of a registered state type maps too)
layout      ``layout(state, **kw)`` -> a :class:`~gaia_lab.render.shapes.Scene`
            (``highlight``, ``viewer``, ``width``... passed through), or None
examples    its worked :class:`~gaia_lab.core.example.Example` s, in rulebook order
==========  ==========================================================================

The game, its layout and its examples may each be named lazily by a reference
``"package.module:attribute"``, imported on first use: the built-in games register
that way (:mod:`gaia_lab.games`), so ``import gaia_lab`` loads no engine, and a game
package never imports :mod:`gaia_lab.render`.  A lazy game gives its ``name`` and, if
it has a layout, its ``state`` reference, so that drawing a board never loads another
engine.  Values given directly are used as they are; a game's state type, when not
given, is the ``S`` of its ``Game[S, A]`` base.

>>> from gaia_lab.core.game import Game
>>> isinstance(GAMES["animals_gathering"], Game)
True
>>> registration("gaia_project").layout
'gaia_lab.render.gaia_project:scene'
>>> GAMES["chess"]
Traceback (most recent call last):
...
gaia_lab.core.registry.UnknownGameError: no game named 'chess'; known games: animals_gathering, ...
"""

from __future__ import annotations

import importlib
import re
import threading
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.game import Game

if TYPE_CHECKING:
    from gaia_lab.core.example import Example

Layout = Callable[..., Any]
"""``layout(state, **kw)``: the board of ``state`` as a Scene."""

_REFERENCE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*\Z")
_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


class RegistryError(GaiaLabError):
    """A registration that cannot be made (a name taken by another game, a bad
    argument) or a lazy reference that does not load."""


class UnknownGameError(RegistryError, KeyError):
    """No game is registered under this name (also a KeyError, as for a mapping)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class NoLayoutError(RegistryError, TypeError):
    """No board layout for this object: not a registered game's state, or its game has
    no layout (also a TypeError, as before the registry)."""


@dataclass(frozen=True, slots=True)
class Registration:
    """One registered game.  Each of ``game``, ``layout`` and ``examples`` is the value
    itself or a ``"module:attribute"`` reference loaded on first use."""

    name: str
    """The game's name (its ``meta.name``)."""
    game: Game[Any, Any] | str
    """The engine, or a reference to it."""
    state: str | None
    """The state type as ``"module:QualifiedName"`` (None: its states map to no game,
    so it draws no board)."""
    layout: Layout | str | None = None
    """``layout(state, **kw)`` returning a Scene, a reference to it, or None."""
    examples: tuple[Example, ...] | str = ()
    """The worked examples, or a reference to a sequence of them."""


class _RuleHomes:
    """Rule id -> the registered game whose rulebook states it (its home), for one
    snapshot of the registry.

    Filled in registration order as lookups need it, so a lookup loads no engine
    registered after the rule's home (as a walk over the games would); a rule two games
    state lives with the one registered first.  Every registration or removal replaces
    the index with a fresh one, so it never answers for games that have gone.
    """

    __slots__ = ("_done", "_homes", "_lock", "_names")

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names
        self._homes: dict[str, str] = {}
        self._done = 0  # how many of the names are indexed (a prefix)
        self._lock = threading.Lock()

    def home(self, rule_id: str) -> str | None:
        found = self._homes.get(rule_id)
        if found is not None:
            return found
        with self._lock:
            while rule_id not in self._homes and self._done < len(self._names):
                name = self._names[self._done]
                for stated in get_game(name).rulebook:
                    self._homes.setdefault(stated, name)
                self._done += 1
            return self._homes.get(rule_id)


_LOCK = threading.Lock()
_REGISTRY: Mapping[str, Registration] = {}
"""Every registration by name.  Never changed in place: a registration replaces the
whole mapping (under the lock), so a reader always sees one consistent snapshot."""
_RULES = _RuleHomes(())
"""The rule index of :data:`_REGISTRY`, replaced with it."""


def register_game(
    game: Game[Any, Any] | str,
    *,
    name: str | None = None,
    state: type | str | None = None,
    layout: Layout | str | None = None,
    examples: Iterable[Example] | str = (),
) -> Registration:
    """Register ``game`` with its board ``layout`` and worked ``examples``.

    ``game`` is a :class:`Game`, or a ``"module:attribute"`` reference to one with its
    ``name``.  ``state`` is the type of the game's states (or a reference to it); for a
    Game given directly it defaults to the ``S`` of its ``Game[S, A]`` base.  Registering
    the same name again with the same arguments returns the registration already made;
    with anything else it raises :class:`RegistryError`, as does a state type already
    registered for another game; a refused call leaves the registry unchanged.

    >>> from gaia_lab.games.animals_gathering import GAME
    >>> register_game(GAME)  # the built-in registration names it lazily, with a layout
    Traceback (most recent call last):
    ...
    gaia_lab.core.registry.RegistryError: game 'animals_gathering' is already registered ... differ)
    >>> registration("animals_gathering").state
    'gaia_lab.games.animals_gathering.state:AGState'
    """
    global _REGISTRY, _RULES
    reg = _registration(game, name, state, layout, examples)
    with _LOCK:
        old = _REGISTRY.get(reg.name)
        if old is None:
            owner = next((r.name for r in _REGISTRY.values()
                          if reg.state is not None and r.state == reg.state), None)
            if owner is not None:
                raise RegistryError(f"register_game({reg.name!r}): {reg.state} is already "
                                    f"the state type of game {owner!r}")
            _REGISTRY = {**_REGISTRY, reg.name: reg}
            _RULES = _RuleHomes(tuple(_REGISTRY))
            return reg
    if old == reg:
        return old
    differ = [f for f in ("game", "state", "layout", "examples")
              if getattr(old, f) != getattr(reg, f)]
    raise RegistryError(f"game {reg.name!r} is already registered with other arguments "
                        f"({', '.join(differ)} differ)")


def unregister_game(name: str) -> Registration:
    """Remove the game registered as ``name`` and return its registration.

    For a notebook that redefines a game, or a test that registers one for a while;
    :class:`UnknownGameError` if nothing is registered as ``name``.
    """
    global _REGISTRY, _RULES
    with _LOCK:
        reg = registration(name)
        _REGISTRY = {k: v for k, v in _REGISTRY.items() if k != name}
        _RULES = _RuleHomes(tuple(_REGISTRY))
    return reg


def _registration(
    game: Game[Any, Any] | str,
    name: str | None,
    state: type | str | None,
    layout: Layout | str | None,
    examples: Iterable[Example] | str,
) -> Registration:
    """Check every argument of :func:`register_game` and build its registration."""
    if isinstance(game, Game):
        meta_name = game.meta.name
        if name is not None and name != meta_name:
            raise RegistryError(f"register_game: name {name!r} is not the game's own name "
                                f"{meta_name!r} (meta.name)")
        name = meta_name
        if state is None:
            state = _state_type(game)
    elif isinstance(game, str):
        _check_reference(game, "game")
        if name is None:
            raise RegistryError(f"register_game({game!r}): a lazy game needs its name=")
    else:
        raise RegistryError(f"register_game: expected a Game or a 'module:attribute' "
                            f"reference, not {type(game).__name__}")
    if not isinstance(name, str) or not _NAME.match(name):
        raise RegistryError(f"register_game: the name {name!r} is not a lower-case "
                            "identifier such as 'gaia_project'")
    if isinstance(state, type):
        state = f"{state.__module__}:{state.__qualname__}"
    elif isinstance(state, str):
        _check_reference(state, f"{name!r} state")
    elif state is not None:
        raise RegistryError(f"register_game({name!r}): state must be a type or a "
                            f"'module:attribute' reference, not {type(state).__name__}")
    if isinstance(layout, str):
        _check_reference(layout, f"{name!r} layout")
    elif layout is not None and not callable(layout):
        raise RegistryError(f"register_game({name!r}): layout must be callable or a "
                            f"'module:attribute' reference, not {type(layout).__name__}")
    if layout is not None and state is None:
        raise RegistryError(f"register_game({name!r}): a game with a layout needs its "
                            "state type (state=)")
    if isinstance(examples, str):
        _check_reference(examples, f"{name!r} examples")
        listed: tuple[Example, ...] | str = examples
    else:
        try:
            listed = _checked_examples(name, tuple(examples))
        except TypeError:
            raise RegistryError(f"register_game({name!r}): examples must be Examples or a "
                                f"'module:attribute' reference, not "
                                f"{type(examples).__name__}") from None
    return Registration(name, game, state, layout, listed)


def _check_reference(ref: str, what: str) -> None:
    if not _REFERENCE.match(ref):
        raise RegistryError(f"register_game: {what} {ref!r} is not a "
                            "'package.module:attribute' reference")


def _state_type(game: Game[Any, Any]) -> type | None:
    """The ``S`` of the first ``Game[S, A]`` base of ``game``'s class, if it is a type."""
    for cls in type(game).__mro__:
        for base in cls.__dict__.get("__orig_bases__", ()):
            if typing.get_origin(base) is Game:
                first = typing.get_args(base)[0]
                return first if isinstance(first, type) else None
    return None


def _checked_examples(name: str, examples: tuple[Any, ...]) -> tuple[Example, ...]:
    from gaia_lab.core.example import Example

    for i, ex in enumerate(examples):
        if not isinstance(ex, Example):
            raise RegistryError(f"game {name!r}: examples[{i}] is a {type(ex).__name__}, "
                                "not an Example")
        if ex.game != name:
            raise RegistryError(f"game {name!r}: example {ex.id!r} is for game {ex.game!r}")
    return examples


def _load(ref: str, what: str) -> Any:
    """Import the module of ``"module:attribute"`` and return the attribute."""
    module_name, _, attribute = ref.partition(":")
    try:
        value: Any = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not (module_name + ".").startswith(exc.name + "."):
            raise  # a missing import inside the module: its own bug, shown as it is
        raise RegistryError(f"{what}: cannot load {ref!r}: no module {exc.name!r}") from None
    for part in attribute.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            raise RegistryError(f"{what}: cannot load {ref!r}: no attribute {part!r}") \
                from None
    return value


# -- looking up ------------------------------------------------------------------------
def names() -> tuple[str, ...]:
    """Every registered name, in registration order."""
    return tuple(_REGISTRY)


def registration(name: str) -> Registration:
    """The registration of ``name``; :class:`UnknownGameError` names the known games."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGameError(f"no game named {name!r}; known games: {known}") from None


def get_game(name: str) -> Game[Any, Any]:
    """The engine registered as ``name`` (loaded on first use)."""
    reg = registration(name)
    if not isinstance(reg.game, str):
        return reg.game
    game = _load(reg.game, f"game {name!r}")
    if not isinstance(game, Game) or game.meta.name != name:
        raise RegistryError(f"game {name!r}: {reg.game!r} is "
                            + (f"the game {game.meta.name!r}" if isinstance(game, Game)
                               else f"a {type(game).__name__}, not a Game"))
    return game


def examples(name: str) -> list[Example]:
    """The worked examples of game ``name``, in rulebook order (loaded on first use)."""
    reg = registration(name)
    if isinstance(reg.examples, str):
        found = _load(reg.examples, f"game {name!r} examples")
        try:
            listed = tuple(found)
        except TypeError:
            raise RegistryError(f"game {name!r}: {reg.examples!r} is a "
                                f"{type(found).__name__}, not a list of Examples") from None
        return list(_checked_examples(name, listed))
    return list(reg.examples)


def home_of_rule(rule_id: str) -> str | None:
    """The registered game whose rulebook states the rule ``rule_id`` (the one registered
    first, when several do), or None: a lookup in an index the registry keeps, renewed
    whenever a game is registered or removed.

    >>> home_of_rule("gp.special.alone"), home_of_rule("chess.castle")
    ('gaia_project', None)
    """
    return _RULES.home(rule_id)


def registration_of(state: object) -> Registration:
    """The registration of the game whose states are of ``state``'s type (or a base).

    :class:`NoLayoutError` (a TypeError) when no registered game has such states.
    """
    regs = {reg.state: reg for reg in _REGISTRY.values() if reg.state is not None}
    # one snapshot: a registration made meanwhile is simply not seen
    for cls in type(state).__mro__:
        reg = regs.get(f"{cls.__module__}:{cls.__qualname__}")
        if reg is not None:
            return reg
    known = ", ".join(sorted(_REGISTRY))
    raise NoLayoutError(f"no board layout for {type(state).__name__}: not the state of a "
                        f"registered game ({known})")


def layout_of(state: object) -> Layout:
    """The board layout of ``state``'s game: call it as ``layout(state, **kw)``.

    :class:`NoLayoutError` (a TypeError) when ``state`` is no registered game's state or
    its game registered no layout.
    """
    reg = registration_of(state)
    if reg.layout is None:
        raise NoLayoutError(f"no board layout for {type(state).__name__}: game "
                            f"{reg.name!r} registered none")
    if isinstance(reg.layout, str):
        layout = _load(reg.layout, f"game {reg.name!r} layout")
        if not callable(layout):
            raise RegistryError(f"game {reg.name!r}: layout {reg.layout!r} is a "
                                f"{type(layout).__name__}, not callable")
        return typing.cast(Layout, layout)
    return reg.layout


class Games(Mapping[str, Game[Any, Any]]):
    """The read-only view name -> Game of the registry (engines load on access).

    Listing, counting and ``in`` load nothing; ``GAMES[name]`` loads that engine.
    """

    __slots__ = ()

    def __getitem__(self, name: str) -> Game[Any, Any]:
        return get_game(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in _REGISTRY

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(_REGISTRY)

    def __repr__(self) -> str:
        return f"<GAMES: {', '.join(names())}>"


GAMES: Mapping[str, Game[Any, Any]] = Games()
"""Every registered game, by name (a read-only view of the registry)."""

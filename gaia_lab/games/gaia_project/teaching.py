"""A recorded Gaia Project game followed line by line, as the notebooks do.

The notebooks take one real game (``deep-mind-2``, shipped in ``data/recorded``) and stop
it at the line they talk about: :func:`replay_upto` gives a session that has played the
first lines of a record, every line checked by the engine.

>>> from gaia_lab.games.gaia_project.recorded import recorded_game
>>> game = recorded_game("deep-mind-2")
>>> s = replay_upto(game, 5)
>>> [p.faction for p in s.state.seats]
['terrans', 'nevlas', 'xenos', 'hadsch-hallas']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gaia_lab.core.errors import GaiaLabError
from gaia_lab.core.session import Session
from gaia_lab.games.gaia_project.components import (
    HOME_TYPES,
    load_components,
    terraforming_steps,
)
from gaia_lab.games.gaia_project.game import replay_prefix

__all__ = ["buildings_table", "replay_upto", "terraforming_table", "wheel_table"]


def replay_upto(record: Mapping[str, Any], lines: int) -> Session:
    """A session that has played the first ``lines`` lines of a recorded game.

    The ``init`` line counts: ``replay_upto(record, 1)`` is the set-up table before the
    first faction is chosen, ``replay_upto(record, len(record["moves"]))`` the end of the
    game. A line the engine refuses raises its :class:`~gaia_lab.games.gaia_project.game.
    ReplayError` (its number, its text and the reason).

    >>> from gaia_lab.games.gaia_project.recorded import recorded_game
    >>> game = recorded_game("deep-mind-2")
    >>> replay_upto(game, 1).history
    []
    >>> replay_upto(game, 0)
    Traceback (most recent call last):
    ...
    gaia_lab.core.errors.GaiaLabError: lines: deep-mind-2 has 410 lines; 0 is not in 1..410
    """
    moves = record["moves"]
    name = record.get("game", "the record")
    if isinstance(lines, bool) or not isinstance(lines, int) or not 1 <= lines <= len(moves):
        raise GaiaLabError(f"lines: {name} has {len(moves)} lines; {lines!r} is not in "
                           f"1..{len(moves)}")
    session, _, error = replay_prefix({**record, "moves": moves[:lines]})
    if error is not None:
        raise error
    assert isinstance(session, Session)
    return session


def wheel_table(home: str = "terra") -> str:
    """The terraforming wheel: each home planet type and its steps from ``home``.

    >>> print(wheel_table().splitlines()[1])
    oxide     1 step
    """
    if home not in HOME_TYPES:
        raise GaiaLabError(f"home: {home!r} is not a home planet type "
                           f"({', '.join(HOME_TYPES)})")
    lines = []
    for kind in HOME_TYPES:
        n = terraforming_steps(home, kind)
        lines.append(f"{kind:9} {n} step{'' if n == 1 else 's'}" + ("  (home)" if n == 0
                                                                      else ""))
    return "\n".join(lines)


def terraforming_table() -> str:
    """The ore one terraforming step costs at each Terraforming level.

    >>> print(terraforming_table())
    level 0: 3 ore a step
    level 1: 3 ore a step
    level 2: 2 ore a step
    level 3: 1 ore a step
    level 4: 1 ore a step
    level 5: 1 ore a step
    """
    cost = load_components().board.terraform_cost
    return "\n".join(f"level {level}: {ore} ore a step" for level, ore in enumerate(cost))


def buildings_table() -> str:
    """Each kind of building: how many a player has, its cost, what it is built from and
    its power value (what it counts for federations and for neighbours' charges).

    >>> print(buildings_table().splitlines()[0])
    mine                 8 x  built on a planet           power value 1  costs 2c 1o
    """
    lines = []
    for st in load_components().board.structures:
        source = f"upgrades a {st.upgrades_from}" if st.upgrades_from else "built on a planet"
        alone = f" ({st.cost_alone} with no opponent within 2)" if st.cost_alone else ""
        lines.append(f"{st.id.replace('_', ' '):20} {st.count} x  {source:27} power value "
                     f"{st.power_value}  costs {st.cost}{alone}")
    return "\n".join(lines)

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
from gaia_lab.games.gaia_project.game import replay_prefix

__all__ = ["replay_upto"]


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

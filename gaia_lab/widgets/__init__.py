"""Notebook controls: the :class:`Explorer` plays any game, the :class:`Walkthrough`
steps through a rulebook's worked example.

These are the only modules of gaia_lab besides :mod:`gaia_lab.render.canvas`
that import ipywidgets; they call the Session and never hold rule logic.
"""

from gaia_lab.widgets.explorer import Explorer
from gaia_lab.widgets.walkthrough import Walkthrough

__all__ = ["Explorer", "Walkthrough"]

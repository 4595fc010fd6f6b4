"""Sphinx configuration of the gaia_lab site: ``python3 run.py docs`` builds it offline.

The source folder is the repository itself (only ``docs/`` and ``notebooks/`` are read), so
the site keeps the layout of the checkout: a notebook in ``notebooks/<game>/`` links to the
rules pages in ``docs/rules/`` by the same relative address in JupyterLab and in the site
(:data:`gaia_lab.core.rulebook.RULES_URL`).  The notebooks are shown with the outputs they
store (nothing is executed), their SVG boards included.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gaia_lab  # noqa: E402

project = "gaia_lab"
author = "the gaia_lab authors"
copyright = "the gaia_lab authors"  # noqa: A001 - the name Sphinx reads
release = version = gaia_lab.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
root_doc = "docs/index"
include_patterns = ["docs/**", "notebooks/**"]
exclude_patterns = ["docs/_build/**", "**/.ipynb_checkpoints/**", "docs/api/generated/**/*.ipynb"]
templates_path = ["docs/_templates"]

# notebooks: the stored outputs, never executed here
nb_execution_mode = "off"
nb_output_stderr = "show"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# Type hints name classes by their short names (``Action``, ``Components``, ``Task``); where
# several games define a class of that name Sphinx links the first and warns each time.
suppress_warnings = ["mystnb.unknown_mime_type", "ref.python"]

autosummary_generate = True
autosummary_imported_members = False
# a package's __init__ re-exports its modules' names: each is documented where it is defined
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_google_docstring = False
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"gaia_lab {release}"
html_static_path: list[str] = []


def _redirect_home(app: object, exception: Exception | None) -> None:
    """The site's front door: ``index.html`` opens ``docs/index.html``."""
    if exception is None:
        out = Path(app.outdir)  # type: ignore[attr-defined]
        (out / "index.html").write_text(
            '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" '
            'content="0; url=docs/index.html"><a href="docs/index.html">gaia_lab</a>\n',
            encoding="utf-8")


def setup(app: object) -> None:
    app.connect("build-finished", _redirect_home)  # type: ignore[attr-defined]

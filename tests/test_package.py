"""The package as others expect it: a licence, full metadata with one version, pinned
development tools, a Binder environment that matches pyproject.toml, and a README whose
links and Python examples hold."""

from __future__ import annotations

import doctest
import re
import tomllib
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

import gaia_lab

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _requirements(lines: list[str]) -> dict[str, Requirement]:
    found: dict[str, Requirement] = {}
    for line in lines:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name not in found, f"{name} is listed twice"
        found[name] = requirement
    return found


def _pinned(requirement: Requirement) -> str:
    (spec,) = requirement.specifier
    assert spec.operator == "==", f"{requirement} is not pinned with =="
    return spec.version


def test_licence_is_mit_and_shipped() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "gaia_lab authors" in text
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    # an SPDX licence expression replaces the licence classifiers
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_metadata_is_complete() -> None:
    assert PROJECT["readme"] == "README.md"
    assert PROJECT["description"] and PROJECT["authors"] and PROJECT["keywords"]
    assert {"Homepage", "Source", "Issues", "Binder"} <= set(PROJECT["urls"])
    classifiers = PROJECT["classifiers"]
    assert "Typing :: Typed" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    oldest = PROJECT["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {oldest}" in classifiers


def test_one_version_single_sourced() -> None:
    assert "version" not in PROJECT and PROJECT["dynamic"] == ["version"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "gaia_lab.__version__"
    assert re.fullmatch(r"\d+\.\d+\.\d+", gaia_lab.__version__)
    record = gaia_lab.Session("animals_gathering", players=2, seed=1).record()
    assert f'"version": "{gaia_lab.__version__}"' in record.to_json()


def test_development_tools_are_pinned_within_the_test_extra() -> None:
    groups = PYPROJECT["dependency-groups"]
    assert {"lint", "typecheck", "tests", "dev"} <= set(groups)
    included = {entry["include-group"] for entry in groups["dev"] if isinstance(entry, dict)}
    assert included == {"lint", "typecheck", "tests"}
    extra = _requirements(PROJECT["optional-dependencies"]["test"])
    for group in ("lint", "typecheck", "tests"):
        for name, requirement in _requirements(groups[group]).items():
            version = _pinned(requirement)
            assert name in extra, f"{name} is pinned in group {group} but not in the test extra"
            assert extra[name].specifier.contains(version, prereleases=True), (
                f"{name}=={version} (group {group}) is outside the test extra's "
                f"'{extra[name].specifier}'")
            assert requirement.extras == extra[name].extras, name
    for tool in ("ruff", "mypy"):  # their verdicts may change with a new minor version
        assert "<" in str(extra[tool].specifier), f"the test extra leaves {tool} open-ended"


def test_binder_requirements_match_pyproject() -> None:
    lines = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    binder = _requirements([line for line in lines if line.strip() and not line.startswith("#")])
    wanted = _requirements([*PROJECT["dependencies"], *PROJECT["optional-dependencies"]["lab"]])
    assert set(binder) == set(wanted), (
        f"binder/requirements.txt lacks {sorted(set(wanted) - set(binder))} and has "
        f"{sorted(set(binder) - set(wanted))} that pyproject.toml does not ask for")
    for name, requirement in binder.items():
        version = _pinned(requirement)
        assert wanted[name].specifier.contains(version), (
            f"binder pins {name}=={version}, outside pyproject.toml's '{wanted[name].specifier}'")


def test_binder_runtime_is_a_supported_python() -> None:
    runtime = (ROOT / "binder" / "runtime.txt").read_text(encoding="utf-8").strip()
    version = runtime.removeprefix("python-")
    assert re.fullmatch(r"3\.\d+", version), runtime
    assert SpecifierSet(PROJECT["requires-python"]).contains(f"{version}.0")


BINDER_LINKS = re.findall(r"\((https://mybinder\.org/v2/[^)\s]+)\)", README)


def test_readme_has_the_binder_badge_and_links() -> None:
    assert "[![Binder](https://mybinder.org/badge_logo.svg)](" in README
    assert len(BINDER_LINKS) >= 2
    assert PROJECT["urls"]["Binder"] in BINDER_LINKS


@pytest.mark.parametrize("url", sorted(set(BINDER_LINKS)))
def test_binder_link_opens_a_file_of_this_repository(url: str) -> None:
    source = urlsplit(PROJECT["urls"]["Source"])
    assert source.netloc == "github.com"
    owner, repo = source.path.strip("/").split("/")
    link = urlsplit(url)
    assert link.path == f"/v2/gh/{owner}/{repo}/main", f"{url}: not this repository's main"
    (target,) = parse_qs(link.query)["urlpath"]
    prefix = next((p for p in ("lab/tree/", "voila/render/") if target.startswith(p)), None)
    assert prefix is not None, f"{url}: opens neither JupyterLab nor Voila"
    path = target.removeprefix(prefix)
    assert (ROOT / path).is_file(), f"{url}: {path} is not in the repository"


def test_readme_python_examples_hold() -> None:
    """Every ```pycon block of the README runs as a doctest, its outputs as shown."""
    blocks = re.findall(r"```pycon\n(.*?)```", README, flags=re.S)
    assert blocks, "the README has a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(blocks, start=1):
        test = parser.get_doctest(block, {}, f"README.md block {number}", "README.md", 0)
        assert test.examples, f"README block {number} has no example"
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed (see above)"

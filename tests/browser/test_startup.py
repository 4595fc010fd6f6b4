"""The Voila fixture's start-up: a port taken by another process is retried, not fatal."""

from __future__ import annotations

import http.client
import importlib.util
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

# this folder's conftest by its path: the name "conftest" is also the tests folder's
_spec = importlib.util.spec_from_file_location("browser_conftest",
                                               Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fixtures)
_wait_until_up = _fixtures._wait_until_up


@pytest.mark.parametrize("answer", [http.client.BadStatusLine("SSH-2.0"),
                                    http.client.RemoteDisconnected("closed"),
                                    ConnectionRefusedError()])
def test_a_reply_that_is_no_http_yet_is_waited_out(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, answer: Exception
) -> None:
    replies: list[Exception | None] = [answer, answer, None]

    class Up:
        def __enter__(self) -> Up:
            return self

        def __exit__(self, *_: Any) -> None:
            pass

    def urlopen(url: str, timeout: float) -> Up:
        reply = replies.pop(0)
        if reply is not None:
            raise reply
        return Up()

    monkeypatch.setattr(urllib.request, "urlopen", urlopen)
    monkeypatch.setattr("time.sleep", lambda _s: None)
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        assert _wait_until_up(proc, "http://127.0.0.1:1/", tmp_path / "log")
        assert replies == []
    finally:
        proc.kill()
        proc.wait()


def test_a_server_that_exits_first_is_started_again(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    assert not _wait_until_up(proc, "http://127.0.0.1:1/", tmp_path / "log")

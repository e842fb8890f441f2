"""The README's command runs the suite in two processes (``-n 2 --dist loadgroup``): the
browser tests are one group, which one process runs one test after another, while the other
process takes every other test, one at a time, or a module at a time where its tests share
an expensive module fixture (see ``tests/conftest.py``)."""

from __future__ import annotations

from typing import Any, cast

import pytest

from tests.conftest import in_browser_group, pytest_xdist_make_scheduler


class _Settings:
    """What the scheduler reads of pytest's settings: two local processes, the group mode."""

    def __init__(self, dist: str) -> None:
        self._values: dict[str, Any] = {"dist": dist, "tx": ["2*popen"]}

    def getvalue(self, name: str) -> Any:
        return self._values.get(name)


def _settings(dist: str) -> pytest.Config:
    return cast(pytest.Config, _Settings(dist))


def test_the_browser_tests_are_one_group_and_every_other_test_its_own() -> None:
    scheduler = pytest_xdist_make_scheduler(_settings("loadgroup"), None)
    browser = [
        "tests/browser/test_play.py::test_a_deal_to_the_show_survives_a_reload",
        "tests/browser/test_access.py::test_every_phase_at_three_and_four_passes_axe[3]",
        "tests/test_screenshots.py::test_the_readme_s_pictures",
    ]
    others = [
        "tests/test_cards.py::test_parse",
        "tests/test_cards.py::test_round_trip",
        "trainer/engine/cards.py::trainer.engine.cards.Card.parse",
    ]
    # a module whose tests share an expensive module fixture: one group, so it is made once
    whole = {
        "tests/bench/test_servers.py::test_a_kill": "tests/bench/test_servers.py",
        "tests/bench/test_servers.py::test_the_report": "tests/bench/test_servers.py",
        "tests/test_packaging.py::test_an_installed_trainer": "tests/test_packaging.py",
    }
    assert {scheduler._split_scope(nodeid) for nodeid in browser} == {"browser"}
    assert [scheduler._split_scope(nodeid) for nodeid in others] == others
    assert {nodeid: scheduler._split_scope(nodeid) for nodeid in whole} == whole
    assert all(in_browser_group(n) for n in browser)
    assert not any(map(in_browser_group, [*others, *whole]))


def test_other_ways_of_sharing_out_are_left_to_pytest_xdist() -> None:
    assert pytest_xdist_make_scheduler(_settings("load"), None) is None

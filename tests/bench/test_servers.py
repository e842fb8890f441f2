"""Several app servers on one PostgreSQL, for real: three app servers on the tests' own
PostgreSQL, six players answering Practice questions and playing games through the Play
page at once (over Streamlit's protocol), the first server killed with ``kill -9`` partway.
Nothing sent is lost, doubled or misfiled, every game replays and holds exactly the throws
and lays sent, the moved players go on with their game on the next server, and a stale
copy's move there is refused. The benchmark is run as its command
(``python -m trainer.bench.crowd --servers 3 ...``), its figures and each player's ledger
read from its ``--json`` file; the checks themselves (:mod:`trainer.bench.ledger`) are
tried on stores that break each rule. No timing is asserted."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from trainer.bench.ledger import Sent, check
from trainer.bench.playing import first_cards, play_on
from trainer.engine.settings import Settings
from trainer.progress.store import Store
from trainer.progress.store.export import Table as Rows
from trainer.training.table import Need, PlaySetup, Table

REPO = Path(__file__).resolve().parents[2]
SERVERS, USERS, ANSWERS, MOVES = 3, 6, 3, 10


class _Player:
    """A player as the checks see one: number, profile, and what their tabs sent."""

    def __init__(self, n: int, profile_id: int, sent: Sent) -> None:
        self.n, self.profile_id, self.sent = n, profile_id, sent


def _ledger(said: dict[str, Any]) -> Sent:
    """What a player's tabs sent, as the benchmark's ``--json`` gives it."""
    return Sent(
        dict(said["answers"]),
        {
            game: [(kind, tuple(cards)) for kind, cards in moves]
            for game, moves in said["decisions"].items()
        },
    )


@pytest.fixture(scope="module")
def crowd(
    postgres_server: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[dict[str, Any], list[_Player], Store, str]]:
    """The small crowd, run once for the module by the benchmark's command on the tests'
    PostgreSQL (its players left in the store to be read back): the run's figures, its
    players with what each sent, the store, and what was printed."""
    location = str(postgres_server.new_database())
    out = tmp_path_factory.mktemp("servers") / "runs.json"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "trainer.bench.crowd", "--servers", str(SERVERS)),
            *("--users", str(USERS), "--answers", str(ANSWERS), "--moves", str(MOVES)),
            *("--store", location, "--keep-players", "--no-peer", "--kill-after", "0.4"),
            *("--json", str(out)),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode in (0, 1), done.stdout + done.stderr[-4000:]  # 1: a check failed
    [run] = json.loads(out.read_text(encoding="utf-8"))
    players = [_Player(p["n"], p["profile_id"], _ledger(p["sent"])) for p in run["players"]]
    yield run, players, Store.open(location), done.stdout


@pytest.mark.slow
def test_nothing_is_lost_doubled_or_misfiled_across_servers_and_a_kill(
    crowd: tuple[dict[str, Any], list[_Player], Store, str],
) -> None:
    run, players, _, _ = crowd
    assert run["failed"] == []
    assert run["killed"].startswith("server 1 ")
    checks = run["checks"]
    assert checks is not None
    assert checks["problems"] == []
    assert checks["answers_sent"] == checks["answers_stored"]
    # an answer sent as its server was killed may have been stored, its verdict never seen:
    # the player then answers the next question too
    assert USERS * ANSWERS <= checks["answers_sent"] <= USERS * ANSWERS + len(run["moved"])
    assert checks["games"] >= USERS  # every player's game (and any started after one ended)
    assert checks["decisions"] == sum(len(d) for p in players for d in p.sent.decisions.values())
    assert checks["decisions"] > USERS  # throws and lays were made, and checked
    assert len(run["answers"]) == USERS * ANSWERS  # a verdict came back for every answer


@pytest.mark.slow
def test_the_killed_servers_players_go_on_with_their_game_and_a_stale_copy_is_refused(
    crowd: tuple[dict[str, Any], list[_Player], Store, str],
) -> None:
    run, players, _, _ = crowd
    on_the_first = {p.n for p in players if p.n % SERVERS == 0}
    assert {m["player"] for m in run["moved"]} == on_the_first  # player n was on server n mod 3
    for moved in run["moved"]:
        assert moved["stored_game"] is not None
        assert moved["continued"] is True, moved
        assert moved["stale"] == "refused", moved
    tabs_moved = run["tabs_moved"]
    assert len(tabs_moved) >= len(on_the_first) and all(s > 0 for s in tabs_moved)
    for player in run["players"]:  # the others never left their server
        if player["n"] not in on_the_first:
            assert player["moved"] is False
            assert player["server"] == {
                "practice": player["n"] % SERVERS,
                "play": player["n"] % SERVERS,
            }


@pytest.mark.slow
def test_the_report_gives_the_figures_and_the_checks(
    crowd: tuple[dict[str, Any], list[_Player], Store, str],
) -> None:
    run, _, _, text = crowd
    assert "answers a second" in text and "wait for an answer's verdict" in text
    assert "move: lay" in text and "killed with kill -9" in text
    assert f"{len(run['moved'])} players moved to the next server" in text  # two: 0 and 3
    assert "!!" not in text
    assert run["failed"] == [] and run["checks"]["problems"] == []  # so the exit status was 0


@pytest.mark.slow
def test_the_checks_find_what_the_tabs_sent_that_the_store_does_not_hold(
    crowd: tuple[dict[str, Any], list[_Player], Store, str],
) -> None:
    _, players, store, _ = crowd
    assert check(store, players).problems == []  # the ledgers as the benchmark wrote them
    ledgers = [p.sent for p in players]
    try:
        first, second = players[0], players[1]
        key, answer = next(iter(first.sent.answers.items()))
        game, decisions = next((g, d) for g, d in first.sent.decisions.items() if d)
        first.sent = copy.deepcopy(first.sent)
        first.sent.answers[key] = answer + "0"  # stored with another answer
        first.sent.answers["zzzz/0"] = "5"  # never stored: lost
        first.sent.decisions[game] = decisions[:-1]  # one more in the store than sent
        first.sent.decisions["no-such-game"] = [("lay", ("5H",))]
        second.sent = copy.deepcopy(second.sent)
        moved_key = next(iter(second.sent.answers))
        del second.sent.answers[moved_key]  # the store holds an answer nobody sent
        problems = check(store, players).problems
    finally:
        for player, ledger in zip(players, ledgers, strict=True):
            player.sent = ledger
    said = "\n".join(problems)
    assert f"player 0: {key} stored as {answer!r}, sent {answer + '0'!r}" in said
    assert "player 0: the answer to zzzz/0 was lost" in said
    assert f"player 0: game {game} holds {len(decisions)} throws and lays, the tab sent" in said
    assert "player 0: game no-such-game is not stored under them" in said
    assert f"player 1: holds {moved_key}, sent by player" in said
    assert len(problems) == 5
    assert check(store, players).problems == []  # the store itself was left as it was


# --- the checks on stores made up for them -------------------------------------------------------


class _Dumped:
    """A store whose every row is given."""

    def __init__(self, attempts: list[tuple[Any, ...]], games: list[tuple[Any, ...]]) -> None:
        self.tables = {
            "attempts": Rows(("answer", "answer_key", "profile_id"), attempts),
            "games": Rows(("game_id", "place", "profile_id", "record", "settings"), games),
        }

    def dump(self) -> dict[str, Rows]:
        return self.tables


def _game() -> tuple[Table, list[tuple[str, tuple[str, ...]]]]:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=11)
    play_on(table, stop=lambda _, need: need is Need.DISCARD)  # a tied cut is cut again
    thrown = first_cards(table)
    table.discard(thrown)
    return table, [("throw", tuple(sorted(str(c) for c in thrown)))]


def _row(table: Table, game_id: str, profile_id: int) -> tuple[Any, ...]:
    record = table.game.record().notation()
    return (game_id, table.place(), profile_id, record, table.setup.notation())


def test_a_store_that_holds_exactly_what_was_sent_passes() -> None:
    table, thrown = _game()
    players = [_Player(0, 7, Sent({"s1/0": "5", "s1/1": "6"}, {"g1": thrown}))]
    store = _Dumped([("5", "s1/0", 7), ("6", "s1/1", 7), ("9", "x/0", 99)], [_row(table, "g1", 7)])
    checks = check(store, players)
    assert checks.problems == []
    assert (checks.answers_sent, checks.answers_stored, checks.games, checks.decisions) == (
        2,
        2,
        1,
        1,
    )


def test_an_answer_stored_twice_or_under_another_player_is_found() -> None:
    players = [_Player(0, 7, Sent({"s1/0": "5"})), _Player(1, 8, Sent({"s2/0": "4"}))]
    store = _Dumped([("5", "s1/0", 7), ("5", "s1/0", 7), ("4", "s2/0", 7)], [])
    problems = check(store, players).problems
    assert "player 0: s1/0 stored 2 times" in problems
    assert "player 0: holds s2/0, sent by player 1" in problems
    assert "player 1: the answer to s2/0 was lost" in problems


def test_a_game_that_does_not_replay_or_holds_a_move_twice_is_found() -> None:
    table, thrown = _game()
    players = [_Player(0, 7, Sent({}, {"g1": thrown, "g2": thrown}))]
    good = _row(table, "g1", 7)
    broken = (*_row(table, "g2", 7)[:3], good[3].replace("discard", "dicsard"), good[4])
    problems = check(_Dumped([], [good, broken]), players).problems
    assert [p for p in problems if "g2 does not replay" in p]
    players[0].sent.decisions["g1"] = thrown * 2  # sent once, found twice: or the other way
    problems = check(_Dumped([], [good]), players).problems
    assert any("game g1 holds 1 throws and lays, the tab sent 2" in p for p in problems)

"""What the crowd's tabs sent, and the store checked against it (the several-servers run of
:mod:`trainer.bench.servers`, and its tests): every answer stored once, as sent, under the
player whose address sent it; every game replays and holds exactly the throws and lays its
player's tab sent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class Sent:
    """What one player's tabs sent, to be checked against the store afterwards."""

    answers: dict[str, str] = field(default_factory=dict)  # answer key (set/index) -> answer
    #: Game id -> the throws and lays sent, in order (cards sorted).
    decisions: dict[str, list[tuple[str, tuple[str, ...]]]] = field(default_factory=dict)


class Sender(Protocol):
    """A player as the checks see one: their number, their profile, and what they sent."""

    n: int
    profile_id: int
    sent: Sent


@dataclass
class Checks:
    """What the store holds against what the tabs sent."""

    answers_sent: int = 0
    answers_stored: int = 0
    games: int = 0
    decisions: int = 0
    problems: list[str] = field(default_factory=list)


def _decisions(record: Any) -> list[tuple[str, tuple[str, ...]]]:
    """The person's throws and lays in a game, in order (cards sorted)."""
    from trainer.engine.events import DiscardEvent, LayEvent
    from trainer.training.table import ME

    out: list[tuple[str, tuple[str, ...]]] = []
    for event in record.events:
        if isinstance(event, DiscardEvent) and event.seat == ME:
            out.append(("throw", tuple(sorted(str(card) for card in event.cards))))
        elif isinstance(event, LayEvent) and event.seat == ME:
            out.append(("lay", (str(event.card),)))
    return out


def check(store: Any, players: Sequence[Sender]) -> Checks:
    """Every answer stored once under its player with the answer sent; every game replays
    and holds exactly the throws and lays sent."""
    tables = store.dump()
    checks = Checks()
    _check_answers(checks, tables["attempts"], players)
    _check_games(checks, tables["games"], players)
    return checks


def _check_answers(checks: Checks, attempts: Any, players: Sequence[Sender]) -> None:
    """Each player's answers as stored (the ``attempts`` table) against those they sent."""
    a_col = {name: i for i, name in enumerate(attempts.columns)}
    ours = {p.profile_id: p for p in players}
    owner_of_set = {key.partition("/")[0]: p.n for p in players for key in p.sent.answers}
    stored: dict[int, list[tuple[str, str]]] = {pid: [] for pid in ours}
    for row in attempts.rows:
        pid = row[a_col["profile_id"]]
        if pid in stored:
            stored[pid].append((str(row[a_col["answer_key"]]), str(row[a_col["answer"]])))
    for pid, player in ours.items():
        checks.answers_sent += len(player.sent.answers)
        checks.answers_stored += len(stored[pid])
        checks.problems += _answer_problems(player, stored[pid], owner_of_set)


def _answer_problems(
    player: Sender, stored: list[tuple[str, str]], owner_of_set: dict[str, int]
) -> list[str]:
    """What is wrong with the answers ``stored`` under ``player``: one stored twice, one
    lost, one stored as another answer, or one of another player's sets."""
    counts = Counter(key for key, _ in stored)
    problems = [f"player {player.n}: {key} stored {n} times" for key, n in counts.items() if n > 1]
    answer_of = dict(stored)
    for key, answer in player.sent.answers.items():
        if key not in answer_of:
            problems.append(f"player {player.n}: the answer to {key} was lost")
        elif answer_of[key] != answer:
            problems.append(
                f"player {player.n}: {key} stored as {answer_of[key]!r}, sent {answer!r}"
            )
    for key in answer_of:
        if key not in player.sent.answers:
            sender = owner_of_set.get(key.partition("/")[0])
            problems.append(f"player {player.n}: holds {key}, sent by player {sender}")
    return problems


def _check_games(checks: Checks, games: Any, players: Sequence[Sender]) -> None:
    """Each player's games as stored (the ``games`` table): each replays and holds the
    throws and lays the player sent, and each game they played is stored under them."""
    g_col = {name: i for i, name in enumerate(games.columns)}
    ours = {p.profile_id: p for p in players}
    for row in games.rows:
        owner = ours.get(row[g_col["profile_id"]])
        if owner is not None:
            checks.games += 1
            _check_game(checks, owner, {name: row[i] for name, i in g_col.items()})
    stored_games = {(row[g_col["profile_id"]], str(row[g_col["game_id"]])) for row in games.rows}
    for pid, player in ours.items():
        for game_id in player.sent.decisions:
            if (pid, game_id) not in stored_games:
                checks.problems.append(
                    f"player {player.n}: game {game_id} is not stored under them"
                )


def _check_game(checks: Checks, owner: Sender, row: dict[str, Any]) -> None:
    """One stored game of ``owner`` (its ``row`` by column): it replays, and holds the
    throws and lays sent."""
    from trainer.engine.record import GameRecord
    from trainer.training.table import PlaySetup, Table

    game_id = str(row["game_id"])
    try:
        record = GameRecord.parse(str(row["record"]))
        Table.resume(PlaySetup.parse(str(row["settings"])), record, str(row["place"]))
    except ValueError as err:
        checks.problems.append(f"player {owner.n}: game {game_id} does not replay: {err}")
        return
    held = _decisions(record)
    checks.decisions += len(held)
    sent = owner.sent.decisions.get(game_id, [])
    if held != sent:
        checks.problems.append(
            f"player {owner.n}: game {game_id} holds {len(held)} throws and lays, the tab "
            f"sent {len(sent)}; first difference at "
            f"{next((i for i, (a, b) in enumerate(zip(held, sent, strict=False)) if a != b), min(len(held), len(sent)))}"
        )

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
    from trainer.engine.record import GameRecord
    from trainer.training.table import PlaySetup, Table

    tables = store.dump()
    checks = Checks()
    problems = checks.problems
    attempts, games = tables["attempts"], tables["games"]
    a_col = {name: i for i, name in enumerate(attempts.columns)}
    g_col = {name: i for i, name in enumerate(games.columns)}
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
        counts = Counter(key for key, _ in stored[pid])
        problems += [
            f"player {player.n}: {key} stored {n} times" for key, n in counts.items() if n > 1
        ]
        answer_of = dict(stored[pid])
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
    for row in games.rows:
        pid = row[g_col["profile_id"]]
        owner = ours.get(pid)
        if owner is None:
            continue
        game_id = str(row[g_col["game_id"]])
        checks.games += 1
        try:
            record = GameRecord.parse(str(row[g_col["record"]]))
            Table.resume(
                PlaySetup.parse(str(row[g_col["settings"]])), record, str(row[g_col["place"]])
            )
        except ValueError as err:
            problems.append(f"player {owner.n}: game {game_id} does not replay: {err}")
            continue
        held = _decisions(record)
        checks.decisions += len(held)
        sent = owner.sent.decisions.get(game_id, [])
        if held != sent:
            problems.append(
                f"player {owner.n}: game {game_id} holds {len(held)} throws and lays, the tab "
                f"sent {len(sent)}; first difference at "
                f"{next((i for i, (a, b) in enumerate(zip(held, sent, strict=False)) if a != b), min(len(held), len(sent)))}"
            )
    stored_games = {(row[g_col["profile_id"]], str(row[g_col["game_id"]])) for row in games.rows}
    for pid, player in ours.items():
        for game_id in player.sent.decisions:
            if (pid, game_id) not in stored_games:
                problems.append(f"player {player.n}: game {game_id} is not stored under them")
    return checks

"""Playing the Play page without a person, for the benchmarks, the README's pictures and
the tests: a whole game through the page's :class:`~trainer.training.table.Table`
(:func:`played_game`), and one move of the person on the page run in AppTest
(:func:`interact`, on the tappable cards :func:`cards_on_table` finds), with its games saved
in a database file of their own (:func:`bench_database`) under :data:`BENCH_PLAYER`. A tool,
not a benchmark: it times nothing."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from trainer.analysis import Level
from trainer.engine.cards import Card
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress.store import ENV_VAR
from trainer.training.table import Need, PlaySetup, Table
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE

__all__ = [
    "BENCH_PLAYER",
    "bench_database",
    "cards_on_table",
    "first_cards",
    "first_fit",
    "interact",
    "last_fit",
    "move",
    "play_on",
    "played_game",
    "right_count",
]

#: Who plays the benchmarks' games (saved after every move, as anyone's are).
BENCH_PLAYER = "Bench"


@contextmanager
def bench_database() -> Iterator[Path]:
    """A fresh database file in a temporary folder, the app's for as long as this lasts (the
    store's environment variable points at it; put back after); yields the folder."""
    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get(ENV_VAR)
        os.environ[ENV_VAR] = str(Path(folder) / "play.sqlite3")
        try:
            yield Path(folder)
        finally:
            if old is None:
                os.environ.pop(ENV_VAR, None)
            else:
                os.environ[ENV_VAR] = old


def cards_on_table(at: Any) -> Any:
    """The Play page's tappable cards (the throw's, the lay's or a count's), among its components."""
    (cards,) = [
        c for c in at.get("bidi_component") if str(c.key).startswith(("throw_", "lay_", "claim_"))
    ]
    return cards


def interact(at: Any) -> Need:
    """Set up one interaction of the person (the run itself is timed by the caller)."""
    table: Table = at.session_state[PLAY_STATE].game.table
    need = table.need()
    game_id = at.session_state[PLAY_STATE].game.game_id
    if need is Need.CUT_FOR_DEAL:
        at.button(key="play_cut").click()
    elif need is Need.CUT_STARTER:
        at.button(key="play_cut_starter").click()
    elif need is Need.DISCARD:
        throw = first_cards(table)
        at.session_state[f"throw_{game_id}_{table.view.deal_no}"] = {
            "log": [{"seq": 1, "do": "pick", "cards": [str(card) for card in throw]}]
        }
    elif need is Need.LAY:
        data = json.loads(cards_on_table(at).proto.json)
        card = next(c["id"] for c in data["cards"] if not c["off"])
        at.session_state[data["token"]] = {"log": [{"seq": 1, "do": "lay", "cards": [card]}]}
    elif need is Need.REVEAL:
        key = f"play_reveal_{len(table.game.events)}"
        nexts = [b for b in at.button if b.key == f"{key}_next"]
        (nexts[0] if nexts else at.button(key=f"{key}_go")).click()
    elif need is Need.CLAIM:
        nxt = table.next_count()
        assert nxt is not None
        key = f"play_claim_{len(table.game.events)}"
        at.number_input(key=key).set_value(nxt[2].total)
        at.button(key=f"{key}_ok").click()
    return need


def right_count(table: Table) -> int:
    """What the hand to be counted makes (the person counts it right)."""
    nxt = table.next_count()
    assert nxt is not None
    return nxt[2].total


def first_cards(table: Table) -> Sequence[Card]:
    """The person's throw: the first cards of their hand, as many as the table throws (two
    between two, one among three or four)."""
    return table.view.hand[: table.game.settings.throw]


def first_fit(table: Table) -> Card:
    """The person's lay: the first card of their hand that fits."""
    return table.view.playable[0]


def last_fit(table: Table) -> Card:
    """The person's lay: the last card of their hand that fits."""
    return table.view.playable[-1]


def move(
    table: Table,
    *,
    throw: Callable[[Table], Sequence[Card]] = first_cards,
    lay: Callable[[Table], Card] = first_fit,
    claim: Callable[[Table], int] = right_count,
) -> Need:
    """One move of the person on ``table``: they cut, throw ``throw(table)``, cut the
    starter, lay ``lay(table)``, count ``claim(table)`` or go on through the show (nothing
    once the game is over). What they had to do."""
    need = table.need()
    if need is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    elif need is Need.DISCARD:
        table.discard(throw(table))
    elif need is Need.CUT_STARTER:
        table.cut_starter()
    elif need is Need.LAY:
        table.lay(lay(table))
    elif need is Need.REVEAL:
        table.carry_on()
    elif need is Need.CLAIM:
        table.claim(claim(table))
    return need


def play_on(
    table: Table,
    *,
    stop: Callable[[Table, Need], bool] | None = None,
    throw: Callable[[Table], Sequence[Card]] = first_cards,
    lay: Callable[[Table], Card] = first_fit,
    claim: Callable[[Table], int] = right_count,
    moves: int = 5000,
) -> Need:
    """The person's moves on ``table`` (:func:`move`: by default they throw the first cards
    of their hand, lay the first card that fits and count right) until the game is over or
    ``stop(table, need)``. What they had to do when it stopped; :class:`RuntimeError` after
    ``moves`` moves."""
    for _ in range(moves):
        need = table.need()
        if need is Need.OVER or (stop is not None and stop(table, need)):
            return need
        move(table, throw=throw, lay=lay, claim=claim)
    raise RuntimeError(f"the game of seed {table.game.seed} did not end in {moves} moves")


def played_game(level: Level, target: int, seed: int) -> Table:
    """A whole game through the Play page's Table, under muggins: the person throws the
    first cards of their hand, lays the first card that fits and counts every hand right."""
    table = Table.new(PlaySetup(level, Settings(target=target, counting=Counting.MUGGINS)), seed)
    play_on(table)
    return table

"""Benchmark of the game review and of reading a record back, printed by
``python -m trainer.bench.play`` (last, or alone with ``--review`` and ``--import``).

The game review (:func:`bench_review`): whole games to 121 reviewed, against replaying
their records, and the Review page opened for each in AppTest through the app, against the
Home page opened the same way; the budget is 2 s after the last click. Reading back
(:func:`bench_import`): the largest record a person may paste (:func:`largest_record`)
parsed, checked and replayed onto a table as the Play page does, against a whole game's
record.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from trainer.analysis import Level
from trainer.bench.playing import BENCH_PLAYER, bench_database, play_on, played_game
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress.store import ENV_VAR, Store
from trainer.training.table import Table, export_text, parse_export

__all__ = [
    "REVIEW_SEEDS",
    "bench_import",
    "bench_review",
    "largest_record",
    "report_import",
    "report_review",
]

APP = Path(__file__).resolve().parents[1] / "app.py"
REVIEW_PAGE = "ui/views/review.py"
#: The games the review is timed on (one deal order each).
REVIEW_SEEDS: tuple[int, ...] = (20261201, 20261202, 20261203)


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def bench_review(
    target: int = 121,
    level: Level = "normal",
    *,
    seeds: Sequence[int] = REVIEW_SEEDS,
    runs: int = 3,
    page: bool = True,
    warm: bool = True,
) -> list[tuple[str, float]]:
    """The review of whole games (:func:`trainer.training.review.review_game`): the first in
    this process (the analysis's tables are loaded then, unless an earlier figure did),
    then the median and worst of every game reviewed ``runs`` times, against replaying the
    same records (the peer: the least anything about a finished game costs).

    With ``page``, the Review page opened in AppTest through the app for each game in turn,
    as after the results screen's last click (each game new to the page's cache), against
    the Home page opened the same way in between (the peer: the app's own cost of a page);
    after the app's warm-up unless ``warm`` is False (then the first opening pays for what
    a process loads once)."""
    from trainer.engine.game import Game
    from trainer.training.review import review_game

    tables = [played_game(level, target, seed) for seed in seeds]
    records = [table.game.record() for table in tables]
    first = _timed(partial(review_game, records[0]))
    builds = [_timed(partial(review_game, r)) for r in records for _ in range(runs)]
    replays = [_timed(partial(Game.replay, r)) for r in records for _ in range(5 * runs)]
    reviews = [review_game(r) for r in records]
    rows = [
        (f"games to {target} reviewed (count)", float(len(records))),
        ("deals a game, mean (count)", sum(len(r.deals) for r in reviews) / len(reviews)),
        ("decisions a game, mean (count)", sum(len(r.decisions) for r in reviews) / len(reviews)),
        ("review, first in the process (ms)", 1000 * first),
        ("review, median (ms)", 1000 * _median(builds)),
        ("review, worst (ms)", 1000 * max(builds)),
        ("peer: replaying the record, median (ms)", 1000 * _median(replays)),
        ("review median over the replay (ratio)", _median(builds) / _median(replays)),
    ]
    if page:
        rows += _bench_review_page(tables, warm=warm)
    return rows


def largest_record(seed: int = 20261201) -> str:
    """The largest record a person may paste: a long game under muggins in which the person
    claims nothing (so every point of the show goes the long way), its cut for deal tied as
    often as a record may tie it, padded with comment lines to the most characters allowed."""
    from trainer.engine.game import Game
    from trainer.engine.record import MAX_RECORD_CHARS, MAX_TIED_CUTS

    game = Game(Settings(target=121, counting=Counting.MUGGINS), seed)
    for _ in range(MAX_TIED_CUTS):
        first = game.cut_for_deal(0, at=game.cut_range()[0])
        low, high = game.cut_range()
        for at in range(low, high + 1):
            probe = Game.replay(game.record())
            if probe.cut_for_deal(1, at=at).card.rank == first.card.rank:
                game.cut_for_deal(1, at=at)
                break
    table = Table(game, "easy")
    table.advance()
    play_on(table, claim=lambda _: 0)  # nothing claimed: every point of the show is muggins
    text = export_text(table)
    pad = "# " + "-" * 97 + "\n"
    while len(text) + len(pad) <= MAX_RECORD_CHARS:
        text = pad + text
    return text


def bench_import(runs: int = 5) -> list[tuple[str, float]]:
    """Reading back the largest record a person may paste (:func:`largest_record`) as the
    Play page does (parsed, checked, replayed onto a table), against a whole game's record
    (the peer); and the memory the largest one takes while it is read."""
    import tracemalloc

    from trainer.engine.record import MAX_RECORD_CHARS

    largest = largest_record()
    usual = export_text(played_game("easy", 121, REVIEW_SEEDS[0]))

    def read(text: str) -> None:
        setup, record = parse_export(text)
        Table.resume(setup, record)

    read(usual)  # tables and imports loaded once
    big = [_timed(partial(read, largest)) for _ in range(runs)]
    small = [_timed(partial(read, usual)) for _ in range(runs)]
    tracemalloc.start()
    read(largest)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return [
        ("largest record allowed (characters)", float(MAX_RECORD_CHARS)),
        ("largest record read back, median (ms)", 1000 * _median(big)),
        ("peer: a whole game's record read back, median (ms)", 1000 * _median(small)),
        ("largest over a whole game's record (ratio)", _median(big) / _median(small)),
        ("largest record read back, memory at its peak (MB)", peak / 2**20),
    ]


def _bench_review_page(tables: Sequence[Table], *, warm: bool) -> list[tuple[str, float]]:
    from streamlit.testing.v1 import AppTest

    from trainer.ui.play_saves import saved_row
    from trainer.ui.session import PLAYER_PARAM, player_param

    if warm:  # as on a server that has been up for a moment (trainer/app.py starts this)
        from trainer.ui.warmup import warm_up

        warm_up().join()
    with bench_database():
        store = Store.open(os.environ[ENV_VAR])
        player = store.create_profile(BENCH_PLAYER)
        at = AppTest.from_file(str(APP), default_timeout=120)
        at.query_params[PLAYER_PARAM] = player_param(player)
        at.switch_page("ui/views/home.py")
        at.run()  # the app's first run in this process: not what a review costs
        opened: list[float] = []
        home: list[float] = []
        for n, table in enumerate(tables):
            game_id = f"bench-review-{n}"
            store.save_game(player.id, saved_row(game_id, table))
            at.query_params["game"] = game_id
            at.switch_page(REVIEW_PAGE)
            opened.append(_timed(at.run))
            if at.exception or "Your three costliest decisions" not in [
                s.value for s in at.subheader
            ]:
                raise RuntimeError(f"the Review page failed: {at.exception}")
            at.switch_page("ui/views/home.py")
            home.append(_timed(at.run))
    return [
        ("Review page opened, first (ms)", 1000 * opened[0]),
        ("Review page opened, median (ms)", 1000 * _median(opened)),
        ("Review page opened, worst (ms)", 1000 * max(opened)),
        ("peer: Home page opened the same way (ms)", 1000 * _median(home)),
        ("Review median over Home (ratio)", _median(opened) / _median(home)),
        ("worst opening against the 2 s budget (share)", max(opened) / 2.0),
    ]


def report_review(
    target: int = 121,
    level: Level = "normal",
    *,
    warm: bool = True,
    seeds: Sequence[int] = REVIEW_SEEDS,
    runs: int = 3,
    found: dict[str, object] | None = None,
) -> str:
    """The game review's figures, as printed (``found`` is given them under ``"review"``)."""
    state = "after the app's warm-up" if warm else "no warm-up"
    lines = [
        f"Game review, whole games to {target} against {level} (the person under muggins), {state}"
    ]
    rows = bench_review(target, level, seeds=seeds, runs=runs, warm=warm)
    if found is not None:
        found["review"] = rows
    lines += [f"  {label:<48} {value:>10.2f}" for label, value in rows]
    return "\n".join(lines)


def report_import() -> str:
    """Reading back a pasted record's figures, as printed."""
    rows = bench_import()
    width = max(len(label) for label, _ in rows)
    return "\n".join(
        ["Reading back a pasted record"]
        + [f"  {label:<{width}}  {value:10.2f}" for label, value in rows]
    )

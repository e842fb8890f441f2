"""Benchmark of the Progress page with 100,000 recorded answers:
``python -m trainer.bench.progress_page`` (also printed by ``python -m trainer.bench``).

In one run, on a fresh database file in a temporary folder:

* filling it: 100,000 seeded answers over a year, in one transaction (setup, for scale);
* the page's aggregates, grouped in SQL over covering indexes, plus the pure report;
* the peer: the same aggregates computed with pandas from every row read out of the
  file (the usual way to do it), and the ratio between the two, after checking they agree;
* the whole Progress page rendered by Streamlit's AppTest for a new session (target: < 1 s);
* the CSV export of every answer.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from trainer.bench import line_by_line
from trainer.engine import DECK
from trainer.engine.skills import CATEGORIES, CATEGORY_DRILLS, DrillType, Mode
from trainer.progress.figures import RECENT_ANSWERS, RECENT_PER_AREA, Report, build_report
from trainer.progress.store import ENV_VAR, Store
from trainer.training.records import AttemptIn

ANSWERS = 100_000
APP = Path(__file__).resolve().parents[1] / "app.py"
TIERS: dict[str, tuple[str, ...]] = {
    "hand": ("beginner", "club", "expert", "twenty-plus", "traps"),
    "crib": ("beginner", "club", "expert", "traps"),
    "peg": ("beginner", "club", "expert", "traps"),
    "go": ("beginner", "club", "expert"),
}
T = TypeVar("T")


def seeded_answers(n: int = ANSWERS, seed: int = 5) -> Iterator[AttemptIn]:
    """A year of practice: accuracy and pace improve, misses fit the drill."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, 7, tzinfo=UTC)
    drills = list(TIERS)
    for k in range(n):
        progress = k / n
        drill = rng.choices(drills, weights=(5, 2, 3, 1))[0]
        tier = rng.choice(TIERS[drill])
        correct = rng.random() < 0.55 + 0.4 * progress
        possible = [c for c in CATEGORIES if drill in CATEGORY_DRILLS[c]]
        missed = () if correct else tuple(rng.sample(possible, rng.choice((1, 1, 1, 2))))
        cards = rng.sample(DECK, 5)
        yield AttemptIn(
            drill=DrillType(drill),
            tier=tier,
            seed=rng.randrange(1_000_000),
            question=" ".join(str(c) for c in cards[:4]) + " | " + str(cards[4]),
            answer=str(rng.randrange(30)),
            correct=correct,
            points_off=0 if correct else rng.choice((-4, -2, -1, 1, 2)),
            missed=missed,
            seconds=round(rng.uniform(3, 30) * (1.5 - progress), 2),
            mode=rng.choice((Mode.QUICK, Mode.QUICK, Mode.CLAIM)),
            at=start + timedelta(minutes=5.25 * k),
        )


def _best(repeats: int, fn: Callable[[], T]) -> tuple[float, T]:
    best = float("inf")
    result: Any = None
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def page_report(store: Store, profile_id: int, today: date) -> Report:
    """What the Progress page asks the store for, put together as it does."""
    rows = store.progress_rows(profile_id, per_area=RECENT_PER_AREA, recent=RECENT_ANSWERS)
    return build_report(rows, today=today)


def pandas_aggregates(path: Path, profile_id: int) -> dict[str, Any]:
    """The peer: read every answer into pandas, then group there."""
    import pandas as pd

    with sqlite3.connect(path) as conn:
        rows = pd.read_sql_query(
            "SELECT * FROM attempts WHERE profile_id = ? ORDER BY id", conn, params=(profile_id,)
        )
        misses = pd.read_sql_query(
            "SELECT attempt_id, drill, tier, category FROM attempt_misses WHERE profile_id = ?",
            conn,
            params=(profile_id,),
        )
    conn.close()
    days = rows.groupby(["day", "drill"]).agg(
        answers=("id", "size"), correct=("correct", "sum"), seconds=("seconds", "sum")
    )
    areas = rows.groupby(["drill", "tier"]).agg(
        answers=("id", "size"), correct=("correct", "sum"), seconds=("seconds", "sum")
    )
    by_category = misses.groupby(["drill", "tier", "category"]).size()
    runs = rows["correct"].groupby((rows["correct"] == 0).cumsum()).cumsum()
    window = rows.groupby(["drill", "tier"]).tail(RECENT_PER_AREA)
    recent = rows.tail(RECENT_ANSWERS)
    return {
        "answers": int(days["answers"].sum()),
        "days": len(days),
        "areas": len(areas),
        "misses": int(by_category.sum()),
        "streaks": (int(runs.iloc[-1]), int(runs.max())),
        "window": len(window),
        "recent": len(recent),
    }


def _render_seconds(path: Path, profile_id: int) -> float:
    """The whole Progress page for a new session, after one warm-up in this process."""
    from streamlit.testing.v1 import AppTest

    from trainer.ui.session import STATE_KEY, BrowserSession

    def render() -> float:
        at = AppTest.from_file(str(APP), default_timeout=120)
        at.session_state[STATE_KEY] = BrowserSession(profile_id=profile_id)
        at.run()
        at.switch_page("ui/views/progress.py")
        start = time.perf_counter()
        at.run()
        seconds = time.perf_counter() - start
        # (its charts are folded until opened: a first load draws none)
        figures = [h for h in at.html if "app-metric-value" in str(h.value)]
        if at.exception or not figures or at.get("vega_lite_chart"):
            raise RuntimeError(f"the Progress page did not render: {at.exception}")
        return seconds

    previous = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = str(path)
    try:
        render()  # imports, drill definitions and the opened store, once per process
        return min(render() for _ in range(3))
    finally:
        if previous is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = previous


def bench_progress(answers: int = ANSWERS) -> list[tuple[str, float]]:
    """Labelled figures (seconds unless the label says otherwise)."""
    with tempfile.TemporaryDirectory(prefix="progress-bench-") as folder:
        path = Path(folder) / "progress.sqlite3"
        store = Store.open(path)
        profile = store.create_profile("Bench")
        other = store.create_profile("Someone else")
        store.add_attempts(other.id, seeded_answers(2_000, seed=9))
        insert_s, _ = _best(1, lambda: store.add_attempts(profile.id, seeded_answers(answers)))
        today = date(2026, 1, 1)

        ours_s, report = _best(3, lambda: page_report(store, profile.id, today))
        peer_s, peer = _best(3, lambda: pandas_aggregates(path, profile.id))
        if (
            report.totals.answers != peer["answers"]
            or tuple(report.right_streak) != peer["streaks"]
            or len(report.needs) != peer["areas"]
            or sum(c.misses for c in report.categories) != peer["misses"]
        ):
            raise RuntimeError("the SQL and pandas aggregates disagree")

        render_s = _render_seconds(path, profile.id)
        export_s, _ = _best(1, lambda: store.export_csv(profile.id))
        size_mb = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6
    return [
        (f"fill: {answers:,} answers, 1 transaction s", insert_s),
        ("page aggregates in SQL + report s", ours_s),
        ("same with pandas over all rows (peer) s", peer_s),
        ("ratio peer / ours (x)", peer_s / ours_s),
        ("Progress page render, AppTest s", render_s),
        ("CSV export of every answer s", export_s),
        ("database file MB", size_mb),
    ]


def answers_digest(n: int) -> str:
    """A fingerprint of the first ``n`` seeded answers, for ``--json``."""
    return hashlib.sha256(repr(list(seeded_answers(n))).encode()).hexdigest()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench.progress_page", description=__doc__
    )
    parser.add_argument("--answers", type=int, default=ANSWERS, help="recorded answers")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures to FILE as JSON (for the tests)"
    )
    args = parser.parse_args(argv)
    line_by_line()
    print(f"Progress page with {args.answers:,} recorded answers")
    figures = bench_progress(args.answers)  # raises if SQL and pandas disagree
    for label, value in figures:
        print(f"  {label:<42} {value:>9.3f}")
    if args.json:
        found = {
            "figures": figures,
            # twice over, each from a fresh start: the same seed gives the same answers
            "seeded_answers": [answers_digest(20), answers_digest(20)],
        }
        Path(args.json).write_text(json.dumps(found, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

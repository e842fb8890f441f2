"""The report of the benchmark of several app servers on one store
(:mod:`trainer.bench.servers`): each run's figures (answers a second, the waits for a
verdict and for each kind of move, the server killed and the players moved, what the
checks found), the ratio of several servers to one, the figures as JSON, and the problems
found."""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from trainer.bench import p95
from trainer.bench.servers import Run

__all__ = ["KINDS", "as_json", "problems", "report"]


def _row(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"  {name:<40} no samples"
    median, worst = statistics.median(values) * 1000, max(values) * 1000
    tail = p95(values) * 1000
    return (
        f"  {name:<40} median {median:8.1f} ms   p95 {tail:8.1f} ms   worst {worst:8.1f} ms"
        f"   n={len(values)}"
    )


KINDS = ("start", "cut", "throw", "lay", "continue", "again")


def _many(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _all_moves(run: Run) -> list[float]:
    return [wait for waits in run.moves.values() for wait in waits]


def _run_lines(result: Run) -> list[str]:
    """One run's part of the report: its steps, waits and moves, the server killed and the
    players moved, and what the checks found."""
    lines = [f"== {result.label}"]
    timed = len(result.answers) + len(_all_moves(result))
    steps = max(result.steps, timed)
    seconds = result.elapsed or float("inf")
    lines.append(
        f"  {_many(steps, 'step')} (answers and moves) in {result.elapsed:.1f} s: "
        f"{len(result.answers) / seconds:.1f} answers a second, "
        f"{steps / seconds:.1f} steps a second"
        + (f"; {steps - timed} sent as their server was killed, not timed" if steps > timed else "")
    )
    lines.append(_row("wait for an answer's verdict", result.answers))
    if result.unsaved:
        lines.append(
            f"  {_many(result.unsaved, 'move')} said not saved at first (the store busy), "
            'then saved with "Try saving again"'
        )
    for kind in KINDS:
        if kind in result.moves:
            lines.append(_row(f"move: {kind}", result.moves[kind]))
    lines.append(_row("move: every kind", _all_moves(result)))
    if result.killed:
        lines.append(f"  {result.killed}")
        continued = [m.continued for m in result.moved]
        stale = Counter(m.stale.partition(":")[0] for m in result.moved)
        lines.append(
            f"  {_many(len(result.moved), 'player')} moved to the next server: "
            f"{continued.count(True)} went on with the same game"
            + (f", {continued.count(False)} did NOT" if False in continued else "")
            + (f", {continued.count(None)} showed no game after" if None in continued else "")
            + "; their stale copies' moves: "
            + ", ".join(f"{n} {what}" for what, n in sorted(stale.items()))
        )
        lines.append(_row("from the kill to a tab's page elsewhere", result.tabs_moved))
    checks = result.checks
    if checks is not None:
        verdict = (
            "every one stored once, as sent, under its player"
            if not checks.problems
            else "PROBLEMS below"
        )
        lines.append(
            f"  checked: {checks.answers_sent} answers sent, {checks.answers_stored} stored "
            f"({verdict}); {checks.games} games replay, holding {checks.decisions} throws "
            "and lays" + (", exactly as sent" if not checks.problems else "")
        )
    return lines


def report(runs: Sequence[Run], *, answers: int, moves: int, store: str | None) -> str:
    where = "the PostgreSQL given" if store else "a throwaway PostgreSQL of its own"
    lines = [
        f"Several app servers on one store ({where}): {_many(runs[-1].users, 'player')} at "
        f"once, each answering {_many(answers, 'Practice question')} and making "
        f"{_many(moves, 'move')} in games to 61 "
        "against Easy, through the pages, over Streamlit's protocol"
    ]
    for result in runs:
        lines += _run_lines(result)
    if (
        len(runs) == 2
        and runs[0].elapsed
        and runs[1].elapsed
        and runs[0].answers
        and runs[1].answers
    ):
        one, many = runs
        lines.append(f"== {many.label} against {one.label}: ratio")
        ratios = [
            (
                "answers a second",
                (len(many.answers) / many.elapsed) / (len(one.answers) / one.elapsed),
            ),
            (
                "median wait for a verdict",
                statistics.median(many.answers) / statistics.median(one.answers),
            ),
            ("worst wait for a verdict", max(many.answers) / max(one.answers)),
        ]
        if _all_moves(one) and _all_moves(many):
            ratios.append(
                (
                    "median move",
                    statistics.median(_all_moves(many)) / statistics.median(_all_moves(one)),
                )
            )
        lines += [f"  {name:<40} {value:6.2f}" for name, value in ratios]
    for result in runs:
        problems = [*result.failed, *(result.checks.problems if result.checks else [])]
        if problems:
            lines.append(f"!! {result.label}: {len(problems)} problems, the first: {problems[:5]}")
    return "\n".join(lines)


def as_json(runs: Sequence[Run]) -> list[dict[str, Any]]:
    """The runs' figures and checks, each player's ledger with them (``--json``)."""
    found = []
    for result in runs:
        figures = dataclasses.asdict(result)
        for moved, said in zip(result.moved, figures["moved"], strict=True):
            said["continued"] = moved.continued
        found.append(figures)
    return found


def problems(runs: Sequence[Run]) -> list[str]:
    return [p for r in runs for p in [*r.failed, *(r.checks.problems if r.checks else [])]]

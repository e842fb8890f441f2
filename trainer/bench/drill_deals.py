"""Drill dealing speed, for ``python -m trainer.bench``: the worst time to deal one
question, per drill and tier, over many seeds.

Each question is dealt three times and its best time kept, with the garbage
collector paused (as :mod:`timeit` does), so a stray pause of the machine does
not pass for the generator's own worst case. The one-off cost of building the
hand and crib tables is reported on its own line.

    python -m trainer.bench.drill_deals [--seeds N] [--json FILE]
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from trainer.bench import line_by_line
from trainer.content.catalog import DrillCatalog
from trainer.engine.skills import DrillType
from trainer.training.questions import deal_question, load_catalog, warm_up
from trainer.training.questions import deal_show as drills_module

REPEATS = 3


def _best_ms(catalog: DrillCatalog, drill: DrillType, tier: str, seed: int, index: int) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        deal_question(drill, tier, seed, index, catalog=catalog)
        best = min(best, time.perf_counter() - start)
    return best * 1000


def table_build_ms(catalog: DrillCatalog) -> float:
    """The one-off cost of the hand and crib tables, cold."""
    drills_module._candidates.cache_clear()
    drills_module.show_table.cache_clear()
    start = time.perf_counter()
    warm_up(catalog)
    return (time.perf_counter() - start) * 1000


def bench_drills(seeds: int = 200, catalog: DrillCatalog | None = None) -> list[tuple[str, float]]:
    """(label, worst milliseconds to deal one question) for every drill and tier.

    The first line is the one-off table build; every other line is the worst
    case over ``seeds`` seeds (question index ``seed % 10``).
    """
    catalog = catalog or load_catalog()
    results = [("hand and crib tables, built once", table_build_ms(catalog))]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for drill in catalog.drills.values():
            for tier in drill.tiers:
                worst = max(
                    _best_ms(catalog, drill.drill, tier.id, seed, seed % 10)
                    for seed in range(seeds)
                )
                results.append((f"{drill.drill} / {tier.id}", worst))
    finally:
        if enabled:
            gc.enable()
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench.drill_deals", description=__doc__
    )
    parser.add_argument("--seeds", type=int, default=200, help="seeds per drill and tier")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures to FILE as JSON (for the tests)"
    )
    args = parser.parse_args(argv)
    line_by_line()
    print("Drill dealing, worst case per question (target <= 20 ms)")
    results = bench_drills(args.seeds)
    for label, ms in results:
        print(f"  {label:<40} {ms:>8.2f} ms")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

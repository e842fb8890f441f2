"""Benchmarks: ``python -m trainer.bench [--hands N]``.

Everything is measured in one process, as ratios against a peer run on the
same inputs, so the figures mean something on a shared, noisy machine:

* itemized ``score_show`` on seeded random hands, against ``cribbage-scorer``
  (a correct pure-Python scorer from PyPI), both totals cross-checked;
* the exhaustive score distributions (hand and crib), cold, against scoring
  every hand one by one (extrapolated from a sample);
* drill dealing and the Progress page, where those modules provide figures;
* peak memory of the process.

What a learner waits for in a real browser (clicks, page loads, many people answering at
once) is measured separately: ``python -m trainer.bench_browser``.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import resource
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from trainer.engine import DECK, Card, score_show
from trainer.engine import show as show_module
from trainer.engine import stats as stats_module

Hand = tuple[tuple[Card, ...], Card]


def seeded_hands(n: int, seed: int = 20261129) -> list[Hand]:
    rng = random.Random(seed)
    hands: list[Hand] = []
    for _ in range(n):
        cards = rng.sample(DECK, 5)
        hands.append((tuple(cards[:4]), cards[4]))
    return hands


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def _peer() -> Any | None:
    try:
        from cribbage_scorer import cribbage_scorer
    except ImportError:
        return None
    return cribbage_scorer


def bench_scoring(hands: Sequence[Hand]) -> dict[str, float]:
    """Itemized scoring rate, the peer's rate on the same hands, and agreement."""
    score_show(*hands[0])  # build the pattern table outside the timing

    def ours() -> list[int]:
        totals = []
        for hand, starter in hands:
            totals.append(score_show(hand, starter).total)
        return totals

    seconds, our_totals = _timed(ours)
    result = {"hands": float(len(hands)), "ours_per_s": len(hands) / seconds}
    peer = _peer()
    if peer is None:
        return result
    plain = [
        ([(c.order, c.suit.value) for c in hand], (starter.order, starter.suit.value))
        for hand, starter in hands
    ]

    def theirs() -> list[int]:
        return [peer.show_calc_score(starter, hand)[0] for hand, starter in plain]

    peer_seconds, peer_totals = _timed(theirs)
    disagree = sum(1 for a, b in zip(our_totals, peer_totals, strict=True) if a != b)
    result["peer_per_s"] = len(hands) / peer_seconds
    result["ratio"] = peer_seconds / seconds
    result["disagreements"] = float(disagree)
    return result


def bench_distribution(sample: int = 20_000) -> dict[str, float]:
    """Cold exhaustive distributions against scoring hands one at a time."""
    stats_module._distribution.cache_clear()
    stats_module._bonus_counts.cache_clear()
    show_module._pattern_table.cache_clear()
    show_module.pattern_combinations.cache_clear()
    hand_s, hand = _timed(lambda: stats_module.score_distribution(False))
    crib_s, crib = _timed(lambda: stats_module.score_distribution(True))
    assert sum(hand.values()) == sum(crib.values()) == stats_module.TOTAL_HANDS
    hands = seeded_hands(sample, seed=7)

    def one_by_one() -> None:
        for h, s in hands:
            score_show(h, s)

    sample_s, _ = _timed(one_by_one)
    brute_s = sample_s / sample * stats_module.TOTAL_HANDS * 2
    return {
        "hand_s": hand_s,
        "crib_s": crib_s,
        "both_s": hand_s + crib_s,
        "brute_force_s": brute_s,
        "ratio": brute_s / (hand_s + crib_s),
    }


def _optional(module: str, function: str) -> list[tuple[str, float]] | None:
    try:
        mod = __import__(module, fromlist=[function])
    except ImportError:
        return None
    result: list[tuple[str, float]] = getattr(mod, function)()
    return result


class _BareModeNoise(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "missing ScriptRunContext" not in record.getMessage()


def _quiet_streamlit() -> None:
    """The page benchmark runs Streamlit without a server, which it warns about: not news here."""
    os.environ.setdefault("STREAMLIT_LOGGER_LEVEL", "error")
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
        _BareModeNoise()
    )


def peak_memory_mb() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage / 1024 if sys.platform != "darwin" else usage / (1024 * 1024)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000, help="random hands to score")
    parser.add_argument("--skip-pages", action="store_true", help="skip drill and page figures")
    args = parser.parse_args(argv)

    print(f"Show scoring, {args.hands:,} seeded random hands (itemized)")
    scoring = bench_scoring(seeded_hands(args.hands))
    print(f"  trainer.engine.score_show   {scoring['ours_per_s']:>12,.0f} hands/s")
    if "peer_per_s" in scoring:
        print(f"  cribbage-scorer (peer)      {scoring['peer_per_s']:>12,.0f} hands/s")
        print(f"  ratio                       {scoring['ratio']:>12.1f}x  (target >= 5x)")
        print(f"  totals that disagree        {scoring['disagreements']:>12.0f}")
    else:
        print("  cribbage-scorer is not installed: pip install cribbage-scorer for the ratio")

    print("Exhaustive score distribution (12,994,800 hands each), cold")
    dist = bench_distribution()
    print(f"  hand                        {dist['hand_s']:>12.3f} s")
    print(f"  crib                        {dist['crib_s']:>12.3f} s")
    print(f"  both                        {dist['both_s']:>12.3f} s  (target <= 1 s)")
    print(f"  scoring every hand instead  {dist['brute_force_s']:>12.1f} s  (extrapolated)")
    print(f"  ratio                       {dist['ratio']:>12.0f}x")

    if not args.skip_pages:
        _quiet_streamlit()
        drills = _optional("trainer.bench_drills", "bench_drills")
        if drills is not None:
            print("Drill dealing, worst case per question (target <= 20 ms)")
            for label, ms in drills:
                print(f"  {label:<40} {ms:>8.2f} ms")
        progress = _optional("trainer.bench_progress", "bench_progress")
        if progress is not None:
            print("Progress page with 100,000 recorded attempts")
            for label, value in progress:
                print(f"  {label:<40} {value:>8.3f}")
    print(f"Peak memory                   {peak_memory_mb():>12.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

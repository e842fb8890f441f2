"""The quick benchmarks: ``python -m trainer.bench [--hands N]`` (or ``python -m trainer.bench.quick``).

Everything is measured in one process, as ratios against a peer run on the
same inputs, so the figures mean something on a shared, noisy machine:

* itemized ``score_show`` on seeded random hands, against ``cribbage-scorer``
  (a correct pure-Python scorer from PyPI), both totals cross-checked;
* the exhaustive score distributions (hand and crib), cold, against scoring
  every hand one by one (extrapolated from a sample);
* the discard analysis of six-card hands (both opponent models), against
  scoring every throw with every opponent throw and every starter
  (extrapolated from whole throws, the values cross-checked);
* computer players' decision times by level (median and worst), against a
  random legal player timed on the same deals, and the exact pegging analysis
  against a brute force over every hand the opponent could hold;
* drill dealing, the Progress page and the Play page, where those modules provide figures;
* peak memory of the process.

What a learner waits for in a real browser (clicks, page loads, many people answering at
once) is measured separately: ``python -m trainer.bench.browser``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import os
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from trainer.bench import line_by_line
from trainer.engine import DECK, Card, SeatView, score_show
from trainer.engine import show as show_module
from trainer.engine import stats as stats_module

if TYPE_CHECKING:
    from trainer.analysis.pegging import PlayPosition

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
    show_module._pattern_entry.cache_clear()
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


def seeded_sixes(n: int, seed: int = 20261201) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, 6)) for _ in range(n)]


def _brute_force_crib(
    throw: Sequence[Card], six: Sequence[Card], limit: int | None = None
) -> tuple[float, int]:
    """Mean crib of one throw over every opponent throw (or the first ``limit``) and starter."""
    unseen = [card for card in DECK if card not in six]
    total = deals = 0
    for number, theirs in enumerate(combinations(unseen, 2)):
        if limit is not None and number >= limit:
            break
        for starter in unseen:
            if starter is not theirs[0] and starter is not theirs[1]:
                total += score_show((*throw, *theirs), starter, crib=True).total
                deals += 1
    return total / deals, deals


def bench_discards(
    hands: int = 200, brute_throws: int = 2, brute_pairs: int | None = None
) -> dict[str, float]:
    """Median time to analyse a six-card hand, per model, against brute force.

    The brute force scores every opponent throw (1,035) with every starter (44) for
    each of the 15 throws, plus every starter for each kept four; it is timed on
    ``brute_throws`` whole throws (``brute_pairs`` limits the opponent throws, for a
    quick run) and extrapolated to 15 throws by deal count.
    """
    from trainer.analysis import analyse_discards

    sixes = seeded_sixes(hands)
    cold_s, _ = _timed(lambda: analyse_discards(sixes[0], dealer=True, opponent="sound"))
    analyse_discards(sixes[0], dealer=True, opponent="uniform")
    result: dict[str, float] = {"hands": float(hands), "cold_ms": cold_s * 1000}
    models: tuple[Literal["uniform", "sound"], ...] = ("uniform", "sound")
    for model in models:
        times, cpu_times = [], []
        for number, six in enumerate(sixes):
            start, cpu_start = time.perf_counter(), time.process_time()
            analyse_discards(six, dealer=number % 2 == 0, opponent=model)
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
        result[f"{model}_ms"] = statistics.median(times) * 1000
        # Processor time as well: on a shared machine, wall time includes waiting for a core.
        result[f"{model}_cpu_ms"] = statistics.median(cpu_times) * 1000
    six = sixes[0]
    ours = {
        frozenset(d.throw): d.crib for d in analyse_discards(six, dealer=True, opponent="uniform")
    }
    brute_s = 0.0
    deals = 0
    worst = 0.0
    for throw in list(combinations(six, 2))[:brute_throws]:
        start = time.perf_counter()
        value, count = _brute_force_crib(throw, six, brute_pairs)
        brute_s += time.perf_counter() - start
        deals += count
        if brute_pairs is None:
            worst = max(worst, abs(value - ours[frozenset(throw)]))
    hands_s, _ = _timed(
        lambda: [
            score_show(keep, starter)
            for keep in combinations(six, 4)
            for starter in DECK
            if starter not in six
        ]
    )
    per_hand_s = brute_s / deals * (15 * 1035 * 44) + hands_s
    result["brute_force_ms"] = per_hand_s * 1000
    result["ratio_uniform"] = result["brute_force_ms"] / result["uniform_ms"]
    result["ratio_sound"] = result["brute_force_ms"] / result["sound_ms"]
    result["brute_deals"] = float(deals)
    result["worst_difference"] = worst
    return result


class _RandomPlayer:
    """The peer for decision times: a random throw and a random legal card."""

    level = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        return tuple(self.rng.sample(list(view.hand), view.settings.throw))

    def play(self, view: SeatView) -> Card | None:
        fits = view.playable
        return self.rng.choice(fits) if fits else None


def _timed_player(player: Any, times: list[tuple[float, float]]) -> Any:
    """Wrap a player so every decision's (wall, CPU) seconds go into ``times``."""

    class Timed:
        level = player.level

        def discard(self, view: SeatView) -> Any:
            wall, cpu = time.perf_counter(), time.process_time()
            result = player.discard(view)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
            return result

        def play(self, view: SeatView) -> Any:
            wall, cpu = time.perf_counter(), time.process_time()
            result = player.play(view)
            times.append((time.perf_counter() - wall, time.process_time() - cpu))
            return result

    return Timed()


def _figures(times: Sequence[tuple[float, float]]) -> dict[str, float]:
    wall = sorted(w for w, _ in times)
    cpu = sorted(c for _, c in times)
    return {
        "median_ms": 1000 * wall[len(wall) // 2],
        "worst_ms": 1000 * wall[-1],
        "cpu_median_ms": 1000 * cpu[len(cpu) // 2],
        "cpu_worst_ms": 1000 * cpu[-1],
        "decisions": float(len(times)),
    }


#: The players timed: every level, and today's Crazy kept for the tournament, which Crazy is
#: compared with.
TIMED = ("easy", "normal", "hard", "crazy", "crazy-open")
#: Scores the player-timing deals start from, in turn: the last is near the end of a game.
BENCH_SCORES = ((0, 0), (60, 70), (100, 110))


def bench_players(deals: int = 60) -> dict[str, dict[str, float]]:
    """Decision times for each level, today's Crazy kept for the tournament and the random
    peer, each playing itself over the same seeded deals (after two deals that build the
    lookup tables), a third of them near the end of a game: median and worst in
    wall-clock and in CPU milliseconds (on a shared machine the wall clock also counts
    time spent waiting for a core). ``"<level> near the end"`` has the decisions of the
    deals that start near the end alone, where Crazy plays for the game."""
    from trainer.analysis.tournament.one_deal import GameOver, Table, play_deal
    from trainer.analysis.tournament.variants import tournament_player as computer_player

    results: dict[str, dict[str, float]] = {}
    for level in ("random", *TIMED):
        times: list[tuple[float, float]] = []
        near: list[tuple[float, float]] = []
        for i in range(-2, deals):  # two deals to build the tables, not timed
            if i == 0:
                times.clear()
            before = len(times)
            seats = []
            for seat in (0, 1):
                base: Any = (
                    _RandomPlayer(f"{i}/{seat}")
                    if level == "random"
                    else computer_player(level, seed=f"{i}/{seat}")
                )
                seats.append(_timed_player(base, times))
            rng = random.Random(f"bench/{i}")
            scores = BENCH_SCORES[i % 3]
            table = Table((seats[0], seats[1]), 121, scores=list(scores))
            with contextlib.suppress(GameOver):
                play_deal(table, rng, i % 2)
            if i >= 0 and scores == BENCH_SCORES[-1]:
                near.extend(times[before:])
        results[level] = _figures(times)
        if level.startswith("crazy") and near:
            results[f"{level} near the end"] = _figures(near)
    return results


def bench_table_players(seats: int, deals: int = 16) -> dict[str, dict[str, float]]:
    """Decision times at a table of ``seats`` (three, or four as partnerships) for each
    level and the random peer, every seat played by the level over the same seeded games
    (a first deal, not timed, builds the tables), ``deals`` deals a level."""
    from trainer.analysis.tournament.variants import tournament_player as computer_player
    from trainer.engine import Game, Phase, Settings

    results: dict[str, dict[str, float]] = {}
    for level in ("random", *TIMED):
        times: list[tuple[float, float]] = []
        played = -1  # the first deal warms up
        g = 0
        while played < deals:
            game = Game(Settings(seats=seats), seed=g)
            players = [
                _timed_player(
                    _RandomPlayer(f"{g}/{seat}")
                    if level == "random"
                    else computer_player(level, seed=f"{g}/{seat}"),
                    times,
                )
                for seat in game.seats
            ]
            while game.phase is Phase.CUT:
                for seat in game.waiting_for():
                    game.cut_for_deal(seat)
            while not game.is_over and played < deals:
                _play_deal_at_table(game, players)
                played += 1
                if played == 0:
                    times.clear()  # the warm-up deal
                if game.phase is Phase.DONE:
                    game.next_deal()
            g += 1
        results[level] = _figures(times)
    return results


def _play_deal_at_table(game: Any, players: list[Any]) -> None:
    """One deal of ``game``, each seat's throw and lay by its player, the hands counted."""
    from trainer.engine import Phase

    for seat in game.seats:
        game.discard(seat, players[seat].discard(game.view(seat)))
    assert game.pone is not None
    game.cut_starter(game.pone)
    while game.phase is Phase.PLAY:
        turn = game.turn
        assert turn is not None
        card = players[turn].play(game.view(turn))
        game.go(turn) if card is None else game.lay(turn, card)
    while game.phase is Phase.SHOW:
        game.count_hand(*game.show_order[0])


def bench_pegging_analysis(positions: int = 30) -> dict[str, float]:
    """The exact expected reply against scoring every hand the opponent could hold."""
    from trainer.analysis.pegging import options_for

    found = _play_positions(positions)

    def exact() -> None:
        for position in found:
            options_for(position)

    exact_s, _ = _timed(exact)
    brute_s, _ = _timed(lambda: _best_replies_by_brute_force(found))
    return {
        "positions": float(len(found)),
        "exact_ms": 1000 * exact_s / len(found),
        "brute_ms": 1000 * brute_s / len(found),
        "ratio": brute_s / exact_s,
    }


def _play_positions(positions: int) -> list[PlayPosition]:
    """``positions`` seeded positions of the play, each with a card to lay and at least
    two of the opponent's laid."""
    from trainer.analysis import random_turns
    from trainer.analysis.pegging import play_position
    from trainer.engine import Pegging

    rng = random.Random(77)
    found: list[PlayPosition] = []
    while len(found) < positions:
        cards = rng.sample(DECK, 13)
        play = Pegging([cards[:4], cards[4:8]], leader=0)
        for seat in random_turns(play, rng):
            if play.playable() and len(play.laid(1 - seat)) >= 2:
                found.append(
                    play_position(
                        tuple(play.hands[seat]),
                        pile=tuple(play.pile),
                        mine_played=play.laid(seat),
                        theirs_played=play.laid(1 - seat),
                        starter=cards[12],
                    )
                )
                break
    return found


def _best_replies_by_brute_force(found: list[PlayPosition]) -> None:
    """The peer of the exact expected reply: every card of each position against every hand
    the opponent could hold, each reply scored."""
    from trainer.engine import score_play

    for p in found:
        for card in p.legal:
            series = (*p.series, card)
            count = p.count + card.pips
            for held in combinations(p.unseen, p.opponent_left):
                best = 0
                for reply in held:
                    if count + reply.pips <= 31 and count < 31:
                        best = max(best, score_play((*series, reply)).total)


def report_players(
    deals: int, table_deals: int | None = None, positions: int = 30
) -> dict[str, Any]:
    """Print the computer players' section of the benchmark, and return its figures
    (``table_deals`` deals a level at three and four seats, a quarter of ``deals`` and at
    least four unless given; the pegging analysis on ``positions`` positions)."""
    print(f"Computer players, decision times over {deals} seeded deals each (self-play)")
    print("  (target: easy, normal, hard <= 20 ms; crazy median <= 50 ms, worst <= 1 s)")
    figures = bench_players(deals)
    found: dict[str, Any] = {"players": figures}
    peer = figures["random"]
    print(
        "  level                     median    worst  | CPU median  CPU worst |"
        "  median vs random    vs crazy-open  decisions"
    )
    for level, f in figures.items():
        points = (
            figures.get(level.replace("crazy", "crazy-open", 1))
            if level.startswith("crazy") and not level.startswith("crazy-open")
            else None
        )
        versus = (
            f"{f['cpu_median_ms'] / max(points['cpu_median_ms'], 1e-6):>13.1f}x"
            if points is not None
            else " " * 14
        )
        print(
            f"  {level:<24}{f['median_ms']:>7.2f}  {f['worst_ms']:>7.1f}  |"
            f"  {f['cpu_median_ms']:>8.2f}  {f['cpu_worst_ms']:>9.1f} |"
            f"  {f['cpu_median_ms'] / max(peer['cpu_median_ms'], 1e-6):>12.0f}x"
            f"  {versus}  {f['decisions']:>9.0f}"
        )
    at_a_table = max(4, deals // 4) if table_deals is None else table_deals
    for seats in (3, 4):
        table = bench_table_players(seats, at_a_table)
        found[f"{seats} seats"] = table
        peer = table["random"]
        crazy_open = table["crazy-open"]
        print(
            f"At {seats} seats ({'each alone' if seats == 3 else 'two partnerships'}),"
            f" {at_a_table} deals a level, every seat the level (target: crazy <= 50 ms)"
        )
        print(
            "  level                     median    worst  | CPU median  CPU worst |"
            "  median vs random    vs crazy-open  decisions"
        )
        for level, f in table.items():
            print(
                f"  {level:<24}{f['median_ms']:>7.2f}  {f['worst_ms']:>7.1f}  |"
                f"  {f['cpu_median_ms']:>8.2f}  {f['cpu_worst_ms']:>9.1f} |"
                f"  {f['cpu_median_ms'] / max(peer['cpu_median_ms'], 1e-6):>12.0f}x"
                f"  {f['cpu_median_ms'] / max(crazy_open['cpu_median_ms'], 1e-6):>13.1f}x"
                f"  {f['decisions']:>9.0f}"
            )
    peg = bench_pegging_analysis(positions)
    found["pegging"] = peg
    print("Pegging analysis (expected best reply, exact), the opponent holding two cards or fewer")
    print(f"  exact                       {peg['exact_ms']:>12.3f} ms a position")
    print(f"  brute force over hands      {peg['brute_ms']:>12.1f} ms a position")
    print(f"  ratio                       {peg['ratio']:>12.0f}x")
    return found


def hands_digest(hands: Sequence[Hand]) -> str:
    """A fingerprint of the seeded hands, for ``--json``: the same seed deals the same hands."""
    return hashlib.sha256(repr(hands).encode()).hexdigest()


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


class _PagePart(NamedTuple):
    """A part of the drills' and pages' section: the key of its figures, the module and
    function that measure them, its heading, and how a figure is written."""

    key: str
    module: str
    function: str
    heading: str
    figure: str


_PAGE_PARTS = (
    _PagePart(
        "drills",
        "trainer.bench.drill_deals",
        "bench_drills",
        "Drill dealing, worst case per question (target <= 20 ms)",
        "{:>8.2f} ms",
    ),
    _PagePart(
        "progress",
        "trainer.bench.progress_page",
        "bench_progress",
        "Progress page with 100,000 recorded attempts",
        "{:>8.3f}",
    ),
    _PagePart(
        "play",
        "trainer.bench.play",
        "bench_play_page",
        "Play page, server time per interaction without the computer's thinking\n"
        "  (target < 100 ms)",
        "{:>8.2f}",
    ),
)


def _report_pages() -> dict[str, Any]:
    """Print the drills' and pages' section of the benchmark (each part whose module is
    there), and return its figures."""
    _quiet_streamlit()
    found: dict[str, Any] = {}
    for part in _PAGE_PARTS:
        rows = _optional(part.module, part.function)
        if rows is None:
            continue
        found[part.key] = rows
        print(part.heading)
        for label, value in rows:
            print(f"  {label:<40} {part.figure.format(value)}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench", description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000, help="random hands to score")
    parser.add_argument("--skip-pages", action="store_true", help="skip drill and page figures")
    parser.add_argument(
        "--discard-hands", type=int, default=200, help="six-card hands for the discard analysis"
    )
    parser.add_argument(
        "--brute-throws", type=int, default=2, help="whole throws the brute force is timed on"
    )
    parser.add_argument("--skip-players", action="store_true", help="skip the computer players")
    parser.add_argument("--deals", type=int, default=60, help="deals a level for player timings")
    parser.add_argument(
        "--table-deals",
        type=int,
        default=None,
        help="deals a level at three and four seats (default: a quarter of --deals, at least 4)",
    )
    parser.add_argument(
        "--positions", type=int, default=30, help="positions for the pegging analysis"
    )
    parser.add_argument(
        "--sample",
        type=int,
        default=20_000,
        help="hands scored one by one to extrapolate the distribution's brute force from",
    )
    parser.add_argument("--seed", type=int, default=20261129, help="seed of the random hands")
    parser.add_argument(
        "--json", metavar="FILE", help="also write the figures to FILE as JSON (for the tests)"
    )
    args = parser.parse_args(argv)
    line_by_line()
    found: dict[str, Any] = {}

    print(f"Show scoring, {args.hands:,} seeded random hands (itemized)")
    hands = seeded_hands(args.hands, args.seed)
    found["hands"] = {
        "digest": hands_digest(hands),
        "five_distinct": sum(1 for hand, starter in hands if len({*hand, starter}) == 5),
    }
    scoring = found["scoring"] = bench_scoring(hands)
    print(f"  trainer.engine.score_show   {scoring['ours_per_s']:>12,.0f} hands/s")
    if "peer_per_s" in scoring:
        print(f"  cribbage-scorer (peer)      {scoring['peer_per_s']:>12,.0f} hands/s")
        print(f"  ratio                       {scoring['ratio']:>12.1f}x  (target >= 5x)")
        print(f"  totals that disagree        {scoring['disagreements']:>12.0f}")
    else:
        print("  cribbage-scorer is not installed: pip install cribbage-scorer for the ratio")

    print("Exhaustive score distribution (12,994,800 hands each), cold")
    dist = found["distribution"] = bench_distribution(args.sample)
    print(f"  hand                        {dist['hand_s']:>12.3f} s")
    print(f"  crib                        {dist['crib_s']:>12.3f} s")
    print(f"  both                        {dist['both_s']:>12.3f} s  (target <= 1 s)")
    print(f"  scoring every hand instead  {dist['brute_force_s']:>12.1f} s  (extrapolated)")
    print(f"  ratio                       {dist['ratio']:>12.0f}x")

    print(
        f"Discard analysis, {args.discard_hands:,} seeded six-card hands (15 throws, hand and crib)"
    )
    disc = found["discards"] = bench_discards(args.discard_hands, args.brute_throws)
    print(f"  first call (tables built)   {disc['cold_ms']:>12.1f} ms")
    for model in ("uniform", "sound"):
        print(
            f"  {model + ' opponent, median':<27} {disc[model + '_ms']:>12.2f} ms  (target <= 20 ms;"
            f" processor time {disc[model + '_cpu_ms']:.2f} ms)"
        )
    print(
        f"  brute force with score_show {disc['brute_force_ms'] / 1000:>12.1f} s   (extrapolated"
        f" from {args.brute_throws} whole throws, {disc['brute_deals']:,.0f} deals)"
    )
    print(f"  ratio, uniform              {disc['ratio_uniform']:>12.0f}x")
    print(f"  ratio, sound                {disc['ratio_sound']:>12.0f}x")
    print(f"  largest crib difference     {disc['worst_difference']:>12.1e}")
    if not args.skip_players:
        found.update(report_players(args.deals, args.table_deals, args.positions))

    if not args.skip_pages:
        found.update(_report_pages())
    print(f"Peak memory                   {peak_memory_mb():>12.1f} MB")
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the packaged tables: ``python -m trainer.analysis.build_tables [--wins [--games N] | --play] [--check]``.

Without ``--wins``, writes ``trainer/analysis/data/throw_weights.json``: for each seat, the throw a
sound player makes from each of the 18,395 rank-only six-card hands (one letter a
hand, in :func:`trainer.analysis.ranks.six_card_hands` order; the letter picks one
of :data:`trainer.analysis.ranks.THROWS`), with the resulting probability of each
rank pair being thrown, for reading. The model is described in
:mod:`trainer.analysis.sound`. ``--check`` compares a fresh build with the
committed file instead of writing it (exit status 1 if they differ).

With ``--wins``, writes ``trainer/analysis/data/win_table.json``, the win-probability
model of :mod:`trainer.analysis.winprob`. It plays ``--games`` games of Hard against
Hard to 121 (and a quarter as many to 61, for the first dealer's rate there), every
deal recorded to the end of the show (:mod:`trainer.analysis.selfplay`). Near the end
Hard decides by the score (a pone within 20 keeps the four likeliest to count out; the
play is weighed differently within 10), so the deals are counted by class of start
(:func:`trainer.analysis.winprob.deal_class`), and each class near the end is topped up
to ``--class-deals`` deals played from the positions its deals started from; the
table is solved from the classes' counts. Everything comes from fixed seeds, so a
build is the same every time; the defaults (40,000 games, 20,000 deals a class) take
about forty minutes of one core. Hard is measured rather than Crazy because it scores
nearly as much a deal (10.2 as pone and 16.4 as dealer against Crazy's 10.5 and 16.7,
and good human play's 10.1 and 16.2) at a tenth of Crazy's thinking time, so that the
table can be measured, and checked against games played from positions, in minutes.

With ``--play``, writes ``trainer/analysis/data/play_values.json``: what each four kept is
worth in the play between two, from the dealer's side and the pone's
(:mod:`trainer.analysis.play_values`; about a quarter of an hour of one core).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from trainer.analysis.ranks import pair_label, rank_pairs, six_card_hands
from trainer.analysis.sound import (
    LETTERS,
    SeatThrows,
    crib_values,
    decision_hand_means,
    random_crib_values,
    throws_from_choices,
)

if TYPE_CHECKING:
    from trainer.analysis.winprob import DealClass, DealRecord

__all__ = [
    "CLASS_DEALS",
    "DATA_FILE",
    "MAX_ROUNDS",
    "PLAY_FILE",
    "WIN_FILE",
    "WIN_GAMES",
    "WIN_LEVEL",
    "build",
    "build_wins",
    "class_deals",
    "main",
    "play_wins",
    "render",
    "render_wins",
]

DATA_FILE = Path(__file__).parent / "data" / "throw_weights.json"
WIN_FILE = Path(__file__).parent / "data" / "win_table.json"
PLAY_FILE = Path(__file__).parent / "data" / "play_values.json"
MAX_ROUNDS = 40
#: The level whose games the win-probability model is measured on, and how many games.
WIN_LEVEL = "hard"
WIN_GAMES = 40_000
#: Deals measured for each class of deal near the end.
CLASS_DEALS = 20_000


def iterate() -> tuple[SeatThrows, SeatThrows, int, bool]:
    """The dealer's and pone's throws at the fixed point, the rounds taken, and convergence."""
    means = decision_hand_means()
    pairs = six_card_hands().throw_pairs
    own = given = random_crib_values()
    dealer = pone = None
    for rounds in range(1, MAX_ROUNDS + 1):
        new_dealer = throws_from_choices(np.argmax(means + own[pairs], axis=1))
        new_pone = throws_from_choices(np.argmax(means - given[pairs], axis=1))
        if (
            dealer is not None
            and pone is not None
            and np.array_equal(dealer.choice, new_dealer.choice)
            and np.array_equal(pone.choice, new_pone.choice)
        ):
            return dealer, pone, rounds, True
        dealer, pone = new_dealer, new_pone
        own = crib_values(pone)  # the dealer's own crib: the pone throws by its rule
        given = crib_values(dealer)  # the pone's throw: the dealer throws by its rule
    assert dealer is not None and pone is not None
    return dealer, pone, MAX_ROUNDS, False


def build() -> dict[str, Any]:
    """The JSON-ready table."""
    dealer, pone, rounds, converged = iterate()
    labels = [pair_label(a, b) for a, b in rank_pairs()]
    return {
        "model": "sound throws by seat; see trainer/analysis/sound.py",
        "hands": len(dealer.choice),
        "rounds": rounds,
        "converged": converged,
        "throws": {
            seat: "".join(LETTERS[int(c)] for c in throws.choice)
            for seat, throws in (("dealer", dealer), ("pone", pone))
        },
        "frequencies": {
            seat: {
                label: round(float(p), 6)
                for label, p in zip(labels, throws.frequencies(), strict=True)
            }
            for seat, throws in (("dealer", dealer), ("pone", pone))
        },
    }


def render(table: dict[str, Any]) -> str:
    return json.dumps(table, indent=1) + "\n"


def render_wins(table: dict[str, Any]) -> str:
    """The win table's file: one entry a line and one row of counts a line, so that a
    rebuild's differences read plainly."""
    lines = []
    for key, value in table.items():
        text = json.dumps(value, separators=(",", ":")).replace("],[", "],\n[")
        lines.append(f"{json.dumps(key)}:{text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def play_wins(
    games: int = WIN_GAMES, *, progress: bool = False
) -> tuple[list[DealRecord], dict[int, tuple[int, int]]]:
    """Every deal of ``games`` games to 121 of :data:`WIN_LEVEL` against itself, and the
    first dealer's wins in those and in a quarter as many games to 61."""
    from trainer.analysis.selfplay import play_recorded

    if games < 1:
        raise ValueError("the win table needs at least one game")
    records: list[DealRecord] = []
    first_dealer: dict[int, tuple[int, int]] = {}
    for target, n in ((121, games), (61, max(1, games // 4))):
        rng = random.Random(f"win-table/{target}")
        wins = 0
        for i in range(n):
            game = play_recorded((WIN_LEVEL, WIN_LEVEL), rng, target=target, seed=f"w{i}")
            wins += game.winner == game.first_dealer
            if target == 121:
                records.extend(game.deals)
            if progress and (i + 1) % 1000 == 0:
                print(f"  {i + 1} games to {target}", flush=True)
        first_dealer[target] = (n, wins)
    return records, first_dealer


def class_deals(
    records: Sequence[DealRecord], per_class: int = CLASS_DEALS, *, progress: bool = False
) -> dict[DealClass, list[DealRecord]]:
    """The deals of ``records`` (games to 121) by class (see
    :func:`trainer.analysis.winprob.deal_class`), each class near the end topped up to
    ``per_class`` deals played from the positions its deals started from."""
    from trainer.analysis.players import computer_player
    from trainer.analysis.selfplay import play_deal_recorded
    from trainer.analysis.winprob import FAR, deal_class, deal_classes

    by_class: dict[DealClass, list[DealRecord]] = {key: [] for key in deal_classes()}
    for record in records:
        dealer, pone = record.scores
        by_class[deal_class(121 - dealer, 121 - pone)].append(record)
    for key in deal_classes():
        have = by_class[key]
        if key == FAR:
            continue
        rng = random.Random(f"win-table/class/{key}")
        positions = [r.scores for r in have] or _class_positions(key)
        players = (
            computer_player(WIN_LEVEL, seed=f"class/{key}/0"),
            computer_player(WIN_LEVEL, seed=f"class/{key}/1"),
        )
        while len(have) < per_class:
            have.append(play_deal_recorded(players, rng.choice(positions), 0, rng))
        if progress:
            print(f"  {len(have)} deals of class {key}", flush=True)
    return by_class


def _class_positions(key: DealClass) -> list[tuple[int, int]]:
    """Every (dealer's score, pone's score) in a game to 121 whose deal is of class ``key``,
    for a class no measured game reached."""
    from trainer.analysis.winprob import deal_class

    return [
        (121 - x, 121 - y) for x in range(1, 122) for y in range(1, 122) if deal_class(x, y) == key
    ]


def build_wins(
    games: int = WIN_GAMES, per_class: int = CLASS_DEALS, *, progress: bool = False
) -> dict[str, Any]:
    """The JSON-ready win-probability model from :func:`play_wins` and :func:`class_deals`."""
    from trainer.analysis.winprob import FAR, count_deals, dealer_table, to_json

    records, first_dealer = play_wins(games, progress=progress)
    by_class = class_deals(records, per_class, progress=progress)
    classes = {
        key: count_deals(deals, first_dealer if key == FAR else None, every_card=key == FAR)
        for key, deals in by_class.items()
    }
    # The words are the shipped file's as they were built: the model now lives in the
    # package trainer/analysis/winprob/, but changing them would change the table's bytes.
    about = {
        "model": "the dealer's chance to win from a score position; see"
        " trainer/analysis/winprob.py",
        "measured_on": f"{WIN_LEVEL} against {WIN_LEVEL}: every deal of {games} games to 121,"
        f" each class of deal near the end topped up to {per_class} deals",
        "class_deals": {
            f"{pone}/{'near' if near else 'far'}": len(deals)
            for (pone, near), deals in by_class.items()
        },
    }
    return to_json(classes[FAR], dealer_table(classes), about)


def _fours_done(done: int, fours: int) -> None:
    print(f"  {done} of {fours} fours", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.analysis.build_tables")
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    parser.add_argument(
        "--wins", action="store_true", help="build the win-probability table instead"
    )
    parser.add_argument(
        "--play", action="store_true", help="build the table of the fours' worth in the play"
    )
    parser.add_argument(
        "--games", type=int, default=WIN_GAMES, help=f"games for --wins (default {WIN_GAMES})"
    )
    parser.add_argument(
        "--class-deals",
        type=int,
        default=CLASS_DEALS,
        help=f"deals for each class of deal near the end, for --wins (default {CLASS_DEALS})",
    )
    args = parser.parse_args(argv)
    if args.play:
        from trainer.analysis.play_values import build_play_values

        target_file = PLAY_FILE
        table = build_play_values(None if args.check else _fours_done)
        text = json.dumps(table, indent=0, sort_keys=True) + "\n"
        done = f"{len(table['values'])} fours"
    elif args.wins:
        if args.games < 1 or args.class_deals < 1:
            parser.error("--games and --class-deals must be 1 or more")
        target_file = WIN_FILE
        table = build_wins(args.games, args.class_deals, progress=not args.check)
        text = render_wins(table)
        done = f"{table['deals']} deals of {args.games} games"
    else:
        target_file = DATA_FILE
        table = build()
        text = render(table)
        done = f"{table['rounds']} rounds, converged: {table['converged']}"
    if args.check:
        same = target_file.exists() and target_file.read_text() == text
        print(f"{target_file.name}: {'up to date' if same else 'DIFFERS from a fresh build'}")
        return 0 if same else 1
    target_file.write_text(text)
    print(f"wrote {target_file} ({done})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

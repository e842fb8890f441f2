"""The computer players' decisions pinned: seeded deals at two, three and four seats from
many scores, for every level and the tournament's players, whole seeded games' records,
and the figures the coach reads (Crazy's chance for each card, its look-ahead's values).

A change to the players' code that is meant to keep their play (a refactoring, a faster
search) must leave every line of ``fixtures/pinned_decisions.json`` as it is: a decision
that moves fails here with the case that moved. When a change of play is intended, write
the file again and say so in the commit::

    .venv/bin/python -m tests.test_pinned_decisions --write
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from tests.plays import deal_decisions, decisions, game_views
from trainer.analysis.players import card_chances
from trainer.analysis.players.crazy import Crazy
from trainer.analysis.players.views import table_view, two_seat_view
from trainer.analysis.tournament import tournament_player
from trainer.analysis.tournament.variants import CrazyOpen
from trainer.engine import DECK, Card, Game, SeatView, Settings

FIXTURE = Path(__file__).parent / "fixtures" / "pinned_decisions.json"
#: Crazy's decisions before its throw counted the play, which ``crazy-open`` keeps.
OPEN_FIXTURE = Path(__file__).parent / "fixtures" / "pinned_open.json"

#: Scores (the first seat's side first) the deals start from: far from home, the middle,
#: and near the end, where Crazy plays for the game.
TWO_SCORES = ((0, 0), (52, 61), (84, 96), (98, 110), (110, 101), (114, 118), (119, 113))
TABLE_SCORES: dict[int, tuple[tuple[int, ...], ...]] = {
    3: ((0, 0, 0), (70, 64, 75), (95, 104, 100), (110, 116, 112), (118, 109, 117)),
    4: ((0, 0), (66, 72), (96, 104), (112, 116), (117, 119)),
}
#: Levels pinned (the shipped levels and the tournament's players), and deals a score.
PLAYERS = ("easy", "normal", "hard", "crazy", "crazy-points")
DEALS = {"easy": 2, "normal": 2, "hard": 3, "crazy": 6, "crazy-points": 3}
TABLE_DEALS = {"easy": 1, "normal": 1, "hard": 2, "crazy": 4, "crazy-points": 2}
#: Whole games: the levels by seat, and the seed.
GAMES: tuple[tuple[tuple[str, ...], int], ...] = (
    (("crazy", "hard"), 1),
    (("hard", "crazy"), 2),
    (("crazy", "crazy"), 3),
    (("easy", "normal"), 4),
    (("crazy", "hard", "normal"), 5),
    (("hard", "crazy", "crazy"), 6),
    (("crazy", "hard", "crazy", "hard"), 7),
    (("normal", "crazy", "easy", "crazy"), 8),
)


def _notation(decision: tuple[Card, ...] | Card | None) -> str:
    if decision is None:
        return "go"
    if isinstance(decision, Card):
        return str(decision)
    return "+".join(str(card) for card in decision)


def _deal(
    levels: Sequence[str], seed: str, scores: tuple[int, ...], target: int = 121
) -> Iterator[str]:
    """One deal between ``levels`` (by seat) from ``scores`` (by side), on the engine's
    pieces: every decision in order, in notation."""
    rng = random.Random(seed)
    seats = len(levels)
    players = [tournament_player(level, seed=f"{seed}/{seat}") for seat, level in enumerate(levels)]
    pack = list(DECK)
    rng.shuffle(pack)
    size = 6 if seats == 2 else 5
    hands = [tuple(pack[size * s : size * (s + 1)]) for s in range(seats)]
    starter = pack[size * seats + 1]
    dealer = rng.randrange(seats)
    played = deal_decisions(
        players, hands, starter=starter, dealer=dealer, scores=scores, target=target
    )
    for decision, _ in played:
        yield _notation(decision.decided)


def _whole_game(levels: tuple[str, ...], seed: int) -> tuple[list[str], str]:
    """A whole game to 121 between ``levels``: every decision, and the game's record."""
    game = Game(Settings(seats=len(levels)), seed=seed)
    players = [tournament_player(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    played = [_notation(decision.decided) for decision in decisions(game, players)]
    return played, game.record().notation()


def _figures(values: dict[Card, float]) -> str:
    return " ".join(
        f"{card}={value:.9f}" for card, value in sorted(values.items(), key=lambda cv: cv[0].index)
    )


def _chances(level: str, seed: int, view: SeatView) -> str:
    """:func:`card_chances` by the search of the player at ``level``."""
    if level == "crazy":
        chances = card_chances(view, seed=seed)
        return " ".join(f"{c.card}={c.win:.9f}" for c in chances)
    values = CrazyOpen(seed).card_values(two_seat_view(view), for_the_game=True)
    by_rank = {c.order: min(1.0, max(0.0, v)) for c, v in values.items()}
    ranked = sorted(view.playable, key=lambda c: (-by_rank[c.order], c.index))
    return " ".join(f"{c}={by_rank[c.order]:.9f}" for c in ranked)


def _positions(level: str = "crazy") -> dict[str, str]:
    """The figures the coach and the review read: Crazy's chance for each card between
    two (the coach near the end), its look-ahead's values at three and four, and its
    search for the game at three near the end (by the player at ``level``)."""
    make = Crazy if level == "crazy" else CrazyOpen
    found: dict[str, str] = {}
    for i, view in enumerate(game_views((level, "hard"), 11, 3)):
        if len(view.playable) > 1:
            found[f"chances/2/{i}"] = _chances(level, i, view)
    for seats in (3, 4):
        levels = (level, "hard", level, "hard")[:seats]
        for i, view in enumerate(game_views(levels, 20 + seats, 2)):
            if len({c.order for c in view.playable}) > 1:
                figures = make(i).expected_values(table_view(view))
                found[f"look-ahead/{seats}/{i}"] = _figures(figures)
    near = (110, 116, 113)
    for i, view in enumerate(game_views((level, level, level), 40, 2)):
        if len({c.order for c in view.playable}) > 1 and sum(view.held) <= 8:
            table = replace(table_view(view), needs=tuple(121 - s for s in near))
            found[f"race/3/{i}"] = _figures(make(i).table_values(table))
    return found


#: A pinned deal: the levels by seat, the seed and the scores by side.
Case = tuple[tuple[str, ...], str, tuple[int, ...]]


def _cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for level in PLAYERS:
        for s, scores in enumerate(TWO_SCORES):
            for d in range(DEALS[level]):
                seed = f"pin/2/{level}/{s}/{d}"
                cases[seed] = ((level, level), seed, scores)
        for seats, table_scores in TABLE_SCORES.items():
            for s, table in enumerate(table_scores):
                for d in range(TABLE_DEALS[level]):
                    seed = f"pin/{seats}/{level}/{s}/{d}"
                    cases[seed] = ((level,) * seats, seed, table)
    for opponent in ("hard", "crazy-points"):
        for s, scores in enumerate(TWO_SCORES):
            seed = f"pin/2/crazy-{opponent}/{s}"
            cases[seed] = (("crazy", opponent), seed, scores)
    return cases


def _decided(case: Case) -> str:
    return " ".join(_deal(*case))


def record_all() -> dict[str, str]:
    """Every pinned case, worked out now."""
    found = {name: _decided(case) for name, case in _cases().items()}
    for levels, seed in GAMES:
        decisions, record = _whole_game(levels, seed)
        name = f"game/{'-'.join(levels)}/{seed}"
        found[f"{name}/decisions"] = " ".join(decisions)
        found[f"{name}/record"] = record
    found.update(_positions())
    return found


def _opened(levels: Sequence[str]) -> tuple[str, ...]:
    return tuple("crazy-open" if level == "crazy" else level for level in levels)


def record_open(
    deals: Callable[[str], bool] = lambda name: True, *, whole: bool = True
) -> dict[str, str]:
    """Every case of Crazy's (its deals those ``deals`` keeps; its whole games and
    positions unless not ``whole``), played by today's Crazy kept for the tournament
    (``crazy-open``) with the same seeds."""
    found = {
        name: _decided((_opened(case[0]), *case[1:]))
        for name, case in _cases().items()
        if "crazy" in case[0] and deals(name)
    }
    if not whole:
        return found
    for levels, seed in GAMES:
        if "crazy" in levels:
            decisions, record = _whole_game(_opened(levels), seed)
            name = f"game/{'-'.join(levels)}/{seed}"
            found[f"{name}/decisions"] = " ".join(decisions)
            found[f"{name}/record"] = record
    found.update(_positions("crazy-open"))
    return found


@pytest.fixture(scope="module")
def pinned() -> dict[str, str]:
    loaded: dict[str, str] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return loaded


#: Crazy's pinned deals a score that every run checks, of its own and of today's Crazy kept
#: for the tournament (their searches take most of the time; every other level's deals are
#: checked every run): the rest of Crazy's are a long check (``CRIBBAGE_LONG_CHECKS=1``).
QUICK_CRAZY_DEALS, QUICK_OPEN_DEALS = 2, 1


def _quick(name: str, deals: int) -> bool:
    """Whether the pinned deal ``name`` is one every run checks: any level's but Crazy's,
    and Crazy's first ``deals`` a score.

    >>> [_quick(name, 2) for name in ("pin/2/hard/0/2", "pin/2/crazy/0/1", "pin/3/crazy/1/2", "pin/2/crazy-hard/4")]
    [True, True, False, True]
    """
    _, _, level, *_, deal = name.split("/")
    return level != "crazy" or int(deal) < deals


def _check_deals(pinned: dict[str, str], quick: bool) -> None:
    cases = {
        name: case for name, case in _cases().items() if _quick(name, QUICK_CRAZY_DEALS) == quick
    }
    assert cases and set(cases) <= set(pinned)
    moved = [name for name, case in cases.items() if _decided(case) != pinned[name]]
    assert not moved, f"{len(moved)} of {len(cases)} deals decided otherwise: {moved[:8]}"


@pytest.mark.slow
def test_every_pinned_deal_is_decided_as_recorded(pinned: dict[str, str]) -> None:
    """Every level's pinned deals (Crazy's first few a score: the rest below)."""
    _check_deals(pinned, quick=True)


@pytest.mark.slow
@pytest.mark.long
def test_the_rest_of_crazy_s_pinned_deals_are_decided_as_recorded(
    pinned: dict[str, str],
) -> None:
    _check_deals(pinned, quick=False)


@pytest.mark.slow
@pytest.mark.parametrize(("levels", "seed"), GAMES)
def test_whole_seeded_games_are_played_as_recorded(
    pinned: dict[str, str], levels: tuple[str, ...], seed: int
) -> None:
    decisions, record = _whole_game(levels, seed)
    name = f"game/{'-'.join(levels)}/{seed}"
    assert " ".join(decisions) == pinned[f"{name}/decisions"]
    assert record == pinned[f"{name}/record"]


@pytest.mark.slow
def test_the_coachs_figures_are_as_recorded(pinned: dict[str, str]) -> None:
    found = _positions()
    assert len(found) > 20
    for name, figures in found.items():
        assert figures == pinned[name], name


def _check_open(quick: bool) -> None:
    pinned_open = json.loads(OPEN_FIXTURE.read_text(encoding="utf-8"))
    found = record_open(lambda name: _quick(name, QUICK_OPEN_DEALS) == quick, whole=quick)
    share = {  # the quick check: the whole games, the positions and its share of the deals
        name
        for name in pinned_open
        if (not name.startswith("pin/") or _quick(name, QUICK_OPEN_DEALS)) == quick
    }
    assert found and set(found) == share
    moved = [name for name in found if found[name] != pinned_open[name]]
    assert not moved, f"{len(moved)} of {len(found)} decided otherwise: {moved[:8]}"


@pytest.mark.slow
def test_todays_crazy_is_kept_for_the_tournament_as_it_played() -> None:
    """crazy-open plays every game and position Crazy played before its throw counted the
    play and its searches let the others lay from what they see, and its first deal a
    score (the rest below)."""
    _check_open(quick=True)


@pytest.mark.slow
@pytest.mark.long
def test_todays_crazy_plays_the_rest_of_its_pinned_deals_as_it_did() -> None:
    _check_open(quick=False)


def test_the_quick_and_the_long_checks_share_out_every_pinned_deal() -> None:
    pinned = json.loads(FIXTURE.read_text(encoding="utf-8"))
    pinned_open = json.loads(OPEN_FIXTURE.read_text(encoding="utf-8"))
    cases = _cases()
    assert {name for name in pinned if name.startswith("pin/")} == set(cases)
    crazy = {name for name, case in cases.items() if "crazy" in case[0]}
    assert {name for name in pinned_open if name.startswith("pin/")} == crazy
    for deals, names in ((QUICK_CRAZY_DEALS, set(cases)), (QUICK_OPEN_DEALS, crazy)):
        quick = {name for name in names if _quick(name, deals)}
        assert 0 < len(quick) < len(names)  # each check has its share


def test_the_pinned_file_covers_every_level_at_every_table() -> None:
    pinned = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for level in PLAYERS:
        for seats in (2, 3, 4):
            assert any(name.startswith(f"pin/{seats}/{level}/") for name in pinned)
    crazy = [v for k, v in pinned.items() if k.startswith("pin/2/crazy/")]
    assert sum(len(v.split()) for v in crazy) > 300  # Crazy's throws and lays, most of all


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_pinned_decisions --write")
    FIXTURE.write_text(json.dumps(record_all(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")

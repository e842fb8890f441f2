"""Replaying a game (trainer.engine.replaying): a record that does not hold up is refused
with the event and its line named, and a seat's view at any moment of a game, rebuilt by
replaying its events, is the view it had then."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import (
    DECK,
    Card,
    CutEvent,
    DealEvent,
    Game,
    GameRecord,
    GameRuleError,
    GoEvent,
    LayEvent,
    Phase,
    ReplayError,
    SeatView,
    Settings,
)
from trainer.engine.replaying import PAST_VIEWS

C = Card.parse


def test_replay_refuses_a_record_that_does_not_hold_up() -> None:
    game = Game(seed=4)
    game.cut_for_deal(0, at=10)
    game.cut_for_deal(1, at=10)
    text = game.record().notation()
    assert Game.from_notation(text).view(0) == game.view(0)
    lines = text.splitlines()
    wrong_card = next(c for c in DECK if c != game.events[0].card)  # type: ignore[attr-defined]
    lines[6] = f"cut seat=0 at=10 card={wrong_card}"
    with pytest.raises(ReplayError, match=r"event 1 \(line 7\).*the game made"):
        Game.from_notation("\n".join(lines))
    lines = text.splitlines()
    lines[7] = "cut seat=0 at=10 card=AS"  # the same seat twice
    with pytest.raises(ReplayError, match=r"event 2 .*already cut"):
        Game.from_notation("\n".join(lines))
    bad = GameRecord(game.settings, game.seed, (LayEvent(0, C("AS"), 1),))
    with pytest.raises(
        ReplayError, match=r"event 1, 'lay seat=0 card=AS count=1'.*still cutting for deal"
    ):
        Game.replay(bad)


# --- past views and the goes ------------------------------------------------------------------


def _random_game(seats: int, seed: int, rng: random.Random) -> tuple[Game, list[list[SeatView]]]:
    """A random game, with every seat's view recorded after each event (index n: after n)."""
    game = Game(Settings(target=61, seats=seats), seed=seed)
    views = [[game.view(s) for s in game.seats]]

    def act() -> None:
        seat = game.waiting_for()[0]
        if game.phase is Phase.CUT:
            game.cut_for_deal(seat)
        elif game.phase is Phase.DISCARD:
            game.discard(seat, rng.sample(game.view(seat).hand, game.settings.throw))
        elif game.phase is Phase.STARTER:
            game.cut_starter(seat)
        elif game.phase is Phase.PLAY:
            fits = game.view(seat).playable
            game.lay(seat, rng.choice(fits)) if fits else game.go(seat)
        else:
            game.count_hand(*game.show_order[0])

    while not game.is_over:
        if game.phase is Phase.DONE:
            game.next_deal()
        else:
            act()
        views.append([game.view(s) for s in game.seats])
    return game, views


@settings(max_examples=12, derandomize=True, deadline=None)
@given(seats=st.sampled_from((2, 3, 4)), seed=st.integers(0, 2**32))
def test_a_past_view_is_the_view_recorded_at_that_moment(seats: int, seed: int) -> None:
    rng = random.Random(seed)
    game, views = _random_game(seats, seed, rng)
    moments = [0, len(game.events), *rng.sample(range(len(game.events) + 1), 12)]
    rng.shuffle(moments)  # back and forth: the game replayed for one is carried or restarted
    for n in moments + moments:  # the second time, the views kept
        for seat in game.seats:
            assert game.view(seat, at=n) == views[n][seat]


@settings(max_examples=6, derandomize=True, deadline=None)
@given(seats=st.sampled_from((2, 3, 4)), seed=st.integers(0, 2**32))
def test_past_views_asked_as_the_game_goes_on_are_those_of_then(seats: int, seed: int) -> None:
    """As the coach and the win line ask: after every move, a view a few moves back and one
    from the deal's start, while the game grows; more views than the game keeps
    (:data:`~trainer.engine.replaying.PAST_VIEWS`), so the oldest are let go and rebuilt."""
    rng = random.Random(seed)
    game, views = _random_game(seats, seed, rng)
    replayed = Game(game.settings, game.seed)
    asked = 0
    for n, event in enumerate(game.events, start=1):
        replayed.apply(event)
        for at in {n, max(0, n - 3), rng.randrange(n + 1)}:
            seat = rng.choice(game.seats)
            assert replayed.view(seat, at=at) == views[at][seat]
            asked += 1
    assert asked > PAST_VIEWS
    assert [replayed.view(s, at=0) for s in game.seats] == views[0]


@settings(max_examples=12, derandomize=True, deadline=None)
@given(seats=st.sampled_from((2, 3, 4)), seed=st.integers(0, 2**32))
def test_the_view_holds_the_deals_play_and_its_goes(seats: int, seed: int) -> None:
    game, views = _random_game(seats, seed, random.Random(seed))
    for n, seen in enumerate(views):
        events = game.events[:n]
        deal_start = max(
            (i + 1 for i, e in enumerate(events) if isinstance(e, DealEvent | CutEvent)),
            default=0,
        )
        plays = tuple(e for e in events[deal_start:] if isinstance(e, LayEvent | GoEvent))
        for view in seen:
            assert view.plays == plays  # the same for every seat: the table saw it
            assert view.goes == tuple(e for e in plays if isinstance(e, GoEvent))
            assert tuple((e.seat, e.card) for e in plays if isinstance(e, LayEvent)) == view.laid


def test_a_past_view_out_of_range_is_refused() -> None:
    game = Game(Settings(), seed=1)
    game.cut_for_deal(0)
    assert game.view(1, at=0) == Game(Settings(), seed=1).view(1)
    for at in (-1, 2, "1", True):
        with pytest.raises(GameRuleError, match="past view is after 0 to 1 events"):
            game.view(0, at=at)  # type: ignore[arg-type]

"""Whole games played at random: they replay from their records, a game stopped anywhere
carries on alike, a view never shows another seat's hidden cards, every deal carries a
digest of its cards, games end in the play and in the show, and at two, three and four
seats a past view is the view recorded then (the rules at three and four are tested in
``tests/test_game_seats.py``)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.engine import (
    Counting,
    CutEvent,
    DealEvent,
    Event,
    Game,
    GameRecord,
    GameRuleError,
    GoEvent,
    LayEvent,
    NotationError,
    Phase,
    ReplayError,
    SeatView,
    Settings,
    ShowEvent,
    Which,
    parse_event,
    score_show,
)
from trainer.engine.game import PAST_VIEWS

# --- whole random games -------------------------------------------------------------------


def random_action(game: Game, rng: random.Random) -> Event:
    """One random legal action (claims under muggins are sometimes wrong)."""
    phase = game.phase
    if phase is Phase.CUT:
        seat = rng.choice(game.waiting_for())
        return game.cut_for_deal(seat, rng.randint(*game.cut_range()))
    if phase is Phase.DISCARD:
        seat = rng.choice(game.waiting_for())
        return game.discard(seat, rng.sample(game.view(seat).hand, 2))
    if phase is Phase.STARTER:
        seat = game.waiting_for()[0]
        return game.cut_starter(seat, rng.choice([None, rng.randint(*game.cut_range())]))
    if phase is Phase.PLAY:
        seat = game.waiting_for()[0]
        fits = game.view(seat).playable
        return game.lay(seat, rng.choice(fits)) if fits else game.go(seat)
    if phase is Phase.SHOW:
        seat, which = game.show_order[0]
        claimed = None
        if game.settings.muggins:
            true = game.true_count()
            claimed = rng.choice(
                [None, true, max(true - 2, 0), min(true + 2, 29), rng.randint(0, 29)]
            )
        return game.count_hand(seat, which, claimed)
    assert phase is Phase.DONE
    return game.next_deal()


def legal_alternatives(game: Game) -> int:
    """Check can_x agrees with what the game waits for; return how many checks were made."""
    checks = 0
    for seat in (0, 1):
        acting = seat in game.waiting_for()
        view = game.view(seat)
        if game.phase is Phase.PLAY:
            assert game.can_go(seat) == (acting and not view.playable)
            for card in view.hand:
                assert game.can_lay(seat, card) == (acting and card in view.playable)
                checks += 1
        elif game.phase is Phase.DISCARD:
            assert game.can_discard(seat, view.hand[:2]) == acting
        elif game.phase is Phase.STARTER:
            assert game.can_cut_starter(seat) == acting
        elif game.phase is Phase.SHOW:
            which = game.show_order[0][1]
            assert game.can_count_hand(seat, which) == acting
        elif game.phase is Phase.CUT:
            assert game.can_cut_for_deal(seat) == acting
        checks += 1
    return checks


def check_show_event(event: ShowEvent, counting: Counting) -> None:
    """A count pegs the claim, never more than is there; missed points go across."""
    assert event.true == score_show(event.cards, event.score.starter, crib=event.score.crib).total
    if counting is Counting.AUTOMATIC or event.claimed is None:
        assert event.claimed is None or counting is Counting.MUGGINS
        assert (event.awarded, event.muggins) == (event.true, 0)
        return
    assert event.awarded == min(event.claimed, event.true)
    assert event.missed == max(event.true - event.claimed, 0)
    assert event.muggins in (event.missed, 0)
    assert event.points_for(event.seat) == event.awarded
    assert event.points_for(1 - event.seat) == event.muggins


def play_random_game(seed: int, target: int, counting: Counting, rng_seed: int) -> Game:
    game = Game(Settings(target=target, counting=counting), seed=seed)
    rng = random.Random(rng_seed)
    while not game.is_over:
        legal_alternatives(game)
        random_action(game, rng)
        assert len(game.events) < 5000
    return game


@pytest.mark.parametrize(("seed", "ends_on", "before"), [(21, LayEvent, 60), (9, ShowEvent, 57)])
def test_the_peg_stops_in_the_game_hole(seed: int, ends_on: type, before: int) -> None:
    """The event that wins keeps every point in the record, but pegs only those that take
    the winner to the target: the score, the results by source and a replay say 61."""
    game = play_random_game(seed, 61, Counting.AUTOMATIC, seed)
    winner, last = game.winner, game.events[-1]
    assert winner is not None and isinstance(last, ends_on)
    made = [sum(e.points_for(s) for e in game.events) for s in (0, 1)]
    assert made[winner] - last.points_for(winner) == before and made[winner] > 61
    assert game.scores[winner] == 61 and game.scores[1 - winner] == made[1 - winner]
    summary = game.summary()
    assert summary.scores == game.scores and summary.seats[winner].total == 61
    assert Game.replay(GameRecord.parse(game.record().notation())).scores == game.scores


SEEDS = st.integers(0, 2**32 - 1)
TARGETS = st.sampled_from([61, 121])
COUNTINGS = st.sampled_from(list(Counting))


@settings(max_examples=25, derandomize=True, deadline=None)
@given(seed=SEEDS, target=TARGETS, counting=COUNTINGS, rng_seed=SEEDS)
def test_random_games_replay_from_their_records(
    seed: int, target: int, counting: Counting, rng_seed: int
) -> None:
    game = play_random_game(seed, target, counting, rng_seed)
    text = game.record().notation()
    record = GameRecord.parse(text)
    assert record == game.record()
    again = Game.replay(record)
    assert again.events == game.events
    assert again.scores == game.scores and again.winner == game.winner
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    for event in game.events:
        assert parse_event(event.notation()) == event
        if isinstance(event, ShowEvent):
            check_show_event(event, counting)
    # Every point came from an event, the game ended on the event that reached the target,
    # and the peg stopped in the game hole.
    made = tuple(sum(e.points_for(s) for e in game.events) for s in (0, 1))
    assert game.scores == tuple(min(points, target) for points in made)
    winner = game.winner
    assert winner is not None and game.scores[winner] == target > game.scores[1 - winner]
    assert made[winner] - game.events[-1].points_for(winner) < target
    summary = game.summary()
    assert summary.scores == game.scores and summary.deals == game.deal_no
    assert summary.winner == game.winner and summary.skunk == game.skunk()
    dealers = [e.dealer for e in game.events if isinstance(e, DealEvent)]
    first = next(e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None)
    assert dealers == [(first + n) % 2 for n in range(1, len(dealers) + 1)]


@settings(max_examples=15, derandomize=True, deadline=None)
@given(seed=SEEDS, counting=COUNTINGS, rng_seed=SEEDS, stop=st.integers(0, 400))
def test_replay_restores_a_game_stopped_at_any_point(
    seed: int, counting: Counting, rng_seed: int, stop: int
) -> None:
    game = Game(Settings(counting=counting), seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(stop):
        if game.is_over:
            break
        random_action(game, rng)
    again = Game.from_notation(game.record().notation())
    assert again.phase == game.phase and again.waiting_for() == game.waiting_for()
    assert again.view(0) == game.view(0) and again.view(1) == game.view(1)
    # Both carry on identically.
    a, b = random.Random(1), random.Random(1)
    for _ in range(30):
        if game.is_over:
            break
        assert random_action(game, a) == random_action(again, b)


@settings(max_examples=30, derandomize=True, deadline=None)
@given(seed=SEEDS, rng_seed=SEEDS, steps=st.integers(0, 300))
def test_a_view_never_shows_the_other_seats_unplayed_cards_or_the_crib(
    seed: int, rng_seed: int, steps: int
) -> None:
    game = Game(Settings(target=61), seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if game.is_over:
            break
        random_action(game, rng)
        for seat in (0, 1):
            view = game.view(seat)
            them = 1 - seat
            theirs = game.view(them)
            secret = set(theirs.hand) | set(theirs.discards)
            shown = {c for e in view.shown for c in e.cards}
            secret -= shown
            visible = (
                set(view.hand)
                | set(view.kept)
                | set(view.discards)
                | {c for _, c in view.laid}
                | {c for _, c in view.series}
                | shown
                | ({view.starter} if view.starter else set())
            )
            assert not visible & secret
            # Nothing in the view's whole record names a secret card (the cut for deal
            # is from a pack of its own, so its cards may turn up again in the deal).
            words = set(repr(dataclasses.replace(view, cuts=())).split("'"))
            assert not words & {str(c) for c in secret}
            assert view.opponent_cards == len(theirs.hand)
            if view.phase in (Phase.CUT, Phase.DISCARD, Phase.STARTER):
                assert view.starter is None
            assert view.count == sum(card.pips for _, card in view.series) <= 31
            crib_shown = any(e.which is Which.CRIB for e in view.shown)
            if not crib_shown:
                assert not set(theirs.discards) & visible


def test_random_games_end_in_the_play_and_in_the_show() -> None:
    ends: dict[str, int] = {}
    for seed in range(60):
        game = play_random_game(seed, 61, Counting.AUTOMATIC, seed)
        kind = type(game.events[-1]).__name__
        ends[kind] = ends.get(kind, 0) + 1
        if isinstance(game.events[-1], ShowEvent):
            shown_this_deal = game.view(0).shown
            assert 1 <= len(shown_this_deal) <= 3 and shown_this_deal[-1] == game.events[-1]
            assert game.show_order == ()  # the hands after the winning count are never counted
    assert ends.get("LayEvent", 0) > 0 and ends.get("ShowEvent", 0) > 0


# --- each deal's digest ---------------------------------------------------------------------


def test_every_deal_is_written_with_a_digest_of_its_cards() -> None:
    game = play_random_game(11, 121, Counting.AUTOMATIC, 11)
    starts = [
        e
        for e in game.events
        if isinstance(e, DealEvent) or (isinstance(e, CutEvent) and e.dealer is not None)
    ]
    assert len(starts) == game.deal_no > 3
    assert all(e.dealt is not None and len(e.dealt) == 8 for e in starts)
    assert len({e.dealt for e in starts}) == len(starts)
    assert Game.replay(GameRecord.parse(game.record().notation())).events == game.events


def test_a_record_dealt_from_other_cards_is_refused_not_replayed_as_another_game() -> None:
    text = play_random_game(5, 61, Counting.AUTOMATIC, 5).record().notation()
    written = re.findall(r"dealt=([0-9a-f]{8})", text)[1]  # the second deal's
    other = text.replace(f"dealt={written}", "dealt=00000000")
    with pytest.raises(ReplayError, match="deals other cards than the game was played with"):
        Game.replay(GameRecord.parse(other))


def test_a_record_from_before_digests_still_replays() -> None:
    game = play_random_game(5, 61, Counting.AUTOMATIC, 5)
    old = re.sub(r" dealt=[0-9a-f]{8}", "", game.record().notation())
    assert "dealt=" not in old
    replayed = Game.replay(GameRecord.parse(old))
    assert replayed.view(0) == game.view(0) and replayed.scores == game.scores


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("deal no=2 dealer=0 dealt=XYZ", "is not a deal's digest"),
        ("cut seat=0 at=4 card=KS dealt=0123abcd", "names no dealer deals nothing"),
    ],
)
def test_a_bad_digest_is_refused_with_the_reason(line: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_event(line)


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
    (:data:`~trainer.engine.game.PAST_VIEWS`), so the oldest are let go and rebuilt."""
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

"""Game review (trainer.training.review): whole games against the computer, played through the
Play page's Table so that every phase occurs, reviewed and checked against the discard and
pegging analyses themselves, from the person's own view only."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import pytest

from trainer.analysis import Level, analyse_discards, analyse_play
from trainer.analysis.discards_five import analyse_five, crib_sign_of
from trainer.analysis.pegging import PlayPosition, options_for
from trainer.analysis.players.table_options import table_options
from trainer.bench.playing import play_on, right_count
from trainer.engine.cards import DECK, Card
from trainer.engine.dealing import deal, shuffled_pack
from trainer.engine.events import DiscardEvent, LayEvent, ShowEvent, parse_event
from trainer.engine.game import Game
from trainer.engine.game_errors import ReplayError
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Which, left_of, side_of
from trainer.training import review as review_module
from trainer.training.coach import hint_ranking
from trainer.training.review import (
    COSTLY,
    REVIEW_METHOD,
    DecisionKind,
    GameReview,
    LostByKind,
    OneThrowReview,
    ThrowReview,
    one_throw_review,
    review_game,
)
from trainer.training.table import COMPUTER, ME, Need, PlaySetup, Table

Claim = Callable[[int], int]


def _play(
    level: Level,
    target: int,
    seed: int,
    *,
    counting: Counting = Counting.AUTOMATIC,
    claim: Claim = lambda true: true,
    best_throw: bool = False,
    hints: tuple[int, ...] = (),
    seats: int = 2,
) -> Table:
    """A whole game: the computer in every other seat, the person throwing two cards (one
    with three or four at the table) at random (or the coach's best), laying a random card
    that fits, and claiming ``claim(true)``."""
    rng = random.Random(seed)
    settings = Settings(target=target, counting=counting, seats=seats)
    table = Table.new(PlaySetup(level, settings), seed=seed)

    def throw(table: Table) -> Sequence[Card]:
        if table.game.deal_no in hints:
            table.hint()
        if best_throw:
            return table.coaching.ranking(top=1)[0].discard.throw
        return rng.sample(table.view.hand, table.game.settings.throw)

    play_on(
        table,
        throw=throw,
        lay=lambda table: rng.choice(table.view.playable),
        claim=lambda table: max(0, min(29, claim(right_count(table)))),
        moves=3000,
    )
    return table


def _short(true: int) -> int:
    """Under muggins, the person misses two points of every hand worth four or more."""
    return true - 2 if true >= 4 else true


@cache
def _games() -> tuple[Table, ...]:
    """Four real games: both lengths, every level, muggins with misses in two of them."""
    return (
        _play("easy", 61, 3, counting=Counting.MUGGINS, claim=_short),
        _play("normal", 121, 5),
        _play("hard", 61, 8, counting=Counting.MUGGINS, claim=_short),
        _play("crazy", 121, 13, counting=Counting.MUGGINS),
    )


@cache
def _reviews() -> tuple[GameReview, ...]:
    return tuple(review_game(t.game.record()) for t in _games())


def _cases() -> list[tuple[Table, GameReview]]:
    return list(zip(_games(), _reviews(), strict=True))


def _view_before(record: GameRecord, index: int) -> Any:
    """The person's view just before event ``index``, from the record cut there."""
    return Game.replay(GameRecord(record.settings, record.seed, record.events[:index])).view(ME)


def test_every_phase_of_real_games_is_reviewed() -> None:
    for table, review in _cases():
        game = table.game
        assert game.is_over
        assert review.scores == game.scores and review.winner == game.winner
        assert len(review.deals) == game.deal_no
        throws = [d.throw for d in review.deals]
        assert all(t is not None for t in throws[:-1])  # the last deal may end early
        person_lays = [e for e in game.events if isinstance(e, LayEvent) and e.seat == ME]
        assert len(review.decisions) >= len(person_lays) > 0
        assert sum(len(d.plays) for d in review.deals) == len(person_lays)
        claims = [e for e in game.events if isinstance(e, ShowEvent) and e.seat == ME and e.claimed]
        counts = sum(len(d.counts) for d in review.deals)
        if game.settings.muggins:
            assert counts >= len(claims) > 0
        else:
            assert counts == 0


def test_the_deals_cover_the_record_and_carry_the_board() -> None:
    for table, review in _cases():
        events = tuple(table.game.events)
        assert review.deals[0].start == 0 and review.deals[-1].end == len(events)
        for before, after in zip(review.deals, review.deals[1:], strict=False):
            assert before.end == after.start
            assert after.scores_before == before.scores
            assert after.deal_no == before.deal_no + 1
            assert after.dealer != before.dealer  # the deal passes across the table
        for d in review.deals:
            replayed = Game.replay(
                GameRecord(table.game.settings, table.game.seed, events[: d.end])
            )
            assert d.scores == replayed.scores == d.board.front
            assert d.starter == replayed.starter
            full = [sum(e.points_for(s) for e in events[d.start : d.end]) for s in (ME, COMPUTER)]
            room = [table.game.settings.target - score for score in d.scores_before]
            assert list(d.gained) == [min(g, r) for g, r in zip(full, room, strict=True)]
            assert all(d.start <= x.event_index < d.end for x in d.decisions)
            if d.board.last is not None:
                assert d.board.back[d.board.last.seat] == d.board.last.start


def test_each_throw_costs_what_the_discard_analysis_says() -> None:
    checked = 0
    for table, review in _cases():
        seed = table.game.seed
        for d in review.deals:
            if d.throw is None:
                continue
            throw = d.throw
            assert isinstance(throw, ThrowReview)  # two at the table: two of six
            # The six dealt, from the seed's shuffle for this deal: the person is seat 0.
            hands, _ = deal(shuffled_pack(seed, str(d.deal_no)), d.dealer)
            assert set(throw.six) == set(hands[ME])
            assert throw.dealer == (d.dealer == ME)
            ranked = analyse_discards(throw.six, dealer=throw.dealer, play=True)
            chosen = next(x for x in ranked if set(x.throw) == set(throw.thrown))
            assert throw.lost == pytest.approx(ranked[0].net - chosen.net, abs=1e-12)
            assert set(throw.best_throw) == set(ranked[0].throw)
            assert throw.advice.chosen.discard == chosen
            assert throw.advice.place == ranked.index(chosen) + 1
            checked += 1
    assert checked >= 20


def test_each_card_laid_is_valued_by_the_pegging_analysis_from_the_persons_view() -> None:
    checked = forced = 0
    for table, review in _cases():
        record = table.game.record()
        for d in review.deals:
            for play in d.plays:
                event = record.events[play.event_index]
                assert isinstance(event, LayEvent) and event.seat == ME
                assert event.card == play.card
                view = _view_before(record, play.event_index)
                assert view.starter is not None
                options = analyse_play(
                    view.hand,
                    pile=view.pile,
                    mine_played=view.mine_played,
                    theirs_played=view.theirs_played,
                    starter=view.starter,
                    crib_cards=view.discards,
                )
                priced = [(o.card, o.points, o.reply, o.value) for o in play.options]
                assert priced == [(o.card, o.points, o.reply, o.net) for o in options]
                assert (play.hand, play.pile, play.count) == (view.hand, view.pile, view.count)
                chosen = next(o for o in options if o.card == play.card)
                assert play.lost == pytest.approx(max(options[0].net - chosen.net, 0.0))
                assert play.best.card == options[0].card
                forced += play.forced
                checked += 1
    assert checked >= 40 and 0 < forced < checked


def test_the_play_figures_never_use_a_card_the_person_could_not_see(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every call of the pegging analysis gets the person's view at that moment, and none of
    the cards it is given is one the computer still held or threw to the crib."""
    calls: list[PlayPosition] = []

    def spy(position: PlayPosition) -> Any:
        calls.append(position)
        return options_for(position)

    monkeypatch.setattr(review_module, "options_for", spy)
    for table in _games()[:2]:
        record = table.game.record()
        calls.clear()
        review = review_game(record)
        plays = [p for d in review.deals for p in d.plays]
        assert len(calls) == len(plays) > 0
        for play, position in zip(plays, calls, strict=True):
            cut = Game.replay(
                GameRecord(record.settings, record.seed, record.events[: play.event_index])
            )
            mine, theirs = cut.view(ME), cut.view(COMPUTER)
            assert position.hand == mine.hand
            assert (
                position.series,
                position.mine_played,
                position.theirs_played,
                position.starter,
                position.crib_cards,
            ) == (mine.pile, mine.mine_played, mine.theirs_played, mine.starter, mine.discards)
            given = {*position.hand, *position.series, *position.mine_played}
            given |= {*position.theirs_played, position.starter, *position.crib_cards}
            hidden = {*theirs.hand, *theirs.discards}
            assert hidden and not given & hidden


def test_muggins_misses_are_counted_with_what_the_computer_took() -> None:
    for table, review in [c for c in _cases() if c[0].game.settings.muggins]:
        counts = [c for d in review.deals for c in d.counts]
        for count in counts:
            event = table.game.events[count.event_index]
            assert count.event == event and event.seat == ME
            assert count.claimed == event.claimed
            assert count.missed == max(event.true - count.claimed, 0)
            assert count.taken == event.muggins
            assert count.lost == count.missed
        assert review.lost.counts == sum(c.missed for c in counts)
    short = [c for r in _reviews()[:3:2] for d in r.deals for c in d.counts]
    missed = [c for c in short if c.missed]
    assert missed and all(c.missed == 2 and c.claimed == c.true - 2 for c in missed)
    assert any(c.taken == 2 for c in missed)  # the computer calls muggins
    assert {c.which for c in short} == {Which.HAND, Which.CRIB}


def test_an_overclaim_loses_nothing_but_is_marked() -> None:
    review = review_game(
        _play("easy", 61, 21, counting=Counting.MUGGINS, claim=lambda t: t + 1).game.record()
    )
    counts = [c for d in review.deals for c in d.counts]
    assert counts and all(c.over == 1 and c.missed == 0 and c.lost == 0 for c in counts)
    assert review.lost.counts == 0


def test_totals_by_kind_per_deal_and_the_costliest_three() -> None:
    for _, review in _cases():
        lost = review.lost
        assert lost.throws == pytest.approx(sum(d.throw.lost for d in review.deals if d.throw))
        assert lost.plays == pytest.approx(sum(p.lost for d in review.deals for p in d.plays))
        per_deal = [d.lost for d in review.deals]
        assert sum(x.total for x in per_deal) == pytest.approx(lost.total)
        assert sum((x for x in per_deal), LostByKind()).throws == pytest.approx(lost.throws)
        top = review.costliest()
        assert 0 < len(top) <= 3
        everything = sorted((d.lost for d in review.decisions), reverse=True)
        assert [d.lost for d in top] == everything[: len(top)]
        assert all(d.lost > COSTLY for d in top)
        assert {d.kind for d in top} <= set(DecisionKind)
        assert review.deal(top[0].deal_no).deal_no == top[0].deal_no


def test_the_best_throws_cost_nothing() -> None:
    table = _play("normal", 61, 4, best_throw=True, hints=(1,))
    review = review_game(table.game.record(), hints=table.hints)
    throws = [d.throw for d in review.deals if isinstance(d.throw, ThrowReview)]
    assert throws and all(t.lost == 0 and t.advice.place == 1 for t in throws)
    assert review.lost.throws == 0
    assert all(d.kind is not DecisionKind.THROW for d in review.costliest())
    assert [t.hinted for t in throws][:2] == [True, False]
    first = throws[0]
    assert set(first.thrown) == set(
        hint_ranking(first.six, dealer=first.dealer, top=1)[0].discard.throw
    )


def test_a_game_under_way_is_reviewed_as_far_as_it_goes() -> None:
    table = _games()[1]
    events = tuple(table.game.events)
    lays = [i for i, e in enumerate(events) if isinstance(e, LayEvent) and e.seat == ME]
    cut = lays[5]
    part = review_game(GameRecord(table.game.settings, table.game.seed, events[:cut]))
    whole = _reviews()[1]
    assert part.winner is None and part.deals[-1].end == cut
    assert part.deals[:-1] == whole.deals[: len(part.deals) - 1]
    assert [p.event_index for p in part.deals[-1].plays] == [
        p.event_index for p in whole.deals[len(part.deals) - 1].plays if p.event_index < cut
    ]


def test_a_record_that_does_not_play_back_is_refused_with_the_event_named() -> None:
    record = _games()[0].game.record()
    events = list(record.events)
    lay = next(i for i, e in enumerate(events) if isinstance(e, LayEvent))
    events[lay] = parse_event("lay seat=0 card=AS count=1")
    with pytest.raises(ReplayError, match=f"event {lay + 1}"):
        review_game(GameRecord(record.settings, record.seed, tuple(events)))
    throw = next(i for i, e in enumerate(events) if isinstance(e, DiscardEvent) and e.seat == ME)
    text = record.notation().splitlines()
    line = text.index(record.events[throw].notation())
    text[line] = "discard seat=0 cards=AS-2S"  # not the person's cards: refused, not analysed
    with pytest.raises(ReplayError, match=rf"event {throw + 1} \(line {line + 1}\)"):
        review_game(GameRecord.parse("\n".join(text)))


def test_the_review_method_is_a_version_number() -> None:
    assert isinstance(REVIEW_METHOD, int) and REVIEW_METHOD >= 1


# --- three and four at the table ---------------------------------------------------------


@cache
def _table_games() -> tuple[Table, ...]:
    """Whole games at three (under muggins, the person missing points) and at four."""
    return (
        _play("hard", 61, 6, counting=Counting.MUGGINS, claim=_short, seats=3),
        _play("crazy", 61, 9, seats=4),
    )


@cache
def _table_reviews() -> tuple[GameReview, ...]:
    return tuple(review_game(t.game.record()) for t in _table_games())


def _table_cases() -> list[tuple[Table, GameReview]]:
    return list(zip(_table_games(), _table_reviews(), strict=True))


def test_games_of_three_and_four_are_reviewed_in_every_phase() -> None:
    for table, review in _table_cases():
        game = table.game
        players = game.players
        assert game.is_over and review.players == players
        assert review.scores == game.scores and review.winner == game.winner
        assert len(review.deals) == game.deal_no
        throws = [d.throw for d in review.deals]
        assert all(isinstance(t, OneThrowReview) for t in throws[:-1])
        person_lays = [e for e in game.events if isinstance(e, LayEvent) and e.seat == ME]
        assert sum(len(d.plays) for d in review.deals) == len(person_lays) > 0
        assert all(p.players == players for d in review.deals for p in d.plays)
        events = tuple(game.events)
        sides = len(game.scores)
        for d in review.deals:
            replayed = Game.replay(GameRecord(game.settings, game.seed, events[: d.end]))
            assert d.scores == replayed.scores == d.board.front and len(d.scores) == sides
            scored = [
                sum(e.points_for(s) for e in events[d.start : d.end] for s in game.seats
                    if side_of(s, players) == side)
                for side in range(sides)
            ]  # fmt: skip
            # what was pegged: every point scored, but the last deal's stop in the game hole
            before = Game.replay(GameRecord(game.settings, game.seed, events[: d.start])).scores
            pegged = [after - start for after, start in zip(replayed.scores, before, strict=True)]
            assert list(d.gained) == pegged
            if d is not review.deals[-1] or not game.is_over:
                assert pegged == scored
            else:
                assert all(p <= s for p, s in zip(pegged, scored, strict=True))
        counts = [c for d in review.deals for c in d.counts]
        if game.settings.muggins:
            missed = [c for c in counts if c.missed]
            assert missed and all(c.taker == left_of(ME, players) for c in missed)
            assert review.lost.counts == sum(c.missed for c in counts) > 0
        else:
            assert counts == []


def test_a_throw_at_three_or_four_is_priced_by_the_five_card_analysis_crazy_throws_by() -> None:
    checked = 0
    for table, review in _table_cases():
        record = table.game.record()
        players = table.game.players
        for d in review.deals:
            throw = d.throw
            if throw is None:
                continue
            assert isinstance(throw, OneThrowReview)
            view = _view_before(record, throw.event_index)  # the person's own view, no more
            assert view.hand == throw.five and len(throw.five) == 5
            event = record.events[throw.event_index]
            assert isinstance(event, DiscardEvent) and event.cards == (throw.thrown,)
            sign = crib_sign_of(ME, d.dealer, players)
            seed = f"{record.seed}:review:{d.deal_no}"
            ranked = analyse_five(
                throw.five, players=players, crib_sign=sign, model="likely", seed=seed
            )
            assert (throw.ranked, throw.crib_sign, throw.players) == (ranked, sign, players)
            chosen = next(t for t in ranked if t.throw == throw.thrown)
            assert throw.lost == pytest.approx(max(ranked[0].net - chosen.net, 0.0), abs=1e-12)
            assert throw.place == ranked.index(chosen) + 1 and throw.best == ranked[0]
            assert throw.dealer == (d.dealer == ME)
            assert {card for card, _ in throw.reasons} == set(throw.five)
            checked += 1
    assert checked >= 8


def test_a_lay_at_three_or_four_is_priced_by_the_table_options_the_coach_weighs() -> None:
    checked = 0
    for table, review in _table_cases():
        record = table.game.record()
        for d in review.deals:
            for play in d.plays:
                view = _view_before(record, play.event_index)
                options = table_options(view)
                assert [(o.card, o.points, o.replier, o.reply, o.value) for o in play.options] == [
                    (o.card, o.points, o.replier, o.reply, o.value) for o in options
                ]
                chosen = next(o for o in options if o.card == play.card)
                assert play.lost == pytest.approx(max(options[0].value - chosen.value, 0.0))
                checked += 1
    assert checked >= 20


def _every_starter(keep: tuple[Card, ...], five: tuple[Card, ...]) -> float:
    """What ``keep`` makes on average over every starter not among ``five``, counted by the
    engine one by one."""
    starters = [c for c in DECK if c not in five]
    return sum(score_show(keep, s).total for s in starters) / len(starters)


def test_a_priced_throw_keeps_a_hand_worth_what_every_starter_makes() -> None:
    throws = [d.throw for r in _table_reviews() for d in r.deals if d.throw is not None]
    for throw in throws[:6]:
        assert isinstance(throw, OneThrowReview)
        for priced in throw.ranked:
            assert priced.hand == pytest.approx(_every_starter(priced.keep, throw.five), abs=1e-12)
            assert priced.net == pytest.approx(priced.hand + throw.crib_sign * priced.crib)
        nets = [t.net for t in throw.ranked]
        assert nets == sorted(nets, reverse=True)


@pytest.mark.slow
def test_a_priced_throw_equals_a_brute_force_enumeration_of_every_crib_and_starter() -> None:
    """Priced by the five-card analysis's exact model (the crib's other three cards any
    that the person has not seen), a throw at a table of three is worth its kept hand over
    every starter plus its crib over every three other cards and every starter, each
    counted by the engine."""
    table = Table.new(PlaySetup("easy", Settings(target=61, seats=3)), seed=4)
    while table.need() is not Need.DISCARD:
        table.cut_for_deal()
    view = table.view
    dealer = view.dealer == ME
    five = view.hand
    thrown = five[0]
    throw = one_throw_review(view, thrown, model="uniform")
    assert throw.crib_sign == (1.0 if dealer else -0.5)
    keep = tuple(c for c in five if c != thrown)
    unseen = [c for c in DECK if c not in five]
    total = count = 0
    for others in itertools.combinations(unseen, 3):
        crib = (thrown, *others)
        for starter in unseen:
            if starter not in others:
                total += score_show(crib, starter, crib=True).total
                count += 1
    assert count == 16_215 * 44
    chosen = throw.chosen
    assert chosen.hand == pytest.approx(_every_starter(keep, five), abs=1e-12)
    assert chosen.crib == pytest.approx(total / count, abs=1e-12)
    assert chosen.net == pytest.approx(chosen.hand + throw.crib_sign * total / count, abs=1e-12)

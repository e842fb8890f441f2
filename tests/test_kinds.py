"""The kinds a game counts (trainer.engine.kinds), checked against the rules' full scoring:
with every kind on, a game is exactly the whole game; with some kinds, every award is the
full scoring's award of those kinds and nothing else. And the first games' shapes: no crib
(four cards each), no play, a game to 31, counted aloud."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from trainer.engine import (
    DECK,
    Award,
    BadClaimError,
    Counting,
    CutEvent,
    DiscardEvent,
    Event,
    Game,
    GameRecord,
    GoEvent,
    Kind,
    LayEvent,
    NotationError,
    Phase,
    Settings,
    SettingsError,
    ShowEvent,
    StarterEvent,
    Which,
    WrongPhaseError,
    parse_event,
    score_play,
    score_show,
    skunk,
)
from trainer.engine.kinds import (
    ALL_KINDS,
    SCORING_KINDS,
    kept_awards,
    kinds_notation,
    only_kinds,
    parse_kinds,
)

Policy = Callable[[Game], Event]


def first_fit(game: Game) -> Event:
    """Every seat acts the same way whatever the score: cut at the seeded place, throw its
    first two cards, lay its first card that fits, count right (or claim one short, aloud)."""
    phase = game.phase
    if phase is Phase.CUT:
        return game.cut_for_deal(game.waiting_for()[0])
    if phase is Phase.DISCARD:
        seat = game.waiting_for()[0]
        return game.discard(seat, game.view(seat).hand[: game.settings.throw])
    if phase is Phase.STARTER:
        assert game.pone is not None
        return game.cut_starter(game.pone)
    if phase is Phase.PLAY:
        seat = game.waiting_for()[0]
        fits = game.view(seat).playable
        return game.lay(seat, fits[0]) if fits else game.go(seat)
    if phase is Phase.SHOW:
        seat, which = game.show_order[0]
        claimed = None
        if game.settings.claims:
            claimed = max(game.true_count() - 1, 0)
        return game.count_hand(seat, which, claimed)
    return game.next_deal()


def play(settings: Settings, seed: int, limit: int = 5000) -> Game:
    game = Game(settings, seed)
    for _ in range(limit):
        if game.is_over:
            return game
        first_fit(game)
    raise AssertionError("the game did not end")


def play_for(settings: Settings, seed: int, actions: int = 150) -> Game:
    """The first ``actions`` moves of a game (fewer if it ends): a few deals."""
    game = Game(settings, seed)
    for _ in range(actions):
        if game.is_over:
            break
        first_fit(game)
    return game


def actions_of(events: list[Event]) -> list[str]:
    """What each event did, without the points it pegged (the same in both games)."""
    out = []
    for event in events:
        if isinstance(event, LayEvent):
            out.append(f"lay {event.seat} {event.card} {event.count}")
        elif isinstance(event, GoEvent):
            out.append(f"go {event.seat} {event.count}")
        elif isinstance(event, StarterEvent):
            out.append(f"starter {event.seat} {event.card}")
        elif isinstance(event, ShowEvent):
            out.append(f"show {event.seat} {event.which} {event.cards} {event.score.starter}")
        else:
            out.append(event.notation())
    return out


# --- the filter itself -------------------------------------------------------------------------


def test_every_kind_keeps_every_item_of_every_hand() -> None:
    """Over 4,000 seeded hands, each as a hand and as a crib: the filter with every kind on
    gives back the very score the rules made."""
    rng = random.Random(14)
    for _ in range(4000):
        cards = rng.sample(DECK, 5)
        for crib in (False, True):
            score = score_show(cards[:4], cards[4], crib=crib)
            assert only_kinds(score, ALL_KINDS) is score
            assert only_kinds(score, set(SCORING_KINDS)) == score


@given(
    cards=st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    kinds=st.sets(st.sampled_from(SCORING_KINDS)),
)
def test_some_kinds_keep_exactly_their_items(cards: list[object], kinds: set[Kind]) -> None:
    hand, starter = cards[:4], cards[4]
    full = score_show(hand, starter)  # type: ignore[arg-type]
    kept = only_kinds(full, kinds)
    assert kept.items == tuple(item for item in full.items if item.kind in kinds)
    assert kept.total == sum(item.points for item in kept.items)
    assert (kept.hand, kept.starter, kept.crib) == (full.hand, full.starter, full.crib)


def test_the_play_awards_are_filtered_the_same_way() -> None:
    pile = DECK[16:20]  # 5♠ 5♥ 5♦ 5♣: a double pair royal, and 15 on the third
    awards = tuple(Award(0, item) for item in score_play(pile[:3]).items)
    assert kept_awards(awards, ALL_KINDS) == awards
    assert kept_awards(awards, {Kind.FIFTEEN}) == tuple(
        a for a in awards if a.item.kind is Kind.FIFTEEN
    )
    assert kept_awards(awards, {Kind.RUN}) == ()


def test_kinds_notation_round_trips_every_subset() -> None:
    for size in range(1, len(SCORING_KINDS) + 1):
        for kinds in combinations(SCORING_KINDS, size):
            assert parse_kinds(kinds_notation(kinds)) == frozenset(kinds)
    assert kinds_notation(ALL_KINDS) == (
        "fifteen,thirty-one,pair,run,flush,nobs,go,last_card,his_heels"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fifteen,muggins", "'muggins' is not a kind of score a game counts"),
        ("fifteens", "'fifteens' is not a kind"),
        ("pair,pair", "'pair' is named twice"),
        ("", "'' is not a kind"),
    ],
)
def test_bad_kinds_are_named(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_kinds(text)


# --- a game that counts every kind is the whole game -------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_game_with_every_kind_on_is_the_whole_game(seed: int) -> None:
    every = Settings(kinds=frozenset(SCORING_KINDS))
    assert every == Settings() and every.whole and every.notation() == Settings().notation()
    game = play(every, seed)
    whole = play(Settings(), seed)
    assert game.events == whole.events
    assert GameRecord.parse(game.record().notation()).events == tuple(whole.events)
    # and what it pegged is what the rules score, item for item
    for event in game.events:
        if isinstance(event, ShowEvent):
            assert event.score == score_show(
                event.cards, event.score.starter, crib=event.score.crib
            )


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    "kinds",
    [
        {Kind.FIFTEEN},
        {Kind.FIFTEEN, Kind.PAIR},
        {Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.GO},
        {Kind.RUN, Kind.FLUSH, Kind.NOBS, Kind.HIS_HEELS, Kind.THIRTY_ONE, Kind.LAST_CARD},
    ],
)
def test_a_game_of_some_kinds_pegs_exactly_those_of_the_whole_game(
    seed: int, kinds: set[Kind]
) -> None:
    """The same seed and the same moves (which never look at the score): each event of the
    game of fewer kinds pegs the whole game's awards of those kinds, until the whole game
    ends (it scores more, so it ends first)."""
    some = play(Settings(kinds=frozenset(kinds)), seed)
    whole = play(Settings(), seed)
    shared = min(len(some.events), len(whole.events))
    assert shared == len(whole.events)
    assert actions_of(some.events[:shared]) == actions_of(whole.events[:shared])
    for mine, full in zip(some.events, whole.events, strict=False):
        if isinstance(mine, ShowEvent):
            assert isinstance(full, ShowEvent)
            assert mine.score == only_kinds(full.score, kinds)
        else:
            assert mine.awards == kept_awards(full.awards, kinds)
    replayed = Game.replay(GameRecord.parse(some.record().notation()))
    assert replayed.events == some.events and replayed.scores == some.scores


# --- the first games' shapes -------------------------------------------------------------------

FIFTEENS = Settings(
    target=31, skunks=False, crib=False, play=False, kinds=frozenset({Kind.FIFTEEN})
)


def test_four_cards_each_and_no_play_go_from_the_starter_to_the_show() -> None:
    game = Game(FIFTEENS, seed=5)
    phases = []
    while game.deal_no < 2:
        phases.append(game.phase)
        event = first_fit(game)
        if isinstance(event, StarterEvent):
            assert all(len(game.view(seat).kept) == 4 for seat in (0, 1))
            assert game.view(0).discards == () and game.crib == ()
    assert Phase.DISCARD not in phases and Phase.PLAY not in phases
    shows = [e for e in game.events if isinstance(e, ShowEvent)]
    dealer = next(e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None)
    assert [(e.seat, e.which) for e in shows] == [(1 - dealer, Which.HAND), (dealer, Which.HAND)]
    assert all(item.kind is Kind.FIFTEEN for e in shows for item in e.score.items)
    with pytest.raises(WrongPhaseError):
        game.discard(0, game.view(0).hand[:2])


def test_six_cards_and_the_discard_without_the_play() -> None:
    rules = Settings(target=31, skunks=False, play=False)
    game = Game(rules, seed=8)
    while game.phase is not Phase.SHOW:
        event = first_fit(game)
        if isinstance(event, DiscardEvent):
            assert len(event.cards) == 2
    assert game.view(0).hand == game.view(0).kept and len(game.view(0).kept) == 4
    order = [which for _, which in game.show_order]
    assert order == [Which.HAND, Which.HAND, Which.CRIB]


@pytest.mark.parametrize(
    "rules",
    [
        FIFTEENS,
        Settings(target=31, skunks=False, crib=False, play=False,
                 kinds=frozenset({Kind.FIFTEEN, Kind.PAIR, Kind.RUN})),
        Settings(target=31, skunks=False, play=False, counting=Counting.ALOUD),
        Settings(target=61, counting=Counting.ALOUD),
    ],
)  # fmt: skip
def test_a_first_game_plays_to_its_end_and_replays_from_its_record(rules: Settings) -> None:
    for seed in range(3):
        game = play(rules, seed)
        assert max(game.scores) >= rules.target
        record = game.record().notation()
        assert GameRecord.parse(record).settings == rules
        assert Game.from_notation(record).events == game.events
        if rules.target == 31:  # too short a game for a skunk
            assert skunk(max(game.scores), min(game.scores), 31) == 0 == game.skunk()


def test_his_heels_counts_only_when_it_is_one_of_the_kinds() -> None:
    for seed in range(200):
        game = Game(FIFTEENS, seed)
        while game.phase is not Phase.SHOW:
            event = first_fit(game)
        assert isinstance(event, StarterEvent)
        if event.card.is_jack:
            assert event.awards == () and game.scores == (0, 0)
            heels = Game(Settings(target=31, skunks=False, crib=False, play=False,
                                  kinds=frozenset({Kind.FIFTEEN, Kind.HIS_HEELS})), seed)  # fmt: skip
            while heels.phase is not Phase.SHOW:
                first_fit(heels)
            assert sum(heels.scores) == 2
            return
    raise AssertionError("no jack was turned in 200 games")


def test_the_record_says_what_the_game_leaves_out() -> None:
    record = Game(FIFTEENS, seed=1).record().notation()
    assert '[Crib "off"]' in record and '[Play "off"]' in record
    assert '[Kinds "fifteen"]' in record and '[Target "31"]' in record
    whole = Game(Settings(), seed=1).record().notation()
    assert "Crib" not in whole and "Play" not in whole and "Kinds" not in whole
    with pytest.raises(NotationError, match="'flushes' is not a kind"):
        GameRecord.parse('[Kinds "fifteen,flushes"]\n[Seed "1"]\n')
    with pytest.raises(NotationError, match="crib is 'on' or 'off'"):
        GameRecord.parse('[Crib "no"]\n[Seed "1"]\n')


def test_a_show_line_is_read_back_under_its_games_kinds() -> None:
    line = "show seat=0 which=hand cards=5H-5D-JS-4C starter=6D claimed=- awarded=8 muggins=0"
    event = parse_event(line, frozenset({Kind.FIFTEEN}))
    assert isinstance(event, ShowEvent) and event.true == 8
    assert [item.kind for item in event.score.items] == [Kind.FIFTEEN] * 4
    with pytest.raises(NotationError, match="says 8 awarded"):
        parse_event(line)  # the whole game counts 16 there


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"target": 41}, "31 for a first game"),
        ({"crib": "no"}, "crib is on"),
        ({"kinds": frozenset({Kind.GO})}, "at least one kind of the show"),
        (
            {"kinds": frozenset({Kind.MUGGINS, Kind.FIFTEEN})},
            "'muggins' is not a kind a game counts",
        ),
        ({"kinds": "fifteen"}, "kinds are kinds of score"),
    ],
)
def test_bad_first_game_settings_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings(**kwargs)  # type: ignore[arg-type]


def test_settings_repr_pastes_back_and_leaves_the_whole_game_out() -> None:
    from trainer.engine import Counting as Counting

    assert repr(Settings()) == (
        "Settings(target=121, skunks=True, counting=Counting.AUTOMATIC, seats=2)"
    )
    assert eval(repr(FIFTEENS)) == FIFTEENS
    assert repr(FIFTEENS).endswith("crib=False, play=False, kinds=frozenset({Kind.FIFTEEN}))")


# --- counted aloud -------------------------------------------------------------------------------


def _to_the_show(rules: Settings, seed: int) -> Game:
    game = Game(rules, seed)
    while game.phase is not Phase.SHOW:
        first_fit(game)
    return game


def test_aloud_a_short_claim_still_pegs_the_whole_hand_and_nobody_takes_the_rest() -> None:
    rules = Settings(target=31, skunks=False, crib=False, play=False, counting=Counting.ALOUD)
    for seed in range(50):
        game = _to_the_show(rules, seed)
        true = game.true_count()
        if true < 2:
            continue
        before = game.scores
        seat, which = game.show_order[0]
        event = game.count_hand(seat, which, true - 2)
        assert (event.claimed, event.awarded, event.muggins, event.missed) == (true - 2, true, 0, 2)
        assert game.scores[seat] == before[seat] + true
        assert game.scores[1 - seat] == before[1 - seat]
        assert parse_event(event.notation()) == event
        assert Game.from_notation(game.record().notation()).events == game.events
        return
    raise AssertionError("no hand worth 2 or more in 50 deals")


def test_a_claim_is_taken_only_when_the_players_count() -> None:
    game = _to_the_show(Settings(target=31, skunks=False, crib=False, play=False), 3)
    seat, which = game.show_order[0]
    with pytest.raises(BadClaimError, match="counting is automatic"):
        game.count_hand(seat, which, 4)
    aloud = _to_the_show(
        Settings(target=31, skunks=False, crib=False, play=False, counting=Counting.ALOUD), 3
    )
    with pytest.raises(BadClaimError, match="from 0 to 29"):
        aloud.count_hand(seat, which, 30)


@hypothesis_settings(max_examples=25)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    kinds=st.sets(st.sampled_from(SCORING_KINDS)).filter(
        lambda kinds: any(kind.in_show for kind in kinds)
    ),
)
def test_any_game_pegs_exactly_the_whole_games_awards_of_its_kinds(
    seed: int, kinds: set[Kind]
) -> None:
    """For any deal and any kinds (at least one of the show's): the same moves peg, event by
    event over the first few deals, the whole game's awards of those kinds and nothing else;
    with every kind, the game is the whole game, event for event."""
    whole = play_for(Settings(), seed)
    some = play_for(Settings(kinds=frozenset(kinds)), seed)
    for mine, full in zip(some.events, whole.events, strict=False):
        assert actions_of([mine]) == actions_of([full])
        if isinstance(mine, ShowEvent):
            assert isinstance(full, ShowEvent)
            assert mine.score == only_kinds(full.score, kinds)
            assert mine.awarded == mine.score.total
        else:
            assert mine.awards == kept_awards(full.awards, kinds)
    every = play_for(Settings(kinds=ALL_KINDS), seed)
    assert every.events == whole.events and every.scores == whole.scores

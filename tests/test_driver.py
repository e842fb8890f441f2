"""A game against the computer without Streamlit (trainer.training.table): the words of
the scores and events, the setup and its level read once, whole games by the rules, the
person's turns (go, a card past 31), muggins, a game resumed, and its record exported and
read back.

Pass-and-play at one table (a setup's lineup of people) and a table of one person's seat
(``Table.own``, a game across devices) are tested here too, in sections of their own."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

import pytest

from tests.support.table import ANN, SAM, hidden_cards, one_short, play_out, recent_lines, setup_of
from tests.test_game import play_random_game
from trainer.analysis import LEVELS, computer_player
from trainer.bench.playing import first_cards, move, play_on, right_count
from trainer.engine import Card, parse_cards
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    GoEvent,
    LayEvent,
    ShowEvent,
    parse_event,
)
from trainer.engine.game import Game
from trainer.engine.items import Award, Kind, ScoreItem
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Phase, RuleError, Which, side_of
from trainer.training.table import (
    COMPUTER,
    ME,
    CoachMode,
    Need,
    Person,
    PlaySetup,
    RecordProblem,
    Table,
    award_text,
    best_hand_line,
    event_lines,
    export_text,
    in_our_words,
    level_named,
    parse_export,
    parse_level,
    peg_moves,
    pegs_of,
    public_record,
    scoring_cards,
)
from trainer.ui.play_saves import count_attempt


def _play_out(table: Table) -> Table:
    play_on(table)
    return table


# --- words ----------------------------------------------------------------------------------


def test_scores_are_said_as_at_the_table() -> None:
    five, ten = parse_cards("5H TD")
    assert award_text(ScoreItem(Kind.FIFTEEN, (five, ten), 2)) == "fifteen for two"
    run = ScoreItem(Kind.RUN, parse_cards("3H 4D 5S"), 3)
    assert award_text(run) == "a run of three for three"
    royal = ScoreItem(Kind.PAIR, parse_cards("7H 7D 7S"), 6)
    assert award_text(royal) == "a pair royal for six"
    assert award_text(ScoreItem(Kind.GO, (), 1)) == "a go for one"
    assert award_text(ScoreItem(Kind.HIS_HEELS, parse_cards("JH"), 2)) == "his heels for two"


def test_event_lines_name_who_and_why() -> None:
    lay = parse_event("lay seat=1 card=5C count=15 awards=1:fifteen/TD-5C/2")
    assert event_lines(lay) == [
        "The computer lays 5♣: the count is 15.",
        "The computer pegs 2: fifteen for two.",
    ]
    thirty_one = parse_event("lay seat=0 card=AC count=31 awards=0:thirty-one/AC/2")
    assert event_lines(thirty_one)[-1] == "The count goes back to 0."
    go = parse_event("go seat=0 count=28 awards=1:go//1")
    assert event_lines(go) == [
        "You say “go” (nothing fits under 31).",
        "The computer pegs 1: a go for one.",
        "The count goes back to 0.",
    ]
    heels = parse_event("starter seat=0 at=9 card=JS awards=1:his_heels/JS/2")
    assert event_lines(heels) == ["The starter is J♠.", "The computer pegs 2: his heels for two."]


def test_a_short_count_under_muggins_says_muggins() -> None:
    score = score_show(parse_cards("5H 5D TS JC"), Card.parse("KH"))
    event = ShowEvent.build(ME, Which.HAND, score, 10)
    assert score.total == 14
    assert event_lines(event) == [
        "Your hand makes 14 points.",
        "You said 10: you peg 10.",
        "Muggins! The computer takes the 4 points you missed.",
    ]
    over = ShowEvent.build(ME, Which.HAND, score, 20)
    assert "You said 20, but it makes 14: you peg 14." in event_lines(over)


# --- settings -------------------------------------------------------------------------------


def test_setup_is_checked_and_reads_back() -> None:
    setup = PlaySetup("hard", Settings(target=61, skunks=False, counting=Counting.MUGGINS))
    assert setup.notation() == "level=hard target=61 skunks=off counting=muggins"
    assert PlaySetup.parse(setup.notation()) == setup
    with pytest.raises(ValueError, match="'expert' is not a level: choose one of Easy"):
        PlaySetup("expert")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="61 for the short game"):
        PlaySetup.parse("level=easy target=100")


def test_a_level_is_read_once_from_its_word() -> None:
    assert [level_named(word) for word in LEVELS] == list(LEVELS)
    assert level_named("Easy") is None and level_named("") is None
    assert parse_level("crazy") == "crazy"
    with pytest.raises(ValueError, match="'expert' is not a level: choose one of Easy"):
        parse_level("expert")
    with pytest.raises(ValueError, match="'expert' is not a level"):
        PlaySetup.parse("level=expert target=61")


# --- the table ------------------------------------------------------------------------------


def test_a_whole_game_by_the_rules_against_each_level() -> None:
    for level in ("easy", "normal"):
        table = _play_out(Table.new(PlaySetup(level, Settings(target=61)), seed=11))
        game = table.game
        assert game.winner is not None and max(game.scores) >= 61
        assert game.summary().scores == game.scores
        moves = peg_moves(game.events, target=61)
        for seat in (ME, COMPUTER):
            assert sum(m.end - m.start for m in moves if m.seat == seat) == game.scores[seat]
        replayed = Game.replay(GameRecord.parse(game.record().notation()))
        assert replayed.scores == game.scores and replayed.winner == game.winner


def test_the_computer_acts_until_the_person_has_something_to_do() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=121)), seed=4)
    table.cut_for_deal()
    assert table.game.phase is Phase.CUT  # seed 4: both cut the same rank
    assert recent_lines(table)[-1] == "The same rank: cut again."
    assert table.need() is Need.CUT_FOR_DEAL
    table.cut_for_deal()
    assert table.game.phase is Phase.DISCARD and table.need() is Need.DISCARD
    assert table.game.view(ME).opponent_discarded  # the computer threw at once
    table.discard(first_cards(table))
    if table.game.pone == ME:
        assert table.need() is Need.CUT_STARTER
        table.cut_starter()
    assert table.game.phase is Phase.PLAY
    assert table.game.turn == ME and table.view.playable  # never waiting on the computer


def test_the_person_says_go_only_when_nothing_fits() -> None:
    for seed in range(40):
        table = Table.new(PlaySetup("easy", Settings()), seed=seed)
        while table.game.deal_no < 3 and table.need() is not Need.OVER:
            move(table)
        events = table.game.events
        goes = [i for i, e in enumerate(events) if isinstance(e, GoEvent) and e.seat == ME]
        if goes:
            for index in goes:
                before = Game.replay(GameRecord(table.game.settings, seed, tuple(events[:index])))
                assert before.turn == ME and before.view(ME).playable == ()
            return
    pytest.fail("no deal in forty games made the person say go")


def test_a_card_past_31_is_refused_with_the_reason() -> None:
    for seed in range(60):
        table = Table.new(PlaySetup("easy", Settings()), seed=seed)
        while table.need() is not Need.OVER and table.game.deal_no < 4:
            view = table.view
            if table.need() is Need.LAY:
                too_high = [c for c in view.hand if view.count + c.pips > 31]
                if too_high:
                    with pytest.raises(ValueError, match="31"):
                        table.lay(too_high[0])
                    return
            move(table)
    pytest.fail("no position with a card past 31 came up")


def test_resume_shows_the_same_point_and_a_counted_hand_again() -> None:
    table = Table.new(PlaySetup("normal", Settings(target=61)), seed=8)
    while table.need() is not Need.REVEAL:
        move(table)
    again = Table.resume(table.setup, table.game.record())
    assert again.need() is Need.REVEAL and again.counted == table.counted
    assert again.view == table.view
    table.carry_on()
    later = Table.resume(table.setup, table.game.record())
    assert later.need() is table.need() and later.view == table.view


def test_muggins_counts_go_to_the_computer_and_are_graded_like_drills() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=121, counting=Counting.MUGGINS)), seed=2)
    while table.need() is not Need.CLAIM:
        move(table)
    nxt = table.next_count()
    assert nxt is not None
    seat, which, score = nxt
    assert seat == ME
    before = table.game.scores
    if score.total == 0:
        pytest.skip("this hand scores nothing")
    event = table.claim(0)
    assert event.muggins == score.total
    assert table.game.scores[COMPUTER] == before[COMPUTER] + score.total
    assert table.game.scores[ME] == before[ME]
    attempt = count_attempt(event, game_seed=2, deal_no=1, seconds=3.0)
    assert (attempt.drill, attempt.tier, attempt.correct) == (str(which), "game", False)
    assert attempt.points_off == -score.total
    wanted = {item.kind.category for item in score.items}
    assert set(attempt.missed) <= wanted | {"crib-flush"} and attempt.missed


# --- export and import ----------------------------------------------------------------------


def test_a_finished_game_exports_and_reads_back_with_its_level() -> None:
    table = _play_out(Table.new(PlaySetup("crazy", Settings(target=61)), seed=5))
    setup, record = parse_export(export_text(table))
    assert setup == table.setup and record == table.game.record()


def test_a_game_in_progress_exports_only_what_the_player_has_seen() -> None:
    """Mid-deal, the record leaves out the seed (it would tell every card to come) and the
    computer's crib cards; no card the computer still holds is in it. It cannot be read back."""
    table = Table.new(PlaySetup("crazy", Settings(target=61)), seed=5)
    while table.need() is not Need.LAY:
        move(table)
    text = export_text(table)
    assert "Seed" not in text and str(table.game.seed) not in text.split("\n\n")[0]
    computer = table.game.view(COMPUTER)
    hidden = (*computer.hand, *computer.discards)
    events = text.split("\n\n", 1)[1]
    assert not [card for card in hidden if str(card) in events]
    assert "discard seat=1 cards=hidden" in events
    with pytest.raises(RecordProblem, match="still being played"):
        parse_export(text)
    while table.game.deal_no < 2:  # once the crib is counted its cards are no secret
        move(table)
    assert "discard seat=1 cards=hidden" not in export_text(table).split("deal no=2")[0]


def test_a_bad_record_names_its_line() -> None:
    with pytest.raises(RecordProblem, match="empty"):
        parse_export("  ")
    text = '[Seed "3"]\n\ncut seat=0 at=10 card=5H\nlay seat=0 card=XX count=3\n'
    with pytest.raises(RecordProblem, match="line 4"):
        parse_export(text)
    wrong = '[Seed "3"]\n\ncut seat=0 at=10 card=KD\n'
    with pytest.raises(RecordProblem, match=r"does not play back: event 1 \(line 3\)"):
        parse_export(wrong)
    with pytest.raises(RecordProblem, match="'grandmaster'"):
        parse_export('# level: grandmaster\n[Seed "3"]\n')


def test_the_board_follows_the_game_as_it_goes() -> None:
    """The board (its peg moves worked out again only when the game has moved on) is the
    game's own at every step: each side's front and back peg and the last move, a hand
    being shown once it is shown whole."""
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=11)
    for _ in range(3000):
        counted = table.counted
        whole = None if counted is None else len(counted.score.items)
        assert table.pegs(whole) == pegs_of(peg_moves(table.game.events, target=61))
        if table.need() is Need.OVER:
            break
        move(table)
    assert table.pegs().last is not None and table.game.is_over


# --- three and four at the table -------------------------------------------------------------


def _played(seats: int, seed: int, counting: str = "automatic") -> Table:
    settings = Settings(target=61, seats=seats, counting=Counting(counting))
    table = Table.new(PlaySetup("easy", settings), seed=seed)
    play_on(table)
    return table


def test_the_log_names_every_seat() -> None:
    lay = parse_event("lay seat=2 card=5H count=15 awards=2:fifteen/TS-5H/2")
    assert event_lines(lay, 3) == [
        "The computer on your right lays 5♥: the count is 15.",
        "The computer on your right pegs 2: fifteen for two.",
    ]
    assert event_lines(lay, 4)[0] == "Your partner lays 5♥: the count is 15."
    go = parse_event("go seat=1 count=28")
    assert event_lines(go, 4) == ["The computer on your left says “go” (nothing fits under 31)."]
    throw = parse_event("discard seat=3 cards=KD")
    assert event_lines(throw, 4) == ["The computer on your right puts a card in the crib."]
    mine = parse_event("discard seat=0 cards=KD")
    assert event_lines(mine, 3) == ["You put K♦ in the crib."]
    score = score_show(parse_cards("5H 5D JC 4S"), Card.parse("KD"))
    shown = ShowEvent.build(ME, Which.HAND, score, score.total - 2, players=3)
    lines = event_lines(shown, 3)
    assert lines[0] == f"Your hand makes {score.total} points."
    assert lines[-1] == "Muggins! The computer on your left takes the 2 points you missed."


def test_engine_messages_name_the_seats_in_our_words() -> None:
    assert in_our_words("it is player 3's turn, not player 1's", 4) == (
        "it is your partner's turn, not yours"
    )
    assert in_our_words("player 2 has already cut", 3) == (
        "the computer on your left has already cut"
    )
    assert "seat=2 is the computer on your right" in in_our_words("bad seat=7", 3)


def test_pegs_move_a_track_a_side_and_say_whose_points() -> None:
    events = [
        parse_event("lay seat=2 card=5H count=15 awards=2:fifteen/TS-5H/2"),
        parse_event("lay seat=3 card=5C count=20 awards=3:pair/5H-5C/2"),
    ]
    moves = peg_moves(events, 4, target=121)
    assert [(m.seat, m.start, m.end) for m in moves] == [(0, 0, 2), (1, 0, 2)]
    assert moves[0].reason == "Partner, fifteen for two"
    assert pegs_of(moves, 2).front == (2, 2)
    three = peg_moves(events, 3, target=121)
    assert [m.seat for m in three] == [2]  # seat 3 does not sit at a table of three
    assert pegs_of(three, 3).front == (0, 0, 2)


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("counting", ["automatic", "muggins"])
def test_whole_games_by_the_rules(seats: int, counting: str) -> None:
    for seed in range(3):
        table = _played(seats, seed, counting=counting)
        game = table.game
        assert game.is_over and max(game.scores) >= 61
        replayed = Game.replay(game.record())
        assert replayed.scores == game.scores
        # the board's pegs end on every side's score
        assert table.pegs().front == game.scores
        assert len(table.pegs().back) == len(game.scores)
        # every seat played: the computers lay, go and count their own seats
        seats_laid = {e.seat for e in game.events if isinstance(e, LayEvent)}
        assert seats_laid == set(range(seats))
        # the record reads back with its setup
        setup, record = parse_export(export_text(table))
        assert setup == table.setup and record == game.record()


def test_said_go_names_the_seats_waiting_for_the_count_to_start_again() -> None:
    for seed in range(20):
        table = Table.new(PlaySetup("easy", Settings(seats=3)), seed=seed)
        while table.need() is not Need.OVER and table.game.deal_no < 3:
            if table.need() is Need.LAY and table.said_go():
                events = table.game.events
                goes = [e.seat for e in events[-6:] if isinstance(e, GoEvent) and not e.awards]
                assert set(table.said_go()) <= set(goes) | {ME}
                assert all(not table.game.view(s).playable for s in table.said_go())
                return
            move(table)
    raise AssertionError("no go said in twenty games")


def test_a_game_in_progress_hides_every_other_seats_throw() -> None:
    table = Table.new(PlaySetup("easy", Settings(seats=4)), seed=5)
    while table.game.phase is not Phase.PLAY:
        move(table)
    text = public_record(table)
    assert '[Seats "4"]' in text
    hidden = [line for line in text.splitlines() if line.endswith("cards=hidden")]
    assert sorted(line.split()[1] for line in hidden) == ["seat=1", "seat=2", "seat=3"]


def test_the_show_is_told_in_order_with_the_partner_and_the_crib() -> None:
    table = Table.new(PlaySetup("easy", Settings(seats=4)), seed=11)
    while table.game.deal_no < 2 and table.need() is not Need.OVER:
        move(table)
    shows = [e for e in table.game.events if isinstance(e, ShowEvent)][:5]
    dealer = next(
        e.dealer for e in table.game.events if isinstance(e, CutEvent) and e.dealer is not None
    )
    assert [e.seat for e in shows] == [(dealer + k) % 4 for k in (1, 2, 3, 4, 4)]
    assert shows[-1].which is Which.CRIB
    # partners' points go to one score
    moves = peg_moves(table.game.events, 4, target=table.game.settings.target)
    assert {m.seat for m in moves} <= {0, 1}
    assert all(side_of(s, 4) in (0, 1) for s in range(4))


# --- the board, the log and the Play page's table --------------------------------------------


def _to_reveal(table: Table, *, items: int = 2, muggins_short: bool = False) -> Table:
    """Play on (first cards, first throws, right counts or short ones) until a counted hand
    with at least ``items`` combinations waits to be shown."""

    def wanted(table: Table, need: Need) -> bool:
        counted = table.counted
        return (
            need is Need.REVEAL
            and counted is not None
            and len(counted.score.items) >= items
            and (not muggins_short or bool(counted.muggins))
        )

    def claim(table: Table) -> int:
        return max(right_count(table) - 3, 0) if muggins_short else right_count(table)

    if play_on(table, stop=wanted, claim=claim, moves=3000) is Need.OVER:
        pytest.fail("no such hand came up")
    return table


def test_the_show_is_pegged_as_its_combinations_are_shown_never_the_total_first() -> None:
    table = _to_reveal(Table.new(PlaySetup("easy", Settings(target=121)), seed=4))
    counted = table.counted
    assert counted is not None
    seat, items = counted.seat, counted.score.items
    before = pegs_of(peg_moves(table.game.events[:-1], target=121))
    assert table.pegs() == table.pegs(0) == before  # nothing pegged before the first Next
    for step in range(1, len(items) + 1):
        pegs = table.pegs(step)
        shown = sum(item.points for item in items[:step])
        assert pegs.front[seat] == before.front[seat] + shown
        assert pegs.front[1 - seat] == before.front[1 - seat]
        assert pegs.back[seat] == before.front[seat]  # the back peg leapfrogged once
        assert pegs.last is not None and pegs.last.seat == seat
    assert table.pegs(len(items)).front == table.game.scores
    table.show_next()
    assert table.pegs() == table.pegs(1)


def test_a_short_count_pegs_what_was_said_and_muggins_comes_last() -> None:
    setup = PlaySetup("easy", Settings(target=121, counting=Counting.MUGGINS))
    table = _to_reveal(Table.new(setup, seed=2), items=1, muggins_short=True)
    counted = table.counted
    assert counted is not None and counted.seat == ME and counted.muggins
    items = counted.score.items
    start = table.pegs(0)
    for step in range(len(items)):
        pegs = table.pegs(step)
        assert pegs.front[ME] <= start.front[ME] + counted.awarded
        assert pegs.front[COMPUTER] == start.front[COMPUTER]  # no muggins yet
    end = table.pegs(len(items))
    assert end.front == table.game.scores
    assert end.last is not None and end.last.seat == COMPUTER and "muggins" in end.last.reason


def test_the_log_tells_this_deal_and_marks_what_is_new() -> None:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=3)
    play_on(table, stop=lambda _, need: need is Need.LAY)
    lines = table.log_lines()
    texts = [line.text for line in lines]
    assert any("in the crib." in text for text in texts)
    assert any(text.startswith("The starter is") for text in texts)
    assert all(line.new == (line.event >= table.mark) for line in lines)
    table = _to_reveal(Table.new(PlaySetup("easy", Settings(target=121)), seed=4))
    counted = table.counted
    assert counted is not None
    shown = [line.event for line in table.log_lines()]
    assert len(table.game.events) - 1 not in shown  # the hand being shown is not told


def test_the_pile_lights_every_card_that_scored() -> None:
    six, five, seven = parse_cards("6H 5C 7D")
    run = LayEvent(1, seven, 18, (Award(1, ScoreItem(Kind.RUN, (six, five, seven), 3)),))
    assert scoring_cards(run, (six, five, seven)) == (six, five, seven)  # the 6 too
    pair = LayEvent(
        0, parse_cards("7S")[0], 25, (Award(0, ScoreItem(Kind.PAIR, parse_cards("7D 7S"), 2)),)
    )
    pile = (six, five, seven, pair.card)
    assert scoring_cards(pair, pile) == (seven, pair.card)
    assert scoring_cards(LayEvent(0, six, 6), (six,)) == ()


def test_the_engine_s_seat_words_are_you_and_the_computer() -> None:
    assert in_our_words("the game is over: player 2 reached 121") == (
        "the game is over: the computer reached 121"
    )
    assert in_our_words("player 1 cannot say go: 5♥ still fits under 31") == (
        "you cannot say go: 5♥ still fits under 31"
    )
    assert in_our_words("next is player 2's crib") == "next is the computer's crib"
    assert in_our_words("player 2 has already given two cards to the crib") == (
        "the computer has already given two cards to the crib"
    )
    text = "event 3 (line 5), 'lay seat=1 card=5C count=5': it is player 1's turn, not player 2's"
    assert in_our_words(text).endswith(
        "it is your turn, not the computer's (in a record, seat=0 is you and seat=1 is the "
        "computer)"
    )
    wrong = '[Seed "3"]\n\ncut seat=0 at=10 card=5H\ncut seat=0 at=12 card=KD\n'
    with pytest.raises(RecordProblem) as caught:
        parse_export(wrong)
    assert "player 1" not in str(caught.value) and "player 2" not in str(caught.value)
    assert "you have already cut" in str(caught.value)


# --- the table's coach and pegs -------------------------------------------------------------


def test_the_best_hand_is_said_as_a_sentence() -> None:
    score = score_show(parse_cards("5H 5D JS QC"), parse_cards("2C")[0])
    mine = ShowEvent.build(ME, Which.HAND, score, None)
    theirs = ShowEvent.build(COMPUTER, Which.HAND, score, None)
    assert best_hand_line(mine) == f"The best hand of the game was yours: {score.total} points."
    assert best_hand_line(theirs).startswith("The best hand of the game was the computer's:")


def test_the_coach_at_the_table_works_from_the_game_and_the_person_s_seat() -> None:
    """``table.coaching`` is the coach of the person whose turn it is, given the table's
    game, that seat and their coach setting (not the table); what it works out is kept
    between asks, so a rerun does not work it out again."""
    table = Table.new(PlaySetup("hard", Settings(target=121), coach=CoachMode.LEARNING), seed=7)
    table.cut_for_deal()
    coach = table.coaching
    assert (coach.game, coach.seat, coach.mode) == (table.game, table.seat, CoachMode.LEARNING)
    assert table.coaching.ranking() is coach.ranking()  # the same memo
    assert (
        table.coaching.ranking() == table.coaching.ranking() and len(table.coaching.ranking()) == 5
    )
    assert table.coaching.best_throw_line() == table.coaching.best_throw_line()
    table.discard(table.coaching.ranking()[0].discard.throw)
    assert table.coaching.throw_lines() == table.coaching.throw_lines() != ()
    assert table.coaching.throw_was_best()
    while table.need() is Need.CUT_STARTER:
        table.cut_starter()
    assert table.need() is Need.LAY
    assert table.coaching.lay_line() == table.coaching.lay_line() != ""


def test_the_last_move_says_what_was_pegged_to_reach_the_game_hole() -> None:
    """At 60 in a game to 61, a fifteen and a run of three peg one point: the board's last
    line says +1 for the fifteen (60 → 61), not +5 past the hole."""
    pair_royal = parse_event("lay seat=0 card=4S count=14 awards=0:pair/4H-4C-4S/6")
    last = parse_event("lay seat=0 card=5C count=15 awards=0:fifteen/6S-4C-5C/2,0:run/6S-4C-5C/3")
    moves = peg_moves([pair_royal] * 10 + [last], target=61)
    assert (moves[-1].start, moves[-1].end, moves[-1].reason) == (60, 61, "fifteen for two")
    assert peg_moves([pair_royal] * 10 + [last], target=121)[-1].end == 65


def test_a_count_that_wins_moves_the_peg_only_to_the_game_hole() -> None:
    """A crib of 17 counted from 57 in a game to 61: the peg moves with the combinations
    until it reaches 61, then stays; the last line says +4 for the crib (57 → 61)."""
    game = play_random_game(9, 61, Counting.AUTOMATIC, 9)
    record = GameRecord(game.settings, game.seed, tuple(game.events))
    table = Table.resume(PlaySetup("easy", game.settings), record)
    counted = table.counted
    assert counted is not None and counted.score.total == 17
    fronts = [table.pegs(step).front[0] for step in range(len(counted.score.items) + 1)]
    assert fronts == [57, 59, 61, 61, 61, 61, 61, 61, 61]
    last = table.pegs(len(counted.score.items)).last  # the whole crib shown
    assert last is not None and (last.start, last.end, last.reason) == (57, 61, "the crib")


# --- pass-and-play at one table --------------------------------------------------------------
# Pass-and-play at one table (trainer.training.table.driver with a setup's lineup): the table stops
# at each person's turn, whoever it is, says whose it is (``Table.seat``), works each person's
# coach from their own view, and shows no one another person's hidden cards.

JO = Person("Jo")
BO = Person("Bo", CoachMode.LEARNING)

#: Tables of two, three and four with two or more people (and computers beside them).
LINEUPS = [
    (ANN, SAM),
    (ANN, "easy", SAM),
    ("normal", ANN, SAM),
    (ANN, SAM, JO),
    (ANN, "easy", SAM, "normal"),
    (ANN, SAM, "easy", JO),
    (ANN, SAM, JO, BO),
]


def waited_on(table: Table) -> set[int]:
    """The seats the engine waits on now."""
    game = table.game
    if game.phase in (Phase.CUT, Phase.DISCARD):
        return set(game.waiting_for())
    if game.phase is Phase.STARTER:
        assert game.pone is not None
        return {game.pone}
    if game.phase is Phase.PLAY:
        assert game.turn is not None
        return {game.turn}
    if game.phase is Phase.SHOW:
        return {game.show_order[0][0]}
    return set()


@pytest.mark.parametrize("lineup", LINEUPS)
def test_the_table_stops_at_each_persons_turn_and_says_whose(lineup: tuple) -> None:
    setup = setup_of(lineup)
    table = Table.new(setup, seed=7)
    seen: set[int] = set()

    def check(table: Table) -> None:
        assert table.seat in setup.people
        assert table.seat in waited_on(table)  # the person the engine waits on, no other
        assert table.view.seat == table.seat
        seen.add(table.seat)

    assert play_out(table, check) > 0
    assert seen == set(setup.people)
    # the computers played their own seats at their own levels
    for seat, player in enumerate(lineup):
        if isinstance(player, Person):
            assert table.level_of(seat) == table.level
        else:
            assert table.level_of(seat) == player
    assert table.setup.lineup == setup.lineup


def test_each_person_has_their_own_coach_and_hints() -> None:
    table = Table.new(setup_of((ANN, "easy", SAM)), seed=3)
    coaches: dict[int, CoachMode] = {}

    def check(table: Table) -> None:
        coaches[table.seat] = table.coach_of(table.seat)
        assert table.coaching.seat == table.seat  # the coach works from this seat's view
        assert table.coaching.view == table.view
        if table.need() is Need.DISCARD and table.seat == 2 and table.game.deal_no == 1:
            table.hint()

    play_out(table, check)
    assert coaches == {0: CoachMode.LEARNING, 2: CoachMode.MOVES}
    assert table.person(0).hints == () and table.person(2).hints == (1,)
    assert table.setup.lineup[2] == Person("Sam", CoachMode.MOVES, (1,))
    again = PlaySetup.parse(table.setup.notation())
    assert again == table.setup


def test_the_seats_are_called_by_the_peoples_names() -> None:
    table = Table.new(setup_of((ANN, "easy", SAM)), seed=5)
    names = table.names
    assert (names.who(0), names.who(1), names.whose(2, "crib")) == (
        "Ann",
        "The computer",
        "Sam's crib",
    )
    refused = "it is player 3's turn, not player 1's: player 2 has said go"
    assert in_our_words(refused, names=names) == (
        "it is Sam's turn, not Ann's: the computer has said go"
    )
    lines: list[str] = []
    play_out(table, lambda table: lines.extend(line.text for line in table.log_lines()))
    text = "\n".join(lines)
    assert "Ann lays" in text or "Sam lays" in text
    assert "You " not in text and "you " not in text.replace("Muggins!", "")


def test_a_person_named_alone_against_the_computer_plays_as_the_usual_game() -> None:
    usual = Table.new(PlaySetup("hard", Settings(target=61), CoachMode.MOVES), seed=21)
    named = Table.new(
        PlaySetup(settings=Settings(target=61), lineup=(Person("Sam", CoachMode.MOVES), "hard")),
        seed=21,
    )
    play_out(usual)
    play_out(named)
    assert named.game.record() == usual.game.record()


def what_is_shown(table: Table) -> Iterator[str]:
    """Every sentence and record a table gives the person it shows (whose turn it is, or
    one device's person: ``Table.own``), the coach's words among them, on their turn or
    while they wait for another's."""
    view = table.view
    yield " ".join(card.label for card in (*view.hand, *view.kept, *view.discards))
    yield from (line.text for line in table.log_lines())
    yield from recent_lines(table)
    last = table.pegs().last
    yield last.reason if last is not None else ""
    yield export_text(table)
    coach = table.coaching
    need = table.need()
    if need is Need.DISCARD:
        yield coach.best_throw_line()
        yield from coach.hint_words()
    if need is Need.LAY:
        yield from coach.lay_previews()
        yield coach.lay_line()
    yield from coach.play_note_lines()  # straight after the card, while the other plays too
    yield from coach.throw_lines()
    if need is Need.CLAIM:
        yield coach.show_order_line()


def _never_names(hidden: set[Card], texts: Iterable[str], who: str) -> None:
    for text in texts:
        for card in hidden:
            for said in (card.label, str(card)):
                assert not re.search(rf"(?<![0-9]){re.escape(said)}(?![A-Z])", text), (
                    f"{who} is shown {card.label}: {text!r}"
                )


@pytest.mark.parametrize("lineup", LINEUPS)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_person_is_shown_another_persons_hidden_cards(lineup: tuple, seed: int) -> None:
    table = Table.new(setup_of(lineup), seed=seed)
    checked = shows = 0

    def check(table: Table) -> None:
        nonlocal checked
        hidden = hidden_cards(table, table.seat)
        _never_names(hidden, what_is_shown(table), table.names.who(table.seat))
        checked += bool(hidden)

    def check_show(table: Table) -> None:  # everyone may be looking at a hand shown
        nonlocal shows
        assert table.viewer is None
        if table.game.is_over:  # the game's whole record is everyone's now
            return
        hidden = hidden_cards(table, -1)
        texts = [*(line.text for line in table.log_lines()), export_text(table)]
        _never_names(hidden, texts, "everyone")
        shows += bool(hidden)

    play_out(table, check, check_show)
    assert checked > 10  # the check met hidden cards, turn after turn
    assert shows > 0


@pytest.mark.parametrize("lineup", [(ANN, SAM), (ANN, "easy", SAM, "hard")])
def test_a_saved_game_of_people_resumes_at_the_same_persons_turn(lineup: tuple) -> None:
    table = Table.new(setup_of(lineup), seed=9)
    turns = 0

    def check(table: Table) -> None:
        nonlocal turns
        turns += 1
        if turns % 7 == 0:
            again = Table.resume(table.setup, table.game.record(), table.place())
            assert (again.seat, again.need(), again.view) == (table.seat, table.need(), table.view)
            assert again.setup == table.setup

    play_out(table, check)
    assert turns > 14


@pytest.mark.parametrize("lineup", [(ANN, SAM), (ANN, "easy", SAM), (ANN, SAM, "easy", JO)])
def test_points_a_person_misses_go_to_an_opponent_named_in_words(lineup: tuple) -> None:
    table = Table.new(setup_of(lineup), seed=3)
    play_out(table)
    game = table.game
    text = "\n".join(
        line
        for event in game.events
        for line in event_lines(event, game.players, names=table.names, viewer=table.viewer)
    )
    assert "sam deals" not in text and "ann deals" not in text  # a name keeps its capital
    taken = [e for e in game.events if isinstance(e, ShowEvent) and e.muggins]
    assert taken  # a count one short now and then
    for event in taken:
        taker = event.muggins_taker
        assert game.side_of(taker) != game.side_of(event.seat)  # an opponent's side
        said = (
            f"Muggins! {table.names.who(taker)} takes the {event.muggins} "
            f"point{'' if event.muggins == 1 else 's'} {table.names.who(event.seat)} missed."
        )
        assert said in text


@pytest.mark.parametrize("seed", [1, 2])
def test_no_device_of_a_game_across_devices_is_shown_the_others_hidden_cards(seed: int) -> None:
    """Each device's table is resumed from the one stored record at its own place, as the
    Play page does; whoever's turn it is moves; neither table ever names the other's cards,
    in its words, its coach's or its record."""
    setup = PlaySetup(settings=Settings(target=61, counting=Counting.MUGGINS), lineup=(ANN, SAM))
    record = Table.new(setup, seed, own=0).game.record()
    places = ["", ""]
    checked = steps = 0
    while steps < 1500:
        tables = [Table.resume(setup, record, places[s], own=s) for s in (0, 1)]
        if tables[0].game.is_over:
            break
        for own, table in enumerate(tables):
            hidden = hidden_cards(table, own)
            _never_names(hidden, what_is_shown(table), table.names.board_names[own])
            checked += bool(hidden)
        table = next(t for t in tables if t.need() is not Need.WAIT)
        move(table, claim=one_short if steps % 3 == 0 else right_count)
        record, places[table.seat] = table.game.record(), table.place()
        steps += 1
    assert tables[0].game.is_over
    assert checked > 40  # the check met hidden cards, step after step


# --- a table of one person's seat ------------------------------------------------------------
# A table of one person's seat (``Table.own``: a game across devices, each device with its own
# table from the one stored record): it acts for that seat alone, says whose turn it is while it
# waits, tells that seat only what it may know, and both devices' tables read the record alike, so
# the game is played to its end between them.

#: The second person of a game across devices: Sam, with the coach off (Ann is pass-and-play's).
SAM_NO_COACH = Person("Sam", CoachMode.OFF)


def devices_setup(target: int = 61) -> PlaySetup:
    """Two people, the trainer counting the show."""
    settings = Settings(target=target, counting=Counting.AUTOMATIC)
    return PlaySetup(settings=settings, lineup=(ANN, SAM_NO_COACH))


def hidden_from(table: Table) -> set[str]:
    """The labels of the other seat's cards its owner may not know yet: its throw this deal
    (until the crib is shown) and the cards in its hand not laid."""
    game = table.game
    other = 1 - table.seat
    if game.phase not in (Phase.DISCARD, Phase.STARTER, Phase.PLAY):
        return set()
    hidden = {card.label for card in game.view(other).hand}
    for event in reversed(game.events):
        if isinstance(event, DealEvent):
            break
        if isinstance(event, DiscardEvent) and event.seat == other:
            hidden |= {card.label for card in event.cards}
            break
    return hidden


def check_private(table: Table, own: int) -> None:
    """What the table of ``own`` says is ``own``'s alone."""
    assert table.seat == own and table.own == own
    assert table.view == table.game.view(own)
    assert table.coach_of(table.seat) is (ANN, SAM_NO_COACH)[own].coach
    assert table.learning is (own == 0)
    hidden = hidden_from(table)
    events = table.game.events
    cuts = {i for i, event in enumerate(events) if isinstance(event, CutEvent)}
    # (the cut for deal is made from another pack: its card may be in a hand since)
    # (and a card laid face up last deal may be in a hand now)
    deals = [i for i, event in enumerate(events) if isinstance(event, DealEvent)]
    start = deals[-1] if deals else 0
    said = [
        line.text for line in table.log_lines() if line.event >= start and line.event not in cuts
    ]
    if table.mark >= start and not any(i >= table.mark for i in cuts):
        said += recent_lines(table)
    for line in said:
        assert not any(label in line for label in hidden), (own, line)
    # the table's own person is "you", the other by name
    mine, theirs = ("Ann", "Sam")[own], ("Ann", "Sam")[1 - own]
    assert table.names.who(own) == "You" and table.names.who(1 - own) == theirs
    assert not any(line.startswith(f"{mine} ") for line in said), (own, said)
    if any(event.seat == own for event in events[start:] if isinstance(event, LayEvent)):
        assert any(line.startswith("You lay ") for line in said)


def test_a_table_belongs_to_a_person_seat() -> None:
    with pytest.raises(ValueError):
        Table.new(PlaySetup(settings=Settings(target=61), lineup=(ANN, "easy")), 1, own=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_device_table_takes_its_turns_from_the_stored_record(seed: int) -> None:
    setup = devices_setup()
    text = Table.new(setup, seed, own=0).game.record().notation()
    for step in range(600):
        tables = [Table.resume(setup, GameRecord.parse(text), own=s) for s in (0, 1)]
        for own, table in enumerate(tables):
            check_private(table, own)
        assert tables[0].game.events == tables[1].game.events  # (the trainer's counts too)
        if tables[0].game.is_over:
            break
        needs = [table.need() for table in tables]
        acting = [s for s in (0, 1) if needs[s] is not Need.WAIT]
        assert acting, needs
        for s in (0, 1):
            if needs[s] is Need.WAIT:
                waited = tables[s].waiting_on()
                assert waited == 1 - s and waited in acting
                assert needs[waited] is not Need.REVEAL
            else:
                assert tables[s].waiting_on() is None
        own = acting[0]
        table, other = tables[own], tables[1 - own]
        need = needs[own]
        player = computer_player("easy", seed=f"{seed}:{step}")
        if need is Need.REVEAL:
            table.carry_on()
        elif need is Need.CUT_FOR_DEAL:
            table.cut_for_deal()
        elif need is Need.DISCARD:
            cards = player.discard(table.view)
            table.discard(cards)
        elif need is Need.CUT_STARTER:
            table.cut_starter()
        else:
            assert need is Need.LAY
            if needs[1 - own] is Need.WAIT:  # the waiting seat never acts for the other
                with pytest.raises(RuleError):
                    other.lay(table.view.playable[0])
            card = player.play(table.view)
            assert card is not None
            table.lay(card)
        text = table.game.record().notation()
    assert tables[0].game.is_over and max(tables[0].game.scores) >= 61
    assert GameRecord.parse(text).notation() == tables[0].game.record().notation()


def test_each_person_counts_their_own_hand_on_their_own_device_under_muggins() -> None:
    settings = Settings(target=61, counting=Counting.MUGGINS)
    setup = PlaySetup(settings=settings, lineup=(ANN, SAM_NO_COACH))
    text = Table.new(setup, 7, own=0).game.record().notation()
    short = 0  # the points a person missed in their own count
    places = ["", ""]  # where each device was looking (a count each sees out for themselves)
    for step in range(800):
        record = GameRecord.parse(text)
        tables = [Table.resume(setup, record, places[s], own=s) for s in (0, 1)]
        if tables[0].game.is_over:
            break
        needs = [table.need() for table in tables]
        own = next(s for s in (0, 1) if needs[s] is not Need.WAIT)
        table, need = tables[own], needs[own]
        player = computer_player("easy", seed=f"7:{step}")
        if need is Need.CLAIM:
            counted = table.next_count()
            assert counted is not None and counted[0] == own  # their own hand (or crib)
            other = tables[1 - own]  # waits for it (or still reads the count before)
            assert other.need() is Need.REVEAL or other.waiting_on() == own
            points = max(counted[2].total - step % 2, 0)  # every other count one short
            event = table.claim(points)
            assert event.seat == own and event.claimed == points
            if event.muggins:
                assert event.taker == 1 - own  # the other person takes what was missed, named
                said = " ".join(event_lines(event, names=table.names, viewer=own))
                assert ("Ann", "Sam")[1 - own] in said and "you" in said.lower(), said
                short += event.muggins
        elif need is Need.REVEAL:
            table.carry_on()
        elif need is Need.CUT_FOR_DEAL:
            table.cut_for_deal()
        elif need is Need.DISCARD:
            table.discard(player.discard(table.view))
        elif need is Need.CUT_STARTER:
            table.cut_starter()
        else:
            assert need is Need.LAY
            card = player.play(table.view)
            assert card is not None
            table.lay(card)
        text = table.game.record().notation()
        places[own] = table.place()
    assert tables[0].game.is_over and short > 0

"""A game against the computer without Streamlit (trainer.training.table): the words of
the scores and events, the setup and its level read once, whole games by the rules, the
person's turns (go, a card past 31), muggins, a game resumed, and its record exported and
read back."""

from __future__ import annotations

import pytest

from tests.support.table import recent_lines
from trainer.analysis import LEVELS
from trainer.bench.playing import first_cards, move, play_on
from trainer.engine import Card, parse_cards
from trainer.engine.events import (
    GoEvent,
    ShowEvent,
    parse_event,
)
from trainer.engine.game import Game
from trainer.engine.items import Kind, ScoreItem
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Phase, Which
from trainer.training.table import (
    COMPUTER,
    ME,
    Need,
    PlaySetup,
    RecordProblem,
    Table,
    award_text,
    event_lines,
    export_text,
    level_named,
    parse_export,
    parse_level,
    peg_moves,
    pegs_of,
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

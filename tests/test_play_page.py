"""The Play page: its pure logic (trainer.training.table, trainer.ui.play_saves) and the page in AppTest
(a whole deal with automatic counting and with muggins, a game won in the middle of the
play, a game resumed from the store after a restart, settings and records checked)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import PLAYER, as_player, table_of
from tests.support.table import recent_lines
from trainer.analysis import LEVELS
from trainer.bench.playing import cards_on_table, first_cards, interact, move, play_on
from trainer.engine import Card, parse_cards
from trainer.engine.events import (
    CutEvent,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
    parse_event,
)
from trainer.engine.game import Game
from trainer.engine.items import Kind, ScoreItem
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.show import score_show
from trainer.engine.vocab import Counting, Phase, Which
from trainer.progress.store import Store
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
from trainer.ui.play_saves import count_attempt, saved_row
from trainer.ui.requests import PLAY_READY, GameOffer
from trainer.ui.table_html import item_html

REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")


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


def test_the_saved_row_carries_the_result() -> None:
    table = _play_out(Table.new(PlaySetup("easy", Settings(target=61)), seed=11))
    row = saved_row("g", table)
    assert row.status == ("won" if table.game.winner == ME else "lost")
    assert (row.my_score, row.their_score) == table.game.scores
    assert row.skunk == table.game.skunk()  # given or taken
    assert Game.from_notation(row.record).scores == table.game.scores


# --- the page (AppTest) ----------------------------------------------------------------------


def _page() -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at)
    at.run()
    assert not at.exception, at.exception
    return at


def _texts(at: AppTest) -> str:
    parts: list[Any] = [m.value for m in at.markdown] + [i.value for i in at.info]
    parts += [s.value for s in at.success] + [w.value for w in at.warning]
    parts += [e.value for e in at.error]
    return "\n".join(str(p) for p in parts)


def _start(
    at: AppTest, *, target: int = 121, counting: str = "automatic", level: str = "easy"
) -> None:
    at.radio(key="play_level").set_value(level)
    at.radio(key="play_target").set_value(target)
    at.radio(key="play_counting_off").set_value(counting)
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _picker(at: AppTest) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(cards_on_table(at).proto.json)
    return data


def _page_step(at: AppTest) -> Need:
    """One action through the page's own widgets, as a person would take it (the same
    driver the Play benchmark uses)."""
    need = interact(at)
    at.run()
    assert not at.exception, at.exception
    return need


def _saved_games() -> list[Any]:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    return [store.game_in_progress(p.id) for p in store.profiles() if store.game_in_progress(p.id)]


def test_the_settings_form_starts_the_game_chosen() -> None:
    at = _page()
    assert [r.label for r in at.radio] == [
        "How strong is the computer?",
        "Play to",
        "The coach",
        "Who counts the hands?",
    ]
    assert at.radio(key="play_level").options == ["Easy", "Normal", "Hard", "Crazy"]
    # The level's help says what each level does, every one named in bold.
    help_text = at.radio(key="play_level").help
    assert help_text is not None
    for name in ("Easy", "Normal", "Hard", "Crazy"):
        assert f"**{name}**" in help_text, name
    assert "at three and four" in help_text
    assert at.radio(key="play_coach").value == "off"
    at.checkbox(key="play_skunks").uncheck()
    _start(at, target=61, counting="muggins", level="hard")
    table = table_of(at)
    assert table.setup == PlaySetup(
        "hard", Settings(target=61, skunks=False, counting=Counting.MUGGINS)
    )
    assert at.button(key="play_cut").label == "Cut the deck"
    (row,) = _saved_games()
    assert row.settings == "level=hard target=61 skunks=off counting=muggins"


def test_a_whole_deal_to_the_show_with_automatic_counting() -> None:
    at = _page()
    _start(at)
    seen: list[Need] = []
    while table_of(at).game.phase is Phase.CUT:
        seen.append(_page_step(at))
    cuts = table_of(at).view.cuts
    mine = next(c.card for c in reversed(cuts) if c.seat == ME)
    assert f"The cut for deal: you {mine.label}" in at.caption[-1].value
    while table_of(at).game.deal_no < 2 and table_of(at).need() is not Need.OVER:
        seen.append(_page_step(at))
    assert {Need.CUT_FOR_DEAL, Need.DISCARD, Need.LAY, Need.REVEAL} <= set(seen)
    game = table_of(at).game
    first_dealer = next(
        e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None
    )
    shows = [e for e in game.events if isinstance(e, ShowEvent)]
    pone = 1 - first_dealer
    assert [(e.seat, e.which) for e in shows[:3]] == [
        (pone, Which.HAND),
        (first_dealer, Which.HAND),
        (first_dealer, Which.CRIB),
    ]
    (row,) = _saved_games()
    assert Game.from_notation(row.record).events == game.events  # saved after every action


def test_the_show_counts_one_combination_at_a_time() -> None:
    at = _page()
    _start(at)
    while table_of(at).need() is not Need.REVEAL:
        _page_step(at)
    event = table_of(at).counted
    assert event is not None
    key = f"play_reveal_{len(table_of(at).game.events)}"
    total = 0
    for item in event.score.items:
        at.button(key=f"{key}_next").click()
        at.run()
        total += item.points
        assert item_html(item, total) in _texts(at)  # listed, and said beside the cards
    assert at.button(key=f"{key}_go").label == "Continue"


def test_a_whole_deal_with_muggins_records_the_counts() -> None:
    at = _page()
    _start(at, counting="muggins")
    claims = 0
    while table_of(at).game.deal_no < 2 and table_of(at).need() is not Need.OVER:
        if _page_step(at) is Need.CLAIM:
            claims += 1
    assert claims in (1, 2)  # own hand, and the crib when dealing
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    attempts = [r.attempt for p in store.profiles() for r in store.attempts(p.id)]
    assert len(attempts) == claims
    assert all(a.tier == "game" and a.drill in ("hand", "crib") and a.correct for a in attempts)


def test_a_game_ends_in_the_middle_of_the_play() -> None:
    # seed 2 against Easy: the person's own lay reaches 121 during the play
    table = Table.new(PlaySetup("easy", Settings()), seed=2)
    _play_out(table)
    final = table.game.events[-1]
    assert isinstance(final, LayEvent) and final.seat == ME and table.game.scores[ME] >= 121
    before = GameRecord(table.game.settings, 2, tuple(table.game.events[:-1]))
    at = _page()
    at.text_area(key="play_import_text").set_value(f"# level: easy\n{before.notation()}")
    at.button(key="play_import").click()
    at.run()
    assert not at.exception, at.exception
    assert table_of(at).need() is Need.LAY
    data = _picker(at)
    at.session_state[data["token"]] = {"log": [{"seq": 1, "do": "lay", "cards": [str(final.card)]}]}
    at.run()
    assert not at.exception, at.exception
    text = _texts(at)
    assert "You win!" in text and "Final score: **you" in text
    assert table_of(at).game.phase is Phase.OVER
    if table.game.skunk():
        assert "skunk" in text


def test_a_bad_record_is_named_on_the_page() -> None:
    at = _page()
    at.text_area(key="play_import_text").set_value('[Seed "1"]\n\nlay seat=9 card=5H count=5\n')
    at.button(key="play_import").click()
    at.run()
    assert not at.exception
    assert "line 3" in at.error[0].value


def test_resume_after_a_restart_rebuilds_the_same_screen() -> None:
    at = _page()
    _start(at, target=61)
    while table_of(at).game.phase is not Phase.PLAY or len(table_of(at).view.hand) > 2:
        _page_step(at)
    before = (_texts(at), _picker(at)["cards"], table_of(at).view)
    fresh = _page()  # a new session: as after a reload or a server restart
    assert (_texts(fresh), _picker(fresh)["cards"], table_of(fresh).view) == before


def test_the_starter_is_cut_by_the_pone() -> None:
    at = _page()
    _start(at)
    while table_of(at).game.phase in (Phase.CUT, Phase.DISCARD, Phase.STARTER):
        _page_step(at)
    table = table_of(at)
    starter = next(e for e in table.game.events if isinstance(e, StarterEvent))
    assert starter.seat == table.game.pone
    assert f"The starter is {starter.card.label}." in _texts(at)


# --- the first games and the learner's own count (AppTest) ------------------------------------


def _lessons_done(*lesson_ids: str) -> None:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles() or [store.create_profile(PLAYER)]
    for lesson_id in lesson_ids:
        store.save_lesson_progress(profile.id, lesson_id, 0, True)


def _captions(at: AppTest) -> str:
    return "\n".join(str(c.value) for c in at.caption)


def test_the_first_games_open_with_their_lessons_and_say_what_scores() -> None:
    from trainer.training.ladder import RUNGS

    at = _page()
    assert "First games" in [s.value for s in at.subheader]
    assert not [b for b in at.button if str(b.key).startswith("play_rung_start_")]
    assert ":material/lock: Lesson 3" in _captions(at)  # the tile says what opens it
    # what a new player can do now: the first lesson, and what opens the first games
    texts = _texts(at)
    assert "Start with lesson 1, The board" in texts and "after lesson 3" in texts
    assert at.button(key="play_now_lesson_go").label == "Start lesson 1"
    assert not [b for b in at.button if b.key == "play_now_rung_go"]
    _lessons_done("the-board", "deal-and-crib", "the-starter")
    at = _page()
    starts = [b.key for b in at.button if str(b.key).startswith("play_rung_start_")]
    assert starts == ["play_rung_start_fifteens"]
    assert at.button(key="play_now_rung_go").label == "Play first game 1"
    assert at.button(key="play_now_lesson_go").label == "Start lesson 4"
    at.button(key="play_rung_start_fifteens").click().run()
    assert not at.exception, at.exception
    table = table_of(at)
    assert table.setup == RUNGS[0].setup and table.learning
    header = _captions(at)
    assert "First game 1: Fifteens · only fifteens score · Easy computer · to 31" in header


def test_a_first_game_is_played_to_its_end_on_the_page_and_the_ladder_remembers_it() -> None:
    from trainer.training.ladder import RUNGS

    _lessons_done("deal-and-crib", "the-starter")
    at = _page()
    at.button(key="play_rung_start_fifteens").click().run()
    for _ in range(400):
        if table_of(at).need() is Need.OVER:
            break
        _page_step(at)
    table = table_of(at)
    assert table.game.is_over and max(table.game.scores) >= 31
    assert all(
        item.kind is Kind.FIFTEEN
        for event in table.game.events
        if isinstance(event, ShowEvent)
        for item in event.score.items
    )
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    ((settings, status),) = store.finished_setups(profile.id)
    assert settings == RUNGS[0].setup.notation() and status in ("won", "lost")
    at.run()  # the results: only what a first game has, and the next first game
    assert not at.exception, at.exception
    (results,) = [t for t in at.table]
    assert "Muggins" not in str(results.value) and "The play" not in str(results.value)
    won = 1 if table.game.winner == ME else 0
    assert f"First game 1, Fifteens: 1 game played, {won} won." in _texts(at)
    assert "First game 2, Fifteens and pairs, opens after lesson 6" in _captions(at)
    assert not [b for b in at.button if b.key == "play_next_rung"]
    _lessons_done("the-show")
    at.run()
    assert at.button(key="play_next_rung").label == "Next: first game 2, Fifteens and pairs"
    at.button(key="play_next_rung").click().run()
    assert not at.exception, at.exception
    assert table_of(at).setup == RUNGS[1].setup
    at.button(key="play_new").click().run()  # leave it for later: the ladder again
    at.button(key="play_new_keep").click().run()
    captions = _captions(at)
    assert ":material/check: Won 1 of 1" in captions or "Played 1, not won yet" in captions


def _claim_log(at: AppTest, claims: list[tuple[str, tuple[Card, ...]]]) -> None:
    """The person taps each combination and then That's everything (the browser's log)."""
    data = json.loads(cards_on_table(at).proto.json)
    log: list[dict[str, Any]] = [
        {"seq": n, "do": "claim", "kind": kind, "cards": [str(c) for c in cards]}
        for n, (kind, cards) in enumerate(claims, start=1)
    ]
    log.append({"seq": len(log) + 1, "do": "done"})
    at.session_state[data["token"]] = {"log": log}


def test_in_a_learning_game_the_learner_counts_first_by_tapping_then_the_coach_walks_through() -> (
    None
):
    from trainer.training.ladder import RUNGS

    _lessons_done("deal-and-crib", "the-starter")
    at = _page()
    at.button(key="play_rung_start_fifteens").click().run()
    for _ in range(40):  # to the learner's own hand, the computer's counted on the way
        if table_of(at).need() is Need.CLAIM:
            break
        _page_step(at)
    table = table_of(at)
    nxt = table.next_count()
    assert nxt is not None
    _seat, _which, score = nxt
    data = json.loads(cards_on_table(at).proto.json)
    assert data["mode"] == "claim" and [k[0] for k in data["kinds"]] == ["fifteen"]
    assert "Only fifteens score in this game." in _texts(at)
    assert at.number_input(key=f"play_claim_{len(table.game.events)}").label == (
        "Or type what it makes"
    )
    found = [("fifteen", item.cards) for item in score.items]
    _claim_log(at, found[:-1] if found else [])  # one fifteen missed, if there is any
    at.run()
    assert not at.exception, at.exception
    event = table_of(at).counted
    assert event is not None and event.seat == ME
    said = max(score.total - 2, 0)
    assert event.claimed == said and event.awarded == event.true == score.total
    assert event.muggins == 0  # counted aloud: nothing is taken
    # the coach goes through it, combination by combination, and says what it came to
    key = f"play_reveal_{len(table_of(at).game.events)}"
    # the order, in words, as the deal's show begins (the computer's hand may come first)
    shown = table_of(at).game.events
    deal = max(n for n, e in enumerate(shown) if isinstance(e, StarterEvent))
    first = not any(isinstance(e, ShowEvent) for e in shown[deal:-1])
    assert (table.coaching.show_order_line() in _texts(at)) == first
    for _ in score.items:
        at.button(key=f"{key}_next").click().run()
    text = _texts(at)
    if found:
        assert f"You said {said}, and it makes {score.total}" in text
    else:
        assert "You said 0: right!" in text
    assert RUNGS[0].setup.settings.counting is Counting.ALOUD


def test_the_offer_from_a_lesson_is_alone_on_the_page_until_taken() -> None:
    from trainer.training.ladder import RUNGS

    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at)
    at.session_state[PLAY_READY] = GameOffer("fifteens")
    at.run()
    assert "First game 1 is ready: Fifteens." in _texts(at)
    keys = {w.key for w in (*at.button, *at.radio, *at.checkbox, *at.toggle)}
    assert keys == {"play_learning_start", "play_learning_later"}  # no settings under it
    at.button(key="play_learning_start").click().run()
    assert not at.exception, at.exception
    assert table_of(at).setup == RUNGS[0].setup and PLAY_READY not in at.session_state


def test_learning_mode_chosen_in_the_form_has_the_learner_count_by_default() -> None:
    at = _page()
    assert at.radio(key="play_counting_off").value == "automatic"
    at.radio(key="play_coach").set_value("learning").run()
    counting = at.radio(key="play_counting_learning")
    assert counting.value == "aloud"  # the learner counts first
    assert counting.options[1].startswith("You count each hand first")
    at.radio(key="play_level").set_value("easy")
    at.button(key="play_start").click().run()
    assert not at.exception, at.exception
    table = table_of(at)
    assert table.learning and table.game.settings.counting is Counting.ALOUD


def test_a_first_game_offers_only_its_kinds_to_claim_and_no_untaught_double_run() -> None:
    _lessons_done("deal-and-crib", "the-starter", "the-show", "double-runs")
    at = _page()
    at.button(key="play_rung_start_runs").click().run()
    for _ in range(40):
        if table_of(at).need() is Need.CLAIM:
            break
        _page_step(at)
    data = json.loads(cards_on_table(at).proto.json)
    assert [kind[0] for kind in data["kinds"]] == ["fifteen", "pair", "run"]
    assert "Only fifteens, pairs and runs score in this game." in _texts(at)

"""The coaches in a game (trainer.training.table's Table with the coach on) and on the Play
page in AppTest: the setting saved and read back, the hint marked and kept, the throw
compared with the analysis's own numbers, the notes on cards laid, and learning mode."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import table_of
from tests.test_views_play import _page, _play_out, _texts  # the page's own helpers
from trainer.analysis import Level, analyse_discards, analyse_play
from trainer.bench.playing import first_cards, interact, move
from trainer.engine import Card, parse_cards, score_play
from trainer.engine.events import LayEvent
from trainer.engine.settings import Settings
from trainer.engine.vocab import Phase
from trainer.progress.store import Store
from trainer.training.coach import hint_ranking, plain_best_throw, play_note
from trainer.training.coach import play_notes as coach_module
from trainer.training.explain import card_line, said_one_by_one
from trainer.training.table import (
    LEARNING_GAME,
    ME,
    CoachMode,
    Need,
    PlaySetup,
    RecordProblem,
    Table,
    export_text,
    parse_export,
    peg_moves,
    pegs_of,
)
from trainer.ui.play_saves import saved_row
from trainer.ui.requests import PLAY_READY, GameOffer

REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")


def _to_throw(table: Table) -> Table:
    while table.need() is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    assert table.need() is Need.DISCARD
    return table


def _after_throw(table: Table, throw: tuple[Card, ...] | None = None) -> Table:
    _to_throw(table)
    table.discard(throw if throw is not None else first_cards(table))
    if table.need() is Need.CUT_STARTER:
        table.cut_starter()
    return table


# --- the setting ------------------------------------------------------------------------------


def test_the_coach_setting_and_the_hints_read_back() -> None:
    setup = PlaySetup("hard", Settings(target=61), coach=CoachMode.MOVES, hints=(3, 1, 3))
    assert setup.hints == (1, 3)
    assert setup.notation() == (
        "level=hard target=61 skunks=on counting=automatic coach=moves hints=1,3"
    )
    assert PlaySetup.parse(setup.notation()) == setup
    old = PlaySetup.parse("level=easy target=61 skunks=on counting=automatic")
    assert (old.coach, old.hints) == ("off", ())  # saved before the coach existed
    with pytest.raises(ValueError, match="'loud' is not a coach setting: choose one of off"):
        PlaySetup("easy", coach="loud")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'lerning' is not a coach setting: choose one of off"):
        PlaySetup.parse("level=easy coach=lerning")
    with pytest.raises(ValueError, match="hints are deal numbers from 1 up, not 'x'"):
        PlaySetup.parse("level=easy hints=1,x")
    with pytest.raises(ValueError, match="hints are deal numbers"):
        PlaySetup("easy", hints=(0,))


def test_the_exported_record_carries_the_coach_and_old_records_read_as_coach_off() -> None:
    table = _after_throw(
        Table.new(PlaySetup("normal", Settings(target=61), CoachMode.LEARNING), seed=5)
    )
    table.hints.add(1)
    assert "# coach: learning\n# hints: 1\n" in export_text(table)  # in progress, too
    text = export_text(_play_out(table))
    assert "# coach: learning\n# hints: 1\n" in text
    setup, record = parse_export(text)
    assert (
        setup == table.setup == PlaySetup("normal", Settings(target=61), CoachMode.LEARNING, (1,))
    )
    assert record == table.game.record()
    resumed = Table.resume(setup, record)
    assert (resumed.coach, resumed.hints) == ("learning", {1})
    old_text = text.replace("# coach: learning\n", "").replace("# hints: 1\n", "")
    old_setup, _ = parse_export(old_text)
    assert (old_setup.coach, old_setup.hints) == ("off", ())
    with pytest.raises(RecordProblem, match="The coach line names 'shouty'"):
        parse_export(text.replace("# coach: learning", "# coach: shouty"))
    with pytest.raises(RecordProblem, match="The hints line cannot be read"):
        parse_export(text.replace("# hints: 1", "# hints: first"))


def test_the_coach_setting_is_in_the_saved_row_and_the_engine_record_stays_pure() -> None:
    table = _to_throw(Table.new(PlaySetup("easy", Settings(target=61), CoachMode.MOVES), seed=5))
    table.hint()
    row = saved_row("g", table)
    assert row.settings.endswith("coach=moves hints=1")
    assert "hint" not in row.record and "coach" not in row.record
    again = Table.resume(PlaySetup.parse(row.settings), table.game.record())
    assert again.coach == "moves" and again.hinted and again.need() is Need.DISCARD


# --- the discard coach -----------------------------------------------------------------------


def test_the_throw_advice_carries_the_analysis_numbers() -> None:
    table = _after_throw(Table.new(PlaySetup("easy", Settings(), CoachMode.MOVES), seed=7))
    view = table.view
    six = (*view.kept, *view.discards)
    ranked = analyse_discards(six, dealer=view.dealer == ME, opponent="sound", play=True)
    advice = table.coaching.throw_advice()
    assert advice is not None
    assert [line.discard for line in advice.top] == list(ranked[: len(advice.top)])
    chosen = next(d for d in ranked if set(d.throw) == set(view.discards))
    assert advice.chosen.discard == chosen
    assert advice.cost == pytest.approx(ranked[0].net - chosen.net)
    assert advice.hand_cost == pytest.approx(ranked[0].hand - chosen.hand)
    lines = table.coaching.throw_lines()
    assert lines == advice.lines()  # not hinted: no mark first
    assert f"= {ranked[0].net:.2f}" in lines[-len(advice.top) - (advice.place > 3)]


def test_a_hint_ranks_the_six_and_marks_only_that_deal() -> None:
    table = _to_throw(Table.new(PlaySetup("easy", Settings(), CoachMode.MOVES), seed=7))
    six = table.view.hand
    ranking = table.hint()
    assert ranking == hint_ranking(six, dealer=table.view.dealer == ME)
    assert table.hints == {1} and table.hinted
    table.discard(ranking[0].discard.throw)
    assert table.coaching.throw_lines()[:2] == (
        "You asked for a hint on this deal.",
        "That is the best throw.",
    )
    with pytest.raises(ValueError, match="nothing to throw now"):
        table.hint()
    while table.game.deal_no == 1:
        need = table.need()
        if need is Need.CUT_STARTER:
            table.cut_starter()
        elif need is Need.LAY:
            table.lay(table.view.playable[0])
        elif need is Need.REVEAL:
            table.carry_on()
    assert not table.hinted and table.hints == {1}  # the second deal is not marked


def test_coach_off_says_nothing() -> None:
    table = _after_throw(Table.new(PlaySetup("hard", Settings()), seed=0))
    assert table.coaching.throw_advice() is None and table.coaching.throw_lines() == ()
    while table.need() is Need.LAY:
        table.lay(table.view.playable[0])
        assert table.coaching.play_note() is None


# --- the pegging coach -----------------------------------------------------------------------


def _seed0_lead(level: Level) -> Table:
    """Seed 0: the person is pone with K♥ 8♠ K♦ 8♣ 5♥ A♠, throws K♥ 8♠ and leads."""
    table = _to_throw(Table.new(PlaySetup(level, Settings(), CoachMode.MOVES), seed=0))
    assert table.game.pone == ME
    assert table.view.hand == tuple(parse_cards("KH 8S KD 8C 5H AS"))
    return _after_throw(table, tuple(parse_cards("KH 8S")))


def test_leading_a_five_gets_the_beginners_warning() -> None:
    table = _seed0_lead("normal")
    assert table.need() is Need.LAY and table.view.count == 0 and not table.view.pile
    table.lay(Card.parse("5H"))
    note = table.coaching.play_note()
    assert note is not None and note.card == Card.parse("5H")
    assert [w.code for w in note.warnings] == ["lead-five"]
    assert note.best is None  # Normal: no points named
    assert note.lines() == (
        "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
    )


def test_at_hard_the_note_says_what_the_best_card_gains() -> None:
    table = _seed0_lead("hard")
    view = table.view
    assert view.starter is not None
    options = analyse_play(
        view.hand,
        pile=view.pile,
        mine_played=view.mine_played,
        theirs_played=view.theirs_played,
        starter=view.starter,
        crib_cards=view.discards,
    )
    worst = options[-1]
    assert options[0].net - worst.net > 0.1
    table.lay(worst.card)
    note = table.coaching.play_note()
    assert note is not None and note.best == options[0].card
    assert note.gain == pytest.approx(options[0].net - worst.net)
    assert f"The {options[0].card.label} would have gained" in note.lines()[-1]


def test_the_note_is_worked_from_the_persons_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    real = play_note  # the coach's own, which the Play page's table calls

    def spy(hand: Any, card: Card, **kw: Any) -> Any:
        seen.append({"hand": tuple(hand), **kw})
        return real(hand, card, **kw)

    monkeypatch.setattr(coach_module, "play_note", spy)  # under view_play_note
    table = _seed0_lead("crazy")
    game = table.game
    while game.deal_no == 1 and game.phase is Phase.PLAY and table.need() is Need.LAY:
        held = table.view.hand
        table.lay(table.view.playable[0])
        table.coaching.play_note()
        call = seen[-1]
        assert call["hand"] == held
        hidden = set(game.view(1).hand)  # the computer's cards not yet laid
        for value in call.values():
            if isinstance(value, tuple):
                assert not hidden & set(value)
        assert call["crib_cards"] == table.view.discards
    assert seen
    calls = len(seen)
    table.coaching.play_note()
    assert len(seen) == calls  # worked out once per card


# --- learning mode ----------------------------------------------------------------------------


def test_learning_mode_says_what_each_card_would_peg_with_the_engines_score() -> None:
    table = _seed0_lead("easy")
    table.coach = CoachMode.LEARNING
    view = table.view
    assert table.coaching.lay_previews() == tuple(
        card_line(c, c.pips, score_play((c,)).items) for c in view.hand
    )
    table.lay(Card.parse("5H"))
    while table.need() is Need.LAY:
        view = table.view
        previews = table.coaching.lay_previews()
        for card, line in zip(view.hand, previews, strict=True):
            if view.count + card.pips > 31:
                assert (
                    line
                    == f"The {card.label} does not fit: the count would be {view.count + card.pips}."
                )
            else:
                items = score_play((*view.pile, card)).items
                assert line == card_line(card, view.count + card.pips, items)
        table.lay(view.playable[0])


def test_learning_mode_names_the_best_throw_before_it_is_made() -> None:
    table = _to_throw(Table.new(LEARNING_GAME, seed=0))
    best = hint_ranking(table.view.hand, dealer=table.view.dealer == ME, top=1)[0]
    a, b = best.discard.throw
    line = table.coaching.best_throw_line()
    assert line.startswith(f"The coach would throw {a.label} and {b.label}: that keeps ")
    assert line == plain_best_throw(
        hint_ranking(table.view.hand, dealer=table.view.dealer == ME, top=15)
    )
    assert not re.search(r"\d\.\d", line)  # whole points only
    assert not table.hints  # an explanation, not a hint


# --- the page (AppTest) -----------------------------------------------------------------------


def _start(at: AppTest, coach: str, level: str = "easy") -> None:
    at.radio(key="play_level").set_value(level)
    at.radio(key="play_coach").set_value(coach)
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _step(at: AppTest) -> Need:
    need = interact(at)
    at.run()
    assert not at.exception, at.exception
    return need


def _until(at: AppTest, *needs: Need) -> None:
    for _ in range(40):
        if table_of(at).need() in needs:
            return
        _step(at)
    raise AssertionError(f"never reached {needs}")


def test_coach_on_shows_the_throw_against_the_best_with_the_analysis_numbers() -> None:
    at = _page()
    _start(at, "moves")
    _until(at, Need.DISCARD)
    assert at.button(key="play_hint").label == "Hint"
    _step(at)  # the throw
    table = table_of(at)
    view = table.view
    six = (*view.kept, *view.discards)
    ranked = analyse_discards(six, dealer=view.dealer == ME, opponent="sound", play=True)
    assert [e.label for e in at.expander if e.label.startswith("Coach: ")]
    text = _texts(at)
    assert table.coaching.throw_lines()[0] in text
    for discard in ranked[:3]:
        assert f"hand {discard.hand:.2f}" in text and f"= {discard.net:.2f}" in text
    if "coach: after each move" not in at.caption[0].value:
        pytest.fail(f"the header does not name the coach: {at.caption[0].value}")


def test_hint_marks_the_deal_and_the_mark_survives_a_restart() -> None:
    at = _page()
    _start(at, "moves")
    _until(at, Need.DISCARD)
    at.button(key="play_hint").click()
    at.run()
    assert not at.exception, at.exception
    table = table_of(at)
    assert table.hinted
    assert "this deal is marked as hinted" in _texts(at)
    assert table.coaching.ranking()[0].line().split(". ", 1)[1] in _texts(at)
    assert not [b for b in at.button if b.key == "play_hint"]
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (row,) = [store.game_in_progress(p.id) for p in store.profiles()]
    assert row is not None and row.settings.endswith("coach=moves hints=1")
    fresh = _page()  # a new session, as after a restart
    assert table_of(fresh).hinted and "marked as hinted" in _texts(fresh)
    _step(fresh)  # the throw
    assert "You asked for a hint on this deal." in _texts(fresh)


def test_coach_off_shows_no_coach() -> None:
    at = _page()
    _start(at, "off", level="hard")
    for _ in range(40):
        if table_of(at).game.deal_no > 1 or table_of(at).need() is Need.OVER:
            break
        assert [e.label for e in at.expander] == ["Game menu"]
        assert not [b for b in at.button if b.key == "play_hint"]
        assert "Coach" not in _texts(at)
        _step(at)


def test_learning_mode_explains_the_throw_and_each_card_before_the_lay() -> None:
    at = _page()
    _start(at, "learning")
    _until(at, Need.DISCARD)
    assert table_of(at).coaching.best_throw_line() in _texts(at)
    _until(at, Need.LAY)
    table = table_of(at)
    text = _texts(at)
    assert table.coaching.lay_line() in text  # which card the coach would lay, and why
    assert table.coaching.lay_line().startswith(("The coach would lay the ", "Only your "))
    for line in table.coaching.lay_previews():  # what each card pegs: the details, on request
        assert line not in text
    at.toggle(key=f"play_lay_details_{len(table.game.events)}").set_value(True).run()
    for line in table.coaching.lay_previews():
        assert line in _texts(at)
    _until(at, Need.REVEAL)
    counted = table_of(at).counted
    assert counted is not None
    if counted.score.items:  # the count is said out loud as it is shown, the total last
        assert said_one_by_one(counted.score) not in _texts(at)
        key = f"play_reveal_{len(table_of(at).game.events)}"
        for _ in counted.score.items:
            at.button(key=f"{key}_next").click().run()
    assert said_one_by_one(counted.score) in _texts(at)  # each combination on its own


def test_a_learning_game_offered_by_the_learn_page_starts_here() -> None:
    at = _page()
    at.session_state[PLAY_READY] = GameOffer()
    at.run()
    assert "A learning game is ready" in _texts(at)
    at.button(key="play_learning_start").click()
    at.run()
    assert not at.exception, at.exception
    assert table_of(at).setup == LEARNING_GAME
    assert PLAY_READY not in at.session_state
    later = _page()
    later.session_state[PLAY_READY] = GameOffer()
    later.run()
    later.button(key="play_learning_later").click()
    later.run()
    assert "A learning game is ready" not in _texts(later)


# --- the computer's reply, a moment after the person's card ----------------------------------


def test_the_reply_to_a_card_is_the_computers_lay_straight_after_it() -> None:
    table = _seed0_lead("easy")
    assert table.reply_to_lay() is None  # the last action was the starter cut
    table.lay(Card.parse("5H"))
    events = table.game.events
    reply = table.reply_to_lay()
    assert reply is not None and reply is events[-1] and reply.seat != ME
    assert events[-2].seat == ME  # type: ignore[attr-defined]
    # the board the page shows a moment before the reply: the game's pegs without it
    assert table.pegs_before_reply() == pegs_of(peg_moves(events[:-1], target=121))


def test_the_page_fades_the_reply_in_and_names_each_reply_anew() -> None:
    at = _page()
    _start(at, "off")
    _until(at, Need.LAY)
    classes = []
    for _ in range(3):
        table = table_of(at)
        if table.need() is not Need.LAY:
            break
        _step(at)
        table = table_of(at)
        styles = [h.proto.body for h in at.get("html")]
        if table.need() is Need.LAY and table.reply_to_lay() is not None:
            late = f"play-late-{len(table.game.events)}"
            (style,) = [s for s in styles if late in s]
            assert f"{late}-pile svg > g:last-of-type" in style
            assert any(f'class="{late}-pile"' in m.value for m in at.markdown)
            classes.append(late)
        else:
            assert not [s for s in styles if "play-late" in s]
    assert classes and len(set(classes)) == len(classes)


def test_a_note_after_a_lay_speaks_of_that_card_and_of_the_count_on_the_table() -> None:
    """The note names the card laid and the count it made; when the computer has laid
    since, the count now on the table is said too (never a count the screen does not show)."""
    seen = 0
    for seed in range(60):
        table = Table.new(LEARNING_GAME, seed=seed)
        while table.need() is not Need.OVER and table.game.deal_no < 3:
            need = table.need()
            if need is Need.LAY:
                card = table.view.playable[-1]
                table.lay(card)
                note = table.coaching.play_note()
                if note is None or not any(w.code.startswith("count-") for w in note.warnings):
                    continue
                lines = table.coaching.play_note_lines()
                laid = table.game.events[table.mark]
                assert isinstance(laid, LayEvent) and laid.card == card
                assert f"Your {card.label} made the count {laid.count}:" in lines[0]
                replied = len(table.game.events) > table.mark + 1
                if replied and table.game.phase is Phase.PLAY:
                    assert lines[-1] == f"Now the count is {table.view.count}."
                    seen += 1
            else:
                move(table)
        if seen >= 2:
            return
    raise AssertionError("no note on the count with a reply after it in 60 games")

"""The Play page in AppTest (a whole deal with automatic counting and with muggins, a game
won in the middle of the play, a game resumed from the store after a restart, settings and
records checked, the first games), and the row a finished game is saved as."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.apptest import PLAYER, as_player, table_of
from trainer.bench.playing import cards_on_table, interact, play_on
from trainer.engine import Card
from trainer.engine.events import (
    CutEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.game import Game
from trainer.engine.items import Kind
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase, Which
from trainer.progress.store import Store
from trainer.training.table import (
    ME,
    Need,
    PlaySetup,
    Table,
)
from trainer.ui.play_saves import saved_row
from trainer.ui.requests import PLAY_READY, GameOffer
from trainer.ui.table_html import item_html

REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")


def _play_out(table: Table) -> Table:
    play_on(table)
    return table


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

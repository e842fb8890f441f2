"""The Play page in AppTest (a whole deal with automatic counting and with muggins, a game
won in the middle of the play, a game resumed from the store after a restart, settings and
records checked, the first games), the row a finished game is saved as, pass-and-play
among the people of this device, and three and four at the table."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import PLAYER, as_player, said_html, table_of, written
from tests.support.table import ANN, SAM, hidden_cards, play_out, setup_of
from trainer.bench.playing import cards_on_table, interact, play_on
from trainer.engine import Card
from trainer.engine.dealing import counting_order
from trainer.engine.events import (
    CutEvent,
    DiscardEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.game import Game
from trainer.engine.items import Kind
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting, Phase, Which
from trainer.progress.review_totals import review_text
from trainer.progress.store import ENV_VAR, Store
from trainer.training.records import Preferences
from trainer.training.table import (
    ME,
    CoachMode,
    Need,
    Person,
    PlaySetup,
    Table,
)
from trainer.ui import restart_notice
from trainer.ui.game_list import game_line
from trainer.ui.play_page import results as results_screen
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE
from trainer.ui.play_saves import saved_row
from trainer.ui.requests import PLAY_READY, GameOffer
from trainer.ui.table_html import item_html

REPO = Path(__file__).resolve().parents[2]
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
    parts: list[Any] = [m.value for m in written(at)] + [i.value for i in at.info]
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


def _step_until(at: AppTest, need: Need, *, steps: int = 1000) -> Need:
    """The person's actions through the page (:func:`_page_step`) until the table asks for
    ``need`` or the game is over, at most ``steps`` of them. What the table asks for then."""
    for _ in range(steps):
        now = table_of(at).need()
        if now is need or now is Need.OVER:
            return now
        _page_step(at)
    return table_of(at).need()


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
    _step_until(at, Need.REVEAL)
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
    _step_until(at, Need.OVER, steps=400)
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
    # to the learner's own hand, the computer's counted on the way
    _step_until(at, Need.CLAIM, steps=40)
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
    _step_until(at, Need.CLAIM, steps=40)
    data = json.loads(cards_on_table(at).proto.json)
    assert [kind[0] for kind in data["kinds"]] == ["fifteen", "pair", "run"]
    assert "Only fifteens, pairs and runs score in this game." in _texts(at)


# --- pass-and-play: the people of this device seat by seat (AppTest) -------------------------


#: The keys of the Play page's cards (the throw's, the lay's, a count's).
CARDS = ("throw_", "lay_", "claim_")


def _pass_page() -> AppTest:
    as_player(AppTest.from_file(PAGE), "Jo")  # a second player of this device
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at, "Sam")
    at.run()
    assert not at.exception, at.exception
    return at


def _pass_start(
    at: AppTest,
    seats: list[str],
    *,
    target: int = 61,
    counting: str = "automatic",
    coaches: dict[int, CoachMode] | None = None,
) -> None:
    """A game with ``seats`` named: ``@Sam`` a person, else a computer's level; ``coaches``
    the coach setting of a person's seat (else the coach is off)."""
    at.selectbox(key="play_seats").set_value(len(seats))
    at.radio(key="play_target").set_value(target)
    at.radio(key="play_counting_off").set_value(counting)
    at.toggle(key="play_people").set_value(True)
    at.run()
    for seat, who in enumerate(seats):
        at.selectbox(key=f"play_seat_{len(seats)}_{seat}").set_value(who)
    at.run()
    for seat, mode in (coaches or {}).items():
        at.selectbox(key=f"play_seat_coach_{len(seats)}_{seat}").set_value(mode)
    said = at.radio(key="play_counting_off").options
    assert "points a person misses go to an opponent" in said[2]  # not "to the computer"
    random.seed(len(seats))  # the page deals from Python's generator: the same game each run
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _shown(at: AppTest) -> Iterator[str]:
    """Everything the page shows in words, and the cards it draws."""
    for kind in ("caption", "info", "warning", "error", "success", "subheader"):
        yield from (str(getattr(element, "value", "")) for element in at.get(kind))
    yield from (element.value for element in written(at))
    for component in at.get("bidi_component"):
        yield json.dumps(json.loads(component.proto.json))


def _names_none_of(at: AppTest, hidden: set) -> None:
    for text in _shown(at):
        for card in hidden:
            for said in (card.label, str(card)):
                assert not re.search(rf"(?<![0-9]){re.escape(said)}(?![A-Z])", text), (
                    f"the page shows {card.label}: {text[:300]!r}"
                )


def _play(
    at: AppTest,
    *,
    deals: int | None = None,
    runs: int = 1500,
    seen: list[str] | None = None,
    at_turn: Callable[[AppTest, Table], None] = lambda at, table: None,
) -> tuple[int, set[str]]:
    """Play through the page until the game is over (or ``deals`` are done): at each pass
    screen, check that nothing of the table is drawn and tap it; at each person's turn,
    check that no other person's hidden cards are shown. The passes tapped and the people
    they were for; ``seen`` gathers what the table showed in words."""
    passes = 0
    passed_to: set[str] = set()
    for _ in range(runs):
        table = table_of(at)
        need = table.need()
        if need is Need.OVER or (deals is not None and table.game.deal_no > deals):
            assert at.session_state[PLAY_STATE].game.unsaved is None  # saved after every step
            return passes, passed_to
        takes = [b for b in at.button if b.key == "play_pass_take"]
        if takes:
            name = table.names.who(table.seat)
            assert f"Pass to {name}" in "\n".join(str(m.value) for m in written(at))
            cards = [c for c in at.get("bidi_component") if str(c.key).startswith(CARDS)]
            assert not cards  # no cards at all on the pass screen
            _names_none_of(at, hidden_cards(table, -1))  # no one's hidden cards
            takes[0].click()
            passes += 1
            passed_to.add(name)
        else:
            if need is Need.LAY:  # the prompt names whose turn it is
                name = table.names.who(table.seat)
                prompt = "\n".join(str(m.value) for m in written(at))
                assert f"**{name}'s turn: tap a card to lay it.**" in prompt
                assert "Your turn" not in prompt
            if need is not Need.REVEAL:
                _names_none_of(at, hidden_cards(table, table.seat))
                at_turn(at, table)
            else:
                _names_none_of(at, hidden_cards(table, -1) if not table.game.is_over else set())
            if seen is not None:
                seen.extend(_shown(at))
            interact(at)
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the game did not end")


def test_two_people_play_to_61_each_hand_hidden_between_turns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prepared: list[tuple[str, str]] = []  # the reviews the results screen prepares ahead
    monkeypatch.setattr(
        results_screen,
        "prepare",
        lambda record, settings, line=None: prepared.append((record, settings)),
    )
    at = _pass_page()
    _pass_start(at, ["@Sam", "@Jo"])
    table = table_of(at)
    assert table.setup.lineup == (Person("Sam"), Person("Jo"))
    passes, passed_to = _play(at)
    game = table_of(at).game
    assert game.is_over and max(game.scores) >= 61
    assert passed_to == {"Sam", "Jo"} and passes > 10
    # each threw their own cards, and the page says the winner by name
    assert {e.seat for e in game.events if isinstance(e, DiscardEvent)} == {0, 1}
    winner = table_of(at).names.who(game.winner or 0)
    results = "\n".join(str(m.value) for m in written(at))
    assert f"## {winner} wins!" in results
    assert re.search(r"Final score: \*\*Sam \d+, Jo \d+\*\*", results)  # names as written
    assert "Your record against" not in results  # no record against a computer level
    # each person's Progress has the game, from their own seat, and in no level record
    store = Store.open(os.environ[ENV_VAR])
    for seat, name in enumerate(["Sam", "Jo"]):
        profile = store.profile_named(name)
        assert profile is not None
        (row,) = store.finished_games(profile.id, method=1)
        other = game.scores[1 - seat]
        assert (row.my_score, row.their_score) == (min(game.scores[seat], 61), min(other, 61))
        assert row.status == ("won" if game.winner == seat else "lost")
        assert game_line(row).split(" · ")[1] == "Sam and Jo, to 61"
        assert PlaySetup.parse(row.settings).seat == seat  # reviewed at their own seat
        if name == "Sam":  # the device's player: the review ahead is the one Sam opens
            saved = store.game(profile.id, row.game_id)
            assert saved is not None and set(prepared) == {(saved.record, saved.settings)}
        assert store.games_record(profile.id) == [] and store.games_by_level(profile.id) == {}


def test_three_seats_with_one_computer() -> None:
    """Sam, the computer and Jo play a whole game to 61, each person's cards hidden between
    turns; each person's result is theirs, from their own seat."""
    at = _pass_page()
    _pass_start(at, ["@Sam", "easy", "@Jo"], counting="muggins", coaches={0: CoachMode.LEARNING})
    table = table_of(at)
    assert table.people == (0, 2) and table.level_of(1) == "easy"
    assert (table.coach_of(0), table.coach_of(2)) == (CoachMode.LEARNING, CoachMode.OFF)
    coached: list[int] = []

    def own_coach(at: AppTest, table: Table) -> None:
        """Sam's coach speaks to Sam alone: nothing of it on Jo's turns (her coach is off)."""
        words = "\n".join(str(e.value) for e in (*written(at), *at.caption, *at.info))
        words += "\n".join(str(e.label) for e in at.expander)
        if "Coach:" in words or "coach would" in words:
            coached.append(table.seat)

    seen: list[str] = []
    passes, passed_to = _play(at, seen=seen, at_turn=own_coach)
    assert passed_to == {"Sam", "Jo"} and passes > 10
    assert coached and set(coached) == {0}
    text = "\n".join(seen)
    assert "Sam and Jo with 1 computer" in text  # the header
    assert "Sam <b>" in text and "Jo <b>" in text and "Computer <b>" in text  # the board
    assert "Jo lays" in text or "Sam lays" in text  # the log
    game = table_of(at).game
    assert game.is_over and max(game.scores) >= 61
    assert {e.seat for e in game.events if isinstance(e, DiscardEvent)} == {0, 1, 2}
    winner = table.names.side_said(game.winner or 0)  # Sam, Computer or Jo
    said = "wins! 🎉" if game.winner in (0, 2) else "wins this time"
    assert f"## {winner} {said}" in _markdown(at)
    assert re.search(r"Final score: \*\*Sam \d+, computer \d+, Jo \d+\*\*", _markdown(at))
    store = Store.open(os.environ[ENV_VAR])
    for seat, name in ((0, "Sam"), (2, "Jo")):
        profile = store.profile_named(name)
        assert profile is not None
        (row,) = store.finished_games(profile.id, method=1)
        others = [s for n, s in enumerate(game.scores) if n != seat]
        assert row.my_score == min(game.scores[seat], 61)
        assert row.their_score == min(max(others), 61)  # the better of the other two
        assert row.status == ("won" if game.winner == seat else "lost")
        saved = store.game(profile.id, row.game_id)
        assert saved is not None and PlaySetup.parse(saved.settings).kept_for == seat
        counted = [
            e
            for e in game.events
            if isinstance(e, ShowEvent) and e.seat == seat and e.claimed is not None
        ]
        assert len(store.attempts(profile.id)) == len(counted) > 0  # their own counts only


def test_a_child_and_a_parent_each_with_a_computer_partner_at_four() -> None:
    """Four seats: Sam and Jo facing each other's side, each partnered by a computer, play a
    whole game to 61, each person's cards hidden between turns; each one's result is their
    partnership's, kept under their own player from their own seat."""
    at = _pass_page()
    _pass_start(at, ["@Sam", "@Jo", "easy", "easy"], counting="muggins")
    table = table_of(at)
    assert table.people == (0, 1) and table.game.players == 4
    passes, passed_to = _play(at)
    assert passed_to == {"Sam", "Jo"} and passes > 10
    game = table_of(at).game
    assert game.is_over and max(game.scores) >= 61
    store = Store.open(os.environ[ENV_VAR])
    for seat, name in enumerate(["Sam", "Jo"]):
        profile = store.profile_named(name)
        assert profile is not None
        (row,) = store.finished_games(profile.id, method=1)
        side = game.side_of(seat)  # Sam with seat 3's computer, Jo with seat 4's
        assert row.status == ("won" if game.winner == side else "lost")
        assert row.my_score == min(game.scores[side], 61)


def test_each_persons_counts_are_stored_under_their_own_profile_and_the_game_from_their_side() -> (
    None
):
    at = _pass_page()
    _pass_start(at, ["@Jo", "@Sam"], counting="muggins")
    _play(at, deals=1)
    game = table_of(at).game
    store = Store.open(os.environ[ENV_VAR])
    for seat, name in enumerate(["Jo", "Sam"]):
        profile = store.profile_named(name)
        assert profile is not None
        counted = [
            e
            for e in game.events
            if isinstance(e, ShowEvent) and e.seat == seat and e.claimed is not None
        ]
        stored = store.attempts(profile.id)
        assert len(stored) == len(counted) > 0  # Sam, the device's player, has only his own
        kept = {" ".join(sorted(str(c) for c in e.score.hand)) for e in counted}
        assert all(
            " ".join(sorted(r.attempt.question.split("|")[0].split())) in kept for r in stored
        )
    # the game is kept for Sam, the device's player, with his scores first (he sits second)
    sam = store.profile_named("Sam")
    assert sam is not None
    row = store.game_in_progress(sam.id)
    assert row is not None and (row.my_score, row.their_score) == (game.scores[1], game.scores[0])
    # opened again (another visit), the game comes back at the pass screen of whoever's turn
    again = AppTest.from_file(PAGE, default_timeout=60)
    as_player(again, "Sam")
    again.run()
    assert not again.exception, again.exception
    table = table_of(again)
    assert table.game.events == game.events and table.setup == table_of(at).setup
    assert f"Pass to {table.names.who(table.seat)}" in "\n".join(
        str(m.value) for m in written(again)
    )


def test_a_table_the_devices_player_does_not_sit_at_is_kept_only_under_its_people() -> None:
    """Pat, the device's player, sets up a game for Sam and Jo: nothing of it is filed under
    Pat (no game row, no result, no count), yet Pat's Play page resumes it."""
    for name in ("Sam", "Jo"):
        as_player(AppTest.from_file(PAGE), name)
    at = AppTest.from_file(PAGE, default_timeout=60)
    pat = as_player(at, "Pat")
    at.run()
    _pass_start(at, ["@Sam", "@Jo"], counting="muggins")
    _play(at, deals=1)
    store = Store.open(os.environ[ENV_VAR])
    sam, jo = store.profile_named("Sam"), store.profile_named("Jo")
    assert sam is not None and jo is not None
    kept = store.game_in_progress(sam.id)  # kept under Sam, from his seat
    assert kept is not None and PlaySetup.parse(kept.settings).kept_for == 0
    assert store.game_in_progress(pat.id) is None and store.unfinished_games(pat.id) == []
    assert store.attempts(pat.id) == [] and store.attempts(jo.id) != []
    # another visit, as Pat: the game is listed as this device's, and resumes at a pass screen
    again = AppTest.from_file(PAGE, default_timeout=60)
    as_player(again, "Pat")
    again.run()
    assert not again.exception, again.exception
    assert again.session_state[PLAY_STATE].game is None
    line = next(str(m.value) for m in written(again) if "on this device" in str(m.value))
    assert line.startswith("**Sam and Jo, to 61**: Sam ")
    assert [b.key for b in again.button if b.key == f"play_resign_{kept.game_id}"] == []
    again.button(key=f"play_resume_{kept.game_id}").click().run()
    assert not again.exception, again.exception
    table = table_of(again)
    assert table.game.events == table_of(at).game.events
    assert f"Pass to {table.names.who(table.seat)}" in _markdown(again)
    _play(again)  # to the end
    game = table_of(again).game
    assert game.is_over
    # the results: no review for Pat, who did not play; each of Sam and Jo has theirs
    assert [b.key for b in again.button if b.key == "play_review"] == []
    assert any("Sam and Jo each find this game" in str(c.value) for c in again.caption)
    assert store.finished_games(pat.id, method=1) == [] and store.games_record(pat.id) == []
    assert store.attempts(pat.id) == []
    for seat, person in enumerate((sam, jo)):
        (row,) = store.finished_games(person.id, method=1)
        assert row.status == ("won" if game.winner == seat else "lost")
        saved = store.game(person.id, row.game_id)
        assert saved is not None and PlaySetup.parse(saved.settings).kept_for == seat


def test_a_table_the_devices_player_does_not_sit_at_is_resigned_for_the_one_it_is_kept_for() -> (
    None
):
    for name in ("Sam", "Jo"):
        as_player(AppTest.from_file(PAGE), name)
    at = AppTest.from_file(PAGE, default_timeout=60)
    pat = as_player(at, "Pat")
    at.run()
    _pass_start(at, ["@Jo", "@Sam"])
    at.button(key="play_pass_take").click().run()  # Jo's turn: the table and its menu
    at.button(key="play_new").click().run()
    at.button(key="play_new_resign").click().run()
    assert not at.exception, at.exception
    assert at.session_state[PLAY_STATE].game is None
    store = Store.open(os.environ[ENV_VAR])
    jo = store.profile_named("Jo")
    assert jo is not None
    (row,) = store.finished_games(jo.id, method=1)  # kept under Jo, who sits first
    assert row.status == "lost"
    assert store.finished_games(pat.id, method=1) == [] and store.unfinished_games(pat.id) == []


def test_a_saved_game_of_people_is_reviewed_for_the_seat_it_is_kept_for() -> None:
    table = Table.new(setup_of((ANN, "easy", SAM)), seed=4)
    play_out(table)
    record = GameRecord.parse(table.game.record().notation())
    for seat in (0, 2):
        row = saved_row("g", table, seat=seat)
        setup = PlaySetup.parse(row.settings)
        assert setup.kept_for == seat and setup.kept_person.name == ("Ann", "", "Sam")[seat]
        review = review_text(row.record, row.settings)
        seats = {getattr(record.events[d.event_index], "seat", None) for d in review.decisions}
        assert review.seat == seat and seats == {seat}
        again = Table.resume(setup, record, row.place)  # the row still opens on the Play page
        assert again.game.events == table.game.events


# --- three and four at the table (AppTest) ---------------------------------------------------


def _seats_start(
    at: AppTest, seats: int, *, counting: str = "automatic", coach: str = "off", level: str = "easy"
) -> None:
    at.selectbox(key="play_seats").set_value(seats)
    at.radio(key="play_level").set_value(level)
    at.radio(key="play_target").set_value(121)
    at.radio(key="play_coach").set_value(coach)
    at.run()  # the counting's choices follow the coach's
    at.radio(key=f"play_counting_{coach}").set_value(counting)
    random.seed(seats)  # the page deals from Python's generator: the same game each run
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _markdown(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in written(at))


def _saved_record() -> str:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    rows = [store.game_in_progress(p.id) for p in store.profiles()]
    (row,) = [r for r in rows if r is not None]
    return str(row.record)


def _play_a_deal(at: AppTest) -> tuple[list[Need], list[str]]:
    """Every step of the first deal, through the page; the page's words at each lay."""
    needs: list[Need] = []
    tables: list[str] = []
    for _ in range(200):
        table = table_of(at)
        if table.game.deal_no >= 2 or table.need() is Need.OVER:
            return needs, tables
        if table.need() is Need.LAY:
            tables.append(_markdown(at))
        needs.append(interact(at))
        at.run()
        assert not at.exception, at.exception
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("seats", [3, 4])
def test_a_whole_deal_by_taps(seats: int) -> None:
    at = _page()
    _seats_start(at, seats)
    assert table_of(at).game.players == seats
    needs, tables = _play_a_deal(at)
    assert {Need.CUT_FOR_DEAL, Need.DISCARD, Need.LAY, Need.REVEAL} <= set(needs)
    game = table_of(at).game
    # each seat threw one card; the computers played their seats
    discards = [e for e in game.events if isinstance(e, DiscardEvent)]
    assert sorted(e.seat for e in discards[:seats]) == list(range(seats))
    assert all(len(e.cards) == 1 for e in discards)
    laid = [e for e in game.events if isinstance(e, LayEvent)]
    deal_one = laid[: 4 * seats]
    assert {e.seat for e in deal_one} == set(range(seats))
    # the show went clockwise from the dealer's left, the dealer's hand, then the crib
    dealer = next(e.dealer for e in game.events if isinstance(e, CutEvent) and e.dealer is not None)
    shows = [(e.seat, e.which) for e in game.events if isinstance(e, ShowEvent)]
    assert shows[: seats + 1] == list(counting_order(dealer, seats))
    # the table showed every seat's place and whose turn it was
    assert tables
    for text in tables:
        assert text.count('class="tb-spot tb-spot-') == seats
        assert "tb-spot-turn" in text and "Your turn: tap a card to lay it." in text
    # the board has a track for each player, or each partnership
    board = _markdown(at)
    if seats == 3:
        assert "Left <b>" in board and "Right <b>" in board
    else:
        assert "Us <b>" in board and "Them <b>" in board
    # saved after every step: the record replays to the same game
    assert Game.from_notation(_saved_record()).events == game.events


def test_who_said_go_is_shown_in_front_of_them() -> None:
    at = _page()
    _seats_start(at, 3)
    seen_go = False
    for _ in range(2000):
        table = table_of(at)
        if table.need() is Need.OVER:
            break
        if table.need() is Need.LAY and table.said_go():
            seen_go = True
            text = _markdown(at)
            assert "said go" in text
            names = [table.names.short(seat) for seat in table.said_go()]
            for name in names:
                assert f"<b>{name}</b>" in text
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    assert seen_go, "no go was said before the person's turn in a whole game"


@pytest.mark.parametrize("seats", [3, 4])
def test_muggins_at_every_size(seats: int) -> None:
    """A count one short: the seat on the person's left takes the point missed, and the
    page says so once the hand is shown."""
    at = _page()
    _seats_start(at, seats, counting="muggins")
    for _ in range(600):
        table = table_of(at)
        assert table.need() is not Need.OVER, "no hand worth a point to count short"
        nxt = table.next_count() if table.need() is Need.CLAIM else None
        if nxt is not None and nxt[2].total > 0:
            key = f"play_claim_{len(table.game.events)}"
            at.number_input(key=key).set_value(nxt[2].total - 1)
            at.button(key=f"{key}_ok").click()
            at.run()
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    event = table_of(at).counted
    assert event is not None and event.seat == ME and event.muggins == 1
    assert event.muggins_taker == 1  # the seat on the person's left
    key = f"play_reveal_{len(table_of(at).game.events)}"
    while [b for b in at.button if b.key == f"{key}_next"]:
        at.button(key=f"{key}_next").click()
        at.run()
    said = "\n".join(str(m.value) for m in written(at))
    assert "Muggins! The computer on your left takes the 1 point you missed." in said


@pytest.mark.parametrize("seats", [3, 4])
def test_the_coach_speaks_of_the_one_card_thrown(seats: int) -> None:
    at = _page()
    _seats_start(at, seats, coach="moves")
    for _ in range(50):
        table = table_of(at)
        if table.need() is Need.LAY or table.game.phase is Phase.SHOW:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    (thrown,) = table.view.discards
    expanders = [e for e in at.expander if str(e.label).startswith("Coach:")]
    assert expanders
    text = "\n".join(str(m.value) for m in written(at))
    assert f"Throwing {thrown.label}" in text


def test_the_coach_notes_a_card_laid_at_three() -> None:
    """With the coach after each move at Hard, a card laid worse than the coach's gets a
    note on the page, in the words of the table's coach (the next player's reply)."""
    at = _page()
    _seats_start(at, 3, coach="moves", level="hard")
    for _ in range(400):
        table = table_of(at)
        assert table.need() is not Need.OVER, "no note after a lay in a whole game"
        if table.coaching.play_note() is not None and table.coaching.play_note_lines():
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    lines = table.coaching.play_note_lines()
    (box,) = [m for m in written(at) if 'class="tb-coach"' in str(m.value)]
    assert said_html("**Coach:** " + "  \n".join(lines)) in str(box.value)
    note = table.coaching.play_note()
    assert note is not None
    laid = table.game.events[table.mark]
    assert isinstance(laid, LayEvent) and laid.seat == ME and laid.card == note.card
    if note.best is not None:
        assert "the next player can expect" in note.lines()[-1] or "pegs" in note.lines()[-1]


def test_learning_mode_names_the_coachs_card_at_four() -> None:
    at = _page()
    _seats_start(at, 4, coach="learning", level="hard")
    for _ in range(60):
        if table_of(at).need() is Need.LAY:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    table = table_of(at)
    assert table.need() is Need.LAY
    line = table.coaching.lay_line()
    assert line.startswith(("The coach would lay the ", "Only your "))
    assert [m for m in written(at) if said_html(f"**Coach:** {line}") in str(m.value)]


def test_a_finished_game_of_four_names_the_partnership() -> None:
    at = _page()
    _seats_start(at, 4)
    for _ in range(3000):
        if table_of(at).need() is Need.OVER:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    game = table_of(at).game
    assert game.is_over
    text = _markdown(at)
    if game.winner == 0:
        assert "You and your partner win!" in text
    else:
        assert "The two computers win this time" in text
    assert f"you and your partner {game.scores[0]}, the two computers {game.scores[1]}" in text
    rows: list[Any] = at.table[0].value.to_dict("records")
    assert [r["Who"] for r in rows] == ["You", "Left", "Partner", "Right"]
    assert sum(r["Total"] for r in rows) == sum(game.scores)
    # the record against the level is of games of four, won by the partnership
    won = int(game.winner == 0)
    assert (
        "Your record against Easy to 121, four players, in partnerships: "
        f"{won} of 1 game won with your partner, {int(won and game.skunk() > 0)} by a skunk"
    ) in text
    assert at.button(key="play_review").label == "Review this game"  # at four too


# --- the table's board, sounds and settings on the page --------------------------------------


def _board_line(at: AppTest) -> str:
    (board,) = [m.value for m in written(at) if 'class="tb-board' in m.value]
    lines: list[str] = re.findall(r'<div class="tb-line[^"]*"[^>]*>(.*?)</div>', board)
    return lines[-1]


def _until_reveal(at: AppTest, items: int = 2) -> None:
    for _ in range(400):
        table = table_of(at)
        counted = table.counted
        wanted = counted is not None and len(counted.score.items) >= items
        if table.need() is Need.REVEAL and wanted and table.shown == 0:
            return
        _page_step(at)
    pytest.fail("no hand to show came up")


def test_the_page_moves_the_pegs_with_each_next() -> None:
    random.seed(186)  # the page deals from the global generator: the same game every run
    at = _page()
    _start(at)
    _until_reveal(at)
    table = table_of(at)
    counted = table.counted
    assert counted is not None
    before = _board_line(at)
    assert f"<b>{table.game.scores[counted.seat]}</b>" not in before or counted.score.total == 0
    key = f"play_reveal_{len(table.game.events)}"
    at.button(key=f"{key}_next").click().run()
    first = counted.score.items[0]
    after = _board_line(at)
    assert after != before and f"+{first.points}: " in after
    assert str(counted.score.total) + " points" not in _texts(at).split("tb-board")[0]


def _switch(at: AppTest, label: str) -> Any:
    (found,) = [t for t in at.toggle if t.label == label]
    return found


def _player_id(at: AppTest) -> int:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    (profile,) = store.profiles()
    return profile.id


def test_the_settings_in_the_game_menu_are_kept_for_the_player() -> None:
    at = _page()
    _start(at, target=61)
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    player = _player_id(at)
    assert _switch(at, "Sounds").value is True  # on unless reduced motion
    _switch(at, "Sounds").set_value(False).run()
    at.toggle(key="play_show_switch").set_value(True).run()
    assert store.preferences(player) == Preferences(sound=False, show_all=True)
    (sounds,) = [c for c in at.get("bidi_component") if c.key == "play_sounds"]
    assert json.loads(sounds.proto.json)["on"] is False
    again = _page()  # another visit: the same settings
    assert _switch(again, "Sounds").value is False
    assert again.toggle(key="play_show_switch").value is True


def test_a_hand_counted_at_once_shows_every_combination_lit_in_turn() -> None:
    at = _page()
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    store.set_preferences(_player_id(at), Preferences(show_all=True))
    at = _page()
    _start(at)
    _until_reveal(at, items=2)
    table = table_of(at)
    counted = table.counted
    assert counted is not None
    key = f"play_reveal_{len(table.game.events)}"
    assert not [b for b in at.button if b.key == f"{key}_next"]  # no Next to press
    assert at.button(key=f"{key}_go").label == "Continue"
    text = _texts(at)
    total = 0
    for item in counted.score.items:
        total += item.points
        assert text.count(item_html(item, total)) == 2  # listed, and said beside its cards
    assert text.count("animation:tb-on") >= 3 * len(counted.score.items)
    assert f"+{counted.score.total}: " in _board_line(at) or counted.awarded < counted.score.total


def test_a_muggins_is_told_as_a_miss_not_a_success() -> None:
    at = _page()
    _start(at, counting="muggins")
    for _ in range(400):
        table = table_of(at)
        if table.need() is Need.CLAIM:
            nxt = table.next_count()
            assert nxt is not None
            if nxt[2].total >= 2:
                key = f"play_claim_{len(table.game.events)}"
                at.number_input(key=key).set_value(0)
                at.button(key=f"{key}_ok").click().run()
                break
        _page_step(at)
    table = table_of(at)
    counted = table.counted
    assert counted is not None and counted.muggins
    key = f"play_reveal_{len(table.game.events)}"
    for _ in counted.score.items:
        at.button(key=f"{key}_next").click().run()
    assert not at.success
    assert (
        f'<span style="color:#e2660c">Muggins! The computer takes the {counted.muggins} points'
        in _texts(at)
    )


def test_the_restart_notice_and_the_sounds_are_on_the_table() -> None:
    at = _page()
    _start(at)
    components: dict[str | None, Any] = {
        c.key: json.loads(c.proto.json) for c in at.get("bidi_component")
    }
    assert components["restart_notice"] == {
        "title": restart_notice.TITLE,
        "text": restart_notice.TEXT,
    }
    assert "Are you connected" not in restart_notice.TEXT and "saved" in restart_notice.TEXT
    first = components["play_sounds"]
    at.run()  # the same step drawn again: the same token, so nothing is played twice
    (again,) = [
        json.loads(c.proto.json) for c in at.get("bidi_component") if c.key == "play_sounds"
    ]
    assert again["token"] == first["token"]
    _page_step(at)  # the cut
    (cut,) = [json.loads(c.proto.json) for c in at.get("bidi_component") if c.key == "play_sounds"]
    assert cut["token"] != first["token"] and ["card", 0.0] in cut["cues"]

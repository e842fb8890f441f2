"""Pass-and-play on the Play page, in AppTest: people of this device named seat by seat,
"Pass to Sam" before each person's turn with nothing of the table drawn, and no page
showing one person another person's hidden cards; a game of two people played to 61, and
a deal of three seats with one computer."""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, table_of
from tests.test_table_pass_play import ANN, SAM, hidden_cards, play_out, setup_of
from trainer.bench.playing import interact
from trainer.engine.events import DiscardEvent, ShowEvent
from trainer.engine.record import GameRecord
from trainer.progress.review_totals import review_text
from trainer.progress.store import ENV_VAR, Store
from trainer.training.table import Need, Person, PlaySetup, Table
from trainer.ui.game_list import game_line
from trainer.ui.play_page import results as results_screen
from trainer.ui.play_page.state import STATE_KEY as PLAY_STATE
from trainer.ui.play_saves import saved_row

#: The keys of the Play page's cards (the throw's, the lay's, a count's).
CARDS = ("throw_", "lay_", "claim_")
REPO = Path(__file__).resolve().parent.parent
PAGE = str(REPO / "trainer" / "ui" / "views" / "play.py")


def _page() -> AppTest:
    as_player(AppTest.from_file(PAGE), "Jo")  # a second player of this device
    at = AppTest.from_file(PAGE, default_timeout=60)
    as_player(at, "Sam")
    at.run()
    assert not at.exception, at.exception
    return at


def _start(at: AppTest, seats: list[str], *, target: int = 61, counting: str = "automatic") -> None:
    """A game with ``seats`` named: ``@Sam`` a person, else a computer's level."""
    at.selectbox(key="play_seats").set_value(len(seats))
    at.radio(key="play_target").set_value(target)
    at.radio(key="play_counting_off").set_value(counting)
    at.toggle(key="play_people").set_value(True)
    at.run()
    for seat, who in enumerate(seats):
        at.selectbox(key=f"play_seat_{len(seats)}_{seat}").set_value(who)
    at.run()
    said = at.radio(key="play_counting_off").options
    assert "points a person misses go to an opponent" in said[2]  # not "to the computer"
    random.seed(len(seats))  # the page deals from Python's generator: the same game each run
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception


def _shown(at: AppTest) -> Iterator[str]:
    """Everything the page shows in words, and the cards it draws."""
    for kind in ("markdown", "caption", "info", "warning", "error", "success", "subheader"):
        yield from (str(getattr(element, "value", "")) for element in at.get(kind))
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
    at: AppTest, *, deals: int | None = None, runs: int = 1500, seen: list[str] | None = None
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
            assert f"Pass to {name}" in "\n".join(str(m.value) for m in at.markdown)
            cards = [c for c in at.get("bidi_component") if str(c.key).startswith(CARDS)]
            assert not cards  # no cards at all on the pass screen
            _names_none_of(at, hidden_cards(table, -1))  # no one's hidden cards
            takes[0].click()
            passes += 1
            passed_to.add(name)
        else:
            if need is Need.LAY:  # the prompt names whose turn it is
                name = table.names.who(table.seat)
                prompt = "\n".join(str(m.value) for m in at.markdown)
                assert f"**{name}'s turn: tap a card to lay it.**" in prompt
                assert "Your turn" not in prompt
            if need is not Need.REVEAL:
                _names_none_of(at, hidden_cards(table, table.seat))
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
    at = _page()
    _start(at, ["@Sam", "@Jo"])
    table = table_of(at)
    assert table.setup.lineup == (Person("Sam"), Person("Jo"))
    passes, passed_to = _play(at)
    game = table_of(at).game
    assert game.is_over and max(game.scores) >= 61
    assert passed_to == {"Sam", "Jo"} and passes > 10
    # each threw their own cards, and the page says the winner by name
    assert {e.seat for e in game.events if isinstance(e, DiscardEvent)} == {0, 1}
    winner = table_of(at).names.who(game.winner or 0)
    results = "\n".join(str(m.value) for m in at.markdown)
    assert f"## {winner} wins!" in results
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
    at = _page()
    _start(at, ["@Sam", "easy", "@Jo"])
    table = table_of(at)
    assert table.people == (0, 2) and table.level_of(1) == "easy"
    seen: list[str] = []
    passes, passed_to = _play(at, deals=1, seen=seen)
    assert passed_to == {"Sam", "Jo"} and passes >= 4
    text = "\n".join(seen)
    assert "Sam and Jo with 1 computer" in text  # the header
    assert "Sam <b>" in text and "Jo <b>" in text and "Computer <b>" in text  # the board
    assert "Jo lays" in text or "Sam lays" in text  # the log


def test_each_persons_counts_are_stored_under_their_own_profile_and_the_game_from_their_side() -> (
    None
):
    at = _page()
    _start(at, ["@Jo", "@Sam"], counting="muggins")
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
        str(m.value) for m in again.markdown
    )


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

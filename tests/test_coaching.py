"""The coach at a table (trainer.training.table.coaching): learning games played by its own
advice never draw a warning about a card it named nor advice naming a chance of nothing,
and learning games and first games never show a percentage or a decimal point.

The games are short (to 61; first games to 31), every level, two, three and four at the
table, seeded, so a failure plays again the same way. Each test prints what it played and
how long it took (no timing is asserted)."""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import html_of, table_of
from tests.support.table import recent_lines
from tests.test_players_seats import _cards_in  # every card a seat's view holds
from tests.views.test_play import _page, _play_out, _texts  # the page's own helpers
from trainer.analysis import LEVELS, Level, analyse_discards, computer_player
from trainer.analysis.pegging import options_for, view_position
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.analysis.players.views import TableView, table_view
from trainer.analysis.seat_views import play_view
from trainer.bench.playing import first_cards, interact, move, play_on
from trainer.engine import DECK, Card, Game, Pegging, SeatView, Settings, parse_cards, score_play
from trainer.engine.events import LayEvent
from trainer.engine.vocab import Phase
from trainer.progress.store import Store
from trainer.training.coach import (
    PlayNote,
    hint_ranking,
    plain_best_throw,
    play_note,
    table_lay_advice,
    table_play_note,
    view_play_note,
)
from trainer.training.coach import plain_words as words_module
from trainer.training.coach import play_notes as coach_module
from trainer.training.coach import play_notes as notes_module
from trainer.training.explain import card_line, said_one_by_one
from trainer.training.ladder import RUNGS
from trainer.training.table import (
    LEARNING_GAME,
    ME,
    CoachMode,
    Need,
    PlaySetup,
    RecordProblem,
    Table,
    TableCoach,
    event_lines,
    export_text,
    parse_export,
    peg_moves,
    pegs_of,
)
from trainer.training.winline import win_line
from trainer.ui.play_saves import saved_row
from trainer.ui.requests import PLAY_READY, GameOffer
from trainer.ui.winbar import winbar_html

#: Learning games played by the coach's advice: every level at two, three and four seats,
#: so many of each every run, the rest of the seventeen of each as a long check.
GAMES_EACH, GAMES_EACH_LONG = 2, 17
SEATS = (2, 3, 4)

#: A number said with a decimal point, or a percentage.
FIGURE = re.compile(r"\d\.\d|%")
#: A chance of nothing named in advice: ``0%``, ``0 of the 46 starters``.
NOTHING = re.compile(r"(?<![\d.])0%|(?<!\d)0 of the\b")


@dataclass
class Tally:
    """What the coached games found."""

    games: int = 0
    throws: int = 0
    lays: int = 0
    weighed: int = 0  # advised cards a note after them would have warned about
    contradictions: list[str] = field(default_factory=list)
    nothing: list[str] = field(default_factory=list)


def _labels(cards: tuple[Card, ...]) -> list[str]:
    return [card.label for card in cards]


def _throw(table: Table, tally: Tally) -> None:
    """Throw as the coach says, and check its words before and after."""
    line = table.coaching.best_throw_line()
    hint = table.coaching.hint_words()
    advised = table.coaching.advised_throw()
    where = f"seed {table.game.seed} {table.setup.notation()} deal {table.game.deal_no}"
    assert all(label in hint[0] for label in _labels(advised)), (where, hint, advised)
    assert all(label in line for label in _labels(advised)), (where, line, advised)
    for said in (line, *hint):
        if NOTHING.search(said):
            tally.nothing.append(f"{where}: {said}")
    game = table.coaching.game_throw()
    if game is not None:  # the chances the coach names for its throw
        home = f"makes {game.advice.need} or more with" in line
        if game.best.win <= 0.0 or (home and game.best.home <= 0.0):
            tally.nothing.append(f"{where}: {line}")
    table.discard(advised)
    tally.throws += 1
    if not table.coaching.throw_was_best():
        tally.contradictions.append(f"{where}: {table.coaching.throw_words()}")
    for said in table.coaching.throw_words():
        if "would have" in said:
            tally.contradictions.append(f"{where}: {said}")


def _lay(table: Table, tally: Tally) -> None:
    """Lay the coach's card, and check the note after it."""
    line = table.coaching.lay_line()
    card = table.coaching.advised_card()
    where = f"seed {table.game.seed} {table.setup.notation()} deal {table.game.deal_no}"
    assert card is not None and card in table.view.playable, (where, line)
    assert card.label in line, (where, line)
    if NOTHING.search(line):
        tally.nothing.append(f"{where}: {line}")
    if line.startswith("Near the end") and "best chance" in line:
        cards = table.seat_chance(cards=True).cards
        if cards[0].win <= 0.0:
            tally.nothing.append(f"{where}: {line}")
    view = table.view
    raw = view_play_note(view, card, level=table.level)  # the note, not weighed
    if raw is not None and raw.warnings:
        tally.weighed += 1
        if not line.startswith("Near the end"):  # said before the card, weighed there
            for warning in raw.warnings:
                assert warning.risk in line, (where, line, warning)
    table.lay(card)
    tally.lays += 1
    note = table.coaching.play_note_lines()
    if note:
        tally.contradictions.append(f"{where}: {line} → {note}")


def _follow(table: Table, tally: Tally) -> None:
    """One step of the person, who does what the coach says and counts right."""
    need = table.need()
    if need is Need.CUT_FOR_DEAL:
        table.cut_for_deal()
    elif need is Need.DISCARD:
        _throw(table, tally)
    elif need is Need.CUT_STARTER:
        table.cut_starter()
    elif need is Need.LAY:
        _lay(table, tally)
    elif need is Need.REVEAL:
        table.carry_on()
    elif need is Need.CLAIM:
        nxt = table.next_count()
        assert nxt is not None
        table.claim(nxt[2].total)


def _coached_games(games: range) -> Iterator[tuple[int, Level, int]]:
    for seats, level in itertools.product(SEATS, LEVELS):
        for k in games:
            yield seats, level, 1000 * seats + 100 * LEVELS.index(level) + k


@pytest.mark.slow
def test_games_played_by_the_coach_s_advice_never_contradict_it() -> None:
    """24 learning games, every level, two, three and four at the table, each throw and
    card the coach's own: no warning about a card it named, no advice naming a chance of
    nothing, and its throw is the best by its own verdict."""
    tally = _coached(range(GAMES_EACH))
    assert tally.games == len(SEATS) * len(LEVELS) * GAMES_EACH
    assert tally.weighed > 0  # the weighing was put to the test


@pytest.mark.slow
@pytest.mark.long
def test_games_played_by_the_coach_s_advice_never_contradict_it_over_many_more() -> None:
    """The same over the other 180 games of the seventeen of each (204 in all)."""
    tally = _coached(range(GAMES_EACH, GAMES_EACH_LONG))
    assert tally.games == len(SEATS) * len(LEVELS) * (GAMES_EACH_LONG - GAMES_EACH)


def _coached(games: range) -> Tally:
    """The learning games ``games`` of each level and table size played by the coach's
    advice, checked: none contradicts it or advises a chance of nothing. What they found."""
    tally = Tally()
    start = time.perf_counter()
    for seats, level, seed in _coached_games(games):
        setup = PlaySetup(level, Settings(target=61, seats=seats), coach=CoachMode.LEARNING)
        table = Table.new(setup, seed=seed)
        for _ in range(2000):
            if table.need() is Need.OVER:
                break
            _follow(table, tally)
        assert table.need() is Need.OVER
        tally.games += 1
    took = time.perf_counter() - start
    print(
        f"\n{tally.games} coached games ({tally.throws} throws, {tally.lays} cards laid) in "
        f"{took:.0f} s: {len(tally.contradictions)} contradictions, {len(tally.nothing)} "
        f"chances of nothing advised; {tally.weighed} advised cards with a risk weighed "
        "before them"
    )
    assert tally.contradictions == []
    assert tally.nothing == []
    return tally


def test_the_coach_needs_the_game_and_the_person_s_seat_not_the_table() -> None:
    """A coach given a game read back from the record, with no table round it, says what
    the table's coach says of the same throw and lay."""
    table = Table.new(PlaySetup("hard", Settings(target=121), coach=CoachMode.MOVES), seed=7)
    table.cut_for_deal()
    table.discard(table.view.hand[:2])

    def bare() -> TableCoach:
        game = Game.replay(table.game.record())
        return TableCoach(
            game, ME, CoachMode.MOVES, level=table.level, names=table.names, mark=table.mark
        )

    assert bare().throw_lines() == table.coaching.throw_lines() != ()
    while table.need() is Need.CUT_STARTER:
        table.cut_starter()
    table.lay(table.view.playable[0])
    assert bare().play_note() == table.coaching.play_note()
    assert bare().play_note_lines() == table.coaching.play_note_lines()


def test_the_note_on_the_coach_s_own_card_is_weighed_with_its_advice() -> None:
    """The card the coach named draws no warning after it in learning mode (it said the risk
    before); the same card laid with the coach after each move only gets the warning."""
    setup = PlaySetup("normal", Settings(target=61), coach=CoachMode.LEARNING)
    table = Table.new(setup, seed=1)
    while table.need() is not Need.OVER:
        if table.need() is Need.LAY:
            card = table.coaching.advised_card()
            assert card is not None
            raw = view_play_note(table.view, card, level=table.level)
            if (
                raw is not None
                and raw.warnings
                and not table.coaching.lay_line().startswith("Near")
            ):
                break
        _follow(table, Tally())
    else:
        raise AssertionError("no advised card with a risk")
    line = table.coaching.lay_line()
    assert all(w.risk in line for w in raw.warnings)
    table.lay(card)
    assert table.coaching.play_note() is None and table.coaching.play_note_lines() == ()
    moves = Table.resume(dataclasses.replace(setup, coach=CoachMode.MOVES), table.game.record(),
                         table.place())  # fmt: skip
    note = moves.coaching.play_note()
    assert note is not None and note.card == card
    assert [w.text for w in note.warnings] == [w.text for w in raw.warnings]


# --- numbers a child can follow --------------------------------------------------------------


def _said(table: Table) -> list[str]:
    """Every message the Play page may show of the table now (the coach's words and their
    details, the notes, the log, the show, the meter in words)."""
    out = [*recent_lines(table), *(line.text for line in table.log_lines())]
    out.append(table.coaching.kinds_words())
    need = table.need()
    if need in (Need.CLAIM, Need.REVEAL) and table.view.dealer is not None:
        out += [table.coaching.show_order_line(), table.coaching.crib_line()]
    if table.coached:
        out += [
            *table.coaching.throw_lines(),
            *table.coaching.throw_words(),
            *table.coaching.play_note_lines(),
        ]
    if table.learning and need is Need.DISCARD:
        out += [
            table.coaching.best_throw_line(),
            *table.coaching.hint_words(),
            *table.coaching.ranking_lines(),
        ]
    if table.learning and need is Need.LAY:
        out += [table.coaching.lay_line(), *table.coaching.lay_previews()]
    counted = table.counted
    if counted is not None:
        out += event_lines(counted, table.game.players)
        out += [item.describe() for item in counted.score.items]
    if table.has_win_meter:
        meter = winbar_html(table.win_chances(), words=table.in_words)
        out += [re.sub(r"<[^>]+>", " ", meter), *re.findall(r'aria-label="([^"]*)"', meter)]
    return out


def _figures(table: Table, said: list[str]) -> list[str]:
    where = f"seed {table.game.seed} {table.setup.notation()} deal {table.game.deal_no}"
    return [f"{where}: {line}" for line in said if FIGURE.search(line)]


def _first_games() -> Iterator[tuple[PlaySetup, int]]:
    for rung in RUNGS:
        for seed in range(3):
            yield rung.setup, 50 + seed
    for seats, level in itertools.product(SEATS, LEVELS):
        yield (
            PlaySetup(level, Settings(target=61, seats=seats), coach=CoachMode.LEARNING),
            70 + seats,
        )


@pytest.mark.slow
def test_learning_games_and_first_games_never_show_a_percentage_or_a_decimal() -> None:
    start = time.perf_counter()
    found: list[str] = []
    messages = 0
    games = 0
    for setup, seed in _first_games():
        table = Table.new(setup, seed=seed)
        assert table.in_words
        step = 0
        while table.need() is not Need.OVER:
            said = _said(table)
            messages += len(said)
            found += _figures(table, said)
            if table.need() is Need.DISCARD and step % 2:
                table.hint()  # the hint's words and its table
            _follow(table, Tally())
            step += 1
        said = _said(table)
        if table.has_win_meter:  # the results: the chance over the game, in words
            said += [s.words(words=True) for s in win_line(table.game.record()).swings]
        messages += len(said)
        found += _figures(table, said)
        games += 1
    print(f"\n{games} games, {messages} messages in {time.perf_counter() - start:.0f} s")
    assert found == []


def test_club_players_keep_the_figures() -> None:
    table = Table.new(PlaySetup("hard", Settings(target=61), coach=CoachMode.MOVES), seed=3)
    assert not table.in_words
    seen = []
    while table.need() is not Need.OVER:
        seen += _said(table)
        _follow(table, Tally())
    assert any("%" in line for line in seen)  # the meter
    assert any(re.search(r"\d\.\d\d", line) for line in seen)  # the throw's table


# --- the page ------------------------------------------------------------------------------


def _page_text(at: AppTest) -> str:
    """What the page shows and says: its text without markup or styles, and the names a
    screen reader reads."""
    parts = [str(e.value) for kind in ("markdown", "html", "info", "caption", "warning",
                                       "success") for e in getattr(at, kind)]  # fmt: skip
    parts += [e.label for e in at.expander] + [e.label for e in at.toggle]
    parts += [str(c) for t in at.table for c in t.value.to_numpy().ravel()]
    raw = "\n".join(parts)
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', raw))
    text = re.sub(r"<style.*?</style>", " ", raw, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text) + " " + labels


@pytest.mark.slow
def test_a_learning_game_on_the_page_shows_no_percentage_or_decimal() -> None:
    """A whole learning game through the Play page, every "Details" opened and a hint
    asked for: not one percentage or decimal point on any screen, the results too."""
    at = _page()
    at.radio(key="play_target").set_value(61)
    at.radio(key="play_coach").set_value("learning")
    at.button(key="play_start").click()
    at.run()
    assert not at.exception, at.exception
    screens = 0
    seen = ""
    for _ in range(400):
        table = table_of(at)
        if table.need() is Need.DISCARD and not table.hinted:
            at.button(key="play_hint").click().run()
        for toggle in at.toggle:
            if toggle.key and toggle.key.startswith(("play_throw_details", "play_hint_details",
                                                     "play_lay_details")):  # fmt: skip
                toggle.set_value(True)
        at.run()
        assert not at.exception, at.exception
        text = _page_text(at)
        assert not FIGURE.search(text), FIGURE.findall(text)
        seen += text
        screens += 1
        if table_of(at).need() is Need.OVER:
            break
        interact(at)
        at.run()
        assert not at.exception, at.exception
    assert table_of(at).need() is Need.OVER and screens > 20
    # The meter, the coach before each step and its details, and the results were there.
    assert "Chance to win: You " in seen and "The coach would lay the " in seen
    assert "the hand makes about " in seen and "Your chance to win, deal by deal" in seen


# --- the coach in the play at three and four -------------------------------------------------


STARTER = parse_cards("2S")[0]


def _view(hands: list[str], moves: str, seat: int, *, leader: int = 1) -> SeatView:
    """``seat``'s view of a play dealt ``hands`` after ``moves`` (cards, or ``go``)."""
    play = Pegging([list(parse_cards(h)) for h in hands], leader=leader)
    for token in moves.split():
        play.go() if token == "go" else play.lay(parse_cards(token)[0])
    assert play.turn == seat
    sides = 2 if len(hands) == 4 else 3
    return play_view(play, seat, starter=STARTER, discards=(), dealer=0, scores=(0,) * sides)


# --- the options against a brute-force count --------------------------------------------------


def _next_seat(table: TableView) -> int | None:
    """The seat that acts after this one, counted afresh: round the table, the first that
    holds a card and has not said go in this series."""
    n = len(table.held)
    for step in range(1, n):
        seat = (table.seat + step) % n
        if table.held[seat] > 0 and not (table.passed >> seat) & 1:
            return seat
    return None


def _brute(table: TableView, card: Card) -> tuple[int, float]:
    """The points ``card`` pegs now and the next player's expected best reply, by the
    engine's own scorer over every hand they could hold."""
    pile = [c for _, c in table.series] + [card]
    count = sum(c.pips for c in pile)
    others = sum(n for seat, n in enumerate(table.held) if seat != table.seat)
    last_of_play = len(table.hand) == 1
    points = score_play(pile).total
    if last_of_play and others == 0 and count != 31:
        points += 1
    replier = _next_seat(table)
    if replier is None or count == 31:
        return points, 0.0
    holds = table.held[replier]
    pool = [c for c in table.unseen if c.pips >= table.min_pips[replier]]
    if len(pool) < holds:
        pool = list(table.unseen)
    total = 0
    hands = 0
    for hand in combinations(pool, holds):
        best = 0
        for reply in hand:
            if count + reply.pips > 31:
                continue
            value = score_play([*pile, reply]).total
            if last_of_play and others == 1 and count + reply.pips != 31:
                value += 1
            best = max(best, value)
        total += best
        hands += 1
    return points, total / hands


def _positions(seats: int, seed: int) -> list[SeatView]:
    """Positions of random plays at a table of ``seats`` where the next player holds two
    cards or fewer (so every hand they could hold can be counted), some of them after a
    go (a seat passed over, or holding only cards above what its go said)."""
    rng = random.Random(seed)
    out: list[SeatView] = []
    tables: list[TableView] = []
    while len(out) < 12 or not any(t.passed or max(t.min_pips) > 1 for t in tables):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[4 * i : 4 * i + 4] for i in range(seats)]
        starter = deck[4 * seats]
        play = Pegging([list(h) for h in hands], leader=1)
        while not play.is_over:
            seat = play.turn
            legal = [c for c in play.hands[seat] if play.count + c.pips <= 31]
            view = play_view(play, seat, starter=starter, discards=(), dealer=0)
            table = table_view(view)
            replier = table.replier()
            after_go = table.passed or max(table.min_pips) > 1
            chance = 0.8 if after_go else 0.2
            if legal and (replier is None or table.held[replier] <= 2) and rng.random() < chance:
                out.append(view)
                tables.append(table)
            if legal:
                play.lay(rng.choice(legal))
            else:
                play.go()
    return out


@pytest.mark.parametrize("seats", [3, 4])
def test_each_option_is_the_brute_force_count_of_points_and_reply(seats: int) -> None:
    for view in _positions(seats, seed=seats):
        table = table_view(view)
        options = table_options(view)
        assert options == table_options(table)
        assert {o.card for o in options} == set(table.legal)
        for option in options:
            points, reply = _brute(table, option.card)
            assert option.points == points
            assert option.reply == pytest.approx(reply)
            assert option.replier == (
                None if table.count + option.card.pips == 31 else _next_seat(table)
            )
            weight = 0.0 if option.replier is None else table.weight(option.replier)
            assert option.weight == weight
            assert option.value == pytest.approx(points + weight * reply)
        values = [o.value for o in options]
        assert values == sorted(values, reverse=True)


def test_the_reply_weight_is_the_partners_own_and_half_against_at_three() -> None:
    # Four: seat 1 is out of cards, so seat 0's partner (seat 2) replies: its 15 counts for.
    view = _view(
        ["5C 3D KC JD", "7D JC AH AD", "9C JS 6S KS", "3S 7H 5S TC"],
        "AH 9C 3S JD 7D go go go AD 6S 5S 3D JC go 7H",
        0,
    )
    options = {o.card: o for o in table_options(view)}
    five = options[parse_cards("5C")[0]]
    assert five.replier == 2 and five.weight == 1.0 and five.value == pytest.approx(five.reply)
    # Three: a point to the next player is half a point against.
    view = _view(["4C 5H KD 9S", "QD JD TD KH", "7H 8H 6H AH"], "", 1, leader=1)
    for option in table_options(view):
        assert option.replier == 2 and option.weight == -0.5
        assert option.value == pytest.approx(option.points - 0.5 * option.reply)


def test_a_small_pool_of_three_unseen_cards_held_is_counted_exactly() -> None:
    unseen = parse_cards("TH 5D 7C 8S JC 3H")
    table = TableView(
        seat=0,
        sides=(0, 1, 2),
        hand=parse_cards("7H 8D"),
        mine_played=parse_cards("AS 2D"),
        series=((2, parse_cards("6C")[0]),),
        count=6,
        starter=STARTER,
        unseen=unseen,
        held=(2, 3, 1),
        min_pips=(1, 1, 1),
        passed=0,
        need_me=121,
    )
    for option in table_options(table):
        assert option.replier == 1
        assert (option.points, option.reply) == pytest.approx(_brute(table, option.card))


@pytest.mark.parametrize("seats", [3, 4])
def test_hard_lays_the_best_option_less_a_point_for_leading_a_five(seats: int) -> None:
    for view in _positions(seats, seed=10 + seats):
        table = table_view(view)
        if len(table.legal) < 2:
            continue
        best = max(
            table_options(table),
            key=lambda o: (
                o.value - (1.0 if table.count == 0 and o.card.pips == 5 else 0.0),
                o.card.pips * 0.01,
                -o.card.index,
            ),
        )
        if max(table.points_now(c) for c in table.legal) >= table.need_me:
            continue
        assert computer_player("hard", seed=1).play(view) == best.card


# --- the words ------------------------------------------------------------------------------


def _option(view: SeatView, label: str) -> TableOption:
    return next(o for o in table_options(view) if o.card == parse_cards(label)[0])


def test_at_three_the_coach_names_its_lead_and_the_next_players_reply() -> None:
    # Seat 1 leads (the dealer is seat 0); seat 2 is next.
    view = _view(["4C 5H KD 9S", "QD 4H 5C KH", "7H 8H 6H AH"], "", 1)
    options = table_options(view)
    assert options[0].card == parse_cards("4H")[0]
    line = table_lay_advice(view)
    assert line.startswith("The coach would lay the 4♥: a 4 or lower is a safe lead")
    assert "the next player can expect less than a point back after it, against about" in line
    assert "your partner" not in line
    five = _option(view, "5C")
    note = table_play_note(view, five.card, level="hard")
    assert note is not None
    assert note.warnings[0].code == "lead-five"
    assert note.best == options[0].card
    assert note.gain == pytest.approx(options[0].value - five.value)
    last = note.lines()[-1]
    assert last.startswith(f"The 4♥ would have gained {note.gain:.1f} points on average: ")
    assert f"the next player can expect {options[0].reply:.1f} points after it" in last
    assert f"{five.reply:.1f} points after the 5♣" in last
    assert "each of their points counts half against you" in last
    # In whole points (learning mode, first games), with the same reasons.
    words = note.lines(words=True)[-1]
    assert words.startswith("The 4♥ would have made about 1 point more on average: ")
    assert "the next player can expect " in words and "after the 5♣" in words
    assert not re.search(r"\d\.\d", words)
    # At Normal the note keeps to the warnings.
    normal = table_play_note(view, five.card, level="normal")
    assert normal is not None and normal.best is None
    assert normal.lines() == (
        "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
    )


def test_at_three_the_count_on_21_and_a_pair_are_warned_of() -> None:
    # Seat 1 led QD, seat 2 laid 4H (14): seat 0 to play, seat 1 next.
    hands = ["7C 7D 2C 3C", "QD 5D 6D TD", "4H 8H 9H AH"]
    view = _view(hands, "QD 4H", 0)
    note = table_play_note(view, parse_cards("7C")[0])
    assert note is not None
    assert note.lines() == ("Your 7♣ made the count 21: a ten-card after it makes 31 for two.",)
    # Seat 1 led 7S ... seat 2 to pair it: the third 7 may be with seat 0.
    view = _view(["8C 9C TC JC", "7S 5D 6D QD", "7H 2H 3H 4H"], "7S", 2)
    pair = table_play_note(view, parse_cards("7H")[0])
    assert pair is not None
    assert "Pairing is risky: if the next player holds the third 7, they peg 6." in pair.lines()


def test_at_four_the_partner_next_to_play_is_spoken_of() -> None:
    hands = ["5C 3D KC JD", "7D JC AH AD", "9C JS 6S KS", "3S 7H 5S TC"]
    moves = "AH 9C 3S JD 7D go go go AD 6S 5S 3D JC go 7H"
    view = _view(hands, moves, 0)
    assert table_view(view).replier() == 2  # seat 1 holds nothing: the partner is next
    five, king = _option(view, "5C"), _option(view, "KC")
    assert five.value > king.value + 1
    line = table_lay_advice(view)
    assert line.startswith("The coach would lay the 5♣: your partner, next to play, can expect ")
    assert "the next player" not in line
    # Leading the 5 to a partner is no fault; a king is, by what the partner could peg.
    assert table_play_note(view, five.card, level="hard") is None
    note = table_play_note(view, king.card, level="hard")
    assert note is not None and not note.warnings and note.best == five.card
    assert note.lines() == (
        f"The 5♣ would have gained {five.value - king.value:.1f} points on average: your "
        f"partner can expect {five.reply:.1f} points after it, {king.reply:.1f} points after "
        "the K♣.",
    )
    # With the next player an opponent, leading a 5 is warned of at four too.
    view = _view(hands, "", 1)
    note = table_play_note(view, parse_cards("AH")[0])
    assert note is None or all(w.code != "lead-five" for w in note.warnings)
    lead = _view(["2C 3C 4C 6C", "5D 9D 8D 7D", "AH 2H 3H 6H", "QS JS TS 9S"], "", 1)
    five_led = table_play_note(lead, parse_cards("5D")[0])
    assert five_led is not None and five_led.warnings[0].code == "lead-five"


def test_only_one_card_or_none_to_lay() -> None:
    # Seat 1 led KD, then 7H and 8C: 25, and only the 6 fits.
    view = _view(["8C 9C TC JC", "KD 6D 9D QD", "7H 2H 3H 4H"], "KD 7H 8C", 1)
    assert table_lay_advice(view) == "Only your 6♦ fits under 31: lay it."
    stuck = _view(["8C 9C TC JC", "KD QD JD TD", "7H 2H 3H 4H"], "KD 7H 8C", 1)
    assert table_lay_advice(stuck) == "None of your cards fits under 31: you say go."


def test_the_note_refuses_what_cannot_be_laid() -> None:
    view = _view(["4C 5H KD 9S", "QD 4H 5C KH", "7H 8H 6H AH"], "", 1)
    with pytest.raises(ValueError, match="not in the hand"):
        table_play_note(view, parse_cards("7H")[0])
    with pytest.raises(ValueError, match="level must be one of"):
        table_play_note(view, parse_cards("4H")[0], level="expert")  # type: ignore[arg-type]


# --- the seat view --------------------------------------------------------------------------


def _hidden_at(game: Game, seat: int, at: int) -> set[Card]:
    """The cards ``seat`` could not see just before event ``at``: every other seat's cards
    not yet laid then, and the crib's cards but its own."""
    hidden: set[Card] = set()
    for other in game.seats:
        if other != seat:
            hidden |= set(game.view(other, at=at).hand)
    return hidden | (set(game.crib) - set(game.view(seat, at=at).discards))


@pytest.mark.parametrize("seats", [3, 4])
def test_the_coach_at_a_table_works_from_the_persons_own_view(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[SeatView] = []
    real = table_view

    def spy(view: Any) -> Any:
        seen.append(view)
        return real(view)

    monkeypatch.setattr(notes_module, "table_view", spy)
    monkeypatch.setattr(words_module, "table_view", spy)
    setup = PlaySetup("hard", Settings(target=121, seats=seats), coach=CoachMode.LEARNING)
    table = Table.new(setup, seed=seats)
    game = table.game
    notes: list[PlayNote] = []

    def at_a_lay(table: Table, need: Need) -> bool:  # in the first two deals
        return need is Need.LAY or table.game.deal_no >= 3

    while play_on(table, stop=at_a_lay) is Need.LAY and game.deal_no < 3:
        before = len(seen)
        line = table.coaching.lay_line()
        assert line and len(seen) == before + 1
        assert seen[-1] == game.view(ME)
        at = len(game.events)
        hidden = _hidden_at(game, ME, at)
        assert not hidden & set(_cards_in(seen[-1]))
        card = table.view.playable[-1]
        table.lay(card)
        note = table.coaching.play_note()
        assert table.mark == at
        mine = game.view(ME, at=at)
        assert seen[-1] == mine and not hidden & set(_cards_in(mine))
        assert note == view_play_note(mine, card, level="hard")
        calls = len(seen)
        assert table.coaching.play_note() == note and len(seen) == calls  # worked out once
        if note is not None:
            notes.append(note)
    assert notes  # the coach spoke after some lay


# --- the coaches in a game and on the Play page ----------------------------------------------


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
    options = options_for(view_position(table.view))  # what the coach weighs, best first
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
        styles = [h.proto.body for h in at.get("html") if h.proto.body.startswith("<style")]
        if table.need() is Need.LAY and table.reply_to_lay() is not None:
            late = f"play-late-{len(table.game.events)}"
            (style,) = [s for s in styles if late in s]
            assert f".{late}, " in style and f".{late}-gone " in style  # the count's fade
            # the reply's card is the pile's last, coming in late as a step of its picture's
            # film (a picture: the page's stylesheet does not reach inside it)
            (pile,) = [h for h in html_of(at) if f'class="{late}-pile"' in h]
            drawing = pile.split(f'class="{late}-pile"', 1)[1].split("</svg>", 1)[0]
            last_step = re.split(r"<g class=[\"']tb-t tb-final[\"']", drawing)
            assert len(last_step) == 2 and "animation:tb-on .01s linear 0.50s" in last_step[1]
            assert last_step[1].count("<g transform=") == 1  # around one card: the reply
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

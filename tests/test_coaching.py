"""The coach at a table (trainer.training.table.coaching): learning games played by its own
advice never draw a warning about a card it named nor advice naming a chance of nothing,
and learning games and first games never show a percentage or a decimal point.

The games are short (to 61; first games to 31), every level, two, three and four at the
table, seeded, so a failure plays again the same way. Each test prints what it played and
how long it took (no timing is asserted)."""

from __future__ import annotations

import dataclasses
import itertools
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import table_of
from tests.support.table import recent_lines
from tests.test_views_play import _page
from trainer.analysis import LEVELS, Level
from trainer.bench.playing import interact
from trainer.engine import Card, Game
from trainer.engine.settings import Settings
from trainer.training.coach import view_play_note
from trainer.training.ladder import RUNGS
from trainer.training.table import ME, CoachMode, Need, PlaySetup, Table, TableCoach, event_lines
from trainer.training.winline import win_line
from trainer.ui.winbar import winbar_html

#: Learning games played by the coach's advice: every level at two, three and four seats,
#: so many of each every run, the rest of the seventeen of each as a long check.
GAMES_EACH, GAMES_EACH_LONG = 5, 17
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
    """60 learning games, every level, two, three and four at the table, each throw and
    card the coach's own: no warning about a card it named, no advice naming a chance of
    nothing, and its throw is the best by its own verdict."""
    tally = _coached(range(GAMES_EACH))
    assert tally.games == len(SEATS) * len(LEVELS) * GAMES_EACH
    assert tally.weighed > 0  # the weighing was put to the test


@pytest.mark.slow
@pytest.mark.long
def test_games_played_by_the_coach_s_advice_never_contradict_it_over_many_more() -> None:
    """The same over the other 144 games of the seventeen of each (204 in all)."""
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
    parts = [str(e.value) for kind in ("markdown", "info", "caption", "warning", "success")
             for e in getattr(at, kind)]  # fmt: skip
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

"""The Review page through the whole app (AppTest): a finished game of the player opens on
its three costliest decisions, totals and chart, steps deal by deal, and practises a throw;
another player's game, or a game still being played, does not open; Progress and the Play
page's results lead to it."""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, html_of, metrics
from tests.test_review import _play, _short
from trainer.bench.playing import play_on, right_count
from trainer.content.catalog import load_drills
from trainer.engine.record import GameRecord
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.progress.store import SavedGame, Store
from trainer.training.ladder import RUNGS
from trainer.training.questions import DiscardQuestion
from trainer.training.review import (
    REVIEW_METHOD,
    CountReview,
    GameReview,
    ThrowReview,
    review_game,
)
from trainer.training.review_words import details, limits_help, title, verdict, verdicts_line, why
from trainer.training.sets import PracticeSet
from trainer.training.table import CoachMode, PlaySetup, Table, export_text
from trainer.ui.asking.base import STATE_KEY as PRACTICE_STATE
from trainer.ui.play_saves import saved_row
from trainer.ui.profiles import WORD_JOINER
from trainer.ui.review_ahead import reviews_ahead
from trainer.ui.winchart import LINE_TITLE, SHOWS

REPO = Path(__file__).resolve().parents[2]
APP = str(REPO / "trainer" / "app.py")
PAGE = "ui/views/review.py"


@cache
def _finished() -> Table:
    """A game to 121 under muggins, the person missing points in some counts."""
    return _play("normal", 121, 5, counting=Counting.MUGGINS, claim=_short)


def _saved(game_id: str = "g1", table: Table | None = None) -> SavedGame:
    return saved_row(game_id, table or _finished())


def _review(saved: SavedGame) -> GameReview:
    return review_game(GameRecord.parse(saved.record))


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _open(game_id: str | None = "g1", *, name: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    as_player(at, name)
    if game_id is not None:
        at.query_params["game"] = game_id
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


#: The page's parts folded until opened (nothing of them is sent before): each of the three
#: costliest decisions' "Details", the totals' "Details", the chart of points lost, and the
#: chance to win (its chart, its marks and its table).
FOLDS = (
    *(f"review_top_details_{n}" for n in (1, 2, 3)),
    "review_totals_details",
    "review_lost_chart_fold",
    "review_winline_fold",
)


def _unfold(at: AppTest, *keys: str) -> None:
    """Open these folds (each of :data:`FOLDS` on the page when none is named), as a click
    on each does, then run the page."""
    names = {e.key for e in at.expander}
    for key in keys or [k for k in FOLDS if k in names]:
        at.session_state[key] = True
    at.run()
    assert not at.exception, at.exception


def _texts(at: AppTest) -> str:
    parts = [e.value for e in (*at.markdown, *at.caption, *at.info, *at.success, *at.warning)]
    return "\n".join(str(p) for p in parts).replace(WORD_JOINER, "")


def _subheaders(at: AppTest) -> list[str]:
    return [s.value for s in at.subheader]


def _saved_for(name: str, game: SavedGame) -> int:
    store = _store()
    found = [p for p in store.profiles() if p.name == name]
    profile = found[0] if found else store.create_profile(name)
    store.save_game(profile.id, game)
    return profile.id


def _titles(at: AppTest) -> list[str]:
    """The costliest decisions' titles, each heading its element (its why below it)."""
    return [
        m.value.split("\n\n")[0]
        for m in at.markdown
        if m.value.startswith("**") and ". Deal " in m.value
    ]


def test_a_finished_game_opens_on_its_three_costliest_decisions() -> None:
    game = _saved()
    _saved_for("Sam", game)
    review = _review(game)
    top = review.costliest()
    assert len(top) == 3
    at = _open()
    assert [t.value for t in at.title] == ["Game review"]
    assert _subheaders(at) == ["Your three costliest decisions", "Points lost", "Deal by deal"]
    titles = _titles(at)
    assert len(titles) == 3
    _deal_details(at, 1)  # the first deal's figures too
    _unfold(at, "review_totals_details")
    text = _texts(at)
    for n, (shown, decision) in enumerate(zip(titles, top, strict=True), start=1):
        assert shown == f"**{n}. {title(decision)}**"  # its word: "Deal 4, the throw: a blunder"
        assert verdict(decision).said in shown
        assert why(decision, review) in text  # one plain sentence of why
    figures = {m.label: m.value for m in metrics(at)}
    lost = review.lost
    assert figures == {
        "Throws": f"{round(lost.throws)}",
        "Cards laid": f"{round(lost.plays)}",
        "Counts": f"{round(lost.counts)}",
    }
    assert lost.counts > 0  # the person missed points, and the page says so
    assert "You missed 2 points." in text
    assert f"{lost.total:.2f} points in all over {len(review.deals)} deals" in text  # Details
    assert f"Your decisions: {verdicts_line(review)}." in text
    assert limits_help() in text  # what the words mean


def _expander(at: AppTest, key: str) -> Any:
    return next(e for e in at.expander if e.key == key)


def _deal_details(at: AppTest, deal_no: int) -> Any:
    """A deal's "Details", opened (nothing in it runs or is sent until it is)."""
    key = f"review_deal_details_{deal_no}"
    assert not _expander(at, key).children, "a deal's figures wait for its Details"
    at.session_state[key] = True
    at.run()
    assert not at.exception, at.exception
    return _expander(at, key)


def _outside_expanders(at: AppTest) -> list[str]:
    """The page's words (markdown and captions, not the cards and the board drawn) that are
    not behind an expander."""
    inside = {str(m.value) for e in at.expander for m in (*e.markdown, *e.caption)}
    shown = [str(m.value) for m in (*at.markdown, *at.caption, *at.success, *at.info)]
    return [text for text in shown if text not in inside and not text.lstrip().startswith("<")]


def test_the_decisions_speak_in_words_and_the_hundredths_are_behind_details() -> None:
    game = _saved()
    _saved_for("Sam", game)
    review = _review(game)
    at = _open()
    _unfold(at)
    for n, decision in enumerate(review.costliest(), start=1):
        inside = "\n".join(m.value for m in _expander(at, f"review_top_details_{n}").markdown)
        assert "  \n".join(details(decision, review)) in inside
        if not isinstance(decision, CountReview):
            assert re.search(r"\d\.\d\d", inside), inside  # to a hundredth, behind Details
    outside = "\n".join(_outside_expanders(at))
    assert not re.search(r"\d\.\d", outside), re.search(r".{60}\d\.\d.{20}", outside)
    line = "\n".join(m.value for m in _expander(at, "review_winline_fold").markdown)
    assert "%" in line  # a club player's chances stay in figures


def test_the_chart_has_each_deals_points_lost_by_kind() -> None:
    game = _saved()
    _saved_for("Sam", game)
    review = _review(game)
    at = _open()
    _unfold(at, "review_lost_chart_fold")
    (chart,) = [  # the bars (the other chart is the chance to win, see test_winchart)
        c for c in at.get("vega_lite_chart") if "mark" in json.loads(c.proto.spec)
    ]
    spec = json.loads(chart.proto.spec)
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["x"]["field"] == "Deal"
    import pyarrow as pa  # type: ignore[import-untyped]

    rows = pa.ipc.open_stream(chart.proto.datasets[0].data.data).read_all().to_pylist()
    assert len(rows) == 3 * len(review.deals)
    for deal in review.deals:
        mine = {r["Kind"]: r["Points lost"] for r in rows if r["Deal"] == deal.deal_no}
        assert mine["Throws"] == pytest.approx(deal.lost.throws)
        assert mine["Cards laid"] == pytest.approx(deal.lost.plays)
        assert mine["Counts"] == pytest.approx(deal.lost.counts)


def test_the_page_opens_with_its_charts_and_figures_folded_until_opened() -> None:
    """A first load sends no chart and no figures (a chart is the dearest element to draw);
    each fold, opened, shows what it folds."""
    game = _saved()
    _saved_for("Sam", game)
    review = _review(game)
    reviews_ahead().forget()
    at = _open()
    reviews_ahead().settle()
    # the line, folded, is not worked out (it costs most of a review's time)
    assert reviews_ahead().line_if_ready(game.record, game.settings) == (False, None)
    folds = {e.key: e for e in at.expander}
    assert set(FOLDS) <= set(folds)
    for key in FOLDS:
        assert not folds[key].children, f"{key} is sent before it is opened"
    assert not at.get("vega_lite_chart")
    labels = {key: folds[key].label for key in FOLDS}
    assert labels["review_lost_chart_fold"] == "Chart: points lost per deal, by kind"
    assert labels["review_winline_fold"] == LINE_TITLE  # the line, its marks and its table
    assert SHOWS not in [c.value for c in at.caption]
    _unfold(at)
    assert reviews_ahead().line_if_ready(game.record, game.settings)[0]  # worked out once opened
    folds = {e.key: e for e in at.expander}
    for n, decision in enumerate(review.costliest(), start=1):
        shown = "\n".join(m.value for m in folds[f"review_top_details_{n}"].markdown)
        assert "  \n".join(details(decision, review)) in shown
    (totals,) = folds["review_totals_details"].markdown
    assert totals.value.startswith(f"{review.lost.total:.2f} points in all over ")
    line = folds["review_winline_fold"]
    assert SHOWS in [c.value for c in line.caption]  # what the line is, said in its fold
    assert "The choices that moved your chance most:" in "\n".join(m.value for m in line.markdown)
    assert _expander(at, "review_winline_table")
    charts = sorted(
        json.loads(c.proto.spec).get("mark", {}).get("type", "layer")
        for c in at.get("vega_lite_chart")
    )
    assert charts == ["bar", "layer"]  # the points lost per deal, the chance to win


def test_opening_a_review_keeps_its_totals_for_progress() -> None:
    game = _saved()
    sam = _saved_for("Sam", game)
    assert _store().finished_games(sam, method=REVIEW_METHOD)[0].lost is None
    _open()
    lost = _store().finished_games(sam, method=REVIEW_METHOD)[0].lost
    assert lost is not None
    assert lost.total == pytest.approx(_review(game).lost.total)


def test_the_deals_are_stepped_through_on_the_board() -> None:
    game = _saved()
    _saved_for("Sam", game)
    review = _review(game)
    at = _open()

    def shown_deal() -> int:
        caption = next(c.value for c in at.caption if c.value.startswith("Deal "))
        return int(caption.split()[1])

    def board() -> str:
        return next(m for m in html_of(at) if "Cribbage board to 121" in m)

    first = review.deals[0]
    assert shown_deal() == 1
    assert f"You {first.scores[0]}, Computer {first.scores[1]}" in board()
    assert isinstance(first.throw, ThrowReview)  # the best throws and the player's, as a table
    deal_details = _deal_details(at, 1)
    (table,) = [m.value for m in deal_details.markdown if m.value.startswith("| Place | Throw |")]
    chosen = first.throw.advice.chosen
    yours = next(row for row in table.splitlines() if "(yours)" in row)
    play = chosen.discard.play
    sign = "" if round(play, 2) == 0 else "+" if play > 0 else "−"
    assert f"| {sign}{abs(play):.2f} | {chosen.discard.net:.2f} |" in yours
    assert "| The play |" in table.splitlines()[0]  # what the four kept peg, a column of its own
    assert len(table.splitlines()) == 2 + len({*first.throw.advice.top, chosen})
    assert at.button(key="review_previous").disabled
    at.button(key="review_next").click().run()
    second = review.deals[1]
    assert shown_deal() == 2
    assert f"You {second.scores[0]}, Computer {second.scores[1]}" in board()
    worst = review.costliest()[0]
    at.button(key="review_see_1").click().run()
    assert shown_deal() == worst.deal_no
    at.pills(key="review_deal_g1").set_value(len(review.deals)).run()
    assert shown_deal() == len(review.deals) and at.button(key="review_next").disabled
    assert not at.exception


def test_practise_this_opens_the_throw_drill_with_that_hand() -> None:
    game = _saved()
    _saved_for("Sam", game)
    throw = next(d for d in _review(game).costliest() if isinstance(d, ThrowReview))
    at = _open()
    n = _review(game).costliest().index(throw) + 1
    at.button(key=f"review_practise_top_{n}").click().run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Practice"]
    run = at.session_state[PRACTICE_STATE].run
    assert isinstance(run, PracticeSet)
    assert run.spec.drill == "discard"
    assert run.spec.tier == ("dealer" if throw.dealer else "pone")
    question = run.question(load_drills())
    assert isinstance(question, DiscardQuestion) and set(question.six) == set(throw.six)
    assert question.dealer == throw.dealer


def test_another_players_game_does_not_open() -> None:
    _saved_for("Bo", _saved("bos-game"))
    _saved_for("Sam", _saved("g1"))
    at = _open("bos-game", name="Sam")
    assert "Your three costliest decisions" not in _subheaders(at)
    assert "There is no game like that among Sam's games" in _texts(at)
    assert not metrics(at) and not at.get("vega_lite_chart")


def test_a_game_still_being_played_is_not_reviewed() -> None:
    playing = saved_row("live", Table.new(PlaySetup("easy", Settings(target=61)), seed=2))
    _saved_for("Sam", playing)
    at = _open("live")
    assert "This game is still being played" in _texts(at)
    assert not metrics(at)


def test_without_a_game_the_page_offers_the_players_own_games() -> None:
    _saved_for("Bo", _saved("bos-game"))
    _saved_for("Sam", _saved("g1"))
    at = _open(None, name="Sam")
    assert "Choose a finished game to review." in _texts(at)
    links = [link.proto for link in at.get("page_link") if link.proto.label == "Review"]
    assert [parse_qs(link.query_string)["game"] for link in links] == [["g1"]]
    nobody = _open(None, name="Cy")
    assert "Finish a game on the Play page" in _texts(nobody)


def test_progress_links_each_finished_game_and_lists_its_points_lost() -> None:
    games = [_saved("g1"), _saved("g2", _play("easy", 61, 3, counting=Counting.MUGGINS))]
    sam, _ = (_saved_for("Sam", game) for game in games)
    reviews_ahead().forget()
    at = AppTest.from_file(APP, default_timeout=60)
    as_player(at, "Sam")
    at.switch_page("ui/views/progress.py").run()
    assert not at.exception, at.exception
    links = [link.proto for link in at.get("page_link") if link.proto.label == "Review"]
    assert sorted(parse_qs(link.query_string)["game"][0] for link in links) == ["g1", "g2"]
    assert all("review" in link.page for link in links)
    reviews_ahead().settle()  # reviewed in the background while the page shows, and kept
    finished = _store().finished_games(sam, method=REVIEW_METHOD)
    assert [g.game_id for g in finished] == ["g2", "g1"]
    assert all(g.lost is not None for g in finished)
    reviews_ahead().forget()
    at.run()  # the next visit charts them ...
    for saved in games:  # ... and has the newest games' reviews worked out ahead, for "Review"
        assert not reviews_ahead().start(saved.record, saved.settings)
    text = _texts(at)
    for game in finished:  # one day's games are a list (a chart once there are two days)
        assert game.lost is not None
        assert (
            f"{'won' if game.status == 'won' else 'lost'}: {round(game.lost.total)} points" in text
        )


def test_the_results_screen_leads_to_the_review() -> None:
    sam = _saved_for("Sam", _saved("g1"))  # finished, its results screen not yet left
    at = AppTest.from_file(APP, default_timeout=60)
    as_player(at, "Sam")
    at.switch_page("ui/views/play.py").run()
    assert not at.exception, at.exception
    at.button(key="play_review").click().run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Game review"]
    assert "Your three costliest decisions" in _subheaders(at)
    assert _store().finished_games(sam, method=REVIEW_METHOD)[0].lost is not None


def test_an_imported_game_is_reviewed_too() -> None:
    """A finished game read back from its record on the Play page is saved as the player's
    own, and its review opens from the results screen and from Progress."""
    text = export_text(_finished())
    at = AppTest.from_file(APP, default_timeout=60)
    sam = as_player(at, "Sam")
    at.switch_page("ui/views/play.py").run()
    at.text_area(key="play_import_text").input(text)
    at.button(key="play_import").click().run()
    assert not at.exception, at.exception
    (game,) = _store().finished_games(sam.id, method=REVIEW_METHOD)
    for _ in range(20):  # the winning hand is shown first, then the results
        keys = [b.key for b in at.button]
        if "play_review" in keys:
            break
        shown = [k for k in keys if k and k.startswith("play_reveal_")]
        at.button(key=shown[-1]).click().run()
    at.button(key="play_review").click().run()
    assert not at.exception, at.exception
    assert "Your three costliest decisions" in _subheaders(at)
    assert at.query_params["game"] == game.game_id
    lost = _store().finished_games(sam.id, method=REVIEW_METHOD)[0].lost
    assert lost is not None
    assert lost.total == pytest.approx(review_game(_finished().game.record()).lost.total)


# --- three and four at the table, first games, learning mode --------------------------------


def _table_game(seats: int, seed: int) -> SavedGame:
    table = _play("hard", 61, seed, counting=Counting.MUGGINS, claim=_short, seats=seats)
    return saved_row(f"table-{seats}", table)


@pytest.mark.parametrize(("seats", "tracks"), [(3, ("You", "Left", "Right")), (4, ("Us", "Them"))])
def test_games_of_three_and_four_are_reviewed(seats: int, tracks: tuple[str, ...]) -> None:
    game = _table_game(seats, 6)
    _saved_for("Sam", game)
    review = review_game(GameRecord.parse(game.record))
    at = _open(game.game_id)
    assert "games of two" not in _texts(at)
    assert _subheaders(at) == ["Your three costliest decisions", "Points lost", "Deal by deal"]
    titles = _titles(at)
    assert titles == [f"**{n}. {title(d)}**" for n, d in enumerate(review.costliest(), start=1)]
    assert f"{seats} players" in _header(at)
    board = next(m for m in html_of(at) if "Cribbage board to 61" in m)
    first = review.deals[0]
    said = ", ".join(f"{name} {score}" for name, score in zip(tracks, first.scores, strict=True))
    assert said in board
    if review.deals[0].throw is not None:
        deal = _deal_details(at, 1)
        (table,) = [m.value for m in deal.markdown if m.value.startswith("| Place | Throw |")]
        assert len(table.splitlines()) == 2 + 5  # the five throws of one card
    at.button(key="review_next").click().run()
    assert not at.exception, at.exception
    assert next(c.value for c in at.caption if c.value.startswith("Deal ")).startswith("Deal 2 ·")
    assert _store().finished_games(_store().profiles()[0].id, method=REVIEW_METHOD)[0].lost


def _header(at: AppTest) -> str:
    """The game in a line, under the page's title."""
    return next(str(c.value) for c in at.caption if " computer · to " in str(c.value))


def _first_game() -> SavedGame:
    """The first rung of the first games (fifteens only, to 31), the learner saying a count
    two short of every hand worth four or more."""
    rung = RUNGS[0]
    for seed in range(1, 40):
        table = Table.new(rung.setup, seed=seed)
        play_on(table, claim=lambda table: _short(right_count(table)))
        review = review_game(table.game.record())
        if table.game.is_over and review.costliest() and review.lost.counts >= 4:
            return saved_row("first-game", table)
    raise AssertionError("no first game with counts missed")


def _no_figures(at: AppTest) -> None:
    """Nothing on the page is a percentage or has a decimal point: its words, its figures,
    what its expanders hold (the first deal's Details and every fold opened) and its charts'
    tooltips."""
    _deal_details(at, 1)
    _unfold(at)
    shown = [
        *(str(m.value) for m in (*at.markdown, *at.caption, *at.success, *at.info)),
        *(f"{m.label} {m.value}" for m in metrics(at)),
    ]
    words = "\n".join(text for text in shown if not text.lstrip().startswith("<"))
    assert "%" not in words
    assert not re.search(r"\d\.\d", words), re.search(r".{40}\d\.\d.{20}", words)
    for chart in at.get("vega_lite_chart"):
        spec = json.loads(chart.proto.spec)
        formats = re.findall(r'"format": "([^"]*)"', json.dumps(spec))
        assert all("." not in f[:2] or f.startswith(".0") for f in formats), formats


def test_a_first_game_s_counts_are_counted_and_said_without_figures() -> None:
    game = _first_game()
    _saved_for("Sam", game)
    review = review_game(GameRecord.parse(game.record))
    top = review.costliest()
    assert top and all(isinstance(d, CountReview) for d in top)  # a first game: counts only
    at = _open(game.game_id)
    figures = {m.label: m.value for m in metrics(at)}
    assert figures["Counts"] == str(round(review.lost.counts)) != "–"
    assert figures["Throws"] == figures["Cards laid"] == "–"  # no crib, no play in this game
    assert "you counted aloud" in _header(at)
    _no_figures(at)
    text = _texts(at)
    assert "The trainer pegged them for you: this game was counted aloud." in text


def test_a_learning_game_s_review_shows_no_percentage_and_no_decimal() -> None:
    table = _play("easy", 61, 5, counting=Counting.ALOUD, claim=_short)
    learning = Table(table.game, table.level, coach=CoachMode.LEARNING)
    game = saved_row("learning", learning)
    assert PlaySetup.parse(game.settings).coach is CoachMode.LEARNING
    _saved_for("Sam", game)
    at = _open("learning")
    _unfold(at, "review_winline_fold")
    assert at.get("vega_lite_chart")  # the chance to win is drawn, in words
    assert _expander(at, "review_winline_table")
    _no_figures(at)

"""The Practice page in AppTest: choosing a set, playing a whole set, claims, the go,
bad input, and sets started by a link or by another page.

The page's words about a link it cannot start, and the coach drills ("Which two do you
throw?", "What would you play?") on the page, are tested here too, in sections of their own."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player, html_of, metrics
from trainer.content.catalog import load_drills
from trainer.engine import parse_cards
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.coach import hint_ranking
from trainer.training.grading import ClaimKind, grade_throw
from trainer.training.questions import (
    DiscardQuestion,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    ShowQuestion,
    deal_question,
)
from trainer.training.records import AttemptIn
from trainer.ui.asking.base import STATE_KEY as PRACTICE_STATE
from trainer.ui.requests import PracticeRequest

REPO = Path(__file__).resolve().parents[2]
PAGE = str(REPO / "trainer" / "ui" / "views" / "practice.py")
APP = str(REPO / "trainer" / "app.py")
CATALOG = load_drills()


def _page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.query_params.update(params)
    at.run()
    assert not at.exception, at.exception
    return at


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + html_of(at) + [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [s.value for s in at.success]
    return "\n".join(str(part) for part in parts)


def _saved() -> list[AttemptIn]:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    return [
        recorded.attempt for profile in store.profiles() for recorded in store.attempts(profile.id)
    ]


def test_the_setup_screen_offers_every_drill_and_starts_a_set() -> None:
    at = _page()
    drill = at.pills(key="practice_pick_drill")
    assert drill.options == [
        "Count the hand",
        "Count the crib",
        "Peg a card",
        "The go",
        "Which two do you throw?",
        "What would you play?",
        "Mixed: a bit of everything",
    ]
    drill.set_value("peg")
    at.run()
    level = at.pills(key="practice_pick_tier_peg")
    assert "Trap bank" in level.options
    level.set_value("traps")
    at.text_input(key="practice_pick_seed").set_value("31")
    at.button(key="practice_start").click()
    at.run()
    assert not at.exception
    assert "Peg a card · Trap bank · seed 31" in _texts(at)
    question = deal_question(DrillType.PEG, "traps", 31, 0, catalog=CATALOG)
    assert isinstance(question, PegQuestion)
    assert f"What does the {question.pile[-1].label} peg?" in _texts(at)
    assert at.query_params["seed"] == "31"


def test_the_seed_and_muggins_wait_behind_more_options() -> None:
    at = _page()
    (more,) = at.expander
    assert more.label == "More options"
    assert [w.label for w in more.text_input] == ["Seed (optional)"]
    assert [w.label for w in more.toggle] == ["Muggins"]
    # what a beginner sees before it: the drill, its level, how to answer, then Start
    assert at.button(key="practice_start").label == "Start"
    assert not [w for w in at.main.text_input if w not in more.text_input]


def test_a_bad_seed_is_refused_on_the_setup_screen() -> None:
    at = _page()
    at.text_input(key="practice_pick_seed").set_value("lucky")
    at.button(key="practice_start").click()
    at.run()
    assert "The seed 'lucky' is not a whole number" in _texts(at)
    assert at.pills(key="practice_pick_drill") is not None


def test_a_whole_set_played_from_a_link() -> None:
    at = _page(drill="hand", tier="beginner", seed="7", length="3")
    for index in range(3):
        question = deal_question(DrillType.HAND, "beginner", 7, index, catalog=CATALOG)
        assert isinstance(question, ShowQuestion)
        assert f"Question {index + 1} of 3" in at.get("progress")[0].proto.text
        at.text_input(key=f"practice_total_{index}").set_value(str(question.total))
        at.button(key=f"FormSubmitter:practice_answer_{index}-Check").click()
        at.run()
        assert not at.exception
        assert [s.value for s in at.success] == [f"Right: {question.total}."]
        assert question.score.cadence()[1:] in _texts(at)
        at.button(key="practice_next").click()
        at.run()
    assert "How you did" in [s.value for s in at.subheader]
    assert metrics(at)[0].value == "3 of 3"
    assert "Accuracy: 3 of 3 right (100%)." in _texts(at)
    saved = _saved()
    assert len(saved) == 3
    assert all(a.correct and a.drill == "hand" and a.seed == 7 for a in saved)


def test_a_right_total_keeps_the_breakdown_one_click_away() -> None:
    """Right: every combination waits behind its expander, sent only once it is opened."""
    question = deal_question(DrillType.HAND, "club", 7, 0, catalog=CATALOG)
    assert isinstance(question, ShowQuestion) and question.score.items
    at = _page(drill="hand", tier="club", seed="7")
    at.text_input(key="practice_total_0").set_value(str(question.total))
    at.button(key="FormSubmitter:practice_answer_0-Check").click()
    at.run()
    assert not at.exception, at.exception
    (every,) = [e for e in at.expander if e.label.startswith("Every combination")]
    assert not every.children
    assert question.score.items[0].describe() not in _texts(at)
    at.session_state["practice_every_combination"] = True
    at.run()
    assert not at.exception, at.exception
    (every,) = [e for e in at.expander if e.label.startswith("Every combination")]
    shown = "\n".join(html_of(every))
    for item in question.score.items:
        assert item.describe() in shown


def test_a_wrong_total_gets_the_whole_breakdown() -> None:
    question = deal_question(DrillType.HAND, "club", 7, 0, catalog=CATALOG)
    assert isinstance(question, ShowQuestion)
    at = _page(drill="hand", tier="club", seed="7")
    at.text_input(key="practice_total_0").set_value(str(question.total - 1))
    at.button(key="FormSubmitter:practice_answer_0-Check").click()
    at.run()
    text = _texts(at)
    assert f"you said {question.total - 1}" in text
    assert "You were one short: one for his nobs" in text
    assert "Every combination" in text
    for item in question.score.items:
        assert item.describe() in text
    (attempt,) = _saved()
    assert attempt.missed == ("nobs",) and attempt.points_off == -1


def test_bad_input_is_refused_and_not_graded() -> None:
    at = _page(drill="hand", tier="beginner", seed="7")
    for text, reason in (
        ("", "it is empty"),
        ("abc", "'abc' is not a number"),
        ("35", "at most 29"),
    ):
        at.text_input(key="practice_total_0").set_value(text)
        at.button(key="FormSubmitter:practice_answer_0-Check").click()
        at.run()
        (error,) = at.error
        assert error.value.startswith("Your total: ") and reason in error.value
        assert at.text_input(key="practice_total_0") is not None
    assert _saved() == []


def _hand(at: AppTest) -> tuple[str, dict[str, Any]]:
    """The tappable hand on the page: its key and what the browser was given."""
    (picker,) = at.get("bidi_component")
    return str(picker.key), json.loads(picker.proto.json)


def _send(at: AppTest, key: str, *events: dict[str, object]) -> None:
    """What the browser does: the whole log of actions so far, as the component's state,
    each new action numbered after the last it sent and the last the page says it took."""
    log = at.session_state[key]["log"] if key in at.session_state else []
    shown, data = _hand(at)
    taken = int(data.get("seen", 0)) if shown == key else 0
    start = max((int(e["seq"]) for e in log), default=taken)
    numbered = [{**event, "seq": start + n} for n, event in enumerate(events, start=1)]
    at.session_state[key] = {"log": [*log, *numbered]}
    at.run()
    assert not at.exception, at.exception


def test_claim_mode_finds_and_misses() -> None:
    # seed 7, question 0 of club: A♥ 3♥ 10♥ J♦ with the 3♦ (a pair and nobs)
    question = deal_question(DrillType.HAND, "club", 7, 0, catalog=CATALOG)
    assert isinstance(question, ShowQuestion)
    assert question.notation() == "AH 3H TH JD | 3D"
    at = _page(drill="hand", tier="club", seed="7", mode="claim", muggins="1")
    key, data = _hand(at)
    assert [card["id"] for card in data["cards"]] == ["AH", "3H", "TH", "JD", "3D"]
    assert data["cards"][4]["tag"] == "starter"
    assert [kind[0] for kind in data["kinds"]] == list(ClaimKind)
    assert not any("<svg" in text for text in _texts(at).splitlines())  # the hand is tappable
    _send(at, key, {"do": "claim", "kind": "pair", "cards": ["3H", "3D"]})
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["AH", "3H", "TH"]})
    _, data = _hand(at)
    assert data["claims"] == ["pair: 3♥ 3♦", "fifteen: A♥ 3♥ 10♥"]
    assert data["total"] == 4 and data["seen"] == 2 and data["message"] == ""
    _send(at, key, {"do": "done"})
    assert at.get("bidi_component") == []  # the question is over: no more taps
    text = _texts(at)
    assert (
        "You found 1 of 2 combinations: 2 of 3 points, and one claim was wrong: "
        "fifteen A♥ 3♥ 10♥." in text
    )
    assert "What you missed" in text and "nobs: J♦ (1)" in text
    assert "- **Fifteen?** A♥ 3♥ 10♥ adds to 14, not 15." in text
    assert text.count("A♥ 3♥ 10♥ adds to") == 1
    assert "Muggins! Your opponent spots the point you missed and pegs it." in text
    (attempt,) = _saved()
    assert attempt.mode == "claim" and set(attempt.missed) == {"nobs", "fifteen"}


def test_every_combination_found_with_a_padded_pair_is_not_right() -> None:
    # seed 7, question 0 of club: A♥ 3♥ 10♥ J♦ with the 3♦ (a pair and nobs)
    at = _page(drill="hand", tier="club", seed="7", mode="claim")
    key, _ = _hand(at)
    _send(
        at,
        key,
        {"do": "claim", "kind": "pair", "cards": ["3H", "3D"]},
        {"do": "claim", "kind": "nobs", "cards": ["JD"]},
        {"do": "claim", "kind": "pair", "cards": ["AH", "3H", "3D"]},
        {"do": "done"},
    )
    assert not at.success and not at.error
    (warning,) = at.warning
    assert warning.value.startswith("All 2 combinations found, but one claim was wrong: pair ")
    assert "A pair royal is three cards of one rank" in _texts(at)
    (attempt,) = _saved()
    assert attempt.correct is False and attempt.missed == ("pair",)


def test_claims_sent_together_are_all_graded_in_order() -> None:
    """Taps made while the page is busy arrive as one longer log: none is lost."""
    question = deal_question(DrillType.HAND, "twenty-plus", 3, 0, catalog=CATALOG)
    assert isinstance(question, ShowQuestion)
    assert question.notation() == "5C TC JC QC | JH"
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    claims: list[dict[str, object]] = [
        {"do": "claim", "kind": "fifteen", "cards": ["5C", other]}
        for other in ("TC", "JC", "JH", "QC")
    ]
    claims.append({"do": "claim", "kind": "fifteen", "cards": ["JC"]})  # refused
    claims.append({"do": "claim", "kind": "double run", "cards": ["TC", "JC", "QC", "JH"]})
    claims.append({"do": "claim", "kind": "flush", "cards": ["5C", "TC", "JC", "QC"]})
    _send(at, key, *claims, {"do": "undo"}, claims[-1], {"do": "done"})
    (success,) = at.success
    assert success.value == "Right: every combination found, 20 in all."
    (attempt,) = _saved()
    assert attempt.correct and attempt.points_off == 0
    assert "double run TC JC QC JH" in attempt.answer


def test_undo_takes_back_the_claim_the_learner_sees_and_only_that() -> None:
    """A fifteen claimed; then one card claimed as a fifteen (refused) and Undo pressed at
    once, while the list still showed that claim: the undo names it, so the fifteen before
    it stays. An undo naming a claim that was counted takes that one back."""
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "TC"]})
    _send(
        at,
        key,
        {"do": "claim", "kind": "fifteen", "cards": ["JC"]},
        {"do": "undo", "kind": "fifteen", "cards": ["JC"]},
    )
    _, data = _hand(at)
    assert data["claims"] == ["fifteen: 5♣ 10♣"]
    assert data["claimed"] == [["fifteen", ["5C", "TC"]]]
    _send(at, key, {"do": "undo", "kind": "fifteen", "cards": ["TC", "5C"]})
    _, data = _hand(at)
    assert data["claims"] == []
    _send(at, key, {"do": "undo"})
    _, data = _hand(at)
    assert data["message"] == "There is no claim to undo."


def test_claims_in_progress_survive_a_reload() -> None:
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(
        at,
        key,
        {"do": "claim", "kind": "fifteen", "cards": ["5C", "TC"]},
        {"do": "claim", "kind": "double run", "cards": ["TC", "JC", "QC", "JH"]},
    )
    address = {k: str(v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    again = AppTest.from_file(PAGE, default_timeout=30)  # a reload, or after a restart
    again.query_params.update(address)
    again.run()
    assert not again.exception, again.exception
    key_again, data = _hand(again)
    assert data["claims"] == ["fifteen: 5♣ 10♣", "double run: 10♣ J♣ Q♣ J♥"]
    _send(again, key_again, {"do": "done"})
    (attempt,) = _saved()
    assert "fifteen 5C TC" in attempt.answer
    assert "double run TC JC QC JH" in attempt.answer
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    with sqlite3.connect(store.path) as conn:  # graded: the draft is gone
        assert conn.execute("SELECT COUNT(*) FROM drafts").fetchone() == (0,)


def test_a_claim_the_browser_sends_again_after_a_restart_counts_once() -> None:
    """The server died before the browser heard that its last claim was taken: the new
    session reads the claim back from the kept draft, and the browser sends it again (the
    same numbered tap). It is listed once, and the next tap is acted on."""
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "TC"]})
    resent = at.session_state[key]["log"]
    address = {k: str(v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    again = AppTest.from_file(PAGE, default_timeout=30)
    again.query_params.update(address)
    again.run()
    key_again, data = _hand(again)
    assert key_again == key and data["seen"] == 1
    assert data["claims"] == ["fifteen: 5♣ 10♣"]
    again.session_state[key] = {"log": resent}
    again.run()
    _, data = _hand(again)
    assert data["claims"] == ["fifteen: 5♣ 10♣"]
    _send(again, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "JC"]})
    _, data = _hand(again)
    assert data["claims"] == ["fifteen: 5♣ 10♣", "fifteen: 5♣ J♣"] and data["seen"] == 2


def test_thats_everything_grades_the_claims_the_learner_saw() -> None:
    """After a restart the page may have lost the claims it had (here: a new session, the
    kept draft gone too); "That's everything" names what the list showed, and those are
    graded, never an empty list. A listed claim that cannot be a combination is left out."""
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "TC"]})
    address = {k: str(v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}
    with sqlite3.connect(os.environ["CRIBBAGE_TRAINER_DB"]) as conn:
        conn.execute("DELETE FROM drafts")
    conn.close()
    again = AppTest.from_file(PAGE, default_timeout=30)
    again.query_params.update(address)
    again.run()
    key_again, data = _hand(again)
    assert data["claims"] == []  # this session knows nothing of the claim
    listed = [["fifteen", ["5C", "TC"]], ["fifteen", ["JC"]], ["flush", ["5C", "TC", "JC", "QC"]]]
    _send(again, key_again, {"do": "done", "claims": listed})
    (attempt,) = _saved()
    assert attempt.answer == "fifteen 5C TC; flush 5C TC JC QC"


def test_a_claim_that_cannot_be_a_combination_is_refused_with_its_reason() -> None:
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["JC"]})
    _, data = _hand(at)
    assert data["claims"] == [] and data["tone"] == "error"
    assert data["message"] == (
        "Not counted: fifteen J♣. One card is never a fifteen: "
        "a fifteen is two or more cards that add up to 15."
    )
    _send(at, key, {"do": "claim", "kind": "nobs", "cards": ["JC", "JH"]})
    _, data = _hand(at)
    assert "Two cards are never a nobs" in str(data["message"])
    _send(at, key, {"do": "claim", "kind": "pair", "cards": ["JC", "JH"]})
    _, data = _hand(at)
    assert data["claims"] == ["pair: J♣ J♥"] and data["message"] == ""


def test_what_the_browser_sends_is_checked() -> None:
    at = _page(drill="hand", tier="twenty-plus", seed="3", mode="claim")
    key, _ = _hand(at)
    _send(
        at,
        key,
        {"do": "claim", "kind": "pair", "cards": ["JC", "KS"]},
        {"do": "lay", "cards": ["JC"]},
    )
    _, data = _hand(at)
    assert data["claims"] == []
    assert "the card 'KS', which is not on offer" in str(data["message"])
    assert "an action 'lay' that this hand does not offer" in str(data["message"])
    at.session_state[key] = {"log": "nonsense"}
    at.run()
    assert not at.exception
    assert _saved() == []


def test_the_go_is_answered_with_choices() -> None:
    question = deal_question(DrillType.GO, "club", 3, 0, catalog=CATALOG)
    assert isinstance(question, GoQuestion)
    at = _page(drill="go", tier="club", seed="3")
    at.button(key="FormSubmitter:practice_go_0-Check").click()
    at.run()
    assert "Who pegs?: choose you or your opponent." in _texts(at)
    at.radio(key="practice_go_scorer_0").set_value(question.scorer)
    at.radio(key="practice_go_choice_0").set_value(question.reason)
    leader = {0: "you", 1: "opponent", None: "nobody"}[question.next_leader]
    at.radio(key="practice_go_leader_0").set_value(leader)
    at.button(key="FormSubmitter:practice_go_0-Check").click()
    at.run()
    (success,) = at.success
    assert success.value.startswith("Right: ") and "peg" in success.value
    assert "laid the last card" in _texts(at)


def test_another_page_can_start_a_set() -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.session_state["_practice_request_from_a_page"] = PracticeRequest("crib", "traps", seed=5)
    at.run()
    assert "Count the crib · Trap bank · seed 5" in _texts(at)
    assert "_practice_request_from_a_page" not in at.session_state  # acted on once
    assert "Count the crib" in _texts(at)


def test_mixed_sets_follow_the_weights() -> None:
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.session_state["_practice_weights"] = {("peg", "traps"): 1.0}
    at.query_params.update({"drill": "mixed", "seed": "4"})
    at.run()
    assert "Mixed drills (your weak spots) · seed 4" in _texts(at)
    question = deal_question(DrillType.PEG, "traps", 4, 0, catalog=CATALOG)
    assert isinstance(question, PegQuestion)
    assert f"What does the {question.pile[-1].label} peg?" in _texts(at)


def test_a_bad_link_says_why_and_shows_the_choices() -> None:
    at = _page(drill="hand", tier="grandmaster")
    assert "no level called 'grandmaster'" in at.error[0].value
    assert at.pills(key="practice_pick_drill") is not None


def test_stopping_a_set_goes_back_to_the_choices() -> None:
    at = _page(drill="peg", tier="beginner", seed="1")
    at.button(key="practice_stop").click()
    at.run()
    assert at.pills(key="practice_pick_drill") is not None
    assert "drill" not in at.query_params


def test_the_page_runs_inside_the_app() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    as_player(at)
    at.run()
    at.switch_page("ui/views/practice.py")
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Practice"]


def test_the_go_drill_draws_the_series_and_the_cards_left() -> None:
    question = deal_question(DrillType.GO, "club", 2, 0, catalog=CATALOG)
    assert isinstance(question, GoQuestion)
    at = _page(drill="go", tier="club", seed="2")
    svgs = [m for m in html_of(at) if m.startswith("<img")]
    series = svgs[0]
    assert series.count("<g ") == 5 and ">go</text>" in series  # five cards and the go
    assert "The series in order: Opponent: 7♣, count 7; You: 4♣, count 11" in series
    assert "You: go, count 30" in series
    mine, theirs = question.hands_after
    assert [str(card) for card in mine] == ["9D", "2C"] and [str(c) for c in theirs] == ["JD"]
    assert any("Cards: nine of diamonds, two of clubs" in svg for svg in svgs[1:])
    assert any("Cards: jack of diamonds" in svg for svg in svgs[1:])


def test_a_rerun_carrying_the_link_as_first_typed_keeps_the_set_running() -> None:
    """The browser can send a rerun with the address it had before the page rewrote it
    (a tap right after the first load): the set and the claims under way are kept."""
    link = {"drill": "hand", "tier": "twenty-plus", "seed": "3", "mode": "claim", "length": "2"}
    at = _page(**link)
    key, _ = _hand(at)
    run = at.session_state[PRACTICE_STATE].run
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "TC"]})
    assert dict(at.query_params)["set"] == run.set_id
    at.query_params.clear()
    at.query_params.update(link)  # the address as it was before the page added set= and q=
    _send(at, key, {"do": "claim", "kind": "fifteen", "cards": ["5C", "JC"]})
    same = at.session_state[PRACTICE_STATE].run
    assert same.set_id == run.set_id
    assert [claim.cards for claim in same.claims] == [
        parse_cards("5C TC"),
        parse_cards("5C JC"),
    ]
    _, data = _hand(at)
    assert data["claims"] == ["fifteen: 5♣ 10♣", "fifteen: 5♣ J♣"]
    # another link is another set
    at.query_params.clear()
    at.query_params.update({**link, "seed": "4"})
    at.run()
    assert at.session_state[PRACTICE_STATE].run.spec.seed == 4


# --- a link the page cannot start ------------------------------------------------------------
# The Practice page's words about a link it cannot start: what the link asked for is shown as plain
# text, never as Markdown (no live link, no image fetched), and cut short.


#: A Markdown character left unescaped: what makes text a link, an image or HTML.
LIVE = re.compile(r"(?<!\\)[\[\]()!<>]")


def _as_shown(markdown: str) -> str:
    """What the reader sees: backslash escapes undone, invisible word joiners left out."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def _refusal(**params: str) -> str:
    at = AppTest.from_file(PAGE, default_timeout=30)
    as_player(at)
    at.query_params.update(params)
    at.run()
    assert not at.exception, at.exception
    (error,) = at.error
    return str(error.value)


@pytest.mark.parametrize(
    "asked",
    [
        "[log in here](http://example.com/login)",
        "![x](http://example.com/pixel.png)",
        "<img src=http://example.com/pixel.png>",
        "**bold** :red[red] $x$",
        "www.example.com",
        "me@example.com",
    ],
    ids=["link", "image", "html", "emphasis", "bare-address", "email"],
)
def test_what_a_link_asks_for_is_shown_as_typed(asked: str) -> None:
    shown = _refusal(drill=asked)
    assert LIVE.search(shown) is None, shown
    assert _as_shown(shown).startswith(f"There is no drill called {asked!r}")
    assert not re.search(r"https?:|www\\?\.|[\w.]@", shown)  # nothing an autolink could take


def test_a_level_asked_for_is_shown_as_typed_too() -> None:
    shown = _refusal(drill="hand", tier="[x](http://example.com)")
    assert LIVE.search(shown) is None, shown
    assert "no level called" in shown


def test_a_huge_parameter_is_cut_short() -> None:
    shown = _refusal(drill="x" * 100_000)
    unescaped = _as_shown(shown)
    assert len(unescaped) == 300  # the page's LONGEST_REFUSAL (importing a page runs it)
    assert unescaped.startswith("There is no drill called 'xxx")
    assert unescaped.endswith("x…")


# --- the coach drills ------------------------------------------------------------------------
# The coach drills on the Practice page in AppTest: "Which two do you throw?" and "What would you
# play?" chosen on the setup or opened by a link, answered by tapping cards, graded and explained,
# saved under the player, and bad links and tampered taps refused.


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _coach_page(player: str | None = None, **params: str) -> AppTest:
    """The page opened by a link, on its own as the device's first player (see
    :func:`tests.apptest.as_player`); with a ``player``, inside the app, where the player
    named in the address is the one practising."""
    if player is None:
        at = AppTest.from_file(PAGE, default_timeout=60)
        as_player(at)
        at.query_params.update(params)
        at.run()
    else:
        at = AppTest.from_file(APP, default_timeout=60)
        at.query_params.update({**params, "player": player})
        at.run()
        at.switch_page("ui/views/practice.py")
        at.run()
        assert at.query_params["player"].startswith(f"{player}-")
    assert not at.exception, at.exception
    return at


def _coach_texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown if not str(m.value).startswith("<svg")]
    parts += [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [s.value for s in at.success]
    return "\n".join(str(part) for part in parts)


def _cards(at: AppTest) -> tuple[str, dict[str, object]]:
    """The tappable cards on the page: their key and what the browser was given."""
    (picker,) = at.get("bidi_component")
    return str(picker.key), json.loads(picker.proto.json)


def _coach_send(at: AppTest, key: str, *events: dict[str, object]) -> None:
    """What the browser does: the whole log of actions so far, as the component's state."""
    log = at.session_state[key]["log"] if key in at.session_state else []
    start = max((int(e["seq"]) for e in log), default=0)
    numbered = [{**event, "seq": start + n} for n, event in enumerate(events, start=1)]
    at.session_state[key] = {"log": [*log, *numbered]}
    at.run()
    assert not at.exception, at.exception


def _coach_saved(profile_id: int) -> list[AttemptIn]:
    return [recorded.attempt for recorded in _store().attempts(profile_id)]


def _discard(tier: str, seed: int, index: int = 0) -> DiscardQuestion:
    question = deal_question(DrillType.DISCARD, tier, seed, index, catalog=CATALOG)
    assert isinstance(question, DiscardQuestion)
    return question


def _play(tier: str, seed: int, index: int = 0) -> PlayQuestion:
    question = deal_question(DrillType.PLAY, tier, seed, index, catalog=CATALOG)
    assert isinstance(question, PlayQuestion)
    return question


def test_the_setup_offers_both_coach_drills_with_their_levels() -> None:
    at = _coach_page()
    drill = at.pills(key="practice_pick_drill")
    assert "Which two do you throw?" in drill.options
    assert "What would you play?" in drill.options
    drill.set_value("discard")
    at.run()
    level = at.pills(key="practice_pick_tier_discard")
    assert level.options == [
        "Your crib (you deal)",
        "Their crib (you are the pone)",
        "Every level, mixed",
    ]
    assert not [r for r in at.radio if r.key == "practice_pick_mode"]  # nothing to type
    level.set_value("pone")
    at.text_input(key="practice_pick_seed").set_value("4")
    at.button(key="practice_start").click()
    at.run()
    assert not at.exception
    assert "Which two do you throw? · Their crib (you are the pone) · seed 4" in _coach_texts(at)
    assert "Which two do you throw into the dealer's crib (you are the pone)?" in _coach_texts(at)
    assert at.query_params["drill"] == "discard" and at.query_params["tier"] == "pone"


def test_the_best_throw_from_a_link_is_right_and_saved_under_the_player() -> None:
    store = _store()
    sam, kim = store.create_profile("Sam"), store.create_profile("Kim")
    question = _discard("dealer", 3)
    best = hint_ranking(question.six, dealer=True, top=1)[0].discard.throw
    at = _coach_page(player=str(kim.id), drill="discard", tier="dealer", seed="3", length="2")
    key, data = _cards(at)
    assert data["mode"] == "pick" and data["need"] == 2 and data["confirm"] == "Throw these"
    assert [card["id"] for card in data["cards"]] == [str(c) for c in question.six]  # type: ignore[attr-defined]
    _coach_send(at, key, {"do": "pick", "cards": [str(c) for c in best]})
    assert at.get("bidi_component") == []  # answered: no more taps
    (success,) = at.success
    assert success.value == "Right: that is the best throw."
    text = _coach_texts(at)
    assert "##### The throws, best first" in text
    assert f"**1\\. throw {best[0].label} {best[1].label}, keep" in text  # yours, in bold
    assert "(yours)" in text and "plus what your crib scores" in text
    (attempt,) = _coach_saved(kim.id)
    assert (attempt.drill, attempt.tier, attempt.seed, attempt.correct) == (
        "discard",
        "dealer",
        3,
        True,
    )
    assert attempt.missed == () and attempt.question == question.notation()
    assert _coach_saved(sam.id) == []


def test_a_poor_throw_says_the_points_it_loses_and_is_recorded_as_missed() -> None:
    kim = _store().create_profile("Kim")
    question = _discard("pone", 4)
    ranking = hint_ranking(question.six, dealer=False, top=15)
    worst = ranking[-1]
    at = _coach_page(player=str(kim.id), drill="discard", tier="pone", seed="4", length="1")
    key, _ = _cards(at)
    _coach_send(at, key, {"do": "pick", "cards": [str(c) for c in worst.discard.throw]})
    (error,) = at.error
    lost = ranking[0].discard.net - worst.discard.net
    assert error.value.startswith("Not quite: that throw is number 15 of 15; it costs ")
    assert f"{lost:.2f} a deal" in error.value
    text = _coach_texts(at)
    assert "Best: " in text and "Yours: " in text
    assert "minus what the dealer's crib scores" in text
    assert "**15\\. throw" in text and "(yours)" in text  # shown with the top five
    (attempt,) = _coach_saved(kim.id)
    assert attempt.missed == ("discard",) and attempt.points_off == -round(lost)
    at.button(key="practice_next").click()
    at.run()
    assert "How you did" in [s.value for s in at.subheader]
    assert metrics(at)[0].value == "0 of 1"
    assert "Missed most: the throw to the crib (1)." in _coach_texts(at)


def test_a_tampered_throw_of_three_cards_is_refused_and_nothing_is_saved() -> None:
    kim = _store().create_profile("Kim")
    question = _discard("dealer", 3)
    at = _coach_page(player=str(kim.id), drill="discard", tier="dealer", seed="3")
    key, _ = _cards(at)
    _coach_send(at, key, {"do": "pick", "cards": [str(c) for c in question.six[:3]]})
    _, data = _cards(at)  # the question is still open
    assert data["tone"] == "error"
    assert data["message"] == "Choose exactly two of your six cards to throw, not 3."
    _coach_send(at, key, {"do": "pick", "cards": [str(question.six[0]), "ZZ"]})
    _, data = _cards(at)
    assert "the card 'ZZ', which is not on offer" in str(data["message"])
    assert _coach_saved(kim.id) == []


def test_the_best_card_to_lay_is_right_and_saved() -> None:
    kim = _store().create_profile("Kim")
    question = _play("clear", 3)
    at = _coach_page(player=str(kim.id), drill="play", tier="clear", seed="3", length="2")
    text = _coach_texts(at)
    assert question.prompt() in text
    assert f"The starter is the **{question.starter.label}**." in text
    key, data = _cards(at)
    assert data["mode"] == "lay"
    assert [card["id"] for card in data["cards"]] == [str(c) for c in question.hand]  # type: ignore[attr-defined]
    best = question.options[0].card
    _coach_send(at, key, {"do": "lay", "cards": [str(best)]})
    (success,) = at.success
    assert success.value == f"Right: the {best.label} is the best card here."
    assert "##### Every card you could lay, best first" in _coach_texts(at)
    assert f"- {best.label}: pegs {question.options[0].points}" in _coach_texts(at)
    (attempt,) = _coach_saved(kim.id)
    assert (attempt.drill, attempt.tier, attempt.answer, attempt.correct) == (
        "play",
        "clear",
        str(best),
        True,
    )


def test_a_poor_card_says_what_it_gives_away_and_a_card_past_31_cannot_be_laid() -> None:
    kim = _store().create_profile("Kim")
    question = _play("close", 8)
    assert question.notation() == "2D 7D 9H | TC 5D 8C | 5D | TC 8C | AS"
    at = _coach_page(player=str(kim.id), drill="play", tier="close", seed="8", length="1")
    key, data = _cards(at)
    offs = {card["id"]: card["off"] for card in data["cards"]}  # type: ignore[attr-defined]
    assert offs["9H"] == "it would make the count 32, past 31" and offs["7D"] == ""
    _coach_send(at, key, {"do": "lay", "cards": ["9H"]})  # a greyed card, sent anyway
    _, data = _cards(at)
    assert "the 9♥, which cannot be chosen" in str(data["message"])
    worst, best = question.options[-1], question.options[0]
    _coach_send(at, key, {"do": "lay", "cards": [str(worst.card)]})
    (error,) = at.error
    lost = best.net - worst.net
    assert error.value == (
        f"Not quite: the {best.card.label} was better. The {worst.card.label} gives away "
        f"{lost:.2f} points on average."
    )
    (attempt,) = _coach_saved(kim.id)
    assert attempt.missed == ("play",) and not attempt.correct


def test_a_link_with_a_level_the_coach_does_not_deal_is_refused() -> None:
    at = _coach_page(drill="discard", tier="expert", seed="3")
    assert "The discard drill has no level called 'expert'; choose one of dealer, pone" in (
        at.error[0].value
    )
    assert at.pills(key="practice_pick_drill") is not None
    at = _coach_page(drill="play", tier="close", seed="x")
    assert "The seed 'x' is not a whole number" in at.error[0].value


def test_progress_names_the_coach_drills_and_practise_this_opens_one() -> None:
    store = _store()
    ann = store.create_profile("Ann")
    question = _discard("pone", 4)
    worst = hint_ranking(question.six, dealer=False, top=15)[-1].discard.throw
    wrong = grade_throw(question, worst, seconds=30.0).attempt()
    store.add_attempts(ann.id, [wrong] * 6)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["player"] = str(ann.id)
    at.run()
    at.switch_page("ui/views/progress.py")
    at.run()
    assert not at.exception, at.exception
    text = "\n".join(str(m.value) for m in (*at.markdown, *at.caption))
    text = re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")  # as the reader sees it
    assert "**Which two do you throw? · Their crib (you are the pone)**" in text
    assert "most often missed: the throw to the crib" in text
    next(b for b in at.button if b.label == "Practise this").click().run()
    assert not at.exception, at.exception
    assert (at.query_params["drill"], at.query_params["tier"]) == ("discard", "pone")
    _, data = _cards(at)
    assert data["mode"] == "pick"

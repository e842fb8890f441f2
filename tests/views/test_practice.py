"""The Practice page in AppTest: choosing a set, playing a whole set, claims, the go,
bad input, and sets started by a link or by another page.

The page's words about a link it cannot start are tested here too, in a section of their own."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from trainer.content.catalog import load_drills
from trainer.engine import parse_cards
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.grading import ClaimKind
from trainer.training.questions import GoQuestion, PegQuestion, ShowQuestion, deal_question
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
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [s.value for s in at.success]
    return "\n".join(str(part) for part in parts)


def _saved() -> list[AttemptIn]:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    return [
        recorded.attempt for profile in store.profiles() for recorded in store.attempts(profile.id)
    ]


def test_the_setup_screen_offers_every_drill_and_starts_a_set() -> None:
    at = _page()
    drill = at.selectbox(key="practice_pick_drill")
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
    level = at.selectbox(key="practice_pick_tier_peg")
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
    assert at.selectbox(key="practice_pick_drill") is not None


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
    assert at.metric[0].value == "3 of 3"
    assert "Accuracy: 3 of 3 right (100%)." in _texts(at)
    saved = _saved()
    assert len(saved) == 3
    assert all(a.correct and a.drill == "hand" and a.seed == 7 for a in saved)


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
    assert at.selectbox(key="practice_pick_drill") is not None


def test_stopping_a_set_goes_back_to_the_choices() -> None:
    at = _page(drill="peg", tier="beginner", seed="1")
    at.button(key="practice_stop").click()
    at.run()
    assert at.selectbox(key="practice_pick_drill") is not None
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
    svgs = [m.value for m in at.markdown if m.value.startswith("<svg")]
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

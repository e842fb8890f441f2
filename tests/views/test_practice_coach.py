"""The coach drills on the Practice page in AppTest: "Which two do you throw?" and "What
would you play?" chosen on the setup or opened by a link, answered by tapping cards,
graded and explained, saved under the player, and bad links and tampered taps refused."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.apptest import as_player
from trainer.content.catalog import load_drills
from trainer.engine.skills import DrillType
from trainer.progress.store import Store
from trainer.training.coach import hint_ranking
from trainer.training.grading import grade_throw
from trainer.training.questions import DiscardQuestion, PlayQuestion, deal_question
from trainer.training.records import AttemptIn

REPO = Path(__file__).resolve().parents[2]
PAGE = str(REPO / "trainer" / "ui" / "views" / "practice.py")
APP = str(REPO / "trainer" / "app.py")
CATALOG = load_drills()


def _store() -> Store:
    return Store.open(os.environ["CRIBBAGE_TRAINER_DB"])


def _page(player: str | None = None, **params: str) -> AppTest:
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


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown if not str(m.value).startswith("<svg")]
    parts += [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [s.value for s in at.success]
    return "\n".join(str(part) for part in parts)


def _cards(at: AppTest) -> tuple[str, dict[str, object]]:
    """The tappable cards on the page: their key and what the browser was given."""
    (picker,) = at.get("bidi_component")
    return str(picker.key), json.loads(picker.proto.json)


def _send(at: AppTest, key: str, *events: dict[str, object]) -> None:
    """What the browser does: the whole log of actions so far, as the component's state."""
    log = at.session_state[key]["log"] if key in at.session_state else []
    start = max((int(e["seq"]) for e in log), default=0)
    numbered = [{**event, "seq": start + n} for n, event in enumerate(events, start=1)]
    at.session_state[key] = {"log": [*log, *numbered]}
    at.run()
    assert not at.exception, at.exception


def _saved(profile_id: int) -> list[AttemptIn]:
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
    at = _page()
    drill = at.selectbox(key="practice_pick_drill")
    assert "Which two do you throw?" in drill.options
    assert "What would you play?" in drill.options
    drill.set_value("discard")
    at.run()
    level = at.selectbox(key="practice_pick_tier_discard")
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
    assert "Which two do you throw? · Their crib (you are the pone) · seed 4" in _texts(at)
    assert "Which two do you throw into the dealer's crib (you are the pone)?" in _texts(at)
    assert at.query_params["drill"] == "discard" and at.query_params["tier"] == "pone"


def test_the_best_throw_from_a_link_is_right_and_saved_under_the_player() -> None:
    store = _store()
    sam, kim = store.create_profile("Sam"), store.create_profile("Kim")
    question = _discard("dealer", 3)
    best = hint_ranking(question.six, dealer=True, top=1)[0].discard.throw
    at = _page(player=str(kim.id), drill="discard", tier="dealer", seed="3", length="2")
    key, data = _cards(at)
    assert data["mode"] == "pick" and data["need"] == 2 and data["confirm"] == "Throw these"
    assert [card["id"] for card in data["cards"]] == [str(c) for c in question.six]  # type: ignore[attr-defined]
    _send(at, key, {"do": "pick", "cards": [str(c) for c in best]})
    assert at.get("bidi_component") == []  # answered: no more taps
    (success,) = at.success
    assert success.value == "Right: that is the best throw."
    text = _texts(at)
    assert "##### The throws, best first" in text
    assert f"**1\\. throw {best[0].label} {best[1].label}, keep" in text  # yours, in bold
    assert "(yours)" in text and "plus what your crib scores" in text
    (attempt,) = _saved(kim.id)
    assert (attempt.drill, attempt.tier, attempt.seed, attempt.correct) == (
        "discard",
        "dealer",
        3,
        True,
    )
    assert attempt.missed == () and attempt.question == question.notation()
    assert _saved(sam.id) == []


def test_a_poor_throw_says_the_points_it_loses_and_is_recorded_as_missed() -> None:
    kim = _store().create_profile("Kim")
    question = _discard("pone", 4)
    ranking = hint_ranking(question.six, dealer=False, top=15)
    worst = ranking[-1]
    at = _page(player=str(kim.id), drill="discard", tier="pone", seed="4", length="1")
    key, _ = _cards(at)
    _send(at, key, {"do": "pick", "cards": [str(c) for c in worst.discard.throw]})
    (error,) = at.error
    lost = ranking[0].discard.net - worst.discard.net
    assert error.value.startswith("Not quite: that throw is number 15 of 15; it costs ")
    assert f"{lost:.2f} a deal" in error.value
    text = _texts(at)
    assert "Best: " in text and "Yours: " in text
    assert "minus what the dealer's crib scores" in text
    assert "**15\\. throw" in text and "(yours)" in text  # shown with the top five
    (attempt,) = _saved(kim.id)
    assert attempt.missed == ("discard",) and attempt.points_off == -round(lost)
    at.button(key="practice_next").click()
    at.run()
    assert "How you did" in [s.value for s in at.subheader]
    assert at.metric[0].value == "0 of 1"
    assert "Missed most: the throw to the crib (1)." in _texts(at)


def test_a_tampered_throw_of_three_cards_is_refused_and_nothing_is_saved() -> None:
    kim = _store().create_profile("Kim")
    question = _discard("dealer", 3)
    at = _page(player=str(kim.id), drill="discard", tier="dealer", seed="3")
    key, _ = _cards(at)
    _send(at, key, {"do": "pick", "cards": [str(c) for c in question.six[:3]]})
    _, data = _cards(at)  # the question is still open
    assert data["tone"] == "error"
    assert data["message"] == "Choose exactly two of your six cards to throw, not 3."
    _send(at, key, {"do": "pick", "cards": [str(question.six[0]), "ZZ"]})
    _, data = _cards(at)
    assert "the card 'ZZ', which is not on offer" in str(data["message"])
    assert _saved(kim.id) == []


def test_the_best_card_to_lay_is_right_and_saved() -> None:
    kim = _store().create_profile("Kim")
    question = _play("clear", 3)
    at = _page(player=str(kim.id), drill="play", tier="clear", seed="3", length="2")
    text = _texts(at)
    assert question.prompt() in text
    assert f"The starter is the **{question.starter.label}**." in text
    key, data = _cards(at)
    assert data["mode"] == "lay"
    assert [card["id"] for card in data["cards"]] == [str(c) for c in question.hand]  # type: ignore[attr-defined]
    best = question.options[0].card
    _send(at, key, {"do": "lay", "cards": [str(best)]})
    (success,) = at.success
    assert success.value == f"Right: the {best.label} is the best card here."
    assert "##### Every card you could lay, best first" in _texts(at)
    assert f"- {best.label}: pegs {question.options[0].points}" in _texts(at)
    (attempt,) = _saved(kim.id)
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
    at = _page(player=str(kim.id), drill="play", tier="close", seed="8", length="1")
    key, data = _cards(at)
    offs = {card["id"]: card["off"] for card in data["cards"]}  # type: ignore[attr-defined]
    assert offs["9H"] == "it would make the count 32, past 31" and offs["7D"] == ""
    _send(at, key, {"do": "lay", "cards": ["9H"]})  # a greyed card, sent anyway
    _, data = _cards(at)
    assert "the 9♥, which cannot be chosen" in str(data["message"])
    worst, best = question.options[-1], question.options[0]
    _send(at, key, {"do": "lay", "cards": [str(worst.card)]})
    (error,) = at.error
    lost = best.net - worst.net
    assert error.value == (
        f"Not quite: the {best.card.label} was better. The {worst.card.label} gives away "
        f"{lost:.2f} points on average."
    )
    (attempt,) = _saved(kim.id)
    assert attempt.missed == ("play",) and not attempt.correct


def test_a_link_with_a_level_the_coach_does_not_deal_is_refused() -> None:
    at = _page(drill="discard", tier="expert", seed="3")
    assert "The discard drill has no level called 'expert'; choose one of dealer, pone" in (
        at.error[0].value
    )
    assert at.selectbox(key="practice_pick_drill") is not None
    at = _page(drill="play", tier="close", seed="x")
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

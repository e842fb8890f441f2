"""The coaches: discard advice, pegging notes and the coach drills, on hand-worked examples."""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

from tests.reference import naive_show
from trainer.analysis import Level, analyse_discards, analyse_play
from trainer.bench.playing import play_on
from trainer.engine import DECK, Card, Kind, parse_cards
from trainer.training.coach import (
    NEAR_TIE,
    DiscardAdvice,
    PlayNote,
    discard_advice,
    discard_reasons,
    hint_ranking,
    one_card_advice,
    one_card_ranking,
    play_note,
)
from trainer.training.questions.coached import (
    DISCARD_TIERS,
    PLAY_TIERS,
    deal_discard_question,
    deal_play_question,
    grade_discard,
    grade_play,
)
from trainer.training.records import AttemptIn


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def card(text: str) -> Card:
    return cards(text)[0]


# --- reasons -----------------------------------------------------------------------------


def codes(throw: str, keep: str, *, dealer: bool) -> dict[str, str]:
    return {r.code: r.text for r in discard_reasons(cards(throw), cards(keep), dealer=dealer)}


def test_keeps_the_double_run() -> None:
    found = codes("KD QC", "3H 4D 4C 5S", dealer=True)
    assert found["double-run"] == "keeps the double run"
    assert found["pair"] == "keeps a pair of fours"
    assert "fifteens" not in found and "run" not in found


def test_keeps_a_run_of_four_and_its_fifteens() -> None:
    found = codes("KD 2C", "6H 7D 8C 9S", dealer=False)
    assert found["run"] == "keeps a run of four"
    assert found["fifteens"] == "keeps fifteen-four"  # 6+9 and 7+8


def test_keeps_fifteen_six() -> None:
    found = codes("2D 8C", "5H KD QC TS", dealer=True)
    assert found["fifteens"] == "keeps fifteen-six"  # the 5 with each of K, Q and 10
    assert "run" not in found  # 10 Q K is no run


def test_keeps_three_of_a_kind_and_their_fifteens() -> None:
    found = codes("2D 9C", "5H 5D 5C JS", dealer=True)
    assert found["pair-royal"] == "keeps three fives"
    assert found["fifteens"] == "keeps fifteen-eight"  # 5+5+5 and J with each five
    assert found["nobs"] == "keeps the jack for nobs"
    assert "pair" not in found


def test_keeps_pairs_flush_and_nothing_for_a_lone_jack_of_no_use() -> None:
    assert codes("2D 9C", "8H 8S 2C KD", dealer=True)["pair"] == "keeps a pair of eights"
    assert "two-pairs" in codes("2D 9C", "8H 8S KC KD", dealer=True)
    flush = codes("KD 5C", "2H 6H 9H QH", dealer=True)
    assert flush["flush"] == "keeps a flush"
    assert "flush" not in codes("KD 5C", "2H 6H 9H QS", dealer=True)
    assert "nobs" not in codes("JD 5C", "2H 6H 9H QS", dealer=True)


def test_a_pair_of_sixes_is_spelled_right() -> None:
    assert codes("2D 9C", "6H 6S 2C KD", dealer=True)["pair"] == "keeps a pair of sixes"


def test_crib_reasons_for_the_dealer() -> None:
    found = codes("5H 5D", "AS 2C 9D KD", dealer=True)
    assert found["crib-pair"] == "gives your own crib a pair of fives"
    assert "crib-five" not in found
    assert codes("7H 8D", "AS 2C 9D KD", dealer=True)["crib-fifteen"] == (
        "gives your own crib fifteen-two"
    )
    assert "crib-safe" not in codes("AH KS", "3S 2C 9D 7D", dealer=True)


def test_crib_reasons_for_the_pone() -> None:
    assert codes("5H 9C", "AS 2C QD KD", dealer=False)["crib-five"] == "gives the dealer a five"
    found = codes("7H 8D", "AS 2C 9D KD", dealer=False)
    assert found["crib-fifteen"] == "gives the dealer fifteen-two"
    assert found["crib-run"] == "throws the start of a run into the dealer's crib"
    assert "crib-run" in codes("9H JD", "AS 2C 5D KD", dealer=False)  # one gap
    assert "crib-run" not in codes("9H QD", "AS 2C 5D KD", dealer=False)  # two gaps
    assert codes("KH 9D", "AS 2C 5D 6D", dealer=False) == {
        "crib-safe": "gives the dealer cards that are hard to use",
    }


def test_a_throw_with_nothing_to_say_still_has_a_line() -> None:
    assert codes("AH KS", "2H 4D 8C QS", dealer=True) == {}
    advice = discard_advice(cards("2H 4D 8C QS AH KS"), cards("AH KS"), dealer=True)
    assert advice.chosen.reason == "keeps four cards that wait for the starter"


def test_reasons_need_two_and_four() -> None:
    with pytest.raises(ValueError, match="two cards and a keep four"):
        discard_reasons(cards("5H"), cards("AS 2C 9D KD"), dealer=True)


# --- the discard coach -------------------------------------------------------------------

SIXES = ["5H 5D 5C JS 2D 9C", "3H 4D 4C 5S KD QC", "AH 2D 7C 8S KD KC", "2S 5C 6D KD 8D QS"]


@pytest.mark.parametrize("six_text", SIXES)
@pytest.mark.parametrize("dealer", [True, False])
def test_the_numbers_are_the_analysis_numbers(six_text: str, dealer: bool) -> None:
    six = cards(six_text)
    ranked = analyse_discards(six, dealer=dealer, play=True)
    assert tuple(line.discard for line in hint_ranking(six, dealer=dealer, top=15)) == ranked
    for number, discard in enumerate(ranked):
        advice = discard_advice(six, discard.throw, dealer=dealer)
        assert advice.place == number + 1
        assert advice.chosen.discard == discard
        assert advice.best.discard == ranked[0]
        assert tuple(line.discard for line in advice.top) == ranked[:5]
        assert advice.cost == ranked[0].net - discard.net
        assert advice.hand_cost == ranked[0].hand - discard.hand
        assert advice.play_cost == ranked[0].play - discard.play
        assert advice.hand_cost + advice.crib_cost + advice.play_cost == pytest.approx(
            advice.cost, abs=1e-12
        )


def test_the_best_throw_and_its_reason() -> None:
    advice = discard_advice(cards("3H 4D 4C 5S KD QC"), cards("QC KD"), dealer=True)
    assert advice.place == 1 and advice.cost == 0 and advice.equal
    assert advice.cost_text() == "nothing: this is the best throw"
    assert advice.best.reason == (
        "keeps the double run and throws the start of a run into your own crib"
    )
    assert advice.lines()[0] == "That is the best throw."


def test_a_costly_throw_is_split_into_hand_and_crib() -> None:
    six = cards("5H 5D 5C JS 2D 9C")
    advice = discard_advice(six, cards("5H JS"), dealer=False)
    ranked = analyse_discards(six, dealer=False, play=True)
    mine = next(d for d in ranked if set(d.throw) == set(cards("5H JS")))
    hand = ranked[0].hand - mine.hand
    crib = mine.crib - ranked[0].crib
    play = mine.play - ranked[0].play  # these fives peg better than the best four
    assert not advice.equal
    assert advice.crib_cost == pytest.approx(crib)
    assert advice.cost_text() == (
        f"{ranked[0].net - mine.net:.2f} a deal: {hand:.2f} in the hand, {crib:.2f} in the crib,"
        f" though it gains {play:.2f} in the play"
    )
    # what it gives the dealer's crib is a price, never said as a second benefit
    assert advice.chosen.reason == "keeps a pair of fives, but gives the dealer fifteen-two"
    lines = advice.lines()
    assert lines[0].startswith(f"That throw is number {advice.place} of 15")
    assert lines[2] == f"Yours: {advice.chosen.reason}."
    assert lines[-1] == advice.chosen.line()  # below the top five, so listed after them
    # In whole points (learning mode, first games): the same rows, no decimal.
    words = advice.lines(words=True)
    assert len(words) == len(advice.table()) and words == advice.table(words=True)
    best = advice.best.discard
    assert words[0] == (
        f"1. throw {' '.join(c.label for c in best.throw)}, keep "
        f"{' '.join(c.label for c in best.keep)}: the hand makes about {round(best.hand)} "
        f"points and gives their crib about {round(best.crib)} points on average, and in"
        " the play it pegs about 1 point fewer than most hands"
    )
    assert not any(re.search(r"\d\.\d", line) for line in words)


def test_a_gain_in_one_place_is_said_as_a_gain() -> None:
    # Keeping the double run but giving the dealer a pair of kings loses in the crib
    # what it wins in the hand, or the other way round: the text says which.
    six = cards("3H 4D 4C 5S KD KC")
    for discard in analyse_discards(six, dealer=False, play=True)[1:]:
        advice = discard_advice(six, discard.throw, dealer=False)
        text = advice.cost_text()
        if advice.equal:
            assert text.endswith("as good as the best")
        elif advice.hand_cost < -0.005:
            assert f"though it gains {-advice.hand_cost:.2f} in the hand" in text
        elif advice.crib_cost < -0.005:
            assert f"though it gains {-advice.crib_cost:.2f} in the crib" in text


def test_near_ties_are_called_equal() -> None:
    six = cards("6S 3C 8D KH QH KD")  # as pone, 8D QH is 0.049 behind the best
    ranked = analyse_discards(six, dealer=False, play=True)
    assert 0 < ranked[0].net - ranked[1].net <= NEAR_TIE
    advice = discard_advice(six, ranked[1].throw, dealer=False)
    assert advice.place == 2 and advice.equal
    assert advice.cost_text() == f"{advice.cost:.2f} a deal: as good as the best"
    assert "(as good as the best)" in advice.top[1].line()


def test_just_past_a_near_tie_is_not_equal() -> None:
    six = cards("2S 5C 6D KD 8D QS")  # as pone, 6D QS is 0.138 behind the best
    ranked = analyse_discards(six, dealer=False, play=True)
    assert NEAR_TIE < ranked[0].net - ranked[1].net < 0.2
    advice = discard_advice(six, ranked[1].throw, dealer=False)
    assert not advice.equal and not advice.top[1].equal_to_best


@pytest.mark.parametrize(
    ("throw", "kwargs", "message"),
    [
        ("AS 2D", {}, "not among the six"),
        ("5H", {}, "a throw is two cards"),
        ("5H 5H", {}, "twice"),
        ("5H 5D", {"target": 100}, "61 or 121"),
        ("5H 5D", {"scores": (0, 130)}, "scores must be"),
        ("5H 5D", {"top": 0}, "top must be"),
        ("5H 5D", {"dealer": "yes"}, "dealer must be"),
    ],
)
def test_bad_input_is_named(throw: str, kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"dealer": True, **kwargs}
    with pytest.raises(ValueError, match=message):
        discard_advice(cards("5H 5D 5C JS 2D 9C"), cards(throw), **args)  # type: ignore[arg-type]


def test_five_cards_are_not_a_hand_to_throw_from() -> None:
    with pytest.raises(ValueError, match="6 cards"):
        hint_ranking(cards("5H 5D 5C JS 2D"), dealer=True)


def test_scores_are_accepted() -> None:
    advice = discard_advice(
        cards("5H 5D 5C JS 2D 9C"), cards("2D 9C"), dealer=True, scores=(50, 55), target=61
    )
    assert isinstance(advice, DiscardAdvice) and advice.place == 1


# --- the pegging coach -------------------------------------------------------------------


def note(
    hand: str,
    laid: str,
    pile: str,
    mine: str,
    theirs: str,
    starter: str,
    level: Level = "normal",
    crib: str = "",
) -> PlayNote | None:
    return play_note(
        cards(hand),
        card(laid),
        pile=cards(pile),
        mine_played=cards(mine),
        theirs_played=cards(theirs),
        starter=card(starter),
        level=level,
        crib_cards=cards(crib),
    )


def warned(*args: Any) -> list[str]:
    result = note(*args)
    return [] if result is None else [w.code for w in result.warnings]


def test_leading_a_five() -> None:
    result = note("5H 9C 4D 6D", "5H", "", "", "", "2C")
    assert result is not None
    assert [w.code for w in result.warnings] == ["lead-five"]
    assert "ten-card" in result.lines()[0]
    assert note("5H 9C 4D 6D", "4D", "", "", "", "2C") is None


def test_no_warning_without_a_choice() -> None:
    # Four fives: whatever is led is a five.
    assert note("5H 5D 5C 5S", "5H", "", "", "", "2C") is None
    # At 28 only the ace fits.
    assert note("AH 9C 8H", "AH", "KS QH 8D", "QH", "KS 8D", "4C") is None
    # Every card leaves the count at 21 (K, 2, 4 make 16; 5s are all that is held).
    assert "count-21" not in warned("5H 5D 5C", "5H", "KS 2C 4D", "2C", "KS 4D", "3C")


def test_leaving_the_count_at_21() -> None:
    # K, 2, 4 make 16; the 5 makes 21.
    assert "count-21" in warned("5H 9C 7D", "5H", "KS 2C 4D", "2C", "KS 4D", "3C")
    # Not when the opponent has no cards left to reply with.
    assert warned("5H 9C 7D", "5H", "KS 2C 4D", "2C", "KS 4D 3H 9H", "3C") == []
    # Not at 20.
    assert "count-21" not in warned("4H 9C 7D", "4H", "KS 2C 4D", "2C", "KS 4D", "3C")


def test_leaving_the_count_at_5() -> None:
    assert "count-5" in warned("2D 9C 8H KS", "2D", "3S", "", "3S", "7C")
    assert "count-5" not in warned("3D 9C 8H KS", "3D", "3S", "", "3S", "7C")


def test_pairing_into_a_possible_pair_royal() -> None:
    result = note("7H 9C 8H KS", "7H", "7S", "", "7S", "AC")
    assert result is not None and [w.code for w in result.warnings] == ["pair-royal"]
    assert result.lines() == ("Pairing is risky: if they hold the third 7, they peg 6.",)
    # Both other sevens seen (the starter and your own crib card): nothing to fear.
    assert warned("7H 9C 8H KS", "7H", "7S", "", "7S", "7D", "normal", "7C 2C") == []


def test_a_pair_royal_can_be_answered_with_the_fourth() -> None:
    result = note("7H 9C 8H", "7H", "7S 7D", "7S", "7D", "AC")
    assert result is not None
    found = {w.code: w.text for w in result.warnings}
    assert set(found) == {"pair-royal", "count-21"}  # three sevens make 21 as well
    assert "fourth 7, they peg 12" in found["pair-royal"]


def test_giving_a_run_away() -> None:
    result = note("9H 3C 6H KS", "9H", "8S", "", "8S", "AC")
    assert result is not None and [w.code for w in result.warnings] == ["run"]
    assert result.warnings[0].text.endswith("a 7 or a 10 makes a run for them.")
    assert warned("9H 3C 6H KS", "KS", "8S", "", "8S", "AC") == []  # far apart
    # One gap: only the card between completes it.
    gap = note("TH 3C 6H KS", "TH", "8S", "", "8S", "AC")
    assert gap is not None and gap.warnings[0].text.endswith("a 9 makes a run for them.")
    assert "an ace or a 4" in note("2D 9C 8H KS", "2D", "3S", "", "3S", "7C").lines()[1]  # type: ignore[union-attr]


def test_spending_the_last_low_card() -> None:
    assert warned("AH 9C 8H KS", "AH", "", "", "", "4C") == ["last-low-card"]
    assert warned("AH 2C 9C 8H", "AH", "", "", "", "4C") == []  # a 2 is kept
    # At 28 only the ace fits: it is no waste.
    assert warned("AH 9C 8H", "AH", "KS QH 8D", "QH", "KS 8D", "4C") == []
    # An ace that makes fifteen is used, not spent.
    assert warned("AH 9C 8H", "AH", "KS 2C 2D", "2C", "KS 2D", "4C") == ["run"]  # a 3 runs
    # The last card of the hand is not "spent early".
    assert warned("AH", "AH", "", "QH 9C 8H", "KS", "4C") == []


def test_hard_and_crazy_say_what_the_best_card_gains() -> None:
    options = analyse_play(
        cards("5H 9C 4D 6D"),
        pile=cards("KS"),
        mine_played=(),
        theirs_played=cards("KS"),
        starter=card("2C"),
    )
    best = options[0]
    nine = next(o for o in options if o.card == card("9C"))
    for level in ("hard", "crazy"):
        result = note("5H 9C 4D 6D", "9C", "KS", "", "KS", "2C", level)
        assert result is not None and result.warnings == ()
        assert result.best == best.card == card("5H")
        assert result.gain == best.net - nine.net
        assert result.lines() == (
            f"The 5♥ would have gained {best.net - nine.net:.1f} points on average.",
        )
    calm: tuple[Level, ...] = ("easy", "normal")
    for level in calm:
        assert note("5H 9C 4D 6D", "9C", "KS", "", "KS", "2C", level) is None
    assert note("5H 9C 4D 6D", "5H", "KS", "", "KS", "2C", "hard") is None  # the best card


def test_play_note_names_bad_input() -> None:
    with pytest.raises(ValueError, match="level must be one of"):
        note("5H 9C 4D 6D", "5H", "", "", "", "2C", "expert")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not in the hand"):
        note("5H 9C 4D 6D", "5C", "", "", "", "2C")
    with pytest.raises(ValueError, match="does not fit"):
        note("KH 9C 8H", "KH", "KS QD 2C", "2C", "KS QD", "AC")


# --- the drills --------------------------------------------------------------------------


def test_discard_questions_are_dealt_from_the_seed() -> None:
    for tier in DISCARD_TIERS:
        first = deal_discard_question(tier, seed=11, index=3)
        assert first == deal_discard_question(tier, seed=11, index=3)
        assert first.dealer == (tier == "dealer")
        assert len(set(first.six)) == 6
        others = {deal_discard_question(tier, seed=11, index=i).six for i in range(10)}
        assert len(others) == 10
    assert deal_discard_question("dealer", 1).notation().endswith("| dealer")
    with pytest.raises(ValueError, match="tier must be one of"):
        deal_discard_question("expert", 1)


def test_grading_a_throw() -> None:
    question = deal_discard_question("pone", seed=4)
    ranked = analyse_discards(question.six, dealer=False, play=True)
    best = grade_discard(question, ranked[0].throw)
    assert best.correct and best.points_lost == 0 and best.attempt.missed == ()
    worst = grade_discard(question, ranked[-1].throw)
    assert not worst.correct
    assert worst.points_lost == ranked[0].net - ranked[-1].net
    assert worst.attempt.points_off == -round(worst.points_lost)  # short of the best
    assert worst.attempt.missed == ("discard",)
    assert len([line for line in worst.lines if line[:2].rstrip(".").isdigit()]) == 15
    # Right and wrong at the near-tie boundary.
    for discard in ranked[1:]:
        grade = grade_discard(question, discard.throw)
        assert grade.correct == (ranked[0].net - discard.net <= NEAR_TIE)


def test_a_graded_throw_makes_an_attempt_record() -> None:
    question = deal_discard_question("dealer", seed=9)
    grade = grade_discard(question, question.six[:2])
    attempt = AttemptIn(**dataclasses.asdict(grade.attempt), seconds=3.5)
    assert attempt.drill == "discard" and attempt.tier == "dealer" and attempt.seed == 9
    assert attempt.question == question.notation()
    assert attempt.answer == " ".join(str(c) for c in question.six[:2])


@pytest.mark.parametrize("tier", PLAY_TIERS)
def test_play_questions_are_dealt_from_the_seed_and_fit_their_tier(tier: str) -> None:
    for seed in range(6):
        question = deal_play_question(tier, seed)
        assert question == deal_play_question(tier, seed)
        options = analyse_play(
            question.hand,
            pile=question.pile,
            mine_played=question.mine_played,
            theirs_played=question.theirs_played,
            starter=question.starter,
        )
        assert question.options == options
        assert len(options) >= 2
        gap = options[0].net - options[1].net
        assert gap > NEAR_TIE
        if tier == "clear":
            assert options[0].net - options[-1].net >= 1
        else:
            assert gap < 1
    assert len({deal_play_question(tier, s).notation() for s in range(6)}) > 1
    question = deal_play_question(tier, 0)
    assert question.prompt().endswith("What would you play?")
    assert (str(question.count) in question.prompt()) == bool(question.pile)


def test_grading_a_card() -> None:
    question = deal_play_question("clear", seed=2)
    best, worst = question.options[0], question.options[-1]
    right = grade_play(question, best.card)
    assert right.correct and right.points_lost == 0 and right.attempt.missed == ()
    assert right.lines[0] == f"The {best.card.label} is the best card here."
    wrong = grade_play(question, worst.card)
    assert not wrong.correct and wrong.attempt.missed == ("play",)
    assert wrong.points_lost == best.net - worst.net >= 1
    assert wrong.attempt.answer == str(worst.card)
    assert len(wrong.lines) == 1 + len(question.options)
    attempt = AttemptIn(**dataclasses.asdict(wrong.attempt), seconds=2.0)
    assert attempt.drill == "play" and attempt.points_off == -round(wrong.points_lost)


def test_grading_a_card_at_the_near_tie_boundary() -> None:
    seen = {True: 0, False: 0}
    for seed in range(8):
        question = deal_play_question("close", seed=seed)
        for option in question.options:
            grade = grade_play(question, option.card)
            assert grade.correct == (question.options[0].net - option.net <= NEAR_TIE)
            seen[grade.correct] += 1
    assert seen[True] and seen[False]


def test_grading_a_card_names_bad_answers() -> None:
    question = deal_play_question("clear", seed=2)
    stranger = next(c for c in DECK if c not in question.hand)
    with pytest.raises(ValueError, match="not in the hand"):
        grade_play(question, stranger)
    with pytest.raises(ValueError, match="tier must be one of"):
        deal_play_question("hard", 1)


def test_the_kept_fours_own_items_match_every_starter() -> None:
    """The 13 starters the coach uses find what all 48 other cards find (nobs aside:
    it needs the starter's suit, so it is no combination of the four alone)."""
    from trainer.engine import score_show
    from trainer.training.coach.reasons import own_items

    rng = random.Random(12)
    fours = [cards("3H 4D 4C 5S"), cards("6H 7H 8H 9H"), cards("5H 5D 5C 5S")]
    fours += [tuple(rng.sample(DECK, 4)) for _ in range(60)]
    for four in fours:
        union = set()
        for starter in DECK:
            if starter not in four:
                for item in score_show(four, starter).items:
                    if starter not in item.cards and item.kind is not Kind.NOBS:
                        union.add((item.kind, frozenset(item.cards), item.points))
        mine = {
            (item.kind, frozenset(item.cards), item.points)
            for item in own_items(four)
            if item.kind is not Kind.NOBS
        }
        assert mine == union, four


# --- learning mode: whole points, the course's words ------------------------------------------


def _no_decimals(text: str) -> bool:
    import re

    return re.search(r"\d\.\d", text) is None


def test_a_beginner_hears_the_kept_points_exactly_and_a_warning_as_a_price() -> None:
    from trainer.training.coach import kept_points, plain_best_throw, plain_throw

    six = cards("7D 6C KS 5H 5D JC")
    ranking = hint_ranking(six, dealer=False, top=15)
    for line in ranking:
        words = plain_throw(line)
        assert _no_decimals(words) and "fifteen-" not in words
        points = kept_points(line.discard.keep)
        assert words.startswith(
            f"keeps {points} point{'s' if points != 1 else ''} in your hand"
            if points
            else "keeps four cards that score only with the starter"
        )
        helps = any(reason.cost for reason in line.reasons)
        assert (", but gives the computer's crib" in words) is helps
    best = plain_best_throw(ranking)
    a, b = ranking[0].discard.throw
    assert best.startswith(f"The coach would throw {a.label} and {b.label}: that keeps ")
    assert _no_decimals(best)


def test_the_coach_says_why_its_throw_breaks_a_rule_of_thumb() -> None:
    from trainer.training.coach import RULE_APART, broken_rule, why_break

    # 5-5-6-7 keeps a double run: the coach throws K-J (close together) to the pone's
    # opponent's crib, against "far apart"
    ranking = hint_ranking(cards("7D 6C KS 5H 5D JC"), dealer=False, top=15)
    assert broken_rule(ranking[0]) == RULE_APART
    why = why_break(ranking)
    safe = next(line for line in ranking if not broken_rule(line))
    x, y = safe.discard.throw
    assert f"“{RULE_APART}” and throw {x.label} and {y.label}?" in why
    assert "less on average" in why and _no_decimals(why)
    # a throw to your own crib breaks no rule
    own = hint_ranking(cards("5H 5D 5C JS 2D 9C"), dealer=True, top=15)
    assert broken_rule(own[0]) == "" and why_break(own) == ""


def test_the_crib_is_linked_back_to_the_two_cards_thrown() -> None:
    from trainer.engine import score_show
    from trainer.training.coach import crib_link

    crib, starter = cards("7D 6C 8S 2H"), cards("KD")[0]
    score = score_show(crib, starter, crib=True)
    thrown = cards("7D 6C")
    part = sum(item.points for item in score.items if set(item.cards) & set(thrown))
    line = crib_link(score, thrown, dealer=False)
    assert line.startswith("You threw 7♦ and 6♣ into the computer's crib")
    assert f"part of {'all' if part == score.total else part} of its {score.total} points" in line
    none = score_show(cards("KS QH 8C 2H"), cards("4D")[0], crib=True)
    assert none.total == 0
    assert crib_link(none, cards("KS QH"), dealer=True) == (
        "You threw K♠ and Q♥ into your crib: it made no points at all."
    )


def test_before_a_lay_the_coach_names_its_card_and_why() -> None:
    from trainer.analysis.pegging import play_position
    from trainer.training.coach import lay_advice

    starter = cards("2D")[0]
    lead = lay_advice(play_position(cards("AH 5C 9S KD"), pile=(), mine_played=(),
                                    theirs_played=(), starter=starter))  # fmt: skip
    best = analyse_play(cards("AH 5C 9S KD"), pile=(), mine_played=(), theirs_played=(),
                        starter=starter)[0].card  # fmt: skip
    assert lead.startswith(f"The coach would lay the {best.label}: ")
    assert best.pips <= 4 and "safe lead" in lead
    fifteen = lay_advice(play_position(cards("2H 4C KD"), pile=cards("8D 3S"),
                                       mine_played=cards("3S"), theirs_played=cards("8D"),
                                       starter=starter))  # fmt: skip
    assert "makes 15: 2 points" in fifteen and "keeps your 2♥" in fifteen
    one = lay_advice(play_position(cards("KD"), pile=cards("8D QS"),
                                   mine_played=cards("5C 6C QS"), theirs_played=cards("8D"),
                                   starter=starter))  # fmt: skip
    assert one == "Only your K♦ fits under 31: lay it."


def test_the_coach_says_what_it_weighed_against_its_card() -> None:
    """The note after a card warns of what beginner advice warns of; before the card, the
    coach naming one all the same says so, so the note never contradicts it."""
    from trainer.analysis.pegging import play_position
    from trainer.training.coach import lay_advice, lay_warnings, play_note

    starter = cards("2D")[0]
    for hand, pile, risk in (
        ("2C KS QS JS", "", "The risk: it is your last ace or 2, handy late in a count."),
        ("6D KS QS JS", "6H", "The risk: if they hold the third 6, they peg 6."),
        ("8D KS QS JS", "7H", "The risk: a 6 or a 9 would make a run for them."),
    ):
        position = play_position(cards(hand), pile=cards(pile), mine_played=(),
                                 theirs_played=cards(pile), starter=starter)  # fmt: skip
        said = lay_advice(position)
        card = cards(hand)[0]
        assert said.startswith(f"The coach would lay the {card.label}: ")
        assert said.endswith(f"{risk} It is still your best card here.")
        note = play_note(cards(hand), card, pile=cards(pile), mine_played=(),
                         theirs_played=cards(pile), starter=starter)  # fmt: skip
        assert note is not None and note.warnings == lay_warnings(position, card)
    quiet = play_position(cards("AH 2C 9S KD"), pile=(), mine_played=(), theirs_played=(),
                          starter=starter)  # fmt: skip
    assert "The risk" not in lay_advice(quiet)


def test_the_note_on_a_card_laid_is_the_same_from_the_seat_s_view() -> None:
    from trainer.engine.settings import Settings
    from trainer.training.coach import view_play_note
    from trainer.training.table import Need, PlaySetup, Table

    table = Table.new(PlaySetup("hard", Settings(target=121)), seed=7)
    play_on(table, stop=lambda _, need: need is Need.LAY)
    view = table.view
    assert table.need() is Need.LAY and view.starter is not None
    for card in view.playable:
        assert view_play_note(view, card, level="hard") == play_note(
            view.hand,
            card,
            pile=view.pile,
            mine_played=view.mine_played,
            theirs_played=view.theirs_played,
            starter=view.starter,
            level="hard",
            crib_cards=view.discards,
        )


# --- the one-card throw (three or four at the table) -----------------------------------------


def _naive_keep_average(five: list[Card], thrown: Card) -> float:
    """The four kept's points with every starter that could be turned, by the naive scorer."""
    keep = [(c.order, c.suit.value) for c in five if c != thrown]
    starters = [c for c in DECK if c not in five]
    return sum(naive_show(keep, (s.order, s.suit.value)) for s in starters) / len(starters)


@pytest.mark.parametrize("seed", range(6))
def test_the_one_card_ranking_is_the_kept_hands_average_over_every_starter(seed: int) -> None:
    five = random.Random(seed).sample(DECK, 5)
    ranked = one_card_ranking(five, dealer=seed % 2 == 0)
    assert {line.card for line in ranked} == set(five)
    assert [line.place for line in ranked] == [1, 2, 3, 4, 5]
    for line in ranked:
        assert line.hand == pytest.approx(_naive_keep_average(five, line.card))
        assert set(line.keep) == set(five) - {line.card}
    hands = [line.hand for line in ranked]
    assert hands == sorted(hands, reverse=True)


def test_one_card_advice_speaks_of_the_one_card_thrown() -> None:
    five = parse_cards("5H 5D JC 4S KD")
    best = one_card_advice(five, parse_cards("4S")[0], dealer=False)
    assert best.place == 1 and best.equal and best.cost == 0
    assert best.words()[0] == "Throwing 4♠ is the best throw: it keeps the hand that scores most."
    worse = one_card_advice(five, parse_cards("5H")[0], dealer=False)
    assert worse.place > 1 and not worse.equal
    assert worse.words()[0].startswith("Throwing 5♥ is number ")
    assert "than if you had thrown 4♠" in worse.words()[0]
    assert any("gives the dealer a five" in line for line in worse.lines())
    assert len([line for line in worse.lines() if line[:2] in ("1.", "2.", "3.", "4.", "5.")]) == 5
    # In whole points (learning mode, first games): no decimal anywhere.
    words = worse.lines(words=True)
    assert words[0].startswith("Throwing 5♥ is number ") and " less on average" in words[0]
    assert not any(re.search(r"\d\.\d", line) for line in words)
    assert any(line.startswith("1. throw 4♠, keep ") and "the hand makes about " in line
               for line in words)  # fmt: skip


def test_one_card_advice_refuses_what_is_not_a_throw_of_one() -> None:
    with pytest.raises(ValueError, match="five different cards"):
        one_card_ranking(parse_cards("5H 5D JC 4S"), dealer=True)
    with pytest.raises(ValueError, match="not among the five"):
        one_card_advice(parse_cards("5H 5D JC 4S KD"), parse_cards("2C")[0], dealer=True)
    with pytest.raises(ValueError, match="dealer must be True or False"):
        one_card_ranking(parse_cards("5H 5D JC 4S KD"), dealer=1)  # type: ignore[arg-type]


def test_the_play_is_priced_in_a_column_of_its_own() -> None:
    # What the four kept peg, net of the opponent's pegging, is in every line and in the
    # price of a throw, beside the hand and the crib.
    six = cards("5H 5D 5C JS 2D 9C")
    for discard in analyse_discards(six, dealer=True, play=True):
        advice = discard_advice(six, discard.throw, dealer=True)
        sign = "+" if discard.play >= 0 else "−"
        assert f" {sign} the play {abs(discard.play):.2f} = {discard.net:.2f}" in (
            advice.chosen.line()
        )
        if not advice.equal and advice.play_cost >= 0.005:
            assert f"{advice.play_cost:.2f} in the play" in advice.cost_text()
        elif not advice.equal and advice.play_cost <= -0.005:
            assert f"though it gains {-advice.play_cost:.2f} in the play" in advice.cost_text()

"""The grader: found + missed are always the engine's items, every kind of miss
and overclaim is named, quick answers get the whole breakdown, bad input is refused."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import LONG_CHECKS
from trainer.content.catalog import load_drills
from trainer.engine import (
    DECK,
    Card,
    Kind,
    ScoreItem,
    label_cards,
    parse_cards,
    score_play,
    score_show,
)
from trainer.engine.skills import CATEGORIES, DrillType
from trainer.progress.store import check_attempt
from trainer.training.grading import (
    GO_CHOICES,
    Claim,
    ClaimKind,
    InputProblem,
    check_claims,
    go_explanation,
    grade_claims,
    grade_go,
    grade_quick,
    item_category,
)
from trainer.training.questions import (
    GoQuestion,
    PegQuestion,
    ShowQuestion,
    deal_question,
    peg_features,
    show_features,
)

CATALOG = load_drills()


def show(text: str, *, crib: bool = False) -> ShowQuestion:
    *hand, starter = parse_cards(text)
    score = score_show(hand, starter, crib=crib)
    drill = DrillType.CRIB if crib else DrillType.HAND
    return ShowQuestion(
        drill, "club", 5, 0, tuple(hand), starter, crib, score, show_features(score)
    )


def peg(text: str) -> PegQuestion:
    pile = parse_cards(text)
    score = score_play(pile)
    return PegQuestion(DrillType.PEG, "club", 5, 0, pile, score, peg_features(score))


def claim(kind: str, text: str) -> Claim:
    return Claim(ClaimKind(kind), parse_cards(text))


def _bag(
    items: tuple[ScoreItem, ...] | list[ScoreItem],
) -> Counter[tuple[str, frozenset[Card], int]]:
    return Counter((item.kind, frozenset(item.cards), item.points) for item in items)


# --- claim mode: the invariant ---------------------------------------------------------------------


@st.composite
def claimed_hands(draw: st.DrawFn) -> tuple[ShowQuestion, list[Claim]]:
    cards = draw(st.permutations(DECK).map(lambda deck: deck[:5]))
    crib = draw(st.booleans())
    score = score_show(cards[:4], cards[4], crib=crib)
    question = ShowQuestion(
        DrillType.CRIB if crib else DrillType.HAND, "t", 0, 0, tuple(cards[:4]), cards[4], crib,
        score, show_features(score),
    )  # fmt: skip
    real = [Claim(ClaimKind.of(item.kind), item.cards) for item in score.items]
    chosen = draw(st.lists(st.sampled_from(real), max_size=len(real) + 3)) if real else []
    bogus = draw(
        st.lists(
            st.tuples(
                st.sampled_from(list(ClaimKind)),
                st.lists(st.sampled_from(cards), min_size=1, max_size=5, unique=True),
            ),
            max_size=3,
        )
    )
    claims = chosen + [Claim(kind, tuple(chosen_cards)) for kind, chosen_cards in bogus]
    return question, draw(st.permutations(claims))


@settings(max_examples=400, deadline=None)
@given(claimed_hands())
def test_found_and_missed_are_exactly_the_engines_items(
    case: tuple[ShowQuestion, list[Claim]],
) -> None:
    question, claims = case
    grade = grade_claims(question, claims, seconds=1.0)
    assert _bag(grade.found) + _bag(grade.missed) == _bag(question.score.items)
    assert not (_bag(grade.found) & _bag(grade.missed))
    assert len(grade.claims) == len(claims)
    bad = [check for check in grade.claims if check.status != "found"]
    assert grade.correct == (not grade.missed and not bad)
    assert grade.given_total == sum(i.points for i in grade.found) + sum(
        c.claim.points for c in bad
    )
    assert grade.right_total == question.total
    for check in bad:
        assert check.message, "every claim that does not count says why"
    assert set(grade.categories) <= set(CATEGORIES)
    check_attempt(grade.attempt())


@st.composite
def padded_claims(draw: st.DrawFn) -> tuple[ShowQuestion, Claim]:
    """A real item of a hand with one card added, taken away or swapped for another."""
    cards = draw(st.permutations(DECK).map(lambda deck: deck[:5]))
    crib = draw(st.booleans())
    question = show(" ".join(str(card) for card in cards), crib=crib)
    items = question.score.items
    if not items:
        return question, Claim(draw(st.sampled_from(list(ClaimKind))), (cards[0],))
    item = draw(st.sampled_from(items))
    rest = [card for card in cards if card not in item.cards]
    how = draw(st.sampled_from(["add", "drop", "swap", "kind"]))
    chosen = list(item.cards)
    if how == "add" and rest:
        chosen.append(draw(st.sampled_from(rest)))
    elif how == "drop":
        chosen.remove(draw(st.sampled_from(chosen)))
    elif how == "swap" and rest:
        chosen[draw(st.integers(0, len(chosen) - 1))] = draw(st.sampled_from(rest))
    kind = ClaimKind.of(item.kind)  # a claim may name a kind the engine does not score
    if how == "kind":
        kind = draw(st.sampled_from([k for k in ClaimKind if k != item.kind]))
    return question, Claim(kind, tuple(draw(st.permutations(chosen))))


def _stands_for_items(question: ShowQuestion, claim: Claim) -> bool:
    """Independently of the grader: the claim is an item, a pair royal / double pair
    royal whose cards are all one rank, or a double run: a pair and the two runs made with
    either card of it, all three among the items."""
    items = {(str(item.kind), frozenset(item.cards)) for item in question.score.items}
    cards = frozenset(claim.cards)
    if (str(claim.kind), cards) in items:
        return True
    if claim.kind == "double run":
        ranks = Counter(card.rank for card in cards)
        pairs = [rank for rank, n in ranks.items() if n == 2]
        if len(cards) not in (4, 5) or len(pairs) != 1 or len(ranks) != len(cards) - 1:
            return False
        pair = frozenset(card for card in cards if card.rank == pairs[0])
        return ("pair", pair) in items and all(("run", cards - {card}) in items for card in pair)
    return (
        claim.kind == "pair"
        and len(claim.cards) in (3, 4)
        and len({card.rank for card in claim.cards}) == 1
    )


@settings(max_examples=1500 if LONG_CHECKS else 400, deadline=None)  # 1,500: a long check
@given(padded_claims())
def test_a_padded_or_changed_claim_is_never_found(case: tuple[ShowQuestion, Claim]) -> None:
    question, claim_made = case
    (check,) = check_claims(question, [claim_made])
    assert (check.status == "found") == _stands_for_items(question, claim_made), check
    if check.status != "found":
        assert check.status == "wrong" and check.message


@settings(max_examples=300, deadline=None)
@given(claimed_hands())
def test_found_claims_are_always_real_combinations(
    case: tuple[ShowQuestion, list[Claim]],
) -> None:
    question, claims = case
    for check in check_claims(question, claims):
        if check.status == "found":
            assert _stands_for_items(question, check.claim)
        if check.status == "twice":
            assert _stands_for_items(question, check.claim)


@pytest.mark.parametrize(
    ("hand", "padded", "reason"),
    [
        ("8H 8C TC 5D 2S", "8H 8C TC", "not all the same rank: claim 8♥ 8♣ as a pair on its own"),
        ("KD TC QC 5D 2S", "KD TC QC", "a pair royal is three cards of one rank"),
        ("TS TH JC 5D 2S", "TS TH JC", "not all the same rank"),
        ("7S 7H 7D 8C 2S", "7S 7H 7D 8C", "a double pair royal is four cards of one rank"),
    ],
)
def test_a_pair_of_three_or_four_cards_must_be_one_rank(
    hand: str, padded: str, reason: str
) -> None:
    question = show(hand)
    (check,) = check_claims(question, [claim("pair", padded)])
    assert check.status == "wrong" and reason in check.message
    every = [Claim(ClaimKind.of(item.kind), item.cards) for item in question.score.items]
    grade = grade_claims(question, [*every, claim("pair", padded)], seconds=3)
    assert not grade.correct
    assert not grade.headline.startswith(("Right", "You found"))
    assert grade.headline.startswith(
        f"All {len(every)} combinations found, but one claim was wrong"
    )
    assert f"pair {label_cards(parse_cards(padded))}" in grade.headline


def test_a_padded_answer_is_not_graded_right() -> None:
    question = show("TS TH JC 5D 2S")  # the trainer's own trap: 10♠ 10♥ and a jack
    padded = [claim("pair", "TS TH JC")] + [
        Claim(ClaimKind.of(item.kind), item.cards)
        for item in question.score.items
        if item.kind != "pair"
    ]
    grade = grade_claims(question, padded, seconds=3)
    assert not grade.correct
    assert [item.kind for item in grade.missed] == ["pair"]
    assert grade.headline.startswith("You found ") and "one claim was wrong" in grade.headline


def test_claiming_every_item_once_is_right() -> None:
    question = show("4H 5H 6H JH 5S")
    grade = grade_claims(
        question,
        [Claim(ClaimKind.of(item.kind), item.cards) for item in question.score.items],
        seconds=9,
    )
    assert grade.correct and not grade.missed and grade.given_total == question.total == 20
    assert grade.headline == "Right: every combination found, 20 in all."


# --- each kind of miss ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH])
def test_each_missed_kind_is_listed_with_its_category(kind: Kind) -> None:
    question = show("4H 5H 6H JH 5S")  # fifteens, a pair, a double run, a four-card flush
    claims = [Claim(ClaimKind.of(i.kind), i.cards) for i in question.score.items if i.kind != kind]
    grade = grade_claims(question, claims, seconds=3)
    assert not grade.correct
    assert {item.kind for item in grade.missed} == {kind}
    assert grade.categories == (kind,)
    assert grade.points_off == -sum(i.points for i in question.score.by_kind(kind))


def test_missed_nobs_says_why() -> None:
    question = show("2C 7D JS KH 8S")  # 7+8 = 15, and the jack of spades with a spade starter
    assert {item.kind for item in question.score.items} == {"fifteen", "nobs"}
    grade = grade_claims(question, [claim("fifteen", "7D 8S")], seconds=3)
    assert [item.kind for item in grade.missed] == ["nobs"]
    assert grade.categories == ("nobs",)
    assert any("J♠ is the same suit as the starter (8♠)" in note for note in grade.notes)


def test_a_missed_crib_flush_is_stored_as_a_crib_flush() -> None:
    question = show("2H 3H 9H QH KH", crib=True)
    grade = grade_claims(question, [claim("fifteen", "2H 3H QH")], seconds=3)
    assert "crib-flush" in grade.categories
    assert item_category(Kind.FLUSH, crib=True) == "crib-flush"
    assert item_category(Kind.LAST_CARD) == "last-card"
    assert item_category(ClaimKind.DOUBLE_RUN) == item_category(Kind.RUN) == "run"


# --- each kind of overclaim ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "crib", "kind", "cards", "reason"),
    [
        ("5H 9S KD 2C 7D", False, "fifteen", "5H 9S", "5♥ 9♠ adds to 14, not 15"),
        ("5H 9S KD 2C 7D", False, "fifteen", "KD", "a fifteen needs two or more cards"),
        ("JS QH 2C 4D 9S", False, "pair", "JS QH", "not all the same rank"),
        ("3H 4S 4D 5C 9H", False, "run", "3H 4S 4D 5C", "4 appears twice"),
        ("3H 4S 5D 6C KH", False, "run", "3H 4S 5D", "part of the longer run 3-4-5-6"),
        ("3H 4S 5D 6C KH", False, "run", "3H 5D 6C", "3-5-6 is not a sequence"),
        ("3H 4S 5D 6C KH", False, "run", "3H 4S", "a run needs three or more cards"),
        ("2H 3H 9H QS KD", False, "flush", "2H 3H 9H QS", "are not all one suit"),
        ("2H 3H 9H QH KD", True, "flush", "2H 3H 9H QH", "in the crib a flush counts only when"),
        ("2H 3H 9H QS KH", False, "flush", "2H 3H 9H KH", "all four cards of the hand"),
        ("2H 3H 9H QH KH", False, "flush", "2H 3H 9H QH", "it is a five-card flush"),
        ("2C 7D QS KH 8S", False, "nobs", "QS", "Q♠ is not a jack"),
        ("2C 7D JH KH 8S", False, "nobs", "JH", "J♥ is not the starter's suit (♠)"),
        ("2C 7D 4H KH JS", False, "nobs", "JS", "a jack turned as the starter is never nobs"),
        ("2C 7D JH KH 8S", False, "nobs", "JH KH", "nobs is one card"),
    ],
)
def test_each_overclaim_says_why_it_does_not_count(
    hand: str, crib: bool, kind: str, cards: str, reason: str
) -> None:
    question = show(hand, crib=crib)
    (check,) = check_claims(question, [claim(kind, cards)])
    assert check.status == "wrong"
    assert reason in check.message
    grade = grade_claims(question, [claim(kind, cards)], seconds=2)
    assert not grade.correct
    assert grade.wrong_claims == (check,)


def test_a_claim_made_twice_counts_once() -> None:
    question = show("5H 9S KD 2C 7D")
    first, second = check_claims(question, [claim("fifteen", "5H KD"), claim("fifteen", "KD 5H")])
    assert first.status == "found"
    assert second.status == "twice" and "already claimed" in second.message
    grade = grade_claims(
        question, [claim("fifteen", "5H KD"), claim("fifteen", "KD 5H")], seconds=1
    )
    assert grade.given_total == grade.right_total + 2
    assert not grade.correct


def test_three_of_a_kind_claimed_at_once_is_the_three_pairs() -> None:
    question = show("7H 7D 7S 2C KD")
    (check,) = check_claims(question, [claim("pair", "7H 7D 7S")])
    assert check.status == "found" and len(check.items) == 3
    assert Claim(ClaimKind.PAIR, parse_cards("7H 7D 7S")).points == 6
    again = check_claims(question, [claim("pair", "7H 7D"), claim("pair", "7H 7D 7S")])
    assert [c.status for c in again] == ["found", "found"]
    assert len(again[1].items) == 2


def test_cards_not_in_the_hand_are_refused() -> None:
    question = show("5H 9S KD 2C 7D")
    (check,) = check_claims(question, [claim("fifteen", "5C KS")])
    assert check.status == "wrong" and "not in this hand" in check.message


# --- quick mode ---------------------------------------------------------------------------------------


def test_a_right_total() -> None:
    question = show("4H 5H 6H JH 5S")
    grade = grade_quick(question, "20", seconds=4.5)
    assert grade.correct and grade.points_off == 0 and grade.headline == "Right: 20."
    assert grade.found == question.score.items and grade.missed == ()


def test_one_short_by_nobs_is_named() -> None:
    question = show("2C 7D JS KH 8S")
    grade = grade_quick(question, " 2 ", seconds=4)
    assert not grade.correct and grade.points_off == -1
    assert grade.missed == question.score.items, "a wrong total still gets the whole breakdown"
    assert grade.categories == ("nobs",)
    assert "You were one short: one for his nobs, because the J♠ is the same suit" in grade.notes[0]


def test_short_by_a_whole_category() -> None:
    question = show("JD 4C 8H AS 7D")  # two fifteens and nobs: 5
    grade = grade_quick(question, "1", seconds=4)  # 4 short: only the two fifteens add to 4
    assert grade.categories == ("fifteen",)
    assert grade.notes[0].startswith("You were four short: the fifteens:")


def test_an_ambiguous_gap_names_the_candidates_and_records_no_kind() -> None:
    question = show("4H 5H 6H JH 5S")  # four fifteens, a pair, a double run, a flush: 20
    grade = grade_quick(question, "18", seconds=4)
    assert "perhaps a fifteen, or the pair?" in grade.notes[0]
    assert grade.categories == (), "a gap that fits two kinds is a total-only miss"


def test_a_forgotten_flush_is_not_called_a_fifteen() -> None:
    question = show("4H 5H 6H JH 5S")
    grade = grade_quick(question, "16", seconds=4)  # 4 short: the flush, or two fifteens
    assert "two fifteens" in grade.notes[0] and "the flush" in grade.notes[0]
    assert "look again at the fifteens" not in grade.notes[0]
    assert grade.categories == ()
    assert grade.attempt().missed == ()


def test_a_gap_only_one_kind_fits_is_recorded_even_when_part_of_it() -> None:
    question = show("4H 5H 6H JH 5S")  # the only 3-point items are the runs
    grade = grade_quick(question, "17", seconds=4)
    assert grade.categories == ("run",)
    assert "look again at the runs" in grade.notes[0]


def test_a_gap_no_items_add_up_to_records_nothing() -> None:
    question = show("2C 7D JS KH 8S")  # 7 + 8 and nobs: 3
    grade = grade_quick(question, "1", seconds=4)  # 2 short: the fifteen
    assert grade.categories == ("fifteen",)
    none = grade_quick(show("5H 5D 9C KS 2H"), "1", seconds=4)  # 5 short: nothing adds to 5
    assert none.categories == () and none.notes[0].startswith("You were five short.")


def _subsets_adding_to(items: tuple[ScoreItem, ...], points: int) -> list[set[Kind]]:
    from itertools import combinations

    return [
        {item.kind for item in chosen}
        for size in range(1, len(items) + 1)
        for chosen in combinations(items, size)
        if sum(item.points for item in chosen) == points
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(DECK).map(lambda deck: deck[:5]),
    st.booleans(),
    st.integers(min_value=1, max_value=29),
)
def test_a_short_total_records_only_kinds_every_explanation_shares(
    cards: list[Card], crib: bool, short: int
) -> None:
    question = show(" ".join(str(card) for card in cards), crib=crib)
    if short > question.total or len(question.score.items) > 14:
        return
    grade = grade_quick(question, str(question.total - short), seconds=1)
    ways = _subsets_adding_to(question.score.items, short)
    certain = set.intersection(*ways) if ways else set()
    assert set(grade.categories) == {item_category(kind, crib=crib) for kind in certain}


def test_overcounting_a_crib_four_flush_is_explained() -> None:
    question = show("2H 3H 9H QH KD", crib=True)
    grade = grade_quick(question, str(question.total + 4), seconds=4)
    assert grade.notes[0] == "You were four over."
    assert "the starter has to match them too" in grade.notes[1]
    assert grade.categories == ("crib-flush",)


def test_nobs_for_a_jack_starter_is_explained() -> None:
    question = show("2C 7D 4H KH JS")
    grade = grade_quick(question, str(question.total + 1), seconds=4)
    assert "never nobs" in grade.notes[1] and "his heels" in grade.notes[1]
    assert grade.categories == ("nobs",)


def test_pegging_quick_answers() -> None:
    right = grade_quick(peg("4C 5S 4D 6H"), "3", seconds=2)
    assert right.correct and right.headline == "Right: 3."
    short = grade_quick(peg("KS 5H"), "0", seconds=2)
    assert short.notes == ("You were two short: 15 for 2 (the count reached exactly 15).",)
    assert short.categories == ("fifteen",)
    split = grade_quick(peg("7S KC 7H"), "2", seconds=2)
    assert "a pair needs the two cards one after the other" in split.notes[1]
    assert split.categories == ("pair",)
    jack_queen = grade_quick(peg("JS QH"), "2", seconds=2)
    assert "not the same rank" in jack_queen.notes[1]
    thirty_one = grade_quick(peg("KS QH 9D 2C"), "0", seconds=2)
    assert thirty_one.categories == ("thirty-one",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "it is empty"),
        ("   ", "it is empty"),
        (None, "it is empty"),
        ("twelve", "is not a number"),
        ("-1", "below zero"),
        ("2.5", "not a whole number"),
        ("30", "at most 29"),
        ("100", "at most 29"),
    ],
)
def test_bad_input_is_refused_naming_the_box(text: str | None, message: str) -> None:
    with pytest.raises(InputProblem) as caught:
        grade_quick(show("2C 7D JS KH 8S"), text, seconds=1)
    assert caught.value.box == "Your total"
    assert message in str(caught.value)


def test_a_pegging_answer_box_has_its_own_name_and_limit() -> None:
    with pytest.raises(InputProblem) as caught:
        grade_quick(peg("KS 5H"), "15", seconds=1)
    assert caught.value.box == "Points for the last card"
    assert "at most 14" in str(caught.value)


def test_muggins_is_off_by_default_and_takes_missed_points() -> None:
    question = show("4H 5H 6H JH 5S")
    assert grade_quick(question, "12", seconds=1).muggins == 0
    taken = grade_quick(question, "12", seconds=1, muggins=True)
    assert taken.muggins == 8 and "Muggins" in taken.notes[-1]
    assert grade_quick(question, "25", seconds=1, muggins=True).muggins == 0  # too many: no muggins
    claims = grade_claims(question, [claim("pair", "5H 5S")], seconds=1, muggins=True)
    assert claims.muggins == 18


# --- the go -----------------------------------------------------------------------------------------


def _go(tier: str, want: str) -> GoQuestion:
    for seed in range(200):
        question = deal_question(DrillType.GO, tier, seed, catalog=CATALOG)
        assert isinstance(question, GoQuestion)
        if want in question.features:
            return question
    raise AssertionError(f"no {want} question in 200 seeds")


@pytest.mark.parametrize("want", ["go", "thirty-one", "last-card"])
def test_a_right_go_answer(want: str) -> None:
    question = _go("club", want)
    grade = grade_go(question, question.scorer, question.reason, question.next_leader, seconds=5)
    assert grade.correct and grade.points_off == 0 and grade.categories == ()
    assert grade.headline.startswith("Right: ")
    assert GO_CHOICES[question.reason][0] in grade.headline
    assert grade.attempt().mode == "choice"  # picked among the answers, not typed
    check_attempt(grade.attempt())


def test_wrong_go_answers_name_what_was_wrong() -> None:
    question = _go("club", "thirty-one")
    other = 1 - question.scorer
    grade = grade_go(question, other, "thirty-one", question.next_leader, seconds=5)
    assert not grade.correct and grade.categories == ("thirty-one",)
    assert grade.headline.startswith("Not quite: ") and "2 for 31" in grade.headline
    assert grade.points_off == -2
    grade = grade_go(
        question, question.scorer, "thirty-one and go", question.next_leader, seconds=5
    )
    assert grade.categories == ("thirty-one",) and grade.points_off == 1
    assert "It is 2 for 31" in grade.notes[0]
    wrong_leader = None if question.next_leader is not None else 0
    grade = grade_go(question, question.scorer, "thirty-one", wrong_leader, seconds=5)
    assert grade.categories == ("go",)
    last = _go("club", "last-card")
    grade = grade_go(last, last.scorer, "go", None, seconds=5)
    assert grade.categories == ("last-card",)


def test_go_explanations() -> None:
    thirty_one = " ".join(go_explanation(_go("club", "thirty-one")))
    assert "exactly 31" in thirty_one and "nothing more" in thirty_one
    over = " ".join(go_explanation(_go("club", "last-card")))
    assert "last card of the play" in over and "the play is over" in over.lower()
    again = " ".join(go_explanation(_go("expert", "leads-again")))
    assert "no cards left" in again and "again" in again


def test_bad_go_answers_are_refused() -> None:
    question = _go("club", "go")
    with pytest.raises(InputProblem, match="Who pegs"):
        grade_go(question, None, "go", 0, seconds=1)
    with pytest.raises(InputProblem, match="What for"):
        grade_go(question, 0, "a lot", 0, seconds=1)
    with pytest.raises(InputProblem, match="Who leads next"):
        grade_go(question, 0, "go", "unset", seconds=1)
    assert set(GO_CHOICES) >= {"go", "last card", "thirty-one"}


def test_attempts_carry_the_question_and_answer() -> None:
    question = deal_question(DrillType.HAND, "beginner", 7, catalog=CATALOG)
    assert isinstance(question, ShowQuestion)
    grade = grade_quick(question, str(question.total + 1), seconds=3.14159)
    attempt = grade.attempt()
    assert (attempt.drill, attempt.tier, attempt.seed) == ("hand", "beginner", 7)
    assert attempt.question == question.notation()
    assert attempt.answer == str(question.total + 1)
    assert attempt.correct is False and attempt.points_off == 1
    assert attempt.seconds == 3.14 and attempt.mode == "quick"
    check_attempt(attempt)


def test_overcounting_a_double_run_is_explained_only_when_it_fits() -> None:
    question = show("3H 3D 4S 5C KH")  # fifteen two, fifteen four, and a double run of three
    assert question.total == 12
    twice_the_pair = grade_quick(question, "14", seconds=1)
    assert "a double run is two runs plus the pair" in twice_the_pair.notes[1]
    assert twice_the_pair.categories == ("run",)
    unexplained = grade_quick(question, "13", seconds=1)
    assert unexplained.notes == ("You were one over.",) and unexplained.categories == ()


def test_a_double_run_claimed_in_any_card_order_is_found_and_stands_for_its_items() -> None:
    # the example the combinations property found: the claim's cards not in rank order
    question = show("AS 3S AD 2S KC")
    made = claim("double run", "AS 3S AD 2S")
    (check,) = check_claims(question, [made])
    assert check.status == "found"
    assert _stands_for_items(question, made)
    assert not _stands_for_items(question, claim("double run", "AS 3S 2S KC"))


# --- a count made in a game ---------------------------------------------------------------------


def test_a_count_made_in_a_game_is_graded_as_a_typed_total_from_its_show_event() -> None:
    from trainer.engine import ShowEvent, Which, parse_cards, score_show
    from trainer.training.grading import GAME_TIER, grade_game_count

    *hand, starter = parse_cards("5H 5D 5C JS 5S")
    short = ShowEvent.build(0, Which.CRIB, score_show(hand, starter, crib=True), 24)
    grade = grade_game_count(short, game_seed=42, deal_no=3, seconds=4.0)
    assert not grade.correct and grade.muggins == 5  # the other player takes the 5 missed
    attempt = grade.attempt()
    assert (attempt.drill, attempt.tier, attempt.seed) == ("crib", GAME_TIER, 42)
    assert attempt.answer == "24" and attempt.points_off == -5
    right = ShowEvent.build(0, Which.HAND, score_show(hand, starter), 29)
    assert grade_game_count(right, game_seed=42, deal_no=3, seconds=4.0).correct
    automatic = ShowEvent.build(0, Which.HAND, score_show(hand, starter), None)
    with pytest.raises(ValueError, match="no count to grade"):
        grade_game_count(automatic, game_seed=42, deal_no=3, seconds=4.0)

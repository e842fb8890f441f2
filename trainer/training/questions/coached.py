"""The coach drills: "Which two do you throw?" and "What would you play?". Questions dealt
from a seed (or, for a throw, six cards given), answers graded by the points they lose
against the best choice, by the coach's own advice (:mod:`trainer.training.coach`). A grade
carries its rows (the throws, or the cards that could be laid, best first) for a page to
show as it likes."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis import PlayOption, analyse_play, random_turns
from trainer.engine import DECK, Card, Pegging
from trainer.engine.skills import Category, DrillType
from trainer.training.coach import NEAR_TIE, ThrowLine, discard_advice

__all__ = [
    "DISCARD_TIERS",
    "PLAY_TIERS",
    "CoachAttempt",
    "CoachGrade",
    "DiscardQuestion",
    "PlayQuestion",
    "deal_discard_question",
    "deal_play_question",
    "discard_question",
    "grade_discard",
    "grade_play",
]

_EPS = 1e-9

#: The tiers of "Which two do you throw?": whose crib it is.
DISCARD_TIERS: tuple[str, ...] = ("dealer", "pone")
#: The tiers of "What would you play?": ``clear`` positions have one card at least
#: a point better than some other; ``close`` ones a best card that wins by less.
PLAY_TIERS: tuple[str, ...] = ("clear", "close")


@dataclass(frozen=True, slots=True)
class CoachAttempt:
    """What :class:`trainer.training.records.AttemptIn` needs from a graded coach drill
    (``AttemptIn(**dataclasses.asdict(attempt), seconds=...)``)."""

    drill: DrillType
    tier: str
    seed: int
    question: str
    answer: str
    correct: bool
    points_off: int  # as in AttemptIn: the choice's value minus the best's, rounded (<= 0)
    missed: tuple[Category, ...]


@dataclass(frozen=True, slots=True)
class CoachGrade:
    """A graded coach drill answer: right when within :data:`NEAR_TIE` of the best;
    ``points_lost`` (points a deal, or points in the play); the ``verdict`` and the
    ``reasons`` in words; and the rows for a page to lay out: ``throws`` (every throw, best
    first) or ``options`` (every card that could be laid, best first), with ``chosen`` the
    row of the answer given."""

    correct: bool
    points_lost: float
    verdict: str
    reasons: tuple[str, ...]
    attempt: CoachAttempt
    throws: tuple[ThrowLine, ...] = ()
    options: tuple[PlayOption, ...] = ()
    chosen: int = 0

    @property
    def lines(self) -> tuple[str, ...]:
        """Everything in words: the verdict, the reasons, then each row."""
        rows = [line.line() for line in self.throws]
        best = self.options[0] if self.options else None
        rows += [
            option_line(option, best=option is best, chosen=n == self.chosen)
            for n, option in enumerate(self.options)
        ]
        return (self.verdict, *self.reasons, *rows)


@dataclass(frozen=True, slots=True)
class DiscardQuestion:
    """Which two of these six do you throw? ``dealer`` says whose crib it is."""

    tier: str
    seed: int
    index: int
    six: tuple[Card, ...]
    dealer: bool

    drill: DrillType = DrillType.DISCARD

    def notation(self) -> str:
        """``5H 5D 5C JS 2D 9C | dealer``."""
        return " ".join(str(c) for c in self.six) + (" | dealer" if self.dealer else " | pone")

    def prompt(self) -> str:
        whose = "your own crib" if self.dealer else "the dealer's crib (you are the pone)"
        return f"Which two do you throw into {whose}?"


def _rng(drill: str, tier: str, seed: int, index: int) -> random.Random:
    if not isinstance(seed, int) or not isinstance(index, int) or index < 0:
        raise ValueError("seed and index must be whole numbers, index from 0")
    return random.Random(f"{drill}/{tier}/{seed}/{index}")


def deal_discard_question(tier: str, seed: int, index: int = 0) -> DiscardQuestion:
    """The question for ``tier`` (``dealer`` or ``pone``), ``seed`` and ``index``;
    the same three always deal the same six cards."""
    if tier not in DISCARD_TIERS:
        raise ValueError(f"tier must be one of {', '.join(DISCARD_TIERS)}, not {tier!r}")
    rng = _rng("discard", tier, seed, index)
    return discard_question(rng.sample(DECK, 6), tier, seed=seed, index=index)


def discard_question(
    six: Sequence[Card], tier: str, *, seed: int = 0, index: int = 0
) -> DiscardQuestion:
    """The question for six cards given (a throw from a game, to practise again), in card
    order; ``ValueError`` for anything but six different cards or a tier not in
    :data:`DISCARD_TIERS`."""
    if tier not in DISCARD_TIERS:
        raise ValueError(f"tier must be one of {', '.join(DISCARD_TIERS)}, not {tier!r}")
    cards = tuple(six)
    if len(cards) != 6 or not all(isinstance(c, Card) for c in cards):
        raise ValueError(f"a throw is chosen from six cards, not {len(cards)}")
    if len(set(cards)) != 6:
        raise ValueError("the six cards must all be different")
    ordered = tuple(sorted(cards, key=lambda c: c.index))
    return DiscardQuestion(tier=tier, seed=seed, index=index, six=ordered, dealer=tier == "dealer")


def grade_discard(question: DiscardQuestion, throw: Sequence[Card]) -> CoachGrade:
    """Grade a throw by the points a deal it loses against the best; the lines are
    the advice and the table of throws."""
    advice = discard_advice(question.six, throw, dealer=question.dealer, top=15)
    correct = advice.equal
    answer = " ".join(str(c) for c in advice.chosen.discard.throw)
    verdict, *reasons = advice.words()
    return CoachGrade(
        correct=correct,
        points_lost=advice.cost,
        verdict=verdict,
        reasons=tuple(reasons),
        throws=advice.top,
        chosen=advice.place - 1,
        attempt=CoachAttempt(
            drill=question.drill,
            tier=question.tier,
            seed=question.seed,
            question=question.notation(),
            answer=answer,
            correct=correct,
            points_off=-round(advice.cost),
            missed=() if correct else (Category.DISCARD,),
        ),
    )


@dataclass(frozen=True, slots=True)
class PlayQuestion:
    """What would you play? A view of the play for the player to act, and every legal
    card valued by the pegging analysis (best first)."""

    tier: str
    seed: int
    index: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    mine_played: tuple[Card, ...]
    theirs_played: tuple[Card, ...]
    starter: Card
    options: tuple[PlayOption, ...]

    drill: DrillType = DrillType.PLAY

    @property
    def count(self) -> int:
        return sum(c.pips for c in self.pile)

    def prompt(self) -> str:
        """``The count is 20. What would you play?`` (or, on the lead, ``You lead.``)."""
        if not self.pile:
            return "You lead. What would you play?"
        return f"The count is {self.count}. What would you play?"

    def notation(self) -> str:
        """``hand | pile | you laid | they laid | starter``, ``-`` for none."""

        def cards(cs: Sequence[Card]) -> str:
            return " ".join(str(c) for c in cs) or "-"

        return " | ".join(
            (
                cards(self.hand),
                cards(self.pile),
                cards(self.mine_played),
                cards(self.theirs_played),
                str(self.starter),
            )
        )


def _fits(tier: str, options: Sequence[PlayOption]) -> bool:
    if len(options) < 2:
        return False
    gap = options[0].net - options[1].net
    if tier == "clear":
        return options[0].net - options[-1].net >= 1.0 and gap > NEAR_TIE + _EPS
    return NEAR_TIE + _EPS < gap < 1.0


def deal_play_question(tier: str, seed: int, index: int = 0) -> PlayQuestion:
    """A pegging position for ``tier`` (``clear`` or ``close``) from ``seed`` and
    ``index``: a deal played at random by both sides until it is the player's turn
    with a choice that fits the tier. Deterministic; the search is bounded."""
    if tier not in PLAY_TIERS:
        raise ValueError(f"tier must be one of {', '.join(PLAY_TIERS)}, not {tier!r}")
    rng = _rng("play", tier, seed, index)
    for _ in range(400):
        cards = rng.sample(DECK, 9)
        hands = [cards[:4], cards[4:8]]
        play = Pegging([list(h) for h in hands], leader=rng.randrange(2))
        stop = rng.randrange(7)
        for steps, seat in enumerate(random_turns(play, rng)):
            if seat == 0 and len(play.playable()) >= 2 and steps >= stop:
                hand, pile = tuple(play.hands[0]), tuple(play.pile)
                mine, theirs = play.laid(0), play.laid(1)
                options = analyse_play(
                    hand, pile=pile, mine_played=mine, theirs_played=theirs, starter=cards[8]
                )
                if _fits(tier, options):
                    return PlayQuestion(
                        tier=tier,
                        seed=seed,
                        index=index,
                        hand=hand,
                        pile=pile,
                        mine_played=mine,
                        theirs_played=theirs,
                        starter=cards[8],
                        options=options,
                    )
    raise ValueError(f"no {tier} pegging position found for seed {seed}, index {index}")


def option_line(option: PlayOption, *, best: bool, chosen: bool) -> str:
    """One card that could be laid, in words (``8♠: pegs 2, their best reply 1.20 on
    average, net +0.80 (best)``)."""
    marks = [m for m, on in (("best", best), ("yours", chosen)) if on]
    tag = f" ({', '.join(marks)})" if marks else ""
    return (
        f"{option.card.label}: pegs {option.points}, their best reply {option.reply:.2f} "
        f"on average, net {option.net:+.2f}{tag}"
    )


def grade_play(question: PlayQuestion, card: Card) -> CoachGrade:
    """Grade the card chosen by the points it gives away against the best card (net:
    points pegged now minus the opponent's expected best reply)."""
    if not isinstance(card, Card):
        raise ValueError(f"the answer must be a card, not {card!r}")
    if card not in question.hand:
        raise ValueError(f"{card.label} is not in the hand")
    chosen = next((o for o in question.options if o.card == card), None)
    if chosen is None:
        raise ValueError(
            f"{card.label} does not fit: the count would be {question.count + card.pips}"
        )
    best = question.options[0]
    lost = best.net - chosen.net
    correct = lost <= NEAR_TIE + _EPS
    if chosen is best:
        verdict = f"The {card.label} is the best card here."
    elif correct:
        verdict = f"The {card.label} is as good as the best."
    else:
        verdict = f"The {best.card.label} was better: the {card.label} gives away {lost:.2f} points on average."
    return CoachGrade(
        correct=correct,
        points_lost=lost,
        verdict=verdict,
        reasons=(),
        options=question.options,
        chosen=question.options.index(chosen),
        attempt=CoachAttempt(
            drill=question.drill,
            tier=question.tier,
            seed=question.seed,
            question=question.notation(),
            answer=str(card),
            correct=correct,
            points_off=-round(lost),
            missed=() if correct else (Category.PLAY,),
        ),
    )

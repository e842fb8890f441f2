"""The one-card throw, for three or four at the table, where each player keeps four of five
and throws one: the five throws by the average points the four kept make with every
starter that could be turned (the engine counts each), and what the one card gives the
crib in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from trainer.engine import DECK, Card, score_show
from trainer.training.coach.common import about, check_dealer, is_equal
from trainer.training.coach.reasons import Reason, keep_reasons, reason_line

__all__ = ["OneCardAdvice", "OneCardLine", "one_card_advice", "one_card_ranking"]


@dataclass(frozen=True, slots=True)
class OneCardLine:
    """One throw of five cards (one to the crib, four kept): its place (1 is best), the
    four kept's average points with the starter, whether it is as good as the best, and
    why."""

    place: int
    card: Card
    keep: tuple[Card, ...]
    hand: float
    equal_to_best: bool
    reasons: tuple[Reason, ...]

    @property
    def reason(self) -> str:
        return reason_line(self.reasons)

    def line(self, *, words: bool = False) -> str:
        """``1. throw 9♣, keep 5♥ 5♦ 5♣ J♠: hand 18.34``; with ``words`` (learning mode,
        first games) ``…: the hand makes about 18 points on average``."""
        keep = " ".join(c.label for c in self.keep)
        tie = " (as good as the best)" if self.equal_to_best and self.place > 1 else ""
        hand = f"the hand makes {about(self.hand)} on average" if words else f"hand {self.hand:.2f}"
        return f"{self.place}. throw {self.card.label}, keep {keep}: {hand}{tie}"


def _one_card_reasons(card: Card, *, dealer: bool) -> list[Reason]:
    gives = "gives your own crib" if dealer else "gives the dealer"
    if card.pips == 5:
        return [Reason("crib-five", f"{gives} a five")]
    if card.is_jack:
        return [Reason("crib-jack", f"{gives} a jack (nobs, if the starter matches its suit)")]
    if not dealer and card.order >= 11:
        return [Reason("crib-safe", "gives the dealer a card that is hard to use")]
    return []


def _five(cards: Sequence[Card]) -> tuple[Card, ...]:
    five = tuple(cards)
    if len(five) != 5 or not all(isinstance(c, Card) for c in five) or len(set(five)) != 5:
        raise ValueError(f"a throw of one is made from five different cards, not {len(five)}")
    return five


@lru_cache(maxsize=256)
def _one_card_ranked(five: tuple[Card, ...], dealer: bool) -> tuple[OneCardLine, ...]:
    starters = [c for c in DECK if c not in five]
    scored = []
    for card in five:
        keep = tuple(c for c in five if c != card)
        hand = sum(score_show(keep, s).total for s in starters) / len(starters)
        scored.append((card, keep, hand))
    scored.sort(key=lambda t: (-t[2], t[0].index))
    best = scored[0][2]
    return tuple(
        OneCardLine(
            place=i + 1,
            card=card,
            keep=keep,
            hand=hand,
            equal_to_best=is_equal(hand, best),
            reasons=(*keep_reasons(keep), *_one_card_reasons(card, dealer=dealer)),
        )
        for i, (card, keep, hand) in enumerate(scored)
    )


def one_card_ranking(five: Sequence[Card], *, dealer: bool) -> tuple[OneCardLine, ...]:
    """The five throws of one card from ``five``, best first: by the average points the
    four kept make with each of the 47 starters that could be turned (the crib, made of
    everyone's throws, is not in the figure; its words say what the card gives it)."""
    return _one_card_ranked(_five(five), check_dealer(dealer))


@dataclass(frozen=True, slots=True)
class OneCardAdvice:
    """The player's one card thrown against the best one, by the kept hand's points."""

    dealer: bool
    ranked: tuple[OneCardLine, ...]
    chosen: OneCardLine

    @property
    def best(self) -> OneCardLine:
        return self.ranked[0]

    @property
    def place(self) -> int:
        return self.chosen.place

    @property
    def cost(self) -> float:
        """What the kept hand makes less than the best keep's, on average."""
        return self.best.hand - self.chosen.hand

    @property
    def equal(self) -> bool:
        return self.chosen.equal_to_best

    def words(self, *, words: bool = False) -> tuple[str, ...]:
        """The verdict, then the reasons: to a hundredth of a point, or (``words``:
        learning mode, first games) in whole points."""
        card = self.chosen.card.label
        if self.place == 1:
            verdict = f"Throwing {card} is the best throw: it keeps the hand that scores most."
        elif self.equal:
            verdict = f"Throwing {card} is as good as the best (place {self.place} of 5)."
        else:
            less = about(self.cost) if words else f"{self.cost:.2f} points"
            verdict = (
                f"Throwing {card} is number {self.place} of 5: your hand makes "
                f"{less} less on average than if you had thrown {self.best.card.label}."
            )
        out = [verdict, f"Best: {self.best.reason}."]
        if self.place != 1:
            out.append(f"Yours: {self.chosen.reason}.")
        return tuple(out)

    def lines(self, *, words: bool = False) -> tuple[str, ...]:
        """:meth:`words`, then every throw with the kept hand's average points (in whole
        points with ``words``)."""
        return (
            *self.words(words=words),
            *(line.line(words=words) for line in self.ranked),
            "(Points of the four you keep, with the starter, on average; the crib is shared "
            "by everyone's throws, so it is told in words.)",
        )


def one_card_advice(five: Sequence[Card], thrown: Card, *, dealer: bool) -> OneCardAdvice:
    """Advice on throwing ``thrown`` from ``five`` (three or four at the table)."""
    ranked = one_card_ranking(five, dealer=dealer)
    chosen = next((line for line in ranked if line.card == thrown), None)
    if chosen is None:
        label = thrown.label if isinstance(thrown, Card) else repr(thrown)
        raise ValueError(f"{label} is not among the five cards")
    return OneCardAdvice(dealer, ranked, chosen)

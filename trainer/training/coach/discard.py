"""The discard coach, two of six: the ranking of the fifteen throws (the hint before
throwing, :func:`hint_ranking`) and a throw made against the best one
(:func:`discard_advice`), by the analysis's sound model, counting the play as Crazy does
(:func:`~trainer.analysis.analyse_discards` with ``play``: what the four kept peg better
or worse than an average hand, net of the opponent's pegging, in a column of its own)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis import analyse_discards
from trainer.analysis.discards import Discard
from trainer.engine import Card
from trainer.training.coach.common import about, check_dealer, is_equal
from trainer.training.coach.reasons import Reason, discard_reasons, reason_line

__all__ = ["TOP", "DiscardAdvice", "ThrowLine", "discard_advice", "hint_ranking"]

#: How many throws a ranking shows unless told.
TOP = 5


@dataclass(frozen=True, slots=True)
class ThrowLine:
    """One throw in the ranking: its place (1 is best), the analysis's numbers
    (``discard``), whether it is as good as the best, and why."""

    place: int
    discard: Discard
    equal_to_best: bool
    reasons: tuple[Reason, ...]

    @property
    def reason(self) -> str:
        return reason_line(self.reasons)

    def line(self, *, words: bool = False) -> str:
        """``1. throw 2♦ 9♣, keep 5♥ 5♦ 5♣ J♠: hand 18.34 + crib 4.10 + the play 0.31 =
        22.75``; with ``words`` (learning mode, first games) in whole points: ``…: the hand
        makes about 18 points and your crib about 4 on average``, and what the four peg
        when it is a point or more better or worse than an average hand's."""
        d = self.discard
        throw = " ".join(c.label for c in d.throw)
        keep = " ".join(c.label for c in d.keep)
        tie = " (as good as the best)" if self.equal_to_best and self.place > 1 else ""
        if words:
            crib = (
                f"and your crib {about(d.crib)}"
                if d.dealer
                else f"and gives their crib {about(d.crib)}"
            )
            pegs = ""
            if round(abs(d.play)) >= 1:
                more = "more" if d.play > 0 else "fewer"
                pegs = f", and in the play it pegs {about(abs(d.play))} {more} than most hands"
            return (
                f"{self.place}. throw {throw}, keep {keep}: the hand makes {about(d.hand)} "
                f"{crib} on average{pegs}{tie}"
            )
        sign = "+" if d.dealer else "−"
        play = f" {'+' if d.play >= 0 else '−'} the play {abs(d.play):.2f}" if d.play else ""
        return (
            f"{self.place}. throw {throw}, keep {keep}: hand {d.hand:.2f} {sign} crib "
            f"{d.crib:.2f}{play} = {d.net:.2f}{tie}"
        )


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """The player's throw against the best one.

    ``top`` holds the best few throws; ``chosen`` is the player's, at ``place``
    among all 15. ``cost`` is the best net minus the chosen net (points a deal),
    ``hand_cost`` the part of it in the hand, ``play_cost`` the part in the play and
    ``crib_cost`` the rest, in the crib (any part can be negative when the others
    outweigh it).
    """

    dealer: bool
    top: tuple[ThrowLine, ...]
    chosen: ThrowLine
    best: ThrowLine
    cost: float
    hand_cost: float
    crib_cost: float
    play_cost: float = 0.0

    @property
    def place(self) -> int:
        return self.chosen.place

    rank = place

    @property
    def equal(self) -> bool:
        """The choice is within :data:`NEAR_TIE` of the best: as good as the best."""
        return self.chosen.equal_to_best

    def cost_text(self) -> str:
        """``0.42 a deal: 0.30 in the hand, 0.12 in the crib``."""
        if self.chosen.place == 1:
            return "nothing: this is the best throw"
        if self.equal:
            return f"{self.cost:.2f} a deal: as good as the best"
        shares = ((self.hand_cost, "hand"), (self.crib_cost, "crib"), (self.play_cost, "play"))
        parts = [f"{amount:.2f} in the {where}" for amount, where in shares if amount >= 0.005]
        gains = [
            f"though it gains {-amount:.2f} in the {where}"
            for amount, where in shares
            if amount <= -0.005
        ]
        return f"{self.cost:.2f} a deal: " + ", ".join(parts + gains)

    def words(self) -> tuple[str, ...]:
        """The verdict, then the reasons (the best throw's, and the chosen one's)."""
        if self.chosen.place == 1:
            verdict = "That is the best throw."
        elif self.equal:
            verdict = f"That throw is as good as the best (place {self.place} of 15)."
        else:
            verdict = f"That throw is number {self.place} of 15; it costs {self.cost_text()}."
        out = [verdict, f"Best: {self.best.reason}."]
        if self.chosen.place != 1:
            out.append(f"Yours: {self.chosen.reason}.")
        return tuple(out)

    def table(self, *, words: bool = False) -> tuple[str, ...]:
        """The top throws, a line each (and the chosen one's, when it is not among them):
        to a hundredth of a point, or (``words``) in whole points."""
        rows = [line.line(words=words) for line in self.top]
        if self.chosen.place > len(self.top):
            rows.append(self.chosen.line(words=words))
        return tuple(rows)

    def lines(self, *, words: bool = False) -> tuple[str, ...]:
        """The explanation: :meth:`words`, then :meth:`table`; with ``words`` (learning mode
        and first games, whose verdict is :func:`~.plain_words.plain_verdict`) the table in
        whole points alone."""
        if words:
            return self.table(words=True)
        return (*self.words(), *self.table())


def _line(place: int, discard: Discard, best: float) -> ThrowLine:
    return ThrowLine(
        place=place,
        discard=discard,
        equal_to_best=is_equal(discard.net, best),
        reasons=discard_reasons(discard.throw, discard.keep, dealer=discard.dealer),
    )


def _ranked(six: Sequence[Card], dealer: bool) -> tuple[Discard, ...]:
    return analyse_discards(six, dealer=check_dealer(dealer), opponent="sound", play=True)


def _check_top(top: object) -> int:
    if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 15:
        raise ValueError(f"top must be a whole number from 1 to 15, not {top!r}")
    return top


def hint_ranking(six: Sequence[Card], *, dealer: bool, top: int = TOP) -> tuple[ThrowLine, ...]:
    """The best ``top`` throws of ``six`` (the "Hint" before throwing), best first."""
    _check_top(top)
    ranked = _ranked(six, dealer)
    return tuple(_line(i + 1, d, ranked[0].net) for i, d in enumerate(ranked[:top]))


def discard_advice(
    six: Sequence[Card],
    chosen_throw: Sequence[Card],
    *,
    dealer: bool,
    scores: tuple[int, int] | None = None,
    target: int = 121,
    top: int = TOP,
) -> DiscardAdvice:
    """Advice on throwing ``chosen_throw`` from ``six``, by the sound model.

    ``scores`` (the player's, the opponent's) and ``target`` are checked but do
    not change the advice yet: the numbers are points a deal, for any score.
    Raises ``ValueError`` naming the problem: not six distinct cards, a throw that
    is not two of them, scores off the board.
    """
    if target not in (61, 121):
        raise ValueError(f"a game is to 61 or 121, not {target!r}")
    if scores is not None and (
        not isinstance(scores, tuple)
        or len(scores) != 2
        or not all(isinstance(s, int) and 0 <= s < target for s in scores)
    ):
        raise ValueError(f"scores must be two whole numbers from 0 to {target - 1}")
    _check_top(top)
    ranked = _ranked(six, dealer)
    throw = tuple(chosen_throw)
    if len(throw) != 2 or not all(isinstance(c, Card) for c in throw):
        raise ValueError(f"a throw is two cards, not {len(throw)}")
    if throw[0] == throw[1]:
        raise ValueError(f"{throw[0].label} is thrown twice")
    strays = [c.label for c in throw if c not in six]
    if strays:
        raise ValueError(f"{' '.join(strays)} is not among the six cards")
    lines = tuple(_line(i + 1, d, ranked[0].net) for i, d in enumerate(ranked[:top]))
    place = next(i for i, d in enumerate(ranked) if set(d.throw) == set(throw))
    chosen = lines[place] if place < top else _line(place + 1, ranked[place], ranked[0].net)
    best = lines[0]
    cost = best.discard.net - chosen.discard.net
    hand_cost = best.discard.hand - chosen.discard.hand
    play_cost = best.discard.play - chosen.discard.play
    return DiscardAdvice(
        dealer=dealer,
        top=lines,
        chosen=chosen,
        best=best,
        cost=cost,
        hand_cost=hand_cost,
        crib_cost=cost - hand_cost - play_cost,
        play_cost=play_cost,
    )

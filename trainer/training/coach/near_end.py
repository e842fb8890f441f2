"""Near the end of a game the coach speaks of winning it instead of points: the throw by
its chance to win (:class:`GameThrow`, from the throws' chances of
:func:`~trainer.analysis.winmeter.seat_chance`) and the card to lay (:func:`game_lay_line`,
from the cards' chances of the same function), in words (learning mode and first games:
:mod:`.chances`) or in whole percentages. The chance the coach names for its choice is the
one the win meter shows, from the same function.

"Near the end" (:func:`near_the_end`) is when a side can reach the target this deal or the
next (:func:`~trainer.analysis.winmeter.reach`): a chance of at least
:data:`~trainer.analysis.winmeter.REACH` of doing so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.endgame import ThrowAdvice, ThrowChance
from trainer.analysis.players import CardChance
from trainer.analysis.winmeter import REACH, reach
from trainer.engine import Card, SeatView
from trainer.training.coach.chances import chance_said, in_figures, standing, you_are

__all__ = [
    "BEST_HAND",
    "SAME_CHANCE",
    "STARTERS",
    "GameThrow",
    "game_lay_line",
    "near_the_end",
    "would_leave",
]

#: Two choices whose chances to win are within this are called as good as each other.
SAME_CHANCE = 0.01
#: The most a hand (four cards and the starter) can make.
BEST_HAND = 29
#: The starters a player holding six cards cannot see: what "how often a hand makes" counts.
STARTERS = 46


def near_the_end(view: SeatView) -> bool:
    """Whether a side can reach the target this deal or the next (a chance of at least
    :data:`~trainer.analysis.winmeter.REACH` by :func:`~trainer.analysis.winmeter.reach`)."""
    return max(reach(view)) >= REACH


def would_leave(chance: float) -> str:
    """``would leave you well behind``, ``would make winning a long shot``: what a choice
    does to the person's chance, in words."""
    said = standing(chance)
    if said == "a long shot":
        return "would make winning a long shot"
    return f"would leave you {said}"


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards)


def _throw_words(throw: Sequence[Card]) -> str:
    a, b = throw
    return f"{a.label} and {b.label}"


def _starters(home: float, *, words: bool) -> str:
    """How often a hand makes what is needed: ``36 of the 46 starters`` (words) or
    ``78% of the starters``."""
    if words:
        return f"{round(home * STARTERS)} of the {STARTERS} starters"
    return f"{in_figures(home)} of the starters"


@dataclass(frozen=True, slots=True)
class GameThrow:
    """The throw near the end, by the chance to win the game: the analysis's
    :class:`~trainer.analysis.endgame.ThrowAdvice` (every throw's chance, best first),
    the throw made (``None`` before it), and the throw that makes the most points on
    average (``points_best``), to say when playing for the game changes the throw.
    ``words``: chances in words (learning mode, first games), else whole percentages."""

    advice: ThrowAdvice
    thrown: tuple[Card, Card] | None = None
    points_best: tuple[Card, Card] | None = None
    words: bool = False

    @property
    def best(self) -> ThrowChance:
        return self.advice.best

    @property
    def chosen(self) -> ThrowChance | None:
        if self.thrown is None:
            return None
        return next(t for t in self.advice.throws if set(t.throw) == set(self.thrown))

    @property
    def best_for_the_game(self) -> bool:
        """The throw made wins (within :data:`SAME_CHANCE`) as often as the best."""
        chosen = self.chosen
        return chosen is not None and self.best.win - chosen.win <= SAME_CHANCE

    @property
    def hopeless(self) -> bool:
        """No throw wins the game: the points are all that is left to play for."""
        return self.best.win <= 0.0

    @property
    def counting_out(self) -> bool:
        """This seat counts first and some hand it can keep makes what it needs."""
        return self.advice.counts_first and self.advice.surest.home > 0.0

    def plan(self) -> str:
        """What matters for the game in this deal, in a sentence."""
        a = self.advice
        need = a.need
        if self.counting_out:
            if set(a.surest.keep) == set(self.best.keep):
                return (
                    f"You count first and need {need}: keep the hand that makes {need} most often."
                )
            return (
                f"You count first and need {need}: the points you peg help too, so keep "
                "the hand that wins most often, not only the one that makes "
                f"{need} most often."
            )
        if a.counts_first and need <= BEST_HAND:
            return (
                f"You count first and need {need}. No four of these cards make {need} with a "
                "starter, so keep the hand that wins most often: the points you peg count too."
            )
        if not a.counts_first and a.their_need <= BEST_HAND:
            return (
                f"The computer counts first and needs {a.their_need}: it may go out before "
                "you count, so keep the hand that wins most often."
            )
        return (
            f"Near the end, winning the game is what counts, not the points: you need {need}, "
            f"the computer {a.their_need}."
        )

    def _made(self, throw: ThrowChance) -> str:
        """How often ``throw``'s hand makes the need alone (when that is the question and
        it ever does)."""
        if not self.counting_out or throw.home <= 0.0:
            return ""
        need = self.advice.need
        return f" the hand makes {need} or more with {_starters(throw.home, words=self.words)}, and"

    def before_lines(self) -> tuple[str, ...]:
        """Before the throw: the plan, the throw for the game, and the throw for points
        when it is another."""
        best = self.best
        if self.words:
            wins = f" it gives you the best chance to win the game ({you_are(best.win)})."
        else:
            wins = f" it wins the game {in_figures(best.win)} of the time."
        out = [
            self.plan(),
            f"The coach would throw {_throw_words(best.throw)}, keeping {_labels(best.keep)}:"
            f"{self._made(best)}{wins}",
        ]
        if self.points_best is not None and set(self.points_best) != set(best.throw):
            out.append(
                f"For points alone you would throw {_throw_words(self.points_best)}, but here "
                "the game matters more than the points."
            )
        return tuple(out)

    def hint_lines(self, top: int = 3) -> tuple[str, ...]:
        """The hint near the end: the ``top`` throws for the game, best first."""
        out = []
        for place, throw in enumerate(self.advice.throws[:top], start=1):
            if self.words:
                said = (
                    f"the best chance to win the game ({you_are(throw.win)})"
                    if place == 1
                    else f"it {would_leave(throw.win)}"
                )
            else:
                said = f"it wins the game {in_figures(throw.win)} of the time"
            out.append(
                f"{place}. Throw {_throw_words(throw.throw)}, keeping {_labels(throw.keep)}: "
                f"{said}."
            )
        return tuple(out)

    def _verdict(self, chosen: ThrowChance) -> str:
        best = self.best
        if self.words:
            if self.best_for_the_game:
                return "Your throw gives you the best chance to win the game."
            yours, theirs = standing(chosen.win), standing(best.win)
            better = (
                f"a better chance to win the game: {theirs}, against {yours} with yours"
                if yours != theirs
                else "a little better chance to win the game"
            )
            return (
                f"Throwing {_throw_words(best.throw)} (keeping {_labels(best.keep)}) would "
                f"have given you {better}."
            )
        if self.best_for_the_game:
            return (
                f"Your throw wins the game {in_figures(chosen.win)} of the time: "
                "as good as any for the game."
            )
        return (
            f"Your throw wins the game {in_figures(chosen.win)} of the time; throwing "
            f"{_throw_words(best.throw)} (keeping {_labels(best.keep)}) wins "
            f"{in_figures(best.win)}."
        )

    def lines(self) -> tuple[str, ...]:
        """After the throw: how often it wins against the best, and the plan."""
        chosen = self.chosen
        if chosen is None:
            raise ValueError("the throw has not been made yet")
        out = [self._verdict(chosen), self.plan()]
        if self.counting_out:
            need = self.advice.need
            surest = self.advice.surest
            made = _starters(surest.home, words=self.words)
            if chosen.home > 0.0:
                yours = _starters(chosen.home, words=self.words)
                out.append(
                    f"Your hand makes {need} or more with {yours}; the surest hand, "
                    f"{_labels(surest.keep)}, with {made}."
                )
            elif not self.best_for_the_game:
                out.append(
                    f"Your hand cannot make {need} by itself; the surest hand, "
                    f"{_labels(surest.keep)}, makes it with {made}."
                )
            else:  # the coach's own keep: what it does instead
                out.append(
                    f"Your hand is kept to win with what you peg, not to make {need} by "
                    f"itself; the surest hand for that, {_labels(surest.keep)}, makes it with "
                    f"{made}."
                )
        return tuple(out)


def game_lay_line(chances: Sequence[CardChance], *, words: bool = False) -> str:
    """Near the end, before a card is laid: the card that keeps the best chance to win
    (``chances``, best first: :attr:`~trainer.analysis.winmeter.SeatChance.cards`), in a
    sentence; ``''`` when there is no choice, or no card wins the game (the points are
    all that is left to play for)."""
    if len(chances) < 2 or chances[0].win <= 0.0:
        return ""
    best, worst = chances[0], chances[-1]
    if best.win - worst.win <= SAME_CHANCE:
        said = you_are(best.win) if words else f"about {in_figures(best.win)}"
        return f"Near the end: every card here leaves you the same chance to win the game: {said}."
    if words:
        if standing(worst.win) == standing(best.win):
            after = f"the {worst.card.label} a little less"
        else:
            after = f"the {worst.card.label} {would_leave(worst.win)}"
        return (
            f"Near the end: the {best.card.label} gives you the best chance to win the game "
            f"({you_are(best.win)}); {after}."
        )
    return (
        f"Near the end: the {best.card.label} gives you the best chance to win the game, "
        f"{chance_said(best.win, words=False)} (the {worst.card.label}: "
        f"{chance_said(worst.win, words=False)})."
    )

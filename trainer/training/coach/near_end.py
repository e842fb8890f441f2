"""Near the end of a game the coach speaks of winning it instead of points: the throw by
its chance to win (:class:`GameThrow`, from :func:`~trainer.analysis.endgame.throw_advice`)
and the card to lay (:func:`game_lay_line`, from
:func:`~trainer.analysis.players.card_chances`), in whole percentages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis.endgame import ThrowAdvice, ThrowChance
from trainer.analysis.players import END, CardChance
from trainer.engine import Card

__all__ = [
    "BEST_HAND",
    "NEAR_END",
    "SAME_CHANCE",
    "GameThrow",
    "game_lay_line",
    "near_the_end",
    "percent",
]

#: Either side needing this many points or fewer: the coach speaks of winning the game
#: (where the Crazy computer starts playing for the game too).
NEAR_END = END
#: Two choices whose chances to win are within this are called as good as each other.
SAME_CHANCE = 0.01
#: The most a hand (four cards and the starter) can make.
BEST_HAND = 29


def near_the_end(need: int, their_need: int) -> bool:
    """Whether either side needs :data:`NEAR_END` points or fewer to win."""
    return need <= NEAR_END or their_need <= NEAR_END


def percent(chance: float) -> int:
    """A chance as a whole percentage, never 0 or 100 unless it is certain.

    >>> percent(0.624), percent(0.999), percent(1.0)
    (62, 99, 100)
    """
    if chance <= 0.0 or chance >= 1.0:
        return 100 if chance >= 1.0 else 0
    return min(99, max(1, round(100 * chance)))


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards)


def _throw_words(throw: Sequence[Card]) -> str:
    a, b = throw
    return f"{a.label} and {b.label}"


@dataclass(frozen=True, slots=True)
class GameThrow:
    """The throw near the end, by the chance to win the game: the analysis's
    :class:`~trainer.analysis.endgame.ThrowAdvice` (every throw's chance, best first),
    the throw made (``None`` before it), and the throw that makes the most points on
    average (``points_best``), to say when playing for the game changes the throw."""

    advice: ThrowAdvice
    thrown: tuple[Card, Card] | None = None
    points_best: tuple[Card, Card] | None = None

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
    def counting_out(self) -> bool:
        """This seat counts first and a hand can make what it needs."""
        return self.advice.counts_first and self.advice.need <= BEST_HAND

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
        """How often ``throw``'s hand makes the need alone (when that is the question)."""
        if not self.counting_out:
            return ""
        need = self.advice.need
        return f" the hand makes {need} or more with {percent(throw.home)}% of the starters, and"

    def before_lines(self) -> tuple[str, ...]:
        """Before the throw: the plan, the throw for the game, and the throw for points
        when it is another."""
        best = self.best
        out = [
            self.plan(),
            f"The coach would throw {_throw_words(best.throw)}, keeping {_labels(best.keep)}:"
            f"{self._made(best)} it wins the game {percent(best.win)}% of the time.",
        ]
        if self.points_best is not None and set(self.points_best) != set(best.throw):
            out.append(
                f"For points alone you would throw {_throw_words(self.points_best)}, but here "
                "the game matters more than the points."
            )
        return tuple(out)

    def lines(self) -> tuple[str, ...]:
        """After the throw: how often it wins against the best, and the plan."""
        chosen = self.chosen
        if chosen is None:
            raise ValueError("the throw has not been made yet")
        best = self.best
        if self.best_for_the_game:
            verdict = (
                f"Your throw wins the game {percent(chosen.win)}% of the time: "
                "as good as any for the game."
            )
        else:
            verdict = (
                f"Your throw wins the game {percent(chosen.win)}% of the time; throwing "
                f"{_throw_words(best.throw)} (keeping {_labels(best.keep)}) wins "
                f"{percent(best.win)}%."
            )
        out = [verdict, self.plan()]
        if self.counting_out:
            out.append(
                f"Your hand makes {self.advice.need} or more with {percent(chosen.home)}% of "
                f"the starters; the surest hand, {_labels(self.advice.surest.keep)}, with "
                f"{percent(self.advice.surest.home)}%."
            )
        return tuple(out)


def game_lay_line(chances: Sequence[CardChance]) -> str:
    """Near the end, before a card is laid: the card that keeps the best chance to win
    (:func:`~trainer.analysis.players.card_chances`, best first), in a sentence; ``''``
    when there is no choice."""
    if len(chances) < 2:
        return ""
    best, worst = chances[0], chances[-1]
    if best.win - worst.win <= SAME_CHANCE:
        return (
            "Near the end: every card here leaves you the same chance to win the game, "
            f"about {percent(best.win)}%."
        )
    return (
        f"Near the end: the {best.card.label} gives you the best chance to win the game, "
        f"{percent(best.win)}% (the {worst.card.label}: {percent(worst.win)}%)."
    )

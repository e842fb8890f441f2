"""How a set went: :class:`SetSummary`, made by :func:`summarize`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.engine.skills import CATEGORY_LABELS, Category
from trainer.training.grading import AdviceGrade, Graded


@dataclass(frozen=True, slots=True)
class SetSummary:
    """How a set went: accuracy, pace against the target, categories missed most."""

    answered: int
    correct: int
    seconds: float  # mean seconds an answer
    target: float  # mean target pace, seconds a question
    missed_most: tuple[tuple[Category, int], ...]  # (category, times), most first
    muggins: int
    choices: int = 0  # answers that were choices graded by the coach (a throw, a card)

    @property
    def accuracy(self) -> float:
        return self.correct / self.answered if self.answered else 0.0

    @property
    def on_pace(self) -> bool:
        return self.answered > 0 and self.seconds <= self.target

    def lines(self) -> tuple[str, ...]:
        if not self.answered:
            return ("No answers yet.",)
        lines = [
            f"Accuracy: {self.correct} of {self.answered} right ({self.accuracy:.0%}).",
            f"Pace: {self.seconds:.1f} s an answer against a target of {self.target:.0f} s "
            + (
                "(on pace)."
                if self.on_pace
                else "(slower than the target: it comes with practice)."
            ),
        ]
        if self.missed_most:
            names = ", ".join(
                f"{CATEGORY_LABELS[category]} ({times})" for category, times in self.missed_most
            )
            lines.append(f"Missed most: {names}.")
        elif self.correct == self.answered and self.choices == self.answered:
            lines.append("Nothing missed: every choice was as good as the best.")
        elif self.correct == self.answered:
            lines.append("Nothing missed: every combination found.")
        elif self.choices == self.answered:
            lines.append("Some choices were not the best: the explanations say what was better.")
        else:
            lines.append("No one kind of combination stood out among the answers you missed.")
        if self.muggins:
            lines.append(f"Your opponent took {self.muggins} points by muggins.")
        return tuple(lines)


def summarize(grades: Sequence[Graded], targets: Sequence[float]) -> SetSummary:
    """Summarise graded answers; ``targets`` are the target seconds of each question."""
    answered = len(grades)
    counts: Counter[Category] = Counter()
    for grade in grades:
        counts.update(grade.categories)
    return SetSummary(
        answered=answered,
        correct=sum(1 for grade in grades if grade.correct),
        seconds=sum(grade.seconds for grade in grades) / answered if answered else 0.0,
        target=sum(targets) / len(targets) if targets else 0.0,
        missed_most=tuple(counts.most_common(3)),
        muggins=sum(grade.muggins for grade in grades),
        choices=sum(1 for grade in grades if isinstance(grade, AdviceGrade)),
    )

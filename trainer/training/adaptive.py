"""Adaptive practice: how much each (drill, tier) should come up for one learner.

Pure: it reads a profile's recent answers and returns weights; nothing here touches the
store, the clock or Streamlit, so the same answers always give the same weights.

For each area (a drill type and tier) three needs, each between 0 and 1, are added up:

* **errors**: the share of wrong answers, counted with a decay by recency inside the area
  (an answer ``half_life`` answers older counts half) and pulled towards 50% while there
  are few answers; at or under ``MASTERY_ERROR`` it is no need at all.
* **categories**: for each kind of point (fifteens, nobs, the go, ...) the decayed share of
  answers that missed it, among the answers of the drills where it can come up. A
  category's need is shared out between the areas where it can come up, most to the
  areas where it was missed most, so missing nobs in the hand brings the hand back most
  and the crib a little.
* **pace**: how much slower than its target (or than the learner's usual pace for that
  drill type) the area is answered, capped at twice as slow.

An area's weight is ``floor`` plus its needs: nothing ever disappears, and an area
answered right, in time, with no weak category around it, sits exactly on the floor.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from trainer.engine.skills import CATEGORIES, CATEGORY_DRILLS, Category, DrillType
from trainer.training.records import AttemptIn

Area = tuple[DrillType, str]  # (drill, tier)

FLOOR = 0.05
HALF_LIFE = 20.0  # answers
MASTERY_ERROR = 0.10  # an area answered right 90% of the time (recently) is mastered
MASTERY_MISS = 0.05  # a category missed in 5% of its chances or fewer is mastered
PRIOR_ANSWERS = 2.0  # how many imaginary answers pull a new area's error rate to PRIOR_ERROR
PRIOR_ERROR = 0.5
CATEGORY_WEIGHT = 1.0
PACE_WEIGHT = 0.5

#: Where each kind of point can be missed, by drill type (answers elsewhere are no chance).


def category_drills(attempts: Iterable[AttemptIn] = ()) -> dict[Category, frozenset[DrillType]]:
    """:data:`CATEGORY_DRILLS`, widened by any drill type where a category was in fact missed."""
    seen: dict[Category, set[DrillType]] = {c: set(CATEGORY_DRILLS.get(c, ())) for c in CATEGORIES}
    for attempt in attempts:
        for category in attempt.missed:
            seen.setdefault(category, set()).add(attempt.drill)
    return {c: frozenset(drills) for c, drills in seen.items()}


@dataclass(frozen=True, slots=True)
class AreaNeed:
    """Why an area weighs what it does."""

    drill: DrillType
    tier: str
    answers: int  # recent answers looked at
    right: int
    errors: float  # 0..1
    categories: float  # 0..CATEGORY_WEIGHT * number of weak categories
    pace: float  # 0..1
    weakest_category: Category | None  # the category this area's answers missed most, if any
    weight: float

    @property
    def area(self) -> Area:
        return (self.drill, self.tier)

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answers if self.answers else None


def _decays(count: int, half_life: float) -> list[float]:
    """Weights for ``count`` answers, oldest first: the newest counts 1."""
    return [0.5 ** ((count - 1 - k) / half_life) for k in range(count)]


def _above(value: float, threshold: float) -> float:
    """How far ``value`` is above ``threshold``, scaled so that 1 means always wrong."""
    return max(0.0, value - threshold) / (1.0 - threshold)


def assess(
    recent: Sequence[AttemptIn],
    *,
    available: Iterable[Area] = (),
    target_seconds: Mapping[Area, float] | None = None,
    floor: float = FLOOR,
    half_life: float = HALF_LIFE,
) -> list[AreaNeed]:
    """Every area's needs and weight, sorted by area.

    ``recent`` is the profile's recent answers, oldest first (e.g. the newest few dozen of
    each area). ``available`` adds areas the learner has not tried (they get the floor).
    ``target_seconds`` is each area's target pace, when the drill defines one.
    """
    if floor <= 0:
        raise ValueError("the floor must be above zero, or an area could never come up")
    by_area: dict[Area, list[AttemptIn]] = defaultdict(list)
    for attempt in recent:
        by_area[(attempt.drill, attempt.tier)].append(attempt)
    for area in available:
        by_area.setdefault(area, [])

    errors, pace, area_misses = _area_figures(by_area, half_life)
    where = category_drills(recent)
    category_need = _category_needs(recent, where, half_life)

    # pace against the target, else against the learner's usual pace for that drill type
    usual: dict[str, float] = {}
    for drill in {d for d, _ in pace}:
        usual[drill] = statistics.median(p for (d, _), p in pace.items() if d == drill)
    targets = target_seconds or {}

    needs: list[AreaNeed] = []
    for area in sorted(by_area):
        drill, tier = area
        answers = by_area[area]
        share = _category_share(area, by_area, category_need, where, area_misses)
        slow = 0.0
        if area in pace:
            reference = targets.get(area) or usual[drill]
            slow = min(1.0, max(0.0, pace[area] / reference - 1.0)) if reference > 0 else 0.0
        misses = area_misses[area]
        weakest = max(sorted(misses), key=misses.__getitem__) if misses else None
        score = errors[area] + CATEGORY_WEIGHT * share + PACE_WEIGHT * slow
        needs.append(
            AreaNeed(
                drill=drill,
                tier=tier,
                answers=len(answers),
                right=sum(a.correct for a in answers),
                errors=errors[area],
                categories=share,
                pace=slow,
                weakest_category=weakest,
                weight=floor + score,
            )
        )
    return needs


def _area_figures(
    by_area: Mapping[Area, list[AttemptIn]], half_life: float
) -> tuple[dict[Area, float], dict[Area, float], dict[Area, dict[Category, float]]]:
    """Errors and pace per area, and each area's misses by category, decayed by recency
    within the area."""
    errors: dict[Area, float] = {}
    pace: dict[Area, float] = {}
    area_misses: dict[Area, dict[Category, float]] = {}
    for area, answers in by_area.items():
        decay = _decays(len(answers), half_life)
        weight = sum(decay)
        wrong = sum(d for d, a in zip(decay, answers, strict=True) if not a.correct)
        rate = (wrong + PRIOR_ANSWERS * PRIOR_ERROR) / (weight + PRIOR_ANSWERS)
        errors[area] = _above(rate, MASTERY_ERROR) if answers else 0.0
        if answers:
            pace[area] = sum(d * a.seconds for d, a in zip(decay, answers, strict=True)) / weight
        misses: dict[Category, float] = defaultdict(float)
        for d, attempt in zip(decay, answers, strict=True):
            for category in attempt.missed:
                misses[category] += d
        area_misses[area] = misses
    return errors, pace, area_misses


def _category_needs(
    recent: Sequence[AttemptIn], where: Mapping[Category, frozenset[DrillType]], half_life: float
) -> dict[Category, float]:
    """Each category's need, over the answers of the drills where it can come up."""
    category_need: dict[Category, float] = {}
    for category, drills in where.items():
        chances = [a for a in recent if a.drill in drills]
        decay = _decays(len(chances), half_life)
        missed = sum(d for d, a in zip(decay, chances, strict=True) if category in a.missed)
        rate = missed / (sum(decay) + PRIOR_ANSWERS)
        category_need[category] = _above(rate, MASTERY_MISS)
    return category_need


def _category_share(
    area: Area,
    by_area: Mapping[Area, list[AttemptIn]],
    category_need: Mapping[Category, float],
    where: Mapping[Category, frozenset[DrillType]],
    area_misses: Mapping[Area, Mapping[Category, float]],
) -> float:
    """The area's share of the needs of the categories that come up in its drill: more
    where it has missed more of them than the other areas where they come up."""
    drill = area[0]
    share = 0.0
    for category, need in category_need.items():
        if need == 0.0 or drill not in where[category]:
            continue
        candidates = [a for a in by_area if a[0] in where[category]]
        total = sum(area_misses[a].get(category, 0.0) for a in candidates)
        mine = area_misses[area].get(category, 0.0)
        share += need * (mine + 1.0) / (total + len(candidates))
    return share


def weights(
    recent: Sequence[AttemptIn],
    *,
    available: Iterable[Area] = (),
    target_seconds: Mapping[Area, float] | None = None,
    floor: float = FLOOR,
    half_life: float = HALF_LIFE,
) -> dict[Area, float]:
    """``{(drill, tier): weight}`` for weighted dealing (relative weights, each >= floor)."""
    return {
        need.area: need.weight
        for need in assess(
            recent,
            available=available,
            target_seconds=target_seconds,
            floor=floor,
            half_life=half_life,
        )
    }

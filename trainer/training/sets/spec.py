"""What a set is: :class:`SetSpec` (drill, tier, seed, length, answer mode, muggins,
optional weights for mixed sets, a hand to start from) and the seeds and ids of a run."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final, Literal

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card
from trainer.engine.skills import DrillType, Mode

#: A set that deals from every drill, or every tier of its drill.
Mixed = Literal["mixed"]
MIXED: Final = "mixed"
MIXED_LENGTH = 10
MAX_SEED = 999_999
Weights = tuple[tuple[tuple[DrillType, str], float], ...]


def new_set_id(rng: random.Random | None = None) -> str:
    """A short id for one run of a set (a replay of the same deal is a new run)."""
    return f"{(rng or random.SystemRandom()).getrandbits(40):010x}"


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed for a new set (short enough to read out and type)."""
    return (rng or random.SystemRandom()).randint(1, MAX_SEED)


@dataclass(frozen=True, slots=True)
class SetSpec:
    """What a set is: which drill and tier (either may be ``"mixed"``), its seed,
    how many questions, how the learner answers, and muggins on or off."""

    drill: DrillType | Mixed
    tier: str
    seed: int
    length: int
    mode: Mode = Mode.QUICK  # a set of counts is typed or claimed
    muggins: bool = False
    weights: Weights = ()
    #: Six cards the first question deals ("Which two do you throw?" only): a throw from a
    #: game, practised again.
    hand: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.drill, DrillType) and self.drill != MIXED:
            raise TypeError(f"a set's drill is a DrillType or {MIXED!r}, not {self.drill!r}")

    def pairs(self, catalog: DrillCatalog) -> Weights:
        """The (drill, tier) pairs this set deals from, with their weights."""
        available = [
            pair
            for pair in catalog.pairs()
            if (self.drill in (MIXED, pair[0])) and (self.tier in (MIXED, pair[1]))
        ]
        given = {pair: weight for pair, weight in self.weights if pair in available and weight > 0}
        if given:
            return tuple(sorted(given.items()))
        return tuple((pair, 1.0) for pair in available)

    def pick(self, catalog: DrillCatalog, index: int) -> tuple[DrillType, str]:
        """The drill and tier of question ``index`` (fixed for a single drill and tier;
        drawn from the weights, reproducibly, for a mixed set)."""
        if isinstance(self.drill, DrillType) and self.tier != MIXED:
            return self.drill, self.tier
        pairs = self.pairs(catalog)
        if not pairs:
            raise KeyError("there is nothing to deal for this set")
        rng = random.Random(f"{MIXED}/{self.drill}/{self.tier}/{self.seed}/{index}")
        choice = rng.choices([pair for pair, _ in pairs], weights=[w for _, w in pairs], k=1)
        return choice[0]

    def describe(self, catalog: DrillCatalog) -> str:
        """``Count the hand · Beginner`` (or ``Mixed``)."""
        if not isinstance(self.drill, DrillType):
            return "Mixed drills" + (" (your weak spots)" if self.weights else "")
        drill = catalog.drills[self.drill]
        tier = "every level" if self.tier == MIXED else drill.tier(self.tier).title
        return f"{drill.title} · {tier}"

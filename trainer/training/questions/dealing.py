"""Dealing: question ``index`` of the set a seed deals for a drill and tier, the whole set,
the drill files' catalog checked to deal, and the tables built once a process."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

from trainer.content.catalog import Drill, DrillCatalog, Tier, load_drills
from trainer.engine.skills import DrillType
from trainer.training.questions.coached import (
    DISCARD_TIERS,
    PLAY_TIERS,
    deal_discard_question,
    deal_play_question,
)
from trainer.training.questions.deal_go import deal_go
from trainer.training.questions.deal_peg import deal_peg
from trainer.training.questions.deal_show import deal_show, show_table
from trainer.training.questions.kinds import CoachQuestion, Dealt, GenerationError

# --- dealing ---------------------------------------------------------------------------------------


def tier_problem(drill: Drill, tier: Tier) -> str | None:
    """Why ``tier`` cannot deal questions (its constraints are impossible), or ``None``.

    The drill loader takes this as its dealability check (see
    :data:`trainer.content.catalog.DealCheck`).
    """
    for index in range(3):
        try:
            deal_question(drill, tier, seed=index, index=index)
        except GenerationError as err:
            return err.reason
    return None


#: How each counting drill deals a question: (drill, tier, the question's own generator, seed,
#: index); the hand and the crib differ only by the drill's type.
_DEALERS: dict[DrillType, Callable[[Drill, Tier, random.Random, int, int], Dealt]] = {
    DrillType.HAND: deal_show,
    DrillType.CRIB: deal_show,
    DrillType.PEG: deal_peg,
    DrillType.GO: deal_go,
}
#: How each coach drill deals a question (tier id, seed, index), and the tiers it deals.
_COACH_DEALERS: dict[
    DrillType, tuple[Callable[[str, int, int], CoachQuestion], tuple[str, ...]]
] = {
    DrillType.DISCARD: (deal_discard_question, DISCARD_TIERS),
    DrillType.PLAY: (deal_play_question, PLAY_TIERS),
}


def _deal_coached(drill: Drill, tier: Tier, seed: int, index: int) -> CoachQuestion:
    """A coach drill's question; a tier the coach does not deal is a :class:`GenerationError`."""
    deal, known = _COACH_DEALERS[drill.drill]
    try:
        return deal(tier.id, seed, index)
    except ValueError as err:
        reason = str(err)
        if tier.id not in known:
            reason = f"the coach deals no tier {tier.id!r}: use {' or '.join(known)}"
        raise GenerationError(drill.drill, tier.id, reason) from None


def load_catalog(directory: str | Path | None = None) -> DrillCatalog:
    """The drill files, validated and every tier checked to deal questions."""
    return load_drills(directory, check=tier_problem)


@cache
def _default_catalog() -> DrillCatalog:
    return load_catalog()


def _resolve(
    drill: Drill | DrillType, tier: Tier | str, catalog: DrillCatalog | None
) -> tuple[Drill, Tier]:
    if not isinstance(drill, Drill):
        found = (catalog or _default_catalog()).drills.get(drill)
        if found is None:
            raise KeyError(f"there is no {drill!r} drill")
        drill = found
    if isinstance(tier, str):
        tier = drill.tier(tier)
    return drill, tier


def deal_question(
    drill: Drill | DrillType,
    tier: Tier | str,
    seed: int,
    index: int = 0,
    *,
    catalog: DrillCatalog | None = None,
) -> Dealt:
    """Question ``index`` of the set dealt by ``seed`` for a drill and tier.

    ``drill`` and ``tier`` are objects or ids (ids are looked up in ``catalog``,
    by default the repository's ``drills/``). The question depends on nothing
    else, so the same arguments always deal the same question.
    """
    drill, tier = _resolve(drill, tier, catalog)
    if drill.drill.coached:
        return _deal_coached(drill, tier, seed, index)
    rng = random.Random(f"{drill.drill}/{tier.id}/{seed}/{index}")
    return _DEALERS[drill.drill](drill, tier, rng, seed, index)


def deal_set(
    drill: Drill | DrillType,
    tier: Tier | str,
    seed: int,
    length: int | None = None,
    *,
    catalog: DrillCatalog | None = None,
) -> tuple[Dealt, ...]:
    """The whole set for a seed (the tier's length unless ``length`` is given)."""
    drill, tier = _resolve(drill, tier, catalog)
    count = tier.length if length is None else length
    return tuple(deal_question(drill, tier, seed, i) for i in range(count))


def warm_up(catalog: DrillCatalog) -> None:
    """Build the tables every tier of ``catalog`` deals from (a one-off cost per process)."""
    for drill in catalog.drills.values():
        if drill.drill in (DrillType.HAND, DrillType.CRIB):
            for tier in drill.tiers:
                show_table(drill.drill is DrillType.CRIB, tier.constraints)

"""The dealer of the go's questions: a whole play simulated with the engine's pegging,
steered towards 31 or away from it, and a series whose end fits is taken."""

from __future__ import annotations

import random

from trainer.analysis.players import Steer, random_play
from trainer.content.catalog import Drill, Tier
from trainer.engine import (
    DECK,
    Pegging,
)
from trainer.engine.pegging import CLOSING_KINDS
from trainer.engine.skills import DrillType
from trainer.training.questions.features import go_features
from trainer.training.questions.fitting import check_question
from trainer.training.questions.kinds import GenerationError, GoQuestion, GoStep

# --- the go ------------------------------------------------------------------------------------

_GO_TRIES = 40


def _series_questions(
    rng: random.Random,
    steer: str,
    drill: DrillType,
    tier: str,
    seed: int,
    index: int,
    players: int = 2,
) -> list[GoQuestion]:
    """Play one whole deal at random (steered to or away from 31); one question per series.
    Among three or four, each holds four cards (five dealt, one thrown) and the play goes
    round the table, as the engine's pegging plays it."""
    cards = rng.sample(DECK, 4 * players)
    leader = rng.randrange(players)
    hoarder = (leader + players - 1) % players  # the last to play in a round
    hands = [cards[4 * p : 4 * p + 4] for p in range(players)]
    if steer == "hoard" and players == 2:
        # The player who does not lead holds the middling-high cards and keeps them back;
        # the leader empties their hand: the way one player ends up laying on alone.
        cards.sort(key=lambda card: (card.pips, rng.random()))
        hands[hoarder], hands[leader] = cards[3:7], cards[:3] + cards[7:]
    play = Pegging(hands, leader=leader)
    questions: list[GoQuestion] = []
    steps: list[GoStep] = []
    while not play.is_over:
        if play.must_go():
            event = play.go()
        else:
            how: Steer = "random"
            if steer == "hoard":
                how = "hoard-low" if play.turn == hoarder else "hoard-high"
            elif steer in ("thirty-one", "go"):
                how = "thirty-one" if steer == "thirty-one" else "go"
            choice = random_play(play.playable(), count=play.count, rng=rng, steer=how)
            event = play.lay(choice)
        steps.append(GoStep(event.player, event.card, event.count))
        if not event.series_over:
            continue
        hands_after = tuple(tuple(hand) for hand in play.hands)
        laid = [e for e in play.history if e.card is not None]
        last_lay = laid[-1]
        assert event.closing is not None  # the event ends a series
        scorer, award = event.closing
        last_items = tuple(
            item
            for who, item in last_lay.awards
            if item.kind not in CLOSING_KINDS and who == last_lay.player
        )
        question = GoQuestion(
            drill,
            tier,
            seed,
            index,
            tuple(steps),
            hands_after,
            scorer,
            award.kind,
            award,
            event.next_player,
            last_items,
            frozenset(),
        )
        questions.append(_with_go_features(question))
        steps = []
    return questions


def _with_go_features(question: GoQuestion) -> GoQuestion:
    return GoQuestion(
        question.drill,
        question.tier,
        question.seed,
        question.index,
        question.steps,
        question.hands_after,
        question.scorer,
        question.reason,
        question.award,
        question.next_leader,
        question.last_items,
        go_features(question),
    )


def deal_go(drill: Drill, tier: Tier, rng: random.Random, seed: int, index: int) -> GoQuestion:
    """Simulate whole plays until a series ends the way the chosen goal asks.

    The goal is one of the tier's ``require_any`` features, chosen evenly; if
    the bounded search finds none, any series meeting the constraints will do.
    """
    c = tier.constraints
    ends = [name for name in ("go", "thirty-one", "last-card") if name not in c.forbid]
    wanted = [name for name in c.require_any if name not in c.forbid] or ends
    goal = rng.choice(wanted)
    steer = "thirty-one" if "thirty-one" in (goal, *c.require) else "go"
    if goal in ("leads-again", "played-alone"):
        steer = "hoard"
    fallback: list[GoQuestion] = []
    for _ in range(_GO_TRIES):
        series = _series_questions(rng, steer, drill.drill, tier.id, seed, index, tier.players)
        fits = [q for q in series if not check_question(q, c)]
        hits = [q for q in fits if goal in q.features]
        if hits:
            return rng.choice(hits)
        if not fallback:
            fallback = fits
    if fallback:
        return rng.choice(fallback)
    raise GenerationError(drill.drill, tier.id, "no series meeting these constraints was found")

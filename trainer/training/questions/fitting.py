"""Whether a question fits its tier: every constraint checked against the engine's count."""

from __future__ import annotations

from collections import Counter

from trainer.content.catalog import Constraints
from trainer.training.questions.coached import DiscardQuestion, PlayQuestion
from trainer.training.questions.kinds import Dealt, GoQuestion, PegQuestion, Question, ShowQuestion

# --- checking a question against its tier ---------------------------------------------------


def _items(question: Question) -> int:
    if isinstance(question, GoQuestion):
        return 1
    return len(question.score.items)


def check_question(question: Dealt, constraints: Constraints) -> list[str]:
    """Every way ``question`` breaks ``constraints`` (empty when it meets them).

    A coach drill's tier has no constraints (its loader refuses them); its question
    only has to be a position the coach can grade: six distinct cards, or a turn with a
    choice of at least two cards that fit."""
    if isinstance(question, DiscardQuestion):
        return [] if len(set(question.six)) == 6 else ["the six cards are not six distinct cards"]
    if isinstance(question, PlayQuestion):
        return [] if len(question.options) >= 2 else ["fewer than two cards to choose from"]
    return [
        *_count_problems(question, constraints),
        *_feature_problems(question.features, constraints),
        *(
            _show_problems(question, constraints)
            if isinstance(question, ShowQuestion)
            else _pile_problems(question, constraints)
        ),
    ]


def _count_problems(question: Question, c: Constraints) -> list[str]:
    """The question's total and its number of combinations against the tier's bounds."""
    problems: list[str] = []
    total = question.total
    if c.min_total is not None and total < c.min_total:
        problems.append(f"total {total} is below min_total {c.min_total}")
    if c.max_total is not None and total > c.max_total:
        problems.append(f"total {total} is above max_total {c.max_total}")
    items = _items(question)
    if c.min_items is not None and items < c.min_items:
        problems.append(f"{items} combinations, fewer than min_items {c.min_items}")
    if c.max_items is not None and items > c.max_items:
        problems.append(f"{items} combinations, more than max_items {c.max_items}")
    return problems


def _feature_problems(features: frozenset[str], c: Constraints) -> list[str]:
    """The question's features against those the tier requires and forbids."""
    problems: list[str] = []
    missing = [name for name in c.require if name not in features]
    if missing:
        problems.append(f"lacks required {', '.join(missing)}")
    if c.require_any and not features.intersection(c.require_any):
        problems.append(f"has none of {', '.join(c.require_any)}")
    banned = [name for name in c.forbid if name in features]
    if banned:
        problems.append(f"has forbidden {', '.join(banned)}")
    return problems


def _show_problems(question: ShowQuestion, c: Constraints) -> list[str]:
    """A hand's ranks and its starter against the tier's."""
    problems: list[str] = []
    hand_orders = Counter(card.order for card in question.hand)
    patterns = c.include_patterns()
    if patterns and not any(
        all(hand_orders[o] >= n for o, n in Counter(p).items()) for p in patterns
    ):
        problems.append(f"the hand holds none of {', '.join(c.must_include)}")
    if c.starter and question.starter.order not in c.starter_orders():
        problems.append(f"starter {question.starter.label} is not one of {', '.join(c.starter)}")
    return problems


def _pile_problems(question: PegQuestion | GoQuestion, c: Constraints) -> list[str]:
    """The cards of a pegging question against the tier's bounds."""
    problems: list[str] = []
    cards = len(question.pile) if isinstance(question, PegQuestion) else question.cards_laid
    if c.min_cards is not None and cards < c.min_cards:
        problems.append(f"{cards} cards, fewer than min_cards {c.min_cards}")
    if c.max_cards is not None and cards > c.max_cards:
        problems.append(f"{cards} cards, more than max_cards {c.max_cards}")
    return problems

"""New cards for a lesson's question: the same kind of problem, dealt again by the engine,
for a question that comes back at the end of the lesson once its answer was shown.

A count, peg or go question names its kind in the drills' words (``deal:``), so the
drills' own dealers deal it (:mod:`trainer.training.questions`): a hand, pile or series is
found by its features in one place only. A fifteen to find is a pile the peg dealer deals
with a fifteen on top, and other cards that score nothing beside the right one. Moves on
the board, final scores, cuts for deal and six cards to keep four of are numbers and cards
drawn from the seed until they do what the question's own did (reach the next row, hold an
ace, keep the best four for the same reason). A true-or-false question comes back as the
next of its other situations.

Every deal is thrown back when it repeats the question's own cards, gives its answer away
on the page, or is a hand the Scoring chart prints (:mod:`.giveaway`); the same seed always
deals the same cards.

>>> from trainer.content.lessons import load_course
>>> lesson = load_course().get("the-show")
>>> step = lesson.steps[1]
>>> again = deal_again(lesson.id, step, 1, seed=7)
>>> again == deal_again(lesson.id, step, 1, seed=7) and again != step.check
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations

from pydantic import ValidationError

from trainer.analysis.hands import four_card_points
from trainer.content.catalog import Constraints, Drill, Tier
from trainer.content.lessons import (
    BOARD_HOLES,
    KEEP_MARGIN,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    KeepValue,
    Lesson,
    PegCheck,
    PegKind,
    SkunkCheck,
    Step,
    TableGoCheck,
    TrueFalseCheck,
    keep_value,
)
from trainer.content.lessons.fields import blanks_in
from trainer.engine import DECK, Card, Kind, PeggingError, score_play
from trainer.engine.pegging import CLOSING_KINDS
from trainer.engine.series import SERIES_ORDER
from trainer.engine.skills import DrillType
from trainer.training.learn.giveaway import chart_problem, gives_away
from trainer.training.questions import (
    GenerationError,
    GoQuestion,
    GoStep,
    PegQuestion,
    Question,
    ShowQuestion,
    check_question,
    go_features,
    peg_features,
    show_features,
)
from trainer.training.questions.deal_go import deal_go
from trainer.training.questions.deal_peg import deal_peg
from trainer.training.questions.deal_show import deal_show

__all__ = ["TRIES", "deal_again", "drill_question", "kind_misses", "kind_problem"]

#: Deals tried for one comeback before the question's own cards are asked again.
TRIES = 60
#: The tier name a lesson's question is dealt under (drill questions carry one).
_TIER = "lesson"


# --- a lesson's question as a drill question, to read its features ------------------------------


def drill_question(check: Check) -> Question | None:
    """A count, peg or go check as the drills' question of the same cards, whose features
    its kind names (``None`` for the other checks)."""
    if isinstance(check, CountCheck):
        score = check.score()
        drill = DrillType.CRIB if check.crib else DrillType.HAND
        return ShowQuestion(
            drill, _TIER, 0, 0, check.hand, check.starter, check.crib, score, show_features(score)
        )
    if isinstance(check, PegCheck):
        scored = check.score()
        return PegQuestion(DrillType.PEG, _TIER, 0, 0, check.pile, scored, peg_features(scored))
    if isinstance(check, GoCheck | TableGoCheck):
        return _go_question(check)
    return None


def _go_question(check: GoCheck | TableGoCheck) -> GoQuestion:
    """The last series of a go check as the go drill's question (its features read off)."""
    replay = check.replay()
    events = replay.events
    start = max((i + 1 for i, event in enumerate(events[:-1]) if event.series_over), default=0)
    steps = tuple(GoStep(e.player, e.card, e.count) for e in events[start:])
    closing = events[-1].closing
    assert closing is not None  # a check's plays end a series
    scorer, award = closing
    layer = next(e for e in reversed(events) if e.card is not None)
    last_items = tuple(
        item for who, item in layer.awards if item.kind not in CLOSING_KINDS and who == layer.player
    )
    leader = replay.next_leader  # a role at two, a seat at a table
    next_leader = SERIES_ORDER.index(leader) if isinstance(leader, str) else leader
    question = GoQuestion(
        DrillType.GO,
        _TIER,
        0,
        0,
        steps,
        tuple(replay.held),
        scorer,
        Kind(award.kind),
        award,
        next_leader,
        last_items,
        frozenset(),
    )
    return replace(question, features=go_features(question))


def kind_misses(check: Check) -> list[str]:
    """How the question's own cards fall short of its kind (empty when they are of it)."""
    question = drill_question(check)
    if question is not None:
        assert isinstance(check, CountCheck | PegCheck | GoCheck | TableGoCheck)
        return check_question(question, check.deal)
    if isinstance(check, FifteenCheck):
        return _fifteen_misses(check)
    if isinstance(check, KeepCheck) and _keep_reason(check.values()) is None:
        return [
            "the best keep neither scores the most on its own nor beats keeps that score "
            "the same on their own"
        ]
    return []


# --- dealing again ------------------------------------------------------------------------------


def deal_again(lesson_id: str, step: Step, number: int, seed: int) -> Check | None:
    """The question of ``step`` as it comes back the ``number``-th time (from 1): new cards
    of its kind from ``seed``, none of them the question's own, none giving the answer
    away; ``None`` when no such deal is found in :data:`TRIES` tries."""
    check = step.check
    if check is None:
        return None
    if isinstance(check, TrueFalseCheck):
        return check.again(number)
    rng = random.Random(f"{lesson_id}/{step.id}/{seed}/{number}")
    own = _cards(check)
    dealer = _DEALERS[type(check)]
    for _ in range(TRIES):
        try:
            dealt = dealer(check, rng)
        except (GenerationError, ValidationError, PeggingError):
            continue
        if dealt is None or _cards(dealt) == own:
            continue
        if kind_misses(dealt) or gives_away(step, dealt) or chart_problem(dealt):
            continue
        return dealt
    return None


def kind_problem(lesson: Lesson, step: Step) -> str | None:
    """Why the engine cannot deal ``step``'s question again (``None`` when it can): its own
    cards are not of its kind or give the answer away, or no new cards of the kind keep the
    answer off the page. The course's loader takes this as its check of each question."""
    check = step.check
    if check is None:
        return None
    misses = kind_misses(check)
    if misses:
        return "the question's own cards are not of its kind: " + "; ".join(misses)
    named = _named_cards(check)
    if named:
        return (
            f"the question names its own card, the {named[0].label}: new cards would not "
            "fit its words, so leave a blank ({card}, {lead}, {you}...) in its place"
        )
    shown = gives_away(step, check) or chart_problem(check)
    if shown and not isinstance(check, TrueFalseCheck):
        return f"the question gives its answer away: {shown}"
    for number in (1, 2, 3):
        if deal_again(lesson.id, step, number, seed=number) is None:
            return (
                f"no new cards of this kind were found in {TRIES} deals that keep the answer "
                "off the page and off the Scoring chart: widen the kind, or reword the step"
            )
    return None


def _named_cards(check: Check) -> list[Card]:
    """The question's own cards its words name outright (``the 7♠`` instead of ``{card}``)."""
    words = " ".join(
        text for text in (getattr(check, "question", None), getattr(check, "hint", None)) if text
    )
    return [card for card in _cards(check) if isinstance(card, Card) and card.label in words]


def _cards(check: Check) -> frozenset[object]:
    """The question's own cards (or numbers), to tell a new deal from it."""
    if isinstance(check, CountCheck):
        return frozenset((*check.hand, check.starter))
    if isinstance(check, PegCheck | FifteenCheck):
        return frozenset(check.pile)
    if isinstance(check, GoCheck):
        return frozenset((*check.pone, *check.dealer))
    if isinstance(check, TableGoCheck):
        return frozenset(card for hand in check.hands for card in hand)
    if isinstance(check, BoardCheck):
        return frozenset({("pegs", check.you), ("points", check.points)})
    if isinstance(check, SkunkCheck):
        return frozenset({("loser", check.loser)})
    if isinstance(check, CutCheck):
        return frozenset({check.you, check.opponent})
    if isinstance(check, KeepCheck):
        return frozenset(check.cards)
    return frozenset({check.statement})


@cache
def _drill(drill: DrillType, constraints: Constraints, players: int = 2) -> tuple[Drill, Tier]:
    """A drill of one tier whose constraints are a question's kind."""
    tier = Tier.model_validate(
        {
            "id": _TIER,
            "title": "A lesson's question",
            "length": 1,
            "pace": 30,
            "players": players,
            "constraints": constraints,
        },
        context={"drill": str(drill)},
    )
    made = Drill.model_validate(
        {"drill": drill, "title": "Lessons", "summary": "A lesson's question", "tiers": [tier]},
        context={"drill": str(drill)},
    )
    return made, made.tiers[0]


def _new_pegs(pegs: tuple[int, int] | None, rng: random.Random) -> tuple[int, int] | None:
    """Other pegs for a question that asks for a hole, in the same part of the game: the
    front peg within ten holes of the question's own, short of the game hole."""
    if pegs is None:
        return None
    back, front = pegs
    front = rng.randint(max(2, front - 10), min(BOARD_HOLES - 1, front + 10))
    if back == 0:
        return 0, front
    return rng.randint(max(1, front - 12), front - 1), front


def _count(check: CountCheck, rng: random.Random) -> Check:
    drill, tier = _drill(DrillType.CRIB if check.crib else DrillType.HAND, check.deal)
    dealt = deal_show(drill, tier, rng, 0, 0)
    pegs = _new_pegs(check.pegs, rng)
    update = {"hand": dealt.hand, "starter": dealt.starter, "pegs": pegs, "expect": None}
    return check.model_copy(update=update)


def _peg(check: PegCheck, rng: random.Random) -> Check:
    drill, tier = _drill(DrillType.PEG, check.deal)
    dealt = deal_peg(drill, tier, rng, 0, 0)
    pegs = _new_pegs(check.pegs, rng)
    return check.model_copy(update={"pile": dealt.pile, "pegs": pegs, "expect": None})


def _series_start(dealt: GoQuestion) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]] | None:
    """The hands at the start of the dealt series, its leader first and then clockwise,
    and the cards laid in it; ``None`` when a player held none (or more than four)."""
    players = dealt.players
    laid = tuple(step.card for step in dealt.steps if step.card is not None)
    hands = [
        (*dealt.hands_after[p], *(s.card for s in dealt.steps if s.player == p and s.card))
        for p in range(players)
    ]
    leader = dealt.steps[0].player
    ordered = [hands[(leader + k) % players] for k in range(players)]
    if any(not 1 <= len(hand) <= 4 for hand in ordered):
        return None
    return ordered, laid


def _go(check: GoCheck, rng: random.Random) -> Check | None:
    drill, tier = _drill(DrillType.GO, check.deal)
    start = _series_start(deal_go(drill, tier, rng, 0, 0))
    if start is None:
        return None
    (pone, dealer), plays = start
    fields = check.model_dump(exclude={"pone", "dealer", "plays", "expect", "pegs", "deal"})
    cards = {"pone": pone, "dealer": dealer, "plays": plays}
    pegs = _new_pegs(check.pegs, rng)
    return GoCheck.model_validate({**fields, **cards, "pegs": pegs, "deal": check.deal})


def _table_go(check: TableGoCheck, rng: random.Random) -> Check | None:
    drill, tier = _drill(DrillType.GO, check.deal, len(check.hands))
    start = _series_start(deal_go(drill, tier, rng, 0, 0))
    if start is None:
        return None
    hands, plays = start
    fields = check.model_dump(exclude={"hands", "plays", "expect", "deal"})
    return TableGoCheck.model_validate(
        {**fields, "hands": hands, "plays": plays, "deal": check.deal}
    )


# --- a fifteen to find --------------------------------------------------------------------------

#: What the right card of a fifteen question makes: the fifteen and nothing more.
_ONLY_THE_FIFTEEN = ("pair", "pair-royal", "double-pair-royal", "run", "thirty-one")


def _scores(pile: Sequence[Card], card: Card) -> int | None:
    """What ``card`` scores on ``pile`` (``None``: it would pass 31)."""
    try:
        return score_play((*pile, card)).total
    except PeggingError:
        return None


def _lures(check: FifteenCheck) -> list[Card]:
    """The wrong choices that score something: at most a pair with the last card laid,
    the lure a fifteen question may set beside the right card."""
    return [card for card in check.choices if card != check.answer and _scores(check.pile, card)]


def _fifteen_misses(check: FifteenCheck) -> list[str]:
    made = score_play((*check.pile, check.answer))
    misses = []
    if {item.kind for item in made.items} != {Kind.FIFTEEN}:
        misses.append(f"the {check.answer.label} scores more than the fifteen: {made.explain()}")
    lures = _lures(check)
    for card in lures:
        scored = score_play((*check.pile, card))
        if [len(item.cards) for item in scored.items if item.kind is Kind.PAIR] != [2] or len(
            scored.items
        ) != 1:
            misses.append(f"the {card.label} scores {scored.explain()}: a wrong choice may pair")
    if len(lures) > 1:
        misses.append("more than one wrong choice scores: one pair at most")
    return misses


def _fifteen(check: FifteenCheck, rng: random.Random) -> Check | None:
    length = len(check.pile) + 1
    kind = PegKind.model_validate(
        {
            "require": ["fifteen"],
            "forbid": list(_ONLY_THE_FIFTEEN),
            "min_cards": length,
            "max_cards": length,
        }
    )
    drill, tier = _drill(DrillType.PEG, kind)
    dealt = deal_peg(drill, tier, rng, 0, 0).pile
    pile, right = dealt[:-1], dealt[-1]
    wrong = len(check.choices) - 1
    lures = []
    if _lures(check):  # one wrong choice pairs the last card, as the question's own does
        pairs = [
            card
            for card in DECK
            if card not in dealt and card.order == pile[-1].order and card.pips != right.pips
        ]
        if not pairs or score_play(pile).count + pairs[0].pips > 31:
            return None
        lures = [rng.choice(pairs)]
    others = [card for card in DECK if card not in dealt and _scores(pile, card) == 0]
    if len(others) < wrong - len(lures):
        return None
    choices = [right, *lures, *rng.sample(others, wrong - len(lures))]
    rng.shuffle(choices)
    return check.model_copy(update={"pile": pile, "choices": tuple(choices), "expect": None})


# --- the board, the end of a game, the cut ------------------------------------------------------

#: Holes in a row of the board.
ROW = 30


def _board_features(check: BoardCheck) -> frozenset[str]:
    """What a move on the board does: reach the game hole, cross into the next row, or
    neither; and whether the back peg is still at the start."""
    back, front = check.you
    found = set()
    if front + check.points >= check.game:
        found.add("game-hole")
    elif front and (front - 1) // ROW != (front + check.points - 1) // ROW:
        found.add("next-row")
    if back == 0:
        found.add("back-at-start")
    return frozenset(found)


def _board(check: BoardCheck, rng: random.Random) -> Check | None:
    """Another move that does what the question's does. Only what its words leave blank
    moves (``{front}``, ``{points}``): "you are the dealer and the starter is a jack"
    keeps its 2 points."""
    wanted = _board_features(check)
    words = blanks_in(check.question) if check.question else ("front", "points")
    move_pegs = "front" in words or "back" in words
    move_points = "points" in words
    if not move_pegs and not move_points:
        return None
    game = check.game
    if "game-hole" in wanted:
        front = rng.randint(game - 10, game - 1)
        points = rng.randint(game - front, min(29, game - front + 5))
    elif "next-row" in wanted:
        end = rng.choice(range(ROW, game - 1, ROW))
        front = rng.randint(end - 7, end)
        points = rng.randint(end - front + 1, end - front + 8)
    else:
        front = rng.randint(2, game - 15)
        room = (front - 1) // ROW * ROW + ROW - front
        if room < 1:
            return None
        points = rng.randint(1, min(12, room))
    back, own_front = check.you
    if not move_pegs:
        front = own_front
    if not move_points:
        points = check.points
    if move_pegs and back != 0:
        back = rng.randint(max(1, front - 12), front - 1)
    if front >= game or back >= front:
        return None
    dealt = check.model_copy(update={"you": (back, front), "points": points, "expect": None})
    return dealt if _board_features(dealt) == wanted else None


def _skunk(check: SkunkCheck, rng: random.Random) -> Check:
    return check.model_copy(update={"loser": rng.randrange(check.game), "expect": None})


def _cut(check: CutCheck, rng: random.Random) -> Check:
    you, opponent = rng.sample(DECK, 2)
    if check.you.order == 1 or check.opponent.order == 1:  # the ace is low: keep one in
        aces = [card for card in DECK if card.order == 1 and card != opponent]
        you = rng.choice(aces)
        you, opponent = (you, opponent) if rng.random() < 0.5 else (opponent, you)
    if you == opponent:
        return check
    return check.model_copy(update={"you": you, "opponent": opponent, "expect": None})


# --- six cards to keep four of ------------------------------------------------------------------


def _keep_reason(values: Sequence[KeepValue]) -> str | None:
    """Why the best of these keeps is best: it scores the most on its own (``"now"``), or
    they all score the same on their own and more starters help it (``"starters"``)."""
    best = max(values, key=lambda value: value.average)
    own = {value.keep: four_card_points(value.keep) for value in values}
    others = [own[value.keep] for value in values if value is not best]
    if all(points == own[best.keep] for points in others):
        return "starters"
    if all(points < own[best.keep] for points in others):
        return "now"
    return None


def _keep(check: KeepCheck, rng: random.Random) -> Check | None:
    reason = _keep_reason(check.values())
    six = tuple(rng.sample(DECK, 6))
    values = [keep_value(six, keep) for keep in combinations(six, 4)]
    own = {value.keep: four_card_points(value.keep) for value in values}
    need = len(check.keeps) - 1
    if reason == "now":
        best = max(values, key=lambda value: (value.average, own[value.keep]))
        group = [v for v in values if own[v.keep] < own[best.keep]]
    else:
        best = rng.choice(values)
        group = [v for v in values if own[v.keep] == own[best.keep]]
        best = max(group, key=lambda value: value.average)
    behind = [v for v in group if v is not best and v.average <= best.average - KEEP_MARGIN]
    if len(behind) < need:
        return None
    keeps = [best.keep, *(v.keep for v in rng.sample(behind, need))]
    rng.shuffle(keeps)
    return KeepCheck.model_validate(
        {**check.model_dump(exclude={"cards", "keeps", "expect"}), "cards": six, "keeps": keeps}
    )


_DEALERS: dict[type, Callable[..., Check | None]] = {
    CountCheck: _count,
    PegCheck: _peg,
    GoCheck: _go,
    TableGoCheck: _table_go,
    FifteenCheck: _fifteen,
    BoardCheck: _board,
    SkunkCheck: _skunk,
    CutCheck: _cut,
    KeepCheck: _keep,
}

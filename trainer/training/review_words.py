"""The game review in words: a word for each decision from its cost in points (best, good,
an inaccuracy, a mistake, a blunder, :func:`verdict`), one plain sentence of why for the
costliest (:func:`why`), and the figures behind them (:func:`details`): to a hundredth of a
point for club players, in whole points in learning mode and first games, which show no
decimal point anywhere.

The figures are the review's (:mod:`trainer.training.review`); this module only words them.

>>> [verdict_of(x) for x in (0.0, 0.3, 0.7, 2.0, 3.0)]
[Verdict.BEST, Verdict.GOOD, Verdict.INACCURACY, Verdict.MISTAKE, Verdict.BLUNDER]
>>> Verdict.INACCURACY.said, Verdict.BEST.said
('an inaccuracy', 'the best')
"""

from __future__ import annotations

from enum import StrEnum

from trainer.engine.cards import Card, label_cards
from trainer.engine.vocab import Which
from trainer.training.coach import about, plain_throw
from trainer.training.review import (
    COSTLY,
    CountReview,
    Decision,
    DecisionKind,
    GameReview,
    LayOption,
    OneThrowReview,
    PlayReview,
    ThrowReview,
)
from trainer.training.seats import ME, SeatNames

__all__ = [
    "KIND_WORDS",
    "LIMITS",
    "Verdict",
    "details",
    "limits_help",
    "points_said",
    "summary",
    "throw_table",
    "title",
    "verdict",
    "verdict_of",
    "verdicts_line",
    "why",
]

_EPS = 1e-9


class Verdict(StrEnum):
    """The word for a decision, from the points it cost against the best one."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    def __repr__(self) -> str:
        return f"Verdict.{self.name}"

    @property
    def said(self) -> str:
        """The word in a sentence: ``the best``, ``good``, ``an inaccuracy``, ``a blunder``."""
        return {
            Verdict.BEST: "the best",
            Verdict.GOOD: "good",
            Verdict.INACCURACY: "an inaccuracy",
            Verdict.MISTAKE: "a mistake",
            Verdict.BLUNDER: "a blunder",
        }[self]

    @property
    def label(self) -> str:
        """The word on its own, capitalised: ``Best``, ``Inaccuracy``."""
        return self.value.capitalize()


#: Each word's upper bound in points lost: a decision gets the first word whose bound it
#: does not pass (``best``: at most :data:`~trainer.training.review.COSTLY`, the coach's
#: "as good as the best"; then under each bound; ``blunder`` past the last).
LIMITS: tuple[tuple[Verdict, float], ...] = (
    (Verdict.BEST, COSTLY),
    (Verdict.GOOD, 0.5),
    (Verdict.INACCURACY, 1.0),
    (Verdict.MISTAKE, 3.0),
)

#: How each kind of decision is named, a word each (the Review page's totals).
KIND_WORDS: dict[DecisionKind, str] = {
    DecisionKind.THROW: "Throws",
    DecisionKind.PLAY: "Cards laid",
    DecisionKind.COUNT: "Counts",
}


def verdict_of(lost: float) -> Verdict:
    """The word for a decision that lost ``lost`` points against the best (:data:`LIMITS`)."""
    best_bound = LIMITS[0][1]
    if lost <= best_bound + _EPS:
        return Verdict.BEST
    for word, bound in LIMITS[1:]:
        if lost < bound - _EPS:
            return word
    return Verdict.BLUNDER


def verdict(decision: Decision) -> Verdict:
    """The word for ``decision``: from its cost in points (:func:`verdict_of`); a count that
    said more than was there costs nothing (only what is there is pegged) but is not
    right: ``good``."""
    if isinstance(decision, CountReview) and not decision.missed and decision.over:
        return Verdict.GOOD
    return verdict_of(decision.lost)


def limits_help(*, words: bool = False) -> str:
    """What each word means, in Markdown: the bounds in points of :data:`LIMITS` (``words``:
    said without a decimal point, for learning mode and first games)."""
    near, good, inaccuracy, mistake = (bound for _, bound in LIMITS)

    def said(points: float) -> str:
        if words and points < 1:
            return {0.5: "half a point", COSTLY: "a tenth of a point"}[points]
        return f"{points:g} point" + ("" if points == 1 else "s")

    return "\n".join(
        [
            f"- **Best**: as good as the best choice, within {said(near)} (a count: exactly "
            "right).",
            f"- **Good**: less than {said(good)} lost (a count that said more than was there: "
            "only what is there is pegged, so it costs nothing, but it is not right).",
            f"- **Inaccuracy**: from {said(good)} to less than {said(inaccuracy)} lost.",
            f"- **Mistake**: from {said(inaccuracy)} to less than {said(mistake)} lost.",
            f"- **Blunder**: {said(mistake)} or more lost.",
            "",
            "A throw's points are a deal's on average, hand and crib together, against the "
            "best throw; a card's are the play's on average (what it pegs, and what it leaves "
            "the next player) against the best card; a count's are the points left out.",
        ]
    )


def points_said(points: float, *, words: bool) -> str:
    """``2.43 points`` for club players; ``about 2 points`` (``less than a point``) in
    learning mode and first games."""
    if words:
        return about(points)
    return f"{points:.2f} point" + ("" if round(points, 2) == 1 else "s")


def _whole(points: int) -> str:
    return f"{points} point" + ("" if points == 1 else "s")


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return label_cards(cards) or "none"


# --- the title and the one sentence of why ---------------------------------------------------


def title(decision: Decision) -> str:
    """``Deal 4, the throw: a blunder``; ``Deal 2, the 5♥ laid: good``."""
    if isinstance(decision, ThrowReview | OneThrowReview):
        what = "the throw"
    elif isinstance(decision, PlayReview):
        what = f"the {decision.card.label} laid"
    else:
        what = "your crib count" if decision.which is Which.CRIB else "your hand count"
    return f"Deal {decision.deal_no}, {what}: {verdict(decision).said}"


def _whose_crib(dealer: bool, names: SeatNames, *, crib_sign: float = -1.0) -> str:
    if dealer:
        return "your own crib"
    if crib_sign > 0:
        return "your partner's crib"
    return "the computer's crib" if names.players == 2 else "the dealer's crib"


def _throw_why(throw: ThrowReview) -> str:
    advice = throw.advice
    a, b = advice.best.discard.throw
    more = f"{about(throw.lost)} more a deal on average"
    mine, best = advice.chosen.reason, advice.best.reason
    if mine != best:
        return f"Throwing {a.label} and {b.label} would have made {more}: it {best}, where yours {mine}."
    if advice.hand_cost >= advice.crib_cost:
        because = "its four score more with the starter"
    elif throw.dealer:
        because = "its two give your own crib more"
    else:
        because = "its two give the computer's crib less"
    return f"Throwing {a.label} and {b.label} would have made {more}: {because}."


def _one_throw_why(throw: OneThrowReview) -> str:
    best = throw.best.throw
    more = f"{about(throw.lost)} more a deal on average"
    mine, theirs = throw.reason(throw.thrown), throw.reason(best)
    if mine != theirs:
        return f"Throwing {best.label} would have made {more}: it {theirs}, where yours {mine}."
    crib_cost = throw.lost - throw.hand_cost
    if throw.hand_cost >= crib_cost:
        because = "its four score more with the starter"
    elif throw.crib_sign > 0:
        because = "it gives your side's crib more"
    else:
        because = "it gives the dealer's crib less"
    return f"Throwing {best.label} would have made {more}: {because}."


def _replier(option: LayOption, play: PlayReview, names: SeatNames) -> tuple[str, bool] | None:
    """Who may reply to ``option`` in words, and whether they play against the person."""
    seat = option.replier
    if seat is None:
        return None
    if play.players == 2:
        return "the computer", True
    against = names.side_of(seat) != names.side_of(ME)
    return names.who(seat).lower(), against


def _expected(points: float) -> str:
    return "nothing" if round(points, 1) == 0 else about(points)


def _lay_why(play: PlayReview, names: SeatNames) -> str:
    best, mine = play.best, play.chosen
    parts = []
    if best.points != mine.points:
        parts.append(f"it pegs {best.points} now, yours {mine.points}")
    who = _replier(best, play, names)
    if who is not None and abs(best.reply - mine.reply) >= 0.05:
        name, against = who
        back = " back" if against else ""
        if _expected(best.reply) != _expected(mine.reply):
            parts.append(
                f"{name} could expect {_expected(best.reply)}{back} after it, against "
                f"{_expected(mine.reply)} after yours"
            )
        else:
            fewer = "less" if best.reply < mine.reply else "more"
            parts.append(f"{name} could expect {fewer}{back} after it than after yours")
    if not parts:
        parts.append("of your cards it was worth the most to your side on average")
    more = f"{about(play.lost)} more on average"
    return f"The {best.card.label} would have made {more}: {'; '.join(parts)}."


def _count_why(count: CountReview, names: SeatNames, *, aloud: bool) -> str:
    what = "crib" if count.which is Which.CRIB else "hand"
    said = (
        f"Your {what} made {count.true} and you said {count.claimed}"
        f" ({count.event.score.cadence()})"
    )
    taker = names.who(count.taker).lower() if count.taker is not None else "the next player"
    if count.missed:
        if count.taken:
            return f"{said}: {taker} took the {_whole(count.taken)} you missed."
        if aloud:
            return (
                f"{said}: you missed {_whole(count.missed)}, and the trainer counted them for you."
            )
        return f"{said}: you missed {_whole(count.missed)}."
    if count.over:
        return f"{said}: {_whole(count.over)} too many, so only {count.true} was pegged."
    return f"{said}: right."


def why(decision: Decision, review: GameReview) -> str:
    """One plain sentence of why ``decision`` (one of ``review``'s) cost what it did: what
    the best choice does that the person's did not, in whole points (no decimal point, for
    anyone: the figures are :func:`details`)."""
    names = SeatNames(review.players)
    if isinstance(decision, ThrowReview):
        return _throw_why(decision)
    if isinstance(decision, OneThrowReview):
        return _one_throw_why(decision)
    if isinstance(decision, PlayReview):
        return _lay_why(decision, names)
    return _count_why(decision, names, aloud=not review.settings.muggins)


def summary(decision: Decision, review: GameReview) -> str:
    """What the person did, in a line with no decimal point: ``You threw 5♥ 9♣ to your own
    crib.``, ``With the count at 22, you laid A♦: it pegged 2.``, ``Your hand made 12 and
    you said 10.``"""
    names = SeatNames(review.players)
    if isinstance(decision, ThrowReview):
        whose = _whose_crib(decision.dealer, names)
        return f"You threw {_cards(list(decision.thrown))} to {whose}."
    if isinstance(decision, OneThrowReview):
        whose = _whose_crib(decision.dealer, names, crib_sign=decision.crib_sign)
        return f"You threw {decision.thrown.label} to {whose}."
    if isinstance(decision, PlayReview):
        where = "You led" if not decision.pile else f"With the count at {decision.count}, you laid"
        only = " (the only card that fitted)" if decision.forced else ""
        return f"{where} {decision.card.label}{only}: it pegged {decision.chosen.points}."
    what = "crib" if decision.which is Which.CRIB else "hand"
    return f"Your {what} made {decision.true} and you said {decision.claimed}."


def verdicts_line(review: GameReview) -> str:
    """How many decisions got each word: ``24 best · 3 good · 2 inaccuracies · 1 mistake``
    (the words with none left out)."""
    counts = {word: 0 for word in Verdict}
    for decision in review.decisions:
        counts[verdict(decision)] += 1
    plural = {Verdict.INACCURACY: "inaccuracies", Verdict.MISTAKE: "mistakes"}
    plural[Verdict.BLUNDER] = "blunders"
    return " · ".join(
        f"{n} {plural.get(word, word.value) if n != 1 else word.value}"
        for word, n in counts.items()
        if n
    )


# --- the figures behind them -----------------------------------------------------------------


def _throw_details(throw: ThrowReview, *, words: bool) -> list[str]:
    advice = throw.advice
    best = advice.best
    names = SeatNames(2)
    lines = [
        f"You threw {_cards(list(throw.thrown))} to {_whose_crib(throw.dealer, names)}: "
        f"number {advice.place} of 15 throws."
    ]
    if advice.place == 1:
        lines.append("That was the best throw.")
    elif words:
        lines.append(
            f"The best was {_cards(list(best.discard.throw))}: it makes {about(throw.lost)} "
            "more a deal on average."
        )
        lines.append(f"Yours {plain_throw(advice.chosen)}.")
    else:
        lines.append(
            f"The best was {_cards(list(best.discard.throw))}; yours cost {advice.cost_text()}."
        )
        lines.append(f"Best: {best.reason}. Yours: {advice.chosen.reason}.")
    if throw.hinted:
        lines.append("You asked for a hint on this deal.")
    return lines


def _one_throw_details(throw: OneThrowReview, names: SeatNames, *, words: bool) -> list[str]:
    whose = _whose_crib(throw.dealer, names, crib_sign=throw.crib_sign)
    lines = [f"You threw {throw.thrown.label} to {whose}: number {throw.place} of 5 throws."]
    if throw.place == 1:
        lines.append("That was the best throw.")
    else:
        best = throw.best
        if words:
            cost = f"{about(throw.lost)} a deal"
        else:
            cost = (
                f"{throw.lost:.2f} a deal: {throw.hand_cost:.2f} in the hand, "
                f"{throw.lost - throw.hand_cost:.2f} in the crib"
            )
        lines.append(f"The best was {best.throw.label}; yours cost {cost}.")
        lines.append(f"Best: {throw.reason(best.throw)}. Yours: {throw.reason(throw.thrown)}.")
    if throw.hinted:
        lines.append("You asked for a hint on this deal.")
    return lines


def _play_details(play: PlayReview, names: SeatNames, *, words: bool) -> list[str]:
    where = (
        "You led"
        if not play.pile
        else f"At {play.count} (the pile {_cards(list(play.pile))}) you laid"
    )
    chosen, best = play.chosen, play.best
    who = _replier(chosen, play, names)

    def reply(option: LayOption) -> str:
        return _expected(option.reply) if words else f"{option.reply:.2f}"

    back = ""
    if who is not None:
        back = f" and {who[0]} could peg {reply(chosen)}{' back' if who[1] else ''} on average"
    lines = [f"{where} {play.card.label}: it pegged {chosen.points}{back}."]
    if play.forced:
        lines.append("It was the only card that fitted.")
    elif play.lost > COSTLY:
        lines.append(
            f"The {best.card.label} would have gained {points_said(play.lost, words=words)} on "
            f"average (it pegs {best.points}, the reply {reply(best)})."
        )
    else:
        lines.append("That was as good as the best card.")
    return lines


def _count_details(count: CountReview, names: SeatNames, *, aloud: bool) -> list[str]:
    what = "crib" if count.which is Which.CRIB else "hand"
    score = count.event.score
    lines = [
        f"Your {what} ({_cards(list(score.hand))}, starter {score.starter.label}) made "
        f"{count.true}, and you said {count.claimed}."
    ]
    if count.missed:
        taker = names.who(count.taker).lower() if count.taker is not None else "the next player"
        if count.taken:
            taken = f" {taker.capitalize()} called muggins and took {_whole(count.taken)}."
        elif aloud:
            taken = " The trainer pegged them for you: this game was counted aloud."
        else:
            taken = ""
        lines.append(f"You missed {_whole(count.missed)}.{taken}")
        lines.append(f"Counted out: {score.cadence()}.")
    elif count.over:
        lines.append(f"That was {_whole(count.over)} too many: you pegged {count.true}.")
    else:
        lines.append("Right!")
    return lines


def details(decision: Decision, review: GameReview, *, words: bool = False) -> tuple[str, ...]:
    """The figures behind ``decision``, a line each: to a hundredth of a point, or
    (``words``: learning mode, first games) in whole points."""
    names = SeatNames(review.players)
    if isinstance(decision, ThrowReview):
        return tuple(_throw_details(decision, words=words))
    if isinstance(decision, OneThrowReview):
        return tuple(_one_throw_details(decision, names, words=words))
    if isinstance(decision, PlayReview):
        return tuple(_play_details(decision, names, words=words))
    return tuple(_count_details(decision, names, aloud=not review.settings.muggins))


def throw_table(throw: ThrowReview | OneThrowReview, *, words: bool = False) -> tuple[str, ...]:
    """The best throws and the person's (marked ``(yours)``) as the rows of a Markdown table
    with its header: to a hundredth of a point, or (``words``) in whole points. Between two,
    what the four kept peg better or worse than an average hand is a column of its own,
    "The play"."""
    rows: list[
        tuple[int, bool, tuple[Card, ...], tuple[Card, ...], float, float, float | None, float]
    ]
    if isinstance(throw, ThrowReview):
        advice = throw.advice
        lines = list(advice.top)
        if advice.chosen not in lines:
            lines.append(advice.chosen)
        crib = "Your crib" if throw.dealer else "Their crib"
        rows = [
            (
                line.place,
                line is advice.chosen,
                line.discard.throw,
                line.discard.keep,
                line.discard.hand,
                line.discard.crib,
                line.discard.play,
                line.discard.net,
            )
            for line in lines
        ]
    else:
        crib = "Crib"
        rows = [
            (place, t.throw == throw.thrown, (t.throw,), t.keep, t.hand, t.crib, None, t.net)
            for place, t in enumerate(throw.ranked, start=1)
        ]

    def shown(points: float) -> str:
        return f"{round(points)}" if words else f"{points:.2f}"

    def signed(points: float) -> str:
        whole = round(points) if words else round(points, 2)
        text = f"{abs(points):.0f}" if words else f"{abs(points):.2f}"
        return text if whole == 0 else f"{'+' if points > 0 else '−'}{text}"

    has_play = isinstance(throw, ThrowReview)
    play_head, play_rule = (" The play |", "--:|") if has_play else ("", "")
    header = (
        f"| Place | Throw | Keep | Hand | {crib} |{play_head} A deal |\n"
        f"|---|---|---|--:|--:|{play_rule}--:|"
    )
    body = [
        f"| {f'{place} (yours)' if yours else place} | {_cards(list(thrown))} "
        f"| {_cards(list(keep))} | {shown(hand)} | {shown(crib_points)} "
        f"|{f' {signed(play)} |' if play is not None else ''} {shown(net)} |"
        for place, yours, thrown, keep, hand, crib_points, play, net in rows
    ]
    return (header, *body)

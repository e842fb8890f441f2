"""Learning mode: what the coach would do and why, in whole points and the course's words.

A beginner is told what the coach would do and why in the words the course has taught
(fifteens, pairs, runs, flush, nobs, the crib, the count, the go), with points as whole
numbers: the points the kept four make by themselves are exact; what a crib or a throw
gains on average is said "about" so many points, rounded. The tables with decimals stay
for "after each move" and behind the page's "details".
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis.pegging import PlayPosition, options_for
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.analysis.players.views import table_view
from trainer.engine import Card, Kind, ScoreItem, SeatView, ShowScore, number_word, score_play
from trainer.training.coach.common import MAX_COUNT, a_rank, about, plural, points_said
from trainer.training.coach.discard import DiscardAdvice, ThrowLine
from trainer.training.coach.play_notes import PlayWarning, lay_warnings, table_lay_warnings
from trainer.training.coach.reasons import Reason, own_items

__all__ = [
    "RULE_APART",
    "RULE_NO_FIVE",
    "broken_rule",
    "crib_link",
    "kept_points",
    "lay_advice",
    "lay_choice",
    "plain_best_throw",
    "plain_throw",
    "plain_verdict",
    "table_lay_advice",
    "table_lay_choice",
    "why_break",
]


def _rank_said(card: Card) -> str:
    """``a 7``, ``an ace``, ``a king``: a card's rank as said in a sentence."""
    return a_rank(card.order)


def _many_said(n: int, one: str, many: str) -> str:
    return f"a {one}" if n == 1 else f"{number_word(n)} {many}"


def kept_points(keep: Sequence[Card]) -> int:
    """The points the four kept cards make by themselves, before the starter (exact)."""
    return sum(item.points for item in own_items(keep))


def _kept_words(keep: Sequence[Card]) -> str:
    """``two fifteens and a pair``: what the four kept cards make by themselves."""
    items = own_items(keep)
    parts = []
    fifteens = sum(1 for it in items if it.kind is Kind.FIFTEEN)
    if fifteens:
        parts.append(_many_said(fifteens, "fifteen", "fifteens"))
    pairs = [it for it in items if it.kind is Kind.PAIR]
    if pairs:
        parts.append(_many_said(len(pairs), "pair", "pairs"))
    runs = [it for it in items if it.kind is Kind.RUN]
    if runs:
        length = number_word(len(runs[0].cards))
        parts.append(
            f"a run of {length}" if len(runs) == 1 else f"{number_word(len(runs))} runs of {length}"
        )
    if any(it.kind is Kind.FLUSH for it in items):
        parts.append("a flush")
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _crib_words(throw: Sequence[Card], reasons: Sequence[Reason]) -> str:
    """What the two thrown cards are for a crib, in plain words."""
    a, b = throw
    codes = {r.code for r in reasons}
    if "crib-pair" in codes:
        return f"a pair of {plural(a)}, already 2 points"
    if "crib-fifteen" in codes:
        return f"{_rank_said(a)} and {_rank_said(b)}, which make 15: already 2 points"
    if "crib-five" in codes:
        return f"{_rank_said(a)} and {_rank_said(b)}: a 5 makes 15 with every ten-card"
    if "crib-run" in codes:
        return f"{_rank_said(a)} and {_rank_said(b)}, close together, which often make runs"
    return f"{_rank_said(a)} and {_rank_said(b)}, far apart, which rarely score together"


def plain_throw(line: ThrowLine, *, theirs: str = "the computer's") -> str:
    """One throw in a beginner's words: ``keeps 4 points in your hand (two fifteens), but
    gives the computer's crib a 7 and a 6, close together, which often make runs``."""
    d = line.discard
    points = kept_points(d.keep)
    made = _kept_words(d.keep)
    if points:
        keep = f"keeps {points_said(points)} in your hand ({made})"
    else:
        keep = "keeps four cards that score only with the starter"
    whose = "your own crib" if d.dealer else f"{theirs} crib"
    crib = _crib_words(d.throw, line.reasons)
    helps = any(r.cost for r in line.reasons)
    joined = "but gives" if helps else "and gives"
    return f"{keep}, {joined} {whose} {crib}"


#: The rules of thumb the course teaches for a throw into the other player's crib.
RULE_APART = "give their crib cards far apart"
RULE_NO_FIVE = "never give their crib a 5"


def broken_rule(line: ThrowLine) -> str:
    """The course's rule of thumb a throw to the other player's crib breaks ('' if none)."""
    if line.discard.dealer:
        return ""
    codes = {r.code for r in line.reasons}
    if "crib-five" in codes:
        return RULE_NO_FIVE
    if codes & {"crib-pair", "crib-fifteen", "crib-run"}:
        return RULE_APART
    return ""


def why_break(ranking: Sequence[ThrowLine], *, theirs: str = "the computer's") -> str:
    """Why the best throw of ``ranking`` (best first, all fifteen throws or the top few)
    breaks a rule of thumb, in whole points against the best throw that keeps it; '' when
    it breaks none (or no throw keeps it)."""
    best = ranking[0]
    rule = broken_rule(best)
    if not rule:
        return ""
    safe = next((line for line in ranking[1:] if not broken_rule(line)), None)
    if safe is None:
        return (
            f"It breaks the rule “{rule}”, but every other throw breaks it too, and this "
            "one keeps the most."
        )
    a, b = safe.discard.throw
    hand = best.discard.hand - safe.discard.hand
    crib = best.discard.crib - safe.discard.crib
    given = (
        f"{theirs} crib would make nearly the same"
        if round(crib) < 1
        else f"{theirs} crib only {about(crib)} less"
    )
    return (
        f"Why not keep the rule “{rule}” and throw {a.label} and {b.label}? Then your hand "
        f"would make {about(hand)} less on average, and {given}: this throw keeps more for "
        "you than it gives away."
    )


def plain_best_throw(ranking: Sequence[ThrowLine], *, theirs: str = "the computer's") -> str:
    """Learning mode, before the throw: the coach's throw and why, in a beginner's words."""
    best = ranking[0]
    a, b = best.discard.throw
    text = (
        f"The coach would throw {a.label} and {b.label}: that {plain_throw(best, theirs=theirs)}."
    )
    why = why_break(ranking, theirs=theirs)
    return f"{text} {why}" if why else text


def plain_verdict(advice: DiscardAdvice, *, theirs: str = "the computer's") -> tuple[str, ...]:
    """Learning mode, after the throw: how it went, in whole points and plain words."""
    if advice.chosen.place == 1:
        head = "That is the coach's throw too."
    elif advice.equal:
        head = "That throw is as good as the coach's."
    else:
        a, b = advice.best.discard.throw
        head = (
            f"The coach would have thrown {a.label} and {b.label}: on average that makes "
            f"{about(advice.cost)} more each time a hand like this is dealt."
        )
    out = [head, f"Your throw {plain_throw(advice.chosen, theirs=theirs)}."]
    return tuple(out)


def crib_link(
    score: ShowScore, thrown: Sequence[Card], *, dealer: bool, theirs: str = "the computer's"
) -> str:
    """After the crib is counted: how much of it the person's two thrown cards were part of
    (each combination with one of them counted whole), linked back to the throw."""
    cards = " and ".join(card.label for card in thrown)
    made = sum(item.points for item in score.items if set(item.cards) & set(thrown))
    whose = "your crib" if dealer else f"{theirs} crib"
    if not score.total:
        return f"You threw {cards} into {whose}: it made no points at all."
    if not made:
        return (
            f"You threw {cards} into {whose}: they were in none of its {points_said(score.total)}."
        )
    share = "all" if made == score.total else f"{made}"
    return (
        f"You threw {cards} into {whose}: they were part of {share} of its "
        f"{points_said(score.total)}."
    )


def _scored_words(items: Sequence[ScoreItem]) -> str:
    """``makes 15 for 2 points``: what a card laid scores now, in plain words."""
    parts = []
    for item in items:
        if item.kind is Kind.FIFTEEN:
            parts.append("makes 15")
        elif item.kind is Kind.THIRTY_ONE:
            parts.append("makes 31")
        elif item.kind is Kind.PAIR:
            names = {2: "makes a pair", 3: "makes a pair royal"}
            parts.append(names.get(len(item.cards), "makes a double pair royal"))
        elif item.kind is Kind.RUN:
            parts.append(f"makes a run of {number_word(len(item.cards))}")
        elif item.kind is Kind.LAST_CARD:
            parts.append("is the last card")
    total = sum(item.points for item in items)
    return f"{' and '.join(parts)}: {points_said(total)}"


def lay_advice(position: PlayPosition, *, theirs: str = "the computer") -> str:
    """Learning mode, before a lay: which card the coach would lay from ``position`` (what
    the seat sees, :func:`~trainer.analysis.pegging.view_position`) and why (it scores; a
    low, safe lead; it does not leave 5 or 21, or give a 15 or a 31; it keeps a low card
    for the go), in plain words; what it weighed against it, when the note after the card
    would warn of something (:func:`~.play_notes.lay_warnings`)."""
    return lay_choice(position, theirs=theirs)[1]


_NOT_5_OR_21 = "it does not leave the count at 5 or 21, where a ten-card makes 15 or 31"


def _lead_reason(card: Card) -> str | None:
    """Why ``card`` is a good lead, if it is: a 4 or lower, or anything but a 5."""
    if card.pips <= 4:
        return "a 4 or lower is a safe lead: no one card can make 15 from it"
    if card.pips != 5:
        return "it is not a 5, which any ten-card makes into 15"
    return None


def _low_card_reason(hand: Sequence[Card], card: Card) -> str | None:
    """That laying ``card`` keeps a low card of ``hand`` for the go, if it does."""
    lows = [c for c in hand if c != card and c.pips <= 2]
    if lows and card.pips > 2:
        return (
            f"it keeps your {lows[0].label} for late in the series, to squeeze in under 31 "
            "for the go"
        )
    return None


def lay_choice(position: PlayPosition, *, theirs: str = "the computer") -> tuple[Card | None, str]:
    """:func:`lay_advice` with the card it names (None: the seat says go)."""
    options = options_for(position)
    hand, pile = position.hand, position.series
    if not options:
        return None, "None of your cards fits under 31: you say go."
    best = options[0]
    card = best.card
    count = sum(c.pips for c in pile) + card.pips
    others = [o for o in options if o.card != card]
    said: list[str | None] = []
    if best.points:
        said.append(f"it {_scored_words(score_play((*pile, card)).items)}")
    if not pile:
        said.append(_lead_reason(card))
    elif count not in (5, 21) and any(
        sum(c.pips for c in pile) + o.card.pips in (5, 21) for o in others
    ):
        said.append(_NOT_5_OR_21)
    if (
        pile
        and count < MAX_COUNT
        and any(sum(c.pips for c in pile) + o.card.pips in (15, 31) for o in others)
        and not best.points
    ):
        said.append(f"it keeps {theirs} from an easy 15 or 31")
    said.append(_low_card_reason(hand, card))
    reasons = [reason for reason in said if reason]
    if not reasons:
        reasons.append(f"of your cards, it gives {theirs} the fewest points on average")
    if len(options) == 1:
        return card, f"Only your {card.label} fits under 31: lay it."
    return card, _named(card, reasons, lay_warnings(position, card, options))


def _named(card: Card, reasons: Sequence[str], risks: Sequence[PlayWarning]) -> str:
    """The coach's card and why; then what it weighed against it (what the note after the
    card would warn of), so the note never contradicts the advice."""
    said = reasons[0] if len(reasons) == 1 else "; ".join(reasons[:-1]) + "; and " + reasons[-1]
    text = f"The coach would lay the {card.label}: {said}."
    if risks:
        risk = "; and ".join(w.risk for w in risks)
        text += f" The risk: {risk}. It is still your best card here."
    return text


#: Points of a reply expected, within which two cards' replies are not worth a word.
CLEAR_REPLY = 0.25


def _pegs_words(option: TableOption, pile: Sequence[Card]) -> str:
    """``makes 15: 2 points``: what a card laid at a table pegs now, the last card of the
    play included."""
    items = score_play((*pile, option.card)).items
    scored = sum(item.points for item in items)
    if scored == option.points:
        return _scored_words(items)
    last = "is the last card of the play"
    if not items:
        return f"{last}: 1 point"
    return f"{_scored_words(items)}, and it {last}: 1 more"


def table_lay_advice(view: SeatView) -> str:
    """Learning mode, before a lay at a table of three or four: which card the coach would
    lay from the seat's ``view`` (by :func:`~trainer.analysis.players.table_options.table_options`:
    the points now and the next player's expected best reply, for the seat's side) and why,
    in whole points and the course's words. The reply spoken of is the next player's, or
    with four your partner's when the partner is next to act."""
    return table_lay_choice(view)[1]


def _reply_reason(
    best: TableOption, others: Sequence[TableOption], *, opponent: bool
) -> str | None:
    """What the next player can expect back after ``best`` against the card that gives
    them the most (an opponent) or leaves a partner the least, when the difference is
    worth a word."""
    if opponent:
        worst = max(others, key=lambda o: (o.reply, -o.card.index))
        if about(best.reply) != about(worst.reply) and best.reply < worst.reply:
            return (
                f"the next player can expect {about(best.reply)} back after it, against "
                f"{about(worst.reply)} after the {worst.card.label}"
            )
        if best.reply < worst.reply - CLEAR_REPLY:
            return (
                f"the next player can expect less back after it than after the {worst.card.label}"
            )
        return None
    least = min(others, key=lambda o: (o.reply, o.card.index))
    if about(best.reply) != about(least.reply) and best.reply > least.reply:
        return (
            f"your partner, next to play, can expect {about(best.reply)} after it, "
            f"against {about(least.reply)} after the {least.card.label}"
        )
    if best.reply > least.reply + CLEAR_REPLY:
        return (
            f"your partner, next to play, can expect more after it than after the "
            f"{least.card.label}"
        )
    return None


def table_lay_choice(view: SeatView) -> tuple[Card | None, str]:
    """:func:`table_lay_advice` with the card it names (None: the seat says go)."""
    table = table_view(view)
    options = table_options(table)
    if not options:
        return None, "None of your cards fits under 31: you say go."
    best = options[0]
    card = best.card
    if len(options) == 1:
        return card, f"Only your {card.label} fits under 31: lay it."
    pile = tuple(c for _, c in table.series)
    count = table.count + card.pips
    others = options[1:]
    replier = table.replier()
    opponent = replier is not None and table.weight(replier) < 0
    said: list[str | None] = []
    if best.points:
        said.append(f"it {_pegs_words(best, pile)}")
    if opponent and not pile:
        said.append(_lead_reason(card))
    elif (
        opponent
        and count not in (5, 21)
        and any(table.count + o.card.pips in (5, 21) for o in others)
    ):
        said.append(_NOT_5_OR_21)
    if replier is not None:
        said.append(_reply_reason(best, others, opponent=opponent))
    said.append(_low_card_reason(table.hand, card))
    reasons = [reason for reason in said if reason]
    if not reasons:
        side = "your side" if table.players == 4 else "you"
        reasons.append(f"of your cards, it is worth the most to {side} on average")
    return card, _named(card, reasons, table_lay_warnings(table, options, card))

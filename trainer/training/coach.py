"""The coach's advice: on a throw and on a card laid (the drills built on it are
:mod:`trainer.training.questions.coached`).

Pure: the numbers come from the analysis (:func:`~trainer.analysis.analyse_discards`
with the sound model, :func:`~trainer.analysis.analyse_play`) and are passed on
unchanged; this module only picks, compares and words them.

* :func:`discard_advice` compares a throw with the best throw: its rank, what it
  cost a deal (split into hand and crib), and a reason in words for both.
  :func:`hint_ranking` is the ranking shown before throwing.
* :func:`one_card_ranking` and :func:`one_card_advice` are the same for three or four
  at the table, where each player keeps four of five and throws one: by points, the
  average the four kept make with every starter that could be turned (the engine counts
  each), and what the one card gives the crib in words.
* :func:`play_note` looks at a card just laid and warns about the plays beginner
  advice warns about; at the Hard and Crazy levels it adds what the best card
  would have gained on average.
* Near the end (:func:`near_the_end`), the coach speaks of winning the game instead:
  :class:`GameThrow` words the throw by its chance to win
  (:func:`~trainer.analysis.endgame.throw_advice`), and :func:`game_lay_line` the cards
  to lay (:func:`~trainer.analysis.players.card_chances`), in whole percentages.

Two results within :data:`NEAR_TIE` points a deal are called equal.

>>> from trainer.engine import parse_cards
>>> six = parse_cards("5H 5D 5C JS 2D 9C")
>>> advice = discard_advice(six, parse_cards("2D 9C"), dealer=True)
>>> advice.rank, advice.cost_text()
(1, 'nothing: this is the best throw')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from trainer.analysis import LEVELS, Level, analyse_discards, analyse_play
from trainer.analysis.discards import Discard
from trainer.analysis.endgame import ThrowAdvice, ThrowChance
from trainer.analysis.players import END, CardChance
from trainer.engine import (
    DECK,
    Card,
    Kind,
    ScoreItem,
    ShowScore,
    number_word,
    score_play,
    score_show,
)
from trainer.engine.game import SeatView

__all__ = [
    "NEAR_END",
    "NEAR_TIE",
    "RULE_APART",
    "RULE_NO_FIVE",
    "SAME_CHANCE",
    "DiscardAdvice",
    "GameThrow",
    "OneCardAdvice",
    "OneCardLine",
    "PlayNote",
    "PlayWarning",
    "Reason",
    "ThrowLine",
    "broken_rule",
    "crib_link",
    "discard_advice",
    "discard_reasons",
    "game_lay_line",
    "hint_ranking",
    "kept_points",
    "lay_advice",
    "near_the_end",
    "one_card_advice",
    "one_card_ranking",
    "percent",
    "plain_best_throw",
    "plain_throw",
    "plain_verdict",
    "play_note",
    "view_play_note",
    "why_break",
]

#: Points a deal within which two throws (or two cards) are called equal.
NEAR_TIE = 0.1
_EPS = 1e-9
MAX_COUNT = 31
TOP = 5


def _plural(card: Card) -> str:
    word = card.rank.word
    return word + ("es" if word.endswith("x") else "s")


def _is_equal(a: float, b: float) -> bool:
    return abs(a - b) <= NEAR_TIE + _EPS


# --- reasons for a throw -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reason:
    """One thing a throw does, in words: ``code`` names it for tests and pages
    (``double-run``, ``fifteens``, ``crib-five``...), ``text`` says it; ``cost`` marks what
    helps the other side (good cards given to the dealer's crib), never said as a benefit."""

    code: str
    text: str
    cost: bool = False


def _own_items(keep: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """The combinations of the four kept cards alone (nobs needs a starter, so never),
    found with the engine's scorer.

    The four are scored with one starter of each rank (off the first kept card's
    suit where one is free); an item without the starter is made of the four
    alone. Over the 13 ranks this finds every one of them: fifteens, pairs and a
    four-card flush show with any off-suit starter, and a run of the four shows
    with a starter of a rank that neither lengthens it nor sits in it.
    """
    return _own_items_of(frozenset(keep))


@lru_cache(maxsize=4096)
def _own_items_of(keep: frozenset[Card]) -> tuple[ScoreItem, ...]:
    hand = tuple(sorted(keep, key=lambda c: c.index))
    suit = hand[0].suit
    found: dict[tuple[Kind, frozenset[Card]], ScoreItem] = {}
    for order in range(1, 14):
        free = [c for c in DECK[(order - 1) * 4 : order * 4] if c not in keep]
        if not free:
            continue
        starter = next((c for c in free if c.suit is not suit), free[0])
        for item in score_show(hand, starter).items:
            if starter not in item.cards and item.kind is not Kind.NOBS:
                found.setdefault((item.kind, frozenset(item.cards)), item)
    return tuple(
        sorted(found.values(), key=lambda it: (it.kind.order, [c.index for c in it.cards]))
    )


_MULTI_RUN = {2: "the double run", 3: "the triple run", 4: "the double double run"}
_RUN_LENGTH = {3: "three", 4: "four"}


def _keep_reasons(keep: Sequence[Card]) -> list[Reason]:
    items = _own_items(keep)
    reasons: list[Reason] = []
    runs = [it for it in items if it.kind is Kind.RUN]
    if len(runs) >= 2:
        code = {2: "double-run", 3: "triple-run", 4: "double-double-run"}[len(runs)]
        reasons.append(Reason(code, f"keeps {_MULTI_RUN[len(runs)]}"))
    elif runs:
        reasons.append(Reason("run", f"keeps a run of {_RUN_LENGTH[len(runs[0].cards)]}"))
    by_rank = Counter(card.rank for card in keep)
    biggest = max(by_rank.values())
    if biggest >= 3:
        card = next(c for c in keep if by_rank[c.rank] == biggest)
        what = "three" if biggest == 3 else "all four"
        reasons.append(Reason("pair-royal", f"keeps {what} {_plural(card)}"))
    fifteens = sum(1 for it in items if it.kind is Kind.FIFTEEN)
    if fifteens:
        reasons.append(Reason("fifteens", f"keeps fifteen-{number_word(2 * fifteens)}"))
    pairs = [r for r, n in by_rank.items() if n == 2]
    if len(pairs) == 2:
        reasons.append(Reason("two-pairs", "keeps two pairs"))
    elif pairs and biggest < 3:
        card = next(c for c in keep if c.rank == pairs[0])
        reasons.append(Reason("pair", f"keeps a pair of {_plural(card)}"))
    if any(it.kind is Kind.FLUSH for it in items):
        reasons.append(Reason("flush", "keeps a flush"))
    if any(card.is_jack for card in keep):
        reasons.append(Reason("nobs", "keeps the jack for nobs"))
    return reasons


def _throw_reasons(throw: Sequence[Card], *, dealer: bool) -> list[Reason]:
    a, b = throw
    gives = "gives your own crib" if dealer else "gives the dealer"
    into = "your own crib" if dealer else "the dealer's crib"
    reasons: list[Reason] = []
    cost = not dealer
    if a.rank is b.rank:
        reasons.append(Reason("crib-pair", f"{gives} a pair of {_plural(a)}", cost))
    if a.pips + b.pips == 15:
        reasons.append(Reason("crib-fifteen", f"{gives} fifteen-two", cost))
    fives = [c for c in throw if c.pips == 5]
    if fives and a.rank is not b.rank:
        reasons.append(Reason("crib-five", f"{gives} a five", cost))
    if 1 <= abs(a.order - b.order) <= 2:
        reasons.append(Reason("crib-run", f"throws the start of a run into {into}", cost))
    if not reasons and not dealer:
        reasons.append(Reason("crib-safe", "gives the dealer cards that are hard to use"))
    return reasons


def discard_reasons(
    throw: Sequence[Card], keep: Sequence[Card], *, dealer: bool
) -> tuple[Reason, ...]:
    """Everything a throw does that is worth saying: the kept four's own combinations
    (strongest first), then what the two thrown cards give the crib."""
    if len(throw) != 2 or len(keep) != 4:
        raise ValueError(f"a throw is two cards and a keep four, not {len(throw)} and {len(keep)}")
    return (*_keep_reasons(keep), *_throw_reasons(throw, dealer=dealer))


def _reason_line(reasons: Sequence[Reason]) -> str:
    """One line: the strongest thing kept and the first thing said about the crib."""
    keep = [r for r in reasons if not r.code.startswith("crib-")]
    crib = [r for r in reasons if r.code.startswith("crib-")]
    if not keep and not crib:
        return "keeps four cards that wait for the starter"
    text = keep[0].text if keep else "keeps four cards that wait for the starter"
    if not crib:
        return text
    if crib[0].cost:  # a price paid, not a second benefit
        return f"{text}, but {crib[0].text}"
    return f"{text} and {crib[0].text}" if keep else crib[0].text


# --- the discard coach -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrowLine:
    """One throw in the ranking: its place (1 is best), the analysis's numbers
    (``discard``), whether it is as good as the best, and why."""

    place: int
    discard: Discard
    equal_to_best: bool
    reasons: tuple[Reason, ...]

    @property
    def reason(self) -> str:
        return _reason_line(self.reasons)

    def line(self) -> str:
        """``1. throw 2♦ 9♣, keep 5♥ 5♦ 5♣ J♠: hand 18.34 + crib 4.10 = 22.44``."""
        d = self.discard
        throw = " ".join(c.label for c in d.throw)
        keep = " ".join(c.label for c in d.keep)
        sign = "+" if d.dealer else "−"
        tie = " (as good as the best)" if self.equal_to_best and self.place > 1 else ""
        return (
            f"{self.place}. throw {throw}, keep {keep}: hand {d.hand:.2f} {sign} crib "
            f"{d.crib:.2f} = {d.net:.2f}{tie}"
        )


@dataclass(frozen=True, slots=True)
class DiscardAdvice:
    """The player's throw against the best one.

    ``top`` holds the best few throws; ``chosen`` is the player's, at ``place``
    among all 15. ``cost`` is the best net minus the chosen net (points a deal),
    ``hand_cost`` the part of it in the hand and ``crib_cost`` the rest, in the crib
    (either part can be negative when the other outweighs it).
    """

    dealer: bool
    top: tuple[ThrowLine, ...]
    chosen: ThrowLine
    best: ThrowLine
    cost: float
    hand_cost: float
    crib_cost: float

    @property
    def place(self) -> int:
        return self.chosen.place

    rank = place

    @property
    def equal(self) -> bool:
        """The choice is within :data:`NEAR_TIE` of the best: as good as the best."""
        return self.chosen.equal_to_best

    def cost_text(self) -> str:
        """``0.42 a deal: 0.30 in the hand, 0.12 in the crib``."""
        if self.chosen.place == 1:
            return "nothing: this is the best throw"
        if self.equal:
            return f"{self.cost:.2f} a deal: as good as the best"
        parts = []
        for amount, where in ((self.hand_cost, "hand"), (self.crib_cost, "crib")):
            if amount >= 0.005:
                parts.append(f"{amount:.2f} in the {where}")
        gains = [
            f"though it gains {-amount:.2f} in the {where}"
            for amount, where in ((self.hand_cost, "hand"), (self.crib_cost, "crib"))
            if amount <= -0.005
        ]
        return f"{self.cost:.2f} a deal: " + ", ".join(parts + gains)

    def words(self) -> tuple[str, ...]:
        """The verdict, then the reasons (the best throw's, and the chosen one's)."""
        if self.chosen.place == 1:
            verdict = "That is the best throw."
        elif self.equal:
            verdict = f"That throw is as good as the best (place {self.place} of 15)."
        else:
            verdict = f"That throw is number {self.place} of 15; it costs {self.cost_text()}."
        out = [verdict, f"Best: {self.best.reason}."]
        if self.chosen.place != 1:
            out.append(f"Yours: {self.chosen.reason}.")
        return tuple(out)

    def lines(self) -> tuple[str, ...]:
        """The explanation: :meth:`words`, then the table of the top throws (and the chosen
        one's, when it is not among them)."""
        out = [*self.words(), *(line.line() for line in self.top)]
        if self.chosen.place > len(self.top):
            out.append(self.chosen.line())
        return tuple(out)


def _check_dealer(dealer: object) -> bool:
    if not isinstance(dealer, bool):
        raise ValueError(f"dealer must be True or False, not {dealer!r}")
    return dealer


def _line(place: int, discard: Discard, best: float) -> ThrowLine:
    return ThrowLine(
        place=place,
        discard=discard,
        equal_to_best=_is_equal(discard.net, best),
        reasons=discard_reasons(discard.throw, discard.keep, dealer=discard.dealer),
    )


def _ranked(six: Sequence[Card], dealer: bool) -> tuple[Discard, ...]:
    return analyse_discards(six, dealer=_check_dealer(dealer), opponent="sound")


def _check_top(top: object) -> int:
    if not isinstance(top, int) or isinstance(top, bool) or not 1 <= top <= 15:
        raise ValueError(f"top must be a whole number from 1 to 15, not {top!r}")
    return top


def hint_ranking(six: Sequence[Card], *, dealer: bool, top: int = TOP) -> tuple[ThrowLine, ...]:
    """The best ``top`` throws of ``six`` (the "Hint" before throwing), best first."""
    _check_top(top)
    ranked = _ranked(six, dealer)
    return tuple(_line(i + 1, d, ranked[0].net) for i, d in enumerate(ranked[:top]))


def discard_advice(
    six: Sequence[Card],
    chosen_throw: Sequence[Card],
    *,
    dealer: bool,
    scores: tuple[int, int] | None = None,
    target: int = 121,
    top: int = TOP,
) -> DiscardAdvice:
    """Advice on throwing ``chosen_throw`` from ``six``, by the sound model.

    ``scores`` (the player's, the opponent's) and ``target`` are checked but do
    not change the advice yet: the numbers are points a deal, for any score.
    Raises ``ValueError`` naming the problem: not six distinct cards, a throw that
    is not two of them, scores off the board.
    """
    if target not in (61, 121):
        raise ValueError(f"a game is to 61 or 121, not {target!r}")
    if scores is not None and (
        not isinstance(scores, tuple)
        or len(scores) != 2
        or not all(isinstance(s, int) and 0 <= s < target for s in scores)
    ):
        raise ValueError(f"scores must be two whole numbers from 0 to {target - 1}")
    _check_top(top)
    ranked = _ranked(six, dealer)
    throw = tuple(chosen_throw)
    if len(throw) != 2 or not all(isinstance(c, Card) for c in throw):
        raise ValueError(f"a throw is two cards, not {len(throw)}")
    if throw[0] == throw[1]:
        raise ValueError(f"{throw[0].label} is thrown twice")
    strays = [c.label for c in throw if c not in six]
    if strays:
        raise ValueError(f"{' '.join(strays)} is not among the six cards")
    lines = tuple(_line(i + 1, d, ranked[0].net) for i, d in enumerate(ranked[:top]))
    place = next(i for i, d in enumerate(ranked) if set(d.throw) == set(throw))
    chosen = lines[place] if place < top else _line(place + 1, ranked[place], ranked[0].net)
    best = lines[0]
    cost = best.discard.net - chosen.discard.net
    hand_cost = best.discard.hand - chosen.discard.hand
    return DiscardAdvice(
        dealer=dealer,
        top=lines,
        chosen=chosen,
        best=best,
        cost=cost,
        hand_cost=hand_cost,
        crib_cost=cost - hand_cost,
    )


# --- the one-card throw (three or four at the table) ---------------------------------------


@dataclass(frozen=True, slots=True)
class OneCardLine:
    """One throw of five cards (one to the crib, four kept): its place (1 is best), the
    four kept's average points with the starter, whether it is as good as the best, and
    why."""

    place: int
    card: Card
    keep: tuple[Card, ...]
    hand: float
    equal_to_best: bool
    reasons: tuple[Reason, ...]

    @property
    def reason(self) -> str:
        return _reason_line(self.reasons)

    def line(self) -> str:
        """``1. throw 9♣, keep 5♥ 5♦ 5♣ J♠: hand 18.34``."""
        keep = " ".join(c.label for c in self.keep)
        tie = " (as good as the best)" if self.equal_to_best and self.place > 1 else ""
        return f"{self.place}. throw {self.card.label}, keep {keep}: hand {self.hand:.2f}{tie}"


def _one_card_reasons(card: Card, *, dealer: bool) -> list[Reason]:
    gives = "gives your own crib" if dealer else "gives the dealer"
    if card.pips == 5:
        return [Reason("crib-five", f"{gives} a five")]
    if card.is_jack:
        return [Reason("crib-jack", f"{gives} a jack (nobs, if the starter matches its suit)")]
    if not dealer and card.order >= 11:
        return [Reason("crib-safe", "gives the dealer a card that is hard to use")]
    return []


def _five(cards: Sequence[Card]) -> tuple[Card, ...]:
    five = tuple(cards)
    if len(five) != 5 or not all(isinstance(c, Card) for c in five) or len(set(five)) != 5:
        raise ValueError(f"a throw of one is made from five different cards, not {len(five)}")
    return five


@lru_cache(maxsize=256)
def _one_card_ranked(five: tuple[Card, ...], dealer: bool) -> tuple[OneCardLine, ...]:
    starters = [c for c in DECK if c not in five]
    scored = []
    for card in five:
        keep = tuple(c for c in five if c != card)
        hand = sum(score_show(keep, s).total for s in starters) / len(starters)
        scored.append((card, keep, hand))
    scored.sort(key=lambda t: (-t[2], t[0].index))
    best = scored[0][2]
    return tuple(
        OneCardLine(
            place=i + 1,
            card=card,
            keep=keep,
            hand=hand,
            equal_to_best=_is_equal(hand, best),
            reasons=(*_keep_reasons(keep), *_one_card_reasons(card, dealer=dealer)),
        )
        for i, (card, keep, hand) in enumerate(scored)
    )


def one_card_ranking(five: Sequence[Card], *, dealer: bool) -> tuple[OneCardLine, ...]:
    """The five throws of one card from ``five``, best first: by the average points the
    four kept make with each of the 47 starters that could be turned (the crib, made of
    everyone's throws, is not in the figure; its words say what the card gives it)."""
    return _one_card_ranked(_five(five), _check_dealer(dealer))


@dataclass(frozen=True, slots=True)
class OneCardAdvice:
    """The player's one card thrown against the best one, by the kept hand's points."""

    dealer: bool
    ranked: tuple[OneCardLine, ...]
    chosen: OneCardLine

    @property
    def best(self) -> OneCardLine:
        return self.ranked[0]

    @property
    def place(self) -> int:
        return self.chosen.place

    @property
    def cost(self) -> float:
        """What the kept hand makes less than the best keep's, on average."""
        return self.best.hand - self.chosen.hand

    @property
    def equal(self) -> bool:
        return self.chosen.equal_to_best

    def words(self) -> tuple[str, ...]:
        card = self.chosen.card.label
        if self.place == 1:
            verdict = f"Throwing {card} is the best throw: it keeps the hand that scores most."
        elif self.equal:
            verdict = f"Throwing {card} is as good as the best (place {self.place} of 5)."
        else:
            verdict = (
                f"Throwing {card} is number {self.place} of 5: your hand makes "
                f"{self.cost:.2f} points less on average than if you had thrown "
                f"{self.best.card.label}."
            )
        out = [verdict, f"Best: {self.best.reason}."]
        if self.place != 1:
            out.append(f"Yours: {self.chosen.reason}.")
        return tuple(out)

    def lines(self) -> tuple[str, ...]:
        """:meth:`words`, then every throw with the kept hand's average points."""
        return (
            *self.words(),
            *(line.line() for line in self.ranked),
            "(Points of the four you keep, with the starter, on average; the crib is shared "
            "by everyone's throws, so it is told in words.)",
        )


def one_card_advice(five: Sequence[Card], thrown: Card, *, dealer: bool) -> OneCardAdvice:
    """Advice on throwing ``thrown`` from ``five`` (three or four at the table)."""
    ranked = one_card_ranking(five, dealer=dealer)
    chosen = next((line for line in ranked if line.card == thrown), None)
    if chosen is None:
        label = thrown.label if isinstance(thrown, Card) else repr(thrown)
        raise ValueError(f"{label} is not among the five cards")
    return OneCardAdvice(dealer, ranked, chosen)


# --- the pegging coach -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayWarning:
    """One thing beginner advice warns about in a play: ``code`` (``lead-five``,
    ``count-5``, ``count-21``, ``pair-royal``, ``run``, ``last-low-card``) and the text."""

    code: str
    text: str


@dataclass(frozen=True, slots=True)
class PlayNote:
    """The coach's note on one card laid: the warnings, and (Hard, Crazy) what the
    best card would have gained on average over the one laid."""

    card: Card
    warnings: tuple[PlayWarning, ...]
    best: Card | None = None
    gain: float = 0.0

    def lines(self) -> tuple[str, ...]:
        out = [w.text for w in self.warnings]
        if self.best is not None:
            out.append(
                f"The {self.best.label} would have gained {self.gain:.1f} "
                f"point{'s' if round(self.gain, 1) != 1 else ''} on average."
            )
        return tuple(out)


def _a_rank(order: int) -> str:
    """``an ace``, ``a 4``, ``an 8``, ``a king``: a rank as said before a noun."""
    label = {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(order, str(order))
    return ("an " if label in ("ace", "8") else "a ") + label


def _unseen_ranks(seen: set[Card]) -> Counter[int]:
    return Counter(c.order for c in DECK if c not in seen)


def _warnings(
    hand: tuple[Card, ...],
    card: Card,
    points: int,
    pile: tuple[Card, ...],
    seen: set[Card],
    opponent_left: int,
) -> list[PlayWarning]:
    count = sum(c.pips for c in pile) + card.pips
    unseen = _unseen_ranks(seen)
    rest = [c for c in hand if c != card]
    replies = opponent_left > 0 and count < MAX_COUNT
    out: list[PlayWarning] = []
    if replies and not pile and card.pips == 5:
        out.append(
            PlayWarning(
                "lead-five",
                "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
            )
        )
    elif replies and count in (5, 21) and any(unseen[o] for o in (10, 11, 12, 13)):
        total = 15 if count == 5 else 31
        out.append(
            PlayWarning(
                f"count-{count}",
                f"Your {card.label} made the count {count}: a ten-card after it makes "
                f"{total} for two.",
            )
        )
    if replies and pile and pile[-1].rank is card.rank:
        series = (*pile, card)
        same = 1
        while same < len(series) and series[-1 - same].rank is card.rank:
            same += 1
        if same < 4 and unseen[card.order] and count + card.pips <= MAX_COUNT:
            royal = 6 if same == 2 else 12
            what = "third" if same == 2 else "fourth"
            out.append(
                PlayWarning(
                    "pair-royal",
                    f"Pairing is risky: if they hold the {what} {card.rank.label}, they peg {royal}.",
                )
            )
    if replies and pile and pile[-1].rank is not card.rank:
        low, high = sorted((pile[-1].order, card.order))
        if high - low <= 2:
            makers = sorted(
                o
                for o in range(max(1, high - 2), min(13, low + 2) + 1)
                if o not in (low, high)
                and max(o, high) - min(o, low) == 2
                and unseen[o]
                and count + min(o, 10) <= MAX_COUNT
            )
            if makers:
                names = " or ".join(_a_rank(o) for o in makers)
                out.append(
                    PlayWarning(
                        "run",
                        f"The {pile[-1].rank.label} and {card.rank.label} sit close together: "
                        f"{names} makes a run for them.",
                    )
                )
    if card.pips <= 2 and rest and all(c.pips > 2 for c in rest) and points == 0:
        out.append(
            PlayWarning(
                "last-low-card",
                "That was your last ace or 2. Low cards are handy late in a count, "
                "to squeeze in under 31 for the go.",
            )
        )
    return out


def play_note(
    hand: Sequence[Card],
    card: Card,
    *,
    pile: Sequence[Card],
    mine_played: Sequence[Card],
    theirs_played: Sequence[Card],
    starter: Card,
    level: Level = "normal",
    crib_cards: Sequence[Card] = (),
) -> PlayNote | None:
    """The coach's note on laying ``card`` from ``hand`` (the cards held before it),
    or ``None`` when there is nothing to say.

    ``pile`` is the current series before the card; ``mine_played`` and
    ``theirs_played`` every card each side has laid this deal; ``crib_cards`` the
    two the player threw, if known. The warnings:

    * ``lead-five``: leading a 5 (any ten-card makes fifteen);
    * ``count-5`` / ``count-21``: leaving the count at 5 or 21 while the opponent
      holds cards and a ten-card is unseen (a ten-card makes 15 or 31);
    * ``pair-royal``: pairing (or making a pair royal) while a card of that rank
      is still unseen and would fit: the opponent could hold it;
    * ``run``: leaving the last two cards one or two ranks apart, when an unseen
      rank that fits would complete a run of three with them;
    * ``last-low-card``: laying your last ace or 2 for no points while other
      cards stay in your hand (aces and 2s squeeze in under 31 late in a count).

    A warning is given only when another legal card would have avoided it: with
    one card that fits, or four fives to lead from, there is nothing to say.

    At ``hard`` and ``crazy`` the note also says how much the best card by the
    pegging analysis's net value would have gained over the one laid, when that
    is more than :data:`NEAR_TIE`.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if not isinstance(card, Card):
        raise ValueError(f"the card laid must be a card, not {card!r}")
    held = tuple(hand)
    if card not in held:
        raise ValueError(f"{card.label} is not in the hand")
    options = analyse_play(
        held,
        pile=pile,
        mine_played=mine_played,
        theirs_played=theirs_played,
        starter=starter,
        crib_cards=crib_cards,
    )
    played = next((o for o in options if o.card == card), None)
    if played is None:
        count = sum(c.pips for c in pile)
        raise ValueError(f"{card.label} does not fit: the count would be {count + card.pips}")
    seen = {*held, *mine_played, *theirs_played, starter, *crib_cards}
    left = 4 - len(tuple(theirs_played))
    said = {o.card: _warnings(held, o.card, o.points, tuple(pile), seen, left) for o in options}
    # Only what another legal card would have avoided is worth a word.
    warnings = [
        w
        for w in said[card]
        if any(w.code not in {x.code for x in other} for c, other in said.items() if c != card)
    ]
    best: Card | None = None
    gain = 0.0
    if level in ("hard", "crazy"):
        top = options[0]
        if top.net - played.net > NEAR_TIE + _EPS:
            best, gain = top.card, top.net - played.net
    if not warnings and best is None:
        return None
    return PlayNote(card=card, warnings=tuple(warnings), best=best, gain=gain)


def view_play_note(view: SeatView, card: Card, *, level: Level = "normal") -> PlayNote | None:
    """:func:`play_note` on ``card`` laid from what the seat could see just before it (its
    hand, the series, the cards each side had laid, the starter, its own throw)."""
    if view.starter is None:
        raise ValueError("a card is laid only after the starter is turned")
    return play_note(
        view.hand,
        card,
        pile=view.pile,
        mine_played=view.mine_played,
        theirs_played=view.theirs_played,
        starter=view.starter,
        level=level,
        crib_cards=view.discards,
    )


# --- learning mode: whole points and the course's words ----------------------------------------
#
# A beginner is told what the coach would do and why in the words the course has taught
# (fifteens, pairs, runs, flush, nobs, the crib, the count, the go), with points as whole
# numbers: the points the kept four make by themselves are exact; what a crib or a throw
# gains on average is said "about" so many points, rounded. The tables with decimals stay
# for "after each move" and behind the page's "details".


def _rank_said(card: Card) -> str:
    """``a 7``, ``an ace``, ``a king``: a card's rank as said in a sentence."""
    return _a_rank(card.order)


def _points_said(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def _about(points: float) -> str:
    """``about 2 points``, ``less than a point``: an average said in whole points."""
    whole = round(points)
    return "less than a point" if whole < 1 else f"about {_points_said(whole)}"


def _many_said(n: int, one: str, many: str) -> str:
    return f"a {one}" if n == 1 else f"{number_word(n)} {many}"


def kept_points(keep: Sequence[Card]) -> int:
    """The points the four kept cards make by themselves, before the starter (exact)."""
    return sum(item.points for item in _own_items(keep))


def _kept_words(keep: Sequence[Card]) -> str:
    """``two fifteens and a pair``: what the four kept cards make by themselves."""
    items = _own_items(keep)
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
        return f"a pair of {_plural(a)}, already 2 points"
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
        keep = f"keeps {_points_said(points)} in your hand ({made})"
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
        else f"{theirs} crib only {_about(crib)} less"
    )
    return (
        f"Why not keep the rule “{rule}” and throw {a.label} and {b.label}? Then your hand "
        f"would make {_about(hand)} less on average, and {given}: this throw keeps more for "
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
            f"{_about(advice.cost)} more each time a hand like this is dealt."
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
            f"You threw {cards} into {whose}: they were in none of its {_points_said(score.total)}."
        )
    share = "all" if made == score.total else f"{made}"
    return (
        f"You threw {cards} into {whose}: they were part of {share} of its "
        f"{_points_said(score.total)}."
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
    return f"{' and '.join(parts)}: {_points_said(total)}"


def lay_advice(
    hand: Sequence[Card],
    *,
    pile: Sequence[Card],
    mine_played: Sequence[Card],
    theirs_played: Sequence[Card],
    starter: Card,
    crib_cards: Sequence[Card] = (),
    theirs: str = "the computer",
) -> str:
    """Learning mode, before a lay: which card the coach would lay and why (it scores; a
    low, safe lead; it does not leave 5 or 21, or give a 15 or a 31; it keeps a low card
    for the go), in plain words."""
    options = analyse_play(
        hand,
        pile=pile,
        mine_played=mine_played,
        theirs_played=theirs_played,
        starter=starter,
        crib_cards=crib_cards,
    )
    if not options:
        return "None of your cards fits under 31: you say go."
    best = options[0]
    card = best.card
    count = sum(c.pips for c in pile) + card.pips
    others = [o for o in options if o.card != card]
    reasons: list[str] = []
    if best.points:
        reasons.append(f"it {_scored_words(score_play((*pile, card)).items)}")
    if not pile:
        if card.pips <= 4:
            reasons.append("a 4 or lower is a safe lead: no one card can make 15 from it")
        elif card.pips != 5:
            reasons.append("it is not a 5, which any ten-card makes into 15")
    elif count not in (5, 21) and any(
        sum(c.pips for c in pile) + o.card.pips in (5, 21) for o in others
    ):
        reasons.append("it does not leave the count at 5 or 21, where a ten-card makes 15 or 31")
    if (
        pile
        and count < MAX_COUNT
        and any(sum(c.pips for c in pile) + o.card.pips in (15, 31) for o in others)
        and not best.points
    ):
        reasons.append(f"it keeps {theirs} from an easy 15 or 31")
    lows = [c for c in hand if c != card and c.pips <= 2]
    if lows and card.pips > 2:
        reasons.append(
            f"it keeps your {lows[0].label} for late in the series, to squeeze in under 31 "
            "for the go"
        )
    if not reasons:
        reasons.append(f"of your cards, it gives {theirs} the fewest points on average")
    if len(options) == 1:
        return f"Only your {card.label} fits under 31: lay it."
    said = reasons[0] if len(reasons) == 1 else "; ".join(reasons[:-1]) + "; and " + reasons[-1]
    return f"The coach would lay the {card.label}: {said}."


# --- near the end: the chance to win the game ----------------------------------------------

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

"""The coach's advice: on a throw and on a card laid (the drills built on it are
:mod:`trainer.training.questions.coached`).

Pure: the numbers come from the analysis (:func:`~trainer.analysis.analyse_discards`
with the sound model, :func:`~trainer.analysis.analyse_play`) and are passed on
unchanged; this module only picks, compares and words them.

* :func:`discard_advice` compares a throw with the best throw: its rank, what it
  cost a deal (split into hand and crib), and a reason in words for both.
  :func:`hint_ranking` is the ranking shown before throwing.
* :func:`play_note` looks at a card just laid and warns about the plays beginner
  advice warns about; at the Hard and Crazy levels it adds what the best card
  would have gained on average.

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
from trainer.engine import DECK, Card, Kind, ScoreItem, number_word, score_show
from trainer.engine.game import SeatView

__all__ = [
    "NEAR_TIE",
    "DiscardAdvice",
    "PlayNote",
    "PlayWarning",
    "Reason",
    "ThrowLine",
    "discard_advice",
    "discard_reasons",
    "hint_ranking",
    "play_note",
    "view_play_note",
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
    (``double-run``, ``fifteens``, ``crib-five``...), ``text`` says it."""

    code: str
    text: str


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
    if a.rank is b.rank:
        reasons.append(Reason("crib-pair", f"{gives} a pair of {_plural(a)}"))
    if a.pips + b.pips == 15:
        reasons.append(Reason("crib-fifteen", f"{gives} fifteen-two"))
    fives = [c for c in throw if c.pips == 5]
    if fives and a.rank is not b.rank:
        reasons.append(Reason("crib-five", f"{gives} a five"))
    if 1 <= abs(a.order - b.order) <= 2:
        reasons.append(Reason("crib-run", f"throws the start of a run into {into}"))
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
    parts = [r.text for r in keep[:1] + crib[:1]]
    if not parts:
        return "keeps four cards that wait for the starter"
    return " and ".join(parts)


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
                f"That leaves the count at {count}: a ten-card makes {total} for two.",
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

"""The play (pegging): scoring a card as it is laid, and the turn-by-turn state.

>>> from trainer.engine.cards import parse_cards
>>> score_play(parse_cards("7S 7C 7H")).total
6
>>> score_play(parse_cards("4C 5S 6D")).explain()
'15 for 2, and a run of three, 4-5-6, for 3'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.engine.cards import Card, check_distinct, label_cards
from trainer.engine.items import Award, Kind, ScoreItem, number_word
from trainer.engine.vocab import RuleError

__all__ = [
    "CardNotInHandError",
    "GoWhileCardFitsError",
    "OutOfTurnError",
    "OverThirtyOneError",
    "PegEvent",
    "Pegging",
    "PeggingError",
    "PlayOverError",
    "PlayScore",
    "score_play",
]

MAX_COUNT = 31

#: What closes a series: a go, the last card of the play, or a count of exactly 31.
CLOSING_KINDS = frozenset({Kind.GO, Kind.LAST_CARD, Kind.THIRTY_ONE})
_PAIR_POINTS = {2: 2, 3: 6, 4: 12}


class PeggingError(RuleError):
    """An action the rules of the play do not allow."""


class OverThirtyOneError(PeggingError):
    """Laying this card would take the count past 31."""

    def __init__(self, card: Card, count: int) -> None:
        self.card = card
        self.count = count
        super().__init__(
            f"{card.label} would make the count {count + card.pips}: it may never go past 31"
        )


class CardNotInHandError(PeggingError):
    """The card is not in the hand of the player laying it."""

    def __init__(self, card: Card, player: int) -> None:
        self.card = card
        self.player = player
        super().__init__(f"{card.label} is not in player {player + 1}'s hand")


class OutOfTurnError(PeggingError):
    """A player acted when it was someone else's turn."""

    def __init__(self, player: int, turn: int) -> None:
        self.player = player
        self.turn = turn
        super().__init__(f"it is player {turn + 1}'s turn, not player {player + 1}'s")


class GoWhileCardFitsError(PeggingError):
    """A player said go while holding a card that fits under 31."""

    def __init__(self, player: int, playable: Sequence[Card]) -> None:
        self.player = player
        self.playable = tuple(playable)
        super().__init__(
            f"player {player + 1} cannot say go: {label_cards(playable)} still fits under 31"
        )


class PlayOverError(PeggingError):
    """Every card has been played."""

    def __init__(self) -> None:
        super().__init__("the play is over: every card has been laid")


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What the last card of a series scores: ``items`` and their ``total``."""

    pile: tuple[Card, ...]
    count: int
    items: tuple[ScoreItem, ...]
    total: int

    def explain(self) -> str:
        """What the card made, as said at the table: ``15 for 2, and a pair for 2``."""
        return explain_items(self.items)


#: How a score in the play is said where its words do not depend on its cards.
_PLAY_SAID: dict[Kind, str] = {
    Kind.FIFTEEN: "15 for 2",
    Kind.THIRTY_ONE: "31 for 2",
    Kind.GO: "1 for the go",
    Kind.LAST_CARD: "1 for last card",
    Kind.HIS_HEELS: "2 for his heels",
}


def _item_words(item: ScoreItem) -> str:
    """One score in the play in words: ``a pair royal for 6``, ``a run of three, 4-5-6, for 3``."""
    if item.kind in _PLAY_SAID:
        return _PLAY_SAID[item.kind]
    if item.kind == Kind.PAIR:
        name = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}[len(item.cards)]
        return f"{name} for {item.points}"
    if item.kind == Kind.RUN:
        ranks = "-".join(c.rank.label for c in sorted(item.cards, key=lambda c: c.order))
        return f"a run of {number_word(len(item.cards))}, {ranks}, for {item.points}"
    return f"{item.kind} for {item.points}"


def explain_items(items: Sequence[ScoreItem]) -> str:
    parts = [_item_words(item) for item in items]
    if not parts:
        return "no score"
    if len(parts) > 1:
        parts[-1] = "and " + parts[-1]
    return ", ".join(parts)


def score_play(pile: Sequence[Card]) -> PlayScore:
    """Score the card just laid: the last of ``pile``, the current series in order.

    Fifteen and thirty-one score 2; a pair, pair royal and double pair royal
    (same rank, one after another) 2, 6 and 12; a run of three or more made by
    the latest cards in any order scores one a card, and any card outside the
    run, a duplicate included, breaks it.
    """
    pile = tuple(pile)
    if not pile:
        raise PeggingError("the pile is empty: there is no card to score")
    check_distinct(pile)
    count = 0
    for card in pile:
        count += card.pips
    if count > MAX_COUNT:
        raise OverThirtyOneError(pile[-1], count - pile[-1].pips)
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(Kind.FIFTEEN, pile, 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem(Kind.THIRTY_ONE, pile, 2))
    last = pile[-1]
    same = 1
    while same < len(pile) and pile[-1 - same].order == last.order:
        same += 1
    if same > 1:
        items.append(ScoreItem(Kind.PAIR, pile[-same:], _PAIR_POINTS[same]))
    run = _run_length(pile)
    if run:
        items.append(ScoreItem(Kind.RUN, pile[-run:], run))
    return PlayScore(pile, count, tuple(items), sum(item.points for item in items))


def _run_length(pile: tuple[Card, ...]) -> int:
    """The longest n >= 3 such that the last n cards are n consecutive ranks, else 0."""
    best = 0
    seen: set[int] = set()
    low = high = pile[-1].order
    for n, card in enumerate(reversed(pile), start=1):
        if card.order in seen:
            break  # a duplicate breaks every longer stretch too
        seen.add(card.order)
        low = min(low, card.order)
        high = max(high, card.order)
        if n >= 3 and high - low == n - 1:
            best = n
    return best


# --- the state of the play ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PegEvent:
    """What one action did. ``player`` laid ``card`` (``None`` when saying go),
    bringing the count to ``count``; ``awards`` are (player, item) pairs scored
    by it: the card's own items, then any go or last-card point it triggered.

    When the event ends a series, ``closing`` is the award that closed it: the go,
    the last card or the 31 (one of ``awards``), so nothing sorts awards by kind to
    find it; ``None`` while the series goes on."""

    player: int
    card: Card | None
    count: int
    awards: tuple[Award, ...]
    series_over: bool
    play_over: bool
    next_player: int | None
    closing: Award | None = None

    def points_for(self, player: int) -> int:
        return sum(item.points for who, item in self.awards if who == player)

    def items_for(self, player: int) -> tuple[ScoreItem, ...]:
        return tuple(item for who, item in self.awards if who == player)


@dataclass
class Pegging:
    """The play for two or more players, in verify/can/do form.

    Players are numbered clockwise from 0; ``leader`` (the pone, on the
    dealer's left) lays first. Players with no cards left are skipped; a player
    whose cards all go past 31 must :meth:`go`. When nobody can lay, the last
    player to lay scores 1 for the go (nothing extra after a 31), the count
    resets and the next player clockwise from them leads. The very last card of
    the play scores 1 unless it made 31.

    >>> from trainer.engine.cards import parse_cards
    >>> play = Pegging([parse_cards("7S 7H 4C 6D"), parse_cards("7C KD 5S 9H")], leader=0)
    >>> play.lay(parse_cards("7S")[0]).count
    7
    """

    hands: list[list[Card]]
    leader: int = 0
    turn: int = field(init=False)
    count: int = field(init=False, default=0)
    pile: list[Card] = field(init=False, default_factory=list)
    passed: set[int] = field(init=False, default_factory=set)
    last_player: int | None = field(init=False, default=None)
    scores: list[int] = field(init=False)
    history: list[PegEvent] = field(init=False, default_factory=list)
    series: list[list[tuple[int, Card]]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.hands = [list(hand) for hand in self.hands]
        if len(self.hands) < 2:
            raise ValueError("the play needs at least two players")
        check_distinct([card for hand in self.hands for card in hand])
        if not 0 <= self.leader < len(self.hands):
            raise ValueError(f"leader must be a player from 0 to {len(self.hands) - 1}")
        self.turn = self.leader
        self.scores = [0] * len(self.hands)
        self.series = [[]]
        if not self.hands[self.turn]:
            self._advance_from(self.turn)

    # -- questions ------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return not any(self.hands)

    def laid(self, player: int) -> tuple[Card, ...]:
        """Every card ``player`` has laid so far in this play, in order."""
        return tuple(card for series in self.series for who, card in series if who == player)

    def playable(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: whoever's turn it is) could lay now."""
        who = self.turn if seat is None else seat
        return tuple(c for c in self.hands[who] if self.count + c.pips <= MAX_COUNT)

    def must_go(self) -> bool:
        """True when the player to act holds cards but none fits."""
        return not self.is_over and not self.playable()

    # -- lay a card -------------------------------------------------------------

    def verify_lay(self, card: Card, *, seat: int | None = None) -> None:
        if self.is_over:
            raise PlayOverError()
        who = self.turn if seat is None else seat
        if who != self.turn:
            raise OutOfTurnError(who, self.turn)
        if card not in self.hands[who]:
            raise CardNotInHandError(card, who)
        if self.count + card.pips > MAX_COUNT:
            raise OverThirtyOneError(card, self.count)

    def can_lay(self, card: Card, *, seat: int | None = None) -> bool:
        try:
            self.verify_lay(card, seat=seat)
        except PeggingError:
            return False
        return True

    def lay(self, card: Card, *, seat: int | None = None) -> PegEvent:
        """Lay ``card`` for the player whose turn it is and score it (``seat``, when given,
        must be that player: as :meth:`Game.lay <trainer.engine.game.Game.lay>` checks)."""
        self.verify_lay(card, seat=seat)
        who = self.turn
        self.hands[who].remove(card)
        self.pile.append(card)
        self.series[-1].append((who, card))
        self.count += card.pips
        self.last_player = who
        scored = score_play(self.pile)
        awards = [Award(who, item) for item in scored.items]
        count = self.count
        extra, series_over = self._advance_from(who)
        return self._record(who, card, count, awards + extra, series_over)

    # -- say go -----------------------------------------------------------------

    def verify_go(self, *, seat: int | None = None) -> None:
        if self.is_over:
            raise PlayOverError()
        who = self.turn if seat is None else seat
        if who != self.turn:
            raise OutOfTurnError(who, self.turn)
        fits = self.playable(who)
        if fits:
            raise GoWhileCardFitsError(who, fits)

    def can_go(self, *, seat: int | None = None) -> bool:
        try:
            self.verify_go(seat=seat)
        except PeggingError:
            return False
        return True

    def go(self, *, seat: int | None = None) -> PegEvent:
        """The player to act has no card that fits and says go."""
        self.verify_go(seat=seat)
        who = self.turn
        self.passed.add(who)
        count = self.count
        extra, series_over = self._advance_from(who)
        return self._record(who, None, count, extra, series_over)

    # -- internals ----------------------------------------------------------------

    def _record(
        self,
        who: int,
        card: Card | None,
        count: int,
        awards: list[Award],
        series_over: bool,
    ) -> PegEvent:
        for player, item in awards:
            self.scores[player] += item.points
        closing = None
        if series_over:  # a card's own items are never a go or last card: the first is it
            closing = next((award for award in awards if award.item.kind in CLOSING_KINDS), None)
        event = PegEvent(
            player=who,
            card=card,
            count=count,
            awards=tuple(awards),
            series_over=series_over,
            play_over=self.is_over,
            next_player=None if self.is_over else self.turn,
            closing=closing,
        )
        self.history.append(event)
        return event

    def _advance_from(self, current: int) -> tuple[list[Award], bool]:
        """Find who acts next after ``current``; end the series when nobody can."""
        if self.count == MAX_COUNT:
            return self._end_series(), True
        if self.is_over:
            return self._end_series(), True
        n = self.players
        for step in range(1, n + 1):
            p = (current + step) % n
            if p in self.passed or not self.hands[p]:
                continue
            if self.playable(p) or p != self.last_player:
                # Either p can lay, or p must say go (p did not lay the last card).
                self.turn = p
                return [], False
            break  # back round to the last player, who cannot lay: the go is scored
        return self._end_series(), True

    def _end_series(self) -> list[Award]:
        awards: list[Award] = []
        last = self.last_player
        if last is not None and self.count != MAX_COUNT:
            last_card = self.pile[-1:]
            kind = Kind.LAST_CARD if self.is_over else Kind.GO
            awards.append(Award(last, ScoreItem(kind, tuple(last_card), 1)))
        self.count = 0
        self.pile = []
        self.passed = set()
        if not self.is_over:
            self.series.append([])
            n = self.players
            start = last if last is not None else self.turn
            for step in range(1, n + 1):
                p = (start + step) % n
                if self.hands[p]:
                    self.turn = p
                    break
        return awards

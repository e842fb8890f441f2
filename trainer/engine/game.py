"""A game of two, three or four (two partnerships) as a state machine that can be saved and
replayed; the pack, the deal and the order of the show are :mod:`~trainer.engine.dealing`.

A game is its :class:`~trainer.engine.settings.Settings`, its seed and its events.
The pack for each deal is shuffled from the seed (``random.Random(f"{seed}:{n}")``
for deal ``n``; ``f"{seed}:cut:{r}"`` for round ``r`` of the cut for deal), and
the positions where players cut are part of their actions, so replaying the
events reproduces the game exactly.

Every action comes three ways, in the manner of pokerkit: ``verify_x(...)``
raises a precise :class:`GameRuleError` (or, in the play, :class:`PeggingError`)
subclass, ``can_x(...)`` answers with a bool, and ``x(...)`` performs it and
returns a frozen event carrying the points it pegged:

========================================  =============================================
``cut_for_deal(seat, at=None)``           each seat cuts; the lowest card deals, ties cut again
``discard(seat, cards)``                  two cards to the dealer's crib (one of five at 3, 4)
``cut_starter(seat, at=None)``            the pone cuts, the starter is turned (his heels)
``lay(seat, card)`` / ``go(seat)``        the play, clockwise, scored by :class:`Pegging`
``count_hand(seat, which, claimed)``      the show, one hand at a time from the dealer's left,
                                          the dealer's hand, then the crib
``next_deal()``                           the deal passes to the dealer's left
========================================  =============================================

``at=None`` takes a cut position drawn from the seed (the same for the first and
second cut of each round of the cut for deal, and for each deal's starter, however
the game has gone). :meth:`Game.view` is what one seat may know (a
:class:`~trainer.engine.seat_view.SeatView`); :meth:`Game.record` and :meth:`Game.replay`
save and restore a game; :meth:`Game.summary` has the results screen's figures.

The game ends the moment a seat reaches the target: in the play, on his heels, or in
the show, where the hands after it are not counted. The peg stops in the game hole: the
event that gets there keeps all of its points in the record, but pegs only those that
reach the target (a pair royal at 119 takes the score to 121, see
:func:`~trainer.engine.summary.pegged`), and every later action raises
:class:`GameOverError`.

Errors (:mod:`~trainer.engine.game_errors`), all :class:`~trainer.engine.vocab.RuleError`
(a ``ValueError``): :class:`WrongPhaseError`, :class:`GameOverError`, :class:`NoSuchSeatError`,
:class:`AlreadyActedError` (a second cut or discard), :class:`BadCutError`,
:class:`BadDiscardError`, :class:`NotACardError`, :class:`CountOrderError`,
:class:`BadClaimError`, and from the play :class:`~trainer.engine.pegging.OutOfTurnError`
(also for the starter cut), :class:`~trainer.engine.pegging.CardNotInHandError` (also for
the discard), :class:`~trainer.engine.pegging.OverThirtyOneError` and
:class:`~trainer.engine.pegging.GoWhileCardFitsError`. A record that does not replay
raises :class:`ReplayError`, bad notation :class:`~trainer.engine.notation.NotationError`.

>>> game = Game(Settings(target=61), seed=3)
>>> game.cut_for_deal(0, at=10)
CutEvent(seat=0, at=10, card=Card.parse('5H'), dealer=None, awards=(), dealt=None)
>>> game.cut_for_deal(1, at=20).notation()  # the five is lower: seat 0 deals
'cut seat=1 at=20 card=QS dealer=0 dealt=fb66072c'
>>> game.phase, game.pone, game.view(1).hand
(Phase.DISCARD, 1, (Card.parse('KS'), Card.parse('3H'), Card.parse('5D'), Card.parse('7S'), Card.parse('TH'), Card.parse('6D')))
>>> for seat in (0, 1):
...     _ = game.discard(seat, game.view(seat).hand[:2])
>>> game.cut_starter(1, at=20).notation()
'starter seat=1 at=20 card=AH'
>>> while game.phase is Phase.PLAY:  # everyone lays their first card that fits
...     seat = game.turn
...     fits = game.view(seat).playable
...     event = game.lay(seat, fits[0]) if fits else game.go(seat)
>>> event.notation(), game.scores
('lay seat=0 card=9D count=9 awards=0:last_card/9D/1', (2, 1))
>>> [game.count_hand(seat, which).true for seat, which in game.show_order]
[5, 4, 7]
>>> game.scores, game.phase
((13, 6), Phase.DONE)
>>> Game.replay(GameRecord.parse(game.record().notation())).view(1) == game.view(1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import TypeVar

from trainer.engine.cards import Card, label_cards
from trainer.engine.dealing import counting_order, deal, shuffled_pack
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
    deal_digest,
)
from trainer.engine.game_errors import (
    AlreadyActedError,
    BadClaimError,
    BadCutError,
    BadDiscardError,
    CountOrderError,
    GameOverError,
    GameRuleError,
    NoSuchSeatError,
    NotACardError,
    WrongPhaseError,
)
from trainer.engine.items import Award, Kind, ScoreItem
from trainer.engine.kinds import kept_awards, only_kinds
from trainer.engine.pegging import (
    CardNotInHandError,
    OutOfTurnError,
    Pegging,
)
from trainer.engine.record import MAX_SEED, GameRecord
from trainer.engine.replaying import PastViews, past_point, replayed, replayed_from
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings
from trainer.engine.show import MAX_SHOW, ShowScore, score_show
from trainer.engine.summary import GameSummary, pegged, skunk, summarize
from trainer.engine.vocab import (
    Counting,
    Phase,
    Seat,
    Which,
    left_of,
    seat_name,
    seats_of,
    side_of,
)

__all__ = ["MIN_CUT", "Game"]

_E = TypeVar("_E", bound=Event)
_P = TypeVar("_P", LayEvent, GoEvent)

#: A cut leaves at least this many cards on each side.
MIN_CUT = 4


# --- the game -------------------------------------------------------------------------------


class Game:
    """A two-player game of cribbage: every action verified, every change an event."""

    def __init__(self, settings: Settings | None = None, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise GameRuleError(
                f"the seed is a whole number from 0 to {MAX_SEED} (it fits in 64 bits), "
                f"not {seed!r}"
            )
        self.settings = settings if settings is not None else Settings()
        if not isinstance(self.settings, Settings):
            raise GameRuleError(f"settings must be a Settings value, not {settings!r}")
        self.seed = seed
        self.events: list[Event] = []
        # Past views (:meth:`view` with ``at``): the game replayed up to the latest
        # past asked for, carried forward from there, and the views already given.
        self._past_views = PastViews(partial(Game, self.settings, seed))
        self.players = self.settings.seats
        self._scores = [0] * self.settings.sides
        self.phase = Phase.CUT
        self.winner: int | None = None
        self.dealer: int | None = None
        self.deal_no = 0
        # The cut for deal.
        self._cut_round = 0
        self._cut_pack = self.pack("cut:0")
        self._cut_now: dict[int, Card] = {}
        self._cut_events: list[CutEvent] = []
        # The current deal.
        self._hands: list[list[Card]] = [[] for _ in range(self.players)]
        self._discards: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        self._kept: list[tuple[Card, ...]] = [() for _ in range(self.players)]
        #: With three players, the card the dealer takes from the pack for the crib.
        self._pack_to_crib: tuple[Card, ...] = ()
        self._pack: tuple[Card, ...] = ()
        self._dealt: str | None = None  # the current deal's digest (see events.deal_digest)
        self.starter: Card | None = None
        self._pegging: Pegging | None = None
        self._laid: list[tuple[int, Card]] = []
        self._plays: list[LayEvent | GoEvent] = []
        self._shown: list[ShowEvent] = []

    # -- questions ---------------------------------------------------------------------------

    def pack(self, label: str) -> tuple[Card, ...]:
        """The shuffled pack for deal ``"n"`` or cut-for-deal round ``"cut:r"``, from the seed."""
        return shuffled_pack(self.seed, label)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score: a player's, or (four players) a partnership's."""
        return tuple(self._scores)

    def two_scores(self) -> tuple[int, int]:
        """The two sides' scores, for code that knows there are two (two players, or two
        partnerships); a game of three has three sides (:class:`GameRuleError`)."""
        if len(self._scores) != 2:
            raise GameRuleError(f"a game of {self.players} has {len(self._scores)} sides, not two")
        return (self._scores[0], self._scores[1])

    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats_of(self.players)

    def side_of(self, seat: Seat) -> int:
        """The side ``seat`` scores for."""
        return side_of(seat, self.players)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def pone(self) -> int | None:
        """The player on the dealer's left: cuts the starter and leads the play."""
        return None if self.dealer is None else left_of(self.dealer, self.players)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib so far (both seats' discards). Not for players: see :meth:`view`."""
        if self.dealer is None:
            return tuple(card for cards in self._discards for card in cards)
        order = [left_of(self.dealer + k, self.players) for k in range(self.players)]
        # clockwise from the dealer's left, the dealer's last, then the pack's card
        return tuple(card for seat in order for card in self._discards[seat]) + self._pack_to_crib

    @property
    def show_order(self) -> tuple[tuple[int, Which], ...]:
        """The counts still to come in the show, in order (empty outside the show)."""
        if self.phase is not Phase.SHOW or self.dealer is None:
            return ()
        return self._counting_order()[len(self._shown) :]

    def _counting_order(self) -> tuple[tuple[int, Which], ...]:
        assert self.dealer is not None
        return counting_order(self.dealer, self.players, crib=self.settings.crib)

    @property
    def turn(self) -> int | None:
        """The one seat that acts next; ``None`` when both may (the cut for deal, the
        discard) or when no seat acts (between deals, after the game)."""
        waiting = self.waiting_for()
        return waiting[0] if len(waiting) == 1 else None

    def waiting_for(self) -> tuple[int, ...]:
        """The seats that may act now."""
        if self.phase is Phase.CUT:
            return tuple(s for s in self.seats if s not in self._cut_now)
        if self.phase is Phase.DISCARD:
            return tuple(s for s in self.seats if not self._discards[s])
        if self.phase is Phase.STARTER:
            assert self.pone is not None
            return (self.pone,)
        if self.phase is Phase.PLAY:
            assert self._pegging is not None
            return (self._pegging.turn,)
        if self.phase is Phase.SHOW:
            return (self.show_order[0][0],)
        return ()

    def cut_range(self) -> tuple[int, int]:
        """The positions a cut may be made at now (both ends included)."""
        if self.phase is Phase.CUT:
            size = len(self._cut_pack) - len(self._cut_now)
        else:
            size = len(self._pack)
        return (MIN_CUT, size - MIN_CUT)

    def skunk(self) -> int:
        """0, 1 (skunk) or 2 (double skunk) once the game is won with skunks on; else 0."""
        if self.winner is None or not self.settings.skunks:
            return 0
        return max(
            skunk(self._scores[self.winner], score, self.settings.target)
            for side, score in enumerate(self._scores)
            if side != self.winner
        )

    # -- common checks -----------------------------------------------------------------------

    def _check(self, phase: Phase) -> None:
        if self.winner is not None:
            raise GameOverError(self.winner, self.settings.target, self.players)
        if self.phase is not phase:
            raise WrongPhaseError(phase, self.phase)

    def _check_seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in self.seats:
            raise NoSuchSeatError(seat, self.players)
        return seat

    def _check_cut(self, at: object) -> None:
        low, high = self.cut_range()
        if isinstance(at, bool) or not isinstance(at, int) or not low <= at <= high:
            raise BadCutError(at, low, high)

    def _seeded_cut(self) -> int:
        """A cut position from the seed that depends only on where the cut is made (which
        round of the cut for deal, or which deal's starter), not on how the game went: two
        games with one seed cut alike, so swapping the seats replays the same cards."""
        low, high = self.cut_range()
        if self.phase is Phase.CUT:
            label = f"cut:{self._cut_round}:{len(self._cut_now)}"
        else:
            label = f"starter:{self.deal_no}"
        return random.Random(f"{self.seed}:at:{label}").randint(low, high)

    def _peg(self, awards: Sequence[Award]) -> None:
        for seat, item in awards:
            side = self.side_of(seat)
            self._scores[side] += pegged(item.points, self._scores[side], self.settings.target)
            if self.winner is None and self._scores[side] >= self.settings.target:
                self.winner = side
                self.phase = Phase.OVER

    def _emit(self, event: _E) -> _E:
        self.events.append(event)
        return event

    # -- cut for deal ------------------------------------------------------------------------

    def verify_cut_for_deal(self, seat: int, at: int | None = None) -> None:
        self._check(Phase.CUT)
        self._check_seat(seat)
        if seat in self._cut_now:
            waiting = ", ".join(seat_name(s) for s in self.seats if s not in self._cut_now)
            raise AlreadyActedError(f"{seat_name(seat)} has already cut: {waiting} still to cut")
        if at is not None:
            self._check_cut(at)

    def can_cut_for_deal(self, seat: int, at: int | None = None) -> bool:
        return _can(self.verify_cut_for_deal, seat, at)

    def cut_for_deal(self, seat: int, at: int | None = None) -> CutEvent:
        """``seat`` cuts the pack; once everyone has cut, the lowest card deals (ace low)
        and the first deal is dealt, or, when the lowest rank is cut twice, everyone cuts
        again from a new pack."""
        self.verify_cut_for_deal(seat, at)
        if at is None:
            at = self._seeded_cut()
        cut = set(self._cut_now.values())
        remaining = [card for card in self._cut_pack if card not in cut]
        card = remaining[at]
        self._cut_now[seat] = card
        dealer: int | None = None
        if len(self._cut_now) == self.players:
            lowest = min(cut_card.order for cut_card in self._cut_now.values())
            low = [s for s in self.seats if self._cut_now[s].order == lowest]
            if len(low) == 1:  # the lowest card deals (an ace is low)
                dealer = low[0]
            else:  # the lowest is tied: everyone cuts again
                self._cut_round += 1
                self._cut_pack = self.pack(f"cut:{self._cut_round}")
                self._cut_now = {}
        dealt = None
        if dealer is not None:  # the deal is made now, and the cut that named it says so
            self.dealer = dealer
            self._start_deal()
            dealt = self._dealt
        event = CutEvent(seat, at, card, dealer, dealt=dealt)
        self._cut_events.append(event)
        return self._emit(event)

    # -- the deal and the discard --------------------------------------------------------------

    def _start_deal(self) -> None:
        assert self.dealer is not None
        self.deal_no += 1
        hands, rest = deal(
            self.pack(str(self.deal_no)), self.dealer, self.players, self.settings.hand_size
        )
        self._hands = [list(hand) for hand in hands]
        # with three players the dealer puts the top card of the pack in the crib
        self._pack_to_crib = rest[:1] if self.players == 3 else ()
        self._pack = rest[len(self._pack_to_crib) :]
        self._dealt = deal_digest(self._hands, rest)
        self._discards = [() for _ in self.seats]
        self._kept = [() for _ in self.seats]
        self.starter = None
        self._pegging = None
        self._laid = []
        self._plays = []
        self._shown = []
        self.phase = Phase.DISCARD
        if not self.settings.crib:  # each keeps the cards dealt: the starter is cut next
            self._kept = [tuple(hand) for hand in self._hands]
            self.phase = Phase.STARTER

    def verify_discard(self, seat: int, cards: Sequence[Card]) -> None:
        self._check(Phase.DISCARD)
        self._check_seat(seat)
        throw = self.settings.throw
        if self._discards[seat]:
            raise AlreadyActedError(f"{seat_name(seat)} has already given the crib its cards")
        cards = tuple(cards)
        if len(cards) != throw:
            raise BadDiscardError(
                f"each player gives exactly two cards to the crib, not {len(cards)}"
                if throw == 2
                else f"with {self.players} players each gives the crib one card, not {len(cards)}"
            )
        if not all(isinstance(card, Card) for card in cards):
            raise BadDiscardError(
                f"a discard is {'two cards' if throw == 2 else 'one card'}, not {cards!r}"
            )
        if len(set(cards)) != len(cards):
            raise BadDiscardError(f"{cards[0].label} is named twice: give two different cards")
        for card in cards:
            if card not in self._hands[seat]:
                raise CardNotInHandError(card, seat)

    def can_discard(self, seat: int, cards: Sequence[Card]) -> bool:
        return _can(self.verify_discard, seat, cards)

    def discard(self, seat: int, cards: Sequence[Card]) -> DiscardEvent:
        """``seat`` gives the dealer's crib its cards (two between two players, one among
        three or four); once everyone has, the player on the dealer's left cuts."""
        self.verify_discard(seat, cards)
        given = tuple(cards)
        for card in given:
            self._hands[seat].remove(card)
        self._discards[seat] = given
        self._kept[seat] = tuple(self._hands[seat])
        if all(self._discards):
            self.phase = Phase.STARTER
        return self._emit(DiscardEvent(seat, given))

    # -- the starter -------------------------------------------------------------------------

    def verify_cut_starter(self, seat: int, at: int | None = None) -> None:
        self._check(Phase.STARTER)
        self._check_seat(seat)
        assert self.pone is not None
        if seat != self.pone:
            raise OutOfTurnError(seat, self.pone)
        if at is not None:
            self._check_cut(at)

    def can_cut_starter(self, seat: int, at: int | None = None) -> bool:
        return _can(self.verify_cut_starter, seat, at)

    def cut_starter(self, seat: int, at: int | None = None) -> StarterEvent:
        """The pone cuts the pack at ``at`` and the card there is the starter; a jack
        pegs 2 for the dealer at once (his heels), which can win the game."""
        self.verify_cut_starter(seat, at)
        assert self.dealer is not None
        if at is None:
            at = self._seeded_cut()
        card = self._pack[at]
        self.starter = card
        awards: tuple[Award, ...] = ()
        if card.is_jack:
            awards = self._counted((Award(self.dealer, ScoreItem(Kind.HIS_HEELS, (card,), 2)),))
        if self.settings.play:
            self.phase = Phase.PLAY
            self._pegging = Pegging([list(kept) for kept in self._kept], leader=seat)
        else:  # a first game without the play: the hands are counted next
            self.phase = Phase.SHOW
        self._peg(awards)
        return self._emit(StarterEvent(seat, at, card, awards))

    # -- the play ----------------------------------------------------------------------------

    def _play(self) -> Pegging:
        assert self._pegging is not None
        return self._pegging

    def verify_lay(self, seat: int, card: Card) -> None:
        self._check(Phase.PLAY)
        self._check_seat(seat)
        if not isinstance(card, Card):
            raise NotACardError(card)
        self._play().verify_lay(card, seat=seat)

    def can_lay(self, seat: int, card: Card) -> bool:
        return _can(self.verify_lay, seat, card)

    def lay(self, seat: int, card: Card) -> LayEvent:
        """``seat`` lays ``card`` and pegs what it makes (and a go or last card it earns)."""
        self.verify_lay(seat, card)
        peg = self._play().lay(card, seat=seat)
        self._laid.append((seat, card))
        awards = self._counted(peg.awards)
        return self._after_play(LayEvent(seat, card, peg.count, awards), peg.play_over)

    def verify_go(self, seat: int) -> None:
        self._check(Phase.PLAY)
        self._check_seat(seat)
        self._play().verify_go(seat=seat)

    def can_go(self, seat: int) -> bool:
        return _can(self.verify_go, seat)

    def go(self, seat: int) -> GoEvent:
        """``seat`` has no card that fits and says go; the other seat may peg for it."""
        self.verify_go(seat)
        peg = self._play().go(seat=seat)
        return self._after_play(GoEvent(seat, peg.count, self._counted(peg.awards)), peg.play_over)

    def _counted(self, awards: Sequence[Award]) -> tuple[Award, ...]:
        """The awards of the kinds this game counts (all of them in the whole game)."""
        return kept_awards(awards, self.settings.kinds)

    def _after_play(self, event: _P, play_over: bool) -> _P:
        self._plays.append(event)
        self._peg(event.awards)
        if self.winner is None and play_over:
            self.phase = Phase.SHOW
        return self._emit(event)

    # -- the show ----------------------------------------------------------------------------

    def verify_count_hand(
        self, seat: int, which: Which | str = Which.HAND, claimed: int | None = None
    ) -> None:
        self._check(Phase.SHOW)
        self._check_seat(seat)
        try:
            what = Which(which)
        except ValueError:
            raise CountOrderError(
                f"{which!r} is not something to count: 'hand' or 'crib'"
            ) from None
        next_seat, next_what = self.show_order[0]
        if (seat, what) != (next_seat, next_what):
            if what is Which.CRIB and seat != self.dealer:
                raise CountOrderError(f"the crib is the dealer's ({seat_name(next_seat)})")
            raise CountOrderError(
                "the pone's hand is counted first, then the dealer's, then the crib:"
                f" next is {seat_name(next_seat)}'s {next_what}"
            )
        if claimed is not None:
            if not self.settings.claims:
                raise BadClaimError(
                    "counting is automatic: the engine counts every hand, so no claim is taken"
                )
            if isinstance(claimed, bool) or not isinstance(claimed, int):
                raise BadClaimError(f"a claim is a number of points, not {claimed!r}")
            if not 0 <= claimed <= MAX_SHOW:
                raise BadClaimError(f"a hand scores from 0 to {MAX_SHOW} points, not {claimed}")

    def can_count_hand(
        self, seat: int, which: Which | str = Which.HAND, claimed: int | None = None
    ) -> bool:
        return _can(self.verify_count_hand, seat, which, claimed)

    def true_count(self) -> int:
        """What the next hand to count is really worth (a computer player's own count)."""
        self._check(Phase.SHOW)
        seat, what = self.show_order[0]
        return self._show_score(seat, what).total

    def count_hand(
        self, seat: int, which: Which | str = Which.HAND, claimed: int | None = None
    ) -> ShowEvent:
        """Count the next hand in the show: the pone's, the dealer's, then the crib.

        With automatic counting (``claimed=None``) the true count is pegged. With
        muggins the owner states ``claimed``: an overclaim pegs only what is there,
        and points missed go to the other seat. ``claimed=None`` under muggins means
        the owner counted it right. Counted aloud, the claim is kept and the true count
        pegged. The game ends the moment the target is reached, and later hands are not
        counted.
        """
        self.verify_count_hand(seat, which, claimed)
        what = Which(which)
        score = self._show_score(seat, what)
        aloud = self.settings.counting is Counting.ALOUD
        owner_wins = (
            self._scores[self.side_of(seat)]
            + min(score.total, score.total if claimed is None or aloud else claimed)
            >= self.settings.target
        )
        event = ShowEvent.build(
            seat, what, score, claimed, owner_wins=owner_wins, players=self.players, aloud=aloud
        )
        self._shown.append(event)
        self._peg(event.awards)
        if self.winner is None and len(self._shown) == len(self._counting_order()):
            self.phase = Phase.DONE
        return self._emit(event)

    def _show_score(self, seat: int, what: Which) -> ShowScore:
        assert self.starter is not None and self.dealer is not None
        kinds = self.settings.kinds
        if what is Which.CRIB:
            return only_kinds(score_show(self.crib, self.starter, crib=True), kinds)
        return only_kinds(score_show(self._kept[seat], self.starter), kinds)

    # -- the next deal -----------------------------------------------------------------------

    def verify_next_deal(self) -> None:
        self._check(Phase.DONE)

    def can_next_deal(self) -> bool:
        return _can(self.verify_next_deal)

    def next_deal(self) -> DealEvent:
        """The deal passes to the left and the next hands are dealt."""
        self.verify_next_deal()
        assert self.dealer is not None
        self.dealer = left_of(self.dealer, self.players)
        self._start_deal()
        return self._emit(DealEvent(self.deal_no, self.dealer, dealt=self._dealt))

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int, at: int | None = None) -> SeatView:
        """What ``seat`` may know now, or with ``at`` the view it had after the game's
        first ``at`` events (``0`` is before the first cut); see :class:`SeatView`."""
        seat = self._check_seat(seat)
        if at is not None and past_point(at, len(self.events)) != len(self.events):
            return self._past_views.view(self.events, at, seat)
        pegging = self._pegging
        hand = tuple(pegging.hands[seat]) if pegging is not None else tuple(self._hands[seat])
        held = tuple(
            len(pegging.hands[s]) if pegging is not None else len(self._hands[s])
            for s in self.seats
        )
        series: tuple[tuple[int, Card], ...] = ()
        count = 0
        if pegging is not None and not pegging.is_over:  # the play, or a game won in it
            series = tuple(pegging.series[-1])
            count = pegging.count
        return SeatView(
            seat=seat,
            settings=self.settings,
            phase=self.phase,
            deal_no=self.deal_no,
            dealer=self.dealer,
            cuts=tuple(self._cut_events),
            hand=hand,
            kept=self._kept[seat],
            discards=self._discards[seat],
            discarded=tuple(bool(cards) for cards in self._discards),
            held=held,
            starter=self.starter,
            laid=tuple(self._laid),
            series=series,
            count=count,
            turn=self.turn,
            scores=self.scores,
            shown=tuple(self._shown),
            winner=self.winner,
            plays=tuple(self._plays),
        )

    # -- saving and replaying ----------------------------------------------------------------

    def summary(self) -> GameSummary:
        """The results screen's figures so far (see :func:`~trainer.engine.summary.summarize`)."""
        return summarize(self.events, self.settings)

    def record(self) -> GameRecord:
        """The game so far on paper: :meth:`replay` rebuilds this exact state."""
        return GameRecord(self.settings, self.seed, tuple(self.events))

    def apply(self, event: Event) -> Event:
        """Perform the action ``event`` records and check it comes out the same."""
        return replayed(self, event)

    @classmethod
    def replay(cls, record: GameRecord) -> Game:
        """Rebuild a game from its record, verifying every event; a record that does not
        hold up raises :class:`ReplayError` naming the event and, for parsed text, its line."""
        game = cls(record.settings, record.seed)
        for index in range(len(record.events)):
            game.apply_recorded(record, index)
        return game

    def apply_recorded(self, record: GameRecord, index: int) -> Event:
        """:meth:`apply` event ``index`` of ``record``; one that does not hold up raises
        :class:`ReplayError` naming the event and, for parsed text, its line (what
        :meth:`replay` does for each event, for a caller that looks between them)."""
        return replayed_from(self, record, index)

    @classmethod
    def from_notation(cls, text: str) -> Game:
        """Parse a record's text and replay it."""
        return cls.replay(GameRecord.parse(text))

    def describe(self) -> str:
        """One line for logs and tests: the phase, the dealer and the score."""
        dealer = "no dealer yet" if self.dealer is None else f"dealer {seat_name(self.dealer)}"
        hands = "; ".join(f"{seat_name(s)}: {label_cards(self._hands[s])}" for s in self.seats)
        scores = "-".join(str(score) for score in self.scores)  # each side's, at 2 to 4 seats
        return f"deal {self.deal_no}, {dealer}, {self.phase}, {scores}; {hands}"


def _can(verify: object, *args: object) -> bool:
    try:
        verify(*args)  # type: ignore[operator]
    except ValueError:
        return False
    return True

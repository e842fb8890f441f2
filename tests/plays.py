"""Random positions of the play on the engine's own Pegging, shared by the tests of the
search of the play (trainer.analysis.play_search), and games played on by each seat's
computer player (:func:`steps`), shared by the tests that follow their decisions."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from trainer.analysis.play_search.position import Hands
from trainer.analysis.players import ComputerPlayer
from trainer.analysis.players.views import TableView, table_view
from trainer.analysis.seat_views import discard_view, play_view
from trainer.analysis.tournament.variants import tournament_player
from trainer.engine import DECK, Card, Game, Pegging, Phase, SeatView, Settings, score_play
from trainer.engine.pegging import MAX_COUNT, PegEvent

#: A position as the searches take it: hands (rank orders by seat), the series' ranks,
#: the count, whose turn, the seats that said go (a bit each) and the series' last seat.
Position = tuple[Hands, tuple[int, ...], int, int, int, int]
#: The side of each seat at a table of two, three and four.
SIDES = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}


def random_play(rng: random.Random, seats: int) -> Pegging:
    """Up to three cards a seat dealt at random, and up to three actions into the play
    (often mid-series); it may be over already."""
    sizes = [rng.randrange(0, 4) for _ in range(seats)]
    if not any(sizes):
        sizes[0] = 1
    cards = rng.sample(DECK, sum(sizes))
    hands: list[list[Card]] = []
    k = 0
    for size in sizes:
        hands.append(cards[k : k + size])
        k += size
    play = Pegging(hands, leader=rng.choice([s for s, h in enumerate(hands) if h]))
    for _ in range(rng.randrange(0, 4)):
        if play.is_over:
            break
        fits = play.playable()
        play.lay(rng.choice(fits)) if fits else play.go()
    return play


def position_of(play: Pegging) -> Position:
    """``play``'s position in the searches' terms."""
    orders = tuple(tuple(sorted(c.order for c in h)) for h in play.hands)
    series = tuple(c.order for c in play.pile)
    passed = sum(1 << s for s in play.passed)
    last = play.last_player if play.pile and play.last_player is not None else -1
    assert play.turn is not None
    return orders, series, play.count, play.turn, passed, last


def each_action(play: Pegging) -> Iterator[tuple[Pegging, PegEvent]]:
    """Every action of the seat to play, on a copy of ``play``: a card of each rank that
    fits, the lowest first (as the searches try them), or the go; with the copy after it
    and the engine's event."""
    cards: dict[int, Card] = {}
    for card in sorted(play.playable(), key=lambda c: (c.order, c.index)):
        cards.setdefault(card.order, card)
    actions: list[Card | None] = [*cards.values()]
    for action in actions or [None]:
        after = copy.deepcopy(play)
        yield after, after.go() if action is None else after.lay(action)


#: What a seat's player decided: its throw, its card, or None for a go.
Decided = tuple[Card, ...] | Card | None


@dataclass(frozen=True)
class Decision:
    """A seat's player's decision, before the game takes it: the seat, the view its player
    decided from, and what it decided."""

    seat: int
    view: SeatView
    decided: Decided


def steps(
    game: Game, players: Sequence[ComputerPlayer], deals: int | None = None
) -> Iterator[Decision | None]:
    """Plays ``game`` on from where it stands, each seat's throw and card by its player in
    ``players`` (by seat), to its end or, with ``deals``, until that many deals are over
    (before the next is dealt). Yields before every action the game takes: the
    :class:`Decision` where a seat's player decides (a throw, a card or a go), None where
    none does (a round of the cut for the deal, the starter, a count of the show, the next
    deal)."""
    over = 0
    while not game.is_over:
        phase = game.phase
        if phase is Phase.CUT:
            yield None
            for seat in game.waiting_for():
                game.cut_for_deal(seat)
        elif phase is Phase.DISCARD:
            seat = game.waiting_for()[0]
            view = game.view(seat)
            throw = players[seat].discard(view)
            yield Decision(seat, view, throw)
            game.discard(seat, throw)
        elif phase is Phase.STARTER:
            yield None
            assert game.pone is not None
            game.cut_starter(game.pone)
        elif phase is Phase.PLAY:
            turn = game.turn
            assert turn is not None
            view = game.view(turn)
            card = players[turn].play(view)
            yield Decision(turn, view, card)
            game.go(turn) if card is None else game.lay(turn, card)
        elif phase is Phase.SHOW:
            yield None
            game.count_hand(*game.show_order[0])
        else:
            over += 1
            if over == deals:
                return
            yield None
            game.next_deal()


def decisions(
    game: Game, players: Sequence[ComputerPlayer], deals: int | None = None
) -> Iterator[Decision]:
    """Every decision of the seats' players in :func:`steps`, in order."""
    return (step for step in steps(game, players, deals) if step is not None)


def play_to(game: Game, players: Sequence[ComputerPlayer], phase: Phase) -> Game:
    """``game`` played on by ``players`` (see :func:`steps`) until it stands at ``phase``
    or is over."""
    for _ in steps(game, players):
        if game.phase is phase:
            break
    return game


def deal_decisions(
    players: Sequence[ComputerPlayer],
    hands: Sequence[Sequence[Card]],
    *,
    starter: Card,
    dealer: int,
    scores: tuple[int, ...],
    target: int = 121,
) -> Iterator[tuple[Decision, Pegging | None]]:
    """One deal of ``hands`` (by seat) on the engine's own pieces, from ``scores`` (by
    side), each seat's throw and card by its player in ``players``: yields each decision
    before it is taken, with the play as it stands then (None at the throws)."""
    seats = len(hands)
    throws: list[tuple[Card, ...]] = []
    for seat in range(seats):
        view = discard_view(
            hands[seat], seat=seat, dealer=dealer, scores=scores, target=target, players=seats
        )
        throw = players[seat].discard(view)
        yield Decision(seat, view, throw), None
        throws.append(throw)
    kept = [[c for c in hands[s] if c not in throws[s]] for s in range(seats)]
    play = Pegging(kept, leader=(dealer + 1) % seats)
    while not play.is_over:
        seat = play.turn
        assert seat is not None
        view = play_view(
            play,
            seat,
            starter=starter,
            discards=throws[seat],
            dealer=dealer,
            scores=scores,
            target=target,
        )
        card = players[seat].play(view)
        yield Decision(seat, view, card), play
        play.go() if card is None else play.lay(card)


def game_views(levels: tuple[str, ...], seed: int, deals: int) -> Iterator[SeatView]:
    """Every view of the play in the first ``deals`` deals of a game seeded ``seed``
    between ``levels`` (by seat; the tournament's players, each seeded by the game's seed
    and its seat)."""
    game = Game(Settings(seats=len(levels)), seed=seed)
    players = [tournament_player(level, seed=f"{seed}/{s}") for s, level in enumerate(levels)]
    for decision in decisions(game, players, deals):
        if decision.view.phase is Phase.PLAY:
            yield decision.view


def hard_table_views(seats: int, games: int) -> Iterator[TableView]:
    """Every view of the play in the first deal of ``games`` seeded games at a table of
    ``seats``, Hard in every seat, as a player reads it."""
    for g in range(games):
        yield from map(table_view, game_views(("hard",) * seats, 100 + g, 1))


def _pegs(pile: Sequence[Card], last: bool) -> int:
    count = sum(c.pips for c in pile)
    return score_play(pile).total + (1 if last and count != MAX_COUNT else 0)


def weighed_card(
    play: Pegging, seat: int, unseen: Sequence[Card], sides: Sequence[int]
) -> Card | None:
    """Hard's card worked out card by card (None for a go): the points now, plus the next
    seat's expected best reply over every set of ``unseen`` (the cards ``seat`` cannot
    see) it could hold, a point to it worth a point to ``seat``'s side if a partner's and
    less a share of one otherwise, a point less for a five led; between equals (to a
    rounding) the higher card, then the lower rank."""
    playable = play.playable()
    if not playable:
        return None
    n = len(play.hands)
    hand = play.hands[seat]
    left = sum(len(h) for h in play.hands) - 1
    replier = next(
        (
            (seat + step) % n
            for step in range(1, n)
            if play.hands[(seat + step) % n] and (seat + step) % n not in play.passed
        ),
        None,
    )
    against = -1.0 / max(max(sides), 1)
    best: tuple[float, float, int] | None = None
    choice: Card | None = None
    for card in sorted(playable, key=lambda c: c.order):
        pile = [*play.pile, card]
        count = play.count + card.pips
        value: float = _pegs(pile, left == 0)
        if count != MAX_COUNT and replier is not None:
            sets = list(combinations(unseen, len(play.hands[replier])))
            total = 0
            for held in sets:
                replies = [
                    _pegs([*pile, r], len(hand) == 1 and left == 1)
                    for r in held
                    if count + r.pips <= MAX_COUNT
                ]
                total += max(replies, default=0)
            weight = 1.0 if sides[replier] == sides[seat] else against
            value += weight * total / len(sets)
        if play.count == 0 and card.pips == 5:
            value -= 1
        key = (round(value, 9), card.pips * 0.01, -card.order)
        if best is None or key > best:
            best, choice = key, card
    return choice

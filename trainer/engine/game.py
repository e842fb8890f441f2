"""Game flow: cutting for deal, the deal and the crib, the starter, the show in
order, and a race to 121 (or 61) that ends the moment someone gets there.

Randomness comes in as a :class:`random.Random`, so a game is reproducible
from its seed and the engine stays pure.

>>> import random
>>> game = Game(rng=random.Random(7))
>>> game.deal_round().phase
'discard'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from trainer.engine.cards import DECK, Card, check_distinct, label_cards
from trainer.engine.items import Kind, ScoreItem
from trainer.engine.play import Pegging
from trainer.engine.show import ShowScore, score_show

__all__ = [
    "CutForDeal",
    "Game",
    "GameOverError",
    "GameRuleError",
    "Round",
    "ShowTurn",
    "counting_order",
    "cut_for_deal",
    "deal",
    "skunk",
]

Phase = Literal["discard", "starter", "play", "show", "done"]

_PHASE_NAME: dict[str, str] = {
    "discard": "the discard to the crib",
    "starter": "turning the starter",
    "play": "the play",
    "show": "the show",
    "done": "a finished deal",
}
_PHASE_NOW: dict[str, str] = {
    "discard": "the players are still giving cards to the crib",
    "starter": "the starter has not been turned yet",
    "play": "the play is still going on",
    "show": "the hands are waiting to be counted",
    "done": "this deal is finished: deal the next one",
}


class GameRuleError(ValueError):
    """An action out of order, or against the rules of the deal and show."""


class GameOverError(GameRuleError):
    """Points were added after the game was already won."""


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """Each round of cuts (one card a player) and who deals: the lowest card, ties cut again."""

    rounds: tuple[tuple[Card, ...], ...]
    dealer: int


def cut_for_deal(rng: random.Random, players: int = 2) -> CutForDeal:
    """Everyone cuts; the lowest rank deals (ace is low); a tie for lowest cuts again."""
    rounds: list[tuple[Card, ...]] = []
    while True:
        cuts = tuple(rng.sample(DECK, players))
        rounds.append(cuts)
        low = min(card.order for card in cuts)
        lowest = [i for i, card in enumerate(cuts) if card.order == low]
        if len(lowest) == 1:
            return CutForDeal(tuple(rounds), lowest[0])


def deal(
    deck: Sequence[Card], dealer: int, players: int = 2, each: int = 6
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal ``each`` cards to every player one at a time, starting on the dealer's left.

    Returns the hands (indexed by player) and the cards left in the pack.
    """
    if len(deck) < players * each + 1:
        raise GameRuleError("not enough cards to deal and turn a starter")
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    for k in range(players * each):
        hands[order[k % players]].append(deck[k])
    return tuple(tuple(h) for h in hands), tuple(deck[players * each :])


def counting_order(dealer: int, players: int = 2) -> tuple[tuple[int, str], ...]:
    """Who counts what, in order: each hand clockwise from the dealer's left, the dealer's
    hand last of the hands, then the crib."""
    hands = tuple(((dealer + i) % players, "hand") for i in range(1, players + 1))
    return (*hands, (dealer, "crib"))


def skunk(winner_score: int, loser_score: int, target: int = 121) -> int:
    """0 for a plain win, 1 for a skunk, 2 for a double skunk.

    In a game to 121 the loser is skunked below 91 and double skunked below 61;
    in a game to 61, below 31 is a skunk.
    """
    if winner_score < target:
        return 0
    if target == 121:
        if loser_score < 61:
            return 2
        return 1 if loser_score < 91 else 0
    if target == 61:
        return 1 if loser_score < 31 else 0
    raise GameRuleError(f"no skunk rule for a game to {target}")


@dataclass(frozen=True, slots=True)
class ShowTurn:
    """One counted hand or crib in the show, and whether it won the game."""

    player: int
    what: str
    score: ShowScore
    won: bool


@dataclass
class Round:
    """One deal: six cards each, two each to the crib, the starter, the play, the show."""

    dealer: int
    hands: list[list[Card]]
    pack: list[Card]
    crib: list[Card] = field(default_factory=list)
    discarded: set[int] = field(default_factory=set)
    starter: Card | None = None
    pegging: Pegging | None = None
    kept: list[tuple[Card, ...]] = field(default_factory=list)
    shows: list[ShowTurn] = field(default_factory=list)
    phase: Phase = "discard"

    @property
    def pone(self) -> int:
        return (self.dealer + 1) % len(self.hands)


@dataclass
class Game:
    """A two-player game to ``target`` points (121, or 61 for the short game)."""

    rng: random.Random
    target: int = 121
    players: int = 2
    scores: list[int] = field(init=False)
    dealer: int = field(init=False)
    cut: CutForDeal = field(init=False)
    round: Round | None = field(init=False, default=None)
    winner: int | None = field(init=False, default=None)
    log: list[tuple[int, ScoreItem]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if self.players != 2:
            raise GameRuleError("this game is for two players")
        if self.target not in (61, 121):
            raise GameRuleError("a game is played to 121 points, or 61 for the short game")
        self.scores = [0] * self.players
        self.cut = cut_for_deal(self.rng, self.players)
        self.dealer = self.cut.dealer

    # -- scoring --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def peg(self, player: int, item: ScoreItem) -> bool:
        """Move ``player``'s peg; True when that wins the game (play stops at once)."""
        if self.winner is not None:
            raise GameOverError(f"the game is over: player {self.winner + 1} reached {self.target}")
        self.scores[player] += item.points
        self.log.append((player, item))
        if self.scores[player] >= self.target:
            self.winner = player
            if self.round is not None:
                self.round.phase = "done"
            return True
        return False

    def skunk(self) -> int:
        if self.winner is None:
            return 0
        loser = min(s for i, s in enumerate(self.scores) if i != self.winner)
        return skunk(self.scores[self.winner], loser, self.target)

    # -- a deal -----------------------------------------------------------------

    def deal_round(self) -> Round:
        """Shuffle and deal a new round; the deal alternates after the first."""
        if self.winner is not None:
            raise GameOverError("the game is over")
        if self.round is not None:
            if self.round.phase != "done":
                raise GameRuleError("finish the current deal first")
            self.dealer = (self.dealer + 1) % self.players
        pack = list(DECK)
        self.rng.shuffle(pack)
        hands, rest = deal(pack, self.dealer, self.players)
        self.round = Round(self.dealer, [list(h) for h in hands], list(rest))
        return self.round

    def _current(self, phase: Phase) -> Round:
        if self.winner is not None:
            raise GameOverError(f"the game is over: player {self.winner + 1} reached {self.target}")
        rnd = self.round
        if rnd is None or rnd.phase != phase:
            now = "there is no deal yet" if rnd is None else _PHASE_NOW[rnd.phase]
            raise GameRuleError(f"that belongs to {_PHASE_NAME[phase]}, but {now}")
        return rnd

    def _check_player(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise GameRuleError(f"there is no player {player + 1} in a game for {self.players}")

    def discard(self, player: int, cards: Sequence[Card]) -> None:
        """``player`` lays two cards away to the dealer's crib."""
        rnd = self._current("discard")
        self._check_player(player)
        cards = tuple(cards)
        if player in rnd.discarded:
            raise GameRuleError(f"player {player + 1} has already given two cards to the crib")
        if len(cards) != 2:
            raise GameRuleError("each player gives exactly two cards to the crib")
        check_distinct(cards)
        for card in cards:
            if card not in rnd.hands[player]:
                raise GameRuleError(f"{card.label} is not in player {player + 1}'s hand")
        for card in cards:
            rnd.hands[player].remove(card)
            rnd.crib.append(card)
        rnd.discarded.add(player)
        if len(rnd.discarded) == self.players:
            rnd.phase = "starter"

    def turn_starter(self, cut_at: int | None = None) -> Card:
        """The pone cuts, the dealer turns the starter; a jack pegs 2 for his heels."""
        rnd = self._current("starter")
        if cut_at is None:
            cut_at = self.rng.randrange(4, len(rnd.pack) - 4)
        if not 0 <= cut_at < len(rnd.pack):
            raise GameRuleError(f"cut somewhere in the pack (0 to {len(rnd.pack) - 1})")
        rnd.starter = rnd.pack[cut_at]
        rnd.kept = [tuple(hand) for hand in rnd.hands]
        rnd.phase = "play"
        rnd.pegging = Pegging([list(hand) for hand in rnd.hands], leader=rnd.pone)
        if rnd.starter.is_jack:
            self.peg(rnd.dealer, ScoreItem(Kind.HIS_HEELS, (rnd.starter,), 2))
        return rnd.starter

    def lay(self, card: Card, player: int | None = None) -> bool:
        """Lay a card in the play and peg what it scores; True if that won the game."""
        rnd = self._current("play")
        assert rnd.pegging is not None
        event = rnd.pegging.lay(card, player)
        return self._after_event(rnd, event.awards, event.play_over)

    def go(self, player: int | None = None) -> bool:
        rnd = self._current("play")
        assert rnd.pegging is not None
        event = rnd.pegging.go(player)
        return self._after_event(rnd, event.awards, event.play_over)

    def _after_event(self, rnd: Round, awards: Sequence[tuple[int, ScoreItem]], over: bool) -> bool:
        for who, item in awards:
            if self.peg(who, item):
                return True
        if over:
            rnd.phase = "show"
        return False

    def show(self) -> tuple[ShowTurn, ...]:
        """Count pone's hand, dealer's hand, then the crib, stopping the moment someone wins."""
        rnd = self._current("show")
        assert rnd.starter is not None
        for player, what in counting_order(rnd.dealer, self.players):
            cards = tuple(rnd.crib) if what == "crib" else rnd.kept[player]
            score = score_show(cards, rnd.starter, crib=what == "crib")
            won = False
            for item in score.items:
                if self.peg(player, item):
                    won = True
                    break
            rnd.shows.append(ShowTurn(player, what, score, won))
            if won:
                break
        rnd.phase = "done"
        return tuple(rnd.shows)

    def describe_round(self) -> str:
        rnd = self.round
        if rnd is None:
            return "no deal yet"
        hands = "; ".join(f"player {i + 1}: {label_cards(h)}" for i, h in enumerate(rnd.hands))
        return f"dealer player {rnd.dealer + 1}, {rnd.phase}; {hands}"

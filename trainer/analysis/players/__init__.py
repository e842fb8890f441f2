"""Computer players at four levels, and the random pegging play the drills use.

Every player has the same two decisions, each from its seat's view and nothing else::

    player.discard(view: SeatView) -> the cards for the crib (two of six; one of five at three or four)
    player.play(view: SeatView) -> a card, or None for a go

The view (:meth:`trainer.engine.Game.view`) holds the seat's own cards, what the table
saw (cards laid, the goes said, hands counted) and the score; never another seat's
unplayed cards or the crib, so partners do not see each other's hands either. Each player
owns a ``random.Random(seed)``: the same seed and the same view give the same answer. A
view that is not the seat's to act on (another phase, another seat's turn, the game
over) raises :class:`ValueError` naming what is wrong.

What the goes tell: a seat that said go at a count, or laid the last card of a series it
could not go on with, holds no card that fits there (:func:`least_pips`); the search
levels guess the other hands accordingly.

The levels:

* **easy** keeps the four that score most among themselves about a third of
  the time, any four that score at all another third, and throws two cards at
  random otherwise; in the play it lays a
  random legal card half the time and otherwise the card that pegs most.
* **normal** keeps the four that score most as they stand, a throw's own
  fifteens, pairs and fives breaking ties for or against the crib; in the play
  it takes the most points, then avoids leaving the count on 5 or 21 (a
  ten-card is the likeliest reply) or on 10 or 11 when the opponent may hold
  the five or four, and leads its lowest card under five.
* **hard** keeps the four with the best exact average over the 46 starters
  (``analyse_discards(...).hand``), plus or minus half a simple crib rule (the throw's own points and fives); in the
  play it lays the card with the most points now less the opponent's expected
  best reply (:func:`trainer.analysis.pegging.analyse_play`).
* **crazy** values every throw by hand and crib over every starter
  (``analyse_discards(..., opponent="sound")``), and in the play searches to the end of
  the play (:mod:`trainer.analysis.play_search`) for guesses at the opponent's hand
  drawn from the cards it has not seen, leaving out any card the opponent would have had
  to lay when it said go, each weighted by how likely a good player is to have kept it;
  with few possible hands every one is searched, weighted exactly. Where the best two
  cards are too close to call over the guesses drawn, it draws more. Once either side is
  within :data:`END` points of home it plays for the game: it keeps the four likeliest
  to win over the starters and the opponent's likely throw
  (:func:`trainer.analysis.endgame.throw_chances`), and values every line of the play by
  the chance of winning the game from where it ends
  (:class:`trainer.analysis.play_search.WinChance`), so it pegs defensively when its hand,
  counted first, takes it home, and chases points when it needs them.

At three and four seats (five cards each, one thrown) every level plays by points, for
its side: its own points less the mean of the other sides' (at four a partner's points
are its own; at three a point to another player is half a point against). Easy, normal
and hard throw as between two with one card (hard by the exact average of the four kept
over the starters, :func:`trainer.analysis.discards_five.analyse_five`); crazy keeps the
best hand and crib by the likely model, sampled: the table's other players each throw
the card that keeps the best four on average, toward or away from the crib as it is
theirs or not. In the play the reply that counts is the next player's (the next seat
that still holds cards and has not said go). Crazy looks further: its card and the next
three actions, every other seat's cards taken by expectation over what it could hold
(each lays the card it likes best of a hand drawn from the unseen cards its goes allow),
exactly (:class:`trainer.analysis.play_search.ExpectedReply`). At three, within 40
points of home (any side), once few cards are out, Crazy searches the rest of the play
for the game, not the points, over guesses at the other hands
(:class:`trainer.analysis.play_search.TableRace`): pegging out wins at once, then the
hands count from the dealer's left round to the dealer, then the crib. Its guesses follow
what each seat's lays told: a hand with which a seat would have passed points up is
drawn again, mostly (:mod:`trainer.analysis.table_guess`). A seat within 20 of home that
counts before any other side as near keeps the four likeliest to take it home
(:func:`trainer.analysis.players.crazy.counting_out_five`). The rest of the near-end play
to the score below is for two players.

Playing to the board (every level): a card that reaches the target is laid at
once. Near the end, normal and hard weigh points now against the reply by the
race: the pone whose hand will count it out plays safe (the reply counts three
times), a dealer facing a pone about to count out plays for points (the reply
counts half), and a player close to home counts points now half as much
again. When the pone needs few enough points to count out, hard keeps the four most
likely to get there over the starters.

The tournament also seats variants kept for comparison, which the Play page never offers
(:mod:`trainer.analysis.tournament.variants`).

Where each part lives:

* :mod:`~trainer.analysis.players.levels`: the levels by name and :func:`computer_player`.
* :mod:`~trainer.analysis.players.views`: the checks of a seat's view and the position a
  player reads off it (two seats, or a table of three or four); :func:`least_pips`.
* :mod:`~trainer.analysis.players.base`: :class:`ComputerPlayer` and the base every level
  fills in.
* :mod:`~trainer.analysis.players.easy`, :mod:`~trainer.analysis.players.normal`,
  :mod:`~trainer.analysis.players.hard`: a module for each of those levels.
* :mod:`~trainer.analysis.players.crazy`: Crazy, one module, and :func:`card_chances` for
  the coach.
* :mod:`~trainer.analysis.players.random_moves`: :func:`random_play` and
  :func:`random_turns`, the random pegging play the drills use.
"""

from trainer.analysis.players.base import ComputerPlayer
from trainer.analysis.players.crazy import END, CardChance, card_chances
from trainer.analysis.players.levels import LEVELS, Level, computer_player
from trainer.analysis.players.random_moves import Steer, random_play, random_turns
from trainer.analysis.players.views import least_pips

__all__ = [
    "END",
    "LEVELS",
    "CardChance",
    "ComputerPlayer",
    "Level",
    "Steer",
    "card_chances",
    "computer_player",
    "least_pips",
    "random_play",
    "random_turns",
]

"""Matches between computer players, played so that luck cancels, and their figures.

Each deal order (a seed) is played twice: once with the first level in seat 0,
once with the seats exchanged and the very same cuts and shuffles. The games
are the engine's :class:`~trainer.engine.Game`: the cut for deal, then deals
alternating, each the discard, the starter (his heels), the play and the show
in order (pone, dealer, crib), over the moment a player reaches the target.
Every player sees only its seat's :meth:`~trainer.engine.Game.view`.

At three and four seats (``seats=3``, ``seats=4``) the two levels share the table.
Four play as partnerships, the first level's pair (seats 0 and 2) against the second's,
and the pair of games exchanges the partnerships. Three play each alone: one seat of
the first level against two of the second, then, with the same deal, every chair's level
exchanged (one of the second against two of the first); the lone chair goes round the
table over three such pairs, so each level sits in each chair with the same deals. Over
a pair a level's share of the wins is one half when the levels are equal, as between two.

A level may also play itself (``("hard", "hard")``): then each game of a pair has
its own deal order, and what is measured is the first dealer's advantage.

Every decision a player returns is checked against the rules (two of its own
cards to the crib; a legal card in the play, and a go only when nothing fits):
a player that breaks them raises :class:`IllegalDecisionError`.

Besides who won, a match is split at the start of each game's last two deals: the
win-probability table (:mod:`trainer.analysis.winprob`) gives each side's chance
there, so a level's win rate is what it had built up by then plus what it gained
in the last two deals, where playing to the score counts most.

Where things are: a game, its record and the seating in :mod:`.games`; one deal on the
engine's pieces (:class:`Table`, for timing players) in :mod:`.one_deal`; the pairs of
games and a match's figures in :mod:`.matches`; the tests and intervals in :mod:`.stats`;
the printed table in :mod:`.report`.
"""

from trainer.analysis.tournament.games import (
    IllegalDecisionError,
    play_game,
    seating,
)
from trainer.analysis.tournament.matches import (
    play_pair,
    summarise,
)
from trainer.analysis.tournament.one_deal import GameOver, Table, play_deal
from trainer.analysis.tournament.report import format_match
from trainer.analysis.tournament.stats import binomial_test, sign_test, wilson
from trainer.analysis.tournament.variants import tournament_player

__all__ = [
    "GameOver",
    "IllegalDecisionError",
    "Table",
    "binomial_test",
    "format_match",
    "play_deal",
    "play_game",
    "play_pair",
    "seating",
    "sign_test",
    "summarise",
    "tournament_player",
    "wilson",
]

"""The chance of winning the game from a score position.

A position is the points each side still needs and who deals. A deal is scored in
order: his heels (2 to the dealer when the starter is a jack), the play (both sides,
award by award), the pone's hand, then the dealer's hand and the crib. The game ends
the moment a score reaches the target, so the pone, who counts first, is home first
when both would get there in the show, and in the play whoever pegs out first wins.

What a deal is worth is measured, not assumed: :mod:`trainer.analysis.build_tables` plays
games of Hard against Hard (:mod:`trainer.analysis.selfplay`), every deal to the end
of the show, and counts

* the starter's rank (a jack is his heels);
* the play: the points each side pegs in it, jointly, and which side reaches any
  given number of points first (also for what is left of the play after each card,
  for the win meter);
* the pone's hand, the dealer's hand and the crib, each by the starter's rank (the
  starter is the card both hands and the crib share, so a five turned helps all
  three: given the starter the three are taken as independent).

Near the end Hard's decisions depend on the score (a pone needing 20 or fewer keeps
the four likeliest to count out, and either side within 10 weighs the play
differently), so a deal there is worth something else: deals are counted by their
class (:func:`deal_class`: the pone's exact need up to 20, and whether the dealer needs
10 or fewer), each class near the end measured on its own deals.

:func:`dealer_table` is the dynamic programme over every pair of needs from 1 to 121
that turns those counts into the dealer's chance to win at the start of a deal:
``W[d, p]`` for a dealer needing ``d`` and a pone needing ``p``. The deal passes
after each deal, so the next position's value is the other side's. Every deal
scores at least one point (the last card), so positions are solved in order of the
points left in all. The table does not depend on the target: a game to 61 starts
at ``W[61, 61]``.

The table and the counts of the deals far from the end (what the throw's chances, the
play's search and the win meter read for the deal in hand) are shipped in
``data/win_table.json`` and loaded once (:func:`win_model`).

>>> model = win_model()
>>> round(model.chance(0, 0, dealer=True), 2)  # the first dealer of a game to 121
0.56
>>> model.chance(119, 100, dealer=False) > model.chance(100, 119, dealer=True)
True

Where things are: one deal's record and the sizes in :mod:`.deal`, the counts in
:mod:`.counts`, the probabilities from them in :mod:`.chances`, the dynamic programme in
:mod:`.solver`, the data file's contents in :mod:`.storage`, the model in :mod:`.model`.
"""

from trainer.analysis.winprob.counts import count_deals
from trainer.analysis.winprob.deal import (
    DEALER,
    MAX_NEED,
    PONE,
    SHOW_SIZE,
    DealRecord,
)
from trainer.analysis.winprob.model import WinModel, win_model
from trainer.analysis.winprob.solver import FAR, DealClass, deal_class, deal_classes, dealer_table
from trainer.analysis.winprob.storage import from_json, to_json

__all__ = [
    "DEALER",
    "FAR",
    "MAX_NEED",
    "PONE",
    "SHOW_SIZE",
    "DealClass",
    "DealRecord",
    "WinModel",
    "count_deals",
    "deal_class",
    "deal_classes",
    "dealer_table",
    "from_json",
    "to_json",
    "win_model",
]

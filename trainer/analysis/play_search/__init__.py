"""The one search of the play: every line of the rest of the play from a position, each
seat laying the card best for its side, on rank orders alone (suits never score in the
play), at a table of two, three or four.

Where things are: the position (:class:`PlayState`: each seat's cards, the series, whose
turn it is, the goes; in a race what each side still needs; the cards of hands not seen)
and the points a card pegs in it in :mod:`.position`; the walk (:class:`PlaySearch`),
which follows the engine's rules and lays for each seat the card best for its side, or by
expectation over the cards it could hold, in :mod:`.walk`; what a line is worth where the
walk stops, plugged in (:class:`Leaf`): for points (:data:`POINTS`, a short look-ahead's
:class:`ExpectedReply`) in :mod:`.leaves`, and in a race to the end of the game (the race
at a table, :class:`TableRace`; between two by the win table's chance,
:class:`WinChance`) in :mod:`.races`; how a seat answers from what it sees (the expected
best reply, :func:`greedy_reply`, and Hard's weighing of a card, :class:`WeighedReply`) in
:mod:`.replies`.

>>> search = PlaySearch((0, 1, 0, 1))
>>> search.value(PlayState(((5,), (10,), (), ()), turn=0))  # 5 then a ten: 15 and the last card
(0.0, 3.0)
"""

from trainer.analysis.play_search.leaves import (
    POINTS,
    ExpectedReply,
    Leaf,
    points_leaf,
    side_worth,
)
from trainer.analysis.play_search.position import (
    HIDDEN,
    MAX_COUNT,
    PIPS,
    Hands,
    PlayState,
    Value,
    next_to_act,
    order_pips,
    peg,
    quick_peg,
    unseen_counts,
)
from trainer.analysis.play_search.races import (
    RACE_POINT,
    TIE_POINT,
    RaceBoard,
    TableRace,
    TwoSideRace,
    WinChance,
)
from trainer.analysis.play_search.replies import WeighedReply, greedy_reply
from trainer.analysis.play_search.walk import PlaySearch

__all__ = [
    "HIDDEN",
    "MAX_COUNT",
    "PIPS",
    "POINTS",
    "RACE_POINT",
    "TIE_POINT",
    "ExpectedReply",
    "Hands",
    "Leaf",
    "PlaySearch",
    "PlayState",
    "RaceBoard",
    "TableRace",
    "TwoSideRace",
    "Value",
    "WeighedReply",
    "WinChance",
    "greedy_reply",
    "next_to_act",
    "order_pips",
    "peg",
    "points_leaf",
    "quick_peg",
    "side_worth",
    "unseen_counts",
]

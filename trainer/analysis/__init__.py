"""Analysis: expected values of discards, the crib and the play, and computer players
(pure: engine, numpy, standard library).

>>> from trainer.analysis import LEVELS, analyse_discards, computer_player, crib_table
>>> LEVELS
('easy', 'normal', 'hard', 'crazy')
"""

from trainer.analysis.crib import crib_table
from trainer.analysis.discards import analyse_discards
from trainer.analysis.pegging import PlayOption, analyse_play
from trainer.analysis.players import (
    LEVELS,
    ComputerPlayer,
    Level,
    computer_player,
    random_play,
    random_turns,
)

__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "Level",
    "PlayOption",
    "analyse_discards",
    "analyse_play",
    "computer_player",
    "crib_table",
    "random_play",
    "random_turns",
]

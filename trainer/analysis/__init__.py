"""Analysis: exact expected values and computer players, pure like the engine.

>>> from trainer.analysis import LEVELS
>>> LEVELS
('easy', 'normal', 'hard', 'crazy')
"""

from trainer.analysis.pegging import PlayOption, analyse_play
from trainer.analysis.players import LEVELS, ComputerPlayer, computer_player, random_play

__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "PlayOption",
    "analyse_play",
    "computer_player",
    "random_play",
]

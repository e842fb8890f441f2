"""Analysis: expected values of discards and the crib (pure: engine, numpy, standard library).

>>> from trainer.analysis import analyse_discards, crib_table
"""

from trainer.analysis.crib import crib_table
from trainer.analysis.discards import analyse_discards

__all__ = [
    "analyse_discards",
    "crib_table",
]

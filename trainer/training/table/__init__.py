"""A game against the computer, one step at a time, without Streamlit (the Play page's
logic): its setup (:mod:`.setup`), the game told in words (:mod:`.narration`), the pegs on
the board (:mod:`.pegs`), the game driver (:mod:`.driver`, :class:`Table`), the coach's
words at the table (:mod:`.coaching`, :class:`TableCoach`, which a table gives for the
person whose turn it is) and its record written out and read back (:mod:`.export`). Who
sits where, and their names, are :mod:`trainer.training.seats`."""

from trainer.training.seats import COMPUTER, ME, PARTNER, SEAT_NAMES, SHORT_NAMES, SeatNames
from trainer.training.table.coaching import TableCoach
from trainer.training.table.driver import Table
from trainer.training.table.export import (
    IN_PROGRESS_LINE,
    export_text,
    parse_export,
    public_record,
)
from trainer.training.table.narration import (
    award_text,
    best_hand_line,
    event_lines,
    in_our_words,
    scoring_cards,
)
from trainer.training.table.pegs import (
    LogLine,
    PegMove,
    Pegs,
    peg_moves,
    pegs_of,
)
from trainer.training.table.setup import (
    LEARNING_GAME,
    LEVEL_HELP,
    LEVEL_NAMES,
    PERSON_MARK,
    CoachMode,
    Need,
    Person,
    Player,
    PlaySetup,
    RecordProblem,
    level_name,
    level_named,
    parse_level,
)

__all__ = [
    "COMPUTER",
    "IN_PROGRESS_LINE",
    "LEARNING_GAME",
    "LEVEL_HELP",
    "LEVEL_NAMES",
    "ME",
    "PARTNER",
    "PERSON_MARK",
    "SEAT_NAMES",
    "SHORT_NAMES",
    "CoachMode",
    "LogLine",
    "Need",
    "PegMove",
    "Pegs",
    "Person",
    "PlaySetup",
    "Player",
    "RecordProblem",
    "SeatNames",
    "Table",
    "TableCoach",
    "award_text",
    "best_hand_line",
    "event_lines",
    "export_text",
    "in_our_words",
    "level_name",
    "level_named",
    "parse_export",
    "parse_level",
    "peg_moves",
    "pegs_of",
    "public_record",
    "scoring_cards",
]

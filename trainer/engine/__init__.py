"""The rules engine: pure functions and frozen values, no Streamlit, YAML or files.

>>> from trainer.engine import parse_cards, score_show
>>> *hand, starter = parse_cards("5H 5D 5C JS 5S")
>>> score_show(hand, starter).total
29
"""

from trainer.engine.cards import (
    DECK,
    Card,
    CardNotationError,
    DuplicateCardError,
    Rank,
    Suit,
    check_distinct,
    format_cards,
    label_cards,
    parse_cards,
)
from trainer.engine.game import (
    CutForDeal,
    Game,
    GameOverError,
    GameRuleError,
    Round,
    ShowTurn,
    counting_order,
    cut_for_deal,
    deal,
    skunk,
)
from trainer.engine.items import PLAY_KINDS, SHOW_KINDS, Kind, ScoreItem, number_word
from trainer.engine.play import (
    CardNotInHandError,
    GoWhileCardFitsError,
    OutOfTurnError,
    OverThirtyOneError,
    PegEvent,
    Pegging,
    PeggingError,
    PlayOverError,
    PlayScore,
    explain_items,
    score_play,
)
from trainer.engine.show import Call, ShowError, ShowScore, score_show
from trainer.engine.stats import TOTAL_HANDS, Standing, percentile, score_distribution, standing

__all__ = [
    "DECK",
    "PLAY_KINDS",
    "SHOW_KINDS",
    "TOTAL_HANDS",
    "Call",
    "Card",
    "CardNotInHandError",
    "CardNotationError",
    "CutForDeal",
    "DuplicateCardError",
    "Game",
    "GameOverError",
    "GameRuleError",
    "GoWhileCardFitsError",
    "Kind",
    "OutOfTurnError",
    "OverThirtyOneError",
    "PegEvent",
    "Pegging",
    "PeggingError",
    "PlayOverError",
    "PlayScore",
    "Rank",
    "Round",
    "ScoreItem",
    "ShowError",
    "ShowScore",
    "ShowTurn",
    "Standing",
    "Suit",
    "check_distinct",
    "counting_order",
    "cut_for_deal",
    "deal",
    "explain_items",
    "format_cards",
    "label_cards",
    "number_word",
    "parse_cards",
    "percentile",
    "score_distribution",
    "score_play",
    "score_show",
    "skunk",
    "standing",
]

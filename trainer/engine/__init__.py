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
from trainer.engine.dealing import counting_order, deal, shuffled_pack
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
    deal_digest,
    parse_event,
)
from trainer.engine.game import Game
from trainer.engine.game_errors import (
    AlreadyActedError,
    BadClaimError,
    BadCutError,
    BadDiscardError,
    CountOrderError,
    GameOverError,
    GameRuleError,
    NoSuchSeatError,
    NotACardError,
    ReplayError,
    WrongPhaseError,
)
from trainer.engine.items import PLAY_KINDS, SHOW_KINDS, Award, Kind, ScoreItem, number_word
from trainer.engine.notation import NotationError
from trainer.engine.pegging import (
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
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.show import MAX_SHOW, Call, ShowError, ShowScore, score_show
from trainer.engine.stats import TOTAL_HANDS, Standing, percentile, score_distribution, standing
from trainer.engine.summary import GameSummary, SeatTotals, pegged, skunk, summarize
from trainer.engine.vocab import SEATS, Counting, Phase, Role, RuleError, Which, other, seat_name

__all__ = [
    "DECK",
    "MAX_SHOW",
    "PLAY_KINDS",
    "SEATS",
    "SHOW_KINDS",
    "TOTAL_HANDS",
    "AlreadyActedError",
    "Award",
    "BadClaimError",
    "BadCutError",
    "BadDiscardError",
    "Call",
    "Card",
    "CardNotInHandError",
    "CardNotationError",
    "CountOrderError",
    "Counting",
    "CutEvent",
    "DealEvent",
    "DiscardEvent",
    "DuplicateCardError",
    "Event",
    "Game",
    "GameOverError",
    "GameRecord",
    "GameRuleError",
    "GameSummary",
    "GoEvent",
    "GoWhileCardFitsError",
    "Kind",
    "LayEvent",
    "NoSuchSeatError",
    "NotACardError",
    "NotationError",
    "OutOfTurnError",
    "OverThirtyOneError",
    "PegEvent",
    "Pegging",
    "PeggingError",
    "Phase",
    "PlayOverError",
    "PlayScore",
    "Rank",
    "ReplayError",
    "Role",
    "RuleError",
    "ScoreItem",
    "SeatTotals",
    "SeatView",
    "Settings",
    "SettingsError",
    "ShowError",
    "ShowEvent",
    "ShowScore",
    "Standing",
    "StarterEvent",
    "Suit",
    "Which",
    "WrongPhaseError",
    "check_distinct",
    "counting_order",
    "deal",
    "deal_digest",
    "explain_items",
    "format_cards",
    "label_cards",
    "number_word",
    "other",
    "parse_cards",
    "parse_event",
    "pegged",
    "percentile",
    "score_distribution",
    "score_play",
    "score_show",
    "seat_name",
    "shuffled_pack",
    "skunk",
    "standing",
    "summarize",
]

"""The coach's advice: on a throw and on a card laid (the drills built on it are
:mod:`trainer.training.questions.coached`).

Pure: the numbers come from the analysis (:func:`~trainer.analysis.analyse_discards`
with the sound model, :func:`~trainer.analysis.analyse_play`) and are passed on
unchanged; the coach only picks, compares and words them. One module a job:

* :mod:`.reasons`: what a throw does, in words (:func:`discard_reasons`).
* :mod:`.discard`: :func:`discard_advice` compares a throw with the best throw: its rank,
  what it cost a deal (split into hand and crib), and a reason in words for both.
  :func:`hint_ranking` is the ranking shown before throwing.
* :mod:`.one_card`: :func:`one_card_ranking` and :func:`one_card_advice` are the same for
  three or four at the table, where each player keeps four of five and throws one: by
  points, the average the four kept make with every starter that could be turned (the
  engine counts each), and what the one card gives the crib in words.
* :mod:`.play_notes`: :func:`play_note` looks at a card just laid and warns about the
  plays beginner advice warns about; at the Hard and Crazy levels it adds what the best
  card would have gained on average. :func:`table_play_note` is the same at a table of
  three or four, against the next player's reply
  (:func:`~trainer.analysis.players.table_options.table_options`).
* :mod:`.plain_words`: learning mode, the same advice in whole points and the course's
  words (:func:`plain_best_throw`, :func:`plain_verdict`, :func:`lay_advice`, and
  :func:`table_lay_advice` at three or four...).
* :mod:`.near_end`: near the end (:func:`near_the_end`: a side can reach the target this
  deal or the next), the coach speaks of winning the game instead: :class:`GameThrow`
  words the throw by its chance to win, and :func:`game_lay_line` the cards to lay, by
  the chances of :func:`~trainer.analysis.winmeter.seat_chance`, the one the win meter
  shows.
* :mod:`.chances`: a chance said in words (learning mode, first games: :func:`standing`)
  or in whole percentages (:func:`in_figures`).
* :mod:`.common`: what they share (:data:`NEAR_TIE`: two results within it, in points a
  deal, are called equal).

>>> from trainer.engine import parse_cards
>>> six = parse_cards("5H 5D 5C JS 2D 9C")
>>> advice = discard_advice(six, parse_cards("2D 9C"), dealer=True)
>>> advice.rank, advice.cost_text()
(1, 'nothing: this is the best throw')
"""

from trainer.training.coach.chances import chance_said, in_figures, standing, you_are
from trainer.training.coach.common import NEAR_TIE, about
from trainer.training.coach.discard import DiscardAdvice, ThrowLine, discard_advice, hint_ranking
from trainer.training.coach.near_end import (
    SAME_CHANCE,
    GameThrow,
    game_lay_line,
    near_the_end,
)
from trainer.training.coach.one_card import (
    OneCardAdvice,
    OneCardLine,
    one_card_advice,
    one_card_ranking,
)
from trainer.training.coach.plain_words import (
    RULE_APART,
    broken_rule,
    crib_link,
    kept_points,
    lay_advice,
    lay_choice,
    plain_best_throw,
    plain_throw,
    plain_verdict,
    table_lay_advice,
    table_lay_choice,
    why_break,
)
from trainer.training.coach.play_notes import (
    PlayNote,
    lay_warnings,
    play_note,
    table_play_note,
    view_play_note,
)
from trainer.training.coach.reasons import discard_reasons

__all__ = [
    "NEAR_TIE",
    "RULE_APART",
    "SAME_CHANCE",
    "DiscardAdvice",
    "GameThrow",
    "OneCardAdvice",
    "OneCardLine",
    "PlayNote",
    "ThrowLine",
    "about",
    "broken_rule",
    "chance_said",
    "crib_link",
    "discard_advice",
    "discard_reasons",
    "game_lay_line",
    "hint_ranking",
    "in_figures",
    "kept_points",
    "lay_advice",
    "lay_choice",
    "lay_warnings",
    "near_the_end",
    "one_card_advice",
    "one_card_ranking",
    "plain_best_throw",
    "plain_throw",
    "plain_verdict",
    "play_note",
    "standing",
    "table_lay_advice",
    "table_lay_choice",
    "table_play_note",
    "view_play_note",
    "why_break",
    "you_are",
]

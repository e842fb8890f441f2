"""Lessons: ``lessons/*.yaml`` validated once into frozen objects.

Every card question is answered by the rules engine, never by the file: a
check may carry an ``expect:`` value, but only as a claim the loader compares
with the engine (a mismatch is a content error). True/false questions about a
rule are the one kind whose answer is written in the file.

A file that fails validation never takes the course down: :func:`load_course`
returns the lessons that loaded and, for each file that did not, its problems,
each naming the file, the lesson, the step and the field.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from trainer.content import (
    LESSONS_DIR,
    ContentProblem,
    display_path,
    files_stamp,
    read_text,
    read_yaml,
    yaml_files,
)
from trainer.engine import (
    DECK,
    Card,
    Game,
    PegEvent,
    Pegging,
    PeggingError,
    PlayScore,
    ScoreItem,
    ShowScore,
    format_cards,
    label_cards,
    parse_cards,
    score_play,
    score_show,
    skunk,
)

__all__ = [
    "BOARD_HOLES",
    "CHECK_KINDS",
    "CUTS",
    "GLOSSARY_FILE",
    "KEEP_MARGIN",
    "PLAYERS",
    "SKUNKS",
    "Board",
    "BoardCheck",
    "Check",
    "CountCheck",
    "Course",
    "CourseEntry",
    "CutCheck",
    "FifteenCheck",
    "GoCheck",
    "GoReplay",
    "KeepCheck",
    "KeepValue",
    "Lesson",
    "PegCheck",
    "Show",
    "SkunkCheck",
    "Step",
    "TrueFalseCheck",
    "check_files",
    "course_stamp",
    "keep_value",
    "load_course",
    "replay_go",
]

#: The two players of a go question, in the order they play: the pone leads.
PLAYERS: tuple[str, str] = ("pone", "dealer")

#: Holes on a cribbage board for a game to 121, the last being the game hole (as drawn by
#: :mod:`trainer.ui.board`: four rows of 30 a player, then the game hole).
BOARD_HOLES = 121

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

#: The course's glossary (see :mod:`trainer.content.glossary`) lives beside the lessons
#: under this name; it is not a lesson.
GLOSSARY_FILE = "glossary.yaml"


class _FieldAt(ValueError):
    """A problem found by a validator that belongs to a field below the one validated."""

    def __init__(self, loc: tuple[str | int, ...], message: str) -> None:
        self.loc = loc
        super().__init__(message)


# --- field types -------------------------------------------------------------------


def _to_cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
        return value
    if not isinstance(value, str):
        raise ValueError("write the cards as one line of text, like '5H 10D JS'")
    return parse_cards(value)


def _to_card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise ValueError("write the card as text, like '5S'")
    cards = parse_cards(value)
    if len(cards) != 1:
        raise ValueError(f"this is one card, not {len(cards)}")
    return cards[0]


def _slug(value: str) -> str:
    if not _SLUG.fullmatch(value):
        raise ValueError(
            f"{value!r} is not a valid id: use lowercase letters, digits and dashes, like 'the-show'"
        )
    return value


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("this text is empty")
    return value


#: Cards written as notation on one line, e.g. ``"5H 10D JS"``; no card twice.
CardRow = Annotated[tuple[Card, ...], BeforeValidator(_to_cards)]
#: One card, e.g. ``"5S"``.
OneCard = Annotated[Card, BeforeValidator(_to_card)]
Slug = Annotated[StrictStr, AfterValidator(_slug)]
Text = Annotated[StrictStr, AfterValidator(_text)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)


def _has(info: ValidationInfo, *names: str) -> bool:
    """True when every named earlier field validated (so cross-field checks can run)."""
    return all(name in info.data for name in names)


# --- what a step shows ----------------------------------------------------------------


def _pegs(value: tuple[int, int]) -> tuple[int, int]:
    back, front = value
    if not 0 <= front <= BOARD_HOLES:
        raise ValueError(f"a peg is in a hole from 0 (the start) to {BOARD_HOLES}, not {front}")
    if back < 0 or (back >= front and front != 0) or (front == 0 and back != 0):
        raise ValueError(
            f"write the back peg, then the front one: [{back}, {front}] is not two pegs "
            "one behind the other (both start on 0)"
        )
    return value


#: A player's two pegs, ``[back, front]``: the holes they stand in (0 is the start).
Pegs = Annotated[tuple[StrictInt, StrictInt], AfterValidator(_pegs)]


GAMES: tuple[int, int] = (121, 61)


class Board(_Model):
    """A pegboard picture: the two pegs of ``you`` and, optionally, of ``opponent`` (a
    player left out stands at the start), on a board for a ``game`` to 121 or 61."""

    game: Literal[121, 61] = 121
    you: Pegs
    opponent: Pegs | None = None

    @model_validator(mode="after")
    def _on_the_board(self) -> Board:
        for name in ("you", "opponent"):
            pegs = getattr(self, name)
            if pegs is not None and pegs[1] > self.game:
                raise _FieldAt(
                    (name,),
                    f"a board for a game to {self.game} ends at hole {self.game}, not {pegs[1]}",
                )
        return self

    def pegs(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """``(front, back)``: each player's front and back hole, you first, as
        :func:`trainer.ui.board.board_svg` takes them. That board has two start holes, so
        a player who has not scored yet keeps the back peg in the first of them (-1)."""
        seats = [self.you, self.opponent or (0, 0)]
        front = (seats[0][1], seats[1][1])
        back = tuple(-1 if f == 0 else b for b, f in seats)
        return front, (back[0], back[1])


class Show(_Model):
    """A picture in a step: a row of ``cards`` (with an optional ``starter``), a pegging
    ``pile`` in the order laid, whose count the engine works out, or a pegboard."""

    cards: CardRow | None = None
    starter: OneCard | None = None
    pile: CardRow | None = None
    board: Board | None = None
    highlight: CardRow = ()
    caption: Text | None = None

    @field_validator("pile")
    @classmethod
    def _pile_is_a_series(cls, pile: tuple[Card, ...] | None) -> tuple[Card, ...] | None:
        if pile is not None:
            _check_pile(pile)
        return pile

    @model_validator(mode="after")
    def _one_picture(self) -> Show:
        given = [self.cards is not None, self.pile is not None, self.board is not None]
        if sum(given) != 1:
            raise ValueError("give one of 'cards' (with an optional 'starter'), 'pile' or 'board'")
        if self.board is not None and self.highlight:
            raise _FieldAt(("highlight",), "a board has no cards to light up")
        if self.starter is not None:
            if self.cards is None:
                raise _FieldAt(("starter",), "a starter goes with 'cards', not with a pile")
            if self.starter in self.cards:
                raise _FieldAt(
                    ("starter",), f"{self.starter.label} is already in 'cards': one of each card"
                )
        shown = set(self.cards or self.pile or ())
        if self.starter is not None:
            shown.add(self.starter)
        stray = [card for card in self.highlight if card not in shown]
        if stray:
            raise _FieldAt(("highlight",), f"{label_cards(stray)} is not among the cards shown")
        return self

    @property
    def count(self) -> int | None:
        """The running count of a pile, from the engine; ``None`` for a row of cards."""
        return None if self.pile is None else score_play(self.pile).count


def _check_pile(pile: tuple[Card, ...]) -> PlayScore:
    if not pile:
        raise ValueError("a pile needs at least one card")
    try:
        return score_play(pile)
    except PeggingError as err:
        raise ValueError(f"this is not one series of the play: {err}") from None


# --- checks ------------------------------------------------------------------------------


def _expect_mismatch(expect: object, engine: object, why: str) -> ValueError:
    return ValueError(f"expect says {expect} but the engine says {engine} ({why})")


class CountCheck(_Model):
    """Count a hand (or with ``crib: true`` the crib) with its starter."""

    kind: Literal["count"]
    question: Text | None = None
    hint: Text | None = None
    hand: CardRow
    starter: OneCard
    crib: StrictBool = False
    expect: StrictInt | None = None

    @field_validator("hand")
    @classmethod
    def _four_cards(cls, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        if len(hand) != 4:
            raise ValueError(f"a hand to count has 4 cards, not {len(hand)}")
        return hand

    @field_validator("starter")
    @classmethod
    def _starter_not_in_hand(cls, starter: Card, info: ValidationInfo) -> Card:
        if _has(info, "hand") and starter in info.data["hand"]:
            raise ValueError(f"{starter.label} is already in the hand: a deck has one of each card")
        return starter

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and _has(info, "hand", "starter", "crib"):
            score = score_show(info.data["hand"], info.data["starter"], crib=info.data["crib"])
            if score.total != expect:
                raise _expect_mismatch(expect, score.total, score.cadence())
        return expect

    def score(self) -> ShowScore:
        return score_show(self.hand, self.starter, crib=self.crib)

    @property
    def answer(self) -> int:
        return self.score().total

    @property
    def prompt(self) -> str:
        what = "crib" if self.crib else "hand"
        return self.question or f"How many points is this {what} worth, with the starter?"


class PegCheck(_Model):
    """How many points the last card of a pegging ``pile`` scores."""

    kind: Literal["peg"]
    question: Text | None = None
    hint: Text | None = None
    pile: CardRow
    expect: StrictInt | None = None

    @field_validator("pile")
    @classmethod
    def _pile_is_a_series(cls, pile: tuple[Card, ...]) -> tuple[Card, ...]:
        _check_pile(pile)
        return pile

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and _has(info, "pile"):
            scored = score_play(info.data["pile"])
            if scored.total != expect:
                raise _expect_mismatch(expect, scored.total, scored.explain())
        return expect

    def score(self) -> PlayScore:
        return score_play(self.pile)

    @property
    def answer(self) -> int:
        return self.score().total

    @property
    def card(self) -> Card:
        """The card asked about: the last one laid."""
        return self.pile[-1]

    @property
    def before(self) -> tuple[Card, ...]:
        """The cards laid before the one asked about."""
        return self.pile[:-1]

    @property
    def count_before(self) -> int:
        """The count before the asked card is laid (0 when it leads)."""
        return score_play(self.before).count if self.before else 0

    @property
    def prompt(self) -> str:
        return self.question or f"How many points does the {self.pile[-1].label} peg?"


@dataclass(frozen=True, slots=True)
class GoReplay:
    """A go question played out by the engine's :class:`~trainer.engine.Pegging`."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    events: tuple[PegEvent, ...]
    held: tuple[tuple[Card, ...], tuple[Card, ...]]  # cards not laid, per player
    scorer: int  # who pegs for the go, the last card or 31
    closing: ScoreItem  # that go, last card or 31
    last_player: int  # who laid the last card
    last_card: Card
    points: int  # what the last player pegged from their last card on, go included
    next_leader: int | None  # who leads the next series (None: the play is over)

    @property
    def play_over(self) -> bool:
        return self.next_leader is None


def replay_go(pone: Sequence[Card], dealer: Sequence[Card], plays: Sequence[Card]) -> GoReplay:
    """Lay ``plays`` in order (each by whoever holds it, the pone leading), saying go
    whenever a player has to, until the series they belong to is over.

    Raises ``ValueError`` when a card is laid out of turn, past 31 or by nobody,
    or when the series is not over after the last play.
    """
    hands = (tuple(pone), tuple(dealer))
    if not plays:
        raise ValueError("list the cards laid, in order: at least one")
    play = Pegging([list(hands[0]), list(hands[1])], leader=0)
    events: list[PegEvent] = []
    last_lay = 0
    for card in plays:
        while play.must_go():
            events.append(play.go())
        owner = 0 if card in hands[0] else 1 if card in hands[1] else None
        if owner is None:
            raise ValueError(f"{card.label} is in neither the pone's nor the dealer's hand")
        if play.is_over or card not in play.hands[owner]:
            raise ValueError(f"{card.label} is laid twice")
        if owner != play.turn:
            raise ValueError(
                f"{card.label} is the {PLAYERS[owner]}'s card, but it is the "
                f"{PLAYERS[play.turn]}'s turn (the count is {play.count})"
            )
        try:
            play.verify_lay(card)
        except PeggingError as err:
            raise ValueError(str(err)) from None
        last_lay = len(events)
        events.append(play.lay(card))
    while not events[-1].series_over and play.must_go():
        events.append(play.go())
    if not events[-1].series_over:
        fits = label_cards(play.playable())
        raise ValueError(
            f"the series is not over after these plays: the {PLAYERS[play.turn]} "
            f"can still lay {fits}"
        )
    closing = [
        (who, item)
        for event in events[last_lay:]
        for who, item in event.awards
        if item.kind in ("go", "last card", "thirty-one")
    ]
    scorer, item = closing[-1]
    laid = events[last_lay]
    assert laid.card is not None
    points = sum(event.points_for(laid.player) for event in events[last_lay:])
    return GoReplay(
        hands=hands,
        events=tuple(events),
        held=(tuple(play.hands[0]), tuple(play.hands[1])),
        scorer=scorer,
        closing=item,
        last_player=laid.player,
        last_card=laid.card,
        points=points,
        next_leader=None if play.is_over else play.turn,
    )


GoAsk = Literal["who-scores", "points", "leads-next"]


class GoCheck(_Model):
    """The end of a series: who pegs the go, how many points the last card pegs with it,
    or who leads next. ``plays`` are laid in order by whoever holds each card; the
    engine says go for a player who cannot lay."""

    kind: Literal["go"]
    question: Text | None = None
    hint: Text | None = None
    pone: CardRow
    dealer: CardRow
    plays: CardRow
    ask: GoAsk
    expect: StrictInt | Literal["pone", "dealer"] | None = None

    @field_validator("pone", "dealer")
    @classmethod
    def _up_to_four(cls, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        if not 1 <= len(hand) <= 4:
            raise ValueError(f"a hand in the play has 1 to 4 cards, not {len(hand)}")
        return hand

    @field_validator("dealer")
    @classmethod
    def _hands_apart(cls, dealer: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        if _has(info, "pone"):
            both = [card for card in dealer if card in info.data["pone"]]
            if both:
                raise ValueError(f"{label_cards(both)} is in both hands: one of each card")
        return dealer

    @field_validator("plays")
    @classmethod
    def _plays_are_legal(cls, plays: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        if _has(info, "pone", "dealer"):
            replay_go(info.data["pone"], info.data["dealer"], plays)
        return plays

    @field_validator("ask")
    @classmethod
    def _someone_leads(cls, ask: str, info: ValidationInfo) -> str:
        if (
            ask == "leads-next"
            and _has(info, "pone", "dealer", "plays")
            and replay_go(info.data["pone"], info.data["dealer"], info.data["plays"]).play_over
        ):
            raise ValueError("every card has been laid, so nobody leads again")
        return ask

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | str | None, info: ValidationInfo) -> int | str | None:
        if expect is None or not _has(info, "pone", "dealer", "plays", "ask"):
            return expect
        ask: str = info.data["ask"]
        if (ask == "points") != isinstance(expect, int):
            want = "a number of points" if ask == "points" else "'pone' or 'dealer'"
            raise ValueError(f"for ask: {ask}, expect is {want}")
        replay = replay_go(info.data["pone"], info.data["dealer"], info.data["plays"])
        answer = _go_answer(replay, ask)
        if answer != expect:
            raise _expect_mismatch(expect, answer, _go_reason(replay))
        return expect

    def replay(self) -> GoReplay:
        return replay_go(self.pone, self.dealer, self.plays)

    @property
    def answer(self) -> int | str:
        return _go_answer(self.replay(), self.ask)

    @property
    def prompt(self) -> str:
        if self.question:
            return self.question
        if self.ask == "who-scores":
            return "Nobody can lay another card. Who pegs for it?"
        if self.ask == "leads-next":
            return "The count goes back to zero. Who leads the next series?"
        replay = self.replay()
        who = PLAYERS[replay.last_player]
        return f"How many points does the {who} peg for the {replay.last_card.label}, all told?"


def _go_answer(replay: GoReplay, ask: str) -> int | str:
    if ask == "points":
        return replay.points
    if ask == "leads-next":
        return PLAYERS[replay.next_leader] if replay.next_leader is not None else "nobody"
    return PLAYERS[replay.scorer]


def _go_reason(replay: GoReplay) -> str:
    return (
        f"the {PLAYERS[replay.scorer]} pegs {replay.closing.points} for the {replay.closing.kind}"
    )


class FifteenCheck(_Model):
    """Which of the ``choices`` brings the count of ``pile`` to exactly 15 (one does)."""

    kind: Literal["fifteen"]
    question: Text | None = None
    hint: Text | None = None
    pile: CardRow
    choices: CardRow
    expect: OneCard | None = None

    @field_validator("pile")
    @classmethod
    def _under_fifteen(cls, pile: tuple[Card, ...]) -> tuple[Card, ...]:
        count = _check_pile(pile).count
        if count >= 15:
            raise ValueError(f"the count is already {count}: no card can bring it to 15")
        return pile

    @field_validator("choices")
    @classmethod
    def _one_makes_fifteen(
        cls, choices: tuple[Card, ...], info: ValidationInfo
    ) -> tuple[Card, ...]:
        if not 2 <= len(choices) <= 6:
            raise ValueError(f"give 2 to 6 cards to choose from, not {len(choices)}")
        if _has(info, "pile"):
            pile: tuple[Card, ...] = info.data["pile"]
            both = [card for card in choices if card in pile]
            if both:
                raise ValueError(f"{label_cards(both)} is already in the pile")
            makers = _fifteen_makers(pile, choices)
            if len(makers) != 1:
                found = label_cards(makers) if makers else "none"
                raise ValueError(f"exactly one choice must make 15, the engine finds: {found}")
        return choices

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: Card | None, info: ValidationInfo) -> Card | None:
        if expect is not None and _has(info, "pile", "choices"):
            (maker,) = _fifteen_makers(info.data["pile"], info.data["choices"])
            if maker != expect:
                raise _expect_mismatch(
                    expect.label, maker.label, f"{maker.label} brings the count to 15"
                )
        return expect

    def played(self, card: Card) -> PlayScore | None:
        """What ``card`` would score on the pile (``None`` if it would pass 31)."""
        try:
            return score_play((*self.pile, card))
        except PeggingError:
            return None

    @property
    def count(self) -> int:
        return score_play(self.pile).count

    @property
    def answer(self) -> Card:
        (maker,) = _fifteen_makers(self.pile, self.choices)
        return maker

    @property
    def prompt(self) -> str:
        return self.question or f"The total is {self.count}. Which card makes it 15?"


def _fifteen_makers(pile: tuple[Card, ...], choices: Iterable[Card]) -> list[Card]:
    makers = []
    for card in choices:
        try:
            scored = score_play((*pile, card))
        except PeggingError:
            continue
        if any(item.kind == "fifteen" for item in scored.items):
            makers.append(card)
    return makers


SKUNKS: tuple[str, str, str] = ("win", "skunk", "double-skunk")


class SkunkCheck(_Model):
    """The final score of a game: a plain win, a skunk or a double skunk (the engine's
    :func:`~trainer.engine.skunk` decides)."""

    kind: Literal["skunk"]
    question: Text | None = None
    game: Literal[121, 61] = 121
    winner: StrictInt
    loser: StrictInt
    expect: Literal["win", "skunk", "double-skunk"] | None = None

    @field_validator("winner")
    @classmethod
    def _reached_the_end(cls, winner: int, info: ValidationInfo) -> int:
        if _has(info, "game") and winner != info.data["game"]:
            raise ValueError(
                f"the winner stops on {info.data['game']}, the last hole, not {winner}"
            )
        return winner

    @field_validator("loser")
    @classmethod
    def _short_of_it(cls, loser: int, info: ValidationInfo) -> int:
        if _has(info, "game") and not 0 <= loser < info.data["game"]:
            raise ValueError(f"the loser has from 0 to {info.data['game'] - 1} points, not {loser}")
        return loser

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and _has(info, "game", "winner", "loser"):
            answer = SKUNKS[skunk(info.data["winner"], info.data["loser"], info.data["game"])]
            if answer != expect:
                raise _expect_mismatch(expect, answer, f"the loser has {info.data['loser']}")
        return expect

    @property
    def answer(self) -> str:
        return SKUNKS[skunk(self.winner, self.loser, self.game)]

    @property
    def prompt(self) -> str:
        return self.question or (
            f"In a game to {self.game}, one player reaches {self.winner} while the other "
            f"has {self.loser}. What kind of win is it?"
        )


class BoardCheck(_Model):
    """Walking the board: ``you`` have pegs in ``[back, front]`` and score ``points``;
    which hole does the back peg jump to? It moves that many holes past the front peg
    (and stops in the game hole at the end)."""

    kind: Literal["board"]
    question: Text | None = None
    hint: Text | None = None
    game: Literal[121, 61] = 121
    you: Pegs
    points: StrictInt
    expect: StrictInt | None = None

    @field_validator("you")
    @classmethod
    def _before_the_end(cls, you: tuple[int, int], info: ValidationInfo) -> tuple[int, int]:
        if _has(info, "game") and you[1] >= info.data["game"]:
            raise ValueError(
                f"the front peg is already in the game hole ({info.data['game']}): the game is over"
            )
        return you

    @field_validator("points")
    @classmethod
    def _a_score(cls, points: int) -> int:
        if not 1 <= points <= 29:
            raise ValueError(f"a score is from 1 to 29 points, not {points}")
        return points

    @field_validator("expect")
    @classmethod
    def _board_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and _has(info, "game", "you", "points"):
            hole = min(info.data["you"][1] + info.data["points"], info.data["game"])
            if hole != expect:
                raise _expect_mismatch(
                    expect, hole, f"{info.data['points']} holes on from hole {info.data['you'][1]}"
                )
        return expect

    @property
    def answer(self) -> int:
        return min(self.you[1] + self.points, self.game)

    @property
    def after(self) -> tuple[int, int]:
        """``[back, front]`` once the back peg has jumped."""
        return (self.you[1], self.answer)

    @property
    def prompt(self) -> str:
        return self.question or (f"You score {self.points}. Which hole does your back peg jump to?")


#: The answers of a cut for deal: who deals first, or both cut again.
CUTS: tuple[str, str, str] = ("you", "opponent", "again")


class CutCheck(_Model):
    """The cut for deal: ``you`` and the ``opponent`` each cut a card; the lower rank
    deals first (the ace is lowest), and equal ranks cut again (as
    :meth:`trainer.engine.Game.cut_for_deal` plays it)."""

    kind: Literal["cut"]
    question: Text | None = None
    you: OneCard
    opponent: OneCard
    expect: Literal["you", "opponent", "again"] | None = None

    @field_validator("opponent")
    @classmethod
    def _two_cards(cls, opponent: Card, info: ValidationInfo) -> Card:
        if _has(info, "you") and opponent == info.data["you"]:
            raise ValueError(f"{opponent.label} is already your card: one of each card")
        return opponent

    @field_validator("expect")
    @classmethod
    def _cut_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and _has(info, "you", "opponent"):
            answer = _cut_answer(info.data["you"], info.data["opponent"])
            if answer != expect:
                raise _expect_mismatch(
                    expect,
                    answer,
                    f"{info.data['you'].label} against {info.data['opponent'].label}",
                )
        return expect

    @property
    def answer(self) -> str:
        return _cut_answer(self.you, self.opponent)

    @property
    def prompt(self) -> str:
        return self.question or (
            f"You cut the {self.you.label} and your opponent cuts the {self.opponent.label}. "
            "Who deals first?"
        )


@cache
def _cut_answer(you: Card, opponent: Card) -> str:
    """The engine's cut for deal with ``you`` (seat 0) cutting ``you`` and the other seat
    ``opponent``: a game is started and both cut at the places those cards lie (the
    first seed whose shuffled pack has both cards where a cut may be made)."""
    for seed in range(1000):
        game = Game(seed=seed)
        pack = list(game.pack("cut:0"))
        low, high = game.cut_range()
        first = pack.index(you)
        if not low <= first <= high:
            continue
        game.cut_for_deal(0, at=first)
        pack.remove(you)  # the second cut is made in what the first left
        low, high = game.cut_range()
        second = pack.index(opponent)
        if not low <= second <= high:
            continue
        event = game.cut_for_deal(1, at=second)
        assert event.card == opponent
        if event.dealer is None:
            return "again"
        return "you" if event.dealer == 0 else "opponent"
    raise AssertionError(f"no seed lets both {you.label} and {opponent.label} be cut")


#: How many points a keep's average must beat every other choice's by, so the right
#: answer is clear in whole points.
KEEP_MARGIN = 1.0


@dataclass(frozen=True, slots=True)
class KeepValue:
    """Four cards kept from six, scored by the engine with every starter that could come
    (the 46 cards not among the six)."""

    keep: tuple[Card, ...]
    thrown: tuple[Card, ...]
    points: tuple[int, ...]  # one total per possible starter

    @property
    def average(self) -> float:
        return sum(self.points) / len(self.points)

    @property
    def lowest(self) -> int:
        return min(self.points)

    @property
    def highest(self) -> int:
        return max(self.points)


def keep_value(six: Sequence[Card], keep: Sequence[Card]) -> KeepValue:
    """``keep`` (four of ``six``) counted by :func:`~trainer.engine.score_show` with each
    of the 46 starters left."""
    thrown = tuple(card for card in six if card not in keep)
    starters = [card for card in DECK if card not in six]
    return KeepValue(
        tuple(keep), thrown, tuple(score_show(keep, starter).total for starter in starters)
    )


class KeepCheck(_Model):
    """Which four of six ``cards`` to keep: the choice (one of ``keeps``) whose hand
    scores the most on average over every starter that could come."""

    kind: Literal["keep"]
    question: Text | None = None
    cards: CardRow
    keeps: tuple[CardRow, ...]
    expect: CardRow | None = None

    @field_validator("cards")
    @classmethod
    def _six_cards(cls, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        if len(cards) != 6:
            raise ValueError(f"a deal is 6 cards, not {len(cards)}")
        return cards

    @field_validator("keeps")
    @classmethod
    def _keeps_from_the_six(
        cls, keeps: tuple[tuple[Card, ...], ...], info: ValidationInfo
    ) -> tuple[tuple[Card, ...], ...]:
        if not 2 <= len(keeps) <= 4:
            raise ValueError(f"give 2 to 4 keeps to choose from, not {len(keeps)}")
        if not _has(info, "cards"):
            return keeps
        six: tuple[Card, ...] = info.data["cards"]
        seen: list[frozenset[Card]] = []
        for index, keep in enumerate(keeps):
            if len(keep) != 4:
                raise _FieldAt((index,), f"a keep is 4 cards, not {len(keep)}")
            stray = [card for card in keep if card not in six]
            if stray:
                raise _FieldAt((index,), f"{label_cards(stray)} is not among the six cards")
            if frozenset(keep) in seen:
                raise _FieldAt((index,), "this keep is listed twice")
            seen.append(frozenset(keep))
        values = sorted((keep_value(six, keep) for keep in keeps), key=lambda v: -v.average)
        if values[0].average - values[1].average < KEEP_MARGIN:
            raise ValueError(
                f"the best keeps are too close to choose between: {label_cards(values[0].keep)} "
                f"averages {values[0].average:.2f} and {label_cards(values[1].keep)} "
                f"{values[1].average:.2f}; the best must be ahead by {KEEP_MARGIN:g} point"
            )
        return keeps

    @field_validator("expect")
    @classmethod
    def _keep_agrees(
        cls, expect: tuple[Card, ...] | None, info: ValidationInfo
    ) -> tuple[Card, ...] | None:
        if expect is not None and _has(info, "cards", "keeps"):
            best = _best_keep(info.data["cards"], info.data["keeps"])
            if frozenset(expect) != frozenset(best.keep):
                raise _expect_mismatch(
                    label_cards(expect),
                    label_cards(best.keep),
                    f"it averages {best.average:.2f} points over the 46 starters",
                )
        return expect

    def values(self) -> tuple[KeepValue, ...]:
        """Each keep, in the order listed, with its points over every starter."""
        return tuple(keep_value(self.cards, keep) for keep in self.keeps)

    @property
    def answer(self) -> str:
        """The best keep, as notation (``5H 5D JS QC``)."""
        return format_cards(_best_keep(self.cards, self.keeps).keep)

    @property
    def prompt(self) -> str:
        return self.question or (
            "Which four cards make the best hand, whatever the starter turns out to be?"
        )


def _best_keep(six: tuple[Card, ...], keeps: Sequence[tuple[Card, ...]]) -> KeepValue:
    return max((keep_value(six, keep) for keep in keeps), key=lambda value: value.average)


class TrueFalseCheck(_Model):
    """True or false about a rule: the only check whose answer the file states."""

    kind: Literal["true-false"]
    statement: Text
    answer: StrictBool
    explain: Text

    @property
    def prompt(self) -> str:
        return self.statement


Check = Annotated[
    CountCheck
    | PegCheck
    | GoCheck
    | FifteenCheck
    | SkunkCheck
    | BoardCheck
    | CutCheck
    | KeepCheck
    | TrueFalseCheck,
    Field(discriminator="kind"),
]
CHECK_MODELS: dict[str, type[_Model]] = {
    "count": CountCheck,
    "peg": PegCheck,
    "go": GoCheck,
    "fifteen": FifteenCheck,
    "skunk": SkunkCheck,
    "board": BoardCheck,
    "cut": CutCheck,
    "keep": KeepCheck,
    "true-false": TrueFalseCheck,
}
CHECK_KINDS: tuple[str, ...] = tuple(CHECK_MODELS)


# --- steps and lessons ---------------------------------------------------------------------


class Step(_Model):
    """One screen of a lesson: Markdown ``text``, cards to ``show``, an optional ``check``."""

    id: Slug
    text: Text
    show: tuple[Show, ...] = ()
    check: Check | None = None


class Lesson(_Model):
    id: Slug
    title: Text
    summary: Text
    prerequisites: tuple[Slug, ...] = ()
    steps: tuple[Step, ...]

    @field_validator("prerequisites")
    @classmethod
    def _not_itself(cls, prerequisites: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        for index, name in enumerate(prerequisites):
            if info.data.get("id") == name:
                raise _FieldAt((index,), "a lesson cannot come before itself")
            if name in prerequisites[:index]:
                raise _FieldAt((index,), f"{name!r} is listed twice")
        return prerequisites

    @field_validator("steps")
    @classmethod
    def _steps_apart(cls, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        if not steps:
            raise ValueError("a lesson needs at least one step")
        seen: dict[str, int] = {}
        for index, step in enumerate(steps):
            if step.id in seen:
                raise _FieldAt(
                    (index, "id"),
                    f"the step id {step.id!r} is already used by step {seen[step.id] + 1}",
                )
            seen[step.id] = index
        if not any(step.check is not None for step in steps):
            raise ValueError("a lesson needs at least one step with a check")
        return steps

    @property
    def checks(self) -> int:
        return sum(step.check is not None for step in self.steps)


# --- the course -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CourseEntry:
    """One lesson file: the lesson when it loaded, else the problems that stopped it."""

    file: str
    id: str | None
    title: str
    lesson: Lesson | None
    problems: tuple[ContentProblem, ...]

    @property
    def ok(self) -> bool:
        return self.lesson is not None


@dataclass(frozen=True, slots=True)
class Course:
    """Every lesson file in order; broken files stay listed with their problems."""

    entries: tuple[CourseEntry, ...]

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(entry.lesson for entry in self.entries if entry.lesson is not None)

    @property
    def problems(self) -> tuple[ContentProblem, ...]:
        return tuple(problem for entry in self.entries for problem in entry.problems)

    def get(self, lesson_id: str) -> Lesson | None:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        return None

    def number(self, lesson_id: str) -> int:
        """The lesson's place in the course, from 1."""
        for index, entry in enumerate(self.entries, start=1):
            if entry.id == lesson_id:
                return index
        raise KeyError(lesson_id)

    def title(self, lesson_id: str) -> str:
        """The title of the lesson ``lesson_id``, as the course map shows it ("a lesson not
        in the course" when no file holds it: a learner never sees a raw id)."""
        for entry in self.entries:
            if entry.id == lesson_id:
                return entry.title
        return "a lesson not in the course"

    def has(self, lesson_id: str) -> bool:
        """A file of the course holds the lesson ``lesson_id`` (read, or not)."""
        return any(entry.id == lesson_id for entry in self.entries)


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The lesson files of a folder (default: the course's), in course order (by file name).

    Every ``*.yaml`` entry is listed, even one that is not a plain file (a FIFO, a
    link that loops): loading it then reports it, unopened, instead of skipping it."""
    folder = LESSONS_DIR if folder is None else folder
    if not folder.is_dir():
        return []
    return [path for path in yaml_files(folder) if path.name != GLOSSARY_FILE]


def course_stamp(folder: Path | None = None) -> tuple[tuple[str, int, int], ...]:
    """Names, sizes and modification times of the lesson files: changes when a file does."""
    return files_stamp(lesson_files(folder))


def load_course(folder: Path | None = None) -> Course:
    """Load every lesson file of ``folder`` (default: ``lessons/``); a broken file is listed
    with its problems, and every other lesson still loads."""
    return Course(tuple(_check(lesson_files(folder))))


def check_files(files: Sequence[str | Path]) -> list[ContentProblem]:
    """Every problem in these lesson files, each naming the file, lesson, step and field."""
    return [problem for entry in _check([Path(f) for f in files]) for problem in entry.problems]


# --- loading ------------------------------------------------------------------------------------


def _read(path: Path, file: str) -> tuple[Any, list[ContentProblem]]:
    read = read_yaml(path, file)
    if read.problems:
        return None, list(read.problems)
    data = read.data
    if not isinstance(data, dict):
        return None, [
            ContentProblem(
                file, "", "a lesson file holds one lesson: keys id, title, summary and steps"
            )
        ]
    twice = [ContentProblem(file, _where(d.loc, data), d.message()) for d in read.duplicates]
    return (None if twice else data), twice


def _raw_id(data: Any) -> str | None:
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        return str(data["id"])
    return None


_ID_LINE = re.compile(r"^id:[ \t]*[\"']?([a-z0-9]+(?:-[a-z0-9]+)*)[\"']?[ \t]*(?:#.*)?$", re.M)


def _guess_id(path: Path) -> str:
    """The id a lesson file that cannot be read was probably meant to have: its
    ``id:`` line if the text can be read at all, else its file name without the
    leading number (``05-the-show.yaml`` → ``the-show``)."""
    text, _ = read_text(path, str(path))
    if text is not None and (match := _ID_LINE.search(text)):
        return match.group(1)
    return re.sub(r"^[0-9]+-", "", path.stem)


def _cycles(graph: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Every prerequisite cycle once, each as the ids around it (first id repeated at the end),
    found without recursion."""
    cycles: list[list[str]] = []
    seen_cycles: set[frozenset[str]] = set()
    done: set[str] = set()
    for root in graph:
        if root in done:
            continue
        path: list[str] = [root]
        on_path = {root}
        stack = [iter(graph.get(root, ()))]
        while stack:
            following = next(stack[-1], None)
            if following is None:
                stack.pop()
                done.add(path[-1])
                on_path.discard(path.pop())
                continue
            if following in on_path:
                loop = path[path.index(following) :]
                if frozenset(loop) not in seen_cycles:
                    seen_cycles.add(frozenset(loop))
                    cycles.append([*loop, following])
            elif following not in done and following in graph:
                path.append(following)
                on_path.add(following)
                stack.append(iter(graph[following]))
    return cycles


def _check(files: Sequence[Path]) -> list[CourseEntry]:
    """Load and check ``files`` together.

    A file's own mistakes keep its lesson out of the course. Problems *between*
    lessons do not: prerequisites only say which lesson is best first, so a
    learner is better served by a lesson that opens than by one hidden because
    another file is broken. A prerequisite that names a lesson file which cannot
    be read is reported once, on that file; one that names no lesson at all, and
    prerequisites that go round in a circle, are reported on the lesson that
    lists them (``validate`` fails) while the lesson still opens.
    """
    loaded: list[tuple[Path, str, Any, Lesson | None, list[ContentProblem]]] = []
    for path in files:
        file = display_path(path)
        data, problems = _read(path, file)
        lesson = None
        if data is not None:
            try:
                lesson = Lesson.model_validate(data)
            except ValidationError as err:
                problems = _explain(err, file, data)
        loaded.append((path, file, data, lesson, problems))

    # Lessons in the same folders but not checked now, and files that cannot be read at
    # all, by the id they were probably meant to have.
    known, unreadable = _sibling_ids(files)
    known |= {i for _, _, data, _, _ in loaded if (i := _raw_id(data))}
    for path, file, data, _, _ in loaded:
        if data is None:
            unreadable.setdefault(_guess_id(path), file)
    for known_id in known:
        unreadable.pop(known_id, None)

    first_file: dict[str, str] = {}
    blocking: list[list[ContentProblem]] = []
    advice: list[list[ContentProblem]] = []
    waiting: dict[str, list[str]] = {}  # an unreadable file -> lessons that list it first
    for _, file, data, lesson, problems in loaded:
        lesson_id = _raw_id(data)
        where = f"lesson {lesson_id!r}"
        notes: list[ContentProblem] = []
        if lesson_id is not None and lesson_id in first_file:
            problems.append(
                ContentProblem(
                    file,
                    f"{where}, field 'id'",
                    f"the lesson id {lesson_id!r} is already used by {first_file[lesson_id]}",
                )
            )
        elif lesson_id is not None:
            first_file[lesson_id] = file
        if lesson is not None:
            for index, name in enumerate(lesson.prerequisites):
                if name in known:
                    continue
                if name in unreadable:
                    waiting.setdefault(unreadable[name], []).append(lesson.id)
                    continue
                notes.append(
                    ContentProblem(
                        file,
                        f"{where}, field 'prerequisites[{index}]'",
                        f"no lesson has the id {name!r}",
                    )
                )
        blocking.append(problems)
        advice.append(notes)

    graph = {
        lesson.id: lesson.prerequisites
        for _, _, _, lesson, problems in loaded
        if lesson is not None
    }
    for cycle in _cycles(graph):
        start = next(i for i, row in enumerate(loaded) if _raw_id(row[2]) == cycle[0])
        advice[start].append(
            ContentProblem(
                loaded[start][1],
                f"lesson {cycle[0]!r}, field 'prerequisites'",
                "the prerequisites go round in a circle: "
                + " → ".join(cycle)
                + " (each would have to come before itself); take one out",
            )
        )

    entries: list[CourseEntry] = []
    for (_, file, data, lesson, _), problems, notes in zip(loaded, blocking, advice, strict=True):
        if file in waiting:
            names = ", ".join(repr(name) for name in waiting[file])
            one = len(waiting[file]) == 1
            problems.append(
                ContentProblem(
                    file,
                    "",
                    f"the lesson{'' if one else 's'} {names} list{'s' if one else ''} this "
                    f"lesson as a prerequisite; {'it still opens' if one else 'they still open'}"
                    ", without it, until this file is fixed",
                )
            )
        title = data.get("title") if isinstance(data, dict) else None
        entries.append(
            CourseEntry(
                file=file,
                id=_raw_id(data),
                title=title if isinstance(title, str) and title.strip() else Path(file).stem,
                lesson=lesson if not problems else None,
                problems=(*problems, *notes),
            )
        )
    return entries


def _sibling_ids(files: Sequence[Path]) -> tuple[set[str], dict[str, str]]:
    """Lesson ids in the folders of ``files``, so checking one file still knows the rest:
    the ids read, and the ids guessed for files that cannot be read (with their names)."""
    ids: set[str] = set()
    unreadable: dict[str, str] = {}
    for folder in {path.parent for path in files}:
        for path in lesson_files(folder):
            if path in files:
                continue
            data, _ = _read(path, str(path))
            if (found := _raw_id(data)) is not None:
                ids.add(found)
            elif data is None:
                unreadable.setdefault(_guess_id(path), display_path(path))
    return ids, unreadable


# --- error messages -------------------------------------------------------------------------------


def _explain(err: ValidationError, file: str, data: Mapping[str, Any]) -> list[ContentProblem]:
    problems = []
    for error in err.errors():
        loc = tuple(error["loc"])
        cause = (error.get("ctx") or {}).get("error")
        if isinstance(cause, _FieldAt):
            loc += cause.loc
        problems.append(ContentProblem(file, _where(loc, data), _message(error, loc)))
    return problems


def _where(loc: Sequence[str | int], data: Mapping[str, Any]) -> str:
    """``lesson 'x', step 3 'count-it', field 'check.hand'`` for a path into the file."""
    lesson_id = _raw_id(data)
    parts = [f"lesson {lesson_id!r}" if lesson_id else "lesson (no id)"]
    rest: Sequence[str | int] = loc
    if len(loc) >= 2 and loc[0] == "steps" and isinstance(loc[1], int):
        index = loc[1]
        steps = data.get("steps")
        step_id = None
        if isinstance(steps, list) and index < len(steps) and isinstance(steps[index], dict):
            raw = steps[index].get("id")
            step_id = raw if isinstance(raw, str) else None
        parts.append(f"step {index + 1}" + (f" {step_id!r}" if step_id else ""))
        rest = loc[2:]
    field = _field_name(rest)
    if field:
        parts.append(f"field {field!r}")
    return ", ".join(parts)


def _without_tags(loc: Sequence[str | int]) -> list[str | int]:
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if index > 0 and loc[index - 1] == "check" and part in CHECK_MODELS:
            continue
        out.append(part)
    return out


def _field_name(loc: Sequence[str | int]) -> str:
    text = ""
    for part in _without_tags(loc):
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + part
    return text


def _model_at(loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The model whose keys live at ``loc`` (a path of keys, indexes and check tags)."""
    model: type[BaseModel] | None = Lesson
    parts = list(loc)
    while parts and model is not None:
        part = parts.pop(0)
        if model is Lesson and part == "steps":
            if parts and isinstance(parts[0], int):
                parts.pop(0)
            model = Step
        elif model is Step and part == "show":
            if parts and isinstance(parts[0], int):
                parts.pop(0)
            model = Show
        elif model is Show and part == "board":
            model = Board
        elif model is Step and part == "check":
            tag = parts.pop(0) if parts else None
            model = CHECK_MODELS.get(str(tag))
        else:
            return None
    return model


def _message(error: Mapping[str, Any], loc: Sequence[str | int]) -> str:
    kind = error["type"]
    if kind == "missing":
        return "this field is missing, and it is required"
    if kind == "extra_forbidden":
        key = str(loc[-1])
        model = _model_at(loc[:-1])
        if model is None:
            return f"unknown key {key!r}"
        allowed = list(model.model_fields)
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "allowed: " + ", ".join(allowed)
        return f"unknown key {key!r}: {hint}"
    if kind == "union_tag_invalid":
        tag = (error.get("ctx") or {}).get("tag")
        return f"unknown check kind {tag!r}: use one of " + ", ".join(CHECK_KINDS)
    if kind == "union_tag_not_found":
        return "a check needs a 'kind': one of " + ", ".join(CHECK_KINDS)
    if kind == "value_error":
        cause = (error.get("ctx") or {}).get("error")
        return str(cause) if cause is not None else str(error["msg"])
    plain = {
        "string_type": "should be text",
        "bool_type": "should be true or false",
        "int_type": "should be a whole number",
        "tuple_type": "should be a list",
        "model_type": "should be a set of 'key: value' lines",
        "model_attributes_type": "should be a set of 'key: value' lines",
        "dict_type": "should be a set of 'key: value' lines",
        "too_short": "needs at least one",
    }
    if kind in plain:
        return plain[kind]
    msg = str(error["msg"])
    if msg.startswith("Input should"):
        msg = msg[len("Input ") :]
    return msg[:1].lower() + msg[1:]

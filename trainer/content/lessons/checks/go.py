"""The end of a series, the go: at two (:class:`GoCheck`) and at a table of three or
four (:class:`TableGoCheck`)."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictInt, ValidationInfo, field_validator, model_validator

from trainer.content.field_types import Text
from trainer.content.lessons.checks.kinds import GoKind
from trainer.content.lessons.checks.pegs import (
    PEG_BLANKS,
    check_peg_blanks,
    hole_after,
    peg_fill_ins,
)
from trainer.content.lessons.fields import (
    CardRow,
    FieldAt,
    QuestionModel,
    expect_mismatch,
    validated,
)
from trainer.content.lessons.pictures import Pegs
from trainer.engine import Card, label_cards
from trainer.engine.series import Series, TableSeries, replay_series, replay_table


def _end_prompt(ask: str) -> str:
    """The question a go check asks about the series' end when its file words none, at
    two or at a table: who pegs for it, or who leads next."""
    if ask == "who-scores":
        return "Nobody can lay another card. Who pegs for it?"
    return "The count goes back to zero. Who leads the next series?"


GoAsk = Literal["who-scores", "points", "leads-next"]


class GoCheck(QuestionModel):
    """The end of a series: who pegs the go, how many points the last card pegs with it,
    or who leads next. ``plays`` are laid in order by whoever holds each card; the
    engine says go for a player who cannot lay. ``deal`` is the kind of series' end it
    is, for new cards of that kind; its words may leave blanks for the last card laid
    (``{card}``) and the count it left (``{count}``). With ``ask: points`` and ``pegs``
    (the last player's pegs before the card), the answer is the hole the back peg jumps
    to."""

    blanks = ("card", "count", *PEG_BLANKS)

    kind: Literal["go"]
    question: Text | None = None
    hint: Text | None = None
    pone: CardRow
    dealer: CardRow
    plays: CardRow
    ask: GoAsk
    expect: StrictInt | Literal["pone", "dealer"] | None = None
    pegs: Pegs | None = None
    deal: GoKind

    @field_validator("pone", "dealer")
    @classmethod
    def _up_to_four(cls, hand: tuple[Card, ...]) -> tuple[Card, ...]:
        if not 1 <= len(hand) <= 4:
            raise ValueError(f"a hand in the play has 1 to 4 cards, not {len(hand)}")
        return hand

    @field_validator("dealer")
    @classmethod
    def _hands_apart(cls, dealer: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        if validated(info, "pone"):
            both = [card for card in dealer if card in info.data["pone"]]
            if both:
                raise ValueError(f"{label_cards(both)} is in both hands: one of each card")
        return dealer

    @field_validator("plays")
    @classmethod
    def _plays_are_legal(cls, plays: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        if validated(info, "pone", "dealer"):
            replay_series(info.data["pone"], info.data["dealer"], plays)
        return plays

    @field_validator("ask")
    @classmethod
    def _someone_leads(cls, ask: str, info: ValidationInfo) -> str:
        if (
            ask == "leads-next"
            and validated(info, "pone", "dealer", "plays")
            and replay_series(info.data["pone"], info.data["dealer"], info.data["plays"]).play_over
        ):
            raise ValueError("every card has been laid, so nobody leads again")
        return ask

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | str | None, info: ValidationInfo) -> int | str | None:
        if expect is None or not validated(info, "pone", "dealer", "plays", "ask"):
            return expect
        ask: str = info.data["ask"]
        if (ask == "points") != isinstance(expect, int):
            want = "a number of points" if ask == "points" else "'pone' or 'dealer'"
            raise ValueError(f"for ask: {ask}, expect is {want}")
        replay = replay_series(info.data["pone"], info.data["dealer"], info.data["plays"])
        answer = _go_answer(replay, ask)
        if answer != expect:
            raise expect_mismatch(expect, answer, _go_reason(replay))
        return expect

    @model_validator(mode="after")
    def _pegs_for_points(self) -> GoCheck:
        if self.pegs is not None and self.ask != "points":
            raise FieldAt(("pegs",), "pegs go with ask: points (the hole the points reach)")
        check_peg_blanks({"question": self.question, "hint": self.hint}, self.pegs)
        return self

    def replay(self) -> Series:
        return replay_series(self.pone, self.dealer, self.plays)

    @property
    def answer(self) -> int | str:
        answer = _go_answer(self.replay(), self.ask)
        if self.pegs is None or not isinstance(answer, int):
            return answer
        return hole_after(self.pegs, answer)

    def points_given(self, answer: int) -> int:
        """The points an answer stands for (a hole, less the front peg's)."""
        return answer if self.pegs is None else answer - self.pegs[1]

    def fill_ins(self) -> dict[str, str]:
        replay = self.replay()
        found = {"card": replay.last_card.label, "count": str(replay.events[-1].count)}
        return {**found, **peg_fill_ins(self.pegs)}

    @property
    def prompt(self) -> str:
        if self.question:
            return self.filled(self.question)
        if self.ask != "points":
            return _end_prompt(self.ask)
        replay = self.replay()
        who = replay.last_player
        return f"How many points does the {who} peg for the {replay.last_card.label}, all told?"


def _go_answer(replay: Series, ask: str) -> int | str:
    if ask == "points":
        return replay.points
    if ask == "leads-next":
        return replay.next_leader if replay.next_leader is not None else "nobody"
    return replay.scorer


def _go_reason(replay: Series) -> str:
    return f"the {replay.scorer} pegs {replay.closing.points} for the {replay.closing.kind}"


#: The seats of a table of three or four in a ``table-go`` check, clockwise from the
#: dealer's left (who leads the play), the dealer last.
TABLE_SEATS: dict[int, tuple[str, ...]] = {
    3: ("first", "second", "dealer"),
    4: ("first", "second", "third", "dealer"),
}
TableGoAsk = Literal["who-scores", "leads-next"]


class TableGoCheck(QuestionModel):
    """The end of a series among three or four players: who pegs for it, or who leads
    next. ``hands`` are the players' cards at the start of the play, clockwise from the
    dealer's left (the first leads; the last is the dealer's); ``plays`` are laid in order
    by whoever holds each card, the engine saying go for a player who cannot lay.
    ``deal`` is the kind of series' end it is; its words may leave blanks for the last
    card laid (``{card}``) and the count it left (``{count}``)."""

    blanks = ("card", "count")

    kind: Literal["table-go"]
    question: Text | None = None
    hint: Text | None = None
    hands: tuple[CardRow, ...]
    plays: CardRow
    ask: TableGoAsk
    expect: Literal["first", "second", "third", "dealer"] | None = None
    deal: GoKind

    @field_validator("hands")
    @classmethod
    def _three_or_four(cls, hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
        if len(hands) not in TABLE_SEATS:
            raise ValueError(f"a table of three or four has 3 or 4 hands, not {len(hands)}")
        seen: set[Card] = set()
        for index, hand in enumerate(hands):
            if not 1 <= len(hand) <= 4:
                raise FieldAt((index,), f"a hand in the play has 1 to 4 cards, not {len(hand)}")
            twice = [card for card in hand if card in seen]
            if twice:
                raise FieldAt((index,), f"{label_cards(twice)} is in two hands: one of each card")
            seen.update(hand)
        return hands

    @field_validator("plays")
    @classmethod
    def _plays_are_legal(cls, plays: tuple[Card, ...], info: ValidationInfo) -> tuple[Card, ...]:
        if validated(info, "hands"):
            replay_table(info.data["hands"], plays)
        return plays

    @field_validator("ask")
    @classmethod
    def _someone_leads(cls, ask: str, info: ValidationInfo) -> str:
        if (
            ask == "leads-next"
            and validated(info, "hands", "plays")
            and replay_table(info.data["hands"], info.data["plays"]).next_leader is None
        ):
            raise ValueError("every card has been laid, so nobody leads again")
        return ask

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is None or not validated(info, "hands", "plays", "ask"):
            return expect
        hands = info.data["hands"]
        replay = replay_table(hands, info.data["plays"])
        answer = _table_answer(replay, info.data["ask"])
        if expect not in TABLE_SEATS[len(hands)]:
            raise ValueError(
                f"with {len(hands)} players the seats are {', '.join(TABLE_SEATS[len(hands)])}"
            )
        if answer != expect:
            seats = TABLE_SEATS[len(hands)]
            raise expect_mismatch(
                expect,
                answer,
                f"the {seats[replay.scorer]} player pegs {replay.closing.points} for the "
                f"{replay.closing.kind}",
            )
        return expect

    def replay(self) -> TableSeries:
        return replay_table(self.hands, self.plays)

    @property
    def seats(self) -> tuple[str, ...]:
        return TABLE_SEATS[len(self.hands)]

    @property
    def answer(self) -> str:
        return _table_answer(self.replay(), self.ask)

    def fill_ins(self) -> dict[str, str]:
        replay = self.replay()
        return {"card": replay.last_card.label, "count": str(replay.events[-1].count)}

    @property
    def prompt(self) -> str:
        return self.filled(self.question) if self.question else _end_prompt(self.ask)


def _table_answer(replay: TableSeries, ask: str) -> str:
    seats = TABLE_SEATS[replay.players]
    if ask == "leads-next":
        assert replay.next_leader is not None
        return seats[replay.next_leader]
    return seats[replay.scorer]

"""The checks a step can ask, each answered by the rules engine: the file's ``expect:``
is only a claim the loader compares with the engine (a mismatch is a content error).
True/false questions about a rule are the one kind whose answer the file writes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    ValidationInfo,
    field_validator,
)

from trainer.content.lessons.fields import (
    CardRow,
    FieldAt,
    LessonModel,
    OneCard,
    Text,
    validated,
)
from trainer.content.lessons.pictures import Pegs, check_pile
from trainer.engine import (
    DECK,
    MAX_SHOW,
    Card,
    Game,
    PeggingError,
    PlayScore,
    ShowScore,
    format_cards,
    label_cards,
    score_play,
    score_show,
    skunk,
)
from trainer.engine.series import Series, TableSeries, replay_series, replay_table


def _expect_mismatch(expect: object, engine: object, why: str) -> ValueError:
    return ValueError(f"expect says {expect} but the engine says {engine} ({why})")


class CountCheck(LessonModel):
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
        if validated(info, "hand") and starter in info.data["hand"]:
            raise ValueError(f"{starter.label} is already in the hand: a deck has one of each card")
        return starter

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "hand", "starter", "crib"):
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


class PegCheck(LessonModel):
    """How many points the last card of a pegging ``pile`` scores."""

    kind: Literal["peg"]
    question: Text | None = None
    hint: Text | None = None
    pile: CardRow
    expect: StrictInt | None = None

    @field_validator("pile")
    @classmethod
    def _pile_is_a_series(cls, pile: tuple[Card, ...]) -> tuple[Card, ...]:
        check_pile(pile)
        return pile

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "pile"):
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


GoAsk = Literal["who-scores", "points", "leads-next"]


class GoCheck(LessonModel):
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
            raise _expect_mismatch(expect, answer, _go_reason(replay))
        return expect

    def replay(self) -> Series:
        return replay_series(self.pone, self.dealer, self.plays)

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


class TableGoCheck(LessonModel):
    """The end of a series among three or four players: who pegs for it, or who leads
    next. ``hands`` are the players' cards at the start of the play, clockwise from the
    dealer's left (the first leads; the last is the dealer's); ``plays`` are laid in order
    by whoever holds each card, the engine saying go for a player who cannot lay."""

    kind: Literal["table-go"]
    question: Text | None = None
    hint: Text | None = None
    hands: tuple[CardRow, ...]
    plays: CardRow
    ask: TableGoAsk
    expect: Literal["first", "second", "third", "dealer"] | None = None

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
            raise _expect_mismatch(
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

    @property
    def prompt(self) -> str:
        if self.question:
            return self.question
        if self.ask == "who-scores":
            return "Nobody can lay another card. Who pegs for it?"
        return "The count goes back to zero. Who leads the next series?"


def _table_answer(replay: TableSeries, ask: str) -> str:
    seats = TABLE_SEATS[replay.players]
    if ask == "leads-next":
        assert replay.next_leader is not None
        return seats[replay.next_leader]
    return seats[replay.scorer]


class FifteenCheck(LessonModel):
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
        count = check_pile(pile).count
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
        if validated(info, "pile"):
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
        if expect is not None and validated(info, "pile", "choices"):
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


class SkunkCheck(LessonModel):
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
        if validated(info, "game") and winner != info.data["game"]:
            raise ValueError(
                f"the winner stops on {info.data['game']}, the last hole, not {winner}"
            )
        return winner

    @field_validator("loser")
    @classmethod
    def _short_of_it(cls, loser: int, info: ValidationInfo) -> int:
        if validated(info, "game") and not 0 <= loser < info.data["game"]:
            raise ValueError(f"the loser has from 0 to {info.data['game'] - 1} points, not {loser}")
        return loser

    @field_validator("expect")
    @classmethod
    def _engine_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and validated(info, "game", "winner", "loser"):
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


class BoardCheck(LessonModel):
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
        if validated(info, "game") and you[1] >= info.data["game"]:
            raise ValueError(
                f"the front peg is already in the game hole ({info.data['game']}): the game is over"
            )
        return you

    @field_validator("points")
    @classmethod
    def _a_score(cls, points: int) -> int:
        if not 1 <= points <= MAX_SHOW:
            raise ValueError(f"a score is from 1 to {MAX_SHOW} points, not {points}")
        return points

    @field_validator("expect")
    @classmethod
    def _board_agrees(cls, expect: int | None, info: ValidationInfo) -> int | None:
        if expect is not None and validated(info, "game", "you", "points"):
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


class CutCheck(LessonModel):
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
        if validated(info, "you") and opponent == info.data["you"]:
            raise ValueError(f"{opponent.label} is already your card: one of each card")
        return opponent

    @field_validator("expect")
    @classmethod
    def _cut_agrees(cls, expect: str | None, info: ValidationInfo) -> str | None:
        if expect is not None and validated(info, "you", "opponent"):
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


class KeepCheck(LessonModel):
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
        if not validated(info, "cards"):
            return keeps
        six: tuple[Card, ...] = info.data["cards"]
        seen: list[frozenset[Card]] = []
        for index, keep in enumerate(keeps):
            if len(keep) != 4:
                raise FieldAt((index,), f"a keep is 4 cards, not {len(keep)}")
            stray = [card for card in keep if card not in six]
            if stray:
                raise FieldAt((index,), f"{label_cards(stray)} is not among the six cards")
            if frozenset(keep) in seen:
                raise FieldAt((index,), "this keep is listed twice")
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
        if expect is not None and validated(info, "cards", "keeps"):
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


class TrueFalseCheck(LessonModel):
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
    | TableGoCheck
    | FifteenCheck
    | SkunkCheck
    | BoardCheck
    | CutCheck
    | KeepCheck
    | TrueFalseCheck,
    Field(discriminator="kind"),
]
CHECK_MODELS: dict[str, type[LessonModel]] = {
    "count": CountCheck,
    "peg": PegCheck,
    "go": GoCheck,
    "table-go": TableGoCheck,
    "fifteen": FifteenCheck,
    "skunk": SkunkCheck,
    "board": BoardCheck,
    "cut": CutCheck,
    "keep": KeepCheck,
    "true-false": TrueFalseCheck,
}
CHECK_KINDS: tuple[str, ...] = tuple(CHECK_MODELS)

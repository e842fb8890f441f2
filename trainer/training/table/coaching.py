"""The coach's words at a table: what the coach says of a person's throw and cards laid,
after each move (``moves``) and before it (``learning``), worked out from the person's own
view by the coach (:mod:`trainer.training.coach`). A :class:`TableCoach` is given the game,
the person's seat and where they are (their coach setting, their last action, the hand
being shown to them), never the table that holds the game: the Play page asks a table's
:attr:`~.driver.Table.coaching` for the coach of the person whose turn it is, and asks that
coach. What the coach works out is kept in a memo the table keeps for each seat, so a rerun
does not work it out again."""

from __future__ import annotations

from typing import Protocol

from trainer.analysis import Level
from trainer.analysis.endgame import ThrowAdvice
from trainer.analysis.pegging import view_position
from trainer.analysis.winmeter import SeatChance
from trainer.engine.cards import Card
from trainer.engine.events import DiscardEvent, LayEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.items import SHOW_KINDS
from trainer.engine.kinds import says_kinds
from trainer.engine.pegging import score_play
from trainer.engine.seat_view import SeatView
from trainer.engine.vocab import Phase, Which
from trainer.training.coach import (
    SAME_CHANCE,
    DiscardAdvice,
    GameThrow,
    OneCardAdvice,
    OneCardLine,
    PlayNote,
    ThrowLine,
    crib_link,
    discard_advice,
    game_lay_line,
    hint_ranking,
    lay_choice,
    near_the_end,
    one_card_advice,
    one_card_ranking,
    plain_best_throw,
    plain_throw,
    plain_verdict,
    table_lay_choice,
    view_play_note,
)
from trainer.training.explain import card_line
from trainer.training.seats import SeatNames
from trainer.training.table.setup import CoachMode

__all__ = ["CoachMemo", "SeatChances", "TableCoach"]

#: What a coach worked out, by what it was asked: kept for each seat between reruns.
CoachMemo = dict[tuple[object, ...], object]


class SeatChances(Protocol):
    """The person's chance to win after the game's first ``at`` events (with ``cards``,
    each card's too): the one chance the win meter shows
    (:meth:`~.driver.Table.seat_chance`), which the coach speaks of near the end."""

    def __call__(self, at: int, *, cards: bool = False) -> SeatChance: ...


class TableCoach:
    """The coach of the person in ``seat``: its advice and words on their moves, from
    their own view of ``game``. ``mode`` is their coach setting; ``mark`` where their last
    action starts in the events; ``counted`` the hand being shown to them (None: none);
    ``hinted`` whether they asked for a hint this deal; ``in_words`` whether numbers are
    said as a child can follow them; ``chances`` the win meter's chances (None: the win
    model does not speak of this game, and the coach speaks of points alone)."""

    __slots__ = (
        "_chance",
        "_memo",
        "counted",
        "game",
        "hinted",
        "in_words",
        "level",
        "mark",
        "mode",
        "names",
        "seat",
    )

    def __init__(
        self,
        game: Game,
        seat: int,
        mode: CoachMode,
        *,
        level: Level,
        names: SeatNames,
        mark: int = 0,
        counted: ShowEvent | None = None,
        hinted: bool = False,
        in_words: bool = False,
        chances: SeatChances | None = None,
        memo: CoachMemo | None = None,
    ) -> None:
        self.game = game
        #: The person's seat: the coach works from this seat's view.
        self.seat = seat
        self.mode = mode
        #: The level of the computers, whose replies the note after a card weighs.
        self.level = level
        self.names = names
        self.mark = mark
        self.counted = counted
        self.hinted = hinted
        self.in_words = in_words
        self._chance = chances
        self._memo: CoachMemo = {} if memo is None else memo

    @property
    def view(self) -> SeatView:
        """What the person in :attr:`seat` may know now."""
        return self.game.view(self.seat)

    @property
    def _learning(self) -> bool:
        return self.mode is CoachMode.LEARNING

    def _dealer(self) -> bool:
        return self.view.dealer == self.seat

    def _to_throw(self) -> bool:
        """The person still has their throw to make this deal."""
        return self.game.phase is Phase.DISCARD and self.seat in self.game.waiting_for()

    def _dealt(self) -> tuple[Card, ...]:
        view = self.view
        return view.hand if self._to_throw() else (*view.kept, *view.discards)

    def ranking(self, top: int = 5) -> tuple[ThrowLine, ...]:
        """The best ``top`` throws of the six cards dealt to the person this deal, in a
        game of two (three or four at the table throw one card: :meth:`one_card_lines`)."""
        if self.game.players != 2:
            raise ValueError("with three or four at the table the throw is one card of five")
        view = self.view
        key = ("ranking", view.deal_no, top)
        if key not in self._memo:
            self._memo[key] = hint_ranking(self._dealt(), dealer=self._dealer(), top=top)
        lines = self._memo[key]
        assert isinstance(lines, tuple)
        return lines

    def one_card_lines(self, top: int = 5) -> tuple[OneCardLine, ...]:
        """With three or four at the table: the five throws of one card, best first, by
        the points the four kept make (:func:`~trainer.training.coach.one_card_ranking`)."""
        lines = one_card_ranking(self._dealt(), dealer=self._dealer())  # (cached there)
        return lines[:top]

    def throw_ranking(self, top: int = 5) -> tuple[ThrowLine, ...] | tuple[OneCardLine, ...]:
        """The best throws at any size: :meth:`ranking` between two, :meth:`one_card_lines`
        with three or four."""
        return self.ranking(top) if self.game.players == 2 else self.one_card_lines(top)

    def throw_advice(self) -> DiscardAdvice | None:
        """The coach on the person's throw this deal, against the best two of six (None
        before the throw, with the coach off, or with three or four at the table:
        :meth:`one_card_throw`)."""
        view = self.view
        if not self.mode.coached or len(view.discards) != 2:
            return None
        key = ("advice", view.deal_no)
        if key not in self._memo:
            dealt = (*view.kept, *view.discards)
            self._memo[key] = discard_advice(dealt, view.discards, dealer=self._dealer(), top=3)
        advice = self._memo[key]
        assert isinstance(advice, DiscardAdvice)
        return advice

    def one_card_throw(self) -> OneCardAdvice | None:
        """With three or four at the table, the coach on the one card the person threw this
        deal (None before the throw, or with the coach off)."""
        view = self.view
        if not self.mode.coached or len(view.discards) != 1:
            return None
        return one_card_advice(
            (*view.kept, *view.discards), view.discards[0], dealer=self._dealer()
        )

    def throw_lines(self) -> tuple[str, ...]:
        """:meth:`throw_advice` in words; a hinted deal says so first. Near the end, the
        throw is told by its chance to win the game (:meth:`game_throw`) instead. In
        learning mode and first games (:attr:`in_words`) the numbers are
        whole (the verdict in words is :meth:`throw_words`, shown with them outside
        learning mode)."""
        advice = self.throw_advice() or self.one_card_throw()
        if advice is None:
            return ()
        hinted = ("You asked for a hint on this deal.",) if self.hinted else ()
        words = self.in_words
        game = self.game_throw()
        told = words and self._learning  # the verdict in words is above the details
        if game is not None and game.thrown is not None and isinstance(advice, DiscardAdvice):
            table = advice.table(words=words)
            verdict = () if told else game.lines()
            return (*hinted, *verdict, "For points alone, on average:", *table)
        if isinstance(advice, DiscardAdvice) and words:
            verdict = () if told else plain_verdict(advice)
            return (*hinted, *verdict, *advice.table(words=True))
        return (*hinted, *advice.lines(words=words))

    def throw_was_best(self) -> bool:
        """The person's throw this deal was as good as the best: for the game near the
        end, for points otherwise (False before the throw or with the coach off)."""
        game = self.game_throw()
        if game is not None and game.thrown is not None:
            return game.best_for_the_game
        advice = self.throw_advice() or self.one_card_throw()
        return advice is not None and advice.equal

    def _throw_at(self) -> int | None:
        """Where the person held their six cards this deal: the number of events before
        their throw (None once another deal is under way without a throw yet, or before
        the first deal)."""
        events = self.game.events
        if self._to_throw():
            return len(events)
        if len(self.view.discards) != 2:
            return None
        mine = [
            i for i, e in enumerate(events) if isinstance(e, DiscardEvent) and e.seat == self.seat
        ]
        return mine[-1] if mine else None

    def game_throw(self) -> GameThrow | None:
        """Near the end (:func:`~trainer.training.coach.near_the_end`), the coach on this
        deal's throw by the chance to win the game (the throws' chances of the person's
        :meth:`~.driver.Table.seat_chance`, which the meter shows): before the throw in
        learning mode, after it with the coach on; None away from the end, with the coach
        off, or when no throw can win the game (then the points are what is played for)."""
        if not self.mode.coached or self._chance is None:
            return None
        if self.view.dealer is None or self.game.is_over:
            return None
        key = ("game throw", self.view.deal_no, len(self.view.discards) == 2)
        if key not in self._memo:
            self._memo[key] = self._game_throw()
        found = self._memo[key]
        assert found is None or isinstance(found, GameThrow)
        return found

    def _game_throw(self) -> GameThrow | None:
        at = self._throw_at()
        if at is None or self._chance is None:
            return None
        view = self._view_at(at)
        if not near_the_end(view):
            return None
        target = view.settings.target
        chance = self._chance(at)
        advice = ThrowAdvice(
            target - view.my_score,
            target - view.their_score,
            view.dealer != self.seat,
            chance.throws,
        )
        thrown = self.view.discards
        best = self.ranking(top=1)[0].discard.throw
        game = GameThrow(
            advice,
            (thrown[0], thrown[1]) if len(thrown) == 2 else None,
            (best[0], best[1]),
            words=self.in_words,
        )
        return None if game.hopeless else game

    def best_throw_line(self) -> str:
        """Learning mode, before the throw: the coach's throw and why, in whole points and
        the course's words (and why, when it breaks a rule of thumb the course taught); near
        the end, the best throw for the game, by its chance to win; with three or four at
        the table, the one card and what the four kept make."""
        game = self.game_throw()
        if game is not None:
            return " ".join(game.before_lines())
        if self.game.players != 2:
            best = self.one_card_lines(top=1)[0]
            return f"The coach would throw {best.card.label}: that {best.reason}."
        return plain_best_throw(self.ranking(top=15))

    def advised_throw(self) -> tuple[Card, ...]:
        """The cards :meth:`best_throw_line` names (before the throw)."""
        game = self.game_throw()
        if game is not None:
            return game.best.throw
        if self.game.players != 2:
            return (self.one_card_lines(top=1)[0].card,)
        return self.ranking(top=1)[0].discard.throw

    def hint_words(self, top: int = 3) -> tuple[str, ...]:
        """Learning mode, the hint: the best few throws in a beginner's words (the table
        with the numbers, :meth:`ranking_lines`, is the details); near the end, the best
        throws for the game, as the coach's own throw is told."""
        game = self.game_throw()
        if game is not None and game.thrown is None:
            return game.hint_lines(top)
        return tuple(
            f"{line.place}. Throw {line.card.label}: that {line.reason}."
            if isinstance(line, OneCardLine)
            else f"{line.place}. Throw {line.discard.throw[0].label} and "
            f"{line.discard.throw[1].label}: that {plain_throw(line)}."
            for line in self.throw_ranking()[:top]
        )

    def ranking_lines(self, top: int = 5) -> tuple[str, ...]:
        """The best ``top`` throws with the points they make on average, a line each (the
        hint's table): in whole points in learning mode and first games."""
        return tuple(line.line(words=self.in_words) for line in self.throw_ranking(top))

    def throw_words(self) -> tuple[str, ...]:
        """Learning mode, after the throw: how it went, in whole points and plain words (the
        table, :meth:`throw_lines`, is the details)."""
        hinted = ("You asked for a hint on this deal.",) if self.hinted else ()
        one = self.one_card_throw()
        if one is not None:
            return (*hinted, *one.words(words=self.in_words))
        advice = self.throw_advice()
        if advice is None:
            return ()
        game = self.game_throw()
        if game is not None and game.thrown is not None:
            return (*hinted, *game.lines())
        return (*hinted, *plain_verdict(advice))

    def _lay(self, at: int) -> tuple[Card | None, str]:
        """What the coach says before a lay from the person's view after ``at`` events, and
        the card it names: near the end the card for the game (:meth:`_game_lay`), else
        for points (two at the table) or against the next player's reply (three or four)."""
        key = ("lay", at)
        if key not in self._memo:
            card, line = self._game_lay(at)
            if card is None:  # for points (every card alike for the game, or away from it)
                view = self._view_at(at)
                if self.game.players != 2:
                    card, points = table_lay_choice(view)
                else:
                    card, points = lay_choice(view_position(view))
                line = f"{line} {points}" if line else points
            self._memo[key] = (card, line)
        found = self._memo[key]
        assert isinstance(found, tuple)
        return found

    def lay_line(self) -> str:
        """Learning mode, before a lay: which card the coach would lay, and why (near the
        end, the card that keeps the best chance to win, :meth:`game_lay`; with three or
        four at the table, against the next player's reply, :func:`table_lay_advice`)."""
        assert self.view.starter is not None
        return self._lay(len(self.game.events))[1]

    def advised_card(self) -> Card | None:
        """The card :meth:`lay_line` names (None: the person says go)."""
        return self._lay(len(self.game.events))[0]

    def play_note_lines(self) -> tuple[str, ...]:
        """The coach's note on the card the person laid last, said of that card, and then
        what happened after it, so the count it names is the one on the table."""
        note = self.play_note()
        if note is None:
            return ()
        event = self.game.events[self.mark]
        assert isinstance(event, LayEvent)
        lines = list(note.lines(words=self.in_words))
        after = [e for e in self.game.events[self.mark + 1 :] if isinstance(e, LayEvent)]
        if after and self.game.phase is Phase.PLAY:
            lines.append(f"Now the count is {self.view.count}.")
        return tuple(lines)

    def show_order_line(self) -> str:
        """Who is counted when, in words: the pone's hand first, then the dealer's (then the
        crib, in a game with one)."""
        dealer = self.view.dealer
        if self.game.players != 2:
            assert dealer is not None
            order = [(dealer + k) % self.game.players for k in range(1, self.game.players + 1)]
            hands = ", ".join(self._whose(seat) for seat in order)
            return (
                "The hands are added up round the table from the dealer's left, the dealer's "
                f"last ({hands}), then the crib (the dealer's too)."
            )
        other = self._whose(1 - self.seat)
        pone = other if dealer is None else self._whose(1 - dealer)
        deals = other if dealer is None else self._whose(dealer)
        line = f"The pone's hand is added up first ({pone}), then the dealer's ({deals})"
        if self.game.settings.crib:
            line += ", then the crib (the dealer's too)"
        return line + "."

    def _whose(self, seat: int) -> str:
        """A seat's, in the middle of a sentence: ``yours``, ``the computer's``, ``Sam's``."""
        if seat == self.seat:
            return "yours"
        whose = self.names.whose(seat, "").strip()
        return whose[:1].lower() + whose[1:] if whose.startswith("The ") else whose

    def kinds_words(self) -> str:
        """What a hand is added up for in this game: ``only fifteens score in this game``, or
        every kind of the show."""
        kinds = self.game.settings.kinds
        shown = [kind.plural for kind in says_kinds(kinds)]
        if len(shown) == len(SHOW_KINDS):
            return "fifteens, pairs, runs, a flush and nobs"
        listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
        return f"only {listed} score in this game"

    def crib_line(self) -> str:
        """Learning mode, once the crib is counted: its points linked back to the two cards
        the person threw into it ('' before then, or in a game without a crib)."""
        counted = self.counted
        view = self.view
        if counted is None or counted.which is not Which.CRIB or len(view.discards) != 2:
            return ""
        return crib_link(counted.score, view.discards, dealer=view.dealer == self.seat)

    def last_lay_view(self) -> SeatView | None:
        """The person's own view just before the card they laid last (None when their last
        action was not a lay)."""
        events = self.game.events
        if self.mark >= len(events):
            return None
        event = events[self.mark]
        if not isinstance(event, LayEvent) or event.seat != self.seat:
            return None
        return self.game.view(self.seat, at=self.mark)

    def play_note(self) -> PlayNote | None:
        """The coach's note on the card the person laid last, from their own view (None
        with the coach off, after another action, or when there is nothing to say); with
        three or four at the table, against the next player's reply
        (:func:`~trainer.training.coach.table_play_note`). The note is weighed with the
        advice before the card: in learning mode, on the card the coach named (or one of
        its rank, which plays alike) it says nothing, having said before what it weighed."""
        if not self.mode.coached:
            return None
        key = ("note", self.mark)
        if key not in self._memo:
            note = None
            view = self.last_lay_view()
            if view is not None and view.starter is not None:
                event = self.game.events[self.mark]
                assert isinstance(event, LayEvent)
                note = view_play_note(view, event.card, level=self.level)
                if note is not None and self._learning:
                    named = self._lay(self.mark)[0]
                    if named is not None and named.rank is event.card.rank:
                        note = None
            self._memo[key] = note
        found = self._memo[key]
        assert found is None or isinstance(found, PlayNote)
        return found

    def _view_at(self, at: int) -> SeatView:
        """The person's view after the game's first ``at`` events."""
        if at == len(self.game.events):
            return self.view
        return self.game.view(self.seat, at=at)

    def _game_lay(self, at: int) -> tuple[Card | None, str]:
        """Near the end, before a lay from the person's view after ``at`` events: the card
        that keeps the best chance to win the game (None when every card keeps the same),
        and the sentence (``''`` away from the end, with one card or none to choose from, or
        when no card wins the game)."""
        key = ("game lay", at)
        if key not in self._memo:
            self._memo[key] = self._game_lay_now(at)
        found = self._memo[key]
        assert isinstance(found, tuple)
        return found

    def _game_lay_now(self, at: int) -> tuple[Card | None, str]:
        if self._chance is None:
            return None, ""
        view = self._view_at(at)
        if view.starter is None or len(view.playable) < 2 or view.dealer is None:
            return None, ""
        if view.turn != self.seat or not near_the_end(view):
            return None, ""
        cards = self._chance(at, cards=True).cards
        line = game_lay_line(cards, words=self.in_words)
        alike = cards[0].win - cards[-1].win <= SAME_CHANCE
        return (cards[0].card if line and not alike else None), line

    def game_lay(self) -> str:
        """Near the end, before a lay: which card keeps the best chance to win the game
        (``''`` away from the end, with one card or none to choose from)."""
        return self._game_lay(len(self.game.events))[1]

    def lay_previews(self) -> tuple[str, ...]:
        """Learning mode, before a lay: what each card in hand would peg now, in words
        (scored by the engine); near the end, then the card for the game (:meth:`game_lay`)."""
        view = self.view
        lines = []
        for card in view.hand:
            count = view.count + card.pips
            if count > 31:
                lines.append(f"The {card.label} does not fit: the count would be {count}.")
            else:
                lines.append(card_line(card, count, score_play((*view.pile, card)).items))
        return tuple(lines)

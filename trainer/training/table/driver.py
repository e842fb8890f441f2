"""The Play page's logic, without Streamlit: a game against the computer, one step at a time.

A :class:`Table` holds a :class:`~trainer.engine.game.Game` with the person in seat 0 and
the computer in every other seat (seat 1 between two; with three or four at the table, see
:mod:`.seats`: with four, seat 2 is the person's partner). After every action of the
person, :meth:`Table.advance` lets the computers act until the person has something to do
again (:meth:`Table.need`). What just
happened is told in short sentences (:func:`event_lines`), made from the events alone, so a
reloaded game says the same thing as before.

>>> from trainer.engine.record import Settings
>>> table = Table.new(PlaySetup("easy", Settings(target=61)), seed=3)
>>> table.need()
Need.CUT_FOR_DEAL
>>> table.cut_for_deal()
>>> table.need(), len(table.view.hand)
(Need.DISCARD, 6)

The coach (:data:`COACH_MODES`) is part of the :class:`PlaySetup`: ``off``, ``moves`` (advice
after each throw and each card laid) or ``learning`` (the same, and every step explained
before the person acts). The deals on which the person asked for a hint before throwing are
the coach's marks: they are kept in the setup too (``hints=1,3``), never in the engine's
game record, which stays the game's events alone. Both are saved with the game and written
as comment lines of the exported record (``# coach: moves``, ``# hints: 1 3``); a record
without them reads back with the coach off and no hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trainer.analysis import Level, computer_player
from trainer.analysis.endgame import throw_advice as game_throw_advice
from trainer.analysis.players import card_chances
from trainer.analysis.winmeter import WinChances, measured, win_meter
from trainer.engine.cards import Card
from trainer.engine.game import Game, SeatView
from trainer.engine.items import SHOW_KINDS
from trainer.engine.kinds import only_kinds, says_kinds
from trainer.engine.pegging import score_play
from trainer.engine.record import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    GameRecord,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.show import ShowScore, score_show
from trainer.engine.vocab import Phase, Which
from trainer.training.coach import (
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
    lay_advice,
    near_the_end,
    one_card_advice,
    one_card_ranking,
    plain_best_throw,
    plain_throw,
    plain_verdict,
    view_play_note,
)
from trainer.training.explain import card_line
from trainer.training.seats import COMPUTER, ME, SeatNames
from trainer.training.table.narration import award_text, event_lines, series_ends
from trainer.training.table.pegs import LogLine, PegMove, Pegs, peg_moves, pegs_of
from trainer.training.table.setup import Need, PlaySetup


@dataclass
class Table:
    """A game against the computer and how far the person has looked at it."""

    game: Game
    level: Level
    #: How many events the person has seen counted out (a counted hand waits until then).
    seen: int = 0
    #: Where the person's last action starts in the events (what to tell begins there).
    mark: int = 0
    #: The peg moves for the first so many events (see :meth:`_peg_moves`).
    _pegs: tuple[int, list[PegMove]] | None = field(default=None, repr=False, compare=False)
    #: The coach (one of :data:`COACH_MODES`).
    coach: str = "off"
    #: The deals on which the person asked for a hint before throwing.
    hints: set[int] = field(default_factory=set)
    #: What the coach worked out, kept so a rerun does not work it out again.
    _memo: dict[tuple[object, ...], object] = field(default_factory=dict, repr=False, compare=False)
    #: How many combinations of the hand just counted have been shown, one at a time.
    shown: int = 0
    #: The person has left the results screen of the finished game.
    left: bool = False

    @classmethod
    def new(cls, setup: PlaySetup, seed: int) -> Table:
        return cls(
            Game(setup.settings, seed), setup.level, coach=setup.coach, hints=set(setup.hints)
        )

    @classmethod
    def resume(cls, setup: PlaySetup, record: GameRecord, place: str = "") -> Table:
        """A saved game at the point it was left: where the person was looking (``place``,
        see :meth:`place`) is restored; without it, a counted hand is shown again."""
        game = Game.replay(record)
        seen = len(game.events)
        if game.events and isinstance(game.events[-1], ShowEvent):
            seen -= 1
        mark = max(
            (
                i
                for i, event in enumerate(game.events)
                if isinstance(event, CutEvent | DiscardEvent | StarterEvent | LayEvent)
                and event.seat == ME
            ),
            default=0,
        )
        table = cls(game, setup.level, seen, mark, coach=setup.coach, hints=set(setup.hints))
        table._restore(place)
        table.advance()
        return table

    def place(self) -> str:
        """Where the person is looking, for the saved game: ``seen=N mark=M shown=K`` (and
        ``left`` once the results screen is left), so a reload shows the same screen."""
        text = f"seen={self.seen} mark={self.mark} shown={self.shown}"
        return "left" if self.left else text

    def _restore(self, place: str) -> None:
        if place == "left":
            self.left = True
            return
        values: dict[str, int] = {}
        for token in place.split():
            key, _, value = token.partition("=")
            if key in ("seen", "mark", "shown") and value.isascii() and value.isdigit():
                values[key] = int(value)
        total = len(self.game.events)
        if "seen" in values and values["seen"] <= total:
            self.seen = values["seen"]
        if "mark" in values and values["mark"] <= total:
            self.mark = values["mark"]
        counted = self.counted
        if counted is not None:
            self.shown = min(values.get("shown", 0), len(counted.score.items))

    def show_next(self) -> None:
        """Show the next combination of the hand just counted (never past the last)."""
        counted = self.counted
        if counted is not None:
            self.shown = min(self.shown + 1, len(counted.score.items))

    def leave(self) -> None:
        """The person leaves the results screen of the finished game."""
        if not self.game.is_over:
            raise ValueError("the game is not over yet")
        self.left = True

    @property
    def setup(self) -> PlaySetup:
        return PlaySetup(self.level, self.game.settings, self.coach, tuple(sorted(self.hints)))

    @property
    def view(self) -> SeatView:
        return self.game.view(ME)

    @property
    def names(self) -> SeatNames:
        """The seats' names at this table."""
        return SeatNames(self.game.players)

    def _unseen_show(self) -> ShowEvent | None:
        events = self.game.events
        if self.seen < len(events) and events and isinstance(events[-1], ShowEvent):
            return events[-1]
        return None

    def need(self) -> Need:
        """What the person does next."""
        game = self.game
        if self._unseen_show() is not None:
            return Need.REVEAL  # a hand that won the game is still counted out first
        if game.is_over:
            return Need.OVER
        phase = game.phase
        if phase is Phase.CUT:
            return Need.CUT_FOR_DEAL
        if phase is Phase.DISCARD:
            return Need.DISCARD
        if phase is Phase.STARTER:
            return Need.CUT_STARTER
        if phase is Phase.PLAY:
            return Need.LAY
        if phase is Phase.SHOW:
            return Need.CLAIM
        raise AssertionError(f"no step for {phase}")  # DONE is always passed by advance()

    @property
    def counted(self) -> ShowEvent | None:
        """The hand just counted, waiting for the person to see it."""
        return self._unseen_show()

    def next_count(self) -> tuple[int, Which, ShowScore] | None:
        """In the show: whose hand is counted next, what, and what it holds of the kinds this
        game counts (for the person's own count, under muggins or aloud)."""
        order = self.game.show_order
        if not order:
            return None
        seat, which = order[0]
        view = self.view
        assert view.starter is not None
        cards = view.kept if which is Which.HAND else self._crib()
        score = score_show(cards, view.starter, crib=which is Which.CRIB)
        return seat, which, only_kinds(score, self.game.settings.kinds)

    def _crib(self) -> tuple[Card, ...]:
        return self.game.crib

    # -- the computer's turns --

    def advance(self) -> None:
        """Let the computers act (and say go for the person when nothing fits) until the
        person has something to do."""
        game = self.game
        while not game.is_over and self._unseen_show() is None:
            phase = game.phase
            if phase is Phase.CUT:
                waiting = game.waiting_for()
                if ME in waiting:
                    return
                game.cut_for_deal(waiting[0])
            elif phase is Phase.DISCARD:
                computers = [seat for seat in game.waiting_for() if seat != ME]
                if computers:
                    self._computer_discard(computers[0])
                    continue
                return
            elif phase is Phase.STARTER:
                if game.pone == ME:
                    return
                assert game.pone is not None
                game.cut_starter(game.pone)
            elif phase is Phase.PLAY:
                turn = game.turn
                assert turn is not None
                if turn == ME:
                    if self.view.playable:
                        return
                    game.go(ME)
                else:
                    self._computer_lay(turn)
            elif phase is Phase.SHOW:
                seat, which = game.show_order[0]
                if seat == ME and game.settings.claims:
                    return
                claimed = game.true_count() if game.settings.claims else None
                game.count_hand(seat, which, claimed)
            elif phase is Phase.DONE:
                game.next_deal()
            else:
                return

    def _computer_discard(self, seat: int) -> None:
        game = self.game
        player = computer_player(self.level, seed=f"{game.seed}:{len(game.events)}")
        game.discard(seat, player.discard(game.view(seat)))

    def _computer_lay(self, seat: int) -> None:
        game = self.game
        player = computer_player(self.level, seed=f"{game.seed}:{len(game.events)}")
        card = player.play(game.view(seat))
        if card is None or not game.can_lay(seat, card):
            game.go(seat)
        else:
            game.lay(seat, card)

    # -- the person's actions (each raises the engine's RuleError when not allowed) --

    def cut_for_deal(self) -> None:
        self.mark = len(self.game.events)
        self.game.cut_for_deal(ME)
        self.seen = len(self.game.events)
        self.advance()

    def discard(self, cards: Sequence[Card]) -> None:
        self.mark = len(self.game.events)
        self.game.discard(ME, cards)
        self.advance()

    def cut_starter(self) -> None:
        self.mark = len(self.game.events)
        self.game.cut_starter(ME)
        self.advance()

    def lay(self, card: Card) -> None:
        self.mark = len(self.game.events)
        self.game.lay(ME, card)
        self.advance()

    def claim(self, points: int) -> ShowEvent:
        """The person's own count of the hand (or crib) next in the show (under muggins, or
        said aloud first in a learning game)."""
        seat, which = self.game.show_order[0]
        event = self.game.count_hand(seat, which, points)
        self.advance()
        return event

    def carry_on(self) -> None:
        """The person has seen the hand just counted: go on with the show (or the next deal)."""
        self.seen = self.mark = len(self.game.events)
        self.shown = 0
        self.advance()

    # -- the coach --

    @property
    def coached(self) -> bool:
        """The coach speaks after each move (in learning mode too)."""
        return self.coach != "off"

    @property
    def learning(self) -> bool:
        """Learning mode: every step is explained before the person acts."""
        return self.coach == "learning"

    @property
    def hinted(self) -> bool:
        """The person asked for a hint on this deal."""
        return self.game.deal_no in self.hints

    def _dealer(self) -> bool:
        return self.view.dealer == ME

    def _dealt(self) -> tuple[Card, ...]:
        view = self.view
        return view.hand if self.need() is Need.DISCARD else (*view.kept, *view.discards)

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

    def hint(self) -> tuple[ThrowLine, ...]:
        """The ranking before throwing, at the cost of marking this deal as hinted (with
        three or four at the table the deal is marked and the ranking is
        :meth:`one_card_lines`; this returns it for two)."""
        if self.need() is not Need.DISCARD:
            raise ValueError("a hint is for the throw: there is nothing to throw now")
        self.hints.add(self.game.deal_no)
        return self.ranking() if self.game.players == 2 else ()

    def throw_advice(self) -> DiscardAdvice | None:
        """The coach on the person's throw this deal, against the best two of six (None
        before the throw, with the coach off, or with three or four at the table:
        :meth:`one_card_throw`)."""
        view = self.view
        if not self.coached or len(view.discards) != 2:
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
        if not self.coached or len(view.discards) != 1:
            return None
        return one_card_advice(
            (*view.kept, *view.discards), view.discards[0], dealer=self._dealer()
        )

    def throw_lines(self) -> tuple[str, ...]:
        """:meth:`throw_advice` in words; a hinted deal says so first. Near the end, the
        throw is told by its chance to win the game (:meth:`game_throw`) instead."""
        advice = self.throw_advice() or self.one_card_throw()
        if advice is None:
            return ()
        hinted = ("You asked for a hint on this deal.",) if self.hinted else ()
        game = self.game_throw()
        if game is not None and game.thrown is not None and isinstance(advice, DiscardAdvice):
            table = (line.line() for line in advice.top)
            return (*hinted, *game.lines(), "For points alone, on average:", *table)
        return (*hinted, *advice.lines())

    def throw_was_best(self) -> bool:
        """The person's throw this deal was as good as the best: for the game near the
        end, for points otherwise (False before the throw or with the coach off)."""
        game = self.game_throw()
        if game is not None and game.thrown is not None:
            return game.best_for_the_game
        advice = self.throw_advice() or self.one_card_throw()
        return advice is not None and advice.equal

    def _throw_view(self) -> SeatView | None:
        """The person's view as they held their six cards this deal (None once another
        deal is under way without a throw yet, or before the first deal)."""
        view = self.view
        if self.need() is Need.DISCARD:
            return view
        if len(view.discards) != 2:
            return None
        events = self.game.events
        mine = [i for i, e in enumerate(events) if isinstance(e, DiscardEvent) and e.seat == ME]
        at = mine[-1] if mine else None
        if at is None:
            return None
        return self.game.view(ME, at=at)

    def game_throw(self) -> GameThrow | None:
        """Near the end (:func:`~trainer.training.coach.near_the_end`), the coach on this
        deal's throw by the chance to win the game: before the throw in learning mode, after
        it with the coach on; None away from the end, or with the coach off."""
        if not self.coached or not self.has_win_meter:
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
        view = self._throw_view()
        if view is None:
            return None
        target = view.settings.target
        if not near_the_end(target - view.my_score, target - view.their_score):
            return None
        thrown = self.view.discards
        best = self.ranking(top=1)[0].discard.throw
        return GameThrow(
            game_throw_advice(view),
            (thrown[0], thrown[1]) if len(thrown) == 2 else None,
            (best[0], best[1]),
        )

    def best_throw_line(self) -> str:
        """Learning mode, before the throw: the coach's throw and why, in whole points and
        the course's words (and why, when it breaks a rule of thumb the course taught); near
        the end, the best throw for the game, in whole percentages; with three or four at
        the table, the one card and what the four kept make."""
        game = self.game_throw()
        if game is not None:
            return " ".join(game.before_lines())
        if self.game.players != 2:
            best = self.one_card_lines(top=1)[0]
            return f"The coach would throw {best.card.label}: that {best.reason}."
        return plain_best_throw(self.ranking(top=15))

    def hint_words(self, top: int = 3) -> tuple[str, ...]:
        """Learning mode, the hint: the best few throws in a beginner's words (the table
        with decimals, :meth:`ranking`, is the details)."""
        return tuple(
            f"{line.place}. Throw {line.card.label}: that {line.reason}."
            if isinstance(line, OneCardLine)
            else f"{line.place}. Throw {line.discard.throw[0].label} and "
            f"{line.discard.throw[1].label}: that {plain_throw(line)}."
            for line in self.throw_ranking()[:top]
        )

    def throw_words(self) -> tuple[str, ...]:
        """Learning mode, after the throw: how it went, in whole points and plain words (the
        table with decimals, :meth:`throw_lines`, is the details)."""
        hinted = ("You asked for a hint on this deal.",) if self.hinted else ()
        one = self.one_card_throw()
        if one is not None:
            return (*hinted, *one.words())
        advice = self.throw_advice()
        if advice is None:
            return ()
        game = self.game_throw()
        if game is not None and game.thrown is not None:
            return (*hinted, *game.lines())
        return (*hinted, *plain_verdict(advice))

    def lay_line(self) -> str:
        """Learning mode, before a lay: which card the coach would lay, and why (near the
        end, the card that keeps the best chance to win, :meth:`game_lay`; with three or
        four at the table, what each card pegs now: the coach's pegging analysis is of
        two players)."""
        game = self.game_lay()
        if game:
            return game
        view = self.view
        assert view.starter is not None
        if self.game.players != 2:
            return " ".join(self.lay_previews())
        key = ("lay", len(self.game.events))
        if key not in self._memo:
            self._memo[key] = lay_advice(
                view.hand,
                pile=view.pile,
                mine_played=view.mine_played,
                theirs_played=view.theirs_played,
                starter=view.starter,
                crib_cards=view.discards,
            )
        line = self._memo[key]
        assert isinstance(line, str)
        return line

    def play_note_lines(self) -> tuple[str, ...]:
        """The coach's note on the card the person laid last, said of that card, and then
        what happened after it, so the count it names is the one on the table."""
        note = self.play_note()
        if note is None:
            return ()
        event = self.game.events[self.mark]
        assert isinstance(event, LayEvent)
        lines = list(note.lines())
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
            names = self.names
            order = [(dealer + k) % self.game.players for k in range(1, self.game.players + 1)]
            hands = ", ".join(
                "yours" if seat == ME else names.whose(seat, "").strip().lower() for seat in order
            )
            return (
                "The hands are added up round the table from the dealer's left, the dealer's "
                f"last ({hands}), then the crib (the dealer's too)."
            )
        pone = "yours" if dealer == COMPUTER else "the computer's"
        deals = "yours" if dealer == ME else "the computer's"
        line = f"The pone's hand is added up first ({pone}), then the dealer's ({deals})"
        if self.game.settings.crib:
            line += ", then the crib (the dealer's too)"
        return line + "."

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
        return crib_link(counted.score, view.discards, dealer=view.dealer == ME)

    def last_lay_view(self) -> SeatView | None:
        """The person's own view just before the card they laid last (None when their last
        action was not a lay)."""
        events = self.game.events
        if self.mark >= len(events):
            return None
        event = events[self.mark]
        if not isinstance(event, LayEvent) or event.seat != ME:
            return None
        return self.game.view(ME, at=self.mark)

    def play_note(self) -> PlayNote | None:
        """The coach's note on the card the person laid last, from their own view (None
        with the coach off, after another action, or when there is nothing to say)."""
        if not self.coached or self.game.players != 2:
            return None  # the pegging coach's analysis is of two players
        key = ("note", self.mark)
        if key not in self._memo:
            note = None
            view = self.last_lay_view()
            if view is not None and view.starter is not None:
                event = self.game.events[self.mark]
                assert isinstance(event, LayEvent)
                note = view_play_note(view, event.card, level=self.level)
            self._memo[key] = note
        found = self._memo[key]
        assert found is None or isinstance(found, PlayNote)
        return found

    def game_lay(self) -> str:
        """Near the end, before a lay: which card keeps the best chance to win the game
        (``''`` away from the end, with one card or none to choose from)."""
        view = self.view
        if view.starter is None or len(view.playable) < 2 or view.dealer is None:
            return ""
        if not self.has_win_meter:
            return ""
        target = view.settings.target
        if not near_the_end(target - view.my_score, target - view.their_score):
            return ""
        key = ("game lay", len(self.game.events))
        if key not in self._memo:
            seed = f"{self.game.seed}:coach:{len(self.game.events)}"
            self._memo[key] = game_lay_line(card_chances(view, seed=seed))
        found = self._memo[key]
        assert isinstance(found, str)
        return found

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

    # -- what to tell --

    def recent_lines(self) -> list[str]:
        """What happened since the person's last action, in order (the counts of the show
        are told by the show itself)."""
        lines: list[str] = []
        for event in self.game.events[self.mark :]:
            if not isinstance(event, ShowEvent):
                lines += event_lines(event, self.game.players)
        return lines

    def _peg_moves(self) -> list[PegMove]:
        """:func:`peg_moves` of the game so far, worked out again only when it has moved on
        (the page asks twice a run, and it walks every event)."""
        events = self.game.events
        if self._pegs is None or self._pegs[0] != len(events):
            self._pegs = (len(events), peg_moves(events, self.game.players))
        return self._pegs[1]

    def reply_to_lay(self) -> LayEvent | None:
        """The computer's card laid straight after the person's, when nothing else has
        happened since (the page shows it a moment after the person's own card; with three
        or four at the table, only when the next seat's card brings the turn back)."""
        events = self.game.events
        if len(events) != self.mark + 2:
            return None
        mine, reply = events[self.mark], events[self.mark + 1]
        if not (isinstance(mine, LayEvent) and mine.seat == ME):
            return None
        if isinstance(reply, LayEvent) and reply.seat != ME:
            return reply
        return None

    def said_go(self) -> tuple[int, ...]:
        """The seats that have said go in the current series of the play (none outside
        the play): they lay nothing more until the count goes back to 0."""
        if self.game.phase is not Phase.PLAY:
            return ()
        seats: set[int] = set()
        for event in reversed(self.game.events):
            if not isinstance(event, LayEvent | GoEvent) or series_ends(event):
                break
            if isinstance(event, GoEvent):
                seats.add(event.seat)
        return tuple(sorted(seats))

    def back_before_last(self) -> int:
        """Where the back peg of the last move's seat stood before that move (-1: the start
        hole)."""
        moves = self._peg_moves()
        if not moves:
            return -1
        earlier = [m for m in moves[:-1] if m.seat == moves[-1].seat]
        return earlier[-1].start if earlier else -1

    def last_move(self) -> PegMove | None:
        moves = self._peg_moves()
        return moves[-1] if moves else None

    def pegs(self, step: int | None = None) -> Pegs:
        """The board as the person may see it now. While a hand is being shown, its points
        are pegged only as far as its combinations have been shown (``step`` of them,
        :attr:`shown` by default): the pegs move with the count, and the other seat's
        muggins, if any, once the whole hand is shown."""
        moves = self._peg_moves()
        sides = self.game.settings.sides
        counted = self.counted
        if counted is None:
            return pegs_of(moves, sides)
        items = counted.score.items
        step = self.shown if step is None else max(0, min(step, len(items)))
        if step >= len(items):
            return pegs_of(moves, sides)
        own = (counted.awarded > 0) + (counted.muggins > 0)  # the moves this count made
        earlier = moves[: len(moves) - own]
        shown = sum(item.points for item in items[:step])
        pegged = min(shown, counted.awarded)
        if pegged == 0:
            return pegs_of(earlier, sides)
        side = self.game.side_of(counted.seat)
        start = pegs_of(earlier, sides).front[side]
        what = "crib" if counted.which is Which.CRIB else "hand"
        reason = award_text(items[step - 1]) if pegged == shown else f"the {what} as you said it"
        return pegs_of([*earlier, PegMove(side, start, start + pegged, reason)], sides)

    def pegs_before_reply(self) -> Pegs:
        """The board after the person's card, before the computer's reply to it (see
        :meth:`reply_to_lay`)."""
        return pegs_of(
            peg_moves(self.game.events[:-1], self.game.players), self.game.settings.sides
        )

    def log_lines(self, most: int = 40) -> list[LogLine]:
        """What has happened in this deal that the person has seen (the hand being shown
        is told by the show itself), oldest first, at most ``most`` lines."""
        events = self.game.events
        end = len(events) - (1 if self.counted is not None else 0)
        start = max(
            (i for i, event in enumerate(events[:end]) if isinstance(event, DealEvent)),
            default=0,
        )
        lines = [
            LogLine(text, index >= self.mark, index)
            for index in range(start, end)
            for text in event_lines(events[index], self.game.players)
        ]
        return lines[-most:]

    # -- the win meter --

    @property
    def has_win_meter(self) -> bool:
        """The win model speaks of this game (see :func:`~trainer.analysis.winmeter.measured`):
        the win meter, the game's line and the coach's words near the end are for it."""
        return measured(self.game.settings)

    def win_chances(self) -> WinChances:
        """Each side's chance to win from the position the person sees now (the win meter,
        :func:`~trainer.analysis.winmeter.win_meter`): while a hand is being counted out,
        the position before that count, so the meter moves once the hand is shown. Worked
        out once per position."""
        events = self.game.events
        counted = self.counted
        before = counted is not None and self.shown < len(counted.score.items)
        key = ("win", len(events), before)
        found = self._memo.get(key)
        if found is None:
            if before:
                found = win_meter(self.game.view(ME, at=len(events) - 1))
            else:
                found = win_meter(self.view)
            self._memo[key] = found
        assert isinstance(found, WinChances)
        return found

    def back_pegs(self) -> tuple[int, ...]:
        """Where each side's back peg stands (-1: still in the start hole)."""
        back = [-1] * self.game.settings.sides
        for move in self._peg_moves():
            back[move.seat] = move.start
        return tuple(back)

"""The Play page's logic, without Streamlit: a game against the computer, one step at a time.

A :class:`Table` holds a :class:`~trainer.engine.game.Game` with the person in seat 0 and
the computer in every other seat (seat 1 between two; with three or four at the table, see
:mod:`.seats`: with four, seat 2 is the person's partner); or, with a setup's
:attr:`~.setup.PlaySetup.lineup`, people in any seats (pass-and-play on one device: the
table stops at each person's turn, :attr:`Table.seat` is whose it is); or one person's seat
alone (:attr:`Table.own`, a game across devices: each device's table, from the one stored
record, acts for its seat and waits while it is another's turn). After every action
of a person, :meth:`Table.advance` lets the computers act until a person has something to
do again (:meth:`Table.need`). What just
happened is told in short sentences (:func:`event_lines`), made from the events alone, so a
reloaded game says the same thing as before.

>>> from trainer.engine.settings import Settings
>>> table = Table.new(PlaySetup("easy", Settings(target=61)), seed=3)
>>> table.need()
Need.CUT_FOR_DEAL
>>> table.cut_for_deal()
>>> table.need(), len(table.view.hand)
(Need.DISCARD, 6)

The coach (:class:`CoachMode`) is part of the :class:`PlaySetup`: ``off``, ``moves`` (advice
after each throw and each card laid) or ``learning`` (the same, and every step explained
before the person acts); what it says is worked out by the table's :attr:`Table.coaching`
(:mod:`.coaching`). The deals on which the person asked for a hint before throwing are
the coach's marks: they are kept in the setup too (``hints=1,3``), never in the engine's
game record, which stays the game's events alone. Both are saved with the game and written
as comment lines of the exported record (``# coach: moves``, ``# hints: 1 3``); a record
without them reads back with the coach off and no hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from trainer.analysis import Level, computer_player
from trainer.analysis.winmeter import SeatChance, WinChances, measured, seat_chance
from trainer.engine.cards import Card
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
)
from trainer.engine.game import Game
from trainer.engine.kinds import only_kinds
from trainer.engine.record import GameRecord
from trainer.engine.seat_view import SeatView
from trainer.engine.show import ShowScore, score_show
from trainer.engine.summary import pegged
from trainer.engine.vocab import Phase, Which
from trainer.training.coach import (
    ThrowLine,
)
from trainer.training.seats import ME, SeatNames
from trainer.training.table.coaching import CoachMemo, TableCoach
from trainer.training.table.narration import award_text, event_lines, series_ends
from trainer.training.table.pegs import LogLine, PegMove, Pegs, peg_moves, pegs_of, reaching
from trainer.training.table.setup import CoachMode, Need, Person, Player, PlaySetup


@dataclass
class Table:
    """A game against the computer (or between people, pass-and-play) and how far the
    person has looked at it."""

    game: Game
    level: Level
    #: How many events the person has seen counted out (a counted hand waits until then).
    seen: int = 0
    #: Where the person's last action starts in the events (what to tell begins there).
    mark: int = 0
    #: The peg moves for the first so many events (see :meth:`_peg_moves`).
    _pegs: tuple[int, list[PegMove]] | None = field(default=None, repr=False, compare=False)
    #: What the coach does.
    coach: CoachMode = CoachMode.OFF
    #: The deals on which the person asked for a hint before throwing.
    hints: set[int] = field(default_factory=set)
    #: The win meter's chances, kept so a rerun does not work them out again.
    _memo: dict[tuple[object, ...], object] = field(default_factory=dict, repr=False, compare=False)
    #: How many combinations of the hand just counted have been shown, one at a time.
    shown: int = 0
    #: The person has left the results screen of the finished game.
    left: bool = False
    #: Who plays each seat, when it is not the usual game (:attr:`PlaySetup.lineup`).
    lineup: tuple[Player, ...] = ()
    #: The person's seat the table shows: whose turn it is (or was last, while a count is
    #: shown or once the game is over).
    seat: int = ME
    #: Where each person's last action starts in the events (:attr:`mark` is :attr:`seat`'s).
    _marks: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    #: The deals on which each other person asked for a hint (the first's are :attr:`hints`).
    _hints: dict[int, set[int]] = field(default_factory=dict, repr=False, compare=False)
    #: What each person's coach (:mod:`.coaching`) worked out, kept between reruns.
    _coached: dict[int, CoachMemo] = field(default_factory=dict, repr=False, compare=False)
    #: The one person's seat this table belongs to, in a game across devices (None: the
    #: table acts for whichever person's turn it is). It never acts for another seat; while
    #: the game waits for another person it says so (:attr:`Need.WAIT <.setup.Need.WAIT>`,
    #: :meth:`waiting_on`), and its view, words and coach are that seat's alone.
    own: int | None = None

    def __post_init__(self) -> None:
        people = self.people
        if self.own is not None:
            if self.own not in people:
                raise ValueError(f"seat {self.own} is not a person's")
            self.seat = self.own
        if self.seat not in people:
            self.seat = people[0]
        for seat in people[1:]:
            player = self.lineup[seat]
            assert isinstance(player, Person)
            self._hints[seat] = set(player.hints)

    @classmethod
    def new(cls, setup: PlaySetup, seed: int, *, own: int | None = None) -> Table:
        """A new game; with ``own``, the table of the person in that seat alone (see
        :attr:`own`)."""
        return cls(
            Game(setup.settings, seed),
            setup.level,
            coach=setup.coach,
            hints=set(setup.hints),
            lineup=setup.lineup,
            own=own,
        )

    @property
    def people(self) -> tuple[int, ...]:
        """The seats people play (seat 0 alone in a game against the computer)."""
        if not self.lineup:
            return (ME,)
        return tuple(seat for seat, p in enumerate(self.lineup) if isinstance(p, Person))

    def person(self, seat: int) -> Person:
        """Who plays ``seat`` (a person's seat): their name, coach and hints."""
        if seat not in self.people:
            raise ValueError(f"seat {seat} is the computer's, not a person's")
        player = self.lineup[seat] if self.lineup else Person()
        assert isinstance(player, Person)
        hints = tuple(sorted(self._hints_of(seat)))
        return replace(player, coach=self.coach_of(seat), hints=hints)

    def _hints_of(self, seat: int) -> set[int]:
        """The deals on which the person in ``seat`` asked for a hint."""
        return self.hints if seat == self.people[0] else self._hints.setdefault(seat, set())

    def level_of(self, seat: int) -> Level:
        """The level of the computer in ``seat``."""
        player = self.lineup[seat] if self.lineup else self.level
        return self.level if isinstance(player, Person) else player

    def coach_of(self, seat: int) -> CoachMode:
        """What the coach does for the person in ``seat``."""
        player = self.lineup[seat] if self.lineup else None
        if isinstance(player, Person) and seat != self.people[0]:
            return player.coach
        return self.coach

    @property
    def coaching(self) -> TableCoach:
        """The coach of the person in :attr:`seat` (:mod:`.coaching`), where they are now:
        its advice and words on their moves, from their own view (whether it speaks is
        :meth:`coach_of` that seat). The Play page asks it for the coach's words; after an
        action on the table, ask again (the coach is given where the person was when asked)."""
        seat = self.seat
        return TableCoach(
            self.game,
            seat,
            self.coach_of(seat),
            level=self.level,
            names=self.names,
            mark=self.mark,
            counted=self.counted,
            hinted=self.hinted,
            in_words=self.in_words,
            chances=self.seat_chance if self.has_win_meter else None,
            memo=self._coached.setdefault(seat, {}),
        )

    @property
    def viewer(self) -> int | None:
        """Whose hidden cards the table's words may name: the person in :attr:`seat`; None
        while a hand is being shown in a game between people (the show is everyone's: the
        device may be passed round), or once it is over; always :attr:`own` at a table of
        one seat (each device is its own person's alone)."""
        if self.own is not None:
            return self.own
        if len(self.people) > 1 and self.need() in (Need.REVEAL, Need.OVER):
            return None
        return self.seat

    def _turn(self, seat: int) -> None:
        """The table stops at the turn of the person in ``seat`` (a table of one seat stays
        on it: :meth:`need` says it waits)."""
        if seat != self.seat and self.own is None:
            self._marks[self.seat] = self.mark
            self.seat = seat
            self.mark = self._marks.get(seat, 0)

    @classmethod
    def resume(
        cls, setup: PlaySetup, record: GameRecord, place: str = "", *, own: int | None = None
    ) -> Table:
        """A saved game at the point it was left: where the person was looking (``place``,
        see :meth:`place`) is restored; without it, a counted hand is shown again. With
        ``own``, the table of the person in that seat alone (:attr:`own`): each device's
        table is this, from the one stored record."""
        game = Game.replay(record)
        seen = len(game.events)
        if game.events and isinstance(game.events[-1], ShowEvent):
            seen -= 1
        marks = {
            seat: max(
                (
                    i
                    for i, event in enumerate(game.events)
                    if isinstance(event, CutEvent | DiscardEvent | StarterEvent | LayEvent)
                    and event.seat == seat
                ),
                default=0,
            )
            for seat in setup.people
        }
        first = setup.people[0] if own is None else own
        table = cls(
            game,
            setup.level,
            seen,
            marks[first],
            coach=setup.coach,
            hints=set(setup.hints),
            lineup=setup.lineup,
            own=own,
        )
        table._marks.update(marks)
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
        hints = tuple(sorted(self.hints))
        lineup = tuple(
            self.person(seat) if isinstance(player, Person) else player
            for seat, player in enumerate(self.lineup)
        )
        return PlaySetup(self.level, self.game.settings, self.coach, hints, lineup)

    @property
    def view(self) -> SeatView:
        """What the person in :attr:`seat` may know now."""
        return self.game.view(self.seat)

    @property
    def names(self) -> SeatNames:
        """The seats' names at this table (people by their names, in pass-and-play; the
        table's own seat, if any, is "you")."""
        named = tuple(
            (seat, player.name)
            for seat, player in enumerate(self.lineup)
            if isinstance(player, Person) and player.name
        )
        me = self.own if any(seat == self.own for seat, _ in named) else None
        return SeatNames(self.game.players, named, me)

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
        if self.waiting_on() is not None:
            return Need.WAIT
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

    def waiting_on(self) -> int | None:
        """At a table of one seat (:attr:`own`): the person whose turn it is while it is not
        that seat's (None: it is, or the table acts for every person)."""
        game = self.game
        if self.own is None or game.is_over or self._unseen_show() is not None:
            return None
        waiting = game.waiting_for()
        if not waiting or self.own in waiting:
            return None
        return waiting[0]

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
        cards = view.kept if which is Which.HAND else self.game.crib
        score = score_show(cards, view.starter, crib=which is Which.CRIB)
        return seat, which, only_kinds(score, self.game.settings.kinds)

    # -- the computer's turns --

    def advance(self) -> None:
        """Let the computers act (and say go for the person when nothing fits) until the
        person has something to do."""
        game = self.game
        while not game.is_over and self._unseen_show() is None:
            phase = game.phase
            people = self.people
            if phase is Phase.CUT:
                waiting = game.waiting_for()
                here = [seat for seat in waiting if seat in people]
                if here:
                    self._turn(here[0])
                    return
                game.cut_for_deal(waiting[0])
            elif phase is Phase.DISCARD:
                waiting = game.waiting_for()
                computers = [seat for seat in waiting if seat not in people]
                if computers:
                    self._computer_discard(computers[0])
                    continue
                if waiting:
                    self._turn(waiting[0])
                return
            elif phase is Phase.STARTER:
                assert game.pone is not None
                if game.pone in people:
                    self._turn(game.pone)
                    return
                game.cut_starter(game.pone)
            elif phase is Phase.PLAY:
                turn = game.turn
                assert turn is not None
                if turn in people:
                    if game.view(turn).playable:
                        self._turn(turn)
                        return
                    game.go(turn)
                else:
                    self._computer_lay(turn)
            elif phase is Phase.SHOW:
                seat, which = game.show_order[0]
                if seat in people and game.settings.claims:
                    self._turn(seat)
                    return
                claimed = game.true_count() if game.settings.claims else None
                game.count_hand(seat, which, claimed)
            elif phase is Phase.DONE:
                game.next_deal()
            else:
                return

    def _computer_discard(self, seat: int) -> None:
        game = self.game
        player = computer_player(self.level_of(seat), seed=f"{game.seed}:{len(game.events)}")
        game.discard(seat, player.discard(game.view(seat)))

    def _computer_lay(self, seat: int) -> None:
        game = self.game
        player = computer_player(self.level_of(seat), seed=f"{game.seed}:{len(game.events)}")
        card = player.play(game.view(seat))
        if card is None or not game.can_lay(seat, card):
            game.go(seat)
        else:
            game.lay(seat, card)

    # -- the person's actions, by the person in :attr:`seat` (each raises the engine's
    # RuleError when not allowed) --

    def cut_for_deal(self) -> None:
        self.mark = len(self.game.events)
        self.game.cut_for_deal(self.seat)
        self.seen = len(self.game.events)
        self.advance()

    def discard(self, cards: Sequence[Card]) -> None:
        self.mark = len(self.game.events)
        self.game.discard(self.seat, cards)
        self.advance()

    def cut_starter(self) -> None:
        self.mark = len(self.game.events)
        self.game.cut_starter(self.seat)
        self.advance()

    def lay(self, card: Card) -> None:
        self.mark = len(self.game.events)
        self.game.lay(self.seat, card)
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
        """The coach speaks after each move (in learning mode too), for the person in
        :attr:`seat`."""
        return self.coach_of(self.seat).coached

    @property
    def learning(self) -> bool:
        """Learning mode: every step is explained before the person acts."""
        return self.coach_of(self.seat) is CoachMode.LEARNING

    @property
    def in_words(self) -> bool:
        """Numbers a child can follow: in learning mode and in first games (a game without
        the crib, the play or every kind of score) chances are said in words and points in
        whole numbers, never a percentage or a decimal; club players keep the figures."""
        return self.learning or not self.game.settings.whole

    @property
    def hinted(self) -> bool:
        """The person asked for a hint on this deal."""
        return self.game.deal_no in self._hints_of(self.seat)

    def hint(self) -> tuple[ThrowLine, ...]:
        """The ranking before throwing, at the cost of marking this deal as hinted (with
        three or four at the table the deal is marked and the ranking is
        :meth:`one_card_lines`; this returns it for two)."""
        if self.need() is not Need.DISCARD:
            raise ValueError("a hint is for the throw: there is nothing to throw now")
        self._hints_of(self.seat).add(self.game.deal_no)
        return self.coaching.ranking() if self.game.players == 2 else ()

    # -- what to tell --

    def _peg_moves(self) -> list[PegMove]:
        """:func:`peg_moves` of the game so far, worked out again only when it has moved on
        (the page asks twice a run, and it walks every event)."""
        events = self.game.events
        if self._pegs is None or self._pegs[0] != len(events):
            target = self.game.settings.target
            moves = peg_moves(events, self.game.players, target=target, names=self.names)
            self._pegs = (len(events), moves)
        return self._pegs[1]

    def reply_to_lay(self) -> LayEvent | None:
        """The computer's card laid straight after the person's, when nothing else has
        happened since (the page shows it a moment after the person's own card; with three
        or four at the table, only when the next seat's card brings the turn back)."""
        events = self.game.events
        if len(events) != self.mark + 2:
            return None
        mine, reply = events[self.mark], events[self.mark + 1]
        if not (isinstance(mine, LayEvent) and mine.seat == self.seat):
            return None
        if isinstance(reply, LayEvent) and reply.seat != self.seat:
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
        side = self.game.side_of(counted.seat)
        start = pegs_of(earlier, sides).front[side]
        shown = sum(item.points for item in items[:step])
        moved = pegged(min(shown, counted.awarded), start, self.game.settings.target)
        if moved == 0:
            return pegs_of(earlier, sides)
        what = "crib" if counted.which is Which.CRIB else "hand"
        if moved == shown:
            reason = award_text(items[step - 1])
        elif moved < min(shown, counted.awarded):  # the game hole stopped the peg
            reason = award_text(reaching(items, moved)[-1])
        else:
            reason = f"the {what} as you said it"
        return pegs_of([*earlier, PegMove(side, start, start + moved, reason)], sides)

    def pegs_before_reply(self) -> Pegs:
        """The board after the person's card, before the computer's reply to it (see
        :meth:`reply_to_lay`)."""
        game = self.game
        target = game.settings.target
        moves = peg_moves(game.events[:-1], game.players, target=target, names=self.names)
        return pegs_of(moves, game.settings.sides)

    def log_lines(self, most: int = 40) -> list[LogLine]:
        """What has happened in this deal that the person has seen (the hand being shown
        is told by the show itself), oldest first, at most ``most`` lines."""
        events = self.game.events
        end = len(events) - (1 if self.counted is not None else 0)
        start = max(
            (i for i, event in enumerate(events[:end]) if isinstance(event, DealEvent)),
            default=0,
        )
        names, viewer = self.names, self.viewer
        lines = [
            LogLine(text, index >= self.mark, index)
            for index in range(start, end)
            for text in event_lines(events[index], self.game.players, names=names, viewer=viewer)
        ]
        return lines[-most:]

    # -- the win meter --

    @property
    def has_win_meter(self) -> bool:
        """The win model speaks of this game (see :func:`~trainer.analysis.winmeter.measured`):
        the win meter, the game's line and the coach's words near the end are for it. Not
        between people: a chance worked out from one person's cards would tell of them."""
        return measured(self.game.settings) and len(self.people) == 1

    def seat_chance(self, at: int | None = None, *, cards: bool = False) -> SeatChance:
        """The person's chance to win from what they saw after the game's first ``at``
        events (now, without it): :func:`~trainer.analysis.winmeter.seat_chance`, the one
        chance the meter shows and the coach speaks of (with ``cards``, each card's too, on
        the person's turn in the play). Worked out once per position."""
        events = self.game.events
        at = len(events) if at is None else at
        seat = self.seat
        found = self._memo.get(("chance", seat, at, cards))
        if found is None and not cards:
            found = self._memo.get(("chance", seat, at, True))
        if found is None:
            view = self.view if at == len(events) else self.game.view(seat, at=at)
            found = seat_chance(view, cards=cards, seed=f"{self.game.seed}:coach:{at}")
            self._memo[("chance", seat, at, cards)] = found
        assert isinstance(found, SeatChance)
        return found

    def chance_seen(self, at: int, view: SeatView) -> float:
        """The person's chance after the game's first ``at`` events, ``view`` being their
        view then: :meth:`seat_chance`'s, kept in the same memo (the game's line, followed
        as it is played, and the meter work each position out once between them). After
        another seat's throw, face down, it is the chance before it."""
        seat = self.seat
        found = self._memo.get(("chance", seat, at, False)) or self._memo.get(
            ("chance", seat, at, True)
        )
        if found is None and at:
            event = self.game.events[at - 1]
            before = self._memo.get(("chance", seat, at - 1, False))
            if isinstance(event, DiscardEvent) and event.seat != seat and before is not None:
                assert isinstance(before, SeatChance)
                found = replace(before, phase=view.phase)
        if found is None:
            found = seat_chance(view, seed=f"{self.game.seed}:coach:{at}")
        self._memo[("chance", seat, at, False)] = found
        assert isinstance(found, SeatChance)
        return found.chance

    def win_chances(self) -> WinChances:
        """Each side's chance to win from the position the person sees now (the win meter:
        :meth:`seat_chance`, so the coach speaks of the same chance): while a hand is being
        counted out, the position before that count, so the meter moves once the hand is
        shown."""
        events = self.game.events
        counted = self.counted
        before = counted is not None and self.shown < len(counted.score.items)
        return self.seat_chance(len(events) - 1 if before else len(events)).meter()

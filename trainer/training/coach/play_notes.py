"""The pegging coach: a note on a card just laid that warns about the plays beginner
advice warns about, and at the Hard and Crazy levels what the best card would have gained
on average (:func:`~trainer.analysis.analyse_play`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trainer.analysis import LEVELS, Level, PlayOption
from trainer.analysis.pegging import PlayPosition, options_for, play_position
from trainer.analysis.players.table_options import TableOption, table_options
from trainer.analysis.players.views import TableView, table_view
from trainer.engine import Card
from trainer.engine.seat_view import SeatView
from trainer.training.coach.common import EPS, MAX_COUNT, NEAR_TIE, a_rank, about

__all__ = [
    "PlayNote",
    "PlayWarning",
    "TableWhy",
    "lay_warnings",
    "play_note",
    "table_lay_warnings",
    "table_play_note",
    "view_play_note",
]

#: The levels whose note also names the best card by the pegging analysis, and what it gains.
NAMES_BEST: frozenset[Level] = frozenset({"hard", "crazy"})


@dataclass(frozen=True, slots=True)
class PlayWarning:
    """One thing beginner advice warns about in a play: ``code`` (``lead-five``,
    ``count-5``, ``count-21``, ``pair-royal``, ``run``, ``last-low-card``), the text said
    after the card is laid, and ``risk``, the same said before it (a clause: what the
    coach weighs when it names a card all the same)."""

    code: str
    text: str
    risk: str


@dataclass(frozen=True, slots=True)
class TableWhy:
    """At a table of three or four, why the best card (``best``) is worth more than the
    one ``played``, by :func:`~trainer.analysis.players.table_options.table_options`:
    the points each pegs now, and what ``replier`` (``the next player``, ``your partner``,
    or None) can expect after each; ``opponent`` when the replier is one, with
    ``players`` at the table."""

    best: TableOption
    played: TableOption
    replier: str | None
    opponent: bool
    players: int

    def text(self, *, words: bool = False) -> str:
        """The reasons in a clause, to a tenth of a point or (``words``) in whole points."""
        best, played = self.best, self.played
        parts: list[str] = []
        if best.points != played.points:
            parts.append(f"it pegs {best.points} now, the {played.card.label} {played.points}")
        if self.replier is not None and abs(best.reply - played.reply) >= 0.05:
            said = _expected_words if words else _expected
            reply = (
                f"{self.replier} can expect {said(best.reply)} after it, "
                f"{said(played.reply)} after the {played.card.label}"
            )
            if self.opponent and self.players == 3:
                reply += " (with three at the table, each of their points counts half against you)"
            parts.append(reply)
        return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class PlayNote:
    """The coach's note on one card laid: the warnings, and (Hard, Crazy) what the
    best card would have gained on average over the one laid, and (at a table of three or
    four) why."""

    card: Card
    warnings: tuple[PlayWarning, ...]
    best: Card | None = None
    gain: float = 0.0
    why: TableWhy | None = None

    def lines(self, *, words: bool = False) -> tuple[str, ...]:
        """The note: to a tenth of a point, or (``words``: learning mode, first games) in
        whole points."""
        out = [w.text for w in self.warnings]
        if self.best is not None:
            why = self.why.text(words=words) if self.why is not None else ""
            gained = (
                f"would have made {about(self.gain)} more"
                if words
                else f"would have gained {_decimal_points(self.gain)}"
            )
            out.append(f"The {self.best.label} {gained} on average{': ' + why if why else ''}.")
        return tuple(out)


def _decimal_points(points: float) -> str:
    """``1.3 points``, ``1.0 point``: an average said to a tenth."""
    return f"{points:.1f} point{'s' if round(points, 1) != 1 else ''}"


def _warnings(
    hand: tuple[Card, ...],
    card: Card,
    points: int,
    pile: tuple[Card, ...],
    unseen: Counter[int],
    can_reply: bool,
    *,
    holder: str = "they hold",
    them: str = "them",
) -> list[PlayWarning]:
    """What beginner advice warns about in laying ``card``: ``unseen`` counts the ranks the
    replier may hold; ``can_reply`` says an opponent replies to it (``holder`` and ``them``
    name that opponent in the words)."""
    count = sum(c.pips for c in pile) + card.pips
    rest = [c for c in hand if c != card]
    replies = can_reply and count < MAX_COUNT
    out: list[PlayWarning] = []
    if replies and not pile and card.pips == 5:
        out.append(
            PlayWarning(
                "lead-five",
                "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
                f"any ten-card after a 5 makes fifteen for {them}",
            )
        )
    elif replies and count in (5, 21) and any(unseen[o] for o in (10, 11, 12, 13)):
        total = 15 if count == 5 else 31
        out.append(
            PlayWarning(
                f"count-{count}",
                f"Your {card.label} made the count {count}: a ten-card after it makes "
                f"{total} for two.",
                f"it makes the count {count}, and a ten-card after it makes {total} for {them}",
            )
        )
    if replies and pile and pile[-1].rank is card.rank:
        series = (*pile, card)
        same = 1
        while same < len(series) and series[-1 - same].rank is card.rank:
            same += 1
        if same < 4 and unseen[card.order] and count + card.pips <= MAX_COUNT:
            royal = 6 if same == 2 else 12
            what = "third" if same == 2 else "fourth"
            out.append(
                PlayWarning(
                    "pair-royal",
                    f"Pairing is risky: if {holder} the {what} {card.rank.label}, "
                    f"they peg {royal}.",
                    f"if {holder} the {what} {card.rank.label}, they peg {royal}",
                )
            )
    if replies and pile and pile[-1].rank is not card.rank:
        low, high = sorted((pile[-1].order, card.order))
        if high - low <= 2:
            makers = sorted(
                o
                for o in range(max(1, high - 2), min(13, low + 2) + 1)
                if o not in (low, high)
                and max(o, high) - min(o, low) == 2
                and unseen[o]
                and count + min(o, 10) <= MAX_COUNT
            )
            if makers:
                names = " or ".join(a_rank(o) for o in makers)
                out.append(
                    PlayWarning(
                        "run",
                        f"The {pile[-1].rank.label} and {card.rank.label} sit close together: "
                        f"{names} makes a run for {them}.",
                        f"{names} would make a run for {them}",
                    )
                )
    if card.pips <= 2 and rest and all(c.pips > 2 for c in rest) and points == 0:
        out.append(
            PlayWarning(
                "last-low-card",
                "That was your last ace or 2. Low cards are handy late in a count, "
                "to squeeze in under 31 for the go.",
                "it is your last ace or 2, handy late in a count",
            )
        )
    return out


def play_note(
    hand: Sequence[Card],
    card: Card,
    *,
    pile: Sequence[Card],
    mine_played: Sequence[Card],
    theirs_played: Sequence[Card],
    starter: Card,
    level: Level = "normal",
    crib_cards: Sequence[Card] = (),
) -> PlayNote | None:
    """The coach's note on laying ``card`` from ``hand`` (the cards held before it),
    or ``None`` when there is nothing to say.

    ``pile`` is the current series before the card; ``mine_played`` and
    ``theirs_played`` every card each side has laid this deal; ``crib_cards`` the
    two the player threw, if known. The warnings:

    * ``lead-five``: leading a 5 (any ten-card makes fifteen);
    * ``count-5`` / ``count-21``: leaving the count at 5 or 21 while the opponent
      holds cards and a ten-card is unseen (a ten-card makes 15 or 31);
    * ``pair-royal``: pairing (or making a pair royal) while a card of that rank
      is still unseen and would fit: the opponent could hold it;
    * ``run``: leaving the last two cards one or two ranks apart, when an unseen
      rank that fits would complete a run of three with them;
    * ``last-low-card``: laying your last ace or 2 for no points while other
      cards stay in your hand (aces and 2s squeeze in under 31 late in a count).

    A warning is given only when another legal card would have avoided it: with
    one card that fits, or four fives to lead from, there is nothing to say.

    At ``hard`` and ``crazy`` the note also says how much the best card by the
    pegging analysis's net value would have gained over the one laid, when that
    is more than :data:`NEAR_TIE`.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if not isinstance(card, Card):
        raise ValueError(f"the card laid must be a card, not {card!r}")
    held = tuple(hand)
    if card not in held:
        raise ValueError(f"{card.label} is not in the hand")
    position = play_position(
        held,
        pile=pile,
        mine_played=mine_played,
        theirs_played=theirs_played,
        starter=starter,
        crib_cards=crib_cards,
    )
    options = options_for(position)
    played = next((o for o in options if o.card == card), None)
    if played is None:
        count = sum(c.pips for c in pile)
        raise ValueError(f"{card.label} does not fit: the count would be {count + card.pips}")
    warnings = _weighed(_said(position, options), card)
    best: Card | None = None
    gain = 0.0
    if level in NAMES_BEST:
        top = options[0]
        if top.net - played.net > NEAR_TIE + EPS:
            best, gain = top.card, top.net - played.net
    if not warnings and best is None:
        return None
    return PlayNote(card=card, warnings=warnings, best=best, gain=gain)


def _said(position: PlayPosition, options: Sequence[PlayOption]) -> dict[Card, list[PlayWarning]]:
    """What beginner advice warns about in laying each card of ``options`` (two at the
    table)."""
    unseen = Counter(c.order for c in position.unseen)
    pile, replies = position.series, position.opponent_left > 0
    return {
        o.card: _warnings(position.hand, o.card, o.points, pile, unseen, replies) for o in options
    }


def _weighed(said: Mapping[Card, Sequence[PlayWarning]], card: Card) -> tuple[PlayWarning, ...]:
    """The warnings on ``card`` that another legal card would have avoided: only those are
    worth a word."""
    return tuple(
        w
        for w in said[card]
        if any(w.code not in {x.code for x in other} for c, other in said.items() if c != card)
    )


def lay_warnings(
    position: PlayPosition, card: Card, options: Sequence[PlayOption] | None = None
) -> tuple[PlayWarning, ...]:
    """What :func:`play_note` would warn about if ``card`` were laid in ``position`` (two at
    the table; ``options``: its :func:`~trainer.analysis.pegging.options_for`, if worked out
    already): for the coach naming a card before it is laid, to weigh it there."""
    found = options_for(position) if options is None else options
    return _weighed(_said(position, found), card)


def view_play_note(view: SeatView, card: Card, *, level: Level = "normal") -> PlayNote | None:
    """:func:`play_note` on ``card`` laid from what the seat could see just before it (its
    hand, the series, the cards each side had laid, the starter, its own throw); at a table
    of three or four, :func:`table_play_note`."""
    if view.starter is None:
        raise ValueError("a card is laid only after the starter is turned")
    if view.players != 2:
        return table_play_note(view, card, level=level)
    return play_note(
        view.hand,
        card,
        pile=view.pile,
        mine_played=view.mine_played,
        theirs_played=view.theirs_played,
        starter=view.starter,
        level=level,
        crib_cards=view.discards,
    )


def _expected(points: float) -> str:
    """``1.3 points``, ``nothing``: a reply expected, to a tenth."""
    return "nothing" if round(points, 1) == 0 else _decimal_points(points)


def _expected_words(points: float) -> str:
    """``about 1 point``, ``nothing``: a reply expected, in whole points."""
    return "nothing" if round(points, 1) == 0 else about(points)


def _replier_words(table: TableView) -> tuple[str, bool] | None:
    """Who replies to a card laid now, in words (``the next player``, ``your partner``),
    and whether they are an opponent; None when nobody does."""
    replier = table.replier()
    if replier is None:
        return None
    opponent = table.weight(replier) < 0
    return ("the next player" if opponent else "your partner"), opponent


def table_play_note(view: SeatView, card: Card, *, level: Level = "normal") -> PlayNote | None:
    """At a table of three or four, the coach's note on laying ``card`` from what the seat
    could see just before it (``view``: its hand, the series, every card laid, the goes
    said, the starter and its own throw; never another seat's cards), or ``None`` when
    there is nothing to say.

    The warnings are :func:`play_note`'s, given when the next player to act is an opponent
    (with four, when it is the partner, what the card leaves is theirs to take): a 5 led,
    the count left at 5 or 21, a pair that the next player could make a pair royal, two
    cards close together that they could make a run of; and the last ace or 2 spent for
    nothing. The ranks they may hold are the cards the seat has not seen, less those their
    goes rule out. At ``hard`` and ``crazy`` the note also compares the card laid with the
    best by :func:`~trainer.analysis.players.table_options.table_options` (the points now
    and the next player's expected best reply, for the seat's side), when it would have
    gained more than :data:`NEAR_TIE`, and says why."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if not isinstance(card, Card):
        raise ValueError(f"the card laid must be a card, not {card!r}")
    if card not in view.hand:
        raise ValueError(f"{card.label} is not in the hand")
    table = table_view(view)
    options = table_options(table)
    played = next((o for o in options if o.card == card), None)
    if played is None:
        raise ValueError(f"{card.label} does not fit: the count would be {table.count + card.pips}")
    warnings = _weighed(_table_said(table, options), card)
    best: TableOption | None = None
    if level in NAMES_BEST:
        top = options[0]
        if top.value - played.value > NEAR_TIE + EPS:
            best = top
    if not warnings and best is None:
        return None
    if best is None:
        return PlayNote(card=card, warnings=warnings)
    who = _replier_words(table)
    why = TableWhy(
        best,
        played,
        who[0] if who is not None else None,
        who is not None and who[1],
        table.players,
    )
    return PlayNote(
        card=card, warnings=warnings, best=best.card, gain=best.value - played.value, why=why
    )


def _table_said(table: TableView, options: Sequence[TableOption]) -> dict[Card, list[PlayWarning]]:
    """What beginner advice warns about in laying each card of ``options`` at a table of
    three or four: the ranks the next player may hold are the cards not seen, less those
    their goes rule out."""
    who = _replier_words(table)
    unseen = Counter(c.order for c in table.unseen)
    if who is not None:
        replier = table.replier()
        assert replier is not None
        pool = Counter(c.order for c in table.unseen if c.pips >= table.min_pips[replier])
        if pool.total() >= table.held[replier]:
            unseen = pool
    opponent = who is not None and who[1]
    pile = tuple(c for _, c in table.series)
    return {
        o.card: _warnings(
            table.hand,
            o.card,
            o.points,
            pile,
            unseen,
            opponent,
            holder="the next player holds",
            them="the next player",
        )
        for o in options
    }


def table_lay_warnings(
    table: TableView, options: Sequence[TableOption], card: Card
) -> tuple[PlayWarning, ...]:
    """What :func:`table_play_note` would warn about if ``card`` were laid at a table of
    three or four (``table``, the seat's view, and its ``options``)."""
    return _weighed(_table_said(table, options), card)

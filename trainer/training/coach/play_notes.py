"""The pegging coach: a note on a card just laid that warns about the plays beginner
advice warns about, and at the Hard and Crazy levels what the best card would have gained
on average (:func:`~trainer.analysis.analyse_play`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.analysis import LEVELS, Level, analyse_play
from trainer.engine import DECK, Card
from trainer.engine.seat_view import SeatView
from trainer.training.coach.common import EPS, MAX_COUNT, NEAR_TIE, a_rank

__all__ = ["PlayNote", "PlayWarning", "play_note", "view_play_note"]


@dataclass(frozen=True, slots=True)
class PlayWarning:
    """One thing beginner advice warns about in a play: ``code`` (``lead-five``,
    ``count-5``, ``count-21``, ``pair-royal``, ``run``, ``last-low-card``) and the text."""

    code: str
    text: str


@dataclass(frozen=True, slots=True)
class PlayNote:
    """The coach's note on one card laid: the warnings, and (Hard, Crazy) what the
    best card would have gained on average over the one laid."""

    card: Card
    warnings: tuple[PlayWarning, ...]
    best: Card | None = None
    gain: float = 0.0

    def lines(self) -> tuple[str, ...]:
        out = [w.text for w in self.warnings]
        if self.best is not None:
            out.append(
                f"The {self.best.label} would have gained {self.gain:.1f} "
                f"point{'s' if round(self.gain, 1) != 1 else ''} on average."
            )
        return tuple(out)


def _unseen_ranks(seen: set[Card]) -> Counter[int]:
    return Counter(c.order for c in DECK if c not in seen)


def _warnings(
    hand: tuple[Card, ...],
    card: Card,
    points: int,
    pile: tuple[Card, ...],
    seen: set[Card],
    opponent_left: int,
) -> list[PlayWarning]:
    count = sum(c.pips for c in pile) + card.pips
    unseen = _unseen_ranks(seen)
    rest = [c for c in hand if c != card]
    replies = opponent_left > 0 and count < MAX_COUNT
    out: list[PlayWarning] = []
    if replies and not pile and card.pips == 5:
        out.append(
            PlayWarning(
                "lead-five",
                "Leading a 5 lets any ten-card make fifteen for two. A 4 or lower is safer.",
            )
        )
    elif replies and count in (5, 21) and any(unseen[o] for o in (10, 11, 12, 13)):
        total = 15 if count == 5 else 31
        out.append(
            PlayWarning(
                f"count-{count}",
                f"Your {card.label} made the count {count}: a ten-card after it makes "
                f"{total} for two.",
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
                    f"Pairing is risky: if they hold the {what} {card.rank.label}, they peg {royal}.",
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
                        f"{names} makes a run for them.",
                    )
                )
    if card.pips <= 2 and rest and all(c.pips > 2 for c in rest) and points == 0:
        out.append(
            PlayWarning(
                "last-low-card",
                "That was your last ace or 2. Low cards are handy late in a count, "
                "to squeeze in under 31 for the go.",
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
    options = analyse_play(
        held,
        pile=pile,
        mine_played=mine_played,
        theirs_played=theirs_played,
        starter=starter,
        crib_cards=crib_cards,
    )
    played = next((o for o in options if o.card == card), None)
    if played is None:
        count = sum(c.pips for c in pile)
        raise ValueError(f"{card.label} does not fit: the count would be {count + card.pips}")
    seen = {*held, *mine_played, *theirs_played, starter, *crib_cards}
    left = 4 - len(tuple(theirs_played))
    said = {o.card: _warnings(held, o.card, o.points, tuple(pile), seen, left) for o in options}
    # Only what another legal card would have avoided is worth a word.
    warnings = [
        w
        for w in said[card]
        if any(w.code not in {x.code for x in other} for c, other in said.items() if c != card)
    ]
    best: Card | None = None
    gain = 0.0
    if level in ("hard", "crazy"):
        top = options[0]
        if top.net - played.net > NEAR_TIE + EPS:
            best, gain = top.card, top.net - played.net
    if not warnings and best is None:
        return None
    return PlayNote(card=card, warnings=tuple(warnings), best=best, gain=gain)


def view_play_note(view: SeatView, card: Card, *, level: Level = "normal") -> PlayNote | None:
    """:func:`play_note` on ``card`` laid from what the seat could see just before it (its
    hand, the series, the cards each side had laid, the starter, its own throw)."""
    if view.starter is None:
        raise ValueError("a card is laid only after the starter is turned")
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

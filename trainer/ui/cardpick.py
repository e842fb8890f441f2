"""Cards you tap: our SVG cards in a Streamlit custom component (``st.components.v2``).

Selecting cards happens in the browser, so a tap answers at once; what reaches Python is
one event per action: a whole claim (its cards and its kind), a throw (the chosen cards),
a lay (one card), a choice of hand and starter. The browser keeps the events in an
append-only log (the component's ``log`` state value) and drops only those Python has
confirmed, so actions taken while Python is busy are queued and all delivered, in order.

Modes:

* ``claim``: tap the cards of one combination, choose what they make (fifteen, pair, run,
  double run, flush, nobs), then Claim; also Undo last claim and That's everything.
  Keys: 1-9 toggle a card, arrows and space too, f p r d l n choose the kind, Enter claims,
  u undoes.
* ``pick``: tap exactly ``need`` cards, then the confirm button (``"To crib"``). Keys: 1-9,
  Space and Enter choose the card (Enter elsewhere confirms), arrows move between cards.
* ``lay``: tap one card and it is played; a card with an ``off`` reason (one that would
  pass 31) is greyed out and says why when tapped.
* ``grid``: the whole deck in four rows, one a suit; tap four cards for the hand, then
  the starter (each change is sent, complete or not). With ``reveal`` (a CSS selector), the
  part of the page it names (the answer) is scrolled into view once all five are chosen.

Use from a page::

    picker = CardPicker("throw_3", PickMode.PICK, hand)
    for event in picker.take():      # before drawing anything the events change
        ...                          # act on event.cards; picker.reply("...") to answer
    picker.show(need=2, confirm="To crib")

:func:`read_log` and :func:`picker_data` are pure, so the whole event path is testable
without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, Literal, cast

import streamlit as st

from trainer.engine import Card
from trainer.training.grading import ClaimKind
from trainer.ui import assets
from trainer.ui.svg import card_svg

__all__ = [
    "CardPicker",
    "Desk",
    "LogReading",
    "PickEvent",
    "PickMode",
    "Slot",
    "picker_data",
    "read_log",
]


class PickMode(StrEnum):
    """What the cards are tapped for (see the modes above); the browser is sent its value."""

    CLAIM = "claim"
    PICK = "pick"
    LAY = "lay"
    GRID = "grid"


Action = Literal["claim", "undo", "done", "pick", "lay", "choose"]
Tone = Literal["error", "info", "ok", ""]

_ACTIONS: dict[PickMode, frozenset[str]] = {
    PickMode.CLAIM: frozenset({"claim", "undo", "done"}),
    PickMode.PICK: frozenset({"pick"}),
    PickMode.LAY: frozenset({"lay"}),
    PickMode.GRID: frozenset({"choose"}),
}
#: Most events one log may hold (the browser stops adding at this many).
LOG_LIMIT = 300
_DESKS = "_cardpick_desks"

#: The browser half (trainer/ui/assets/cardpick.js and .css): it keeps everything a tap
#: changes (the selected cards, the kind, the claims not yet answered) in the browser, and
#: sends Python one event per action as part of an append-only log (the component's ``log``
#: state value), so an action taken while Python is busy with the previous one is queued.
JS = assets.text("cardpick.js")
CSS = assets.text("cardpick.css")
_component = st.components.v2.component("cardpick", css=CSS, js=JS)


@dataclass(frozen=True, slots=True)
class Slot:
    """A card on offer: an optional ``tag`` shown under it (``"starter"``) and, when it
    cannot be chosen, the reason (``off``), which the browser shows when it is tapped."""

    card: Card
    tag: str = ""
    off: str = ""


@dataclass(frozen=True, slots=True)
class PickEvent:
    """One action from the browser, in the order it was taken (``seq`` counts up)."""

    seq: int
    action: Action
    cards: tuple[Card, ...] = ()
    #: What a claim (and an undo that names its claim) says the cards make.
    kind: ClaimKind | None = None
    starter: Card | None = None
    #: With "done": the claims the learner saw listed (None: not sent).
    claims: tuple[tuple[ClaimKind, tuple[Card, ...]], ...] | None = None


@dataclass(frozen=True, slots=True)
class LogReading:
    """The new events of a log, what was wrong with any that were ignored, and the last
    sequence number read (so the same event is never acted on twice)."""

    events: tuple[PickEvent, ...]
    problems: tuple[str, ...]
    last_seq: int


def _slots(cards: Iterable[Card | Slot]) -> tuple[Slot, ...]:
    return tuple(card if isinstance(card, Slot) else Slot(card) for card in cards)


def _read_cards(ids: object, offered: Mapping[str, Slot]) -> list[Card] | str:
    """The cards an event names, each offered, choosable and named once; or why not."""
    if not isinstance(ids, list) or len(ids) > len(offered):
        return "a list of cards that is not a list of this hand's cards"
    cards: list[Card] = []
    for card_id in ids:
        slot = offered.get(card_id) if isinstance(card_id, str) else None
        if slot is None:
            return f"the card {str(card_id)[:8]!r}, which is not on offer"
        if slot.card in cards:
            return f"the {slot.card.label} chosen twice"
        if slot.off:
            return f"the {slot.card.label}, which cannot be chosen: {slot.off}"
        cards.append(slot.card)
    return cards


def _read_starter(
    raw: Mapping[str, Any], cards: list[Card], offered: Mapping[str, Slot]
) -> Card | str | None:
    """The starter of a "choose" (the hand so far, up to four cards, and the starter if
    chosen): the card, None when none is chosen yet, or why the choice was ignored."""
    starter_id = raw.get("starter")
    slot = offered.get(starter_id) if isinstance(starter_id, str) else None
    if len(cards) > 4 or (starter_id is not None and (slot is None or slot.card in cards)):
        return "a choice that is not up to four cards and a different starter"
    return slot.card if slot is not None else None


def _read_one(
    raw: Mapping[str, Any], mode: PickMode, offered: Mapping[str, Slot]
) -> PickEvent | str:
    """One raw event checked against what was offered: the event, or why it was ignored."""
    action = raw.get("do")
    if not isinstance(action, str) or action not in _ACTIONS[mode]:
        return f"an action {str(action)[:20]!r} that this hand does not offer"
    cards = _read_cards(raw.get("cards", []), offered)
    if isinstance(cards, str):
        return cards
    kind: ClaimKind | None = None
    starter: Card | None = None
    if action == "claim" or (action == "undo" and "kind" in raw):  # an undo names its claim
        kind = _claim_kind(raw.get("kind", ""))
        if kind is None:
            return (
                f"a claim of {str(raw.get('kind', ''))[:20]!r}, which is not a kind of combination"
            )
    if action == "lay" and len(cards) != 1:
        return "a lay of more or less than one card"
    if action == "choose":
        chosen = _read_starter(raw, cards, offered)
        if isinstance(chosen, str):
            return chosen
        starter = chosen
    claims: tuple[tuple[ClaimKind, tuple[Card, ...]], ...] | None = None
    if action == "done" and "claims" in raw:
        listed = _listed_claims(raw["claims"], offered)
        if isinstance(listed, str):
            return listed
        claims = listed
    return PickEvent(
        seq=int(raw["seq"]),
        action=cast("Action", action),
        cards=tuple(cards),
        kind=kind,
        starter=starter,
        claims=claims,
    )


def _claim_kind(raw: object) -> ClaimKind | None:
    """The kind of combination the browser names (its :class:`ClaimKind`), or None."""
    if not isinstance(raw, str):
        return None
    try:
        return ClaimKind(raw)
    except ValueError:
        return None


def _listed_claims(
    raw: object, offered: Mapping[str, Slot]
) -> tuple[tuple[ClaimKind, tuple[Card, ...]], ...] | str:
    """The claims a "done" says were listed: ``[[kind, [card ids]], ...]``, checked."""
    if not isinstance(raw, list) or len(raw) > LOG_LIMIT:
        return "a list of claims that is not a list"
    claims = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], list)):
            return "a claim that is not a kind and its cards"
        named, ids = item
        kind = _claim_kind(named)
        if kind is None:
            return f"a claim of {str(named)[:20]!r}, which is not a kind of combination"
        slots = [offered.get(i) if isinstance(i, str) else None for i in ids]
        if any(slot is None for slot in slots) or len(set(ids)) != len(ids):
            return "a claim of cards that are not on offer"
        claims.append((kind, tuple(slot.card for slot in slots if slot is not None)))
    return tuple(claims)


def read_log(
    raw: object, cards: Sequence[Card | Slot], mode: PickMode, *, after: int
) -> LogReading:
    """The events of ``raw`` (the component's ``log``) numbered after ``after``, checked.

    Anything the browser sends is checked: an event that is malformed, names a card not
    on offer or an action this mode does not have is left out, and ``problems`` says why.

    >>> from trainer.engine import parse_cards
    >>> hand = parse_cards("5H 5D JS")
    >>> log = [{"seq": 1, "do": "claim", "kind": "pair", "cards": ["5H", "5D"]},
    ...        {"seq": 2, "do": "claim", "kind": "pair", "cards": ["5H", "KS"]}]
    >>> reading = read_log(log, hand, PickMode.CLAIM, after=0)
    >>> [(e.seq, str(e.kind), [c.label for c in e.cards]) for e in reading.events]
    [(1, 'pair', ['5♥', '5♦'])]
    >>> reading.problems, reading.last_seq
    (("An action from the browser was ignored: the card 'KS', which is not on offer.",), 2)
    >>> read_log(log, hand, PickMode.CLAIM, after=2).events
    ()
    """
    if mode not in _ACTIONS:
        raise ValueError(f"{mode!r} is not a card picker mode; use one of {', '.join(_ACTIONS)}")
    if isinstance(raw, Mapping):
        raw = raw.get("log")
    if raw is None:
        return LogReading((), (), after)
    if not isinstance(raw, list):
        return LogReading((), ("The browser sent something that is not a list of actions.",), after)
    offered = {str(slot.card): slot for slot in _slots(cards)}
    events: list[PickEvent] = []
    problems: list[str] = []
    last = after
    for item in raw[:LOG_LIMIT]:
        seq = item.get("seq") if isinstance(item, Mapping) else None
        if not isinstance(seq, int) or isinstance(seq, bool) or seq <= last:
            if not (isinstance(seq, int) and seq <= after):
                problems.append("An action from the browser was out of order and was ignored.")
            continue
        last = seq
        event = _read_one(cast("Mapping[str, Any]", item), mode, offered)
        if isinstance(event, str):
            problems.append(f"An action from the browser was ignored: {event}.")
        else:
            events.append(event)
    if len(raw) > LOG_LIMIT:
        problems.append(f"Only the first {LOG_LIMIT} actions were read.")
    return LogReading(tuple(events), tuple(problems), last)


@lru_cache(maxsize=52)
def _svg(card: Card) -> str:
    return card_svg(card)


def picker_data(
    token: str,
    mode: PickMode,
    cards: Sequence[Card | Slot],
    *,
    seen: int = 0,
    message: str = "",
    tone: Tone = "",
    claims: Sequence[str] = (),
    claimed: Sequence[tuple[ClaimKind, Sequence[Card]]] = (),
    total: int | None = None,
    need: int = 1,
    confirm: str = "",
    prompt: str = "",
    label: str = "",
    chosen: Sequence[Card] = (),
    starter: Card | None = None,
    locked: bool = False,
    focus: bool = True,
    reveal: str = "",
    kinds: Sequence[ClaimKind] | None = None,
) -> dict[str, Any]:
    """What the browser is given to draw (plain JSON). In claim mode, ``kinds`` limits the
    combinations offered (a first game of fifteens offers only "Fifteen"; every kind by
    default).

    >>> from trainer.engine import parse_cards
    >>> data = picker_data("q1", PickMode.PICK, parse_cards("5H JS"), need=2, confirm="To crib")
    >>> [card["id"] for card in data["cards"]], data["need"], data["confirm"]
    (['5H', 'JS'], 2, 'To crib')
    """
    data: dict[str, Any] = {
        "token": token,
        "mode": mode.value,
        "cards": [
            {
                "id": str(slot.card),
                "label": slot.card.label,
                "name": slot.card.name,  # what a screen reader says: "ace of hearts"
                "svg": _svg(slot.card),
                "tag": slot.tag,
                "off": slot.off,
            }
            for slot in _slots(cards)
        ],
        "seen": seen,
        "message": message,
        "tone": tone,
        "prompt": prompt,
        "label": label,
        "focus": focus,
        "locked": locked,
        "limit": LOG_LIMIT,
    }
    if mode is PickMode.CLAIM:
        data["kinds"] = [
            [kind.value, kind.label, kind.key]
            for kind in ClaimKind
            if kinds is None or kind in kinds
        ]
        data["claims"] = list(claims)
        data["claimed"] = [[kind.value, [str(card) for card in cards]] for kind, cards in claimed]
        if total is not None:
            data["total"] = total
        data["confirm"] = confirm or "Claim"
    if mode is PickMode.PICK:
        data["need"] = need
        data["confirm"] = confirm or "OK"
    if mode is PickMode.GRID:
        data["chosen"] = [str(card) for card in chosen]
        data["starter"] = str(starter) if starter is not None else None
        data["reveal"] = reveal
    return data


@dataclass
class Desk:
    """What the page remembers about one picker: the last event acted on, and the answer
    to show (a refusal's reason, say). Kept in the session, one per picker key."""

    seen: int = 0
    message: str = ""
    tone: Tone = ""


def _log_of(result: object) -> object:
    """The ``log`` of what the component returned (its state), or None."""
    if isinstance(result, Mapping):
        return result.get("log")
    return getattr(result, "log", None)


def _ignore() -> None:
    """The component's state changes are read by :meth:`CardPicker.take`, not by a callback."""


class CardPicker:
    """One set of tappable cards on a page, under a ``key`` that is new for each question
    (or each throw, each lay), so the browser starts it afresh."""

    def __init__(self, key: str, mode: PickMode, cards: Sequence[Card | Slot]) -> None:
        if mode not in _ACTIONS:
            raise ValueError(
                f"{mode!r} is not a card picker mode; use one of {', '.join(_ACTIONS)}"
            )
        self.key = key
        self.mode = mode
        self.slots = _slots(cards)
        desks: dict[str, Desk] = st.session_state.setdefault(_DESKS, {})
        self.desk = desks.setdefault(key, Desk())
        #: :meth:`take` could not read the cards' state (not drawn yet in this session).
        self._blind = False

    def take(self) -> tuple[PickEvent, ...]:
        """The events not yet acted on, in order (each is returned once)."""
        self._blind = self.key not in st.session_state
        reading = read_log(
            st.session_state.get(self.key), self.slots, self.mode, after=self.desk.seen
        )
        if reading.last_seq != self.desk.seen:
            self.desk.seen = reading.last_seq
            self.desk.message, self.desk.tone = " ".join(reading.problems), "error"
        return reading.events

    def reply(self, message: str, tone: Tone = "error") -> None:
        """Say something beside the cards (until the next action)."""
        self.desk.message, self.desk.tone = message, tone

    def show(self, **options: Any) -> None:
        """Draw the cards; ``options`` are those of :func:`picker_data`."""
        data = picker_data(
            self.key,
            self.mode,
            self.slots,
            seen=self.desk.seen,
            message=self.desk.message,
            tone=self.desk.tone,
            **options,
        )
        result = _component(key=self.key, data=data, default={"log": []}, on_log_change=_ignore)
        # A session the server has just started (a tab reconnected after a restart) cannot
        # read the cards' state before they are drawn, so :meth:`take` found nothing: the
        # actions the browser sent are here now, and the page runs again to act on them.
        if self._blind:
            unread = read_log(_log_of(result), self.slots, self.mode, after=self.desk.seen)
            if unread.events:
                st.rerun()

    @property
    def seen(self) -> int:
        """The last event acted on (its number in the browser's log)."""
        return self.desk.seen

    def resume_after(self, seq: int) -> None:
        """The events up to ``seq`` were acted on in an earlier session (before a restart):
        they are not acted on again when the browser sends them once more."""
        self.desk.seen = max(self.desk.seen, seq)

    def forget(self) -> None:
        """Drop what the page remembers about this picker (when its question is over)."""
        st.session_state.get(_DESKS, {}).pop(self.key, None)

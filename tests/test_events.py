"""The events and their notation (trainer.engine.events): each bad line refused with a
message, and any event written, read back and pasted from its ``repr`` unchanged (the
events of a game played are tested with the game, in ``tests/test_game.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import trainer.engine as engine
from trainer.engine.cards import DECK
from trainer.engine.events import (
    CutEvent,
    DealEvent,
    DiscardEvent,
    Event,
    GoEvent,
    LayEvent,
    ShowEvent,
    StarterEvent,
    parse_event,
)
from trainer.engine.items import ScoreItem
from trainer.engine.notation import NotationError
from trainer.engine.show import score_show
from trainer.engine.vocab import Which


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("jump seat=0", "'jump' is not an event"),
        ("lay seat=0 card=7S", "needs count"),
        ("lay seat=4 card=7S count=7", "seat is a seat from 0 to 3, not 4"),
        ("lay seat=0 card=7X count=7", "not a card"),
        ("lay seat=0 card=7S count=seven", "whole number"),
        ("lay seat=0 card=7S count=7 awards=0:pair", "not an award"),
        ("lay seat=0 card=7S count=7 at=3", "no 'at'"),
        ("discard seat=0 cards=7S-8S-9S", "one card or two, not 3"),
        (
            "show seat=0 which=pile cards=7S-7H-4C-6D starter=AS claimed=- awarded=0 muggins=0",
            "hand' or 'crib",
        ),
        (
            "show seat=0 which=hand cards=7S-7H-4C starter=AS claimed=- awarded=0 muggins=0",
            "cannot be counted",
        ),
        (
            "show seat=0 which=hand cards=5S-5H-5C-JS starter=5D claimed=- awarded=27 muggins=0",
            "awards 28",
        ),
        (
            "show seat=0 which=hand cards=5S-5H-5C-JS starter=5D claimed=20 awarded=20 muggins=3",
            "leaves 8",
        ),
        ("cut seat=0 at=4 card=KS seat=1", "twice"),
        (
            "show seat=0 which=hand cards=5S-5H-5C-JS starter=5D claimed=30 awarded=28 muggins=0",
            "from 0 to 29",
        ),
    ],
)
def test_bad_event_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_event(text)
    with pytest.raises(NotationError):
        LayEvent.from_notation("go seat=0 count=30")


CARDS = st.sampled_from(DECK)
SEAT = st.sampled_from((0, 1))
KINDS = st.sampled_from(["fifteen", "thirty-one", "pair", "run", "go", "last card", "his heels"])
ITEMS = st.builds(
    ScoreItem, KINDS, st.lists(CARDS, max_size=4, unique=True).map(tuple), st.integers(0, 12)
)
AWARDS = st.lists(st.tuples(SEAT, ITEMS), max_size=3).map(tuple)


@st.composite
def show_events(draw: st.DrawFn) -> ShowEvent:
    five = draw(st.lists(CARDS, min_size=5, max_size=5, unique=True))
    which = draw(st.sampled_from(list(Which)))
    score = score_show(five[:4], five[4], crib=which is Which.CRIB)
    claimed = draw(st.none() | st.integers(0, 29))
    return ShowEvent.build(draw(SEAT), which, score, claimed, owner_wins=draw(st.booleans()))


EVENTS = st.one_of(
    st.builds(CutEvent, SEAT, st.integers(4, 48), CARDS, st.none() | SEAT),
    st.builds(DiscardEvent, SEAT, st.tuples(CARDS, CARDS)),
    st.builds(StarterEvent, SEAT, st.integers(4, 36), CARDS, AWARDS),
    st.builds(LayEvent, SEAT, CARDS, st.integers(1, 31), AWARDS),
    st.builds(GoEvent, SEAT, st.integers(0, 31), AWARDS),
    st.builds(DealEvent, st.integers(2, 40), SEAT),
    show_events(),
)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(event=EVENTS)
def test_any_event_notation_and_repr_round_trip(event: Event) -> None:
    text = event.notation()
    assert "\n" not in text and parse_event(text) == event
    assert eval(repr(event), vars(engine)) == event

"""The parts of the rules a game uses (trainer.engine.rule_parts), read from its settings."""

from __future__ import annotations

import pytest

from trainer.engine import Kind
from trainer.engine.rule_parts import RulePart, parse_part, parts_notation, parts_of
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting

P = RulePart


def _first(*kinds: Kind, crib: bool = False) -> Settings:
    return Settings(
        target=31,
        skunks=False,
        counting=Counting.ALOUD,
        crib=crib,
        play=False,
        kinds=frozenset(kinds),
    )


def test_a_first_game_uses_the_starter_and_the_kinds_it_scores_in_a_hand() -> None:
    assert parts_of(_first(Kind.FIFTEEN)) == {P.FIFTEEN, P.STARTER}
    assert parts_of(_first(Kind.FIFTEEN, Kind.PAIR)) == {P.FIFTEEN, P.STARTER, P.PAIR}
    # a hand's runs come with the runs a pair makes inside them
    assert {P.RUN, P.DOUBLE_RUN} <= parts_of(_first(Kind.FIFTEEN, Kind.RUN))
    heels = parts_of(_first(Kind.FIFTEEN, Kind.NOBS, Kind.HIS_HEELS))
    assert {P.NOBS, P.HIS_HEELS} <= heels and P.CRIB not in heels
    # nothing of the play without it, whatever kinds are on
    assert not parts_of(_first(Kind.FIFTEEN, Kind.PAIR)) & {P.PLAY_PAIR, P.THIRTY_ONE, P.GO}


def test_the_crib_brings_its_flush_rule_only_when_flushes_score() -> None:
    assert P.CRIB_FLUSH in parts_of(_first(Kind.FIFTEEN, Kind.FLUSH, crib=True))
    without = parts_of(_first(Kind.FIFTEEN, crib=True))
    assert P.CRIB in without and P.CRIB_FLUSH not in without


def test_the_whole_game_uses_every_part_its_settings_turn_on() -> None:
    whole = parts_of(Settings())
    assert whole == set(RulePart) - {P.MUGGINS, P.SHORT_GAME, P.MORE_PLAYERS}
    assert parts_of(Settings(target=61, counting=Counting.MUGGINS, seats=3)) == set(RulePart)
    assert P.SKUNK not in parts_of(Settings(skunks=False))


def test_parts_read_from_a_lesson_file_and_written_in_course_order() -> None:
    assert parse_part("crib-flush") is P.CRIB_FLUSH
    assert parts_notation({P.CRIB, P.FIFTEEN}) == "fifteen,crib"
    with pytest.raises(ValueError, match="'pairs' is not a part of the rules: use fifteen, "):
        parse_part("pairs")
    with pytest.raises(ValueError, match="as a word"):
        parse_part(None)
    assert all(parse_part(part.value) is part for part in RulePart)

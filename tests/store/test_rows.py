"""The store's instants as text: written in UTC, read back as the same instant."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.progress.store.rows import from_utc_text, utc_text

ZONES = st.integers(min_value=-14 * 60, max_value=14 * 60).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)


@given(st.datetimes(min_value=datetime(1971, 1, 2), timezones=ZONES))
def test_an_instant_written_reads_back_as_the_same_instant(at: datetime) -> None:
    text = utc_text(at)
    assert from_utc_text(text) == at
    assert from_utc_text(text).tzinfo is UTC
    assert datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC) == at


def test_a_whole_second_is_written_with_its_microseconds() -> None:
    text = utc_text(datetime(2026, 12, 7, 23, 0, tzinfo=UTC))
    assert text == "2026-12-07 23:00:00.000000"
    assert from_utc_text(text) == datetime(2026, 12, 7, 23, 0, tzinfo=UTC)


@pytest.mark.parametrize("text", ["2026-12-07 23:00:00.000000+02:00", "yesterday", ""])
def test_text_that_is_no_stored_instant_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        from_utc_text(text)

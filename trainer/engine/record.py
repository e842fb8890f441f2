"""A whole game on paper (:class:`GameRecord`): its settings, its seed and its events, as a
few header lines and one event a line, in the manner of a chess PGN.

The settings are :mod:`~trainer.engine.settings`, the events :mod:`~trainer.engine.events`,
and the results screen's figures, worked out from the events alone,
:mod:`~trainer.engine.summary`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from trainer.engine.events import CutEvent, Event, parse_event
from trainer.engine.notation import NotationError, read_int
from trainer.engine.settings import SETTINGS_KEYS, Settings

__all__ = ["MAX_RECORD_CHARS", "MAX_SEED", "MAX_TIED_CUTS", "GameRecord"]

#: The longest record read back, in characters: the longest games on record run to about
#: a third of it (see ``tests/test_record.py``), so only a record made up to be long is refused.
MAX_RECORD_CHARS = 60_000
#: How many times in a row the cut for deal may be tied in a record read back (each tie is
#: about a 1 in 17 chance, so ten in a row never happens in a game that was played).
MAX_TIED_CUTS = 10
#: The largest seed: a whole number from 0 that fits in 64 bits (as the store keeps it).
MAX_SEED = 2**63 - 1

_HEADER_RE = re.compile(r'\[(\w+) "([^"]*)"\]')


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game on paper: settings, seed and events. Its text form is a header of
    ``[Key "value"]`` lines, a blank line, then one event a line.

    >>> record = GameRecord(Settings(target=61), 7, (parse_event("cut seat=0 at=9 card=KD"),))
    >>> print(record.notation(), end="")
    [Game "cribbage"]
    [Target "61"]
    [Skunks "on"]
    [Counting "automatic"]
    [Seed "7"]
    <BLANKLINE>
    cut seat=0 at=9 card=KD
    >>> GameRecord.parse(record.notation()) == record
    True
    """

    settings: Settings
    seed: int
    events: tuple[Event, ...] = ()
    #: For a parsed record, the line of the text each event came from (1-based).
    lines: tuple[int, ...] = field(default=(), compare=False, repr=False)

    def line_of(self, index: int) -> int | None:
        return self.lines[index] if index < len(self.lines) else None

    def notation(self) -> str:
        header = ['[Game "cribbage"]', *self.settings.headers(), f'[Seed "{self.seed}"]']
        return "\n".join([*header, "", *(event.notation() for event in self.events)]) + "\n"

    @classmethod
    def parse(cls, text: str) -> GameRecord:
        """Read :meth:`notation` back; a bad line raises :class:`NotationError` naming it.
        A record longer than :data:`MAX_RECORD_CHARS`, or with the cut for deal tied more
        than :data:`MAX_TIED_CUTS` times, is refused before it is played back."""
        _check_length(text)
        headers: dict[str, str] = {}
        events: list[Event] = []
        lines: list[int] = []
        settings: Settings | None = None  # read from the headers, before the first event
        cuts = 0
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                _read_header(line, number, headers, after_events=bool(events))
                continue
            if settings is None:
                settings = _header_settings(headers)
            events.append(_read_event(line, number, settings))
            lines.append(number)
            if isinstance(events[-1], CutEvent):
                cuts += 1
                _check_cuts(cuts, number)
        if settings is None:
            settings = _header_settings(headers)
        return cls(settings, _read_seed(headers), tuple(events), tuple(lines))


def _check_length(text: str) -> None:
    if len(text) > MAX_RECORD_CHARS:
        raise NotationError(
            f"the record is {len(text):,} characters long; a game's record is never longer "
            f"than {MAX_RECORD_CHARS:,}"
        )


def _read_header(line: str, number: int, headers: dict[str, str], *, after_events: bool) -> None:
    """Add the ``[Key "value"]`` header on line ``number`` to ``headers``."""
    if after_events:
        raise NotationError(f"line {number}: a header line after the events")
    match = _HEADER_RE.fullmatch(line)
    if match is None:
        raise NotationError(f'line {number}: {line!r} is not a [Key "value"] header')
    key, value = match.groups()
    if key in headers:
        raise NotationError(f"line {number}: the {key} header is given twice")
    headers[key] = value


def _read_event(line: str, number: int, settings: Settings) -> Event:
    """The event on line ``number``, shown with the kinds of score ``settings`` count."""
    try:
        return parse_event(line, settings.kinds)
    except NotationError as error:
        raise NotationError(f"line {number}: {error}") from None


def _check_cuts(cuts: int, number: int) -> None:
    """Refuse a record whose cut for deal, at its ``cuts``-th cut on line ``number``, is
    tied more than :data:`MAX_TIED_CUTS` times."""
    if cuts > 2 * (MAX_TIED_CUTS + 1):
        raise NotationError(
            f"line {number}: the cut for deal is tied more than {MAX_TIED_CUTS} "
            "times in a row, which no game that was played does"
        )


def _read_seed(headers: dict[str, str]) -> int:
    if "Seed" not in headers:
        raise NotationError('a game record needs its [Seed "..."] header')
    seed = read_int(headers["Seed"], "Seed")
    if not 0 <= seed <= MAX_SEED:
        raise NotationError(
            f"the seed is a whole number from 0 to {MAX_SEED} (it fits in 64 bits), not {seed}"
        )
    return seed


_HEADERS: tuple[str, ...] = ("Game", *(key.capitalize() for key in SETTINGS_KEYS), "Seed")


def _header_settings(headers: dict[str, str]) -> Settings:
    """The settings a record's headers give (every header checked first)."""
    unknown = sorted(set(headers) - set(_HEADERS))
    if unknown:
        raise NotationError(f"unknown header {unknown[0]!r}: headers are {', '.join(_HEADERS)}")
    if headers.get("Game", "cribbage") != "cribbage":
        raise NotationError(f"this is a record of {headers['Game']!r}, not of cribbage")
    return Settings.parse(
        " ".join(
            f"{key}={headers[key.capitalize()]}"
            for key in SETTINGS_KEYS
            if key.capitalize() in headers
        )
    )

"""A game written out as a record (its setup as comment lines) and read back."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.analysis import LEVELS, Level
from trainer.engine.events import CutEvent, DealEvent, DiscardEvent, ShowEvent
from trainer.engine.game import Game
from trainer.engine.notation import NotationError
from trainer.engine.record import MAX_RECORD_CHARS, GameRecord
from trainer.engine.vocab import Which
from trainer.training.table.driver import Table
from trainer.training.table.narration import in_our_words
from trainer.training.table.setup import (
    CoachMode,
    PlaySetup,
    RecordProblem,
    deal_numbers,
    level_named,
    parse_player,
    player_notation,
)

#: The comment lines an exported record keeps its setup in.
_LEVEL_LINE = "# level: "
_COACH_LINE = "# coach: "
_HINTS_LINE = "# hints: "
_LINEUP_LINE = "# lineup: "


#: The first line of a record of a game still being played, as its player saw it.
IN_PROGRESS_LINE = "# in progress: "


def export_text(table: Table) -> str:
    """The game's record, with the computer's level, the coach and the hinted deals as
    comment lines the engine skips. While the game is being played it holds only what the
    person may know (:func:`public_record`): a finished game's record is the whole game."""
    lines = [f"{_LEVEL_LINE}{table.level}", f"{_COACH_LINE}{table.coach}"]
    if table.hints:
        lines.append(_HINTS_LINE + " ".join(str(n) for n in sorted(table.hints)))
    lineup = table.setup.lineup
    if lineup:
        lines.append(_LINEUP_LINE + ",".join(player_notation(player) for player in lineup))
    if not table.game.is_over:
        return public_record(table, lines)
    return "\n".join(lines) + "\n" + table.game.record().notation()


def public_record(table: Table, comments: Sequence[str] = ()) -> str:
    """A game in progress as the person in the table's :attr:`~.driver.Table.viewer` seat has
    seen it: no seed (it would tell every card still to come) and the other seats' crib cards
    hidden until the crib is counted. It reads
    as a record but cannot be played back: :func:`parse_export` says so."""
    events = table.game.events
    shown_cribs: set[int] = set()
    deal = 0
    for event in events:
        if isinstance(event, DealEvent) or (
            isinstance(event, CutEvent) and event.dealer is not None
        ):
            deal += 1
        if isinstance(event, ShowEvent) and event.which is Which.CRIB:
            shown_cribs.add(deal)
    lines = [
        f"{IN_PROGRESS_LINE}this game is still being played; the deals to come and the "
        "computer's cards are left out, so it can be read back only once the game is over",
        *comments,
    ]
    settings = table.game.settings
    lines += [
        '[Game "cribbage"]',
        f'[Target "{settings.target}"]',
        f'[Skunks "{"on" if settings.skunks else "off"}"]',
        f'[Counting "{settings.counting}"]',
        *([f'[Seats "{settings.seats}"]'] if settings.seats != 2 else []),
        "",
    ]
    deal = 0
    viewer = table.viewer
    for event in events:
        if isinstance(event, DealEvent) or (
            isinstance(event, CutEvent) and event.dealer is not None
        ):
            deal += 1
        if isinstance(event, DiscardEvent) and event.seat != viewer and deal not in shown_cribs:
            lines.append(f"discard seat={event.seat} cards=hidden")
        else:
            lines.append(event.notation())
    return "\n".join(lines) + "\n"


def _comment(text: str, line: str) -> str | None:
    """The value of the last comment line of ``text`` that starts with ``line``."""
    found = None
    head = line.strip()
    for row in text.splitlines():
        if row.strip().startswith(head):
            found = row.strip().removeprefix(head).strip()
    return found


def _short(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _refuse_unreadable(text: str) -> None:
    """:class:`RecordProblem` for a text that is no game's whole record: empty, too long, or
    the record of a game still being played (its cards to come left out)."""
    if not text.strip():
        raise RecordProblem("The record is empty: paste a game record first.")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordProblem(
            f"The record is {len(text):,} characters long, longer than any game's record "
            f"(at most {MAX_RECORD_CHARS:,}): check that it is the right file."
        )
    if _comment(text, IN_PROGRESS_LINE) is not None:
        raise RecordProblem(
            "This is the record of a game that was still being played, as its player saw it: "
            "the cards still to come are left out of it, so it cannot be played back. A "
            "game's whole record can be saved from the game menu once the game is over."
        )


def _level_and_coach(text: str) -> tuple[Level, CoachMode]:
    """The computer's level and the coach setting of an exported record (Normal and the
    coach off when it has no such line); :class:`RecordProblem` for a line that names none."""
    word = (_comment(text, _LEVEL_LINE) or "normal").lower()
    level = level_named(word)
    if level is None:
        raise RecordProblem(
            f"The level line names {_short(word)!r}: use one of {', '.join(LEVELS)}."
        )
    word = (_comment(text, _COACH_LINE) or CoachMode.OFF.value).lower()
    try:
        coach = CoachMode(word)
    except ValueError:
        raise RecordProblem(
            f"The coach line names {_short(word)!r}: use one of {', '.join(CoachMode)}."
        ) from None
    return level, coach


def parse_export(text: str) -> tuple[PlaySetup, GameRecord]:
    """Read :func:`export_text` back; :class:`RecordProblem` names what is wrong. A record
    without a coach line has the coach off."""
    _refuse_unreadable(text)
    level, coach = _level_and_coach(text)
    try:
        hints = deal_numbers((_comment(text, _HINTS_LINE) or "").replace(",", " ").split())
    except ValueError as error:
        raise RecordProblem(f"The hints line cannot be read: {error}.") from None
    try:
        words = (_comment(text, _LINEUP_LINE) or "").split(",")
        lineup = tuple(parse_player(word) for word in words if word)
    except ValueError as error:
        raise RecordProblem(f"The lineup line cannot be read: {error}.") from None
    try:
        record = GameRecord.parse(text)
    except NotationError as error:
        raise RecordProblem(f"The record cannot be read: {in_our_words(str(error))}.") from None
    try:
        Game.replay(record)
    except ValueError as error:
        raise RecordProblem(
            f"The record does not play back: {in_our_words(str(error), record.settings.seats)}."
        ) from None
    try:
        return PlaySetup(level, record.settings, coach, hints, lineup), record
    except ValueError as error:
        raise RecordProblem(f"The lineup line does not fit the game: {error}.") from None

"""The first games: a ladder of short games against the Easy computer that grows with the
course, the way children's clubs teach (four cards and a starter, fifteens only; then pairs;
then runs; then flushes and nobs; then six cards and the crib; then the whole game).

Each rung is a :class:`~trainer.training.table.setup.PlaySetup`: its rules say which kinds of
score count (:mod:`trainer.engine.kinds`; the rules' scoring itself never changes), whether
there is a crib and a play, and the learner counts each hand first (``counting=aloud``),
with the coach in learning mode. A rung opens once every part of the rules its game uses
(:func:`trainer.engine.rule_parts.parts_of`: fifteens, the starter, runs and the runs with a
pair inside them, the crib's flush…) has been taught: when every lesson whose ``teaches``
names one of those parts is done. The last of those lessons in the course offers it at its
end. A game of a rung is saved like any game: which rung it was is read back from its
settings (:func:`rung_of`).

>>> [rung.id for rung in RUNGS]
['fifteens', 'pairs', 'runs', 'flushes-and-nobs', 'six-cards', 'whole-game']
>>> RUNGS[0].setup.settings.notation()
'target=31 skunks=off counting=aloud crib=off play=off kinds=fifteen'
>>> rung_of(RUNGS[2].setup) is RUNGS[2], rung_of(PlaySetup()) is None
(True, True)
>>> from trainer.content.lessons import load_course
>>> course = load_course()
>>> needs(course, RUNGS[0])
('deal-and-crib', 'the-starter')
>>> [rung.id for rung in opened(course, {"deal-and-crib", "the-starter"})]
['fifteens']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from trainer.content.lessons import Course
from trainer.engine.items import Kind
from trainer.engine.kinds import says_kinds
from trainer.engine.rule_parts import RulePart, parts_of
from trainer.engine.settings import Settings
from trainer.engine.vocab import Counting
from trainer.training.table.setup import LEARNING_GAME, CoachMode, PlaySetup

__all__ = [
    "RUNGS",
    "Rung",
    "RungState",
    "Step",
    "counts_text",
    "ladder",
    "needs",
    "offered_after",
    "opened",
    "opens_after",
    "rung_named",
    "rung_of",
]

_SHOW = (Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS, Kind.HIS_HEELS)


def _first(kinds: Iterable[Kind], *, crib: bool = False) -> PlaySetup:
    """A first game: to 31 against Easy, no play, the learner counting aloud."""
    settings = Settings(
        target=31,
        skunks=False,
        counting=Counting.ALOUD,
        crib=crib,
        play=False,
        kinds=frozenset(kinds),
    )
    return PlaySetup("easy", settings, coach=CoachMode.LEARNING)


@dataclass(frozen=True, slots=True)
class Rung:
    """One first game: its ``id`` (kept in no store: the settings say which it is), its
    ``title``, what is new in it (``new``, a sentence for a child) and the game's setup (the
    lessons that open it are the course's: :func:`needs`)."""

    id: str
    title: str
    new: str
    setup: PlaySetup

    @property
    def number(self) -> int:
        return RUNGS.index(self) + 1

    @property
    def parts(self) -> frozenset[RulePart]:
        """The parts of the rules its game uses."""
        return parts_of(self.setup.settings)


RUNGS: tuple[Rung, ...] = (
    Rung(
        "fifteens",
        "Fifteens",
        "Four cards each and a starter. Only fifteens score: 2 points for each.",
        _first([Kind.FIFTEEN]),
    ),
    Rung(
        "pairs",
        "Fifteens and pairs",
        "Pairs score too: 2 points for a pair, 6 for a pair royal.",
        _first([Kind.FIFTEEN, Kind.PAIR]),
    ),
    Rung(
        "runs",
        "Fifteens, pairs and runs",
        "Runs score too: a point for each card in the run.",
        _first([Kind.FIFTEEN, Kind.PAIR, Kind.RUN]),
    ),
    Rung(
        "flushes-and-nobs",
        "Flushes and nobs",
        "Every kind of the show scores now: flushes, nobs, and his heels when a jack is the "
        "starter.",
        _first(_SHOW),
    ),
    Rung(
        "six-cards",
        "Six cards and the crib",
        "Six cards each: you throw two to the crib, and the dealer counts the crib last.",
        _first(_SHOW, crib=True),
    ),
    Rung(
        "whole-game",
        "The whole game",
        "The whole game to 61, with the play: fifteens, 31s, pairs, runs, the go and the "
        "last card peg as you lay.",
        LEARNING_GAME,
    ),
)


def rung_named(rung_id: str) -> Rung | None:
    return next((rung for rung in RUNGS if rung.id == rung_id), None)


def rung_of(setup: PlaySetup) -> Rung | None:
    """The rung a game's setup is (its level and rules; the coach may have been changed);
    a game between people only, with no computer at the table, is none."""
    if len(setup.people) == len(setup.seat_players):
        return None
    return next(
        (
            rung
            for rung in RUNGS
            if (rung.setup.level, rung.setup.settings) == (setup.level, setup.settings)
        ),
        None,
    )


def needs(course: Course, rung: Rung) -> tuple[str, ...]:
    """The lessons that teach a part of the rules ``rung`` uses (their ids, in course order):
    it opens once they are all done. A part no lesson of the course teaches (its file cannot
    be read, say) holds nothing back."""
    parts = rung.parts
    return tuple(lesson.id for lesson in course.lessons if parts.intersection(lesson.teaches))


def opens_after(course: Course, rung: Rung) -> str | None:
    """The lesson after which ``rung`` opens, taking the course in order: the last of its
    :func:`needs` (None when no lesson teaches anything it uses)."""
    found = needs(course, rung)
    return found[-1] if found else None


def opened(course: Course, done: Collection[str]) -> tuple[Rung, ...]:
    """The rungs every lesson of whose :func:`needs` is among the lessons ``done`` (ids)."""
    return tuple(rung for rung in RUNGS if set(needs(course, rung)) <= set(done))


def counts_text(settings: Settings) -> str:
    """What a game scores, for its header: ``only fifteens score``, ``fifteens and pairs
    score``; empty for the whole game."""
    if settings.whole:
        return ""
    kinds = [kind.plural for kind in says_kinds(settings.kinds)]
    if len(kinds) == 1:
        return f"only {kinds[0]} score"
    if len(kinds) == len(_SHOW) - 1:
        return "every kind of the show scores"
    return f"{', '.join(kinds[:-1])} and {kinds[-1]} score"


class Step(StrEnum):
    """Where a learner stands on a rung."""

    LOCKED = "locked"
    OPEN = "open"
    PLAYED = "played"
    WON = "won"


@dataclass(frozen=True, slots=True)
class RungState:
    """A rung, where the learner stands on it, their finished games of it, and the lesson
    after which it opens (:func:`opens_after`)."""

    rung: Rung
    step: Step
    played: int = 0
    won: int = 0
    lesson: str | None = None


def _results(games: Iterable[tuple[str, str]]) -> Mapping[str, tuple[int, int]]:
    """Finished games (their setup's notation and their status), as (played, won) a rung."""
    out: dict[str, tuple[int, int]] = {}
    for notation, status in games:
        try:
            rung = rung_of(PlaySetup.parse(notation))
        except ValueError:  # a game saved by a later version, say: not a rung
            continue
        if rung is not None:
            played, won = out.get(rung.id, (0, 0))
            out[rung.id] = (played + 1, won + (status == "won"))
    return out


def ladder(
    course: Course, done: Collection[str], games: Iterable[tuple[str, str]] = ()
) -> tuple[RungState, ...]:
    """Every rung and where the learner stands: ``done`` the lessons done, ``games`` the
    finished games as (setup notation, status)."""
    results = _results(games)
    open_now = opened(course, done)
    states = []
    for rung in RUNGS:
        played, won = results.get(rung.id, (0, 0))
        if won:
            step = Step.WON
        elif played:
            step = Step.PLAYED
        elif rung in open_now:
            step = Step.OPEN
        else:
            step = Step.LOCKED
        states.append(RungState(rung, step, played, won, opens_after(course, rung)))
    return tuple(states)


def offered_after(
    course: Course, lesson_id: str, done: Collection[str] = (), won: Collection[str] = ()
) -> Rung | None:
    """The first game the end of lesson ``lesson_id`` offers, ``done`` the other lessons
    done: among the rungs it is the last lesson of (:func:`opens_after`) that are open with
    it, the first the learner has not won yet (``won``: rung ids), else the first."""
    finished = {*done, lesson_id}
    rungs = [
        rung
        for rung in RUNGS
        if opens_after(course, rung) == lesson_id and rung in opened(course, finished)
    ]
    if not rungs:
        return None
    return next((rung for rung in rungs if rung.id not in won), rungs[0])

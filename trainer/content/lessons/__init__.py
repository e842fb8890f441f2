"""Lessons: ``lessons/*.yaml`` validated once into frozen objects.

Every card question is answered by the rules engine, never by the file: a
check may carry an ``expect:`` value, but only as a claim the loader compares
with the engine (a mismatch is a content error). True/false questions about a
rule are the one kind whose answer is written in the file.

A file that fails validation never takes the course down: :func:`load_course`
returns the lessons that loaded and, for each file that did not, its problems,
each naming the file, the lesson, the step and the field.

Where things are: the field types in :mod:`.fields`, what a step shows in
:mod:`.pictures`, the checks in :mod:`.checks`, a lesson and its steps in
:mod:`.lesson`, the course and its loading in :mod:`.course`, the wording of a
file's problems in :mod:`.problems`.
"""

from trainer.content.lessons.checks import (
    KEEP_MARGIN,
    SKUNKS,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    KeepValue,
    PegCheck,
    PegKind,
    Situation,
    SkunkCheck,
    TableGoCheck,
    TrueFalseCheck,
    keep_value,
)
from trainer.content.lessons.course import (
    GLOSSARY_FILE,
    Course,
    KindCheck,
    check_files,
    course_stamp,
    lesson_files,
    load_course,
)
from trainer.content.lessons.lesson import Lesson, Step, question_key
from trainer.content.lessons.pictures import BOARD_HOLES, Board, Show

__all__ = [
    "BOARD_HOLES",
    "GLOSSARY_FILE",
    "KEEP_MARGIN",
    "SKUNKS",
    "Board",
    "BoardCheck",
    "Check",
    "CountCheck",
    "Course",
    "CutCheck",
    "FifteenCheck",
    "GoCheck",
    "KeepCheck",
    "KeepValue",
    "KindCheck",
    "Lesson",
    "PegCheck",
    "PegKind",
    "Show",
    "Situation",
    "SkunkCheck",
    "Step",
    "TableGoCheck",
    "TrueFalseCheck",
    "check_files",
    "course_stamp",
    "keep_value",
    "lesson_files",
    "load_course",
    "question_key",
]

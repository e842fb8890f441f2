"""The course's words: ``lessons/glossary.yaml`` validated into frozen terms, and the
check that no lesson uses a word before the lesson that teaches it.

Each term names the lesson that teaches it and says what it means in a line. A lesson
may use a term from the lesson that teaches it on (and, in its title and summary, which
the course map shows before any lesson is opened, only a term it teaches itself or one
taught earlier); within the teaching lesson, from the step that writes it in bold. A
term's ``instead`` words are ones the course never uses for it (it says *deck*, never
*pack*), so one thing always has one name.

>>> glossary = Glossary.model_validate(
...     {"terms": [{"term": "crib", "lesson": "deal-and-crib", "means": "The dealer's extra hand."}]}
... )
>>> [term.term for term in glossary.uses("Two cards go to the **crib**.")]
['crib']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Annotated

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    StrictStr,
    ValidationError,
    field_validator,
    model_validator,
)

from trainer.content import wording
from trainer.content.field_types import Slug, Text
from trainer.content.files import LESSONS_DIR, ContentProblem, display_path, read_yaml
from trainer.content.lessons import (
    GLOSSARY_FILE,
    Course,
    Lesson,
    Step,
    TrueFalseCheck,
    load_course,
)

__all__ = [
    "GLOSSARY_PATH",
    "Glossary",
    "GlossaryFile",
    "Term",
    "Use",
    "check_glossary",
    "check_glossary_file",
    "lesson_texts",
    "load_glossary",
    "word_problems",
]

#: The course's glossary, beside its lessons.
GLOSSARY_PATH = LESSONS_DIR / GLOSSARY_FILE

_WORD = re.compile(r"[a-z0-9][a-z0-9 '’-]*[a-z0-9]|[a-z0-9]")


def _word(value: str) -> str:
    word = " ".join(value.split())
    if word != word.lower() or not _WORD.fullmatch(word):
        raise ValueError(
            f"{value!r} is not a word to look for: write it in lowercase letters and digits "
            "(spaces, dashes and apostrophes between them), like 'his heels'"
        )
    return word


Word = Annotated[StrictStr, AfterValidator(_word)]


def normalise(text: str) -> str:
    """Text as the words are looked for in it: lowercase, without Markdown emphasis or
    quotation marks, one space between words."""
    plain = re.sub(r"[*_`“”\"‘]", "", text.lower()).replace("’", "'")
    return " ".join(plain.split())


def _pattern(words: Iterable[str]) -> re.Pattern[str]:
    alternatives = sorted(
        (re.escape(word).replace(r"\ ", " ") for word in words), key=len, reverse=True
    )
    return re.compile(r"(?<![a-z0-9'-])(?:" + "|".join(alternatives) + r")(?![a-z0-9-])")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Term(_Model):
    """One word of the course: what it means and which lesson teaches it.

    ``forms`` are the other ways the word is written (``pegs``, ``pegged``); the term
    itself is always looked for. A term that is also an everyday word (*go*) gives
    ``look_for`` instead: the phrases that mean the cribbage word (``says go``, ``for
    the go``), and only those are looked for. ``instead`` are words the course never
    uses for it."""

    term: Word
    lesson: Slug
    means: Text
    forms: tuple[Word, ...] = ()
    look_for: tuple[Word, ...] = ()
    instead: tuple[Word, ...] = ()

    @model_validator(mode="after")
    def _forms_or_phrases(self) -> Term:
        if self.forms and self.look_for:
            raise ValueError(
                "give 'forms' (other spellings of the term) or 'look_for' (the only "
                "phrases to look for), not both"
            )
        return self

    @property
    def words(self) -> tuple[str, ...]:
        return self.look_for or (self.term, *self.forms)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return _pattern(self.words)

    def bolded_in(self, text: str) -> bool:
        """True when ``text`` writes the term (or one of its forms) in bold: ``**crib**``,
        ``**1 for last card**``."""
        bold = [normalise(match.group(1)) for match in re.finditer(r"\*\*(.+?)\*\*", text, re.S)]
        return any(self.pattern.search(words) or words == self.term for words in bold)


class Glossary(_Model):
    """Every term of the course, each once, in the order the file lists them."""

    terms: tuple[Term, ...]

    @field_validator("terms")
    @classmethod
    def _each_word_once(cls, terms: tuple[Term, ...]) -> tuple[Term, ...]:
        if not terms:
            raise ValueError("a glossary needs at least one term")
        owner: dict[str, str] = {}
        for term in terms:
            for word in (*term.words, *term.instead):
                if word in owner:
                    raise ValueError(
                        f"{word!r} is listed under {owner[word]!r} and again under {term.term!r}: "
                        "each word belongs to one term"
                    )
                owner[word] = term.term
        return terms

    def get(self, word: str) -> Term | None:
        for term in self.terms:
            if word == term.term or word in term.words:
                return term
        return None

    def uses(self, text: str) -> tuple[Term, ...]:
        """The terms ``text`` uses, in the glossary's order. A word inside a longer term
        is that term's (*pair* in *pair royal*, *skunk* in *skunk line*)."""
        plain = normalise(text)
        spans = [
            (match.start(), match.end(), term)
            for term in self.terms
            for match in term.pattern.finditer(plain)
        ]
        used = {
            id(term)
            for start, end, term in spans
            if not any(
                other is not term and s <= start and end <= e and (e - s) > (end - start)
                for s, e, other in spans
            )
        }
        return tuple(term for term in self.terms if id(term) in used)

    def alphabetical(self) -> tuple[Term, ...]:
        return tuple(sorted(self.terms, key=lambda term: term.term.lstrip("0123456789 ")))


# --- reading the file -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GlossaryFile:
    """The glossary as read: the terms, or the problems that stopped them."""

    file: str
    glossary: Glossary | None
    problems: tuple[ContentProblem, ...]


def load_glossary(path: Path | None = None) -> GlossaryFile:
    """Read and validate the glossary (default: the course's, ``lessons/glossary.yaml``)."""
    path = GLOSSARY_PATH if path is None else path
    file = display_path(path)
    read = read_yaml(path, file)
    if read.problems:
        return GlossaryFile(file, None, read.problems)
    twice = [ContentProblem(file, _where(d.loc), d.message()) for d in read.duplicates]
    if twice:
        return GlossaryFile(file, None, tuple(twice))
    if not isinstance(read.data, dict):
        return GlossaryFile(
            file, None, (ContentProblem(file, "", "a glossary holds one key, 'terms': a list"),)
        )
    try:
        glossary = Glossary.model_validate(read.data)
    except ValidationError as err:
        return GlossaryFile(file, None, tuple(_explain(err, file, read.data)))
    return GlossaryFile(file, glossary, ())


def _where(loc: Sequence[str | int], data: object = None) -> str:
    if len(loc) >= 2 and loc[0] == "terms" and isinstance(loc[1], int):
        index = loc[1]
        name = None
        if isinstance(data, dict):
            terms = data.get("terms")
            if isinstance(terms, list) and index < len(terms) and isinstance(terms[index], dict):
                raw = terms[index].get("term")
                name = raw if isinstance(raw, str) else None
        place = f"term {index + 1}" + (f" {name!r}" if name else "")
        rest = [str(part) if isinstance(part, str) else f"[{part}]" for part in loc[2:]]
        return place + (f", field {'.'.join(rest).replace('.[', '[')!r}" if rest else "")
    return f"field {'.'.join(str(part) for part in loc)!r}" if loc else ""


def _explain(err: ValidationError, file: str, data: object) -> list[ContentProblem]:
    return [
        ContentProblem(file, _where(tuple(error["loc"]), data), wording.message(error, Glossary))
        for error in err.errors()
    ]


# --- words before they are taught ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Use:
    """Where a lesson says something: its place in the course and the words themselves."""

    lesson: int  # index in the course
    step: int | None  # None: the title or summary, shown on the course map
    where: str
    text: str


#: More text a step puts on screen (the training layer's feedback), for the check to read.
ExtraTexts = Callable[[Lesson, Step], Iterable[str]]


def _check_texts(step: Step) -> Iterator[str]:
    check = step.check
    if check is None:
        return
    if isinstance(check, TrueFalseCheck):
        for situation in check.situations():  # each comes back in turn
            yield situation.statement
            yield situation.explain
        return
    yield check.prompt  # the question as asked, its blanks filled with its cards
    hint = getattr(check, "hint", None)
    if isinstance(hint, str):
        yield check.filled(hint)


def lesson_texts(index: int, lesson: Lesson, extra: ExtraTexts | None = None) -> Iterator[Use]:
    """Every piece of text lesson number ``index`` (from 0) shows, in order."""
    yield Use(index, None, "title", lesson.title)
    yield Use(index, None, "summary", lesson.summary)
    for number, step in enumerate(lesson.steps):
        where = f"step {number + 1} {step.id!r}"
        yield Use(index, number, where, step.text)
        for show in step.show:
            if show.caption:
                yield Use(index, number, f"{where}, a caption", show.caption)
        for text in _check_texts(step):
            yield Use(index, number, f"{where}, the question", text)
        if extra is not None:
            for text in extra(lesson, step):
                yield Use(index, number, f"{where}, the feedback", text)


def _taught_at(course: Course, term: Term) -> tuple[int, int] | None:
    """(lesson index, step index) where ``term`` is taught: its lesson's first step that
    writes it in bold (-1 when none does: :func:`check_glossary` reports that)."""
    for index, lesson in enumerate(course.lessons):
        if lesson.id == term.lesson:
            for number, step in enumerate(lesson.steps):
                if term.bolded_in(step.text):
                    return index, number
            return index, -1
    return None


def word_problems(
    course: Course, glossary: Glossary, extra: ExtraTexts | None = None
) -> list[ContentProblem]:
    """Every place the course uses a term before the lesson (and step) that teaches it, or
    a word the glossary keeps out; each names the lesson file, the step and the term."""
    files = {entry.id: entry.file for entry in course.entries}
    taught = {term.term: _taught_at(course, term) for term in glossary.terms}
    problems: list[ContentProblem] = []
    banned = [(word, term) for term in glossary.terms for word in term.instead]
    banned_pattern = _pattern([word for word, _ in banned]) if banned else None
    for index, lesson in enumerate(course.lessons):
        file = files.get(lesson.id, lesson.id)
        reported: set[tuple[str, str]] = set()
        for use in lesson_texts(index, lesson, extra):
            plain = normalise(use.text)
            for term in glossary.uses(use.text):
                place = taught[term.term]
                if place is None:
                    continue
                early = place[0] > index or (
                    use.step is not None and place[0] == index and place[1] > use.step
                )
                if early and (use.where, term.term) not in reported:
                    reported.add((use.where, term.term))
                    teacher = course.lessons[place[0]]
                    problems.append(
                        ContentProblem(
                            file,
                            f"lesson {lesson.id!r}, {use.where}",
                            f"uses {term.term!r} before it is taught (lesson "
                            f"{place[0] + 1}, {teacher.id!r}, step {place[1] + 1} teaches it)",
                        )
                    )
            if banned_pattern is not None:
                for match in banned_pattern.finditer(plain):
                    word = match.group(0)
                    owner = next(term for w, term in banned if w == word)
                    problems.append(
                        ContentProblem(
                            file,
                            f"lesson {lesson.id!r}, {use.where}",
                            f"says {word!r}: the course calls it {owner.term!r}",
                        )
                    )
    return problems


def check_glossary(
    glossary: Glossary, course: Course, file: str = "lessons/glossary.yaml"
) -> list[ContentProblem]:
    """The glossary against its course: each term's lesson is in it and writes the term in
    bold, and no lesson uses a term too early (see :func:`word_problems`)."""
    problems: list[ContentProblem] = []
    for number, term in enumerate(glossary.terms, start=1):
        where = f"term {number} {term.term!r}, field 'lesson'"
        lesson = course.get(term.lesson)
        if lesson is None:
            problems.append(ContentProblem(file, where, f"no lesson has the id {term.lesson!r}"))
        elif not any(term.bolded_in(step.text) for step in lesson.steps):
            problems.append(
                ContentProblem(
                    file,
                    where,
                    f"the lesson {term.lesson!r} never writes {term.term!r} in bold, "
                    f"so it does not teach it: write **{term.term}** where it is explained",
                )
            )
    return problems + word_problems(course, glossary)


def check_glossary_file(path: Path) -> list[ContentProblem]:
    """Every problem with a glossary file and with the words of the lessons beside it."""
    read = load_glossary(path)
    if read.glossary is None:
        return list(read.problems)
    return check_glossary(read.glossary, load_course(path.parent), read.file)

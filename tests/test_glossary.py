"""The glossary (lessons/glossary.yaml) and the check that no lesson uses a word before the
lesson that teaches it: in its text, pictures, questions, hints and feedback, and in the
titles and summaries the course map shows before lesson 1."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from trainer.content.files import LESSONS_DIR, REPO_ROOT
from trainer.content.glossary import (
    GLOSSARY_PATH,
    Glossary,
    check_glossary,
    check_glossary_file,
    load_glossary,
    word_problems,
)
from trainer.content.lessons import (
    GoCheck,
    Lesson,
    Step,
    TrueFalseCheck,
    lesson_files,
    load_course,
)
from trainer.content.validate import validate_paths
from trainer.engine import Kind
from trainer.training import learn
from trainer.training.learn import asking, giveaway

COURSE = load_course()
READ = load_glossary()
assert READ.glossary is not None, READ.problems
GLOSSARY: Glossary = READ.glossary


def _screen_texts(lesson: Lesson, step: Step) -> list[str]:
    """What the Learn page shows for a step's question besides the file's own words: the
    choices, the story of a go question, and the feedback to right, wrong and shown answers."""
    check = step.check
    if check is None:
        return []
    right = learn.right_answer(check)
    if learn.asks_number(check):
        assert isinstance(right, int)
        wrongs: list[int | str] = [right + 1, right + 2, *([right - 1] if right else [])]
    else:
        wrongs = [value for value, _ in learn.options(check) if value != right]
    texts = [label for _, label in learn.options(check)]
    for answer in [right, *wrongs]:
        for first in (True, False):
            feedback = learn.grade(check, answer, hint_only=first)
            texts += [feedback.headline, *feedback.details]
    shown = learn.reveal(check)
    texts += [shown.headline, *shown.details]
    if shown.breakdown is not None:
        texts += [call.text for call in shown.breakdown.calls()]
        texts += [item.describe() for item in shown.breakdown.items]
    if isinstance(check, GoCheck):
        texts += learn.question_story(check)
    return texts


def test_the_glossary_is_valid_and_each_term_is_taught_by_its_lesson() -> None:
    assert READ.problems == ()
    assert check_glossary(GLOSSARY, COURSE) == []
    assert check_glossary_file(GLOSSARY_PATH) == []


def test_no_lesson_uses_a_word_before_the_lesson_that_teaches_it() -> None:
    """Words before they are taught: every text a lesson shows, feedback included."""
    problems = word_problems(COURSE, GLOSSARY, _screen_texts)
    assert problems == [], "\n".join(str(problem) for problem in problems)


def test_every_way_to_score_is_a_word_of_the_glossary() -> None:
    scoring = [Kind.FIFTEEN, Kind.PAIR, Kind.RUN, Kind.FLUSH, Kind.NOBS, Kind.GO]
    scoring += [Kind.LAST_CARD, Kind.HIS_HEELS, Kind.MUGGINS]
    for kind in scoring:
        assert GLOSSARY.get(str(kind)) is not None, kind
    for word in ("pair royal", "double run", "skunk", "starter", "crib", "pone", "series"):
        assert GLOSSARY.get(word) is not None, word


def test_every_term_has_a_short_meaning_and_a_lesson_of_the_course() -> None:
    ids = {lesson.id for lesson in COURSE.lessons}
    for term in GLOSSARY.terms:
        assert term.lesson in ids, term.term
        assert 10 < len(term.means) <= 160, term.term
        assert term.means[0].isupper() and term.means.rstrip('"').endswith((".", "!", ".)")), (
            term.term
        )


def test_a_longer_term_keeps_its_words_to_itself() -> None:
    """*pair* inside *pair royal* and *skunk* inside *skunk line* are those terms' own."""
    assert [t.term for t in GLOSSARY.uses("That is a **pair royal**.")] == ["pair royal"]
    assert [t.term for t in GLOSSARY.uses("The dashed skunk lines.")] == ["skunk line"]
    assert [t.term for t in GLOSSARY.uses("Go along the row, then say go.")] == ["go"]
    assert GLOSSARY.uses("The dealer's crib") == (GLOSSARY.get("dealer"), GLOSSARY.get("crib"))


# --- the check fails when a word comes too early ----------------------------------------------


def _course_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir()
    for path in lesson_files():
        shutil.copy(path, folder / path.name)
    shutil.copy(GLOSSARY_PATH, folder / GLOSSARY_PATH.name)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_a_word_used_before_its_lesson_fails_the_check(tmp_path: Path) -> None:
    folder = _course_copy(tmp_path)
    _edit(
        folder,
        "01-the-board.yaml",
        "You win points with your cards.",
        "You win points in the crib.",
    )
    problems = word_problems(load_course(folder), GLOSSARY)
    assert [str(problem) for problem in problems] == [
        f"{folder}/01-the-board.yaml: lesson 'the-board', step 1 'welcome': uses 'crib' before "
        "it is taught (lesson 2, 'deal-and-crib', step 9 teaches it)"
    ]
    (problem,) = validate_paths([folder])  # `python -m trainer validate` fails on it too
    assert "uses 'crib' before it is taught" in problem.message


def test_a_word_used_before_its_step_in_the_same_lesson_fails_the_check(tmp_path: Path) -> None:
    folder = _course_copy(tmp_path)
    _edit(
        folder, "02-deal-and-crib.yaml", "Take the jokers out.", "Take the jokers out of the crib."
    )
    (problem,) = word_problems(load_course(folder), GLOSSARY)
    assert problem.where == "lesson 'deal-and-crib', step 1 'the-deck'"
    assert "step 9 teaches it" in problem.message


def test_a_course_map_summary_may_only_use_words_taught_by_then(tmp_path: Path) -> None:
    """The map shows every summary before lesson 1: a summary may name what its own lesson
    teaches, never a word of a later one."""
    folder = _course_copy(tmp_path)
    _edit(
        folder,
        "02-deal-and-crib.yaml",
        "the dealer's extra hand.",
        "the dealer's extra hand, and muggins.",
    )
    (problem,) = word_problems(load_course(folder), GLOSSARY)
    assert problem.where == "lesson 'deal-and-crib', summary"
    assert "uses 'muggins' before it is taught (lesson 13" in problem.message
    own = COURSE.get("the-show")
    assert own is not None and "nobs" in own.summary  # taught by the show itself: fine


def test_a_question_and_its_feedback_are_checked_too(tmp_path: Path) -> None:
    folder = _course_copy(tmp_path)
    _edit(
        folder,
        "01-the-board.yaml",
        "statement: Your pegs are in holes 12 and 20.",
        "statement: Like a crib, your pegs are in holes 12 and 20.",
    )
    (problem,) = word_problems(load_course(folder), GLOSSARY)
    assert problem.where == "lesson 'the-board', step 5 'leapfrog', the question"

    def feedback(lesson: Lesson, step: Step) -> list[str]:
        return ["A double skunk!"] if lesson.id == "the-board" and step.id == "welcome" else []

    (late,) = word_problems(COURSE, GLOSSARY, feedback)
    assert late.where == "lesson 'the-board', step 1 'welcome', the feedback"


def test_a_word_the_course_keeps_out_is_reported(tmp_path: Path) -> None:
    folder = _course_copy(tmp_path)
    _edit(
        folder,
        "02-deal-and-crib.yaml",
        "one **deck** of 52 cards",
        "one **deck** (a pack) of 52 cards",
    )
    (problem,) = word_problems(load_course(folder), GLOSSARY)
    assert problem.message == "says 'pack': the course calls it 'deck'"


# --- a broken glossary file ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("terms", "where", "message"),
    [
        ([{"term": "crib", "lesson": "deal-and-crib"}], "term 1 'crib', field 'means'", "missing"),
        (
            [{"term": "crib", "lesson": "deal-and-crib", "means": "M.", "sense": "x"}],
            "term 1 'crib', field 'sense'",
            "unknown key 'sense'",
        ),
        (
            [{"term": "Crib", "lesson": "deal-and-crib", "means": "M."}],
            "term 1 'Crib', field 'term'",
            "lowercase",
        ),
        (
            [
                {"term": "crib", "lesson": "deal-and-crib", "means": "M."},
                {"term": "box", "lesson": "deal-and-crib", "means": "M.", "forms": ["crib"]},
            ],
            "field 'terms'",
            "'crib' is listed under 'crib' and again under 'box'",
        ),
        (
            [
                {
                    "term": "go",
                    "lesson": "go-and-last-card",
                    "means": "M.",
                    "forms": ["gos"],
                    "look_for": ["says go"],
                }
            ],
            "term 1 'go'",
            "not both",
        ),
    ],
)
def test_a_broken_glossary_names_the_term_and_the_field(
    tmp_path: Path, terms: list[dict[str, Any]], where: str, message: str
) -> None:
    import yaml

    path = tmp_path / "glossary.yaml"
    path.write_text(yaml.safe_dump({"terms": terms}))
    read = load_glossary(path)
    assert read.glossary is None
    assert any(p.where == where and message in p.message for p in read.problems), read.problems


def test_a_term_needs_a_lesson_that_teaches_it_in_bold(tmp_path: Path) -> None:
    path = tmp_path / "glossary.yaml"
    path.write_text(
        "terms:\n"
        "  - {term: crib, lesson: no-such-lesson, means: The dealer's extra hand.}\n"
        "  - {term: muggins, lesson: the-board, means: An optional rule.}\n"
    )
    read = load_glossary(path)
    assert read.glossary is not None
    problems = check_glossary(read.glossary, COURSE, read.file)
    assert [(p.where, p.message) for p in problems[:2]] == [
        ("term 1 'crib', field 'lesson'", "no lesson has the id 'no-such-lesson'"),
        (
            "term 2 'muggins', field 'lesson'",
            "the lesson 'the-board' never writes 'muggins' in bold, so it does not teach it: "
            "write **muggins** where it is explained",
        ),
    ]


def test_the_glossary_is_not_a_lesson() -> None:
    assert GLOSSARY_PATH.parent == LESSONS_DIR
    assert GLOSSARY_PATH not in lesson_files()
    assert all(entry.id for entry in COURSE.entries)


# --- words a child knows, in short sentences ------------------------------------------------------

#: The most words a sentence of the course may have (steps, captions, questions, hints and
#: every explanation the page gives).
SHORT = 20
#: The sentences allowed to be longer, each named: the count of a big hand said out loud at
#: the table, which is one sentence however many fifteens it holds.
LONG_ENOUGH = {
    ("count-out-loud", "say-the-total"): "Said out loud: *Fifteen two, fifteen four, fifteen six",
    ("double-runs", "put-it-together"): "Said out loud: *Fifteen two, fifteen four, fifteen six",
    ("best-and-worst-hands", "the-best-hand"): "Said out loud: *Fifteen two, fifteen four",
    ("best-and-worst-hands", "twenty-nine"): "Said out loud: *Fifteen two, fifteen four",
}
_WORD = re.compile(r"[\w'’♠♥♦♣+=-]*\w[\w'’♠♥♦♣+=-]*")


def _words_shown(step: Step) -> list[str]:
    """Every text the page shows for ``step``: its own words, the question and its cards'
    words, the hints of likely wrong answers, and the feedback to each answer."""
    texts = [step.text, *(show.caption for show in step.show if show.caption)]
    check = step.check
    if isinstance(check, TrueFalseCheck):
        return texts + [t for s in check.situations() for t in (s.statement, s.explain)]
    if check is None:
        return texts
    texts += [check.prompt, *asking.question_words(check), *giveaway.first_hints(check)]
    for answer in (learn.right_answer(check), *giveaway.wrong_answers(check)):
        feedback = learn.grade(check, answer)
        texts += [feedback.headline, *feedback.details]
    shown = learn.reveal(check)
    return [*texts, shown.headline, *shown.details]


def test_every_sentence_is_twenty_words_or_fewer_but_a_few_named() -> None:
    long = {}
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            for text in _words_shown(step):
                for sentence in giveaway.sentences(text):
                    if len(_WORD.findall(sentence)) > SHORT:
                        long[(lesson.id, step.id)] = sentence
    assert len(LONG_ENOUGH) <= 10
    for place, sentence in long.items():
        assert place in LONG_ENOUGH and sentence.startswith(LONG_ENOUGH[place]), (place, sentence)


def test_the_words_the_course_used_untaught_are_taught_first() -> None:
    """ "opponent" (in lesson 1's first caption), "value" and "combination" are taught where
    the course first needs them; "non-dealer" is not used at all."""
    for word, lesson_id in (("opponent", "the-board"), ("value", "deal-and-crib")):
        term = GLOSSARY.get(word)
        assert term is not None and term.lesson == lesson_id
    combination = GLOSSARY.get("combination")
    assert combination is not None and combination.lesson == "the-show"
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            assert not any("non-dealer" in text for text in _words_shown(step)), step.id


def _app_strings() -> list[tuple[str, str]]:
    """Every string literal of the app's pages and of what they say (not docstrings)."""
    found = []
    for folder in ("ui", "training"):
        for path in sorted((REPO_ROOT / "trainer" / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {
                id(node.body[0].value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                and node.body
                and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            }
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and (id(node) not in docs)
                ):
                    found.append((path.name, node.value))
    return found


def test_the_app_says_deck_as_the_lessons_do() -> None:
    """One word for one thing: the first game said "Cut the pack"."""
    deck = GLOSSARY.get("deck")
    assert deck is not None and "pack" in deck.instead
    said = [(name, text) for name, text in _app_strings() if re.search(r"\bpacks?\b", text, re.I)]
    assert said == []

"""The lesson files and their loader: every lesson valid, every answer the engine's,
every kind of mistake in a file reported with its file, lesson, step and field."""

from __future__ import annotations

import pickle
import re
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.reference import naive_play, naive_show
from trainer.cli import main as cli_main
from trainer.content import LESSONS_DIR, REPO_ROOT
from trainer.content.lessons import (
    SKUNKS,
    CountCheck,
    FifteenCheck,
    GoCheck,
    Lesson,
    PegCheck,
    SkunkCheck,
    TrueFalseCheck,
    check_files,
    course_stamp,
    lesson_files,
    load_course,
    replay_go,
)
from trainer.content.validate import validate_paths
from trainer.engine import Card, Pegging, parse_cards, score_play, score_show, skunk

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"

#: The five-minute teaching flow, in order, then the deeper lessons.
FIVE_MINUTE_FLOW = (
    "deal-and-crib",
    "the-starter",
    "the-play",
    "go-and-last-card",
    "the-show",
    "counting-order-and-121",
)
DEEPER = (
    "count-out-loud",
    "double-runs",
    "crib-flush",
    "pegging-details",
    "mistakes-and-disputes",
    "winning",
    "first-strategy",
)

COURSE = load_course()
CHECKS = [
    pytest.param(step.check, id=f"{lesson.id}/{step.id}")
    for lesson in COURSE.lessons
    for step in lesson.steps
    if step.check is not None
]


def _plain(card: Card) -> tuple[int, str]:
    return (card.order, card.suit.value)


# --- the course -------------------------------------------------------------------------


def test_every_lesson_file_validates() -> None:
    files = lesson_files()
    assert len(files) == len(FIVE_MINUTE_FLOW) + len(DEEPER)
    assert check_files(files) == []
    assert validate_paths([LESSONS_DIR]) == []
    assert COURSE.problems == ()
    assert all(entry.ok for entry in COURSE.entries)


def test_course_follows_the_five_minute_flow_then_goes_deeper() -> None:
    assert tuple(lesson.id for lesson in COURSE.lessons) == FIVE_MINUTE_FLOW + DEEPER


def test_every_lesson_has_a_check_and_known_prerequisites() -> None:
    ids = {lesson.id for lesson in COURSE.lessons}
    for lesson in COURSE.lessons:
        assert lesson.checks >= 1, lesson.id
        assert set(lesson.prerequisites) <= ids
        assert lesson.id not in lesson.prerequisites
        order = [entry.id for entry in COURSE.entries]
        for needed in lesson.prerequisites:
            assert order.index(needed) < order.index(lesson.id), (lesson.id, needed)


def test_every_card_check_gives_its_answer_in_advance() -> None:
    """Authors state what they expect, so a test can hold the engine to it."""
    for param in CHECKS:
        (check,) = param.values
        if not isinstance(check, TrueFalseCheck):
            assert check.expect is not None, param.id


@pytest.mark.parametrize("check", CHECKS)
def test_every_answer_is_the_engines(check: object) -> None:
    """The answer the page grades against is the engine's, and any ``expect`` agrees."""
    if isinstance(check, CountCheck):
        engine = score_show(check.hand, check.starter, crib=check.crib).total
        referee = naive_show(
            [_plain(c) for c in check.hand], _plain(check.starter), crib=check.crib
        )
        assert check.answer == engine == referee
        assert check.expect == engine
    elif isinstance(check, PegCheck):
        engine = score_play(check.pile).total
        assert check.answer == engine == naive_play([_plain(c) for c in check.pile])
        assert check.expect == engine
    elif isinstance(check, FifteenCheck):
        makers = [
            card
            for card in check.choices
            if check.count + card.pips <= 31
            and any(i.kind == "fifteen" for i in score_play((*check.pile, card)).items)
        ]
        assert makers == [check.answer]
        assert check.expect == check.answer
    elif isinstance(check, GoCheck):
        assert check.expect == check.answer == _go_by_hand(check)
    elif isinstance(check, SkunkCheck):
        engine = SKUNKS[skunk(check.winner, check.loser, check.game)]
        assert check.answer == engine
        assert check.expect == engine
    else:
        assert isinstance(check, TrueFalseCheck)
        assert isinstance(check.answer, bool)
        assert check.explain.strip()


def _go_by_hand(check: GoCheck) -> int | str:
    """Play a go question out with the engine's Pegging directly, saying go when forced."""
    play = Pegging([list(check.pone), list(check.dealer)], leader=0)
    events = []
    last_lay = 0
    for card in check.plays:
        while play.must_go():
            events.append(play.go())
        last_lay = len(events)
        events.append(play.lay(card))
    while not events[-1].series_over:
        events.append(play.go())
    layer = events[last_lay].player
    if check.ask == "points":
        return sum(event.points_for(layer) for event in events[last_lay:])
    if check.ask == "leads-next":
        return ("pone", "dealer")[play.turn]
    closers = [
        who
        for event in events[last_lay:]
        for who, item in event.awards
        if item.kind in ("go", "last card", "thirty-one")
    ]
    return ("pone", "dealer")[closers[-1]]


def _lesson_text(lesson_id: str) -> str:
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    return "\n".join(step.text for step in lesson.steps)


@pytest.mark.parametrize(
    ("word", "lesson_id"),
    [
        ("52 cards", "deal-and-crib"),
        ("four suits", "deal-and-crib"),
        ("pone", "deal-and-crib"),
        ("series", "the-play"),
        ("belongs", "pegging-details"),
        ("longest", "the-show"),
        ("leapfrog", "counting-order-and-121"),
        ("skunk", "winning"),
    ],
)
def test_the_course_teaches_the_words_before_the_drills_say_them(word: str, lesson_id: str) -> None:
    """Each word is taught (in bold) by the first lesson that needs it, before any drill."""
    assert f"**{word}**" in _lesson_text(lesson_id)


def test_the_fifteens_pictures_light_every_fifteen_of_their_hand() -> None:
    lesson = COURSE.get("the-show")
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == "fifteens"]
    first = step.show[0]
    assert first.cards is not None and first.starter is not None
    fifteens = score_show(first.cards, first.starter).by_kind("fifteen")
    lit = {frozenset(show.highlight) for show in step.show}
    assert lit == {frozenset(item.cards) for item in fifteens}
    assert all(show.cards == first.cards and show.starter == first.starter for show in step.show)


def test_no_picture_gives_away_its_steps_count() -> None:
    """A picture of the very hand a step asks about must not say what it scores."""
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            check = step.check
            if not isinstance(check, CountCheck):
                continue
            for show in step.show:
                if show.cards == check.hand and show.starter == check.starter:
                    caption = (show.caption or "").lower()
                    total = re.compile(rf"(?<![-\d]){check.answer}(?![-\d])")
                    assert not total.search(caption), (lesson.id, step.id, caption)
                    assert "no fifteens" not in caption, (lesson.id, step.id)


def test_the_course_survives_the_page_cache() -> None:
    """st.cache_data pickles what it keeps."""
    again = pickle.loads(pickle.dumps(COURSE))
    assert again == COURSE
    assert again.lessons[4].steps[-1].check == COURSE.lessons[4].steps[-1].check


def test_lessons_are_frozen() -> None:
    lesson = COURSE.lessons[0]
    with pytest.raises(ValidationError):
        lesson.title = "changed"  # type: ignore[misc]


# --- the pegging worked examples of the guide, through go questions -------------------------


def test_go_replay_of_the_worked_play_with_a_go() -> None:
    """The guide's second worked example: the dealer pegs the first go, the last card too."""
    pone, dealer = parse_cards("8C 6H 9S JD"), parse_cards("7D 5S TC QH")
    first = replay_go(pone, dealer, parse_cards("8C 7D 6H 5S"))
    assert (first.scorer, first.closing.kind) == (1, "go")
    assert first.points == 4 + 1  # the 5♠ makes a run of four, then the go
    assert first.next_leader == 0
    whole = replay_go(pone, dealer, parse_cards("8C 7D 6H 5S 9S TC JD QH"))
    assert (whole.scorer, whole.closing.kind, whole.points) == (1, "last card", 1)
    assert whole.play_over and whole.next_leader is None


def test_go_replay_of_the_worked_play_with_thirty_one() -> None:
    """The guide's first worked example: the king makes 31, no separate go."""
    replay = replay_go(
        parse_cards("7S 7H 4C 6D"), parse_cards("7C KD 5S 9H"), parse_cards("7S 7C 7H KD")
    )
    assert (replay.scorer, replay.closing.kind, replay.points) == (1, "thirty-one", 2)
    assert replay.next_leader == 0


@pytest.mark.parametrize(
    ("plays", "message"),
    [
        ("TS 8H", "8♥ is the pone's card, but it is the dealer's turn"),
        ("TS 9D 2C", "2♣ is in neither the pone's nor the dealer's hand"),
        ("TS 9D 8H QD", "Q♦ would make the count 37"),
        ("TS 9D", "the series is not over after these plays: the pone can still lay"),
    ],
)
def test_go_replay_refuses_impossible_plays(plays: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        replay_go(parse_cards("TS 8H 3C QD"), parse_cards("9D 5C KH 7S"), parse_cards(plays))


# --- broken files ---------------------------------------------------------------------------

BROKEN = [
    pytest.param(
        "alias-bomb.yaml",
        "line 1, column 4",
        "uses the YAML anchor &a: content files do not use anchors and aliases",
        id="alias bomb",
    ),
    pytest.param(
        "prerequisite-cycle/01-first.yaml",
        "lesson 'first', field 'prerequisites'",
        "the prerequisites go round in a circle: first → third → second → first",
        id="prerequisite cycle",
    ),
    pytest.param(
        "unknown-key.yaml",
        "lesson 'unknown-key', step 2 'count-it', field 'check.hnad'",
        "unknown key 'hnad': did you mean 'hand'?",
        id="unknown key",
    ),
    pytest.param(
        "missing-field.yaml",
        "lesson 'missing-field', step 2 'count-it', field 'check.starter'",
        "this field is missing, and it is required",
        id="missing field",
    ),
    pytest.param(
        "bad-card.yaml",
        "lesson 'bad-card', step 2 'count-it', field 'check.hand'",
        "'5X' is not a card: 'X' is not a suit",
        id="bad card notation",
    ),
    pytest.param(
        "duplicate-card.yaml",
        "lesson 'duplicate-card', step 2 'count-it', field 'check.starter'",
        "5♦ is already in the hand",
        id="duplicate card",
    ),
    pytest.param(
        "duplicate-step-id.yaml",
        "lesson 'duplicate-step-id', step 3 'count-it', field 'id'",
        "the step id 'count-it' is already used by step 2",
        id="duplicate step id",
    ),
    pytest.param(
        "unknown-prerequisite.yaml",
        "lesson 'unknown-prerequisite', field 'prerequisites[0]'",
        "no lesson has the id 'no-such-lesson'",
        id="unknown prerequisite",
    ),
    pytest.param(
        "expect-mismatch.yaml",
        "lesson 'expect-mismatch', step 2 'count-it', field 'check.expect'",
        "expect says 28 but the engine says 29",
        id="expect differs from the engine",
    ),
    pytest.param(
        "illegal-play.yaml",
        "lesson 'illegal-play', step 2 'who-gets-it', field 'check.plays'",
        "8♥ is the pone's card, but it is the dealer's turn",
        id="play out of turn",
    ),
    pytest.param(
        "pile-past-31.yaml",
        "lesson 'pile-past-31', step 2 'peg-it', field 'check.pile'",
        "5♣ would make the count 35",
        id="pile past 31",
    ),
    pytest.param(
        "two-fifteens.yaml",
        "lesson 'two-fifteens', step 2 'which-card', field 'check.choices'",
        "exactly one choice must make 15, the engine finds: 6♦ 6♣",
        id="fifteen with two answers",
    ),
    pytest.param(
        "unknown-check-kind.yaml",
        "lesson 'unknown-check-kind', step 2 'count-it', field 'check'",
        "unknown check kind 'add-up'",
        id="unknown check kind",
    ),
    pytest.param(
        "duplicate-key.yaml",
        "lesson 'duplicate-key', step 2 'count-it', field 'check.starter'",
        "the key 'starter' is written twice (lines 12 and 13)",
        id="key written twice",
    ),
    pytest.param(
        "no-check.yaml",
        "lesson 'no-check', field 'steps'",
        "a lesson needs at least one step with a check",
        id="lesson without a check",
    ),
    pytest.param(
        "not-yaml.yaml",
        "line 10, column 1",
        "this is not valid YAML",
        id="not YAML",
    ),
    pytest.param(
        "duplicate-lesson-id/second.yaml",
        "lesson 'same-id', field 'id'",
        "the lesson id 'same-id' is already used by "
        "tests/fixtures/lessons/duplicate-lesson-id/first.yaml",
        id="duplicate lesson id",
    ),
]


@pytest.mark.parametrize(("name", "where", "message"), BROKEN)
def test_broken_fixture_names_file_lesson_step_and_field(
    name: str, where: str, message: str
) -> None:
    path = FIXTURES / name
    files = [path.parent / "first.yaml", path] if "duplicate-lesson-id" in name else [path]
    if "prerequisite-cycle" in name:  # a cycle needs all its lessons
        files = sorted(path.parent.glob("*.yaml"))
    problems = check_files(files)
    assert len(problems) == 1, problems
    (problem,) = problems
    assert problem.file == f"tests/fixtures/lessons/{name}"
    assert problem.where == where
    assert message in problem.message
    assert str(problem).startswith(f"tests/fixtures/lessons/{name}: {where}: ")


def test_every_fixture_is_broken_and_validate_reports_each() -> None:
    problems = validate_paths([FIXTURES])
    broken = {problem.file for problem in problems}
    fixtures = {
        p.relative_to(REPO_ROOT).as_posix()
        for p in FIXTURES.rglob("*.yaml")
        if p.name not in ("first.yaml", "02-second.yaml", "03-third.yaml")  # named elsewhere
    }
    assert broken == fixtures
    assert len(fixtures) == len(BROKEN)


def test_cli_validate_passes_the_course_and_fails_the_fixtures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["validate", str(LESSONS_DIR)]) == 0
    assert cli_main(["validate", str(FIXTURES)]) == 2
    out = capsys.readouterr().out
    assert (
        "tests/fixtures/lessons/bad-card.yaml: lesson 'bad-card', step 2 'count-it', "
        "field 'check.hand': '5X' is not a card" in out
    )


def test_a_broken_file_does_not_stop_the_others(tmp_path: Path) -> None:
    shutil.copy(LESSONS_DIR / "01-deal-and-crib.yaml", tmp_path / "01-good.yaml")
    shutil.copy(FIXTURES / "bad-card.yaml", tmp_path / "02-broken.yaml")
    course = load_course(tmp_path)
    assert [lesson.id for lesson in course.lessons] == ["deal-and-crib"]
    good, broken = course.entries
    assert good.ok and not good.problems
    assert not broken.ok and broken.lesson is None
    assert broken.id == "bad-card" and broken.title == "A broken lesson"
    assert "'5X' is not a card" in str(broken.problems[0])
    assert course.get("bad-card") is None


def test_a_missing_or_unreadable_folder_is_an_empty_course(tmp_path: Path) -> None:
    assert load_course(tmp_path / "nowhere").entries == ()
    (tmp_path / "empty.yaml").write_text("")
    (tmp_path / "list.yaml").write_text("- just\n- a list\n")
    messages = [p.message for p in check_files(sorted(tmp_path.glob("*.yaml")))]
    assert messages == [
        "the file is empty",
        "a lesson file holds one lesson: keys id, title, summary and steps",
    ]


def test_stamp_changes_when_a_lesson_file_changes(tmp_path: Path) -> None:
    shutil.copy(LESSONS_DIR / "01-deal-and-crib.yaml", tmp_path / "01.yaml")
    before = course_stamp(tmp_path)
    (tmp_path / "01.yaml").write_text((tmp_path / "01.yaml").read_text() + "\n# edited\n")
    assert course_stamp(tmp_path) != before


# --- smaller rules of the schema ----------------------------------------------------------------


def _lesson(step: dict[str, object], **extra: object) -> dict[str, object]:
    return {"id": "x", "title": "X", "summary": "S", "steps": [step], **extra}


def _errors(data: dict[str, object]) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        Lesson.model_validate(data)
    return [str(error["msg"]) for error in caught.value.errors()]


def test_a_picture_is_cards_a_pile_or_a_board() -> None:
    both = {"id": "s", "text": "t", "show": [{"cards": "5H", "pile": "5D"}]}
    assert any("give one of 'cards'" in m for m in _errors(_lesson(both)))
    with_board = {"id": "s", "text": "t", "show": [{"cards": "5H", "board": {"you": [0, 4]}}]}
    assert any("give one of 'cards'" in m for m in _errors(_lesson(with_board)))
    lit_board = {"id": "s", "text": "t", "show": [{"board": {"you": [0, 4]}, "highlight": "5H"}]}
    assert any("a board has no cards to light up" in m for m in _errors(_lesson(lit_board)))
    starter_on_pile = {"id": "s", "text": "t", "show": [{"pile": "5D", "starter": "5S"}]}
    assert any("a starter goes with 'cards'" in m for m in _errors(_lesson(starter_on_pile)))
    stray = {"id": "s", "text": "t", "show": [{"cards": "5H 6H", "highlight": "7H"}]}
    assert any("7♥ is not among the cards shown" in m for m in _errors(_lesson(stray)))


@pytest.mark.parametrize(
    ("pegs", "message"),
    [
        ([4, 2], "is not two pegs one behind the other"),
        ([3, 3], "is not two pegs one behind the other"),
        ([2, 0], "is not two pegs one behind the other"),
        ([-1, 4], "is not two pegs one behind the other"),
        ([100, 122], "from 0 (the start) to 121, not 122"),
    ],
)
def test_a_board_has_two_pegs_one_behind_the_other(pegs: list[int], message: str) -> None:
    step = {"id": "s", "text": "t", "show": [{"board": {"you": [0, 5], "opponent": pegs}}]}
    assert any(message in m for m in _errors(_lesson(step)))


def test_a_board_draws_each_players_pegs() -> None:
    lesson = COURSE.get("counting-order-and-121")
    assert lesson is not None
    boards = [show.board for step in lesson.steps for show in step.show if show.board]
    assert [board.tracks() for board in boards] == [
        (("You", 0, 0), ("Opponent", 0, 0)),
        (("You", 2, 6),),
        (("You", 6, 9),),
    ]
    rule = {"kind": "true-false", "statement": "s", "answer": True, "explain": "e"}
    ends = {"board": {"you": [0, 0], "opponent": [120, 121]}}
    step = {"id": "s", "text": "t", "show": [ends], "check": rule}
    board = Lesson.model_validate(_lesson(step)).steps[0].show[0].board
    assert board is not None and board.tracks()[1] == ("Opponent", 120, 121)


def test_a_misspelt_board_key_gets_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(
        "id: board\ntitle: B\nsummary: S\nsteps:\n  - id: s\n    text: t\n"
        "    show:\n      - board:\n          yuo: [0, 4]\n"
        "    check: {kind: true-false, statement: s, answer: true, explain: e}\n"
    )
    messages = [p.message for p in check_files([path])]
    assert "unknown key 'yuo': did you mean 'you'?" in messages


def test_a_pile_shows_the_engines_count() -> None:
    step = {
        "id": "s",
        "text": "t",
        "show": [{"pile": "KS 9D 7C"}],
        "check": {"kind": "true-false", "statement": "s", "answer": True, "explain": "e"},
    }
    show = Lesson.model_validate(_lesson(step)).steps[0].show[0]
    assert show.count == score_play(parse_cards("KS 9D 7C")).count == 26


def test_expect_must_match_the_kind_of_question() -> None:
    step = {
        "id": "s",
        "text": "t",
        "check": {
            "kind": "go",
            "ask": "who-scores",
            "pone": "TS 8H 9C QD",
            "dealer": "9D 5C KH 7S",
            "plays": "TS 9D 8H",
            "expect": 1,
        },
    }
    assert any("expect is 'pone' or 'dealer'" in m for m in _errors(_lesson(step)))


def test_leads_next_needs_cards_left() -> None:
    step = {
        "id": "s",
        "text": "t",
        "check": {
            "kind": "go",
            "ask": "leads-next",
            "pone": "KC 3D",
            "dealer": "9S 6H",
            "plays": "KC 9S 3D 6H",
        },
    }
    assert any("nobody leads again" in m for m in _errors(_lesson(step)))


def test_skunk_scores_must_be_a_finished_game() -> None:
    step = {"id": "s", "text": "t", "check": {"kind": "skunk", "winner": 120, "loser": 80}}
    assert any("the winner stops on 121" in m for m in _errors(_lesson(step)))


def test_a_lesson_cannot_need_itself() -> None:
    step = {
        "id": "s",
        "text": "t",
        "check": {"kind": "true-false", "statement": "s", "answer": True, "explain": "e"},
    }
    assert any(
        "cannot come before itself" in m for m in _errors(_lesson(step, prerequisites=["x"]))
    )


def test_ids_are_lowercase_slugs() -> None:
    step = {
        "id": "Step One",
        "text": "t",
        "check": {"kind": "true-false", "statement": "s", "answer": True, "explain": "e"},
    }
    assert any("'Step One' is not a valid id" in m for m in _errors(_lesson(step)))

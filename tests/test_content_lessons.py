"""The lesson files and their loader: every lesson valid, every answer the engine's,
every kind of mistake in a file reported with its file, lesson, step and field."""

from __future__ import annotations

import itertools
import pickle
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tests.reference import naive_play, naive_show
from trainer.analysis.hands import starter_average
from trainer.cli import main as cli_main
from trainer.content.files import LESSONS_DIR, REPO_ROOT
from trainer.content.lessons import (
    KEEP_MARGIN,
    SKUNKS,
    BoardCheck,
    Check,
    CountCheck,
    CutCheck,
    FifteenCheck,
    GoCheck,
    KeepCheck,
    Lesson,
    PegCheck,
    SkunkCheck,
    Step,
    TableGoCheck,
    TrueFalseCheck,
    check_files,
    course_stamp,
    lesson_files,
    load_course,
)
from trainer.content.validate import validate_paths
from trainer.engine import (
    DECK,
    Card,
    Kind,
    Pegging,
    Rank,
    format_cards,
    parse_cards,
    score_distribution,
    score_play,
    score_show,
    skunk,
)
from trainer.engine.rule_parts import RulePart

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"

#: The board first (clubs that teach children start there), then the five-minute teaching
#: flow, in order, then the deeper lessons.
BOARD = ("the-board",)
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
    "best-and-worst-hands",
    "crib-flush",
    "pegging-details",
    "mistakes-and-disputes",
    "winning",
    "which-four-to-keep",
    "first-strategy",
    "playing-the-score",
    "three-and-four",
)

COURSE = load_course()
CHECKS = [
    pytest.param(step.check, id=f"{lesson.id}/{step.id}")
    for lesson in COURSE.lessons
    for step in lesson.steps
    if step.check is not None
]


#: A true-or-false check for a step that needs one, with its one more situation.
RULE: dict[str, object] = {
    "kind": "true-false",
    "statement": "s",
    "answer": True,
    "explain": "e",
    "more": [{"statement": "t", "answer": False, "explain": "f"}],
}


def _plain(card: Card) -> tuple[int, str]:
    return (card.order, card.suit.value)


# --- the course -------------------------------------------------------------------------


def test_every_lesson_file_validates() -> None:
    files = lesson_files()
    assert len(files) == len(BOARD) + len(FIVE_MINUTE_FLOW) + len(DEEPER)
    assert check_files(files) == []
    assert validate_paths([LESSONS_DIR]) == []
    assert COURSE.problems == ()
    assert all(entry.ok for entry in COURSE.entries)


def test_course_starts_on_the_board_follows_the_five_minute_flow_then_goes_deeper() -> None:
    assert tuple(lesson.id for lesson in COURSE.lessons) == BOARD + FIVE_MINUTE_FLOW + DEEPER


def test_each_lesson_file_is_numbered_by_its_place_in_the_course() -> None:
    """``01-the-board.yaml``…: the number in a file name is the number on the course map,
    so a lesson added after the last one (``17-…``) needs no renaming."""
    for number, entry in enumerate(COURSE.entries, start=1):
        assert Path(entry.file).name == f"{number:02}-{entry.id}.yaml"


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
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            check = step.check
            if check is not None and not isinstance(check, TrueFalseCheck):
                assert check.expect is not None, f"{lesson.id}/{step.id}"


@pytest.mark.parametrize("check", CHECKS)
def test_every_answer_is_the_engines(check: Check) -> None:
    """The answer the page grades against is the engine's, and any ``expect`` agrees."""
    if isinstance(check, CountCheck):
        engine = score_show(check.hand, check.starter, crib=check.crib).total
        referee = naive_show(
            [_plain(c) for c in check.hand], _plain(check.starter), crib=check.crib
        )
        assert check.points == engine == referee
        assert check.answer == _pegged(check.pegs, engine)
        assert check.expect == engine
    elif isinstance(check, PegCheck):
        engine = score_play(check.pile).total
        assert check.points == engine == naive_play([_plain(c) for c in check.pile])
        assert check.answer == _pegged(check.pegs, engine)
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
        by_hand = _go_by_hand(check)
        assert check.expect == by_hand
        points = _pegged(check.pegs, by_hand) if isinstance(by_hand, int) else by_hand
        assert check.answer == points
    elif isinstance(check, TableGoCheck):
        assert check.expect == check.answer == _table_go_by_hand(check)
    elif isinstance(check, SkunkCheck):
        outcome = SKUNKS[skunk(check.winner, check.loser, check.game)]
        assert check.answer == outcome
        assert check.expect == outcome
    elif isinstance(check, BoardCheck):
        back, front = check.you
        assert back < front or front == 0
        assert check.expect == check.answer == min(front + check.points, check.game)
    elif isinstance(check, CutCheck):
        low = "A23456789TJQK"
        mine, theirs = low.index(str(check.you)[0]), low.index(str(check.opponent)[0])
        by_hand = "again" if mine == theirs else "you" if mine < theirs else "opponent"
        assert check.expect == check.answer == by_hand
    elif isinstance(check, KeepCheck):
        averages = {
            format_cards(keep): starter_average(keep, [c for c in check.cards if c not in keep])
            for keep in check.keeps
        }
        assert check.answer == max(averages, key=averages.__getitem__)
        assert check.expect is not None and format_cards(check.expect) == check.answer
    else:
        assert isinstance(check, TrueFalseCheck)
        assert isinstance(check.answer, bool)
        assert check.explain.strip()


def _pegged(pegs: tuple[int, int] | None, points: int) -> int:
    """The answer to a question that asks where the back peg lands (the points, without
    pegs): that many holes past the front peg, stopping in the game hole."""
    return points if pegs is None else min(pegs[1] + points, 121)


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


def _table_go_by_hand(check: TableGoCheck) -> str:
    """Play a series among three or four by the source's words alone, without the engine:
    turns go to the left; whoever can lay must (the next card listed); a player who can't
    passes; when nobody can lay, or the count is 31, the last to lay scores; the next
    series is led from the left of the last card, passing over empty hands."""
    n = len(check.hands)
    held = [list(hand) for hand in check.hands]
    plays = list(check.plays)
    count, turn, last = 0, 0, -1
    while count < 31 and any(count + card.pips <= 31 for hand in held for card in hand):
        if any(count + card.pips <= 31 for card in held[turn]):
            card = plays.pop(0)
            assert card in held[turn], "the card listed is the player's whose turn it is"
            held[turn].remove(card)
            count += card.pips
            last = turn
        turn = (turn + 1) % n
    assert not plays and last >= 0
    seats = check.seats
    if check.ask == "who-scores":
        return seats[last]
    leader = next(seat for seat in [(last + k) % n for k in range(1, n + 1)] if held[seat])
    return seats[leader]


def _lesson_text(lesson_id: str) -> str:
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    return "\n".join(step.text for step in lesson.steps)


@pytest.mark.parametrize(
    ("word", "lesson_id"),
    [
        ("deck", "deal-and-crib"),
        ("four suits", "deal-and-crib"),
        ("pone", "deal-and-crib"),
        ("series", "the-play"),
        ("belongs", "pegging-details"),
        ("longest", "the-show"),
        ("leapfrog", "the-board"),
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
    fifteens = score_show(first.cards, first.starter).by_kind(Kind.FIFTEEN)
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
        lesson.title = "changed"


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
    shutil.copy(LESSONS_DIR / "01-the-board.yaml", tmp_path / "01-good.yaml")
    shutil.copy(FIXTURES / "bad-card.yaml", tmp_path / "02-broken.yaml")
    course = load_course(tmp_path)
    assert [lesson.id for lesson in course.lessons] == ["the-board"]
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
    shutil.copy(LESSONS_DIR / "01-the-board.yaml", tmp_path / "01.yaml")
    before = course_stamp(tmp_path)
    (tmp_path / "01.yaml").write_text((tmp_path / "01.yaml").read_text() + "\n# edited\n")
    assert course_stamp(tmp_path) != before


# --- smaller rules of the schema ----------------------------------------------------------------


def _lesson(step: Mapping[str, object], **extra: object) -> dict[str, object]:
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


def test_a_board_gives_each_players_pegs_as_the_play_page_draws_them() -> None:
    """``pegs()`` is (front, back) per seat, you first; a player who has not scored keeps
    the back peg in the first of the Play page board's two start holes (-1)."""
    lesson = COURSE.get("the-board")
    assert lesson is not None
    boards = [show.board for step in lesson.steps for show in step.show if show.board]
    assert [board.pegs() for board in boards] == [
        ((0, 0), (-1, -1)),
        ((2, 0), (0, -1)),
        ((5, 0), (2, -1)),
        ((9, 0), (5, -1)),
        ((29, 0), (27, -1)),
        ((118, 114), (110, 108)),
    ]
    rule = RULE
    ends = {"board": {"you": [0, 0], "opponent": [120, 121]}}
    step = {"id": "s", "text": "t", "show": [ends], "check": rule}
    board = Lesson.model_validate(_lesson(step)).steps[0].show[0].board
    assert board is not None and board.pegs() == ((0, 121), (-1, 120))


def test_a_board_for_a_game_to_61_ends_at_61() -> None:
    short = {"id": "s", "text": "t", "show": [{"board": {"game": 61, "you": [50, 62]}}]}
    assert any("ends at hole 61, not 62" in m for m in _errors(_lesson(short)))


def test_a_misspelt_board_key_gets_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(
        "id: board\ntitle: B\nsummary: S\nsteps:\n  - id: s\n    text: t\n"
        "    show:\n      - board:\n          yuo: [0, 4]\n"
        "    check: {kind: true-false, statement: s, answer: true, explain: e,\n"
        "            more: [{statement: t, answer: false, explain: f}]}\n"
    )
    messages = [p.message for p in check_files([path])]
    assert "unknown key 'yuo': did you mean 'you'?" in messages


def test_a_pile_shows_the_engines_count() -> None:
    step = {
        "id": "s",
        "text": "t",
        "show": [{"pile": "KS 9D 7C"}],
        "check": RULE,
    }
    show = Lesson.model_validate(_lesson(step)).steps[0].show[0]
    assert show.count == score_play(parse_cards("KS 9D 7C")).count == 26


def test_expect_must_match_the_kind_of_question() -> None:
    step = {
        "id": "s",
        "text": "t",
        "check": {
            "kind": "go",
            "deal": {},
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
            "deal": {},
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
        "check": RULE,
    }
    assert any(
        "cannot come before itself" in m for m in _errors(_lesson(step, prerequisites=["x"]))
    )


def test_what_a_lesson_teaches_is_parts_of_the_rules_each_named_once(tmp_path: Path) -> None:
    step = {
        "id": "s",
        "text": "t",
        "check": {
            "kind": "true-false",
            "statement": "s",
            "answer": True,
            "explain": "e",
            "more": [{"statement": "s2", "answer": False, "explain": "e2"}],
        },
    }
    read = Lesson.model_validate(_lesson(step, teaches=["pair", " double-run"]))
    assert read.teaches == (RulePart.PAIR, RulePart.DOUBLE_RUN)
    assert Lesson.model_validate(_lesson(step)).teaches == ()
    assert any("listed twice" in m for m in _errors(_lesson(step, teaches=["run", "run"])))
    assert any("like [pair, run]" in m for m in _errors(_lesson(step, teaches="pair")))
    assert any("as a word" in m for m in _errors(_lesson(step, teaches=[3])))
    source = (LESSONS_DIR / "06-the-show.yaml").read_text()
    assert "\nteaches: [pair, run, flush, nobs]\n" in source
    bad = tmp_path / "06-the-show.yaml"
    bad.write_text(source.replace("teaches: [pair, run,", "teaches: [pair, runs,"))
    (problem,) = check_files([bad])
    assert str(problem).endswith(
        "lesson 'the-show', field 'teaches[1]': 'runs' is not a part of the rules: use "
        + ", ".join(RulePart)
    )


def test_the_lessons_readme_names_every_part_of_the_rules() -> None:
    readme = (LESSONS_DIR / "README.md").read_text()
    for part in RulePart:
        assert f"| `{part.value}` |" in readme, part
    taught = {part for lesson in COURSE.lessons for part in lesson.teaches}
    assert taught == set(RulePart)  # every part is taught somewhere in the course


def test_ids_are_lowercase_slugs() -> None:
    step = {
        "id": "Step One",
        "text": "t",
        "check": RULE,
    }
    assert any("'Step One' is not a valid id" in m for m in _errors(_lesson(step)))


# --- the rule for runs in the play, as the lessons state it ---------------------------------


def run_by_the_lessons_rule(pile: tuple[Card, ...]) -> int:
    """Lesson 12's rule, applied literally: take the last three cards laid, then the last
    four, and so on back to the start of the series; the biggest group that sorts into a
    row, with no gap and no rank twice, is the run (0: no run)."""
    best = 0
    for size in range(3, len(pile) + 1):
        ranks = sorted(card.order for card in pile[-size:])
        if len(set(ranks)) == size and ranks[-1] - ranks[0] == size - 1:
            best = size
    return best


def _engine_run(pile: tuple[Card, ...]) -> int:
    runs = [len(item.cards) for item in score_play(pile).items if item.kind == "run"]
    return max(runs, default=0)


def _pile(ranks: str) -> tuple[Card, ...]:
    """Cards of these ranks (``"7 5 6 8"``), each a suit not used yet for its rank."""
    cards, seen = [], {}  # type: ignore[var-annotated]
    for rank in ranks.split():
        suit = "SHDC"[seen.get(rank, 0)]
        seen[rank] = seen.get(rank, 0) + 1
        cards.append(Card.parse(rank + suit))
    return tuple(cards)


def _course_piles() -> list[pytest.ParameterSet]:
    """Every series the course lays out, each card of it in turn: pictures, peg and
    fifteen questions, and every series of the go questions as the engine plays them."""
    piles: dict[tuple[Card, ...], str] = {}
    for lesson in COURSE.lessons:
        for step in lesson.steps:
            where = f"{lesson.id}/{step.id}"
            series = [show.pile for show in step.show if show.pile]
            check = step.check
            if isinstance(check, PegCheck):
                series.append(check.pile)
            elif isinstance(check, FifteenCheck):
                series.append((*check.pile, check.answer))
            elif isinstance(check, GoCheck):
                laid: list[Card] = []
                for event in check.replay().events:
                    if event.card is not None:
                        laid.append(event.card)
                    if event.series_over:
                        series.append(tuple(laid))
                        laid = []
            for pile in series:
                for end in range(1, len(pile) + 1):
                    piles.setdefault(pile[:end], where)
    return [pytest.param(pile, id=f"{where}:{format_cards(pile)}") for pile, where in piles.items()]


@pytest.mark.parametrize("pile", _course_piles())
def test_the_run_rule_as_taught_gives_the_engines_run_on_every_pile_of_the_course(
    pile: tuple[Card, ...],
) -> None:
    assert run_by_the_lessons_rule(pile) == _engine_run(pile)


#: The examples the lessons state in words, with the run each claims (0: no run).
STATED_RUNS = [
    ("the-play", "runs", "2, 4, 3 is a run too", "2 4 3", 3),
    ("pegging-details", "out-of-order", "4, 6, 5 sorts into 4-5-6", "4 6 5", 3),
    ("pegging-details", "out-of-order", "", "7 5 6", 3),  # the check
    ("pegging-details", "longer-runs", "the last four sort into 5-6-7-8", "7 5 6 8", 4),
    ("pegging-details", "longer-runs", "(5, 6, 8) have a gap", "5 6 8", 0),
    ("pegging-details", "broken-by-a-stranger", "2, 3, king, 4", "2 3 K 4", 0),
    ("pegging-details", "broken-by-a-duplicate", "3, 2, 4, sort into 2-3-4", "2 3 2 4", 3),
    ("mistakes-and-disputes", "runs-must-be-whole", "8, 7, 7, 6 is not a run", "8 7 7 6", 0),
]


def _step_words(lesson_id: str, step_id: str) -> str:
    lesson = COURSE.get(lesson_id)
    assert lesson is not None
    (step,) = [step for step in lesson.steps if step.id == step_id]
    texts = [step.text, *(show.caption or "" for show in step.show)]
    return " ".join(" ".join(texts).split())


@pytest.mark.parametrize(("lesson_id", "step_id", "phrase", "ranks", "run"), STATED_RUNS)
def test_each_run_a_lesson_states_in_words_is_the_engines(
    lesson_id: str, step_id: str, phrase: str, ranks: str, run: int
) -> None:
    assert phrase in _step_words(lesson_id, step_id)
    pile = _pile(ranks)
    assert _engine_run(pile) == run
    assert run_by_the_lessons_rule(pile) == run


#: The pegging source's runs (002, section 4 and its worked examples) and the ACC guide's
#: disputed one (000, "Runs broken by an extra card").
SOURCE_RUNS = [
    ("7 5 6", 3),
    ("7 5 6 8", 4),
    ("4 5 4 6", 3),
    ("3 4 K 5", 0),
    ("7 7 7 K", 0),
    ("4 5 6", 3),
    ("8 7 6", 3),
    ("8 7 6 5", 4),
    ("9 10 J", 3),
    ("8 7 7 6", 0),
]


@pytest.mark.parametrize(("ranks", "run"), SOURCE_RUNS)
def test_the_run_rule_as_taught_gives_the_sources_runs(ranks: str, run: int) -> None:
    pile = _pile(ranks)
    assert _engine_run(pile) == run
    assert run_by_the_lessons_rule(pile) == run


def test_the_run_rule_as_taught_is_the_engines_for_every_short_series() -> None:
    """Every series of one to four cards (only the ranks matter): all 24,982 of them."""
    ranks = [rank.label for rank in Rank]
    checked = 0
    for size in (1, 2, 3, 4):
        for chosen in itertools.product(ranks, repeat=size):
            if any(chosen.count(rank) > 4 for rank in chosen):
                continue
            pile = _pile(" ".join(chosen))
            if sum(card.pips for card in pile) > 31:
                continue
            assert run_by_the_lessons_rule(pile) == _engine_run(pile), chosen
            checked += 1
    assert checked == 24_982  # the series of one to four cards that stay within 31


@settings(deadline=None, derandomize=True, max_examples=400)
@given(st.lists(st.sampled_from([rank.label for rank in Rank]), min_size=5, max_size=9))
def test_the_run_rule_as_taught_is_the_engines_for_longer_series(chosen: list[str]) -> None:
    assume(all(chosen.count(rank) <= 4 for rank in chosen))
    pile = _pile(" ".join(chosen))
    assume(sum(card.pips for card in pile) <= 31)
    assert run_by_the_lessons_rule(pile) == _engine_run(pile)


# --- no catch, no answer given away ------------------------------------------------------------

#: Words a question may use to say that a kind of score is in its cards.
KIND_WORDS = {
    "fifteen": ("fifteen",),
    "pair": ("pair", "double run", "triple run", "double-double"),
    "run": ("run",),
    "flush": ("flush",),
    "nobs": ("nobs",),
    "thirty-one": ("31",),
}


def _card_checks() -> list[pytest.ParameterSet]:
    return [
        pytest.param(lesson, step, id=f"{lesson.id}/{step.id}")
        for lesson in COURSE.lessons
        for step in lesson.steps
        if isinstance(step.check, CountCheck | PegCheck)
    ]


@pytest.mark.parametrize(("lesson", "step"), _card_checks())
def test_a_question_with_more_than_one_kind_of_score_says_so(lesson: Lesson, step: Step) -> None:
    """No unannounced catch: a hand or card that scores more than one kind of thing says
    "everything" (or names each kind) in its question."""
    check = step.check
    assert isinstance(check, CountCheck | PegCheck)
    kinds = {str(item.kind) for item in check.score().items}
    prompt = check.prompt.lower()
    if len(kinds) > 1 and "everything" not in prompt and "two things" not in prompt:
        for kind in kinds:
            assert any(word in prompt for word in KIND_WORDS[kind]), (kind, prompt)


@pytest.mark.parametrize(("lesson", "step"), _card_checks())
def test_a_question_never_shows_its_own_cards_above_it(lesson: Lesson, step: Step) -> None:
    """No answer given away: a picture above a question never holds the question's hand
    (whatever the starter) or its pile."""
    check = step.check
    for show in step.show:
        if isinstance(check, CountCheck) and show.cards is not None:
            assert set(show.cards) != set(check.hand), show.caption
        if isinstance(check, PegCheck) and show.pile is not None:
            assert show.pile != check.pile, show.caption


def test_the_lessons_claims_about_every_hand_are_the_engines() -> None:
    """Lesson 10 says 29 is the most a hand can score and that no hand makes 19 (nor 25,
    26 or 27), and lesson 11 that a crib's flush needs the starter: the engine's count of
    all 12,994,800 hands and starters agrees."""
    hands = score_distribution(crib=False)
    cribs = score_distribution(crib=True)
    assert max(hands) == max(cribs) == 29
    never = [total for total in range(30) if total not in hands]
    assert never == [19, 25, 26, 27]
    text = _lesson_text("best-and-worst-hands")
    assert "**29**" in text and "exactly 19" in text and "25, 26 or 27" in text


# --- the kinds of question added for the board, the cut and the keep ----------------------------


def test_a_board_question_moves_the_back_peg_past_the_front_one() -> None:
    check = BoardCheck(kind="board", you=(5, 9), points=6)
    assert check.answer == 15 and check.after == (9, 15)
    assert check.prompt == "You score 6. Which hole does your back peg jump to?"
    home = BoardCheck(kind="board", you=(110, 118), points=5)
    assert home.answer == 121, "a peg stops in the game hole"
    short = BoardCheck(kind="board", game=61, you=(50, 58), points=9)
    assert short.answer == 61


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ({"you": [0, 121], "points": 2}, "already in the game hole"),
        ({"you": [0, 4], "points": 0}, "a score is from 1 to 29 points, not 0"),
        ({"you": [0, 4], "points": 3, "expect": 8}, "expect says 8 but the engine says 7"),
        ({"you": [5, 4], "points": 3}, "is not two pegs one behind the other"),
    ],
)
def test_a_bad_board_question_is_refused(check: dict[str, object], message: str) -> None:
    step = {"id": "s", "text": "t", "check": {"kind": "board", **check}}
    assert any(message in m for m in _errors(_lesson(step)))


@pytest.mark.parametrize(
    ("you", "opponent", "answer"),
    [
        ("9D", "4C", "opponent"),
        ("AD", "3S", "you"),
        ("QH", "QS", "again"),
        ("KC", "AH", "opponent"),
    ],
)
def test_the_cut_for_deal_is_answered_by_the_engines_game(
    you: str, opponent: str, answer: str
) -> None:
    check = CutCheck(kind="cut", you=you, opponent=opponent)  # type: ignore[arg-type]
    assert check.answer == answer
    assert check.prompt.endswith("Who deals first?")


def test_a_cut_needs_two_cards_and_the_engines_answer() -> None:
    same = {"id": "s", "text": "t", "check": {"kind": "cut", "you": "5H", "opponent": "5H"}}
    assert any("already your card" in m for m in _errors(_lesson(same)))
    wrong = {
        "id": "s",
        "text": "t",
        "check": {"kind": "cut", "you": "5H", "opponent": "9C", "expect": "opponent"},
    }
    assert any("expect says opponent but the engine says you" in m for m in _errors(_lesson(wrong)))


def test_the_best_keep_is_the_one_that_scores_most_over_every_starter() -> None:
    check = KeepCheck(
        kind="keep",
        cards="3H QS 4C 8H 5H 2D",  # type: ignore[arg-type]
        keeps=("2D 3H 4C 5H", "QS 8H 5H 2D"),  # type: ignore[arg-type]
    )
    run, fifteens = check.values()
    assert len(run.points) == len(fifteens.points) == 46
    for value in (run, fifteens):
        assert value.average == pytest.approx(starter_average(value.keep, value.thrown))
    assert run.average > fifteens.average + KEEP_MARGIN
    assert check.answer == "2D 3H 4C 5H"
    assert (run.lowest, run.highest) == (6, 12)


@pytest.mark.parametrize(
    ("keeps", "message"),
    [
        (["5H 5D JS QC"], "give 2 to 4 keeps"),
        (["5H 5D JS QC", "5H 5D JS"], "a keep is 4 cards, not 3"),
        (["5H 5D JS QC", "5H 5D JS 9C"], "9♣ is not among the six cards"),
        (["5H 5D JS QC", "QC JS 5D 5H"], "this keep is listed twice"),
        (["5H 5D 2C 8H", "5H 5D JS 2C"], "too close to choose between"),
    ],
)
def test_a_keep_question_needs_clear_choices_from_the_six(keeps: list[str], message: str) -> None:
    check = {"kind": "keep", "cards": "5H 5D JS QC 2C 8H", "keeps": keeps}
    step = {"id": "s", "text": "t", "check": check}
    assert any(message in m for m in _errors(_lesson(step)))


def test_a_keep_question_holds_its_expect_to_the_engine() -> None:
    check = {
        "kind": "keep",
        "cards": "5H 5D JS QC 2C 8H",
        "keeps": ["5H 5D JS QC", "JS QC 2C 8H"],
        "expect": "JS QC 2C 8H",
    }
    step = {"id": "s", "text": "t", "check": check}
    assert any("the engine says 5♥ 5♦ J♠ Q♣" in m for m in _errors(_lesson(step)))


def test_a_peg_question_knows_the_count_before_its_card() -> None:
    check = PegCheck(kind="peg", pile="8D 7S", deal={})  # type: ignore[arg-type]
    assert (check.before, check.card, check.count_before) == (
        parse_cards("8D"),
        Card.parse("7S"),
        8,
    )
    lead = PegCheck(kind="peg", pile="5C", deal={})  # type: ignore[arg-type]
    assert (lead.before, lead.count_before) == ((), 0)


# --- playing the score --------------------------------------------------------------------


def test_playing_the_score_follows_first_strategy_and_its_cards_are_graded_by_the_engine() -> None:
    """Lesson 17: counting first near the end, defence, and the sources' positions (the
    game ends the moment the game hole is reached: in the show, in the play, at his heels)."""
    lesson = next(lesson for lesson in COURSE.lessons if lesson.id == "playing-the-score")
    assert lesson.prerequisites == ("first-strategy",)
    ids = [lesson.id for lesson in COURSE.lessons]
    assert ids.index("playing-the-score") == ids.index("first-strategy") + 1
    checks = {step.id: step.check for step in lesson.steps}
    graded = [c for c in checks.values() if not isinstance(c, TrueFalseCheck | None)]
    assert len(graded) >= 5
    # a score past the game hole stops in it: points over what is needed are no use
    for step_id in ("how-many-you-need", "his-heels-wins"):
        board = checks[step_id]
        assert isinstance(board, BoardCheck)
        assert board.you[1] + board.points >= board.game and board.answer == board.game
    # the pone counts out: the hand (the engine's count) takes the pegs to the game hole
    out = checks["count-out"]
    assert isinstance(out, CountCheck) and out.pegs is not None
    assert out.pegs[1] + score_show(out.hand, out.starter).total >= 121 == out.answer
    # pegging out, and the dealer's fifteen that a five lead gives away
    peg_out = checks["peg-out"]
    assert isinstance(peg_out, PegCheck) and peg_out.pegs is not None
    assert peg_out.pegs[1] + score_play(peg_out.pile).total >= 121 == peg_out.answer
    safe_play = checks["play-safe"]
    assert isinstance(safe_play, PegCheck) and safe_play.pile[0].rank is Rank.FIVE
    assert safe_play.answer == score_play(safe_play.pile).total == 2
    fifteen = checks["go-for-points"]
    assert isinstance(fifteen, FifteenCheck)
    assert score_play((*fifteen.pile, fifteen.answer)).total == 2
    # the safe lead (its words): no single card makes 15 with a 3
    three = Card.parse("3S")
    answers = [score_play((three, card)).total for card in DECK if card != three]
    assert set(answers) == {0, 2} and answers.count(2) == 3  # only the three other 3s pair it

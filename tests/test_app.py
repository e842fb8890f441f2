"""The app shell in AppTest: who is practising is this browser's choice, kept in the address,
asked for when there is none, shown on every page, and never taken from another browser."""

from __future__ import annotations

import os
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.apptest import metrics
from tests.stores import add_answer
from trainer.content.catalog import load_drills
from trainer.engine.skills import DrillType, Mode
from trainer.progress.store import Store
from trainer.training.questions import PegQuestion, ShowQuestion, deal_question
from trainer.training.records import AttemptIn

REPO = Path(__file__).resolve().parent.parent
APP = str(REPO / "trainer" / "app.py")
CATALOG = load_drills()
PAGES = (
    "ui/views/home.py",
    "ui/views/learn.py",
    "ui/views/practice.py",
    "ui/views/progress.py",
    "ui/views/check.py",
)
SET = {"drill": "hand", "tier": "beginner", "seed": "7", "length": "10"}


def browser(page: str = "ui/views/practice.py", **params: str) -> AppTest:
    """A browser opening ``page`` at an address with ``params`` (a reload is a new one)."""
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(params)
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def address(at: AppTest) -> dict[str, str]:
    out = {}
    for key, value in at.query_params.items():
        out[key] = str(value[0] if isinstance(value, list) else value)
    return out


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [s.value for s in at.subheader] + [w.value for w in at.warning]
    return "\n".join(str(part) for part in parts)


def pick(at: AppTest, name: str) -> None:
    profile = next(
        p for p in Store.open(os.environ["CRIBBAGE_TRAINER_DB"]).profiles() if p.name == name
    )
    at.button(key=f"player_pick_{profile.id}").click().run()
    assert not at.exception, at.exception


def answer_current(at: AppTest) -> int:
    """Answer the question on screen rightly; returns its index in the set."""
    params = address(at)
    index = int(params.get("q", "1")) - 1
    question = deal_question(
        DrillType(params["drill"]), params["tier"], int(params["seed"]), index, catalog=CATALOG
    )
    assert isinstance(question, ShowQuestion | PegQuestion)  # a question answered by a total
    at.text_input(key=f"practice_total_{index}").set_value(str(question.total))
    at.button(key=f"FormSubmitter:practice_answer_{index}-Check").click().run()
    assert not at.exception, at.exception
    return index


def next_question(at: AppTest) -> None:
    at.button(key="practice_next").click().run()
    assert not at.exception, at.exception


def owners() -> dict[str, int]:
    store = Store.open(os.environ["CRIBBAGE_TRAINER_DB"])
    return {p.name: store.count_attempts(p.id) for p in store.profiles()}


def test_a_browser_with_no_choice_is_asked_before_any_answer(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    kim = store.create_profile("Kim")
    add_answer(store, kim.id, _an_answer())
    for page in PAGES[1:4]:
        at = browser(page, **SET)
        assert "Who is playing?" in texts(at), page
        boxes = [w.key for w in [*at.main.text_input, *at.main.button]]
        assert not [k for k in boxes if "practice" in str(k) or "lesson" in str(k)], page
        assert at.button(key=f"player_pick_{kim.id}") is not None
    assert owners() == {"Kim": 1}


def test_reload_keeps_this_browsers_player_not_the_last_to_answer(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Kim")
    store.create_profile("Lee")
    a = browser(**SET)
    pick(a, "Kim")
    answer_current(a)
    b = browser(**SET)
    pick(b, "Lee")
    answer_current(b)
    assert owners() == {"Kim": 1, "Lee": 1}

    a_again = browser(**address(a))  # reload A: same address, new session
    assert "Practising as **Kim**" in texts(a_again)
    assert address(a_again)["q"] == "2"  # question 1 is answered: on to question 2
    assert answer_current(a_again) == 1
    assert owners() == {"Kim": 2, "Lee": 1}


def test_after_a_restart_the_address_decides_and_no_address_asks(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Kim")
    store.create_profile("Lee")
    a = browser(**SET)
    pick(a, "Kim")
    answer_current(a)
    Store.open(_isolated_database)  # a new process opening the same file
    kim = browser("ui/views/home.py", player=address(a)["player"])
    assert "Practising as **Kim**" in texts(kim)
    stranger = browser("ui/views/progress.py")
    assert "Who is playing?" in texts(stranger)
    assert not metrics(stranger)


def test_the_player_is_shown_and_kept_on_every_page(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Kim")
    at = browser("ui/views/learn.py")
    pick(at, "Kim")
    player = address(at)["player"]
    for page in PAGES:
        at.query_params.clear()  # the sidebar's links drop the address
        at.switch_page(page).run()
        assert not at.exception, page
        assert "Practising as **Kim**" in texts(at), page
        assert address(at).get("player") == player, page


def test_change_asks_again_in_the_page(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    store.create_profile("Kim")
    store.create_profile("Lee")
    at = browser("ui/views/home.py")
    pick(at, "Kim")
    at.button(key="player_change").click().run()
    assert "Who is playing?" in texts(at)
    pick(at, "Lee")
    assert "Practising as **Lee**" in texts(at)


def test_a_new_player_can_be_added_from_the_question(_isolated_database: Path) -> None:
    Store.open(_isolated_database).create_profile("Kim")
    at = browser(**SET)
    at.text_input(key="player_new_name").input("Mo")
    at.button(key="player_add").click().run()
    assert "Practising as **Mo**" in texts(at)
    answer_current(at)
    assert owners() == {"Kim": 0, "Mo": 1}


def test_scripted_sessions_across_a_restart_all_land_on_their_own_player(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    names = [f"P{n}" for n in range(8)]
    for name in names:
        store.create_profile(name)
    browsers = []
    for name in names:
        at = browser(**SET)
        pick(at, name)
        answer_current(at)
        browsers.append(at)
    reloaded = [browser(**address(at)) for at in browsers]  # the server restarted
    for at in reloaded:
        assert answer_current(at) == 1
    assert owners() == dict.fromkeys(names, 2)


def _an_answer() -> AttemptIn:
    return AttemptIn(DrillType.HAND, "beginner", 1, "5H 5D 5C JS | 5S", "29", True, 0, (), 3.0)


def test_a_set_resumes_at_its_question_and_saves_each_answer_once(
    _isolated_database: Path,
) -> None:
    Store.open(_isolated_database).create_profile("Kim")
    at = browser(**SET)
    pick(at, "Kim")
    assert answer_current(at) == 0
    next_question(at)
    assert address(at)["q"] == "2"
    again = browser(**address(at))  # reload on question 2, not yet answered
    assert "Question 2 of 10" in again.get("progress")[0].proto.text
    assert answer_current(again) == 1
    assert owners() == {"Kim": 2}
    twice = browser(**address(again))  # reload while question 2's answer is on screen
    assert "Question 3 of 10" in twice.get("progress")[0].proto.text
    # the same address opened twice: question 3 answered in both, saved once
    other = browser(**address(twice))
    assert answer_current(twice) == 2
    assert answer_current(other) == 2
    assert owners() == {"Kim": 3}
    # the second tab's answer is not acknowledged and dropped: it is refused, and says so
    assert "answered already, in another tab or window" in texts(other).replace("\u2060", "")
    assert "answered already" not in texts(twice)
    # and the refused tab shows the refusal alone: no verdict for an answer not kept
    assert [s.value for s in twice.success] and not other.success and not other.error
    assert "practice_next" in [b.key for b in other.button]  # the set goes on from there


def test_leaving_practice_and_coming_back_keeps_the_set_in_the_address(
    _isolated_database: Path,
) -> None:
    Store.open(_isolated_database).create_profile("Kim")
    at = browser(**SET)
    pick(at, "Kim")
    answer_current(at)
    next_question(at)
    kept = address(at)
    at.query_params.clear()
    at.switch_page("ui/views/home.py").run()
    at.query_params.clear()
    at.switch_page("ui/views/practice.py").run()
    assert not at.exception
    assert address(at) == kept
    assert "Question 2 of 10" in at.get("progress")[0].proto.text


def test_the_weak_spots_link_carries_its_weights(_isolated_database: Path) -> None:
    store = Store.open(_isolated_database)
    kim = store.create_profile("Kim")
    store.add_attempts(
        kim.id,
        [
            AttemptIn(DrillType.PEG, "traps", n, "5H 10S", "2", n % 3 == 0, 0, (), 4.0)
            for n in range(12)
        ],
    )
    at = browser("ui/views/progress.py", player=str(kim.id))
    at.button(key="practise_weak_spots").click().run()
    assert not at.exception, at.exception
    params = address(at)
    assert params["drill"] == "mixed" and "peg.traps" in params["w"]
    reloaded = browser(**params)
    assert "Mixed drills (your weak spots)" in texts(reloaded)
    assert headings(reloaded) == headings(at)  # the same weighted deal
    assert len(headings(at)) == 1


def headings(at: AppTest) -> list[str]:
    return [str(m.value) for m in at.markdown if str(m.value).startswith("####")]


def test_pages_are_compiled_without_magic_and_need_none() -> None:
    """The app turns Streamlit's "magic" off (it re-walked each page's syntax tree whenever
    the compiled pages were dropped): no page may rely on it to show a bare expression."""
    import ast
    import tomllib

    from streamlit.runtime.scriptrunner import magic

    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text())
    assert config["runner"]["magicEnabled"] is False
    scripts = [
        REPO / "trainer" / "app.py",
        *sorted((REPO / "trainer" / "ui" / "views").glob("*.py")),
    ]
    assert len(scripts) > 5
    for script in scripts:
        source = script.read_text()
        written = [
            node
            for node in ast.walk(magic.add_magic(source, str(script)))
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == magic.MAGIC_MODULE_NAME
        ]
        assert not written, f"{script.name} shows a bare expression at line {written[0].lineno}"


def test_the_app_hands_the_interpreter_lock_over_often(_isolated_database: Path) -> None:
    """The warm-up's tables must not hold up the server's event loop for 5 ms at a time."""
    import sys

    browser("ui/views/home.py")
    assert sys.getswitchinterval() <= 0.001


#: What each page that needs a player shows once one is chosen (after "Add and start").
ASKING_PAGES = {
    "ui/views/learn.py": "Learn cribbage",
    "ui/views/today.py": "Today's review",
    "ui/views/practice.py": "Practice",
    "ui/views/play.py": "Play",
    "ui/views/review.py": "Game review",
    "ui/views/progress.py": "Progress",
}
#: The title each of those pages shows above "Who is playing?" (the app's name for it).
ASKED_TITLES = {
    "ui/views/learn.py": "Learn",
    "ui/views/today.py": "Today's review",
    "ui/views/practice.py": "Practice",
    "ui/views/play.py": "Play",
    "ui/views/review.py": "Game review",
    "ui/views/progress.py": "Progress",
}
#: Pages that link to pages only the app's navigation knows: run on their own, they are
#: only checked to ask.
APP_ONLY = (
    "ui/views/learn.py",
    "ui/views/today.py",
    "ui/views/review.py",
    "ui/views/progress.py",
)


def page_keys(at: AppTest) -> list[str]:
    """The keys of the page's own boxes and buttons (not the question's, not the sidebar's)."""
    widgets = [
        *at.main.text_input,
        *at.main.button,
        *at.main.radio,
        *at.main.selectbox,
        *at.main.button_group,
    ]
    return [str(w.key) for w in widgets if not str(w.key).startswith("player_")]


def test_the_very_first_visitor_is_asked_and_nothing_is_kept_until_they_answer(
    _isolated_database: Path,
) -> None:
    for page in ASKING_PAGES:  # a device nobody has used yet
        at = browser(page, **SET)
        assert "Who is playing?" in texts(at), page
        assert at.text_input(key="player_new_name").label == "Your name", page
        assert page_keys(at) == [], page  # no lesson, question or game to answer yet
        assert [t.value for t in at.title] == [ASKED_TITLES[page]], page  # above the question
        assert "player" not in address(at), page
    store = Store.open(_isolated_database)
    assert store.profiles() == [] and store.count_attempts() == 0

    at = browser(**SET)
    at.text_input(key="player_new_name").input("Sam")
    at.button(key="player_add").click().run()
    assert not at.exception, at.exception
    (sam,) = store.profiles()
    assert sam.name == "Sam"
    assert "Practising as **Sam**" in texts(at)
    assert address(at)["player"] == f"{sam.id}-sam"
    assert [t.value for t in at.title] == ["Practice"]
    answer_current(at)
    assert owners() == {"Sam": 1}

    for page, title in ASKING_PAGES.items():  # every page runs for Sam now
        at.query_params.clear()  # the sidebar's links drop the address
        at.switch_page(page).run()
        assert not at.exception, page
        assert title in [t.value for t in at.title], page
        assert "Who is playing?" not in texts(at), page
        assert address(at)["player"] == f"{sam.id}-sam", page
    assert [p.name for p in store.profiles()] == ["Sam"]


def test_home_and_check_a_hand_need_no_player(_isolated_database: Path) -> None:
    home = browser("ui/views/home.py")  # the question on top, the page below it
    assert "Who is playing?" in texts(home)
    assert [t.value for t in home.title] == ["Cribbage trainer"]
    check = browser("ui/views/check.py")
    assert [t.value for t in check.title] == ["Check a hand"]
    check.text_input(key="check_hand").set_value("3c 3d 4s 4h")
    check.text_input(key="check_starter").set_value("5C")
    check.button(key="check_submit").click().run()
    assert not check.exception, check.exception
    assert metrics(check)[0].value == "20"
    assert Store.open(_isolated_database).profiles() == []


def test_a_page_run_on_its_own_asks_too_and_keeps_nothing(_isolated_database: Path) -> None:
    """Without the app's banner above it, a page that needs a player asks for one itself
    (profiles.require_player) instead of recording answers for nobody."""
    store = Store.open(_isolated_database)
    n = 0
    for page, title in ASKING_PAGES.items():
        at = AppTest.from_file(str(REPO / "trainer" / page), default_timeout=60)
        at.query_params.update(SET)
        at.run()
        assert not at.exception, (page, at.exception)
        assert "Who is playing?" in [s.value for s in at.subheader], page
        assert page_keys(at) == [] and [t.value for t in at.title] == [], page
        assert len(store.profiles()) == n and store.count_attempts() == 0, page  # none made
        if page in APP_ONLY:
            continue
        at.text_input(key="player_new_name").input(f"Sam{n}")
        at.button(key="player_add").click().run()
        assert not at.exception, (page, at.exception)
        assert title in [t.value for t in at.title], page
        added = store.profiles()[-1]
        assert added.name == f"Sam{n}" and len(store.profiles()) == n + 1, page
        assert at.query_params["player"] == f"{added.id}-sam{n}", page
        n += 1


def test_player_names_show_as_typed_on_the_buttons(_isolated_database: Path) -> None:
    """A name that is Markdown (an image from another host) is shown as text, so no visitor's
    browser fetches anything."""
    store = Store.open(_isolated_database)
    sly = store.create_profile("![i](http://host/p.png)")
    at = browser("ui/views/learn.py")
    label = at.button(key=f"player_pick_{sly.id}").label
    assert "](http" not in label and "\\!\\[i\\]" in label


def test_a_name_too_long_is_refused_with_a_message_not_cut(_isolated_database: Path) -> None:
    at = browser("ui/views/learn.py")
    at.text_input(key="player_new_name").input("Alexandra-Konstantina Papadopoulou-Smithson")
    at.button(key="player_add").click().run()
    assert "That name is 43 characters long; please keep it to 40" in "\n".join(
        e.value.replace("\u2060", "").replace("\\", "") for e in at.error
    )
    assert Store.open(_isolated_database).profiles() == []


def _everything(store: Store, profile_id: int) -> None:
    add_answer(
        store,
        profile_id,
        AttemptIn(DrillType.HAND, "club", 1, "q", "a", True, 0, (), 2.0, Mode.QUICK),
    )
    store.save_lesson_progress(profile_id, "the-show", 1, False)


def test_a_players_progress_is_cleared_or_the_player_removed_after_asking(
    _isolated_database: Path,
) -> None:
    store = Store.open(_isolated_database)
    kim = store.create_profile("Kim")
    lee = store.create_profile("Lee")
    for player in (kim, lee):
        _everything(store, player.id)
    at = browser("ui/views/home.py")
    pick(at, "Kim")
    at.button(key="profile_clear").click().run()
    assert "Clear **Kim**'s progress?" in "\n".join(w.value for w in at.warning)
    assert store.count_attempts(kim.id) == 1  # nothing yet: it asks first
    at.button(key="profile_clear_no").click().run()
    assert store.count_attempts(kim.id) == 1
    at.button(key="profile_clear").click().run()
    assert not at.sidebar.success, "the sidebar's fold is closed: it has nothing to say yet"
    at.button(key="profile_clear_yes").click().run()
    assert (store.count_attempts(kim.id), store.count_attempts(lee.id)) == (0, 1)
    # what was done is said in the sidebar's fold, opened to say it
    assert "Kim starts again from nothing" in at.sidebar.success[0].value
    assert store.lesson_progress(kim.id) == {} and store.lesson_progress(lee.id) != {}
    assert [p.name for p in store.profiles()] == ["Kim", "Lee"]
    at.button(key="profile_remove").click().run()
    at.button(key="profile_remove_yes").click().run()
    assert [p.name for p in store.profiles()] == ["Lee"]
    assert store.count_attempts(lee.id) == 1
    assert "Who is playing?" in texts(at)

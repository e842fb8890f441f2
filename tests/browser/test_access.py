"""Usable without a mouse and without sight, in a real browser. axe-core (the
``axe-playwright-python`` package brings its script inside the wheel: nothing is fetched at
run time) finds no critical or serious violation on any page at a desktop's and a phone's
size, nor in any phase of the Play page; a whole deal of a learning game is played with the
keyboard alone (Tab, arrows, Enter, Space and the picker's own keys), and on the way the
names a screen reader says are checked: every card, the count, the board's scores and each
scoring line of the show."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser import EXCEPTION, acted, all_drawn, settled, sized_tabs
from tests.conftest import APP, BROWSER_PLAYER, REPO
from tests.play_steps import HAND, LAY, THROW, in_show, open_play, play_until, start_game, step
from tests.stores import add_answer
from tests.test_game import play_random_game
from trainer.bench.playing import played_game
from trainer.bench.serving import serving
from trainer.engine import Counting, GameRecord, LayEvent
from trainer.engine.cards import Card
from trainer.engine.show import score_show
from trainer.engine.skills import DrillType
from trainer.progress import club
from trainer.progress.store import Store
from trainer.training.records import AttemptIn
from trainer.training.table import CoachMode
from trainer.ui.play_saves import saved_row

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 900), "phone": (390, 844)}
#: What axe-core reports that a person cannot get past: these fail the test.
BLOCKING = ("critical", "serious")
AXE = Axe()

#: A card's name as a screen reader says it.
CARD_NAME = re.compile(
    r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
    r"(hearts|diamonds|clubs|spades)$"
)
CARD_NAME_IN = re.compile(CARD_NAME.pattern.strip("^$"))
SUITS = re.compile("[♥♦♣♠]")

#: The element that has the keyboard's focus, inside the cards' own shadow root too.
_FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const label = el.getAttribute('aria-label') || '';
  let keyed = el.closest('[class*="st-key-"]');
  if (!keyed && el.getRootNode().host) keyed = el.getRootNode().host.closest('[class*="st-key-"]');
  const key = keyed ? (keyed.className.match(/st-key-(\\S+)/) || [])[1] || '' : '';
  return {tag: el.tagName, name: (label || el.innerText || '').trim().slice(0, 120),
          cls: typeof el.className === 'string' ? el.className : '',
          id: el.dataset ? (el.dataset.id || '') : '', key};
}"""


@pytest.fixture
def tabs(browser: Any) -> Iterator[dict[str, Any]]:
    with sized_tabs(browser, SIZES) as pages:
        yield pages


def blocking(page: Any) -> list[str]:
    """axe-core's critical and serious violations on the page as it stands, one line each
    (the rule, what it asks, and the elements that break it)."""
    results = AXE.run(page, options={"resultTypes": ["violations"]})
    lines = []
    for violation in results.response["violations"]:
        if violation["impact"] not in BLOCKING:
            continue
        where = "; ".join(
            " ".join(str(part) for part in node["target"]) for node in violation["nodes"][:4]
        )
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}: {where}")
    return lines


#: The app's stylesheet is drawn (trainer/ui/assets/app.css): Streamlit draws a page's
#: style-only element a moment after the rest on a first load.
_STYLED = (
    "() => getComputedStyle(document.documentElement).getPropertyValue('--app-styled') === '1'"
)


#: Nothing on the page is faded as stale: Streamlit fades what a run under way may replace
#: (a page's second run, asked for by a component as it loads, can start after the first
#: ended), and axe-core would read the faded grey as too little contrast.
_STILL = """() => [...document.querySelectorAll('[data-testid="stElementContainer"]')].every(
  (e) => e.getAttribute('data-stale') !== 'true' && getComputedStyle(e).opacity === '1')"""


def _assert_usable(page: Any, where: str) -> None:
    settled(page)
    page.wait_for_function(_STYLED)
    page.wait_for_function(_STILL)
    settled(page)
    # every element drawn: the collapsed sidebar of a phone, its page links still grey shapes
    # waiting for their script, is a scrollable region with nothing to focus in it
    all_drawn(page)
    assert page.locator(EXCEPTION).count() == 0, f"{where}: the page failed"
    found = blocking(page)
    assert not found, f"{where}:\n" + "\n".join(found)


# --- every page -------------------------------------------------------------------------------


def _stored_for_pages(db: Path) -> str:
    """A player with something on every page: answers for Progress, a finished game for
    Progress and the review; the review's game id."""
    store = Store.open(db)
    (player,) = [p for p in store.profiles() if p.name == BROWSER_PLAYER]
    for n, right in enumerate((True, False, True)):
        answer = AttemptIn(
            DrillType.HAND, "beginner", n, "5H 5D 5C JS | 5S", "29" if right else "28", right,
            0, (), 3.0 + n,
        )  # fmt: skip
        add_answer(store, player.id, answer, key=f"access-{n}")
    game_id = "access-review"
    store.save_game(player.id, saved_row(game_id, played_game("normal", 61, 12)))
    return game_id


def test_every_page_has_no_critical_or_serious_violation_at_both_sizes(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    game = _stored_for_pages(browser_db)
    who = f"player={BROWSER_PLAYER.lower()}"
    pages = {
        "Home": (f"{app_url}/?{who}", "Cribbage trainer"),
        "Play": (f"{app_url}/play?{who}", "Play"),
        "Learn": (f"{app_url}/learn?{who}", "Learn cribbage"),
        "Practice": (f"{app_url}/practice?drill=hand&tier=club&seed=7&{who}", "Practice"),
        "Progress": (f"{app_url}/progress?{who}", "Progress"),
        "Game review": (f"{app_url}/review?game={game}&{who}", "Game review"),
        "Check a hand": (f"{app_url}/check?{who}", "Check a hand"),
        "Scoring chart": (f"{app_url}/chart?{who}", "Scoring chart"),
        "Glossary": (f"{app_url}/glossary?{who}", "Glossary"),
    }
    for size, tab in tabs.items():
        for name, (url, title) in pages.items():
            tab.goto(url)
            tab.get_by_role("heading", name=title, level=1).first.wait_for(state="attached")
            _assert_usable(tab, f"{name} at {size}")
        # a lesson, opened from the course
        tab.goto(f"{app_url}/learn?{who}")
        tab.get_by_role("button", name=re.compile(r"^(Start|Continue|Review) lesson 1$")).click()
        tab.get_by_role("heading", name=re.compile(r"^1\. ")).first.wait_for(state="attached")
        _assert_usable(tab, f"lesson 1 at {size}")


# --- the Play page, by the keyboard alone ---------------------------------------------------------


def focused(page: Any) -> dict[str, str] | None:
    """What has the keyboard's focus (its tag, name, class and card), if anything."""
    found: dict[str, str] | None = page.evaluate(_FOCUSED)
    return found


def tab_to(page: Any, wanted: Any, what: str, most: int = 150) -> dict[str, str]:
    """Press Tab until the focus is on what ``wanted(focused)`` accepts (the page may have
    put it there already: the hand takes the focus when it is drawn); what it is."""
    visited: list[str] = []
    for _ in range(most):
        now = focused(page)
        if now is not None and wanted(now):
            return now
        page.keyboard.press("Tab")
        visited.append(f"{now['tag']} {now['name'][:40]!r}" if now else "nothing")
    raise AssertionError(f"{what}: not reached by Tab in {most} presses: {visited[:40]}")


def _named(name: str) -> Any:
    """What is named ``name`` (beside an icon's word, which a screen reader does not say)."""
    return lambda found: name in [line.strip() for line in found["name"].split("\n")]


def press_button(page: Any, name: str) -> None:
    """Reach the button ``name`` by Tab and press it with Enter; wait for its run."""
    settled(page)
    tab_to(page, _named(name), f'the button "{name}"')
    acted(page, lambda: page.keyboard.press("Enter"))


def _card(found: dict[str, str]) -> bool:
    return "cp-card" in found["cls"]


def hand_names(page: Any) -> list[str]:
    """The accessible names of the cards in the hand, as a screen reader reads them."""
    cards = page.locator(f"{HAND} .cp-hand .cp-card")
    cards.first.wait_for()
    return [str(cards.nth(n).get_attribute("aria-label")) for n in range(cards.count())]


def _check_hand_names(page: Any, where: str, size: int | None = None) -> list[str]:
    names = hand_names(page)
    # after the name, what a sighted player sees: "(laid)", ": too high: the count would be 37"
    bare = [re.sub(r"( \(.*\))?(: .*)?$", "", name) for name in names]
    assert all(CARD_NAME.match(name) for name in bare), f"{where}: {names}"
    assert len(set(bare)) == len(bare), f"{where}: {names}"
    if size is not None:
        assert len(names) == size, f"{where}: {names}"
    return names


def _check_board_names(page: Any, where: str, target: int) -> tuple[int, int]:
    """The board says its target and each side's score by name; the scores."""
    board = page.get_by_role("img", name=re.compile(rf"^Cribbage board to {target}: "))
    board.first.wait_for(state="attached")
    label = str(board.first.get_attribute("aria-label"))
    scores = re.fullmatch(rf"Cribbage board to {target}: You (\d+), Computer (\d+)(; .*)?", label)
    assert scores, f"{where}: the board is named {label!r}"
    return int(scores[1]), int(scores[2])


def throw_by_keys(page: Any) -> None:
    """Choose two cards with the arrows and Enter, then reach the throw's button by Tab."""
    settled(page)
    names = _check_hand_names(page, "the throw", 6)
    first = tab_to(page, _card, "the first card")
    assert first["name"] == names[0]
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.locator(f"{HAND} .cp-card.on").nth(1).wait_for()  # two cards chosen
    tab_to(page, lambda found: "cp-confirm" in found["cls"], "the throw's button")
    acted(page, lambda: page.keyboard.press("Enter"))


def lay_by_keys(page: Any) -> None:
    """Lay a card that can be laid: Tab to the hand, the arrows to a card not greyed out,
    Enter."""
    settled(page)
    _check_hand_names(page, "the play")
    for n in range(page.locator(".tb-felt img[role=img]").count()):  # the starter, the pile
        label = str(page.locator(".tb-felt img[role=img]").nth(n).get_attribute("aria-label"))
        named = re.sub(r"^Cards: |; starter ", ", ", label).lstrip(", ").split(", ")
        assert all(CARD_NAME.match(name) for name in named), label
    spoken = " ".join(page.locator(".tb-count").first.aria_snapshot().split())
    assert re.fullmatch(r"- text: The count is \d+", spoken), spoken
    tab_to(page, _card, "the hand")
    for _ in range(6):
        now = focused(page)
        assert now is not None
        if "off" not in now["cls"].split():
            break
        page.keyboard.press("ArrowRight")
    acted(page, lambda: page.keyboard.press("Enter"))


def claim_by_keys(page: Any) -> None:
    """The learner's count in learning mode: the hand's first combination claimed by the
    keyboard (the cards with the arrows and Space, the kind by its key, Enter), then
    "That's everything"."""
    settled(page)
    names = _check_hand_names(page, "the count")
    cards = page.locator(f"{HAND} .cp-hand .cp-card")
    ids = [str(cards.nth(n).get_attribute("data-id")) for n in range(cards.count())]
    score = score_show([Card.parse(token) for token in ids[:-1]], Card.parse(ids[-1]))
    kinds = {kind: key for kind, _label, key in _kinds(page)}
    # (the kinds whose cards do not depend on which card is the starter)
    item = next((i for i in score.items if i.kind in ("fifteen", "pair", "run")), None)
    if item is not None:
        first = tab_to(page, _card, "the hand to count")
        assert first["name"] == names[0]
        for n, token in enumerate(ids):
            if Card.parse(token) in item.cards:
                page.keyboard.press(" ")
            if n < len(ids) - 1:
                page.keyboard.press("ArrowRight")
        page.keyboard.press(kinds[str(item.kind)])
        page.keyboard.press("Enter")
        claims = page.locator(f"{HAND} .cp-claims li:not(.pending)")  # Python has it
        claims.first.wait_for()
        settled(page)
        spoken = claims.first.aria_snapshot()  # the claim's cards by name
        said = [CARD_NAME_IN.search(part) for part in spoken.split(", ")]
        assert all(said) and not SUITS.search(spoken), spoken
    tab_to(page, lambda found: "cp-done" in found["cls"], '"That\'s everything"')
    acted(page, lambda: page.keyboard.press("Enter"))


def _kinds(page: Any) -> list[tuple[str, str, str]]:
    buttons = page.locator(f"{HAND} .cp-kinds button")
    found = []
    for n in range(buttons.count()):
        button = buttons.nth(n)
        found.append(
            (
                str(button.get_attribute("data-kind")),
                button.inner_text(),
                str(button.get_attribute("aria-keyshortcuts")),
            )
        )
    return found


def _check_show_names(page: Any) -> None:
    """Each scoring line of the show says its cards by name (the symbols are hidden from a
    screen reader), and the line being counted too."""
    lines = page.locator(".tb-said li")
    for n in range(lines.count()):
        spoken = lines.nth(n).aria_snapshot()
        assert " of " in spoken and not SUITS.search(spoken), spoken
    now = page.locator(f"{HAND} .tb-now")
    if now.count():
        spoken = now.first.aria_snapshot()
        assert not SUITS.search(spoken), spoken


def _phase(tabs: dict[str, Any], url: str, phase: str) -> None:
    """axe-core on this phase in the playing tab, then on the same game loaded at a phone's
    size."""
    _assert_usable(tabs["desktop"], f"{phase} at 1280x900")
    phone = tabs["phone"]
    open_play(phone, url)
    _assert_usable(phone, f"{phase} at 390x844")


def _asked(page: Any, text: str) -> bool:
    return bool(page.get_by_text(text).count())


def test_a_deal_is_played_by_the_keyboard_alone_and_every_phase_passes_axe(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    name = "Keys"
    Store.open(browser_db).create_profile(name)
    url = f"{app_url}/play?player={name.lower()}"
    page = tabs["desktop"]
    open_play(page, url)
    _phase(tabs, url, "the new game's form")
    # learning mode, chosen by the keyboard: open "More options", then the coach's radio
    tab_to(page, _named("More options: the table, the coach, who counts"), "More options")
    page.keyboard.press("Enter")
    page.get_by_text("The coach", exact=True).wait_for()
    tab_to(page, lambda found: found["tag"] == "INPUT" and found["key"] == "play_coach", "coach")
    learning = page.get_by_role("radio", name=re.compile(r"^Learning mode \("))
    for _ in range(len(CoachMode)):  # off, after each move, learning mode
        if learning.is_checked():
            break
        acted(page, lambda: page.keyboard.press("ArrowDown"))
    assert learning.is_checked()
    press_button(page, "Start the game")
    page.get_by_role("button", name="Cut the deck").wait_for()
    assert _check_board_names(page, "the cut", 121) == (0, 0)
    _phase(tabs, url, "the cut for the deal")
    press_button(page, "Cut the deck")
    confirm = page.locator(f"{HAND} .cp-confirm")
    cut = page.get_by_role("button", name="Cut the deck")
    for _ in range(6):  # the same rank cuts again (about one cut in sixteen)
        confirm.or_(cut).first.wait_for()
        settled(page)
        if confirm.count() or not cut.count():
            break
        press_button(page, "Cut the deck")
    confirm.wait_for()
    _phase(tabs, url, "the throw")
    throw_by_keys(page)
    if page.get_by_role("button", name="Cut the deck").count():  # the starter, by the person
        _phase(tabs, url, "the cut for the starter")
        press_button(page, "Cut the deck")
    seen = set()
    for _ in range(40):  # the play, then the learner's own count and the show
        settled(page)
        if _asked(page, LAY):
            if "lay" not in seen:
                _phase(tabs, url, "the play")
                seen.add("lay")
            lay_by_keys(page)
        elif _asked(page, "what does it make?"):
            if "count" not in seen:
                _phase(tabs, url, "the learner's count")
                seen.add("count")
            claim_by_keys(page)
        elif page.get_by_role("button", name="Next", exact=True).count():
            if "show" not in seen:
                _phase(tabs, url, "the show")
                seen.add("show")
            press_button(page, "Next")
            _check_show_names(page)
        elif page.get_by_role("button", name="Continue", exact=True).count():
            _check_show_names(page)
            press_button(page, "Continue")
            if (
                page.get_by_role("button", name="Cut the deck").count()
                or page.locator(f"{HAND} .cp-confirm").count()
            ):
                break  # the next deal
        else:
            raise AssertionError(page.locator('[data-testid="stMain"]').inner_text()[:1500])
    else:
        raise AssertionError(f"the deal did not end: {sorted(seen)}")
    assert seen == {"lay", "count", "show"}, seen
    _check_board_names(page, "the next deal", 121)


def test_the_results_screen_passes_axe_at_both_sizes(
    tabs: dict[str, Any], app_url: str, browser_db: Path
) -> None:
    name = "Ends"
    Store.open(browser_db).create_profile(name)
    game = play_random_game(21, 61, Counting.AUTOMATIC, 21)  # the person's last card wins
    final = game.events[-1]
    assert isinstance(final, LayEvent)
    before = GameRecord(game.settings, game.seed, tuple(game.events[:-1]))
    url = f"{app_url}/play?player={name.lower()}"
    page = tabs["desktop"]
    open_play(page, url)
    page.get_by_text("Read a game record").click()
    page.get_by_label("Or paste a game record").fill(f"# level: easy\n{before.notation()}")
    settled(page)
    page.get_by_role("button", name="Play from this record").click()
    # the whole record is read, checked and replayed first: on a busy machine, seconds
    page.locator(".tb-board").first.wait_for(timeout=60_000)
    settled(page)
    _check_board_names(page, "the last lay", 61)
    now = tab_to(page, _card, "the hand")
    for _ in range(4):  # the arrows to the winning card
        if now["id"] == str(final.card):
            break
        page.keyboard.press("ArrowRight")
        now = focused(page) or now
    page.keyboard.press("Enter")
    page.get_by_text("Final score:").wait_for()
    assert _check_board_names(page, "the results", 61) == (61, 56)
    _phase(tabs, url, "the results")


@pytest.mark.parametrize(
    "seats",
    # Four every run (two partnerships: the most places at the table); three, whose places
    # are drawn by the same code, with the long checks.
    [pytest.param(3, marks=pytest.mark.long), 4],
)
def test_every_phase_at_three_and_four_passes_axe(
    tabs: dict[str, Any], app_url: str, browser_db: Path, seats: int
) -> None:
    """Each seat's place at the table (its cards, its go, whose turn) in every phase."""
    name = f"Seats {seats}"
    Store.open(browser_db).create_profile(name)
    url = f"{app_url}/play?player=seats-{seats}"
    page = tabs["desktop"]
    open_play(page, url)
    start_game(page, seats=seats, target=121)
    play_until(page, lambda: any(page.get_by_text(text).count() for text in THROW))
    _phase(tabs, url, f"the throw at {seats}")
    play_until(page, lambda: _asked(page, LAY))
    _phase(tabs, url, f"the play at {seats}")
    step(page)
    play_until(page, lambda: in_show(page))
    _phase(tabs, url, f"the show at {seats}")


# --- club mode: signing in and a teacher's groups ------------------------------------------------


def test_club_sign_in_and_my_groups_have_no_critical_or_serious_violation(
    browser: Any, tmp_path: Path
) -> None:
    """The pages a club meets before any other: the sign-in screen (with the form to make a
    player open) and, for a teacher, My groups with a group, its code and a member's answers;
    at a desktop's and a phone's size, on an app server in club mode."""
    db = tmp_path / "club.db"
    store = Store.open(db)
    club.set_up_player(store, "Ms Ada", "teach1", role="teacher")
    teacher = store.profile_named("Ms Ada")
    assert teacher is not None
    group = store.create_group(teacher.id, "Tuesday club", club.new_join_code())
    joined = club.register(store, "Kim", "4821", group.join_code)
    assert isinstance(joined, club.SignedIn), joined
    member = joined.profile
    answer = AttemptIn(
        DrillType.HAND, "beginner", 0, "5H 5D 5C JS | 5S", "28", False, 0, (), 4.0
    )  # fmt: skip
    add_answer(store, member.id, answer, key="club-access")
    env = {"CRIBBAGE_TRAINER_DB": str(db), "CRIBBAGE_TRAINER_MODE": "club"}
    with (
        serving(APP, log=tmp_path / "club.log", cwd=REPO, env=env) as server,
        sized_tabs(browser, SIZES) as tabs,
    ):
        for size, tab in tabs.items():
            tab.goto(f"{server.url}/")
            tab.get_by_role("button", name="Sign in").wait_for()
            _assert_usable(tab, f"the sign-in screen at {size}")
            tab.get_by_text("New here? Make your player").click()
            tab.get_by_label("Choose a PIN").wait_for()
            _assert_usable(tab, f"the form to make a player at {size}")
            tab.get_by_label("Your name").first.fill("Ms Ada")
            tab.get_by_label("Your PIN").fill("teach1")
            tab.get_by_role("button", name="Sign in").click()
            tab.get_by_text("Signed in as Ms Ada").first.wait_for()
            tab.goto(f"{server.url}/teacher")
            tab.get_by_text("Players join").wait_for()
            tab.locator('[data-testid="stDataFrame"]').wait_for()
            _assert_usable(tab, f"My groups at {size}")

"""The Play page as a card table, in a real browser at a desktop's, a laptop's and a phone's
size: on every phase (the cut, the throw, the play, the show, the results) the board, the
hand and the action button are all in the first screen, without scrolling, the hand below
the board (the bounding boxes are checked with the hand in its place in the page, not held
at the bottom of the screen). The game is played in one tab; at each phase a tab of each
size loads the same game, as a reload or a second device would.

Also: the show's pegs move with its combinations (the board's words before and after
"Next"), the pile lights the cards that scored, Enter on a card in the throw chooses it, the
cards have spoken names, and the sounds switch in the game menu is kept for the player.

With three and four at the table: a whole deal played by taps, and at the throw, the play
and the show the board, each seat's place, the hand and the action fit a 360 px wide phone
screen as well as a desktop's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser import drawn, next_frame, redrawn, settled, still_holds
from tests.play_steps import choose_table_size, more_options
from tests.stores import imported_games
from trainer.bench.playing import play_on
from trainer.bench.serving import serving_checkout
from trainer.engine.settings import Settings
from trainer.progress.store import Store
from trainer.training.table import PlaySetup, Table, export_text
from trainer.ui import restart_notice

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]

#: The player these tests play as (their own, so no other test's game is in the way).
PLAYER = "Table"
SIZES = {"desktop": (1280, 900), "laptop": (1024, 768), "phone": (390, 844)}
HAND = ".st-key-play_hand"
#: The sizes the tables of three and four are checked at: a desktop, and a small phone.
SEATS_SIZES = {"desktop": (1280, 900), "small phone": (360, 740)}


@pytest.fixture(scope="module")
def player(browser_db: Path) -> str:
    store = Store.open(browser_db)
    if not any(p.name == PLAYER for p in store.profiles()):
        store.create_profile(PLAYER)
    return PLAYER.lower()


@pytest.fixture
def tabs(browser: Any) -> Iterator[dict[str, Any]]:
    """A tab of each size."""
    contexts = {}
    pages = {}
    for name, (width, height) in SIZES.items():
        contexts[name] = browser.new_context(viewport={"width": width, "height": height})
        pages[name] = contexts[name].new_page()
        pages[name].set_default_timeout(30_000)
    yield pages
    for context in contexts.values():
        context.close()


def _in_place_box(page: Any) -> dict[str, float]:
    """The hand's box where the page puts it (its hold at the bottom of the screen undone
    for the measure)."""
    box: dict[str, float] = page.evaluate(
        """(sel) => {
          const hand = document.querySelector(sel);
          const was = hand.style.position;
          hand.style.position = "static";
          const r = hand.getBoundingClientRect();
          hand.style.position = was;
          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
        }""",
        HAND,
    )
    return box


def _edges(box: dict[str, float] | None) -> tuple[float, float, float, float] | None:
    """``(top, bottom, left, right)`` of a Playwright box or of :func:`_in_place_box`'s."""
    if box is None:
        return None
    if "top" in box:
        return box["top"], box["bottom"], box["left"], box["right"]
    return box["y"], box["y"] + box["height"], box["x"], box["x"] + box["width"]


def _check_fits(
    page: Any, phase: str, size: str, hand: str, action: str, *, more: dict[str, str] | None = None
) -> None:
    """:func:`_fits` once the page has stopped moving: measured again for up to ten seconds
    (a loaded machine draws the cards' component and the last boxes late), then the last
    failure with the words on the screen, so a failure says what pushed the hand down."""
    try:
        still_holds(page, lambda: _fits(page, phase, size, hand, action, more=more))
    except AssertionError as failure:
        shown = page.locator('[data-testid="stMain"]').inner_text()[:2000]
        raise AssertionError(f"{failure}\nOn the screen:\n{shown}") from None


def _fits(
    page: Any, phase: str, size: str, hand: str, action: str, *, more: dict[str, str] | None = None
) -> None:
    width, height = SIZES[size] if size in SIZES else SEATS_SIZES[size]
    where = f"{phase} at {width}x{height}"
    scrolled = page.evaluate(
        "() => document.querySelector('[data-testid=\"stMain\"]')?.scrollTop ?? window.scrollY"
    )
    assert scrolled == 0, f"{where}: the page was scrolled"
    parts = {
        "the board": _edges(page.locator(".tb-board").first.bounding_box()),
        "the hand": _edges(page.locator(hand).first.bounding_box()),
        "the action": _edges(page.locator(action).first.bounding_box()),
        "the hand's place": _edges(_in_place_box(page)),
    }
    for name, selector in (more or {}).items():
        parts[name] = _edges(page.locator(selector).first.bounding_box())
    for name, edges in parts.items():
        assert edges is not None, f"{where}: {name} is not drawn"
        top, bottom, left, right = edges
        assert top >= 0 and bottom <= height + 0.5, f"{where}: {name} is off the screen: {edges}"
        assert left >= -0.5 and right <= width + 0.5, f"{where}: {name} is off the side: {edges}"
    board, place = parts["the board"], parts["the hand's place"]
    assert board is not None and place is not None
    assert board[1] <= place[0], f"{where}: the hand is over the board"


def _load(page: Any, url: str) -> None:
    page.goto(url)
    page.locator(".tb-board").or_(page.get_by_text("How strong is the computer?")).first.wait_for(
        timeout=60_000
    )
    settled(page)  # the cards' component draws itself after the run: _check_fits waits


def _check_all(tabs: dict[str, Any], url: str, phase: str, hand: str, action: str) -> None:
    """Each tab loads the game and is checked; the desktop's, where the game is played on,
    last, so the game goes on from the page loaded most recently."""
    for size, page in sorted(tabs.items(), key=lambda item: item[0] == "desktop"):
        _load(page, url)
        try:
            _check_fits(page, phase, size, hand, action)
        except Exception:
            page.screenshot(path=f"/tmp/table-{phase.replace(' ', '-')}-{size}.png")
            raise


def _click(page: Any, name: str, phase: str) -> None:
    """Click the button ``name`` once the page has no run under way; if it cannot be
    clicked, a failure that says what the screen shows (and a screenshot of it)."""
    settled(page)
    try:
        page.get_by_role("button", name=name, exact=True).click()
    except PlaywrightTimeout as err:  # its log says what stood in the way
        page.screenshot(path=f"/tmp/table-{phase.replace(' ', '-')}-click.png", full_page=True)
        shown = page.locator('[data-testid="stApp"]').inner_text()[:3000]
        raise AssertionError(
            f"{phase}: {name!r} could not be clicked. On the screen:\n{shown}"
        ) from err


def _board_words(page: Any) -> str:
    return str(page.locator(".tb-line").last.inner_text())


def _step(page: Any, seen: set[str] | None = None) -> str:
    """Take one action the page asks for (a cut, a tap of a card to throw, the throw, a lay,
    Next, Continue): '' when none could be taken yet (the page is changing). The headings
    on the settled page are added to ``seen`` before acting, so none goes unseen."""
    settled(page)
    try:
        if seen is not None:
            seen.update(h.inner_text() for h in page.locator("h3").all())
        for name in ("Cut the deck", "Next", "Continue"):
            button = page.get_by_role("button", name=name, exact=True)
            if button.count() and button.first.is_visible():
                button.first.click(timeout=3000)
                return name
        if page.locator(".cp.locked").count():  # the cards have sent their action
            return ""
        if page.get_by_text("Pick one card for").count():
            if page.locator(".cp-card.on").count() < 1:
                page.locator(".cp-card:not(.on)").first.click(timeout=3000)
                return "tap"
            page.locator(".cp-confirm").click(timeout=3000)
            return "throw"
        if page.get_by_text("Pick two cards for").count():
            if page.locator(".cp-card.on").count() < 2:
                page.locator(".cp-card:not(.on)").first.click(timeout=3000)
                return "tap"
            page.locator(".cp-confirm").click(timeout=3000)
            return "throw"
        if page.get_by_text("Your turn: tap a card to lay it.").count():
            page.locator(".cp-card:not(.off)").first.click(timeout=3000)
            return "lay"
    except PlaywrightError:
        pass
    return ""


def _until(page: Any, done: Any, steps: int = 300, seen: set[str] | None = None) -> None:
    for _ in range(steps):
        if done():
            return
        before = drawn(page)
        _step(page, seen)
        redrawn(page, before)
    raise AssertionError("the game never got there")


def test_every_phase_fits_one_screen_at_three_sizes(
    tabs: dict[str, Any], app_url: str, player: str
) -> None:
    url = f"{app_url}/play?player={player}"
    page = tabs["desktop"]
    errors: list[str] = []  # the table's own scripts (sounds, restart words, cards) never fail
    for tab in tabs.values():
        tab.on("pageerror", lambda error: errors.append(str(error)))
    _load(page, url)
    if page.get_by_role("button", name="Play again").count():  # a game left over
        page.get_by_role("button", name="Play again").click()
    elif not page.get_by_text("How strong is the computer?").count():
        _resign(page)
    page.get_by_text("How strong is the computer?").wait_for()
    page.get_by_text("Easy", exact=True).click()
    page.get_by_text("61 points (a short game)").click()
    settled(page)
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("button", name="Cut the deck").wait_for()
    _check_all(tabs, url, "the cut", HAND, f"{HAND} button")

    _until(page, lambda: page.get_by_text("Pick two cards for").count() > 0)
    settled(page)
    _check_all(tabs, url, "the throw", f"{HAND} .cp-hand", f"{HAND} .cp-confirm")

    # Enter on a card chooses it (it does not ask for two cards first)
    page.locator(".cp-card").first.wait_for()
    page.locator(".cp-card").nth(0).focus()
    page.keyboard.press("Enter")
    page.locator(".cp-card").nth(1).focus()
    page.keyboard.press("Enter")
    assert page.locator(".cp-card.on").count() == 2
    assert page.locator(".cp-msg").first.inner_text() == ""
    label = page.locator(".cp-card").nth(0).get_attribute("aria-label") or ""
    assert re.fullmatch(
        r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of \w+", label
    ), label
    page.locator(".cp-confirm").click()

    _until(page, lambda: page.get_by_text("Your turn: tap a card to lay it.").count() > 0)
    settled(page)
    _check_all(tabs, url, "the play", f"{HAND} .cp-hand", f"{HAND} .cp-card >> nth=-1")

    def in_show() -> bool:
        return page.get_by_role("button", name="Next", exact=True).count() > 0

    _until(page, in_show)
    settled(page)
    before = _board_words(page)
    _check_all(tabs, url, "the show", f"{HAND} img[role=img]", f"{HAND} button")
    heading = page.locator("h3").last.inner_text()
    _click(page, "Next", "the show")
    page.wait_for_function(  # the pegs move with the first combination shown
        "(before) => [...document.querySelectorAll('.tb-line')].pop().innerText !== before",
        arg=before,
    )
    settled(page)
    after = _board_words(page)
    assert re.search(r"\+\d+: ", after), after
    whose = "You" if heading.startswith("Your") else "Computer"
    assert after.split(" +")[0].endswith(whose), (heading, after)

    # the results: a finished game read from its record
    _resign(page)
    page.get_by_text("Read a game record").click()
    page.get_by_label("Or paste a game record").fill(_finished_record())
    settled(page)
    page.get_by_role("button", name="Play from this record").click()
    # the whole record is read, checked and replayed first: on a busy machine, seconds
    page.locator(".tb-board").first.wait_for(timeout=60_000)
    _until(page, lambda: page.get_by_role("button", name="Play again").count() > 0, steps=40)
    settled(page)
    _check_all(tabs, url, "the results", f"{HAND} img[role=img]", f"{HAND} button")
    page.get_by_role("button", name="Play again").click()
    page.get_by_text("How strong is the computer?").wait_for()
    assert errors == []


def _resign(page: Any) -> None:
    """Leave the game on the page from the game menu, resigning it. On a busy machine the
    menu may close again under a click while the table is still being drawn: then it is
    opened once more (as a person would), at most three times."""
    resign = page.get_by_role("button", name="Resign it")
    for _ in range(3):
        settled(page)
        new_game = page.get_by_role("button", name="Start a new game")
        if not new_game.is_visible():
            page.get_by_text("Game menu").click()
        new_game.click()
        try:
            resign.wait_for(timeout=10_000)
            break
        except PlaywrightTimeout:
            continue
    resign.click()
    page.get_by_text("How strong is the computer?").wait_for()


def _finished_record(seed: int = 11) -> str:
    table = Table.new(PlaySetup("easy", Settings(target=61)), seed=seed)
    play_on(table)
    return export_text(table)


def test_a_record_file_opened_from_the_play_page_is_played_back(
    page: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(browser_db)
    if not any(p.name == "Upload" for p in store.profiles()):
        store.create_profile("Upload")
    _load(page, f"{app_url}/play?player=upload")
    page.get_by_text("Read a game record").click()
    uploader = page.locator('[data-testid="stFileUploader"] input[type="file"]')
    # a file that is not a record: its line is named, and nothing is opened
    uploader.set_input_files(
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"lay seat=9 x\n"}]
    )
    page.get_by_text("notes.txt").wait_for()
    settled(page)
    page.get_by_role("button", name="Play from this record").click()
    page.get_by_text("The record cannot be read").wait_for()
    assert page.locator(".tb-board").count() == 0
    # a game's own record file: played back to its end
    record = _finished_record(seed=12)
    uploader.set_input_files(
        files=[{"name": "cribbage-game.txt", "mimeType": "text/plain", "buffer": record.encode()}]
    )
    page.get_by_text("cribbage-game.txt").wait_for()
    settled(page)
    page.get_by_role("button", name="Play from this record").click()
    # the whole record is read, checked and replayed first: on a busy machine, seconds
    page.locator(".tb-board").first.wait_for(timeout=60_000)
    _until(page, lambda: page.get_by_role("button", name="Play again").count() > 0, steps=40)
    page.get_by_text("This game was read from a record").wait_for()
    upload = _id(store, "Upload")
    assert imported_games(store, upload) == 1 and store.unfinished_games(upload) == []
    page.get_by_role("button", name="Play again").click()
    page.get_by_text("How strong is the computer?").wait_for()


def _id(store: Store, name: str) -> int:
    return next(p.id for p in store.profiles() if p.name == name)


def test_a_restart_is_told_in_the_trainer_s_words(browser: Any, tmp_path: Path) -> None:
    """The server goes away mid-game: Streamlit's own box says the trainer is restarting
    and the game is saved, not that the internet may be down."""
    db = tmp_path / "progress.sqlite3"
    Store.open(db).create_profile("Restart")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        tab = context.new_page()
        with serving_checkout(REPO, db) as server:
            _load(tab, f"{server.url}/play?player=restart")
            tab.get_by_role("button", name="Start the game").click()
            tab.get_by_role("button", name="Cut the deck").wait_for()
            settled(tab)
        box = tab.locator('[role="dialog"]')
        box.get_by_text(restart_notice.TITLE).wait_for(timeout=30_000)
        said = box.inner_text()
        assert restart_notice.TEXT in said and "internet" not in said, said
    finally:
        context.close()


#: Counts the sounds a page makes (each note and each brush of noise Web Audio is asked for).
_COUNT_SOUNDS = """
window.__sounds = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() { window.__sounds += 1; return super.createOscillator(); }
  createBufferSource() { window.__sounds += 1; return super.createBufferSource(); }
};
"""


def _sounds(tab: Any) -> int:
    return int(tab.evaluate("window.__sounds"))


def test_the_table_sounds_and_reduced_motion_keeps_it_quiet(
    browser: Any, app_url: str, browser_db: Path
) -> None:
    store = Store.open(browser_db)
    if not any(p.name == "Sound" for p in store.profiles()):
        store.create_profile("Sound")
    url = f"{app_url}/play?player=sound"
    loud = browser.new_context(viewport={"width": 1024, "height": 768})
    still = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    try:
        tab = loud.new_page()
        tab.add_init_script(_COUNT_SOUNDS)
        _load(tab, url)
        if tab.get_by_role("button", name="Play again").count():
            tab.get_by_role("button", name="Play again").click()
        elif not tab.get_by_text("How strong is the computer?").count():
            _resign(tab)
        tab.get_by_role("button", name="Start the game").click()
        tab.get_by_role("button", name="Cut the deck").wait_for()
        settled(tab)
        assert _sounds(tab) == 0  # drawing the table plays nothing
        _until(tab, lambda: tab.get_by_text("Pick two cards for").count() > 0)
        tab.wait_for_function("window.__sounds > 0")  # the cards cut
        settled(tab)
        tab.get_by_text("Game menu").click()
        assert tab.get_by_role("switch", name="Sounds").is_checked()

        quiet = still.new_page()
        quiet.add_init_script(_COUNT_SOUNDS)
        _load(quiet, url)  # the same game, on a device that asks for reduced motion
        quiet.get_by_text("Game menu").click()
        switch = quiet.get_by_role("switch", name="Sounds")
        switch.wait_for()
        expect(switch).not_to_be_checked(
            timeout=10_000
        )  # once the browser's word on reduced motion is in
        _until(quiet, lambda: quiet.get_by_text("Your turn: tap a card to lay it.").count() > 0)
        before = drawn(quiet)
        _step(quiet)  # a card laid
        assert redrawn(quiet, before)  # the card laid is drawn, where the loud tab sounds it
        next_frame(quiet)
        assert _sounds(quiet) == 0
    finally:
        loud.close()
        still.close()


#: How the settings name each table size.
_TABLE_SIZES = {
    3: "Three: you and two computers, each playing alone",
    4: "Four: you and a computer partner against two computers",
}


@pytest.mark.parametrize("seats", [3, 4])
def test_a_whole_deal_of_three_and_of_four_by_taps_fits_a_small_phone(
    browser: Any, app_url: str, browser_db: Path, seats: int
) -> None:
    name = f"Seats{seats}"
    store = Store.open(browser_db)
    if not any(p.name == name for p in store.profiles()):
        store.create_profile(name)
    url = f"{app_url}/play?player={name.lower()}"
    contexts = {
        size: browser.new_context(viewport={"width": w, "height": h})
        for size, (w, h) in SEATS_SIZES.items()
    }
    tabs = {size: context.new_page() for size, context in contexts.items()}
    errors: list[str] = []
    for tab in tabs.values():
        tab.set_default_timeout(30_000)
        tab.on("pageerror", lambda error: errors.append(str(error)))
    page = tabs["small phone"]  # the whole deal is played on the small phone
    try:
        _load(page, url)
        more_options(page)
        choose_table_size(page, _TABLE_SIZES[seats])
        settled(page)
        page.get_by_text("Easy", exact=True).click()
        page.get_by_text("61 points (a short game)").click()
        settled(page)
        page.get_by_role("button", name="Start the game").click()
        page.get_by_role("button", name="Cut the deck").wait_for()

        _until(page, lambda: page.get_by_text("Pick one card for").count() > 0)
        settled(page)
        _check_all(tabs, url, f"the throw of {seats}", f"{HAND} .cp-hand", f"{HAND} .cp-confirm")

        _until(page, lambda: page.get_by_text("Your turn: tap a card to lay it.").count() > 0)
        settled(page)
        seats_box = {"the seats": ".tb-seats"}
        for size, tab in tabs.items():
            _load(tab, url)
            assert tab.locator(".tb-spot").count() == seats
            assert tab.locator(".tb-spot-turn").count() == 1
            try:
                _check_fits(
                    tab, f"the play of {seats}", size, f"{HAND} .cp-hand",
                    f"{HAND} .cp-card >> nth=-1", more=seats_box,
                )  # fmt: skip
            except Exception:
                tab.screenshot(path=f"/tmp/table-seats-{seats}-{size.replace(' ', '-')}.png")
                raise
        board = _board_words(page)
        names = ("You", "Left", "Right") if seats == 3 else ("Us", "Them")
        assert all(f"{who} " in board for who in names), board

        # the rest of the deal, by taps, to the show and through it to the next deal
        # every heading a settled page shows on the way is kept: a hand counted first in
        # the show may be on the page for one run only, between two polls of ``done``
        headings: set[str] = set()
        _until(
            page, lambda: page.get_by_role("button", name="Next", exact=True).count() > 0,
            seen=headings,
        )  # fmt: skip
        settled(page)
        headings.update(h.inner_text() for h in page.locator("h3").all())
        _check_all(tabs, url, f"the show of {seats}", f"{HAND} img[role=img]", f"{HAND} button")

        def next_deal() -> bool:
            headings.update(h.inner_text() for h in page.locator("h3").all())
            return page.get_by_text(re.compile(r"deal 2\b")).count() > 0

        _until(page, next_deal, steps=400, seen=headings)
        shown = {h for h in headings if h.endswith(("hand", "crib")) and not h.startswith("Pick")}
        hands = {h for h in shown if h.endswith("hand")}
        assert "Your hand" in hands and len(hands) == seats, headings  # every hand counted
        assert any(h.endswith("crib") for h in shown), headings
        assert errors == []
    finally:
        for context in contexts.values():
            context.close()

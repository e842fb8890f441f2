"""Waiting on Streamlit in a real browser, shared by the browser tests (the modules of this
package, each named after the page or the part of a page it drives).

A test never sleeps: after loading a page or acting on it, it waits for what that run
renders and then for the run to be over (the app says so in ``data-test-script-state``
on its root element). Filling a box while a run is still under way loses the text when
the run redraws the box, which is how a fixed sleep fails on a loaded machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from trainer.bench.page_marks import EXCEPTION, IDLE, SKELETON, settled

__all__ = [
    "EXCEPTION",
    "IDLE",
    "SKELETON",
    "acted",
    "after",
    "all_drawn",
    "answer",
    "count_runs",
    "drawn",
    "next_frame",
    "open_page",
    "redrawn",
    "runs",
    "settled",
    "sized_tabs",
    "still_holds",
]


def all_drawn(page: Any) -> None:
    """Wait until no element is still a grey shape waiting for its script (:data:`SKELETON`):
    a run can end a moment before the last of them is drawn."""
    page.wait_for_function(f"() => !document.querySelector('{SKELETON}')")


#: The HTML of the app's main area and of the shadow roots in it (the cards' component draws
#: its cards in one), read in the page (for :func:`drawn` and :func:`redrawn`).
_MAIN_HTML = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return "";
  const shadows = [...main.querySelectorAll("*")].filter((el) => el.shadowRoot);
  return [main, ...shadows.map((el) => el.shadowRoot)].map((root) => root.innerHTML).join("");
}"""


def drawn(page: Any) -> str:
    """What the app's main area holds now (its HTML), read before an action for
    :func:`redrawn`."""
    return str(page.evaluate(_MAIN_HTML))


def redrawn(page: Any, before: str, *, timeout: float = 5_000) -> bool:
    """Wait for the main area to hold something other than ``before`` (:func:`drawn` before
    an action: a card tapped, a button pressed), then for the run under way to end. False
    when nothing changed within ``timeout`` milliseconds (the action was not taken: the
    caller looks again)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(
            f"(before) => ({_MAIN_HTML})() !== before", arg=before, timeout=timeout
        )
    except PlaywrightTimeout:
        return False
    settled(page)
    return True


def next_frame(page: Any) -> None:
    """Wait for the browser to draw the page once more (two animation frames: the one under
    way and the next), so what a script changed is laid out before it is measured again."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def still_holds(page: Any, check: Callable[[], None], seconds: float = 10) -> None:
    """``check`` (a measure of the page that asserts) once the page has stopped moving: run
    again frame by frame for up to ``seconds`` (a loaded machine lays out a run's last boxes
    a few frames after it ends, and boxes read one after another can straddle a move), then
    its last failure is raised."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            check()
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            next_frame(page)


def open_page(page: Any, url: str, marker: str) -> None:
    """Load ``url``, wait for ``marker`` (a text the page renders) and for the run to end."""
    page.goto(url)
    page.get_by_text(marker).first.wait_for()
    settled(page)


def after(page: Any, marker: str) -> Any:
    """Wait for ``marker`` that an action's run renders, then for that run to end; the
    marker's locator is returned for further checks."""
    found = page.get_by_text(marker).first
    found.wait_for()
    settled(page)
    return found


#: Counts the script runs Streamlit finishes in a tab (``window.__runs``), read off its
#: websocket: each message is a ForwardMsg, and a run's end is its field 6
#: (``script_finished``, a varint) other than 2 (finished early for a rerun). A quick run
#: can start and end between two frames and never show in the page's state, so a test
#: that waits for "a run after my action" counts them rather than watching the page.
_COUNT_RUNS = """
(() => {
  window.__runs = 0;
  const finished = (bytes) => {
    let at = 0;
    const varint = () => {
      let value = 0, shift = 0, byte;
      do { byte = bytes[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
      return value;
    };
    while (at < bytes.length) {
      const tag = varint(), field = Math.floor(tag / 8), wire = tag % 8;
      if (wire === 0) { const value = varint(); if (field === 6) return value !== 2; }
      else if (wire === 2) { at += varint(); }
      else if (wire === 1) { at += 8; }
      else if (wire === 5) { at += 4; }
      else return false;
    }
    return false;
  };
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data instanceof ArrayBuffer && finished(new Uint8Array(event.data))) {
          window.__runs += 1;
        }
      });
    }
  };
})();
"""


def count_runs(page: Any) -> None:
    """Count the script runs this tab's app finishes from its next load on (see
    :func:`acted`); call before the first ``goto``."""
    page.add_init_script(_COUNT_RUNS)


def runs(page: Any) -> int:
    """How many script runs the tab's app has finished since it was loaded."""
    return int(page.evaluate("window.__runs || 0"))


def acted(page: Any, action: Any) -> None:
    """Do ``action`` (a click that asks Python for something) and wait for the run it
    starts to finish and the page to settle (the tab must count runs: :func:`count_runs`)."""
    before = runs(page)
    action()
    page.wait_for_function("(n) => (window.__runs || 0) > n", arg=before)
    settled(page)


def answer(page: Any, value: str, *, typed: bool, label: str | None = None) -> None:
    """Answer the Learn page's question on screen: type ``value`` (``typed``) or pick the
    choice labelled ``label``, then press "Check my answer" and wait for its run."""
    if typed:
        box = page.get_by_role("textbox").first
        box.fill(value)
    else:
        page.get_by_role("radio", name=label or value).check(force=True)
    page.get_by_role("button", name="Check my answer").click()
    settled(page)


@contextmanager
def sized_tabs(browser: Any, sizes: Mapping[str, tuple[int, int]]) -> Iterator[dict[str, Any]]:
    """A tab for each of ``sizes`` (name: width and height), each in a context of its own and
    counting its runs (:func:`count_runs`), closed at the end."""
    contexts = []
    pages = {}
    try:
        for name, (width, height) in sizes.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            contexts.append(context)
            pages[name] = context.new_page()
            pages[name].set_default_timeout(30_000)
            count_runs(pages[name])
        yield pages
    finally:
        for context in contexts:
            context.close()

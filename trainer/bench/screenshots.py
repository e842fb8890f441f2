"""The README's pictures, made again: ``python -m trainer.bench.screenshots [--out DIR]``.

The app is served as the tests serve it (:func:`trainer.bench.serving.serving_checkout`, on a free
loopback port, with a progress file of its own) and Debian's Chromium, driven by Playwright,
takes each picture of :data:`SHOTS`: the Play page's table on a desktop and on a phone (a
game in its third deal, the same every time), Check a hand, a drill answered wrong and
explained, and the review of a finished game. They are written to ``trainer/assets/`` (or
``--out``), where the README shows them from; a test takes them again into a folder of its
own, so the script keeps working.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.bench.chromium import CHROMIUM, CHROMIUM_ARGS
from trainer.bench.page_marks import IDLE
from trainer.bench.serving import serving_checkout

REPO = Path(__file__).resolve().parents[2]
ASSETS = Path(__file__).resolve().parents[1] / "assets"
PLAYER = "Sam"
#: The game the Play pictures show, and the finished game the review picture shows.
TABLE_SEED = 20261203
REVIEW_GAME = "readme-review"


@dataclass(frozen=True)
class Shot:
    """One picture: its file, the window it is taken in, and how to get the page there."""

    name: str
    width: int
    height: int
    take: Callable[[Any, str], None]


def _idle(page: Any) -> None:
    page.wait_for_selector(IDLE, state="attached", timeout=60_000)


def _open(page: Any, url: str, marker: str) -> None:
    page.goto(url)
    page.get_by_text(marker).first.wait_for(timeout=60_000)
    _idle(page)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)  # the components draw themselves, the reply comes in


def _table(page: Any, url: str) -> None:
    _open(page, f"{url}/play?player={PLAYER.lower()}", "Your turn: tap a card to lay it.")


def _check(page: Any, url: str) -> None:
    _open(page, f"{url}/check?player={PLAYER.lower()}", "Every combination")


def _practice(page: Any, url: str) -> None:
    _open(
        page,
        f"{url}/practice?drill=hand&tier=club&seed=7&player={PLAYER.lower()}",
        "Count this hand",
    )
    box = page.get_by_label("Your total")
    box.fill("4")
    box.press("Enter")
    page.get_by_role("button", name="Next question").wait_for(timeout=60_000)
    _idle(page)
    page.wait_for_timeout(800)


def _review(page: Any, url: str) -> None:
    _open(page, f"{url}/review?game={REVIEW_GAME}&player={PLAYER.lower()}", "Deal by deal")


SHOTS: tuple[Shot, ...] = (
    Shot("play.png", 1100, 800, _table),
    Shot("play-phone.png", 390, 844, _table),
    Shot("check-a-hand.png", 1100, 1000, _check),
    Shot("practice.png", 1100, 1000, _practice),
    Shot("review.png", 1100, 1000, _review),
)


def _fill(db: Path) -> None:
    """The pictures' progress file: the player, a game in its third deal at the table (a
    card to lay, the pile started) and a finished game to review."""
    from trainer.bench.playing import last_fit, play_on, played_game
    from trainer.engine.settings import Settings
    from trainer.progress.store import Store
    from trainer.training.table import CoachMode, Need, PlaySetup, Table
    from trainer.ui.play_saves import saved_row

    store = Store.open(db)
    player = store.create_profile(PLAYER)
    store.save_game(player.id, saved_row(REVIEW_GAME, played_game("normal", 61, TABLE_SEED)))
    table = Table.new(PlaySetup("normal", Settings(target=121), coach=CoachMode.MOVES), TABLE_SEED)
    play_on(  # to a pile of two cards or more in the third deal, the person to lay
        table,
        stop=lambda t, need: need is Need.LAY and t.game.deal_no >= 3 and len(t.view.pile) >= 2,
        lay=last_fit,
        moves=2000,
    )
    store.save_game(player.id, saved_row("readme-table", table))


def take(out: Path, shots: Sequence[Shot] = SHOTS) -> list[Path]:
    """Take ``shots`` into the folder ``out``; the files written."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="trainer-shots-") as work:
        db = Path(work) / "progress.sqlite3"
        _fill(db)
        with serving_checkout(REPO, db) as server, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                for shot in shots:
                    context = browser.new_context(
                        viewport={"width": shot.width, "height": shot.height}
                    )
                    page = context.new_page()
                    page.set_default_timeout(60_000)
                    shot.take(page, server.url)
                    path = out / shot.name
                    page.screenshot(path=str(path))
                    written.append(path)
                    context.close()
            finally:
                browser.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m trainer.bench.screenshots",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=ASSETS, help="where to write the pictures")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"The pictures need Chromium at {CHROMIUM} (apt-get install chromium).")
        return 2
    for path in take(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m trainer.bench.devices``: how soon a card laid on one device shows on the
other, in Chromium. Two players of a club, each in their own browser on their own app
server over one PostgreSQL (a throwaway server of its own, started from Debian's
``postgresql``), play ``--deals`` deals by taps (:mod:`trainer.bench.two_devices`); for
each card laid it measures the time from the tap to the other device's page showing it,
against the tapping page's own answer to the same tap (an ordinary click, in the same run),
and prints the median, the 95th percentile and the worst of each, and their ratio. The
other device learns of the move by looking at the stored version every second
(:data:`trainer.ui.play_page.across_devices.LOOK_EVERY`), so its wait is about half a second more
than the click's on average, and at most a second more. ``--json PATH`` writes the
figures."""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from trainer.bench import line_by_line, p95
from trainer.bench.chromium import CHROMIUM, CHROMIUM_ARGS
from trainer.bench.serving import serving
from trainer.bench.serving_postgres import server as postgres_server
from trainer.bench.two_devices import PLAYERS, DealTimes, club_game, open_game, play_deal, sign_in
from trainer.progress.store import Store

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "trainer" / "app.py"


def _line(what: str, values: Sequence[float]) -> str:
    return (
        f"{what:<34} median {statistics.median(values):5.2f} s   "
        f"p95 {p95(values):5.2f} s   worst {max(values):5.2f} s   ({len(values)} lays)"
    )


def measure(deals: int, folder: Path) -> DealTimes:
    """Play ``deals`` deals across two devices and return every lay's times."""
    from playwright.sync_api import sync_playwright

    times = DealTimes()
    with contextlib.ExitStack() as stack:
        # a folder of its own, which the server's user may enter (it runs as postgres)
        data = Path(tempfile.mkdtemp(prefix="trainer-devices-postgres-"))
        stack.callback(shutil.rmtree, data, ignore_errors=True)
        database = stack.enter_context(postgres_server(data))
        url = database.new_database()
        store = Store.open(url)
        club_game(store, "bench", seed=7)
        env = {"CRIBBAGE_TRAINER_DB": url, "CRIBBAGE_TRAINER_MODE": "club"}
        addresses = [
            stack.enter_context(serving(APP, log=folder / f"server{k}.log", cwd=REPO, env=env)).url
            for k in range(2)
        ]
        pw = stack.enter_context(sync_playwright())
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        stack.callback(chromium.close)
        pages = {}
        for seat, ((name, pin), address) in enumerate(zip(PLAYERS, addresses, strict=True)):
            page = chromium.new_context(viewport={"width": 1100, "height": 1000}).new_page()
            page.set_default_timeout(60_000)
            sign_in(page, address, name, pin)
            pages[seat] = page
        open_game(pages[1], "bench", join=True)
        pages[0].locator(".st-key-devices_open_bench button").wait_for()
        open_game(pages[0], "bench", join=False)
        names = {seat: name for seat, (name, _) in enumerate(PLAYERS)}
        for deal in range(deals):
            played = play_deal(pages, names, store, "bench")
            times.other += played.other
            times.own += played.own
            times.taps += played.taps
            print(f"deal {deal + 1}: {len(played.other)} cards laid, {played.taps} taps")
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m trainer.bench.devices", description=__doc__)
    parser.add_argument("--deals", type=int, default=3, help="deals to play (default 3)")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args(argv)
    line_by_line()
    with tempfile.TemporaryDirectory(prefix="trainer-devices-") as folder:
        times = measure(args.deals, Path(folder))
    print(_line("a tap, on the tapping device", times.own))
    print(_line("the same tap, on the other device", times.other))
    ratio = statistics.median(times.other) / statistics.median(times.own)
    print(f"the other device's median wait is {ratio:.1f} times the tapping device's")
    if args.json:
        figures = {
            "lays": len(times.other),
            "own": {"median": statistics.median(times.own), "p95": p95(times.own),
                    "worst": max(times.own)},
            "other": {"median": statistics.median(times.other), "p95": p95(times.other),
                      "worst": max(times.other)},
            "ratio": ratio,
        }  # fmt: skip
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark of the Play page: ``python -m trainer.bench_play`` (also printed by
``python -m trainer.bench``).

A game to 61 against Easy is played through the page in Streamlit's AppTest, one
interaction at a time (the person throws the first two cards, lays the first card that
fits, counts right), on a fresh database file. For each interaction the server time of the
page's run is measured, less the time the computer spent choosing its cards (timed
separately): the page script's own time (what the server spends) and the whole AppTest run
(the harness too). The peer is the run of a one-line page in the same process, so the ratio
says how much the Play page costs over Streamlit's own rerun.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from trainer.progress.store import ENV_VAR
from trainer.training.play import Need, Table

PAGE = Path(__file__).resolve().parent / "ui" / "views" / "play.py"
_PEER = "import streamlit as st\nst.write('peer')\n"
#: The page run inside a timer: the script's own time, without AppTest's harness.
_TIMED = """import time
import streamlit as st
_bench_t0 = time.perf_counter()
try:
    exec(compile(open({page!r}).read(), {page!r}, "exec"))
finally:
    st.session_state.setdefault("_bench_runs", []).append(time.perf_counter() - _bench_t0)
"""


@contextmanager
def _computer_timed(spent: list[float]) -> Iterator[None]:
    """Time the computer's own decisions while the page runs."""
    originals = {name: getattr(Table, name) for name in ("_computer_discard", "_computer_lay")}

    def timed(original: Callable[[Table], None]) -> Callable[[Table], None]:
        def run(self: Table) -> None:
            start = time.perf_counter()
            try:
                original(self)
            finally:
                spent.append(time.perf_counter() - start)

        return run

    for name, original in originals.items():
        setattr(Table, name, timed(original))
    try:
        yield
    finally:
        for name, original in originals.items():
            setattr(Table, name, original)


def interact(at: Any) -> Need:
    """Set up one interaction of the person (the run itself is timed by the caller)."""
    table: Table = at.session_state["play_table"]
    need = table.need()
    game_id = at.session_state["play_game_id"]
    if need is Need.CUT_FOR_DEAL:
        at.button(key="play_cut").click()
    elif need is Need.CUT_STARTER:
        at.button(key="play_cut_starter").click()
    elif need is Need.DISCARD:
        hand = table.view.hand
        at.session_state[f"throw_{game_id}_{table.view.deal_no}"] = {
            "log": [{"seq": 1, "do": "pick", "cards": [str(hand[0]), str(hand[1])]}]
        }
    elif need is Need.LAY:
        (component,) = at.get("bidi_component")
        data = json.loads(component.proto.json)
        card = next(c["id"] for c in data["cards"] if not c["off"])
        at.session_state[data["token"]] = {"log": [{"seq": 1, "do": "lay", "cards": [card]}]}
    elif need is Need.REVEAL:
        key = f"play_reveal_{len(table.game.events)}"
        nexts = [b for b in at.button if b.key == f"{key}_next"]
        (nexts[0] if nexts else at.button(key=f"{key}_go")).click()
    elif need is Need.CLAIM:
        nxt = table.next_count()
        assert nxt is not None
        key = f"play_claim_{len(table.game.events)}"
        at.number_input(key=key).set_value(nxt[2].total)
        at.button(key=f"{key}_ok").click()
    return need


def bench_play_page(max_interactions: int = 400) -> list[tuple[str, float]]:
    """Median and worst server time per interaction (ms), without the computer's thinking,
    against the peer page's rerun."""
    from streamlit.testing.v1 import AppTest

    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get(ENV_VAR)
        os.environ[ENV_VAR] = str(Path(folder) / "play.sqlite3")
        try:
            peer_script = Path(folder) / "peer.py"
            peer_script.write_text(_PEER)
            peer = AppTest.from_file(str(peer_script), default_timeout=60)
            peer.run()
            peer_times = []
            for _ in range(20):
                start = time.perf_counter()
                peer.run()
                peer_times.append(time.perf_counter() - start)

            timed_page = Path(folder) / "play_timed.py"
            timed_page.write_text(_TIMED.format(page=str(PAGE)))
            at = AppTest.from_file(str(timed_page), default_timeout=120)
            at.run()
            at.radio(key="play_level").set_value("easy")
            at.radio(key="play_target").set_value(61)
            at.button(key="play_start").click()
            at.run()
            times: list[float] = []
            script: list[float] = []
            thinking: list[float] = []
            for _ in range(max_interactions):
                table: Table = at.session_state["play_table"]
                if table.need() is Need.OVER:
                    break
                interact(at)
                at.session_state["_bench_runs"] = []
                spent: list[float] = []
                with _computer_timed(spent):
                    start = time.perf_counter()
                    at.run()
                    elapsed = time.perf_counter() - start
                if at.exception:
                    raise RuntimeError(f"the Play page failed: {at.exception}")
                times.append(elapsed - sum(spent))
                script.append(sum(at.session_state["_bench_runs"]) - sum(spent))
                thinking.append(sum(spent))
        finally:
            if old is None:
                os.environ.pop(ENV_VAR, None)
            else:
                os.environ[ENV_VAR] = old
    times.sort()
    script.sort()
    peer_times.sort()
    median = times[len(times) // 2]
    peer_median = peer_times[len(peer_times) // 2]
    return [
        ("interactions in a game to 61 (count)", float(len(times))),
        ("page script, median (ms)", 1000 * script[len(script) // 2]),
        ("page script, 90th percentile (ms)", 1000 * script[len(script) * 9 // 10]),
        ("page script, worst (ms)", 1000 * script[-1]),
        ("AppTest run, median (ms)", 1000 * median),
        ("AppTest run, worst (ms)", 1000 * times[-1]),
        ("computer thinking, worst (ms)", 1000 * max(thinking)),
        ("peer: one-line page rerun (ms)", 1000 * peer_median),
        ("median over the peer (ratio)", median / peer_median),
    ]


def main() -> int:
    for label, value in bench_play_page():
        print(f"  {label:<40} {value:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

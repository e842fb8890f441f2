"""The browser benchmark's figures (:mod:`trainer.bench.browser`): what it measured, kept by
name (:class:`Figures`, with :class:`Profile` for where a load's or a click's time went),
each figure's floor (:func:`floor_of`), the printed report (:func:`report`, beside the floor
of its kind, and with two checkouts their ratio), and the figures saved as JSON and read
back (:func:`save_figures`, :func:`load_figures`: ``--json`` and ``--report``).
"""

from __future__ import annotations

import dataclasses
import json
import statistics
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "FLOOR",
    "FLOOR_PAINTED",
    "FLOOR_RUN",
    "OVER_A_CLICK",
    "REVIEW_FROM_PROGRESS",
    "Figures",
    "Profile",
    "beside",
    "floor_of",
    "load_figures",
    "profile_lines",
    "report",
    "row",
    "save_figures",
]

#: The name the floor page's figures go under.
FLOOR = "floor"


@dataclass(frozen=True)
class Profile:
    """Where one load's or one click's time went: the wait; the browser's main thread (all
    of its tasks, and the scripts, layout and style among them, from Chrome's own counters);
    the server's processor time; and the scripts downloaded (files, kilobytes)."""

    wait: float
    browser: float
    scripts: float
    layout: float
    server: float
    files: int = 0
    kilobytes: float = 0.0


@dataclass
class Figures:
    """Samples in seconds, by what was measured."""

    samples: dict[str, list[float]] = field(default_factory=dict)
    failed: list[str] = field(default_factory=list)
    server_pid: int | None = None  # the server's process, to read its processor time
    floor_pid: int | None = None  # the floor page's server
    #: Where the time of a load or a click goes (``--only profile``), by what was profiled.
    profiles: dict[str, Profile] = field(default_factory=dict)

    def add(self, name: str, seconds: float) -> None:
        self.samples.setdefault(name, []).append(seconds)


#: How a figure that is a ratio to the same game's median click ends its name.
OVER_A_CLICK = "(x a click)"

#: The floor button's round trip, to the frame painted and to the end of the run.
FLOOR_PAINTED = "floor: a click -> painted"
FLOOR_RUN = "floor: a click -> run finished"
#: The Review page opened from Progress, to the end of its run.
REVIEW_FROM_PROGRESS = "Review from Progress -> run finished"


def beside(name: str) -> str:
    """The floor button's clicks timed beside each of the clicks named ``name`` (one before
    each, in a tab of its own): the floor that figure is given against, measured at the same
    moments as it, where the machine's load changes over a run.

    >>> beside("Check a hand -> total")
    'floor: beside Check a hand -> total'
    >>> floor_of(beside("Check a hand -> total")) is None
    True
    """
    return f"{FLOOR}: beside {name}"


def floor_of(name: str) -> str | None:
    """The floor figure a figure is given against (None: one with no floor, like a
    server's start or its processor time).

    >>> floor_of("first load: progress"), floor_of("fresh load: home")
    ('first load: floor', 'fresh load: floor')
    >>> floor_of("Play: wait after lay"), floor_of("Check a hand -> total")
    ('floor: a click -> run finished', 'floor: a click -> painted')
    >>> floor_of("first load: floor"), floor_of("server start, until it answers")
    (None, None)
    >>> floor_of(REVIEW_FROM_PROGRESS), floor_of("Review, 2 at the table: open the review (read)")
    ('floor: a click -> run finished', 'floor: a click -> run finished')
    """
    if name.endswith((f": {FLOOR}", OVER_A_CLICK)) or name.startswith(f"{FLOOR}:"):
        return None
    for load in ("first load, returning browser: ", "first load: ", "fresh load: "):
        if name.startswith(load):
            return f"{load}{FLOOR}"
    if name.startswith("Play: wait after") or name.endswith("run finished"):
        return FLOOR_RUN
    if ": open the review (" in name:  # timed to the end of the Review page's run
        return FLOOR_RUN
    if "painted" in name or "->" in name:
        return FLOOR_PAINTED
    return None


def row(name: str, values: list[float], floor: list[float] | None = None) -> str:
    per_second = name.endswith("a second")
    worst = min(values) if per_second else max(values)
    unit = "/s" if per_second else "x" if name.endswith(OVER_A_CLICK) else " s"
    against = ""
    if floor:
        against = f"  {statistics.median(values) / statistics.median(floor):5.2f}x floor"
    return (
        f"{name:<44} median {statistics.median(values):7.3f}{unit}  "
        f"worst {worst:7.3f}{unit}  (n={len(values)}){against}"
    )


def profile_lines(profiles: dict[str, Profile]) -> list[str]:
    """The profiles as a table, each beside the floor page's of its kind."""
    if not profiles:
        return []
    lines = [
        f"{'profile (seconds; scripts fetched)':<28} {'wait':>6} {'browser':>8} {'scripts':>8} "
        f"{'layout':>7} {'server':>7} {'files':>6} {'KB':>7}"
    ]
    for name, p in profiles.items():
        floor = profiles.get(f"{name.split(':')[0]}: {FLOOR}")
        against = f"  {p.wait / floor.wait:5.2f}x floor" if floor and floor is not p else ""
        lines.append(
            f"{name:<28} {p.wait:6.3f} {p.browser:8.3f} {p.scripts:8.3f} {p.layout:7.3f} "
            f"{p.server:7.3f} {p.files:6d} {p.kilobytes:7.0f}{against}"
        )
    return lines


def report(results: dict[Path, Figures]) -> str:
    lines: list[str] = []
    apps = list(results)
    for app in apps:
        lines.append(f"== {app}")
        samples = results[app].samples
        for name, values in samples.items():
            floor = floor_of(name)
            paired = samples.get(beside(name))  # timed beside it: preferred
            lines.append(row(name, values, paired or (samples.get(floor) if floor else None)))
        lines.extend(profile_lines(results[app].profiles))
        lines.extend(f"failed: {failure}" for failure in results[app].failed)
    if len(apps) == 2:
        first, second = (results[a].samples for a in apps)
        lines.append(f"== ratio of medians, {apps[0].name} / {apps[1].name}")
        for name in first:
            if name in second:
                ratio = statistics.median(first[name]) / statistics.median(second[name])
                lines.append(f"{name:<44} {ratio:6.2f}x")
    return "\n".join(lines)


def save_figures(results: dict[Path, Figures], path: Path) -> None:
    """The figures as JSON, by checkout (``--json``; read back by :func:`load_figures`)."""
    found = {
        str(app): {
            "samples": figures.samples,
            "failed": figures.failed,
            "profiles": {name: dataclasses.asdict(p) for name, p in figures.profiles.items()},
        }
        for app, figures in results.items()
    }
    path.write_text(json.dumps(found, indent=1), encoding="utf-8")


def load_figures(path: Path) -> dict[Path, Figures]:
    """Figures written by :func:`save_figures` (``--report``)."""
    found = json.loads(path.read_text(encoding="utf-8"))
    return {
        Path(app): Figures(
            samples={name: list(values) for name, values in figures["samples"].items()},
            failed=list(figures.get("failed", [])),
            profiles={
                name: Profile(**profile) for name, profile in figures.get("profiles", {}).items()
            },
        )
        for app, figures in found.items()
    }

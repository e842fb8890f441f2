"""Storage: the counts and the table as the contents of ``data/win_table.json``
(:func:`to_json`) and back (:func:`from_json`)."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from trainer.analysis.winprob.counts import DealCounts, PlayCounts
from trainer.analysis.winprob.deal import MAX_NEED, RANKS, SHOW_SIZE, FloatArray, IntArray

#: Resolution of the stored table: a chance is kept as a whole number of 1/65,535.
QUANT = 65535


def _pack(values: FloatArray) -> str:
    quantised = np.rint(np.clip(values, 0.0, 1.0) * QUANT).astype("<u2")
    return base64.b64encode(quantised.tobytes()).decode("ascii")


def _unpack(text: str, shape: tuple[int, int]) -> FloatArray:
    raw = np.frombuffer(base64.b64decode(text), dtype="<u2")
    out: FloatArray = raw.reshape(shape).astype(np.float64) / QUANT
    return out


def _trim(table: IntArray) -> list[list[int]]:
    """A 2-D count table as lists, without its all-zero trailing rows and columns."""
    rows = np.nonzero(table.any(axis=1))[0]
    cols = np.nonzero(table.any(axis=0))[0]
    r = int(rows.max()) + 1 if len(rows) else 0
    c = int(cols.max()) + 1 if len(cols) else 0
    return [[int(v) for v in row[:c]] for row in table[:r]]


def _untrim(rows: Sequence[Sequence[int]], shape: tuple[int, int]) -> IntArray:
    out = np.zeros(shape, dtype=np.int64)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def to_json(counts: DealCounts, table: FloatArray, about: Mapping[str, Any]) -> dict[str, Any]:
    """The data file's contents: ``about`` (how it was made), the counts, the table."""
    return {
        **about,
        "deals": counts.deals,
        "first_dealer": {
            str(target): {"games": games, "first_dealer_wins": wins}
            for target, (games, wins) in sorted(counts.first_dealer.items(), reverse=True)
        },
        "starters": [int(v) for v in counts.starters],
        "pone_hand": _trim(counts.pone_hand),
        "dealer_hand": _trim(counts.dealer_hand),
        "crib": _trim(counts.crib),
        "play": [
            {
                "laid": p.laid,
                "joint": p.joint.tolist(),
                "dealer_first": p.dealer_first.tolist(),
                "pone_first": p.pone_first.tolist(),
            }
            for p in counts.play
        ],
        "table": {
            "rows": MAX_NEED + 1,
            "meaning": "the dealer's chance at the start of a deal, [dealer needs, pone needs],"
            f" little-endian uint16 in 1/{QUANT}, base64",
            "values": _pack(table),
        },
    }


def from_json(data: Mapping[str, Any]) -> tuple[DealCounts, FloatArray]:
    """The counts and the table from the data file's contents."""
    show = (RANKS, SHOW_SIZE)
    play = tuple(
        PlayCounts(
            int(p["laid"]),
            np.asarray(p["joint"], dtype=np.int64),
            np.asarray(p["dealer_first"], dtype=np.int64),
            np.asarray(p["pone_first"], dtype=np.int64),
        )
        for p in data["play"]
    )
    counts = DealCounts(
        int(data["deals"]),
        np.asarray(data["starters"], dtype=np.int64),
        _untrim(data["pone_hand"], show),
        _untrim(data["dealer_hand"], show),
        _untrim(data["crib"], show),
        play,
        {
            int(target): (int(v["games"]), int(v["first_dealer_wins"]))
            for target, v in data["first_dealer"].items()
        },
    )
    rows = int(data["table"]["rows"])
    return counts, _unpack(data["table"]["values"], (rows, rows))

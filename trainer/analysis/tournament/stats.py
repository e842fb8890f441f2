"""The statistics of a match: the Wilson interval, the exact binomial and sign tests."""

from __future__ import annotations

from math import comb, sqrt


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` of ``n`` (95% by default)."""
    if n <= 0:
        raise ValueError("a confidence interval needs at least one game")
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_test(k: int, n: int) -> float:
    """Two-sided exact binomial p-value for ``k`` successes in ``n`` at one half."""
    if n == 0:
        return 1.0
    low = min(k, n - k)
    tail = sum(comb(n, i) for i in range(low + 1)) / 2**n
    return min(1.0, 2 * tail) if 2 * low != n else 1.0


def sign_test(a_both: int, b_both: int) -> float:
    """Two-sided exact sign test on the deal orders one side won both times."""
    return binomial_test(a_both, a_both + b_both)

"""A deliberately naive, independent scorer used to check the engine.

It shares no code with ``trainer.engine``: cards are (order, suit) pairs and
every rule is applied by brute force over subsets, as a person would check.
"""

from __future__ import annotations

from itertools import combinations

Plain = tuple[int, str]  # (rank order 1-13, suit letter)


def pips(order: int) -> int:
    return 10 if order > 10 else order


def naive_show(hand: list[Plain], starter: Plain, crib: bool = False) -> int:
    cards = [*hand, starter]
    points = 0
    for size in range(2, 6):
        for subset in combinations(cards, size):
            if sum(pips(c[0]) for c in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if a[0] == b[0]:
            points += 2
    # A run is a subset of 3+ cards of consecutive distinct ranks that is not
    # part of a longer such subset.
    runs = []
    for size in (5, 4, 3):
        for subset in combinations(cards, size):
            orders = sorted(c[0] for c in subset)
            is_run = all(orders[i + 1] == orders[i] + 1 for i in range(size - 1))
            if is_run and not any(set(subset) <= set(longer) for longer in runs):
                runs.append(subset)
    points += sum(len(run) for run in runs)
    suits = {c[1] for c in hand}
    if len(suits) == 1:
        if starter[1] in suits:
            points += 5
        elif not crib:
            points += 4
    if any(c[0] == 11 and c[1] == starter[1] for c in hand):
        points += 1
    return points


def naive_play(pile: list[Plain]) -> int:
    """Points for the last card of ``pile`` (one series, count at most 31)."""
    points = 0
    count = sum(pips(c[0]) for c in pile)
    if count == 15:
        points += 2
    if count == 31:
        points += 2
    same = 1
    while same < len(pile) and pile[-1 - same][0] == pile[-1][0]:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for n in range(len(pile), 2, -1):
        orders = sorted(c[0] for c in pile[-n:])
        if all(orders[i + 1] == orders[i] + 1 for i in range(n - 1)):
            points += n
            break
    return points

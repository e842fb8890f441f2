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
    runs: list[tuple[Plain, ...]] = []
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


def naive_show_parts(hand: list[Plain], starter: Plain, crib: bool = False) -> dict[str, int]:
    """The same count as :func:`naive_show`, split by kind (fifteen, pair, run, flush, nobs).

    Written out again on purpose, the slow way, so the split can be checked
    against the total of :func:`naive_show`.
    """
    cards = [*hand, starter]
    parts = dict.fromkeys(("fifteen", "pair", "run", "flush", "nobs"), 0)
    for size in range(2, 6):
        for subset in combinations(cards, size):
            if sum(pips(c[0]) for c in subset) == 15:
                parts["fifteen"] += 2
    for a, b in combinations(cards, 2):
        if a[0] == b[0]:
            parts["pair"] += 2
    # Runs the other way round: find the longest length that has any run, then
    # count every subset of that length that is a run.
    for size in (5, 4, 3):
        found = 0
        for subset in combinations(cards, size):
            orders = sorted(c[0] for c in subset)
            if orders == list(range(orders[0], orders[0] + size)):
                found += 1
        if found:
            parts["run"] = found * size
            break
    if len({c[1] for c in hand}) == 1:
        if starter[1] == hand[0][1]:
            parts["flush"] = 5
        elif not crib:
            parts["flush"] = 4
    for c in hand:
        if c[0] == 11 and c[1] == starter[1]:
            parts["nobs"] = 1
    return parts


def naive_pegging(
    hands: list[list[Plain]], leader: int, actions: list[Plain | None]
) -> tuple[list[int], list[int]]:
    """Referee a whole play from the actions taken in order (a card, or ``None`` for go).

    Returns who acted at each step and everyone's points. Any illegal action
    raises ``AssertionError``. The rules, as the pegging guide states them:
    players lay in turn clockwise from the leader; a player who cannot lay
    without passing 31 says go and is out of that series; when nobody can lay,
    the last player to lay pegs 1 (nothing extra on a 31) and the next player
    clockwise from them who still holds cards leads a fresh count; the very
    last card pegs 1 unless it made 31.
    """
    held = [list(h) for h in hands]
    n = len(held)
    scores = [0] * n
    actors: list[int] = []
    pile: list[Plain] = []
    out: set[int] = set()  # said go in this series
    last: int | None = None
    # A leader with no cards at all passes the lead on clockwise.
    turn = next((leader + k) % n for k in range(n) if held[(leader + k) % n] or k == n - 1)

    def count() -> int:
        return sum(pips(c[0]) for c in pile)

    def fits(p: int) -> bool:
        return any(count() + pips(c[0]) <= 31 for c in held[p])

    for action in actions:
        assert any(held), "the play is over"
        actors.append(turn)
        if action is None:
            assert not fits(turn), "go while a card fits"
            out.add(turn)
        else:
            assert action in held[turn], "card not in hand"
            assert count() + pips(action[0]) <= 31, "over 31"
            held[turn].remove(action)
            pile.append(action)
            last = turn
            scores[turn] += naive_play(pile)
        # Who must act next? Look round the table from the player after `turn`.
        candidates = [
            (turn + k) % n
            for k in range(1, n + 1)
            if held[(turn + k) % n] and (turn + k) % n not in out
        ]
        nxt = None
        if count() < 31:
            for p in candidates:
                if fits(p) or p != last:
                    nxt = p
                    break
        if nxt is not None:
            turn = nxt
            continue
        # The series is over.
        if last is not None and count() < 31:
            scores[last] += 1
        pile = []
        out = set()
        assert last is not None
        holders = [(last + k) % n for k in range(1, n + 1) if held[(last + k) % n]]
        if holders:
            turn = holders[0]
    assert not any(held), "cards left unplayed"
    return actors, scores

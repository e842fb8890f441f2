"""The discard analysis for five cards (trainer.analysis.discards_five): the uniform model
exact against an enumeration of every crib on small packs, the sampled model within its
stated error of an exact enumeration of every deal, and the ranking."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, permutations
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.analysis.discards_five import (
    LikelyRule,
    analyse_five,
    crib_sign_of,
    kept_likelihood_five,
    likely_single_throw,
    others_signs,
    sampled_cribs,
    sound_single_throw,
    uniform_cribs,
)
from trainer.analysis.hands import starter_average
from trainer.engine import DECK, Card, parse_cards, score_show


def _brute_uniform(cards: tuple[Card, ...], pool: list[Card]) -> list[float]:
    """Every three crib cards from ``pool`` and every starter of the rest, scored by the engine."""
    out = []
    for card in cards:
        total = 0
        n = 0
        for three in combinations(pool, 3):
            rest = [c for c in pool if c not in three]
            for starter in rest:
                total += score_show((card, *three), starter, crib=True).total
                n += 1
        out.append(total / n)
    return out


@settings(max_examples=15, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(6, 11))
def test_the_uniform_crib_is_exact_on_small_packs(seed: int, size: int) -> None:
    rng = random.Random(seed)
    # Small packs rich in jacks and in one suit, so that nobs and the flush both count.
    favoured = [c for c in DECK if c.order == 11 or c.index % 4 == 0]
    cards = tuple(rng.sample(DECK, 5))
    pool = rng.sample([c for c in favoured if c not in cards], size // 2)
    pool += rng.sample([c for c in DECK if c not in cards and c not in pool], size - len(pool))
    assert uniform_cribs(cards, pool) == pytest.approx(_brute_uniform(cards, pool))


def _brute_sound(
    cards: tuple[Card, ...], pool: list[Card], rule: Callable[[Sequence[Card]], Card] | None = None
) -> list[float]:
    """Three players: every deal of five and five to the others from ``pool``, then the
    pack's card and the starter, each throwing by the sound rule (or ``rule``); scored by
    the engine."""
    throw = rule or (lambda five: sound_single_throw(five, 0.0))
    out = [0.0] * 5
    n = 0
    for first in combinations(pool, 5):
        left = [c for c in pool if c not in first]
        for second in combinations(left, 5):
            rest = [c for c in left if c not in second]
            throws = (throw(first), throw(second))
            for pack, starter in permutations(rest, 2):
                n += 1
                for i, card in enumerate(cards):
                    out[i] += score_show((card, *throws, pack), starter, crib=True).total
    return [total / n for total in out]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_sampled_crib_is_within_its_error_of_every_deal_counted(seed: int) -> None:
    rng = random.Random(seed)
    cards = tuple(rng.sample(DECK, 5))
    pool = rng.sample([c for c in DECK if c not in cards], 12)
    exact = _brute_sound(cards, pool)
    means, errors = sampled_cribs(cards, players=3, samples=400, rng=random.Random(seed), pool=pool)
    for mean, error, truth in zip(means, errors, exact, strict=True):
        assert error > 0
        assert abs(mean - truth) < 4 * error + 1e-9


@pytest.mark.parametrize("seed", [4])
def test_the_likely_crib_is_within_its_error_of_every_deal_counted(seed: int) -> None:
    rng = random.Random(seed)
    cards = tuple(rng.sample(DECK, 5))
    pool = rng.sample([c for c in DECK if c not in cards], 12)
    exact = _brute_sound(cards, pool, likely_single_throw)
    means, errors = sampled_cribs(
        cards, players=3, samples=400, rng=random.Random(seed), pool=pool, throw_rule=LikelyRule(())
    )
    for mean, error, truth in zip(means, errors, exact, strict=True):
        assert abs(mean - truth) < 4 * error + 1e-9


@settings(max_examples=60, derandomize=True, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_likely_throw_keeps_the_best_average(seed: int) -> None:
    """Without a jack or four of a suit kept, the rank-only mean is the exact mean: the
    likely throw keeps the four with the best average over the starters."""
    rng = random.Random(seed)
    five = tuple(rng.sample(DECK, 5))
    throw = likely_single_throw(five)
    averages = {c: starter_average([k for k in five if k != c], (c,)) for c in five}
    keep = [c for c in five if c != throw]
    if any(c.order == 11 for c in keep) or len({c.index % 4 for c in keep}) == 1:
        return
    plain = [
        c
        for c in five
        if not any(k.order == 11 for k in five if k != c)
        and len({k.index % 4 for k in five if k != c}) > 1
    ]
    assert averages[throw] == pytest.approx(max(averages[c] for c in plain))


def test_sampling_with_random_throws_agrees_with_the_exact_uniform_crib() -> None:
    cards = parse_cards("5H 5D JS QC 9H")
    exact = uniform_cribs(cards)
    for players in (3, 4):
        means, errors = sampled_cribs(
            cards,
            players=players,
            samples=600,
            rng=random.Random(players),
            throw_rule=lambda five, _k: random.Random(str(five)).choice(five),
        )
        for mean, error, truth in zip(means, errors, exact, strict=True):
            assert abs(mean - truth) < 4 * error


def test_the_ranking_and_its_values() -> None:
    five = parse_cards("5H 5D JS QC 9H")
    ranked = analyse_five(five, players=3, crib_sign=1.0)
    assert {t.throw for t in ranked} == set(five)
    assert [t.net for t in ranked] == sorted((t.net for t in ranked), reverse=True)
    for t in ranked:
        assert set(t.keep) | {t.throw} == set(five)
        assert t.hand == pytest.approx(starter_average(t.keep, (t.throw,)))
        assert t.crib_error == 0.0
        assert t.net == pytest.approx(t.hand + t.crib)
    assert ranked[0].throw == parse_cards("9H")[0]  # keep 5-5-J-Q
    against = analyse_five(five, players=4, crib_sign=-1.0)
    assert all(t.net == pytest.approx(t.hand - t.crib) for t in against)
    sampled = analyse_five(five, players=4, crib_sign=1.0, model="sound", samples=50, seed=2)
    assert all(t.crib_error > 0 for t in sampled)
    assert "±" in str(sampled[0])
    assert sampled == analyse_five(
        five, players=4, crib_sign=1.0, model="sound", samples=50, seed=2
    )


def test_whose_crib_it_is() -> None:
    assert [crib_sign_of(s, 0, 4) for s in range(4)] == [1.0, -1.0, 1.0, -1.0]
    assert [crib_sign_of(s, 1, 3) for s in range(3)] == [-0.5, 1.0, -0.5]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"five": "5H 5D JS QC"}, "5 cards, not 4"),
        ({"players": 2}, "three or four"),
        ({"model": "psychic"}, "'uniform', 'sound' or 'likely'"),
    ],
)
def test_bad_questions(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"five": "5H 5D JS QC 9H", "players": 3, "crib_sign": 1.0}
    args.update(kwargs)
    five = parse_cards(str(args.pop("five")))
    with pytest.raises(ValueError, match=message):
        analyse_five(five, **args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="twice"):
        analyse_five(parse_cards("5H 5H JS QC 9H", allow_duplicates=True), players=3, crib_sign=1)
    with pytest.raises(ValueError, match="at least two"):
        sampled_cribs(tuple(five), players=3, samples=1, rng=random.Random(1))


def test_the_other_players_throw_toward_their_own_crib() -> None:
    assert others_signs(4, 1.0) == (1.0, -1.0, -1.0)
    assert others_signs(4, -1.0) == (-1.0, 1.0, 1.0)
    assert others_signs(3, 1.0) == (-0.5, -0.5)
    assert others_signs(3, -0.5) == (1.0, -0.5)
    # 3 6 9 kept with the five or the two: the two by a little, the five to one's own crib.
    five = parse_cards("3D 6H 9H 5S 2C")
    assert likely_single_throw(five) == likely_single_throw(five, -1.0) == parse_cards("2C")[0]
    rule = LikelyRule((1.0, -1.0))
    assert rule(five, 0) == parse_cards("5S")[0] and rule(five, 1) == parse_cards("2C")[0]


def _ways(ranks: tuple[int, ...]) -> int:
    return prod(comb(4, ranks.count(r)) for r in set(ranks))


@pytest.mark.parametrize("crib_sign", [1.0, -0.5, -1.0])
def test_kept_likelihood_five_follows_the_likely_throw(crib_sign: float) -> None:
    """Every four's ratio, checked by dealing it each fifth rank in turn and asking
    likely_single_throw, card by card, what it throws."""
    table = kept_likelihood_five(crib_sign)
    fours = [f for f in combinations_with_replacement(range(1, 14), 4) if max(map(f.count, f)) <= 4]
    assert sorted(table) == fours
    assert sum(_ways(f) * table[f] for f in fours) / comb(52, 4) == pytest.approx(1.0)
    by_order: dict[int, list[Card]] = {}
    for card in DECK:
        by_order.setdefault(card.order, []).append(card)
    for four in fours[:: 7 if crib_sign == 1.0 else 29]:
        chance = 0.0
        for fifth in range(1, 14):
            five = tuple(sorted((*four, fifth)))
            if five.count(fifth) > 4:
                continue
            cards = [by_order[r][five[:i].count(r)] for i, r in enumerate(five)]
            if likely_single_throw(cards, crib_sign).order == fifth:
                chance += _ways(five) / comb(52, 5)
        assert table[four] == pytest.approx(chance / (_ways(four) / comb(52, 4)), abs=1e-12)
    # Four fives are kept whatever the fifth card: five times as often as four cards
    # dealt at random are those.
    assert table[(5, 5, 5, 5)] == pytest.approx(5.0)

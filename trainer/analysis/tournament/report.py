"""The printed table of a match (:func:`format_match`), beside good human play."""

from __future__ import annotations

from trainer.analysis.tournament.matches import BANDS, MatchResult

#: Published averages of good human play, points a deal: (role, source) -> points.
HUMAN_AVERAGES: dict[tuple[str, str], float] = {
    ("dealer", "play"): 3.5,
    ("dealer", "hand"): 8.0,
    ("dealer", "crib"): 4.7,
    ("dealer", "total"): 16.2,
    ("pone", "play"): 2.0,
    ("pone", "hand"): 8.1,
    ("pone", "total"): 10.1,
}


def format_match(result: MatchResult) -> str:
    """The printed table for one match."""
    a, b = result.levels
    low, high = result.first_dealer_interval
    first_dealer = (
        f"  the first dealer won {result.first_dealer_wins} of {result.games}: "
        f"{100 * result.first_dealer_rate:.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%)"
    )
    if a == b:
        lines = [
            f"{a} v {b}: {result.games} games (a level against itself, each game its own deal"
            " order)",
            first_dealer,
        ]
    else:
        if result.seats == 4:
            title = (
                f"{a}+{a} v {b}+{b}: {result.games} games at four, two partnerships"
                f" ({result.games // 2} deal orders, each played twice with the partnerships"
                " exchanged)"
            )
        elif result.seats == 3:
            title = (
                f"{a} v {b}: {result.games} games at three ({result.games // 2} pairs: one {a}"
                f" against two {b}, then one {b} against two {a} with the same deal, the lone"
                " chair going round the table; equal levels share the wins 50-50)"
            )
        else:
            title = (
                f"{a} v {b}: {result.games} games ({result.games // 2} deal orders, each"
                " played twice with the seats exchanged)"
            )
        lines = [title]
        for side, level in enumerate((a, b)):
            low, high = result.interval(side)
            lines.append(
                f"  {level:<12} wins {result.wins[side]:>5} of {result.games}: "
                f"{100 * result.rate(side):5.1f}%  (95% CI {100 * low:.1f}-{100 * high:.1f}%,"
                " Wilson)"
            )
        lines.append(
            f"  sign test on the paired games: {a} won both {result.both[0]}, {b} won both "
            f"{result.both[1]}, split {result.split}; p = {result.p_sign:.3g} (two-sided, exact)"
        )
        lines.append(f"  exact binomial test on all games: p = {result.p_binomial:.3g} (two-sided)")
        lines.append(first_dealer)
        lines.extend(_format_late(result))
    header = "  points a deal       dealer: play  hand  crib total |  pone: play  hand total"
    lines.append(header)

    def row(name: str, t: dict[tuple[str, str], float]) -> str:
        return (
            f"  {name:<26}{t[('dealer', 'play')]:>5.1f} {t[('dealer', 'hand')]:>5.1f} "
            f"{t[('dealer', 'crib')]:>5.1f} {t[('dealer', 'total')]:>5.1f} |"
            f"       {t[('pone', 'play')]:>5.1f} {t[('pone', 'hand')]:>5.1f} "
            f"{t[('pone', 'total')]:>5.1f}"
        )

    for level in dict.fromkeys((a, b)):
        lines.append(row(level, result.per_deal[level]))
    if result.seats == 2:  # the published averages are for two players
        human = dict(HUMAN_AVERAGES)
        human[("pone", "crib")] = 0.0
        lines.append(row("good human play (published)", human))
    lines.append(
        "  (his heels counts with the dealer's play; deals cut short by a win are left out)"
    )
    return "\n".join(lines)


def _format_late(result: MatchResult) -> list[str]:
    late = result.late
    if late is None:
        return []
    a = result.levels[0]
    low, high = late.gain_interval
    lines = [
        f"  the last two deals: {a}'s chance at their start averaged {100 * late.chance:.1f}%"
        f" (the win table); it won {100 * result.rate(0):.1f}%: {100 * late.gain:+.1f}"
        f" percentage points in the last two deals (95% CI {100 * low:+.1f} to {100 * high:+.1f})",
        f"  {a}'s games by its chance at the start of the last two deals:",
    ]
    for (name, _, _), (games, wins) in zip(BANDS, late.bands, strict=True):
        rate = f"{100 * wins / games:5.1f}%" if games else "    -"
        lines.append(f"    {name:<20} {games:>5} games, {a} won {wins:>5}: {rate}")
    return lines

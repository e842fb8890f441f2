"""The Play page's table as HTML (trainer.ui.table_html): the log keeps the newest in view and
marks what is new, the felt's pile is smaller than the hand and lights what scored, and a
hand counted at once lights each combination in turn while the list grows with the total."""

from __future__ import annotations

import itertools
import re

from trainer.engine import parse_cards, score_show
from trainer.training.table import LogLine
from trainer.ui.film import FILM_CSS, appear, timing
from trainer.ui.table_html import (
    felt_html,
    item_html,
    items_html,
    lit_cards_html,
    log_html,
    now_html,
    reveal_times,
)


def test_the_log_marks_the_new_lines_and_brings_the_reply_in_late() -> None:
    lines = [
        LogLine("You lay 5♥: the count is 5.", False, 3),
        LogLine("The computer lays 10♣: the count is 15.", True, 4),
        LogLine("The computer pegs 2: fifteen for two.", True, 4),
        LogLine("<b>not markup</b> & more", True, 5),
    ]
    html = log_html(lines, late="play-late-6", reply=4)
    assert html.startswith('<div class="tb-log" role="log"')
    assert '<div class="tb-old">You lay 5♥: the count is 5.</div>' in html
    assert html.count('class="tb-new play-late-6"') == 2
    assert "&lt;b&gt;not markup&lt;/b&gt; &amp; more" in html and "<b>not" not in html
    assert "Nothing has happened yet" in log_html([])


def test_the_felt_draws_the_pile_small_with_what_scored_lit() -> None:
    pile = parse_cards("6H 5C 7D")
    (starter,) = parse_cards("KS")
    html = felt_html(
        starter=starter, pile=pile, lit=pile, count=18, holds="The computer holds 2 cards."
    )
    assert "max-width:52px" in html  # the starter
    assert f"max-width:{56 * 3}px" in html  # the pile: 56 px a card, less than a hand's card
    assert html.count('stroke="#f5b700"') == 3  # the whole run lit, the 6 too
    assert "The count is <b" in html and "<span>18</span>" in html
    late = felt_html(starter=starter, pile=pile, count=18, before=11, late="play-late-9")
    assert (
        '<span class="play-late-9-gone" aria-hidden="true">11</span>'
        '<span class="play-late-9">18</span>'
    ) in late
    assert 'class="play-late-9-pile"' in late


def test_a_hand_counted_at_once_is_a_film_of_its_combinations() -> None:
    score = score_show(parse_cards("5H 6D 4S JC"), parse_cards("5S")[0])
    times = reveal_times(len(score.items))
    assert times[0] == 0.0 and len(times) == len(score.items) + 2
    assert all(b > a for a, b in itertools.pairwise(times))
    cards = lit_cards_html(score, times)
    overlays = re.findall(r'<g class="(tb-t[^"]*)" style="([^"]*)">', cards)
    assert len(overlays) == len(score.items)
    assert [style for _, style in overlays] == [
        timing(n, times)[1] for n in range(1, len(times) - 1)
    ]
    assert all("tb-final" not in cls for cls, _ in overlays)  # the whole hand again at the end
    listed = items_html(score, times)
    rows = re.findall(r"<li[^>]*>(.*?)</li>", listed)
    total = 0
    for item, row in zip(score.items, rows, strict=True):
        total += item.points
        assert row == item_html(item, total)
        seen = re.sub(r'<span class="tb-sr">.*?</span>|<[^>]+>', "", row)
        assert seen == f"{item.describe()} — {total}"  # the line as it reads on the screen
    assert listed.count("tb-final") == len(score.items)  # each stays once shown
    assert appear(times[1])[1] in listed
    assert "prefers-reduced-motion" in FILM_CSS


def test_the_combination_being_counted_is_said_beside_the_cards_with_names() -> None:
    score = score_show(parse_cards("5H 6D 4S JC"), parse_cards("5S")[0])
    first = score.items[0]
    for card in first.cards:  # a screen reader hears names, not suit symbols
        assert card.name in item_html(first, 2)
    assert f'<span aria-hidden="true">{first.cards_text()}</span>' in item_html(first, 2)
    steps = [now_html(score, shown, start="Next…", end="<b>8</b>") for shown in range(3)]
    assert "Next…" in steps[0] and item_html(first, first.points) in steps[1]
    assert item_html(score.items[1], first.points + score.items[1].points) in steps[2]
    assert "<b>8</b>" in now_html(score, len(score.items), start="Next…", end="<b>8</b>")
    assert all('aria-live="polite"' in step for step in steps)
    assert items_html(score, shown=2).count("<li>") == 2
    # counted at once: a film of the combinations, the total staying, read alone
    times = reveal_times(len(score.items))
    film = now_html(score, len(score.items), start="…", end="<b>8</b>", times=times)
    frames = re.findall(
        r"<div( class=\"[^\"]*\")?( style=\"[^\"]*\")?( aria-hidden=\"true\")?>", film
    )
    assert len(frames) == len(score.items) + 2 + 1  # the box, then each step
    assert len(re.findall(r'<div[^>]*aria-hidden="true"', film)) == len(score.items) + 1
    assert "tb-final" in film.rsplit("<div", 1)[1] and "<b>8</b>" in film.rsplit("<div", 1)[1]

"""Command line: count a hand, score a pegging card, validate content.

    python -m trainer count 5H 5D 5C JS 5S [--crib] [--json]
    python -m trainer peg 7S 7C 7H [--json]
    python -m trainer validate [PATH ...]

Bad input prints one line naming what was wrong and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from trainer.engine import (
    CardNotationError,
    DuplicateCardError,
    PeggingError,
    ScoreItem,
    label_cards,
    parse_cards,
    score_play,
    score_show,
)

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A problem with what the user typed: shown as one line, exit status 2."""


def _item_json(item: ScoreItem) -> dict[str, Any]:
    return {"kind": item.kind, "cards": [str(c) for c in item.cards], "points": item.points}


def _cards(tokens: Sequence[str]) -> tuple[Any, ...]:
    try:
        return parse_cards(" ".join(tokens))
    except (CardNotationError, DuplicateCardError) as err:
        raise CliError(str(err)) from None


def cmd_count(args: argparse.Namespace) -> int:
    cards = _cards(args.cards)
    if len(cards) != 5:
        raise CliError(
            f"count needs 5 cards, the four of the hand then the starter; got {len(cards)}"
        )
    *hand, starter = cards
    score = score_show(hand, starter, crib=args.crib)
    if args.json:
        payload = {
            "hand": [str(c) for c in hand],
            "starter": str(starter),
            "crib": args.crib,
            "total": score.total,
            "items": [_item_json(item) for item in score.items],
            "cadence": score.cadence(),
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    what = "Crib" if args.crib else "Hand"
    print(f"{what}: {label_cards(hand)}   starter: {starter.label}")
    for line in score.lines():
        print(f"  {line}")
    print(score.cadence())
    print(f"Total: {score.total}")
    return 0


def cmd_peg(args: argparse.Namespace) -> int:
    pile = _cards(args.cards)
    if not pile:
        raise CliError("peg needs the cards of the current series, in the order they were laid")
    try:
        scored = score_play(pile)
    except PeggingError as err:
        raise CliError(str(err)) from None
    if args.json:
        payload = {
            "pile": [str(c) for c in pile],
            "count": scored.count,
            "total": scored.total,
            "items": [_item_json(item) for item in scored.items],
            "explanation": scored.explain(),
        }
        print(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    print(f"Pile: {label_cards(pile)}   count: {scored.count}")
    print(f"{pile[-1].label} pegs {scored.total}: {scored.explain()}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from trainer.content import validate_paths

    problems = validate_paths(args.paths)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) found", file=sys.stderr)
        return EXIT_BAD_INPUT
    print("All lesson and drill files are valid.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cribbage-trainer",
        description="Count cribbage hands and pegging plays, and check the trainer's content.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    count = sub.add_parser("count", help="count a hand (or crib): four cards then the starter")
    count.add_argument("cards", nargs="+", help="e.g. 5H 5D 5C JS 5S (the last is the starter)")
    count.add_argument("--crib", action="store_true", help="count it as the crib")
    count.add_argument("--json", action="store_true", help="print JSON")
    count.set_defaults(run=cmd_count)

    peg = sub.add_parser("peg", help="what the last card of a pegging series scores")
    peg.add_argument("cards", nargs="+", help="the series in the order laid, e.g. 7S 7C 7H")
    peg.add_argument("--json", action="store_true", help="print JSON")
    peg.set_defaults(run=cmd_peg)

    validate = sub.add_parser("validate", help="check lesson and drill files")
    validate.add_argument("paths", nargs="*", help="files or folders (default: lessons/ drills/)")
    validate.set_defaults(run=cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except CliError as err:
        print(f"error: {err}", file=sys.stderr)
        return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""Command line: count a hand, score a pegging card, validate content, start the app, and
look after the progress store and club mode's accounts.

    python -m trainer count 5H 5D 5C JS 5S [--crib] [--json]
    python -m trainer peg 7S 7C 7H [--json]
    python -m trainer validate [PATH ...]
    python -m trainer app [--server.port 8502 ...]
    python -m trainer tournament --games N [--jobs 2] [--seed S] [--pair hard:crazy ...] [--only]
        [--seats 3|4]
    python -m trainer store copy SOURCE TARGET
    python -m trainer store check [--store STORE]
    python -m trainer club add-teacher NAME [--store STORE] [--pin-stdin]
    python -m trainer club set-pin NAME [--store STORE] [--pin-stdin]

Bad input prints one line naming what was wrong and exits with status 2: a missing
command, an option nobody knows, or a card written with a leading ``-`` (put ``--``
before the cards to pass such a token as a card anyway). On a terminal that cannot show
the suit symbols (``PYTHONIOENCODING=ascii``) cards are printed with letters, like 10H.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

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
PROG = "cribbage-trainer"

_SUIT_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


class CliError(Exception):
    """A problem with what the user typed: shown as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line (argparse prints its usage first)."""

    def error(self, message: str) -> NoReturn:
        if "required: command" in message:
            message = f"name a command: {', '.join(COMMANDS)} (see {PROG} --help)"
        elif "required: store_command" in message:
            message = f"name what to do with the store: copy or check (see {PROG} store --help)"
        elif "required: club_command" in message:
            message = f"name what to do: add-teacher or set-pin (see {PROG} club --help)"
        raise CliError(message)


def printable(text: str, stream: TextIO) -> str:
    """``text`` as ``stream`` can encode it: suit symbols become letters, anything else
    that does not fit becomes ``?``."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.translate(_SUIT_LETTERS)
        try:
            return text.encode(encoding, errors="replace").decode(encoding)
        except LookupError:
            return text.encode("ascii", errors="replace").decode("ascii")
    return text


def say(text: str = "", *, error: bool = False) -> None:
    stream = sys.stderr if error else sys.stdout
    print(printable(text, stream), file=stream)


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
        say(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    what = "Crib" if args.crib else "Hand"
    say(f"{what}: {label_cards(hand)}   starter: {starter.label}")
    for line in score.lines():
        say(f"  {line}")
    say(score.cadence())
    say(f"Total: {score.total}")
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
        say(json.dumps(payload, ensure_ascii=False, indent=2))
        return 0
    say(f"Pile: {label_cards(pile)}   count: {scored.count}")
    say(f"{pile[-1].label} pegs {scored.total}: {scored.explain()}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from trainer.content.validate import validate_paths
    from trainer.training.learn import kind_problem
    from trainer.training.questions import tier_problem

    problems = validate_paths(args.paths, tier_problem, kind_problem)
    for problem in problems:
        say(str(problem))
    if problems:
        say(f"{len(problems)} problem(s) found", error=True)
        return EXIT_BAD_INPUT
    say("All lesson and drill files are valid.")
    return 0


DEFAULT_PAIRS = ("easy:normal", "normal:hard", "hard:crazy")


def _pair(text: str) -> tuple[str, str]:
    from trainer.analysis.tournament.variants import PLAYERS as names

    parts = text.split(":")
    if len(parts) != 2 or not all(part in names for part in parts):
        raise CliError(f"{text!r} is not a pair of levels: write two of {', '.join(names)} as a:b")
    return parts[0], parts[1]


def _tournament_task(task: tuple[tuple[str, str], str, int, int, int]) -> Any:
    from trainer.analysis.tournament.matches import play_pair

    levels, seed, index, target, seats = task
    return play_pair(levels, seed, index, target, seats)


def _deals_task(task: tuple[tuple[str, str], str, int, int, int]) -> Any:
    from trainer.analysis.tournament.deals import play_deals

    levels, seed, index, _target, seats = task
    return play_deals(levels, seed, index, seats)


def _check_tournament(args: argparse.Namespace) -> None:
    """Refuse a tournament's options that cannot be played, saying which and why."""
    if args.games is None or args.games < 2 or args.games % 2:
        raise CliError("--games must be an even number, 2 or more: each deal order is played twice")
    if args.jobs < 1:
        raise CliError("--jobs must be 1 or more")
    if args.target not in (61, 121):
        raise CliError("--target must be 121, or 61 for the short game")
    if args.seats not in (2, 3, 4):
        raise CliError("--seats must be 2, 3 or 4 (four as two partnerships)")
    if args.seats == 3 and args.games % 6:
        raise CliError(
            "--games at three seats must be a multiple of 6: each deal order is played with"
            " the lone chair at each seat, twice"
        )


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play each pair of levels over the same deal orders, seats exchanged, and print the table."""
    import multiprocessing
    import time

    from tqdm import tqdm

    from trainer.analysis.tournament.matches import summarise
    from trainer.analysis.tournament.report import format_match

    if args.deals is not None:
        return _duplicate_deals(args)
    _check_tournament(args)
    named = [_pair(text) for text in args.pair or ()]
    pairs = list(dict.fromkeys([*([] if args.only else map(_pair, DEFAULT_PAIRS)), *named]))
    if not pairs:
        raise CliError("--only plays just the pairs named with --pair: name at least one")
    orders = args.games // 2
    every = args.report_every
    print(
        f"Tournament: {args.games} games a pair ({orders} deal orders, each played twice with "
        f"the seats exchanged), seed {args.seed}, game to {args.target}, {args.seats} seats,"
        f" {args.jobs} job(s)",
        flush=True,
    )
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for levels in pairs:
            tasks = [(levels, str(args.seed), i, args.target, args.seats) for i in range(orders)]
            results = (
                pool.imap_unordered(_tournament_task, tasks, chunksize=2)
                if pool is not None
                else map(_tournament_task, tasks)
            )
            outcomes = []
            started = time.perf_counter()
            bar = tqdm(
                results,
                total=orders,
                desc=f"{levels[0]} v {levels[1]}",
                unit="pair",
                mininterval=5,
            )
            for outcome in bar:
                outcomes.append(outcome)
                if every and len(outcomes) % every == 0 and len(outcomes) < orders:
                    bar.write(f"[after {len(outcomes)} deal orders]")
                    bar.write(format_match(summarise(levels, outcomes)))
            bar.close()
            seconds = time.perf_counter() - started
            outcomes.sort(key=lambda o: o.index)
            print(format_match(summarise(levels, outcomes)), flush=True)
            print(
                f"  {seconds / args.games:.2f} s a game ({seconds / 60:.1f} minutes for the"
                f" {args.games} games on {args.jobs} job(s))",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.terminate()
    return 0


def _duplicate_deals(args: argparse.Namespace) -> int:
    """``tournament --deals N``: each pair of levels over N pairs of duplicate deals."""
    import multiprocessing
    import time

    from tqdm import tqdm

    from trainer.analysis.tournament.deals import format_deals, summarise_deals

    if args.deals < 1 or args.jobs < 1:
        raise CliError("--deals and --jobs must be 1 or more")
    if args.seats not in (2, 3, 4):
        raise CliError("--seats must be 2, 3 or 4 (four as two partnerships)")
    named = [_pair(text) for text in args.pair or ()]
    pairs = list(dict.fromkeys([*([] if args.only else map(_pair, DEFAULT_PAIRS)), *named]))
    print(
        f"Duplicate deals: {args.deals} pairs a pair of levels, seed {args.seed},"
        f" {args.seats} seats, {args.jobs} job(s)",
        flush=True,
    )
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    try:
        for levels in pairs:
            tasks = [(levels, str(args.seed), i, 0, args.seats) for i in range(args.deals)]
            results = (
                pool.imap_unordered(_deals_task, tasks, chunksize=4)
                if pool is not None
                else map(_deals_task, tasks)
            )
            started = time.perf_counter()
            done = sorted(
                tqdm(results, total=args.deals, desc=f"{levels[0]} v {levels[1]}", mininterval=5),
                key=lambda d: d.index,
            )
            seconds = time.perf_counter() - started
            print(format_deals(summarise_deals(levels, done)), flush=True)
            print(f"  {seconds / 60:.1f} minutes on {args.jobs} job(s)", flush=True)
    finally:
        if pool is not None:
            pool.terminate()
    return 0


def cmd_app(args: argparse.Namespace) -> int:
    from trainer.launch import main as launch

    return launch(args.options)  # whatever the parser did not know: Streamlit's options


def cmd_store_copy(args: argparse.Namespace) -> int:
    """Copy every row of one progress store into a new, empty one, and check the copy."""
    from trainer.progress.store import Store, StoreError, logged
    from trainer.progress.store.postgres import is_url, shown

    source, target = str(args.source), str(args.target)
    if not is_url(source) and not Path(source.removeprefix("sqlite://")).expanduser().is_file():
        raise CliError(f"there is no progress file at {source}")
    try:
        tables = Store.open(source).dump()
        copy = Store.open(target)
        written = copy.load(tables)
        if copy.dump() != tables:
            raise CliError(
                f"the copy in {copy.shown()} does not hold every row of the source: do not "
                "use it (the source is unchanged)"
            )
    except StoreError as err:
        raise CliError(logged(err)) from None
    counts = {name: len(table.rows) for name, table in tables.items()}
    say(
        f"Copied {counts['profiles']} players, {counts['attempts']} answers, "
        f"{counts['lesson_progress']} lesson places and {counts['games']} games "
        f"({written} rows) from {shown(source)} to {copy.shown()}; every row checked."
    )
    return 0


def _many(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cmd_store_check(args: argparse.Namespace) -> int:
    """Say what a progress store holds and whether it is sound (for whoever looks after it)."""
    from trainer.progress.store import (
        SCHEMA_VERSION,
        Store,
        StoreError,
        logged,
        resolve_location,
    )

    try:
        store = Store.open(args.store or resolve_location())
        version = store.schema_version()
        problems = [line for line in store.check_integrity() if line != "ok"]
        players = len(store.profiles())
        answers = store.count_attempts()
        games = store.count_games()
    except StoreError as err:
        raise CliError(logged(err)) from None
    held = ", ".join(
        _many(n, word) for n, word in ((players, "player"), (answers, "answer"), (games, "game"))
    )
    say(f"{store.shown()}: {held}; schema {version} of this trainer's {SCHEMA_VERSION}.")
    if store.notice:
        say(store.notice)
    if problems:
        for line in problems:
            say(line, error=True)
        say("The store has problems: copy it elsewhere before anything else.", error=True)
        return EXIT_BAD_INPUT
    say("Every check passed.")
    return 0


def _read_pin(args: argparse.Namespace) -> str:
    """The PIN from standard input (``--pin-stdin``, for scripts) or asked for twice."""
    if args.pin_stdin:
        return sys.stdin.readline().rstrip("\n")
    import getpass

    try:
        pin = getpass.getpass("PIN: ")
        again = getpass.getpass("The same PIN again: ")
    except EOFError:
        print(file=sys.stderr)  # the prompt waits on its line: the message starts a new one
        raise CliError(
            "the PIN is asked for twice and the input ended first; to give it once from a "
            "script, add --pin-stdin"
        ) from None
    except KeyboardInterrupt:
        raise CliError("stopped before the PIN was given: nothing was changed") from None
    if again != pin:
        raise CliError("the two PINs are not the same")
    return pin


def cmd_club(args: argparse.Namespace) -> int:
    """Club mode's accounts from the command line: a teacher, or a player's PIN."""
    from trainer.progress import club
    from trainer.progress.store import ProfileNameError, Store, StoreError, logged

    role = "teacher" if args.club_command == "add-teacher" else "player"
    try:
        from trainer.progress.store import resolve_location

        store = Store.open(args.store or resolve_location())
        if args.club_command == "set-pin" and store.profile_named(args.name) is None:
            raise CliError(f"there is no player called {args.name!r}")
        pin = _read_pin(args)
        profile = club.set_up_player(store, args.name, pin, role=role)
    except ProfileNameError as err:
        raise CliError(str(err)) from None
    except StoreError as err:
        raise CliError(logged(err)) from None
    say(f"{profile.name} can sign in as a {role} with that PIN (in {store.shown()}).")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
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

    app_help = (
        "start the app (lessons, drills and tables loaded first, so every page opens at "
        "once); Streamlit's options such as --server.port 8502 or --server.address 0.0.0.0 "
        "are passed on to Streamlit"
    )
    app = sub.add_parser(
        "app",
        help=app_help,
        description=app_help[0].upper() + app_help[1:] + ".",
        usage=f"{PROG} app [STREAMLIT OPTION ...]",
    )
    app.set_defaults(run=cmd_app, passes_options=True)

    tour = sub.add_parser(
        "tournament",
        help="computer levels against each other, each deal order played twice with seats exchanged",
    )
    tour.add_argument("--games", type=int, help="games a pair (even)")
    tour.add_argument(
        "--deals",
        type=int,
        help="instead of games, this many pairs of duplicate deals a pair of levels (each deal"
        " played twice with the seats exchanged, far from home): points a deal, cheaper",
    )
    tour.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    tour.add_argument("--seed", default="1", help="seed for the deal orders (default 1)")
    tour.add_argument(
        "--pair",
        action="append",
        help="another pair to play, like hard:crazy, or crazy:crazy-points (today's Crazy "
        "before it knew the score), or hard:hard (a level against itself: the first dealer's "
        "advantage); the levels next to each other always play, unless --only",
    )
    tour.add_argument("--only", action="store_true", help="play only the pairs named with --pair")
    tour.add_argument("--target", type=int, default=121, help="121, or 61 for the short game")
    tour.add_argument(
        "--seats",
        type=int,
        default=2,
        help="players at the table: 2, 3 (each alone) or 4 (partnerships A+A v B+B)",
    )
    tour.add_argument(
        "--report-every",
        type=int,
        default=0,
        help="also print the table so far every N deal orders of a pair",
    )
    tour.set_defaults(run=cmd_tournament)

    store = sub.add_parser("store", help="the progress store: copy it to another")
    store_sub = store.add_subparsers(dest="store_command", required=True)
    copy = store_sub.add_parser(
        "copy",
        help="copy every row of a store (a file's path, or a postgresql:// URL) into a new, "
        "empty one, and check the copy",
    )
    copy.add_argument("source", help="the store to copy from (left as it is)")
    copy.add_argument("target", help="the store to copy into (made if it is a new file)")
    copy.set_defaults(run=cmd_store_copy)
    check = store_sub.add_parser(
        "check", help="what a progress store holds, and whether the database finds it sound"
    )
    check.add_argument(
        "--store", help="a file's path or a postgresql:// URL (default: the app's own store)"
    )
    check.set_defaults(run=cmd_store_check)

    clubs = sub.add_parser("club", help="club mode's accounts: teachers, and players' PINs")
    club_sub = clubs.add_subparsers(dest="club_command", required=True)
    for name, text in (
        ("add-teacher", "make a teacher (or make a player a teacher) with a PIN"),
        ("set-pin", "give an existing player a PIN (asked for twice)"),
    ):
        command = club_sub.add_parser(name, help=text)
        command.add_argument("name", help="the player's name")
        command.add_argument(
            "--store",
            default=None,
            help="the progress store (default: $CRIBBAGE_TRAINER_DB, else the user's file)",
        )
        command.add_argument(
            "--pin-stdin", action="store_true", help="read the PIN from standard input"
        )
        command.set_defaults(run=cmd_club)
    return parser


#: Every command, as ``python -m trainer`` alone names them.
COMMANDS: tuple[str, ...] = ("count", "peg", "validate", "app", "tournament", "store", "club")
#: The commands whose arguments are cards (a token such as ``-5H`` is a card written wrongly).
CARD_COMMANDS: tuple[str, ...] = ("count", "peg", "validate")


def _check_dashes(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """Refuse, in one line, a token after the command that starts with ``-`` but is
    none of its options (``-5H`` is a card written wrongly, not an option)."""
    command = next((token for token in argv if not token.startswith("-")), None)
    if command not in CARD_COMMANDS:
        return
    sub = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    )
    known = set(sub.choices[command]._option_string_actions)
    for token in argv[argv.index(command) + 1 :]:
        if token == "--":
            return
        if token.startswith("-") and token.split("=", 1)[0] not in known:
            options = ", ".join(sorted(o for o in known if o.startswith("--")))
            raise CliError(
                f"{token!r} is neither a card nor an option of {command} ({options}); "
                f"cards look like 5H or 10♠, and anything after -- is read as a card"
            )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for anything typed wrong)."""
    parser = build_parser()
    tokens = list(sys.argv[1:] if argv is None else argv)
    try:
        _check_dashes(parser, tokens)
        args, unknown = parser.parse_known_args(tokens)
        if unknown and not getattr(args, "passes_options", False):
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        args.options = unknown
        return int(args.run(args))
    except CliError as err:
        say(f"error: {err}", error=True)
        return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

"""What the store checks before it writes: every field of an answer, a game and a review,
and every player's name (trimmed, one Unicode form, no look-alike of another's). A refusal
names the field and says what is wrong, for the person or the log that reads it."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from datetime import datetime

from confusable_homoglyphs import categories, confusables

from trainer.engine.skills import CATEGORIES, DrillType, Mode
from trainer.progress.store.errors import InvalidAttemptError, ProfileNameError
from trainer.progress.store.rows import GameReviewRow, SavedGame
from trainer.progress.store.seats import setup_seats
from trainer.training.records import AttemptIn

PROFILE_NAME_MAX = 40
TEXT_MAX = 500  # question, answer: a pile or a claim is far shorter
TIER_MAX = 40
LESSON_ID_MAX = 100
KEY_MAX = 100
GAME_STATUSES = ("playing", "won", "lost")
GAME_RECORD_MAX = 200_000
GAME_PLACE_MAX = 100
DRAFT_MAX = 4000
INT64 = 2**63


def text_field(name: str, value: object, limit: int, *, empty_ok: bool = False) -> None:
    if not isinstance(value, str):
        raise InvalidAttemptError(f"{name} must be text, not {type(value).__name__}")
    if not empty_ok and not value.strip():
        raise InvalidAttemptError(f"{name} is empty")
    if len(value) > limit:
        raise InvalidAttemptError(f"{name} is {len(value)} characters long; the most is {limit}")
    if "\x00" in value:
        raise InvalidAttemptError(f"{name} contains a NUL character")


def check_attempt(attempt: AttemptIn) -> None:
    """Refuse a record that is not a well-formed graded answer, naming the field."""
    if DrillType.named(attempt.drill) is None:
        raise InvalidAttemptError(f"drill {attempt.drill!r} is not one of {', '.join(DrillType)}")
    text_field("tier", attempt.tier, TIER_MAX)
    text_field("question", attempt.question, TEXT_MAX)
    text_field("answer", attempt.answer, TEXT_MAX, empty_ok=True)
    _check_figures(attempt)
    if Mode.named(attempt.mode) is None:
        raise InvalidAttemptError(f"mode {attempt.mode!r} is not one of {', '.join(Mode)}")
    _check_missed(attempt.missed)
    if not isinstance(attempt.at, datetime):
        raise InvalidAttemptError(f"at must be a datetime, not {attempt.at!r}")


def _check_figures(attempt: AttemptIn) -> None:
    """Refuse an answer whose seed, right or wrong, points off or seconds are not figures
    of their kind and range."""
    if isinstance(attempt.seed, bool) or not isinstance(attempt.seed, int):
        raise InvalidAttemptError(f"seed must be a whole number, not {attempt.seed!r}")
    if not -INT64 <= attempt.seed < INT64:
        raise InvalidAttemptError(f"seed {attempt.seed} does not fit in 64 bits")
    if not isinstance(attempt.correct, bool):
        raise InvalidAttemptError(f"correct must be True or False, not {attempt.correct!r}")
    if isinstance(attempt.points_off, bool) or not isinstance(attempt.points_off, int):
        raise InvalidAttemptError(f"points_off must be a whole number, not {attempt.points_off!r}")
    if abs(attempt.points_off) > 1000:
        raise InvalidAttemptError(f"points_off {attempt.points_off} is out of range")
    if isinstance(attempt.seconds, bool) or not isinstance(attempt.seconds, int | float):
        raise InvalidAttemptError(f"seconds must be a number, not {attempt.seconds!r}")
    if not math.isfinite(attempt.seconds) or attempt.seconds < 0:
        raise InvalidAttemptError(f"seconds must be zero or more, not {attempt.seconds!r}")


def _check_missed(missed: object) -> None:
    """Refuse missed categories that are not a collection of known categories."""
    if not isinstance(missed, tuple | list | frozenset | set):
        raise InvalidAttemptError("missed must be a tuple of categories")
    unknown = [c for c in missed if c not in CATEGORIES]
    if unknown:
        raise InvalidAttemptError(
            f"missed has unknown categor{'y' if len(unknown) == 1 else 'ies'} "
            f"{', '.join(map(repr, unknown))}; known: {', '.join(CATEGORIES)}"
        )


#: Alphabets whose letters look alike: a name may use one of them, not several.
_LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK"})


def clean_profile_name(name: object) -> str:
    """The name as it will be stored (trimmed, and in Unicode's compatibility form, so that
    a name typed in full-width letters or with a separate accent is the same name), or
    :class:`ProfileNameError` saying why not. A name that mixes look-alike alphabets (a
    Cyrillic letter among Latin ones) is refused: it would pass for someone else's."""
    if not isinstance(name, str):
        raise ProfileNameError("A name must be text.")
    cleaned = " ".join(unicodedata.normalize("NFKC", name).split())
    if not cleaned:
        raise ProfileNameError("Type a name first.")
    if len(cleaned) > PROFILE_NAME_MAX:
        raise ProfileNameError(
            f"That name is {len(cleaned)} characters long; please keep it to {PROFILE_NAME_MAX}."
        )
    if any(not ch.isprintable() for ch in cleaned):
        raise ProfileNameError("Use letters, numbers and ordinary punctuation only.")
    scripts = categories.unique_aliases(cleaned) & _LOOK_ALIKE_SCRIPTS
    if len(scripts) > 1:
        shown = " and ".join(sorted(s.title() for s in scripts))
        raise ProfileNameError(
            f"That name mixes letters of different alphabets ({shown}), so it could be "
            "mistaken for another name: type it in one alphabet."
        )
    return cleaned


def name_key(name: str) -> str:
    return name.casefold()


def name_skeleton(name: str) -> str:
    """What a name looks like: each letter that has a Latin look-alike replaced by it, in
    one case. Two names with one skeleton cannot be told apart on screen.

    >>> name_skeleton("КІМ") == name_skeleton("Kim") == name_skeleton("KIM")
    True
    """
    out = []
    for ch in unicodedata.normalize("NFKC", name):
        found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"])
        if found:
            latin = [g["c"] for g in found[0]["homoglyphs"] if g["n"].startswith("LATIN")]
            out.append(latin[0] if latin else ch)
        else:
            out.append(ch)
    return unicodedata.normalize("NFKC", "".join(out)).casefold().translate(_LATIN_LOOK_ALIKES)


#: Latin letters and digits that look alike in many fonts (a capital I and a small l).
_LATIN_LOOK_ALIKES = str.maketrans({"l": "i", "1": "i", "|": "i", "0": "o"})


#: Letters and digits of one alphabet that many fonts draw alike (a capital I, a small l, a
#: one and a bar; a zero and a capital O), each as the one that stands for them all.
_SAME_LOOK = str.maketrans({"I": "l", "1": "l", "|": "l", "0": "O"})


def name_look(name: str) -> str:
    """What a name looks like in its own alphabet: the letters many fonts draw alike made
    one, and case kept (a small i has a dot; a capital I and a small l have none).

    >>> name_look("Al") == name_look("AI") and name_look("Ali") != name_look("All")
    True
    """
    return unicodedata.normalize("NFKC", name).translate(_SAME_LOOK)


def _not_latin(name: str) -> bool:
    return bool(categories.unique_aliases(name) - {"LATIN", "COMMON"})


def look_alike_problem(
    cleaned: str, others: Iterable[tuple[int, str]], profile_id: int | None
) -> str | None:
    """Why ``cleaned`` may not be a player's name beside ``others`` (id and name of each
    player, ``profile_id`` the one being renamed, if any): it looks like another player's
    name spelt with other letters, of another alphabet (КІМ for Kim) or of the same one (Al
    with a small l for AI with a capital I). None when it is fine."""
    wanted, looks = name_skeleton(cleaned), name_look(cleaned)
    for other_id, other in others:
        if other_id == profile_id or other.casefold() == cleaned.casefold():
            continue
        other_script = (_not_latin(cleaned) or _not_latin(other)) and name_skeleton(other) == wanted
        if other_script or name_look(other) == looks:
            return (
                f"{cleaned} looks just like {other}, who is already a player here: "
                "choose a name that looks different."
            )
    return None


def name_lock(cleaned: str) -> str:
    """The lock a new name (or a new name for a player) is written under: names that look
    alike share it (their skeletons are one), so two of them made at once are checked one
    after the other."""
    return f"name:{name_skeleton(cleaned)}"


def check_game(game: SavedGame) -> int:
    """Refuse a game row with a field that cannot be stored; the number of seats its setup
    gives (what the store keeps as the row's ``seats``)."""
    text_field("game_id", game.game_id, 100)
    text_field("settings", game.settings, TEXT_MAX)
    try:
        seats = setup_seats(game.settings)
    except ValueError as err:
        raise ValueError(
            f"settings must be a game's setup ({err}), not {game.settings!r}"
        ) from None
    text_field("level", game.level, TIER_MAX)
    text_field("record", game.record, GAME_RECORD_MAX)
    text_field("place", game.place, GAME_PLACE_MAX, empty_ok=True)
    if isinstance(game.version, bool) or not isinstance(game.version, int) or game.version < 0:
        raise ValueError(f"version must be a whole number from 0, not {game.version!r}")
    if game.seed is not None and (
        isinstance(game.seed, bool) or not isinstance(game.seed, int) or not 0 <= game.seed < INT64
    ):
        raise ValueError(
            f"seed must be a whole number from 0 that fits in 64 bits, not {game.seed!r}"
        )
    if game.status not in GAME_STATUSES:
        raise ValueError(
            f"a game's status is one of {', '.join(GAME_STATUSES)}, not {game.status!r}"
        )
    for name in ("target", "my_score", "their_score", "skunk"):
        value = getattr(game, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1000:
            raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
    return seats


def check_review(review: GameReviewRow) -> None:
    text_field("game_id", review.game_id, 100)
    for name in ("method", "record_chars", "deals"):
        value = getattr(review, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
    for name in ("throws", "plays", "counts"):
        value = getattr(review, name)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
            or value < 0
        ):
            raise ValueError(f"{name} must be a number of points from 0, not {value!r}")


def check_key(key: object) -> None:
    if key is None:
        return
    if not isinstance(key, str) or not key.strip():
        raise InvalidAttemptError(f"an answer's key must be non-empty text, not {key!r}")
    if len(key) > KEY_MAX:
        raise InvalidAttemptError(f"an answer's key is longer than {KEY_MAX} characters")

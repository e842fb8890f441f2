"""Signing in, when the app is shared over a network (club mode).

* A PIN (or a passphrase) is never stored: only a salted, deliberately slow hash of it
  (``hashlib.scrypt``, a fresh random salt each time), compared in constant time.
* Wrong PINs are slowed down: after :data:`FREE_TRIES` of them in a row, signing in as that
  player waits, twice as long after each further one (:func:`wait_after`), and the wait is
  kept in the store, so every app server and every browser waits alike.
* A signed-in browser keeps a session token: the player's id and the version of their PIN,
  signed with a key every app server shares (kept in the store), and dated. A token that
  has been changed, is older than :data:`SESSION_HOURS`, or carries an old PIN version (the
  PIN was changed or reset since) signs nobody in.
* A teacher may reset the PIN of a member of their own groups, and nobody else's.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from datetime import UTC, datetime
from typing import NamedTuple

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from itsdangerous.timed import TimestampSigner

from trainer.progress.store import ProfileNameError, Store
from trainer.training.records import Profile

__all__ = [
    "PIN_MAX",
    "PIN_MIN",
    "Refused",
    "SignedIn",
    "change_pin",
    "hash_pin",
    "new_join_code",
    "pin_matches",
    "pin_problem",
    "register",
    "reset_pin",
    "session_player",
    "set_up_player",
    "sign_in",
    "wait_after",
]

PIN_MIN = 4
PIN_MAX = 64
#: How long a signed-in browser stays signed in without signing in again.
SESSION_HOURS = 12
#: Wrong PINs in a row before signing in waits.
FREE_TRIES = 3
#: The longest wait after wrong PINs, in seconds.
WAIT_MAX = 15 * 60
#: scrypt's cost: about a twentieth of a second a PIN here, far more for someone guessing.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
_KEY_SETTING = "session_key"
_JOIN_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to mix up


class SignedIn(NamedTuple):
    """Who is signed in, their role, and the token their browser keeps."""

    profile: Profile
    role: str
    token: str


class Refused(NamedTuple):
    """Why signing in (or a PIN change) was refused, in words for the person."""

    message: str


# --- PINs -------------------------------------------------------------------------------------


def pin_problem(pin: object) -> str | None:
    """Why ``pin`` cannot be a PIN (None when it can): 4 to 64 characters, no spaces at
    either end, nothing invisible."""
    if not isinstance(pin, str) or not pin:
        return "Type a PIN first."
    if len(pin) < PIN_MIN:
        return f"A PIN needs at least {PIN_MIN} characters (four digits will do)."
    if len(pin) > PIN_MAX:
        return f"That PIN is {len(pin)} characters long; please keep it to {PIN_MAX}."
    if pin != pin.strip() or any(not ch.isprintable() for ch in pin):
        return "A PIN may not start or end with a space, nor hold invisible characters."
    return None


def _key(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    data = unicodedata.normalize("NFKC", pin).encode("utf-8")
    return hashlib.scrypt(data, salt=salt, n=n, r=r, p=p, maxmem=64 * 2**20, dklen=32)


def hash_pin(pin: str) -> str:
    """The PIN's salted slow hash, as the store keeps it (``scrypt$n$r$p$salt$hash``)."""
    salt = secrets.token_bytes(16)
    n, r, p = _SCRYPT["n"], _SCRYPT["r"], _SCRYPT["p"]
    return f"scrypt${n}${r}${p}${salt.hex()}${_key(pin, salt, n, r, p).hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """The PIN is the one ``stored`` was made from (compared in constant time)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        key = _key(pin, bytes.fromhex(salt), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(key.hex(), digest)


def wait_after(failures: int) -> float:
    """Seconds signing in waits after ``failures`` wrong PINs in a row.

    >>> [wait_after(n) for n in (1, 2, 3, 4, 5, 12)]
    [0.0, 0.0, 5.0, 10.0, 20.0, 900.0]
    """
    if failures < FREE_TRIES:
        return 0.0
    return float(min(WAIT_MAX, 5 * 2 ** (failures - FREE_TRIES)))


# --- sessions ---------------------------------------------------------------------------------


class _Dated(TimestampSigner):
    """itsdangerous's signer, dated by the clock the caller gives (so tests can age a token)."""

    now: datetime | None = None

    def get_timestamp(self) -> int:
        return int((self.now or datetime.now(UTC)).timestamp())


def _serializer(store: Store, now: datetime | None) -> URLSafeTimedSerializer:
    key = store.shared_setting(_KEY_SETTING, lambda: secrets.token_hex(32))

    class Signer(_Dated):
        pass

    Signer.now = now
    return URLSafeTimedSerializer(key, salt="trainer-session", signer=Signer)


def _token(store: Store, profile_id: int, pin_version: int, now: datetime | None) -> str:
    return str(_serializer(store, now).dumps({"p": profile_id, "v": pin_version}))


def session_player(store: Store, token: object, *, now: datetime | None = None) -> SignedIn | None:
    """Who a browser's token signs in (None: a changed, expired or stale token, or none)."""
    if not isinstance(token, str) or not token or len(token) > 500:
        return None
    try:
        data = _serializer(store, now).loads(token, max_age=SESSION_HOURS * 3600)
    except (SignatureExpired, BadSignature):
        return None
    if not isinstance(data, dict):
        return None
    profile_id, version = data.get("p"), data.get("v")
    if not isinstance(profile_id, int) or not isinstance(version, int):
        return None
    found = store.credential(profile_id)
    profile = store.profile(profile_id)
    if found is None or profile is None or found.pin_version != version:
        return None  # the PIN was changed or reset since: every old session ends
    return SignedIn(profile, found.role, token)


# --- signing in -------------------------------------------------------------------------------


def sign_in(
    store: Store, name: str, pin: str, *, now: datetime | None = None
) -> SignedIn | Refused:
    """Sign in as ``name`` with ``pin``; wrong PINs make the next try wait."""
    when = now or datetime.now(UTC)
    profile = store.profile_named(name)
    found = store.credential(profile.id) if profile is not None else None
    if profile is None or found is None:
        return Refused("That name and PIN do not match a player here.")
    if found.locked_until is not None and found.locked_until > when:
        seconds = int((found.locked_until - when).total_seconds()) + 1
        return Refused(f"Too many wrong PINs for {profile.name}: wait {seconds} s and try again.")
    if not pin_matches(pin, found.pin_hash):
        counted = store.count_failure(profile.id, wait_after, when)
        wait = wait_after(counted.failures)
        then = f" Wait {int(wait)} s before the next try." if wait else ""
        return Refused(f"That name and PIN do not match a player here.{then}")
    if found.failures:
        store.forget_failures(profile.id)
    return SignedIn(profile, found.role, _token(store, profile.id, found.pin_version, now))


def set_up_player(store: Store, name: str, pin: str, *, role: str = "player") -> Profile:
    """A new player (or, for the command line, an existing one) with a PIN and a role."""
    problem = pin_problem(pin)
    if problem:
        raise ProfileNameError(problem)
    profile = store.profile_named(name) or store.create_profile(name)
    store.set_pin(profile.id, hash_pin(pin), role=role)
    return profile


def register(
    store: Store, name: str, pin: str, join_code: str = "", *, now: datetime | None = None
) -> SignedIn | Refused:
    """A new player signs up with a name, a PIN and, to join a group, its code."""
    problem = pin_problem(pin)
    if problem:
        return Refused(problem)
    joining = None
    if join_code.strip():
        joining = store.group_by_code(join_code.strip().upper())
        if joining is None:
            return Refused(f"There is no group with the code {join_code.strip()[:12]!r}.")
    try:
        profile = store.create_profile(name)
    except ProfileNameError as err:
        return Refused(str(err))
    version = store.set_pin(profile.id, hash_pin(pin), role="player")
    if joining is not None:
        store.join_group(joining.id, profile.id)
    return SignedIn(profile, "player", _token(store, profile.id, version, now))


def change_pin(
    store: Store, profile_id: int, old: str, new: str, *, now: datetime | None = None
) -> SignedIn | Refused:
    """The player changes their own PIN (the old one first); every other session ends."""
    found = store.credential(profile_id)
    profile = store.profile(profile_id)
    if found is None or profile is None:
        return Refused("This player has no PIN to change.")
    if not pin_matches(old, found.pin_hash):
        return Refused("The PIN you have now is not that: nothing was changed.")
    problem = pin_problem(new)
    if problem:
        return Refused(problem)
    version = store.set_pin(profile_id, hash_pin(new))
    return SignedIn(profile, found.role, _token(store, profile_id, version, now))


def reset_pin(store: Store, teacher_id: int, profile_id: int, new: str) -> Refused | None:
    """A teacher gives a member of one of their groups a new PIN (the member's sessions
    end); refused for anyone who is not their member."""
    teacher = store.credential(teacher_id)
    if teacher is None or teacher.role != "teacher" or not store.teaches(teacher_id, profile_id):
        return Refused("Only the teacher of a player's group can reset their PIN.")
    problem = pin_problem(new)
    if problem:
        return Refused(problem)
    store.set_pin(profile_id, hash_pin(new))
    return None


def new_join_code() -> str:
    """A code to join a group: six letters and digits that cannot be mixed up."""
    return "".join(secrets.choice(_JOIN_LETTERS) for _ in range(6))

"""Signing in, when the app is shared over a network (club mode).

* A PIN (or a passphrase) is never stored: only a salted, deliberately slow hash of it
  (``hashlib.scrypt``, a fresh random salt each time), compared in constant time.
* Guessing is slowed down, and nobody can lock a classmate out. Every try is counted before
  its PIN is checked (:meth:`~trainer.progress.store.Store.count_try`, one transaction that
  takes the wait too), under the name typed and under the browser it came from: after
  :data:`FREE_TRIES` in a row without the right PIN, the next try for that name, or from
  that browser, waits, twice as long after each further one (:func:`wait_after`), on every
  app server alike, however many tries arrive at once. A browser that has signed in as a
  player before (it keeps a :class:`Device` token, signed with the club's key) is held up
  by its own wrong PINs only, never by those typed for that player elsewhere; a teacher
  sees a member's wrong PINs (:func:`tries_for`). A name that nobody has is counted,
  checked (against a decoy hash) and refused exactly as a player's name is: the same
  time, the same words.
* A signed-in browser keeps a session token: the player's id and the version of their
  sessions, signed with a key every app server shares (kept in the store), and dated. A
  token that has been changed, is older than :data:`SESSION_HOURS`, or carries an old
  version signs nobody in: signing out (:func:`sign_out`) and a new PIN move the version
  on, which ends every session of the player, on every browser, at its next request.
* A teacher may reset the PIN of a member of their own groups, and nobody else's.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import math
import secrets
import unicodedata
from collections.abc import Collection, Iterable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer
from itsdangerous.timed import TimestampSigner

from trainer.progress.store import ProfileNameError, Store, clean_profile_name
from trainer.progress.store.rows import SignInTries
from trainer.training.records import Profile

__all__ = [
    "FREE_TRIES",
    "PIN_MAX",
    "PIN_MIN",
    "Device",
    "Refused",
    "SignedIn",
    "change_pin",
    "device_token",
    "hash_pin",
    "new_device",
    "new_join_code",
    "pin_matches",
    "pin_problem",
    "read_device",
    "register",
    "reset_pin",
    "session_player",
    "set_up_player",
    "sign_in",
    "sign_out",
    "tries_for",
    "wait_after",
]

PIN_MIN = 4
PIN_MAX = 64
#: How long a signed-in browser stays signed in without signing in again.
SESSION_HOURS = 12
#: How long a browser's device token is good for (signing in again renews it).
DEVICE_DAYS = 400
#: The most players a device token remembers (the latest).
DEVICE_PLAYERS = 20
#: Wrong PINs in a row before signing in waits.
FREE_TRIES = 3
#: The longest wait after wrong PINs, in seconds.
WAIT_MAX = 15 * 60
#: scrypt's cost: about a twentieth of a second a PIN here, far more for someone guessing.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
_KEY_SETTING = "session_key"
_JOIN_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to mix up


class Device(NamedTuple):
    """A browser, as the app knows it: a random id of its own, and the players who have
    signed in on it (the latest :data:`DEVICE_PLAYERS`). The browser keeps it as a token
    signed with the club's key (:func:`device_token`), so it cannot be made up."""

    id: str
    players: tuple[int, ...] = ()

    def with_player(self, profile_id: int) -> Device:
        kept = [p for p in self.players if p != profile_id][-(DEVICE_PLAYERS - 1) :]
        return Device(self.id, (*kept, profile_id))


class SignedIn(NamedTuple):
    """Who is signed in, their role, the token their browser keeps, and the browser with
    them among its players (None: no browser was named)."""

    profile: Profile
    role: str
    token: str
    device: Device | None = None


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


def _serializer(store: Store, now: datetime | None, salt: str) -> URLSafeTimedSerializer:
    key = store.shared_setting(_KEY_SETTING, lambda: secrets.token_hex(32))

    class Signer(_Dated):
        pass

    Signer.now = now
    return URLSafeTimedSerializer(key, salt=salt, signer=Signer)


def _token(store: Store, profile_id: int, version: int, now: datetime | None) -> str:
    return str(_serializer(store, now, "trainer-session").dumps({"p": profile_id, "v": version}))


def session_player(store: Store, token: object, *, now: datetime | None = None) -> SignedIn | None:
    """Who a browser's token signs in (None: a changed, expired or ended token, or none)."""
    data = _signed_data(store, token, now, "trainer-session", SESSION_HOURS * 3600)
    if data is None:
        return None
    profile_id, version = data.get("p"), data.get("v")
    if not isinstance(profile_id, int) or not isinstance(version, int):
        return None
    found = store.credential(profile_id)
    profile = store.profile(profile_id)
    if found is None or profile is None or found.token_version != version:
        return None  # signed out since, or the PIN was changed or reset: the session ended
    assert isinstance(token, str)
    return SignedIn(profile, found.role, token)


def _signed_data(
    store: Store, token: object, now: datetime | None, salt: str, max_age: int
) -> dict[str, Any] | None:
    if not isinstance(token, str) or not token or len(token) > 1000:
        return None
    try:
        data = _serializer(store, now, salt).loads(token, max_age=max_age)
    except (SignatureExpired, BadSignature):
        return None
    return data if isinstance(data, dict) else None


def sign_out(store: Store, profile_id: int) -> None:
    """End every session of the player, on every browser and server (each ends at its
    next request)."""
    store.end_sessions(profile_id)


# --- browsers ---------------------------------------------------------------------------------


def new_device() -> Device:
    """A browser the app has not seen before (or that forgot what it kept)."""
    return Device(secrets.token_urlsafe(18))


def device_token(store: Store, device: Device, *, now: datetime | None = None) -> str:
    """What the browser keeps to be known again: :class:`Device`, signed and dated."""
    data = {"d": device.id, "p": list(device.players)}
    return str(_serializer(store, now, "trainer-device").dumps(data))


def read_device(store: Store, token: object, *, now: datetime | None = None) -> Device | None:
    """The browser a device token names (None: changed, too old, or none)."""
    data = _signed_data(store, token, now, "trainer-device", DEVICE_DAYS * 86400)
    if data is None:
        return None
    device_id, players = data.get("d"), data.get("p")
    if not isinstance(device_id, str) or not 8 <= len(device_id) <= 64:
        return None
    if not isinstance(players, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in players
    ):
        return None
    return Device(device_id, tuple(players[-DEVICE_PLAYERS:]))


# --- tries at signing in ----------------------------------------------------------------------


def _try_key(scope: str, value: str) -> str:
    """What a try is counted under: a hash, so that no name typed (nor anything typed in
    its place, such as a PIN) is kept."""
    data = f"{scope}:{value}".encode("utf-8", "surrogatepass")
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _name_key(name: object) -> str:
    try:
        text = clean_profile_name(name).casefold()
    except ProfileNameError:
        text = " ".join(name.split()).casefold() if isinstance(name, str) else ""
    return _try_key("name", text)


def _counted(
    name: object, profile: Profile | None, device: Device | None
) -> list[tuple[str, str, bool]]:
    """What a try is counted under: the name (not heeded by a browser that has signed in as
    that player before), and the browser, if named."""
    known = device is not None and profile is not None and profile.id in device.players
    counted = [("name", _name_key(name), not known)]
    if device is not None:
        counted.append(("device", _try_key("device", device.id), True))
    return counted


def _held_up(scope: str, wait: float) -> Refused:
    seconds = max(1, math.ceil(wait))
    where = "this name" if scope == "name" else "this browser"
    return Refused(f"Too many wrong PINs for {where}: wait {seconds} s and try again.")


@functools.cache
def _decoy() -> str:
    """A hash no PIN matches (its PIN is thrown away), checked for a name nobody has."""
    return hash_pin(secrets.token_hex(16))


def tries_for(store: Store, players: Iterable[Profile]) -> dict[int, SignInTries]:
    """The tries at signing in counted lately under each player's name (for their teacher);
    a player with none is left out."""
    keys = {_name_key(p.name): p.id for p in players}
    found = store.sign_in_tries("name", keys)
    return {keys[key]: tries for key, tries in found.items()}


# --- signing in -------------------------------------------------------------------------------


def sign_in(
    store: Store,
    name: str,
    pin: str,
    *,
    device: Device | None = None,
    now: datetime | None = None,
) -> SignedIn | Refused:
    """Sign in as ``name`` with ``pin`` from ``device`` (the browser, if known); the try is
    counted first, so wrong PINs make the next try wait (see the module docstring)."""
    when = now or datetime.now(UTC)
    profile, found = store.signing_in(name)
    counted = _counted(name, profile, device)
    taken = store.count_try(counted, wait_after, when)
    if taken.refused is not None:
        return _held_up(taken.refused, taken.wait)
    right = pin_matches(pin, found.pin_hash if found is not None else _decoy())
    if not right or found is None or profile is None:
        then = f" Wait {int(taken.wait)} s before the next try." if taken.wait else ""
        return Refused(f"That name and PIN do not match a player here.{then}")
    _forget(store, counted)
    return SignedIn(
        profile,
        found.role,
        _token(store, profile.id, found.token_version, now),
        device.with_player(profile.id) if device is not None else None,
    )


def _forget(store: Store, counted: Collection[tuple[str, str, bool]]) -> None:
    store.forget_tries([(scope, key) for scope, key, _ in counted])


def set_up_player(store: Store, name: str, pin: str, *, role: str = "player") -> Profile:
    """A new player (or, for the command line, an existing one) with a PIN and a role."""
    problem = pin_problem(pin)
    if problem:
        raise ProfileNameError(problem)
    profile = store.profile_named(name) or store.create_profile(name)
    store.set_pin(profile.id, hash_pin(pin), role=role)
    store.forget_tries([("name", _name_key(profile.name))])  # a new PIN ends the wait
    return profile


def register(
    store: Store,
    name: str,
    pin: str,
    join_code: str = "",
    *,
    device: Device | None = None,
    now: datetime | None = None,
) -> SignedIn | Refused:
    """A new player signs up with a name, a PIN and, to join a group, its code."""
    problem = pin_problem(pin)
    if problem:
        return Refused(problem)
    joining = None
    code = join_code.strip().upper()
    if code:
        joining = store.group_by_code(code) if _readable_code(code) else None
        if joining is None:
            return Refused(f"There is no group with the code {code[:12]!r}.")
    try:
        profile = store.create_profile(name)
    except ProfileNameError as err:
        return Refused(str(err))
    version = store.set_pin(profile.id, hash_pin(pin), role="player")
    if joining is not None:
        store.join_group(joining.id, profile.id)
    return SignedIn(
        profile,
        "player",
        _token(store, profile.id, version, now),
        device.with_player(profile.id) if device is not None else None,
    )


def _readable_code(code: str) -> bool:
    """A join code could be one (letters and digits, not too long): anything else matches
    no group, and is never sent to the store."""
    return len(code) <= 20 and code.isascii() and code.isalnum()


def change_pin(
    store: Store,
    profile_id: int,
    old: str,
    new: str,
    *,
    device: Device | None = None,
    now: datetime | None = None,
) -> SignedIn | Refused:
    """The player changes their own PIN (the old one first, counted as a try at signing in
    is); every other session ends."""
    found = store.credential(profile_id)
    profile = store.profile(profile_id)
    if found is None or profile is None:
        return Refused("This player has no PIN to change.")
    counted = _counted(profile.name, profile, device)
    taken = store.count_try(counted, wait_after, now or datetime.now(UTC))
    if taken.refused is not None:
        return _held_up(taken.refused, taken.wait)
    if not pin_matches(old, found.pin_hash):
        return Refused("The PIN you have now is not that: nothing was changed.")
    _forget(store, counted)
    problem = pin_problem(new)
    if problem:
        return Refused(problem)
    version = store.set_pin(profile_id, hash_pin(new))
    return SignedIn(profile, found.role, _token(store, profile_id, version, now), device)


def reset_pin(store: Store, teacher_id: int, profile_id: int, new: str) -> Refused | None:
    """A teacher gives a member of one of their groups a new PIN (the member's sessions
    end, and the wrong PINs counted for their name are forgotten); refused for anyone who
    is not their member."""
    teacher = store.credential(teacher_id)
    if teacher is None or teacher.role != "teacher" or not store.teaches(teacher_id, profile_id):
        return Refused("Only the teacher of a player's group can reset their PIN.")
    problem = pin_problem(new)
    if problem:
        return Refused(problem)
    store.set_pin(profile_id, hash_pin(new))
    member = store.profile(profile_id)
    if member is not None:
        store.forget_tries([("name", _name_key(member.name))])
    return None


def new_join_code() -> str:
    """A code to join a group: six letters and digits that cannot be mixed up."""
    return "".join(secrets.choice(_JOIN_LETTERS) for _ in range(6))

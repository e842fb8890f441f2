"""Where a set comes from (:func:`spec_from_request`), and a running set's address
(:func:`set_address`). A set comes from:

* the page's own choices;
* query parameters, ``?drill=hand&tier=beginner&seed=7`` (also ``mode=claim``,
  ``length=5``, ``muggins=1``; ``drill`` or ``tier`` may be ``mixed``), so a
  set can be shared or replayed by its link;
* session keys ``practice_drill`` / ``practice_tier`` (and optionally
  ``practice_seed``), set by another page for a one-click "practise this";
* ``practice_weights``, a mapping ``{(drill, tier): weight}`` that mixed sets
  draw from (the adaptive mode sets it); in the address it is ``w=peg.traps:3,hand.club:1``
  (see :func:`weights_param`);
* ``hand``: six cards for the first question of "Which two do you throw?"
  (``?drill=discard&tier=pone&hand=5H,5D,5C,JS,2D,9C``, or the session key ``practice_hand``):
  a throw from a reviewed game, practised again; the rest of the set is dealt as usual.

A running set keeps its place in the address too: ``set=<id>`` names this run of the set
and ``q=<n>`` the question it is on (see :func:`place_from_request`), so a reload resumes
it, and :attr:`PracticeSet.key` names each answer's place so it is stored once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from trainer.content.catalog import DrillCatalog
from trainer.engine import Card, parse_cards
from trainer.engine.skills import DrillType, Mode
from trainer.training.inputs import quote
from trainer.training.sets.practice_set import PracticeSet
from trainer.training.sets.spec import MIXED, MIXED_LENGTH, Mixed, SetSpec, Weights, new_seed

MAX_WEIGHTS = 64
_WEIGHT = re.compile(r"([a-z0-9-]{1,40})\.([a-z0-9-]{1,40}):(\d{1,6}(?:\.\d{1,6})?)")
_SET_ID = re.compile(r"[0-9a-f]{6,16}")


def weights_param(weights: Weights) -> str:
    """Weights as the address writes them: ``peg.traps:3,hand.club:1.25``.

    >>> weights_param(((("hand", "club"), 1.25), (("peg", "traps"), 3.0)))
    'hand.club:1.25,peg.traps:3'
    """
    return ",".join(f"{d}.{t}:{round(w, 6):g}" for (d, t), w in weights)


def _weights_from_text(text: str) -> dict[tuple[DrillType, str], float] | str:
    parts = [part for part in text.split(",") if part.strip()]
    if len(text) > 4000 or len(parts) > MAX_WEIGHTS:
        return f"The weights in the address are too many (at most {MAX_WEIGHTS})."
    weights: dict[tuple[DrillType, str], float] = {}
    for part in parts:
        found = _WEIGHT.fullmatch(part.strip())
        if found is None:
            return "The weights in the address are not in the form drill.level:number."
        drill = DrillType.named(found.group(1))
        if drill is not None:  # a drill there is not is dealt nothing, as a tier there is not
            weights[drill, found.group(2)] = float(found.group(3))
    return weights


def place_from_request(params: Mapping[str, Any], length: int) -> tuple[str | None, int]:
    """The run's id and the question index (0-based) named by ``set=`` and ``q=``; a missing
    or malformed value gives None and question 0."""
    raw_id = str(params.get("set", "")).strip().lower()
    set_id = raw_id if _SET_ID.fullmatch(raw_id) else None
    number = _int(params.get("q", ""), 1, length) if set_id else None
    return set_id, (number - 1 if number else 0)


def _weights(raw: Any) -> Weights:
    if not isinstance(raw, Mapping):
        return ()
    weights: list[tuple[tuple[DrillType, str], float]] = []
    for key, value in raw.items():
        if (
            isinstance(key, tuple)
            and len(key) == 2
            and all(isinstance(part, str) for part in key)
            and isinstance(value, int | float)
            and value > 0
        ):
            drill = DrillType.named(key[0])
            if drill is not None:
                weights.append(((drill, key[1]), float(value)))
    return tuple(sorted(weights))


def _int(text: Any, low: int, high: int) -> int | None:
    """A whole number typed as ASCII digits (not ``1_0``, ``1e1`` or ``٣``), in range."""
    digits = str(text).strip(" \t")
    if not (0 < len(digits) <= len(str(high)) and digits.isascii() and digits.isdigit()):
        return None
    value = int(digits)
    return value if low <= value <= high else None


def spec_from_request(
    params: Mapping[str, Any],
    catalog: DrillCatalog,
    *,
    weights: Any = None,
    seed: int | None = None,
) -> SetSpec | str:
    """A set described by query parameters (or the session keys, passed the same way).

    Returns the :class:`SetSpec`, or a sentence saying what is wrong with the request.
    ``seed`` is used when the request names none.
    """
    chosen = _drill_and_tier(params, catalog)
    if isinstance(chosen, str):
        return chosen
    drill, tier = chosen
    chosen_seed = _seed(params.get("seed"), seed if seed is not None else new_seed())
    if isinstance(chosen_seed, str):
        return chosen_seed
    length = _length(params.get("length"), catalog, drill, tier)
    if isinstance(length, str):
        return length
    mode = Mode.CLAIM if str(params.get("mode", "")).lower() == "claim" else Mode.QUICK
    muggins = str(params.get("muggins", "")).lower() in ("1", "true", "yes", "on")
    if params.get("w") not in (None, ""):  # the address's own weights win
        weights = _weights_from_text(str(params.get("w")))
        if isinstance(weights, str):
            return weights
    hand = _hand(params.get("hand"), drill, tier)
    if isinstance(hand, str):
        return hand
    return SetSpec(drill, tier, chosen_seed, length, mode, muggins, _weights(weights), hand)


def _drill_and_tier(
    params: Mapping[str, Any], catalog: DrillCatalog
) -> tuple[DrillType | Mixed, str] | str:
    """The drill and the level a request names (its first level when it names none), or a
    sentence saying what is wrong."""
    word = str(params.get("drill", "")).strip().lower()
    tier = str(params.get("tier", "")).strip().lower() or (MIXED if word == MIXED else "")
    if word == MIXED:
        return MIXED, MIXED
    drill = DrillType.named(word)
    if drill is None or drill not in catalog.drills:
        if word in catalog.broken:
            return f"The {word!r} drill could not be loaded, so it cannot be practised just now."
        known = ", ".join([*catalog.drills, MIXED])
        return f"There is no drill called {word!r}; choose one of {known}."
    if not tier:
        return drill, catalog.drills[drill].tiers[0].id
    if tier != MIXED and tier not in catalog.drills[drill].tier_ids:
        known = ", ".join(catalog.drills[drill].tier_ids)
        return f"The {drill} drill has no level called {tier!r}; choose one of {known}."
    return drill, tier


def _seed(given: Any, otherwise: int) -> int | str:
    """The seed a request names, ``otherwise`` when it names none, or what is wrong with it."""
    if given in (None, ""):
        return otherwise
    parsed = _int(given, 0, 10**9)
    if parsed is None:
        return f"The seed {quote(str(given))} is not a whole number from 0 to 1,000,000,000."
    return parsed


def _length(given: Any, catalog: DrillCatalog, drill: DrillType | Mixed, tier: str) -> int | str:
    """The number of questions a request names, the level's own when it names none, or
    what is wrong with it."""
    if given not in (None, ""):
        parsed = _int(given, 1, 100)
        if parsed is None:
            return f"The length {quote(str(given))} is not a number of questions from 1 to 100."
        return parsed
    if not isinstance(drill, DrillType) or tier == MIXED:
        return MIXED_LENGTH
    return catalog.drills[drill].tier(tier).length


#: The drill a set may start with six cards given (see :attr:`SetSpec.hand`).
HAND_DRILL = DrillType.DISCARD


def _hand(raw: Any, drill: DrillType | Mixed, tier: str) -> tuple[Card, ...] | str:
    """The six cards a request names for the first throw (``5H,5D,5C,JS,2D,9C``), none when
    it names none, or a sentence saying what is wrong."""
    if raw in (None, "", ()):
        return ()
    if drill is not HAND_DRILL or tier == MIXED:
        return "Six cards can be given only to “Which two do you throw?” at one level."
    text = raw if isinstance(raw, str) else " ".join(str(card) for card in raw)
    if len(text) > 60:
        return "The hand in the address is too long: give six cards, like 5H,5D,5C,JS,2D,9C."
    try:
        cards = parse_cards(text)
    except ValueError as error:
        return f"The hand {quote(text)} cannot be read: {error}."
    if len(cards) != 6:
        return f"The hand {quote(text)} has {len(cards)} cards: a throw is made from six."
    return cards


def set_address(run: PracticeSet) -> dict[str, str]:
    """The address of a running set: its spec, its run id and the question it is on."""
    spec = run.spec
    params = {
        "drill": spec.drill,
        "tier": spec.tier,
        "seed": str(spec.seed),
        "length": str(spec.length),
    }
    if spec.mode is Mode.CLAIM:
        params["mode"] = spec.mode.value
    if spec.muggins:
        params["muggins"] = "1"
    if spec.weights:
        params["w"] = weights_param(spec.weights)
    if spec.hand:
        params["hand"] = ",".join(str(card) for card in spec.hand)
    params["set"] = run.set_id
    params["q"] = str(run.index + 1)
    return params

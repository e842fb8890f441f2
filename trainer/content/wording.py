"""What a content file got wrong, in the course's words: one wording for pydantic's
validation errors, shared by the lessons, the glossary and the drills.

Each loader names the place (the lesson and step, the term, the drill and tier); this
module says what is wrong there. An unknown key is told with the keys the file may use
at that place, found by walking the models, or the closest of them when it looks like a
misspelling.
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

__all__ = ["message", "model_at"]

_PLAIN = {
    "string_type": "should be text",
    "bool_type": "should be true or false",
    "int_type": "should be a whole number",
    "float_type": "should be a number",
    "tuple_type": "should be a list",
    "list_type": "should be a list",
    "model_type": "should be a set of 'key: value' lines",
    "model_attributes_type": "should be a set of 'key: value' lines",
    "dict_type": "should be a set of 'key: value' lines",
    "too_short": "needs at least one",
}


def message(
    error: Mapping[str, Any],
    root: type[BaseModel],
    *,
    kinds: Sequence[str] = (),
    tagged: str = "item",
    see: str = "",
) -> str:
    """What one pydantic error says, for a person fixing the file.

    ``root`` is the model the file was validated as, so that an unknown key can be told
    with the keys allowed where it stands; ``kinds`` are the tags of a tagged union, whose
    members are called ``tagged`` (a lesson step's "check"); ``see`` names where the
    fields are documented."""
    error_type = error["type"]
    loc = tuple(error["loc"])
    if error_type == "missing":
        return "this field is missing, and it is required"
    if error_type == "extra_forbidden":
        key = str(loc[-1])
        model = model_at(root, loc[:-1])
        tail = f" (see {see})" if see else ""
        if model is None:
            return f"unknown key {key!r}{tail}"
        allowed = list(model.model_fields)
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f"did you mean {close[0]!r}?" if close else "allowed: " + ", ".join(allowed)
        return f"unknown key {key!r}: {hint}{tail}"
    if error_type == "union_tag_invalid":
        tag = (error.get("ctx") or {}).get("tag")
        return f"unknown {tagged} kind {tag!r}: use one of " + ", ".join(kinds)
    if error_type == "union_tag_not_found":
        return f"a {tagged} needs a 'kind': one of " + ", ".join(kinds)
    if error_type == "value_error":
        cause = (error.get("ctx") or {}).get("error")
        return str(cause) if cause is not None else _trimmed(str(error["msg"]))
    text = _PLAIN.get(error_type) or _trimmed(str(error["msg"]))
    given = error.get("input")
    if isinstance(given, str | int | float | bool) and (
        error_type.endswith("_type") or error_type.endswith("_parsing")
    ):
        text += f" (got {given!r})"
    return text


def _trimmed(msg: str) -> str:
    for prefix in ("Value error, ", "Input "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg[:1].lower() + msg[1:]


def model_at(root: type[BaseModel], loc: Sequence[str | int]) -> type[BaseModel] | None:
    """The model whose keys live at ``loc`` (a pydantic location: keys, list indexes and,
    in a tagged union, the tag), or ``None`` when no model does."""
    here: object = root
    for part in loc:
        choices = _models(here)
        if isinstance(part, int):
            here = _items(here)
            continue
        tagged = [model for model in choices if _tag(model) == part]
        if tagged:
            here = tagged[0]
            continue
        fields = [model.model_fields[part] for model in choices if part in model.model_fields]
        if not fields:
            return None
        here = fields[0].annotation
    found = _models(here)
    return found[0] if len(found) == 1 else None


def _unwrapped(annotation: object) -> list[object]:
    """The types an annotation may hold: ``Annotated`` and ``Optional`` taken apart."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrapped(get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return [t for arg in get_args(annotation) for t in _unwrapped(arg) if t is not type(None)]
    return [annotation]


def _models(annotation: object) -> list[type[BaseModel]]:
    return [t for t in _unwrapped(annotation) if isinstance(t, type) and issubclass(t, BaseModel)]


def _items(annotation: object) -> object:
    """What a list or tuple annotation holds (``tuple[Step, ...]`` → ``Step``)."""
    for t in _unwrapped(annotation):
        if get_origin(t) in (tuple, list) and get_args(t):
            return get_args(t)[0]
    return None


def _tag(model: type[BaseModel]) -> str | None:
    """The value of a model's ``kind: Literal[...]`` field, its tag in a tagged union."""
    field = model.model_fields.get("kind")
    if field is None or get_origin(field.annotation) is not Literal:
        return None
    (value, *_) = get_args(field.annotation)
    return str(value)

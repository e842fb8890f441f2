"""The text field types every content file shares (lessons, drills, the glossary): an id
and a line of text, each checked once when the file loads.

>>> from pydantic import TypeAdapter
>>> TypeAdapter(Text).validate_python("  The crib.  ")
'The crib.'
>>> TypeAdapter(Slug).validate_python("the-show")
'the-show'
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, StrictStr

__all__ = ["Slug", "Text"]

_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _slug(value: str) -> str:
    if not _SLUG.fullmatch(value):
        raise ValueError(
            f"{value!r} is not a valid id: use lowercase letters, digits and dashes, like 'the-show'"
        )
    return value


def _text(value: str) -> str:
    if not value.strip():
        raise ValueError("this text is empty")
    return value.strip()


#: An id: lowercase letters and digits in words joined by dashes, like ``the-show``.
Slug = Annotated[StrictStr, AfterValidator(_slug)]
#: Text that says something, without the spaces and line ends around it.
Text = Annotated[StrictStr, AfterValidator(_text)]

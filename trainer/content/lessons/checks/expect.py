"""The words of a content error when a file's ``expect:`` disagrees with the engine."""

from __future__ import annotations


def expect_mismatch(expect: object, engine: object, why: str) -> ValueError:
    return ValueError(f"expect says {expect} but the engine says {engine} ({why})")

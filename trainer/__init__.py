"""A cribbage trainer: lessons, counting drills and progress, on a pure rules engine."""

__version__ = "0.1.0"

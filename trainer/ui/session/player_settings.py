"""A player's settings, read from the store once a visit."""

from __future__ import annotations

from trainer.ui.session.player import current_owner, on_store
from trainer.ui.session.state import browser_session

__all__ = ["preferences", "set_preference"]


def preferences() -> dict[str, str]:
    """The chosen player's settings by key, read from the store once a visit (empty with
    nobody chosen, or when the store cannot be read: a setting chosen then lasts for this
    visit)."""
    owner = current_owner()
    who = owner.id if owner is not None else None
    kept = browser_session().preferences
    if kept is not None and kept[0] == who:
        return dict(kept[1])
    saved = on_store(lambda store, p: store.preferences(p.id))
    found = saved[0] if saved is not None else {}
    browser_session().preferences = (who, found)
    return dict(found)


def set_preference(key: str, value: str) -> None:
    """Keep one of the chosen player's settings (for this visit only when it cannot be
    saved: nothing else is lost)."""
    chosen = preferences()
    chosen[key] = value
    owner = current_owner()
    browser_session().preferences = (owner.id if owner is not None else None, chosen)
    on_store(lambda store, p: store.set_preference(p.id, key, value))

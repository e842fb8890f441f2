"""A player's settings, read from the store once a visit."""

from __future__ import annotations

from trainer.training.records import Preferences
from trainer.ui.session.player import current_owner, on_store
from trainer.ui.session.state import browser_session

__all__ = ["choose_preferences", "preferences"]


def preferences() -> Preferences:
    """The chosen player's settings, read from the store once a visit (none chosen with
    nobody chosen, or when the store cannot be read: a setting chosen then lasts for this
    visit)."""
    owner = current_owner()
    who = owner.id if owner is not None else None
    kept = browser_session().preferences
    if kept is not None and kept[0] == who:
        return kept[1]
    saved = on_store(lambda store, p: store.preferences(p.id))
    found = saved[0] if saved is not None else Preferences()
    browser_session().preferences = (who, found)
    return found


def choose_preferences(changes: Preferences) -> None:
    """Keep the settings ``changes`` chooses for the chosen player (for this visit only
    when they cannot be saved: nothing else is lost)."""
    chosen = preferences().chosen(changes)
    owner = current_owner()
    browser_session().preferences = (owner.id if owner is not None else None, chosen)
    on_store(lambda store, p: store.set_preferences(p.id, changes))

"""What this browser session keeps between runs of a page: one :class:`BrowserSession` in
Streamlit's session state (under :data:`STATE_KEY`), and whose each held answer is."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from trainer.training.records import AttemptIn, LessonProgress, Preferences, Profile
from trainer.training.scheduling import CardKey, Rating
from trainer.ui.page_state import kept

__all__ = [
    "ASK",
    "PLAYER_PARAM",
    "STATE_KEY",
    "BrowserSession",
    "Held",
    "HeldReview",
    "Owner",
    "browser_session",
]

#: The address parameter naming this browser's player.
PLAYER_PARAM = "player"

ASK = "Who is playing?"

#: Where the browser session keeps its one object in Streamlit's session state.
STATE_KEY = "_browser_session"


@dataclass(frozen=True, slots=True)
class Owner:
    """Whose a held answer is: the player chosen when it was given."""

    id: int
    created_at: datetime | None  # known when the player had been read from the store


@dataclass(frozen=True, slots=True)
class Held:
    """An answer the store could not take yet, with its owner and its place in a set."""

    owner: Owner | None  # None: given while no player could be known (the store was down)
    attempt: AttemptIn
    token: str
    key: str | None


@dataclass(frozen=True, slots=True)
class HeldReview:
    """A review of a card the store could not take yet: whose, which card, how it went and
    when (written later with its own time, in the order given)."""

    owner: Owner
    key: CardKey
    rating: Rating
    at: datetime


@dataclass(slots=True)
class BrowserSession:
    """What this browser session keeps between runs of a page: who is chosen, why the page
    asks, what the store could not take yet, and club mode's sign-in (one object in the
    session state, under :data:`STATE_KEY`)."""

    #: The player chosen in this browser (checked against the store when next used) and
    #: that player as last read, with why the page asks "Who is playing?" again.
    profile_id: int | None = None
    who: Profile | None = None
    question: str | None = None
    #: Marks the answers given in this browser session (:func:`session_token`).
    token: str = ""
    #: Why answers are not being saved (a sentence, and its cause alone, in words); the
    #: store's one-off notice was shown.
    problem: str | None = None
    cause: str | None = None
    notice_seen: bool = False
    #: Answers and lesson places the store could not take yet, and held answers whose
    #: player left the device meanwhile (shown for this visit, never written).
    attempts: list[Held] = field(default_factory=list)
    lessons: dict[tuple[Owner | None, str], LessonProgress] = field(default_factory=dict)
    orphans: list[Held] = field(default_factory=list)
    #: Reviews of the schedule the store could not take yet, oldest first.
    reviews: list[HeldReview] = field(default_factory=list)
    #: Answers and lesson places stored by a try again in the background (not with the
    #: next answer), not yet said on the page.
    saved_late: int = 0
    #: The page's try again (:mod:`trainer.ui.unsaved`) was drawn in the last full run.
    watching: bool = False
    #: The player's settings, read once a visit: (their id, their settings).
    preferences: tuple[int | None, Preferences] | None = None
    #: Finished games whose record could not be reviewed.
    unreviewable: tuple[str, ...] = ()
    #: Club mode: the token this session signs in with and its role; a token (or "") the
    #: browser is to keep (or drop); the browser has said which token it keeps; tokens
    #: signed out of here, never taken up again.
    club_token: str | None = None
    club_role: str | None = None
    club_to_keep: str | None = None
    club_heard: bool = False
    club_dropped: set[str] = field(default_factory=set)
    #: Club mode: the device token this browser keeps (``""``: none yet), and one it is to
    #: keep (a new browser's, or with a player added when they signed in here).
    club_device: str = ""
    club_device_to_keep: str | None = None

    def forget_player(self) -> None:
        self.profile_id = None
        self.who = None


def browser_session() -> BrowserSession:
    return kept(STATE_KEY, BrowserSession)

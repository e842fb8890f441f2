"""What pages call to remember a learner's answers and lesson places.

Pages never talk to the database directly: they call these functions, which use the
progress store (:mod:`trainer.progress.store`) for the profile this browser chose (kept in the
address as ``?player=``; see :func:`current_profile`), and fall back to the browser
session only when the store cannot be used (the reason is then given by
:func:`store_problem`). An answer or lesson place kept in the session carries its owner,
the player chosen when it was given, and is written for that owner at the next save.

One module a job: what the session keeps (:mod:`.state`), the store opened and its
problems (:mod:`.database`), club mode's sign-in (:mod:`.signin`), who is playing
(:mod:`.player`, and their settings), answers, lesson places and drafts (:mod:`.answers`),
what the Progress and Review pages read
(:mod:`.progress_reads`), and the review schedule's cards (:mod:`.reviews`). The names
below are the pages' way in.
"""

from trainer.ui.session.answers import (
    ANSWERED_ELSEWHERE,
    AnsweredElsewhereError,
    LessonStore,
    Waiting,
    draft,
    drop_draft,
    lesson_progress,
    record_attempt,
    retry_saving,
    said_saved,
    save_draft,
    save_lesson_progress,
    saved_keys,
    session_attempts,
    waiting,
    watching,
)
from trainer.ui.session.database import (
    current_store,
    report_failure,
    store_notice,
    store_problem,
)
from trainer.ui.session.player import (
    address_with_player,
    ask_again,
    choose_preferences,
    choose_profile,
    current_profile,
    current_role,
    keep_player_in_address,
    player_param,
    player_question,
    preferences,
)
from trainer.ui.session.progress_reads import (
    answers_csv,
    finished_games,
    games_record,
    keep_review,
    progress_rows,
    saved_game,
)
from trainer.ui.session.reviews import (
    review,
    review_cards,
    review_practice,
    reviews_csv,
)
from trainer.ui.session.signin import (
    browser_device,
    browser_token,
    club_mode,
    device_to_keep,
    heard_from_browser,
    sign_out,
    signed_in_as,
    token_to_keep,
)
from trainer.ui.session.state import ASK, PLAYER_PARAM, STATE_KEY, BrowserSession

__all__ = [
    "ANSWERED_ELSEWHERE",
    "ASK",
    "PLAYER_PARAM",
    "STATE_KEY",
    "AnsweredElsewhereError",
    "BrowserSession",
    "LessonStore",
    "Waiting",
    "address_with_player",
    "answers_csv",
    "ask_again",
    "browser_device",
    "browser_token",
    "choose_preferences",
    "choose_profile",
    "club_mode",
    "current_profile",
    "current_role",
    "current_store",
    "device_to_keep",
    "draft",
    "drop_draft",
    "finished_games",
    "games_record",
    "heard_from_browser",
    "keep_player_in_address",
    "keep_review",
    "lesson_progress",
    "player_param",
    "player_question",
    "preferences",
    "progress_rows",
    "record_attempt",
    "report_failure",
    "retry_saving",
    "review",
    "review_cards",
    "review_practice",
    "reviews_csv",
    "said_saved",
    "save_draft",
    "save_lesson_progress",
    "saved_game",
    "saved_keys",
    "session_attempts",
    "sign_out",
    "signed_in_as",
    "store_notice",
    "store_problem",
    "token_to_keep",
    "waiting",
    "watching",
]

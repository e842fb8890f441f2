"""What the Learn page does, kept out of the page: where the learner is, reading and
grading answers, and the words of the feedback.

Answers to card questions come from the engine (through the check's ``answer``);
the feedback explains them with the engine's own items, in the words of
:mod:`trainer.training.explain`. A first wrong answer gets a hint; the whole explanation comes
with a second miss or "Show me the answer". Only a check's first try is recorded (with
the tier :data:`~trainer.training.records.LESSON_TIER`), so lessons count first-try accuracy.
A lesson is done once each question has been answered right without its answer shown; a
question whose answer was shown comes back at the end with new cards of its kind. The page
only renders.

============  ===========================================================================
``place``     where the learner is: a lesson's status and step, :class:`Learn`, mastery
``answers``   reading what was typed or picked (:class:`AnswerProblem` says what is wrong)
``feedback``  grading an answer, the hint, the whole explanation, a series told card by card
``attempts``  an answer as a recorded attempt: its drill, its categories, its question
``asking``    the words the page shows beside a question's cards
``giveaway``  whether the page gives a question's answer away
``dealing``   new cards of a question's kind, for a question that comes back
============  ===========================================================================
"""

from trainer.training.learn.answers import (
    AnswerProblem,
    asks_number,
    options,
    read_answer,
    read_points,
)
from trainer.training.learn.attempts import (
    answer_key,
    attempt,
    drill_for,
)
from trainer.training.learn.dealing import deal_again, kind_problem
from trainer.training.learn.feedback import (
    Feedback,
    answer_text,
    go_story,
    grade,
    hint,
    question_story,
    reveal,
    right_answer,
    table_story,
)
from trainer.training.learn.place import (
    Learn,
    Status,
    lesson_status,
    resume_step,
    status_text,
    suggested,
)

__all__ = [
    "AnswerProblem",
    "Feedback",
    "Learn",
    "Status",
    "answer_key",
    "answer_text",
    "asks_number",
    "attempt",
    "deal_again",
    "drill_for",
    "go_story",
    "grade",
    "hint",
    "kind_problem",
    "lesson_status",
    "options",
    "question_story",
    "read_answer",
    "read_points",
    "resume_step",
    "reveal",
    "right_answer",
    "status_text",
    "suggested",
    "table_story",
]

"""Practice: counting drills, one deal at a time, graded combination by combination, and
the coach drills ("Which two do you throw?", "What would you play?"), answered by tapping
cards and graded by the points the choice loses against the best one.

The page only renders; the set's state machine is :mod:`trainer.training.sets`, the
questions come from :mod:`trainer.training.questions` and the grades from :mod:`trainer.training.grading`.

Starting a set from elsewhere:

* a link: ``/practice?drill=hand&tier=beginner&seed=7`` (optional ``mode=claim``,
  ``length=5``, ``muggins=1``, ``w=`` weights; ``drill`` or ``tier`` may be ``mixed``).
  The page keeps the running set in the address (with ``set=`` and ``q=``, its place),
  so it can be shared, and a reload resumes it at the same question;
* another page's "practise this": :func:`trainer.ui.requests.ask_practice` with a
  :class:`~trainer.ui.requests.PracticeRequest` (and, for adaptive practice, the weights
  mixed sets draw their questions from); a set starts at once and the request is gone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from trainer.content.catalog import DrillCatalog
from trainer.engine.skills import DrillType
from trainer.training.questions import (
    GenerationError,
)
from trainer.training.sets import (
    MIXED,
    PracticeSet,
    SetSpec,
    new_seed,
    place_from_request,
    set_address,
    spec_from_request,
)
from trainer.ui import actions, session
from trainer.ui.asking import ask
from trainer.ui.asking.base import practice_state
from trainer.ui.drawing import show_metric
from trainer.ui.loaded import (
    drill_catalog,
)
from trainer.ui.profiles import plain, require_player
from trainer.ui.requests import practice_weights, take_practice
from trainer.ui.unsaved import follow


def _signature(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What makes an address a new request (not the player, nor the place in the set)."""
    return tuple(sorted((k, v) for k, v in params.items() if k not in _NOT_A_REQUEST))


_NOT_A_REQUEST = (session.PLAYER_PARAM, "q")


def _start(spec: SetSpec, place: tuple[str | None, int] = (None, 0)) -> None:
    """Start ``spec``, or resume it at ``place`` (run id, question index) after a reload."""
    set_id, index = place
    run = PracticeSet(spec) if set_id is None else PracticeSet(spec, set_id=set_id)
    if set_id is not None:
        run.resume(index, session.saved_keys(f"{set_id}/"))
    practice_state().run = run
    _keep_address(run)


def _keep_address(run: PracticeSet) -> None:
    """Keep the running set, and where it is, in the address (leaving the page drops it)."""
    params = set_address(run)
    if st.query_params.to_dict() != session.address_with_player(params):
        st.query_params.from_dict(session.address_with_player(params))
    practice_state().handled = _signature(params)


def _stop() -> None:
    practice_state().run = None
    st.query_params.from_dict(session.address_with_player({}))
    practice_state().handled = ()


#: The longest refusal shown: it quotes what was asked for, which a link can make huge.
LONGEST_REFUSAL = 300


def _refuse(message: str) -> None:
    """Say why a set cannot start. The message quotes the link's (or the box's) words, so it
    is shown as plain text: a ``[link](…)`` or ``![image](…)`` in them stays inert."""
    if len(message) > LONGEST_REFUSAL:
        message = message[: LONGEST_REFUSAL - 1] + "…"
    st.error(plain(message), icon=":material/error:")


def _incoming(catalog: DrillCatalog) -> None:
    """Start a set asked for by the address or by another page."""
    state = practice_state()
    request: dict[str, Any] | None = None
    asked = take_practice()
    if asked is not None:
        request = asked.params()
    else:
        params = st.query_params.to_dict()
        signature = _signature(params)
        if params.get("drill") and state.handled != signature:
            state.handled = signature
            request = params
    if request is None:
        return
    spec = spec_from_request(request, catalog, weights=practice_weights())
    if isinstance(spec, str):
        _refuse(spec)
        return
    place = place_from_request(request, spec.length)
    running = state.run
    if (
        running is not None
        and running.phase != "done"
        and running.spec == spec
        and place[0] in (None, running.set_id)
    ):
        # The set already running: the same link again, or a rerun that still carries the
        # address as it was before this page rewrote it. Starting it afresh would drop the
        # answer under way (and split the set's saved answers under two ids).
        return
    _start(spec, place)


# --- choosing a set --------------------------------------------------------------------------


def _setup(catalog: DrillCatalog) -> None:
    st.markdown(
        "Pick a drill and a level. Each question is dealt fresh; answer it, see what you "
        "found and what you missed, then go on to the next."
    )
    drills = [*catalog.drills, MIXED]
    weighted = bool(practice_weights())

    def drill_label(name: str) -> str:
        if name == MIXED:
            return "Your weak spots (mixed)" if weighted else "Mixed: a bit of everything"
        return catalog.drills[DrillType(name)].title

    # Drills and levels as rows of choices: one tap each, on a phone too, and light to load
    # (the two drop-down lists brought some 120 KB of scripts to the page's first load).
    drill = st.pills(
        "Drill",
        drills,
        required=True,
        default=drills[0],
        format_func=drill_label,
        key="practice_pick_drill",
    )
    tier = MIXED
    if drill != MIXED:
        chosen = catalog.drills[DrillType(drill)]
        st.caption(chosen.summary)
        tiers = [*chosen.tier_ids, MIXED]
        tier = st.pills(
            "Level",
            tiers,
            required=True,
            default=tiers[0],
            format_func=lambda t: "Every level, mixed" if t == MIXED else chosen.tier(t).title,
            key=f"practice_pick_tier_{drill}",
        )
        if tier != MIXED:
            level = chosen.tier(tier)
            st.caption(
                f"{level.summary} {level.length} questions; aim for {level.pace:g} seconds each."
            )
    mode = "quick"
    if drill in ("hand", "crib", MIXED):
        mode = st.radio(
            "How to answer hands and cribs",
            ["quick", "claim"],
            format_func=lambda m: {
                "quick": "Type the total",
                "claim": "Claim each combination",
            }[m],
            horizontal=True,
            key="practice_pick_mode",
        )
    with st.expander("More options"):  # closed: a beginner sees the drill, the level and Start
        muggins = st.toggle(
            "Muggins",
            key="practice_pick_muggins",
            help="Points you miss are taken by your opponent, as in a game played with muggins.",
        )
        seed = st.text_input(
            "Seed (optional)",
            key="practice_pick_seed",
            placeholder="Leave empty for a new deal",
            help="Every set has a seed; type one to deal that same set again.",
        )
    if st.button("Start", type="primary", key="practice_start"):
        request = {
            "drill": drill,
            "tier": tier,
            "seed": seed,
            "mode": mode,
            "muggins": "1" if muggins else "",
        }
        spec = spec_from_request(request, catalog, weights=practice_weights(), seed=new_seed())
        if isinstance(spec, str):
            _refuse(spec)
        else:
            _start(spec)
            st.rerun()
    for name, problems in catalog.broken.items():
        with st.expander(f"The {name} drill is unavailable", icon=":material/warning:"):
            st.markdown("Its file has problems, so it cannot be dealt until they are fixed:")
            for problem in problems:
                st.text(str(problem))


# --- one question: asked by its own asker (trainer.ui.asking) ------------------------------------


def _next(run: PracticeSet) -> None:
    if run.phase == "feedback":
        run.next()


# --- the page ------------------------------------------------------------------------------------

require_player()  # answers are saved for the player chosen
st.title("Practice")
catalog = drill_catalog()
_incoming(catalog)
run = practice_state().run

if run is None:
    _setup(catalog)
    st.stop()


@st.fragment
def _set_screen(catalog: DrillCatalog) -> None:
    """The set being practised: the question, its answer, the explanation, the next
    question. A fragment: answering and going on run this part of the page again, not the
    app around it (its sidebar, the player's line); starting or stopping a set runs all."""
    run = practice_state().run
    if run is None:  # stopped from this part of the page
        st.rerun()
    _keep_address(run)
    spec = run.spec
    st.caption(f"{spec.describe(catalog)} · seed {spec.seed}")

    if run.phase == "done":
        summary = run.summary(catalog)
        st.subheader("How you did")
        right, pace = st.columns(2)
        with right:
            show_metric("Right", f"{summary.correct} of {summary.answered}")
        with pace:
            show_metric(
                "Seconds an answer",
                f"{summary.seconds:.1f}",
                delta=f"target {summary.target:.0f}",
                good=summary.on_pace,
            )
        st.markdown("\n".join(f"- {line}" for line in summary.lines()))
        again, replay, other = st.columns(3)
        if again.button("Another set", type="primary", key="practice_again", shortcut="Enter"):
            _start(replace(spec, seed=new_seed(), hand=()))  # a game's hand was this set's
            st.rerun()
        if replay.button("Same deal again", key="practice_replay"):
            _start(spec)
            st.rerun()
        if other.button("Choose another drill", key="practice_other"):
            _stop()
            st.rerun()
        st.stop()

    st.progress(run.index / spec.length, text=f"Question {run.index + 1} of {spec.length}")
    try:
        question = run.question(catalog)
    except (GenerationError, KeyError) as err:
        st.error(f"This question could not be dealt: {err}", icon=":material/error:")
        if st.button("Choose another drill", key="practice_broken"):
            _stop()
            st.rerun()
        st.stop()

    if ask(run, catalog, question) is not None:  # answered: its grade explained, then on
        label = "See how you did" if run.is_last else "Next question"
        actions.button(
            label,
            type="primary",
            key="practice_next",
            shortcut="Enter",
            on_click=_next,
            args=(run,),
        )

    st.divider()
    if st.button("Stop this set", type="tertiary", key="practice_stop"):
        _stop()
        st.rerun()
    follow()  # an answer that could not be saved: said at the top of the page


_set_screen(catalog)

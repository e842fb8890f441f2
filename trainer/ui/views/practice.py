"""Practice: counting drills, one deal at a time, graded combination by combination, and
the coach drills ("Which two do you throw?", "What would you play?"), answered by tapping
cards and graded by the points the choice loses against the best one.

The page only renders; the set's state machine is :mod:`trainer.training.practice`, the
questions come from :mod:`trainer.training.drills` and the grades from :mod:`trainer.training.grading`.

Starting a set from elsewhere:

* a link: ``/practice?drill=hand&tier=beginner&seed=7`` (optional ``mode=claim``,
  ``length=5``, ``muggins=1``, ``w=`` weights; ``drill`` or ``tier`` may be ``mixed``).
  The page keeps the running set in the address (with ``set=`` and ``q=``, its place),
  so it can be shared, and a reload resumes it at the same question;
* session state (for a one-click "practise this" on another page): set
  ``st.session_state["practice_drill"]`` and ``["practice_tier"]`` (optionally
  ``["practice_seed"]``, ``["practice_mode"]``, ``["practice_length"]``, and for
  "Which two do you throw?" ``["practice_hand"]``, six cards to throw from first), then
  ``st.switch_page`` here: a set starts at once and the keys are removed;
* ``st.session_state["practice_weights"]``: an optional mapping
  ``{(drill, tier): weight}`` that mixed sets draw their questions from
  (adaptive practice sets it).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import streamlit as st

from trainer.content.drills import DrillCatalog
from trainer.engine import Card, label_cards
from trainer.training.drills import (
    Dealt,
    DiscardQuestion,
    GenerationError,
    GoQuestion,
    PegQuestion,
    PlayQuestion,
    Question,
    ShowQuestion,
)
from trainer.training.explain import card_line, said_aloud
from trainer.training.grading import (
    GO_CHOICES,
    AdviceGrade,
    ClaimCheck,
    Grade,
    Graded,
    InputProblem,
    answer_box,
    go_explanation,
)
from trainer.training.practice import (
    MIXED,
    PracticeSet,
    SetSpec,
    new_seed,
    place_from_request,
    set_address,
    spec_from_request,
)
from trainer.ui import actions, session
from trainer.ui.cardpick import CardPicker, Slot
from trainer.ui.profiles import plain, require_player
from trainer.ui.widgets import (
    drill_catalog,
    show_breakdown,
    show_cards,
    show_item,
    show_pile,
    show_series,
)

SET = "practice_set"
HANDLED = "_practice_request"
PROBLEM = "_practice_problem"  # why the last answer could not be graded
UNSAVED = "_practice_unsaved"  # why the last answer could not be saved
_RESTORED = "_practice_claims_restored"  # the question whose kept claims were read back
PLAYERS = ("You", "Your opponent")
SHORT_NAMES = ("You", "Opponent")  # above a card drawn in a series
#: The answers to "who leads next?": label and player (None: nobody, the play is over).
LEADERS: dict[str, tuple[str, int | None]] = {
    "you": ("You", 0),
    "opponent": ("Your opponent", 1),
    "nobody": ("Nobody: the play is over", None),
}


def _focus_answer_box() -> None:
    """Put the cursor in the answer box, so the whole set can be played from the keyboard."""
    st.html(
        """<script>
        (function focusAnswer(tries) {
          const box = window.parent.document.querySelector(
            'input[aria-label="Your total"], input[aria-label="Points for the last card"]');
          if (box) { box.focus(); } else if (tries > 0) { setTimeout(() => focusAnswer(tries - 1), 50); }
        })(20);
        </script>""",
        unsafe_allow_javascript=True,
    )


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
    st.session_state[SET] = run
    _keep_address(run)


def _keep_address(run: PracticeSet) -> None:
    """Keep the running set, and where it is, in the address (leaving the page drops it)."""
    params = set_address(run)
    if st.query_params.to_dict() != session.address_with_player(params):
        st.query_params.from_dict(session.address_with_player(params))
    st.session_state[HANDLED] = _signature(params)


def _stop() -> None:
    st.session_state.pop(SET, None)
    st.query_params.from_dict(session.address_with_player({}))
    st.session_state[HANDLED] = ()


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
    state = st.session_state
    request: dict[str, Any] | None = None
    if state.get("practice_drill"):
        request = {
            "drill": state.pop("practice_drill"),
            "tier": state.pop("practice_tier", ""),
            "seed": state.pop("practice_seed", ""),
            "mode": state.pop("practice_mode", ""),
            "length": state.pop("practice_length", ""),
            "hand": state.pop("practice_hand", ""),
        }
    else:
        params = st.query_params.to_dict()
        signature = _signature(params)
        if params.get("drill") and state.get(HANDLED) != signature:
            state[HANDLED] = signature
            request = params
    if request is None:
        return
    spec = spec_from_request(request, catalog, weights=state.get("practice_weights"))
    if isinstance(spec, str):
        _refuse(spec)
        return
    place = place_from_request(request, spec.length)
    running = state.get(SET)
    if (
        isinstance(running, PracticeSet)
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
    weighted = bool(st.session_state.get("practice_weights"))

    def drill_label(name: str) -> str:
        if name == MIXED:
            return "Your weak spots (mixed)" if weighted else "Mixed: a bit of everything"
        return catalog.drills[name].title

    drill = st.selectbox("Drill", drills, format_func=drill_label, key="practice_pick_drill")
    tier = MIXED
    if drill != MIXED:
        chosen = catalog.drills[drill]
        st.caption(chosen.summary)
        tiers = [*chosen.tier_ids, MIXED]
        tier = st.selectbox(
            "Level",
            tiers,
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
        spec = spec_from_request(
            request, catalog, weights=st.session_state.get("practice_weights"), seed=new_seed()
        )
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


# --- one question ------------------------------------------------------------------------------


def _show_question(question: Dealt, *, cards: bool = True, chosen: Sequence[Card] = ()) -> None:
    """The question; ``cards`` draws the hand (not when the tappable cards stand in for
    it), with the ``chosen`` cards of an answered coach question lit."""
    if isinstance(question, DiscardQuestion):
        _show_throw_question(question, cards=cards, chosen=chosen)
    elif isinstance(question, PlayQuestion):
        _show_play_question(question, cards=cards, chosen=chosen)
    elif isinstance(question, ShowQuestion):
        st.markdown(f"#### Count {'the crib' if question.crib else 'this hand'}")
        if cards:  # (in claim mode the tappable hand is drawn instead)
            show_cards(question.hand, starter=question.starter, max_width=480)
    elif isinstance(question, PegQuestion):
        last = question.pile[-1]
        st.markdown(f"#### What does the {last.label} peg?")
        if question.show_count == "after":
            st.markdown(
                f"The {last.label} was laid last, making the count **{question.score.count}**."
            )
        else:
            st.markdown(
                f"The count was **{question.count_before}** before the {last.label} was laid."
            )
        show_pile(question.pile)
        st.caption(
            "The cards of this series in the order they were laid: the last is on the right."
        )
    else:
        _show_series(question)


def _show_throw_question(question: DiscardQuestion, *, cards: bool, chosen: Sequence[Card]) -> None:
    st.markdown(f"#### {question.prompt()}")
    if question.dealer:
        st.markdown("You are the **dealer**: the crib is yours, so what you throw scores for you.")
    else:
        st.markdown(
            "You are the **pone**: the crib is the dealer's, so what you throw scores for them."
        )
    if cards:
        show_cards(question.six, highlight=chosen, max_width=480)


def _show_play_question(question: PlayQuestion, *, cards: bool, chosen: Sequence[Card]) -> None:
    st.markdown(f"#### {question.prompt()}")
    if question.pile:
        show_pile(question.pile)
        st.caption(
            "The cards of this series in the order they were laid: the last is on the right."
        )
    facts = [f"The starter is the **{question.starter.label}**."]
    for who, laid in (
        ("You have", question.mine_played),
        ("Your opponent has", question.theirs_played),
    ):
        if laid:
            facts.append(f"{who} laid {label_cards(laid)} so far.")
    st.markdown(" ".join(facts))
    if cards:
        st.markdown("**Your hand**")
        show_cards(question.hand, highlight=chosen, max_width=min(110 * len(question.hand), 440))


def _verb(player: int, verb: str) -> str:
    return verb if player == 0 else verb + "s"


def _show_series(question: GoQuestion) -> None:
    st.markdown("#### This series is over. Who pegs, and who leads next?")
    show_series([(step.card, SHORT_NAMES[step.player], step.count) for step in question.steps])
    st.caption("The cards of this series in the order they were laid, each under who laid it.")
    lines = []
    for n, step in enumerate(question.steps):
        who = PLAYERS[step.player]
        if step.card is None:
            lines.append(f"- **{who}**: “go” (count {step.count})")
        else:
            verb = _verb(step.player, "lead" if n == 0 else "play")
            lines.append(f"- **{who}** {verb} {step.card.label}: count **{step.count}**")
    with st.expander("The series in words"):
        st.markdown("\n".join(lines))
    st.markdown("**Cards still in hand**")
    for player, hand in enumerate(question.hands_after):
        left, right = st.columns([1, 3], vertical_alignment="center")
        left.markdown(PLAYERS[player])
        if hand:
            with right:
                show_cards(hand, max_width=min(90 * len(hand), 360))
        else:
            right.markdown("no cards left")


# The answer buttons grade in their callbacks, which Streamlit runs before the page: the
# same run then draws the explanation (no second run after ``st.rerun()``, which doubled
# the wait for every answer).


def _problem() -> None:
    """Say why the last answer could not be graded (set by a callback), once."""
    problem = st.session_state.pop(PROBLEM, None)
    if problem:
        st.error(problem, icon=":material/error:")


def _submit_quick(run: PracticeSet, catalog: DrillCatalog, key: str) -> None:
    if run.phase != "question":  # a second press from a page not yet redrawn
        return
    try:
        grade = run.answer_quick(catalog, st.session_state.get(key), now=time.monotonic())
    except InputProblem as err:
        st.session_state[PROBLEM] = str(err)
    else:
        _record(run, grade)


def _answer_quick(run: PracticeSet, catalog: DrillCatalog, question: Question) -> None:
    key = f"practice_total_{run.index}"
    with st.form(f"practice_answer_{run.index}", border=False):
        st.text_input(answer_box(question), key=key, placeholder="Type a number, then press Enter")
        actions.submit(
            "Check",
            marker=f"practice_check_{run.set_id}_{run.index}",
            type="primary",
            on_click=_submit_quick,
            args=(run, catalog, key),
        )
    _problem()
    _focus_answer_box()


def _claim_picker(run: PracticeSet, question: ShowQuestion) -> CardPicker:
    """The tappable hand of the current question (a new key for every question of every set)."""
    slots = [*(Slot(card) for card in question.hand), Slot(question.starter, tag="starter")]
    key = f"practice_claims_{run.set_id}_{run.index}_{len(run.grades)}"
    return CardPicker(key, "claim", slots)


def _take_claims(run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
    """Act on every claim, undo and "that's everything" sent since the last run, in order.

    Runs before anything is drawn, so the page shows the state after them (the grade,
    once the learner is done) without another rerun.
    """
    events = picker.take()
    for event in events:
        if run.phase != "question":
            break
        if event.action == "claim":
            try:
                run.add_claim(catalog, event.kind, event.cards)
            except InputProblem as err:
                picker.reply(
                    f"Not counted: {event.kind} {label_cards(event.cards)}. {_cap(err.message)}"
                )
        elif event.action == "undo":
            if run.undo_claim(event.kind, event.cards) is None and not event.kind:
                picker.reply("There is no claim to undo.", "info")
        elif event.action == "done":
            if event.claims is not None:  # grade the claims the learner saw, none lost
                run.list_claims(catalog, event.claims)
            grade = run.finish_claims(catalog, now=time.monotonic())
            picker.forget()
            _record(run, grade)
            session.drop_draft(run.draft_key)
            return
    if events:  # the claims so far outlive a reload or a restart
        session.save_draft(run.draft_key, run.claims_draft())


def _restore_claims(run: PracticeSet) -> None:
    """The claims made on this question before a reload or a restart, back in the list."""
    if run.phase == "question" and not run.claims and st.session_state.get(_RESTORED) != run.key:
        st.session_state[_RESTORED] = run.key
        kept = session.draft(run.draft_key)
        if kept:
            run.restore_claims(kept)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _answer_claims(run: PracticeSet, picker: CardPicker) -> None:
    claims = [f"{claim.kind}: {label_cards(claim.cards)}" for claim in run.claims]
    picker.show(
        prompt=(
            "Count it the way you would say it: tap the cards of one combination, choose "
            "what they make, then Claim. Press That's everything when you are done."
        ),
        label="Your hand and the starter",
        claims=claims,
        claimed=[(claim.kind, claim.cards) for claim in run.claims],
        total=sum(claim.points for claim in run.claims),
    )


def _coach_picker(run: PracticeSet, question: DiscardQuestion | PlayQuestion) -> CardPicker:
    """The tappable cards of a coach question: the six to throw two from, or the hand to
    lay one from (a card that does not fit under 31 is greyed out, with the reason)."""
    if isinstance(question, DiscardQuestion):
        return CardPicker(f"practice_throw_{run.set_id}_{run.index}", "pick", question.six)
    fits = {option.card for option in question.options}
    slots = [
        Slot(card)
        if card in fits
        else Slot(card, off=f"it would make the count {question.count + card.pips}, past 31")
        for card in question.hand
    ]
    return CardPicker(f"practice_lay_{run.set_id}_{run.index}", "lay", slots)


def _take_choice(run: PracticeSet, catalog: DrillCatalog, picker: CardPicker) -> None:
    """Grade the throw or the card laid sent since the last run (before anything is drawn);
    a choice that cannot be graded (the wrong number of cards, say) is answered beside
    the cards, and the question stays open."""
    for event in picker.take():
        if run.phase != "question":
            break
        try:
            if event.action == "pick":
                grade = run.answer_throw(catalog, event.cards, now=time.monotonic())
            else:
                grade = run.answer_lay(catalog, event.cards, now=time.monotonic())
        except InputProblem as err:
            picker.reply(_cap(err.message))
        else:
            picker.forget()
            _record(run, grade)


def _answer_choice(run: PracticeSet, picker: CardPicker) -> None:
    if picker.mode == "pick":
        picker.show(
            need=2,
            confirm="Throw these",
            prompt="Tap the two cards you would throw to the crib, then Throw these.",
            label="Your six cards",
        )
    else:
        picker.show(
            prompt="Tap the card you would lay.",
            label="Your hand",
        )


def _submit_go(run: PracticeSet, catalog: DrillCatalog) -> None:
    if run.phase != "question":
        return
    state = st.session_state
    leader = state.get(f"practice_go_leader_{run.index}")
    try:
        grade = run.answer_go(
            catalog,
            state.get(f"practice_go_scorer_{run.index}"),
            state.get(f"practice_go_choice_{run.index}"),
            "unset" if leader is None else LEADERS[leader][1],
            now=time.monotonic(),
        )
    except InputProblem as err:
        state[PROBLEM] = str(err)
    else:
        _record(run, grade)


def _answer_go(run: PracticeSet, catalog: DrillCatalog) -> None:
    with st.form(f"practice_go_{run.index}", border=False):
        st.radio(
            "Who pegs?",
            [0, 1],
            format_func=lambda p: PLAYERS[p],
            index=None,
            horizontal=True,
            key=f"practice_go_scorer_{run.index}",
        )
        st.radio(
            "What for?",
            list(GO_CHOICES),
            format_func=lambda c: GO_CHOICES[c][0],
            index=None,
            key=f"practice_go_choice_{run.index}",
        )
        st.radio(
            "Who leads next?",
            list(LEADERS),
            format_func=lambda name: LEADERS[name][0],
            index=None,
            key=f"practice_go_leader_{run.index}",
        )
        actions.submit(
            "Check",
            marker=f"practice_go_check_{run.set_id}_{run.index}",
            type="primary",
            on_click=_submit_go,
            args=(run, catalog),
        )
    _problem()


def _record(run: PracticeSet, grade: Graded) -> None:
    """Save a graded answer (called from the answer buttons' callbacks, and before the page
    is drawn for claims); a refusal is shown on the page that follows."""
    try:
        session.record_attempt(grade.attempt(), key=run.key)
    except session.AnsweredElsewhereError as err:
        st.session_state[UNSAVED] = str(err)
    except ValueError as err:  # a record the store refuses: say so, keep practising
        st.session_state[UNSAVED] = f"This answer could not be saved: {err}"


# --- the grade -----------------------------------------------------------------------------------


def _throw_line(line: str, chosen: Sequence[Card]) -> str:
    """A line of the table of throws (``3. throw 2♦ 9♣, keep …``) as markdown, in bold when
    it is the throw chosen (its number escaped: a list would number the lines again)."""
    thrown = line.split(", keep")[0].split()[2:]
    text = line.replace(". ", "\\. ", 1)
    return f"**{text}** (yours)" if sorted(thrown) == sorted(c.label for c in chosen) else text


#: Lines of the table of throws shown at once; the rest are one click away.
THROWS_SHOWN = 5


def _advice_feedback(grade: AdviceGrade) -> None:
    """A coach drill's grade: the verdict, why, and the table of choices with their values."""
    if grade.correct:
        st.success(grade.headline, icon=":material/check_circle:")
    else:
        st.error(grade.headline, icon=":material/cancel:")
    rest = grade.lines[1:]
    if isinstance(grade.question, DiscardQuestion):
        reasons = [line for line in rest if not line[:1].isdigit()]
        table = [_throw_line(line, grade.chosen) for line in rest if line[:1].isdigit()]
        st.markdown("  \n".join(reasons))
        st.markdown("##### The throws, best first")
        st.caption(
            "Points a deal, on average over every starter: what the four you keep score, "
            + (
                "plus what your crib scores."
                if grade.question.dealer
                else "minus what the dealer's crib scores."
            )
        )
        shown = table[:THROWS_SHOWN]
        later = table[THROWS_SHOWN:]
        mine = [line for line in later if line.endswith(" (yours)")]
        st.markdown("  \n".join(shown + mine))
        if later:
            with st.expander(f"All {len(table)} throws"):
                st.markdown("  \n".join(table))
    else:
        st.markdown("##### Every card you could lay, best first")
        st.caption(
            "Net: what the card pegs now, minus what your opponent can peg back with their "
            "best reply, on average."
        )
        st.markdown("\n".join(f"- {line}" for line in rest))


def _feedback(grade: Graded) -> None:
    if isinstance(grade, AdviceGrade):
        _advice_feedback(grade)
        return
    question = grade.question
    if grade.correct:
        st.success(grade.headline, icon=":material/check_circle:")
    elif grade.mode == "claim" and not grade.missed:  # every combination found, claims wrong
        st.warning(grade.headline, icon=":material/warning:")
    else:
        st.error(grade.headline, icon=":material/cancel:")
    for note in grade.notes:
        st.markdown(note)
    if isinstance(question, ShowQuestion):
        _show_feedback(grade, question)
    elif isinstance(question, PegQuestion):
        lit = {card for item in question.score.items for card in item.cards}
        st.markdown(card_line(question.pile[-1], question.score.count, question.score.items))
        if lit:
            show_pile(question.pile, highlight=lit)
    else:
        st.markdown("\n".join(f"- {line}" for line in go_explanation(question)))


def _wrong_claim_line(check: ClaimCheck) -> str:
    """``- **Fifteen?** 7♦ 9♠ adds to 16, not 15.``: the cards named once."""
    kind = check.claim.kind.capitalize()
    cards = label_cards(check.claim.cards)
    reason = check.message[:1].upper() + check.message[1:]
    if cards and cards not in check.message:
        return f"- **{kind} with {cards}?** {reason}."
    return f"- **{kind}?** {reason}."


def _show_feedback(grade: Grade, question: ShowQuestion) -> None:
    score = question.score
    if grade.mode == "claim":
        if grade.missed:
            st.markdown("##### What you missed")
            for item in grade.missed:
                show_item(item, question.hand, question.starter)
        wrong = grade.wrong_claims
        if wrong:
            st.markdown("##### Claims that do not count")
            st.markdown("\n".join(_wrong_claim_line(check) for check in wrong))
    st.markdown(f"**The count:** “{said_aloud(score)}” That makes **{score.total}**.")
    if grade.correct or grade.mode == "claim":
        # Right, or the misses are already drawn above: the full list stays one click away.
        with st.expander("Every combination, in the order it is counted"):
            show_breakdown(score)
    else:
        st.markdown("##### Every combination")
        show_breakdown(score)


def _next(run: PracticeSet) -> None:
    if run.phase == "feedback":
        run.next()


# --- the page ------------------------------------------------------------------------------------

require_player()  # answers are saved for the player chosen
st.title("Practice")
catalog = drill_catalog()
_incoming(catalog)
run: PracticeSet | None = st.session_state.get(SET)

if run is None:
    _setup(catalog)
    st.stop()


@st.fragment
def _set_screen(catalog: DrillCatalog) -> None:
    """The set being practised: the question, its answer, the explanation, the next
    question. A fragment: answering and going on run this part of the page again, not the
    app around it (its sidebar, the player's line); starting or stopping a set runs all."""
    run: PracticeSet | None = st.session_state.get(SET)
    if run is None:  # stopped from this part of the page
        st.rerun()
    _keep_address(run)
    spec = run.spec
    st.caption(f"{spec.describe(catalog)} · seed {spec.seed}")

    if run.phase == "done":
        summary = run.summary(catalog)
        st.subheader("How you did")
        right, pace = st.columns(2)
        right.metric("Right", f"{summary.correct} of {summary.answered}")
        pace.metric(
            "Seconds an answer",
            f"{summary.seconds:.1f}",
            delta=f"target {summary.target:.0f}",
            delta_color="green" if summary.on_pace else "off",
            delta_arrow="off",
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

    picker: CardPicker | None = None
    if run.phase == "question":
        if run.answer_mode(catalog) == "claim" and isinstance(question, ShowQuestion):
            picker = _claim_picker(run, question)
            _restore_claims(run)
            _take_claims(run, catalog, picker)
        elif isinstance(question, DiscardQuestion | PlayQuestion):
            picker = _coach_picker(run, question)
            _take_choice(run, catalog, picker)

    answered = run.last_grade if run.phase != "question" else None
    _show_question(
        question,
        cards=picker is None or run.phase != "question",
        chosen=answered.chosen if isinstance(answered, AdviceGrade) else (),
    )

    if run.phase == "question":
        run.start_clock(time.monotonic())
        mode = run.answer_mode(catalog)
        if mode == "choice":
            _answer_go(run, catalog)
        elif picker is not None and mode == "claim":
            _answer_claims(run, picker)
        elif picker is not None:
            _answer_choice(run, picker)
        elif not isinstance(question, DiscardQuestion | PlayQuestion):
            _answer_quick(run, catalog, question)
    else:
        unsaved = st.session_state.pop(UNSAVED, None)
        if unsaved:
            st.warning(unsaved)
        grade = run.last_grade
        if grade is not None:
            _feedback(grade)
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


_set_screen(catalog)

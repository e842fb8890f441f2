"""My groups (club mode, for teachers): groups and their join codes; each member's lessons,
accuracy, pace, weak spots, games, last activity and wrong PINs typed for their name lately
(said above the table when they repeat), sortable, and as CSV; the group's
accuracy week by week; a new PIN for a member who forgot theirs; practice sets given to
the group, which its members find on Home; the group's games in progress between its
players, each to watch (the board, the pile and the scores, never a hand). A teacher sees
their own groups' members only."""

from __future__ import annotations

import random

import altair as alt
import pandas as pd
import streamlit as st

from trainer.progress import club
from trainer.progress.figures import drill_label
from trainer.progress.groups import group_csv, group_for, member_rows, weekly_accuracy
from trainer.progress.store import StoreError, describe_error
from trainer.ui import actions, session
from trainer.ui.loaded import course, drill_catalog
from trainer.ui.page_state import TeacherState, kept
from trainer.ui.play_page.across_devices import watch
from trainer.ui.profiles import plain, require_player

# The widgets' keys (Streamlit keeps their values there); the rest is one TeacherState.
_GROUP = "teacher_group"  # the group chosen (the selectbox's key)
_NEW_GROUP = "teacher_new_group"  # the new group's name
_RESET_PIN = "teacher_reset_pin"  # a member's new PIN
_DRILL = "teacher_assign_drill"  # the drill of the set to give
_LENGTH = "teacher_assign_length"  # how many questions it has


def _tier_key(drill: str) -> str:
    """The level box of the set to give (one per drill: each has its own levels)."""
    return f"teacher_assign_tier_{drill}"


STATE_KEY = "_teacher_page"

require_player()
st.title("My groups")
me = session.current_profile()
store = session.current_store()
if me is None or store is None or session.current_role() != "teacher":
    st.info("This page is for a group's teacher. Sign in as a teacher to see it.")
    st.stop()
assert me is not None and store is not None
teacher, the_store = me, store


def _note(text: str, *, ok: bool = False) -> None:
    """What to say at the top on the next run: an error, or (``ok``) what was done."""
    kept(STATE_KEY, TeacherState).note = (ok, text)


def _new_group() -> None:
    name = str(st.session_state.get(_NEW_GROUP) or "").strip()
    if not name:
        _note("Give the group a name first.")
        return
    try:
        made = the_store.create_group(teacher.id, name, club.new_join_code())
    except (ValueError, StoreError) as err:
        _note(f"The group could not be made ({describe_error(err)}).")
        return
    st.session_state[_GROUP] = made.id
    st.session_state[_NEW_GROUP] = ""
    _note(f"{made.name} is made: its members join it with the code {made.join_code}.", ok=True)


def _reset(member_id: int, name: str) -> None:
    pin = str(st.session_state.get(_RESET_PIN) or "")
    try:
        refused = club.reset_pin(the_store, teacher.id, member_id, pin)
    except StoreError as err:
        _note(f"The PIN could not be changed ({describe_error(err)}).")
        return
    if refused is not None:
        _note(refused.message)
        return
    st.session_state[_RESET_PIN] = ""
    _note(f"{name} has a new PIN: tell them, and they sign in with it.", ok=True)


def _assign(group_id: int) -> None:
    drill = str(st.session_state.get(_DRILL) or "")
    tier = str(st.session_state.get(_tier_key(drill)) or "")
    length = int(st.session_state.get(_LENGTH) or 10)
    try:
        the_store.assign(group_id, drill, tier, length, random.randrange(1, 10**6))
    except (ValueError, StoreError) as err:
        _note(f"The set could not be given ({describe_error(err)}).")
        return
    _note("Given: every member finds it on their Home page.", ok=True)


with st.expander("Make a new group", expanded=False):
    st.text_input("The group's name", key=_NEW_GROUP, max_chars=60)
    actions.button("Make the group", key="teacher_make_group", on_click=_new_group)

state = kept(STATE_KEY, TeacherState)
note, state.note = state.note, None
if note:
    ok, text = note
    (st.success if ok else st.error)(plain(text))

groups = the_store.groups_of_teacher(teacher.id)
if not groups:
    st.info("You have no group yet: make one, then give its code to your players.")
    st.stop()
names = {g.id: g.name for g in groups}
if st.session_state.get(_GROUP) not in names:
    st.session_state[_GROUP] = groups[0].id
chosen = st.selectbox("Group", list(names), format_func=names.__getitem__, key=_GROUP)
group = group_for(the_store, teacher.id, int(chosen))
if group is None:  # not this teacher's: never shown
    st.stop()
st.markdown(f"Players join **{plain(group.name)}** with the code **{group.join_code}**.")

rows = member_rows(the_store, group)
if not rows:
    st.info("Nobody has joined yet.")
else:
    total = len(course().lessons)
    st.caption(
        f"{len(rows)} member{'s' if len(rows) != 1 else ''}: "
        + ", ".join(plain(r.name) for r in rows)
        + ". Click a column's name to sort by it."
    )
    table = pd.DataFrame(
        {
            "Player": [r.name for r in rows],
            "Lessons": [f"{r.lessons_done} of {total}" for r in rows],
            "Answers": [r.answers for r in rows],
            "Right (%)": [None if r.accuracy is None else round(100 * r.accuracy) for r in rows],
            "Seconds an answer": [
                None if r.seconds_each is None else round(r.seconds_each, 1) for r in rows
            ],
            "Missed most": [", ".join(r.weak_spots) for r in rows],
            "Games by level": [r.games for r in rows],
            "Last active": [r.last_active for r in rows],
            "Wrong PINs lately": [r.wrong_pins or None for r in rows],
        }
    )
    for r in rows:
        if r.wrong_pins >= club.FREE_TRIES:  # someone is guessing, or the member forgot it
            when = f", the last at {r.wrong_pin_at:%H:%M} UTC" if r.wrong_pin_at else ""
            st.warning(
                f"A wrong PIN was typed for **{plain(r.name)}** {r.wrong_pins} times in a row"
                f"{when}. Signing in as {plain(r.name)} waits a little after each, except on a "
                "browser they have signed in on before. If they forgot it, give them a new "
                "PIN below (that also ends the wait).",
                icon=":material/lock_clock:",
            )
    st.dataframe(table, hide_index=True, width="stretch", key="teacher_table")
    st.download_button(
        "Download the table (CSV)",
        group_csv(rows),
        file_name=f"group-{group.join_code}.csv",
        mime="text/csv",
        on_click="ignore",
        key="teacher_csv",
    )
    weeks = weekly_accuracy(the_store, group)
    if weeks:
        chart = pd.DataFrame(
            {
                "Week": [w.week.isoformat() for w in weeks],
                "Right (%)": [round(100 * w.accuracy, 1) for w in weeks],
                "Answers": [w.answers for w in weeks],
            }
        )
        st.subheader("The group's accuracy, week by week")
        st.altair_chart(
            alt.Chart(chart)
            .mark_line(point=True)
            .encode(
                x=alt.X("Week:T", title="Week starting"),
                y=alt.Y("Right (%):Q", scale=alt.Scale(domain=[0, 100])),
                tooltip=["Week:T", "Right (%):Q", "Answers:Q"],
            ),
            width="stretch",
        )
    with st.expander("A new PIN for a player who forgot theirs"):
        members = {r.profile_id: r.name for r in rows}
        who = st.selectbox(
            "Player", list(members), format_func=members.__getitem__, key="teacher_reset_who"
        )
        st.text_input("The new PIN", key=_RESET_PIN, type="password")
        actions.button(
            "Give the new PIN",
            key="teacher_reset",
            on_click=_reset,
            args=(int(who), members[int(who)]),
        )

st.subheader("Games in progress")
try:
    playing = the_store.group_shared_games(group.id)
except StoreError as err:
    playing = []
    st.warning(plain(f"The group's games cannot be read just now ({describe_error(err)})."))
if not playing:
    st.caption("No game between the group's players is being played just now.")
else:
    games = {g.game_id: g for g in playing}
    watched = st.radio(
        "Watch a game (the board, the pile and the scores: never a hand)",
        list(games),
        format_func=lambda game_id: " against ".join(s.name or "?" for s in games[game_id].seats),
        index=None,
        key="teacher_watch",
    )
    if watched is not None:
        watch(str(watched))

st.subheader("Practice sets for the group")
catalog = drill_catalog()
drills = list(catalog.drills)
drill = st.selectbox("Drill", drills, format_func=drill_label, key=_DRILL)
tiers = {t.id: t.title for t in catalog.drills[drill].tiers} if drill in catalog.drills else {}
st.selectbox("Level", list(tiers), format_func=tiers.__getitem__, key=_tier_key(drill))
st.number_input("Questions", min_value=1, max_value=100, value=10, step=1, key=_LENGTH)
actions.button("Give this set", key="teacher_assign", on_click=_assign, args=(group.id,))
for given in the_store.assignments_of_group(group.id):
    st.caption(
        f"{given.created_at:%d %b}: {drill_label(given.drill)} · "
        f"{plain(tiers.get(given.tier, given.tier) if given.drill == drill else given.tier)}"
        f" · {given.length} questions"
    )

"""Before a game: the settings of a new game, and a game read from a record."""

from __future__ import annotations

import streamlit as st

from trainer.analysis import LEVELS
from trainer.engine.record import MAX_RECORD_CHARS
from trainer.engine.settings import Settings, SettingsError
from trainer.engine.vocab import Counting
from trainer.progress.store import StoreError
from trainer.training.records import Preferences, Profile
from trainer.training.table import (
    LEVEL_HELP,
    LEVEL_NAMES,
    CoachMode,
    Person,
    Player,
    PlaySetup,
    RecordProblem,
    Table,
    parse_export,
    parse_level,
)
from trainer.ui import play_saves, session
from trainer.ui.play_page.saving import commit, start
from trainer.ui.play_page.state import keep_preferences, play_state, show_all
from trainer.ui.play_page.unfinished import resume
from trainer.ui.play_saves import PlayGame
from trainer.ui.profiles import plain

__all__ = ["import_record", "settings_form"]

#: How many sit at the table, as the settings say it (one level plays every computer).
_TABLE_SIZES = {
    2: "Two: you and the computer",
    3: "Three: you and two computers, each playing alone",
    4: "Four: you and a computer partner against two computers",
}

_COUNTING_HELP = {
    "automatic": "The trainer counts",
    "aloud": "You count each hand first, then the trainer goes through it (nothing is lost)",
    "muggins": "You count (muggins: missed points go to the computer)",
}

#: The same, at a table of people (the count is each person's; what one misses, an opponent takes).
_PEOPLE_COUNTING_HELP = {
    "automatic": "The trainer counts",
    "aloud": "Each person counts their hand first, then the trainer goes through it "
    "(nothing is lost)",
    "muggins": "Each person counts (muggins: points a person misses go to an opponent, "
    "the seat on their left)",
}

_COACH_HELP = {
    CoachMode.OFF: "Off",
    CoachMode.MOVES: "After each move (it tells you how your throw and your cards did)",
    CoachMode.LEARNING: "Learning mode (it explains every step before you choose)",
}


def _device_players(profile: Profile) -> list[Profile]:
    """The players of this device who can sit at its table (the player chosen first; none
    in a club, where each member plays on their own device)."""
    store = session.current_store()
    if store is None or session.club_mode() or not profile.id:
        return []
    try:
        others = [p for p in store.profiles() if p.id != profile.id]
    except StoreError:
        return []
    return [profile, *others]


def _seat_label(seat: int, seats: int) -> str:
    if seats == 4:
        return f"Seat {seat + 1} (a partner of seat {(seat + 2) % 4 + 1})"
    return f"Seat {seat + 1}" + (" (cuts first)" if seat == 0 else "")


def people_at_table(profile: Profile, seats: int) -> tuple[Player, ...]:
    """Pass-and-play: who sits in each seat, a player of this device (with their own
    coach) or the computer at a level; empty for the usual game against the computer."""
    players = _device_players(profile)
    if not players:  # no store, nobody chosen, or a club: each plays on their own device
        return ()
    if len(players) < 2:
        st.caption(
            "To play with someone else on this device, add them as a player first (the "
            "player list in the sidebar): then each seat can be a person or a computer."
        )
        return ()
    if not st.toggle(
        "Play with people on this device (pass and play)",
        key="play_people",
        help="Each person's cards are shown only on their turn: the device is passed "
        "between turns, and the page asks for it first.",
    ):
        return ()
    names = [p.name for p in players]
    options = [*(f"@{name}" for name in names), *LEVELS]
    lineup: list[Player] = []
    for seat in range(seats):
        default = f"@{names[seat]}" if seat < 2 else "easy"
        who, coach = st.columns([3, 2])
        choice = str(
            who.selectbox(
                _seat_label(seat, seats),
                options,
                index=options.index(default),
                format_func=lambda o: o[1:] if o.startswith("@") else f"Computer: {LEVEL_NAMES[o]}",
                key=f"play_seat_{seats}_{seat}",
            )
        )
        if not choice.startswith("@"):
            lineup.append(parse_level(choice))
            continue
        mode = coach.selectbox(
            f"{choice[1:]}'s coach",
            list(CoachMode),
            format_func=lambda m: m.label,
            key=f"play_seat_coach_{seats}_{seat}",
        )
        lineup.append(Person(choice[1:], CoachMode(mode or CoachMode.OFF)))
    return tuple(lineup)


def settings_form(profile: Profile) -> None:
    """A whole game's settings and "Start the game": the computer's level and the game's
    length in view (Easy, to 121, to begin with), the rest behind "More options" (who is
    at the table, the coach, who counts, skunks, the show's pace), so that the form fits
    the first screen of a phone."""
    st.markdown("### A whole game")
    left, right = st.columns([3, 2])  # one above the other on a phone
    level = left.radio(
        "How strong is the computer?",
        list(LEVEL_NAMES),
        format_func=LEVEL_NAMES.__getitem__,
        help=LEVEL_HELP,
        horizontal=True,
        key="play_level",
        index=0,
    )
    target = right.radio(
        "Play to",
        [121, 61],
        format_func=lambda n: f"{n} points" + (" (a short game)" if n == 61 else ""),
        horizontal=True,
        key="play_target",
    )
    with st.expander("More options: the table, the coach, who counts", key="play_more"):
        seats = st.selectbox(
            "Who is at the table?",
            list(_TABLE_SIZES),
            format_func=_TABLE_SIZES.__getitem__,
            key="play_seats",
            index=0,
        )
        lineup = people_at_table(profile, int(seats or 2))
        coach = CoachMode(
            st.radio(
                "The coach",
                list(CoachMode),
                format_func=_COACH_HELP.__getitem__,
                key="play_coach",
                index=0,
            )
            or CoachMode.OFF
        )
        # learning mode: you count each hand first by default (the switch is drawn anew,
        # with that choice, when the coach is changed)
        countings = [Counting.AUTOMATIC.value, Counting.ALOUD.value, Counting.MUGGINS.value]
        counting = st.radio(
            "Who counts the hands?",
            countings,
            format_func=(
                _PEOPLE_COUNTING_HELP
                if any(isinstance(p, Person) for p in lineup)
                else _COUNTING_HELP
            ).__getitem__,
            key=f"play_counting_{coach}",
            index=1 if coach is CoachMode.LEARNING else 0,
        )
        skunks = st.checkbox("Skunks count (winning by a lot)", value=True, key="play_skunks")
        at_once = st.toggle(
            "Count each hand at once in the show",
            value=show_all(),
            key="play_show_pace",
            help="The combinations light up one by one by themselves. Off: press “Next” for "
            "each. You can change it during the game too, in the game menu.",
        )
    if st.button(
        "Start the game",
        type="primary",
        key="play_start",
        help="The game is saved after every move: you can leave it and carry on later.",
    ):
        if at_once != show_all():
            keep_preferences(Preferences(show_all=at_once))
        try:
            setup = PlaySetup(
                parse_level(str(level)),
                Settings(
                    target=int(target or 0),
                    skunks=bool(skunks),
                    counting=Counting(counting),
                    seats=int(seats or 2),
                ),
                coach=coach,
                lineup=lineup,
            )
        except (SettingsError, ValueError) as error:
            st.error(plain(f"These settings cannot be played: {error}"))
            return
        start(setup, profile)
        st.rerun()


def import_record(profile: Profile) -> None:
    """ "Read a game record": a record file or pasted text, played on from where it ends."""
    with st.expander("Read a game record"):
        upload = st.file_uploader(
            "Open a record file", type=["txt"], key="play_import_file", max_upload_size=1
        )
        text = st.text_area(
            "Or paste a game record", key="play_import_text", max_chars=MAX_RECORD_CHARS
        )
        if st.button("Play from this record", key="play_import"):
            if upload is not None:
                raw = upload.getvalue()
                if len(raw) > MAX_RECORD_CHARS:
                    st.error(
                        f"That file is {len(raw):,} bytes long, longer than any game's record "
                        f"(at most {MAX_RECORD_CHARS:,}): check that it is the right file."
                    )
                    return
                text = raw.decode("utf-8", errors="replace")
            try:
                setup, record = parse_export(text or "")
            except RecordProblem as error:
                st.error(plain(str(error)))
                return
            owner = play_saves.keeper(setup, profile)  # (a table of people: one at it)
            same = play_saves.find_same_game(owner, setup, record.seed)
            if same is not None:
                resume(owner, same.game_id)
                play_state().note = (
                    "This game is already among your games, so it was not added again: "
                    "here it is as it was saved."
                )
                st.rerun()
            game = PlayGame.new(Table.resume(setup, record), owner, imported=True)
            play_state().game = game
            commit(game)
            st.rerun()

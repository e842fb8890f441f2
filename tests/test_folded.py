"""A part folded until opened (:mod:`trainer.ui.folded`): closed at first, its contents
neither run nor sent; opened, they are drawn inside it; closed again, gone again."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _page() -> None:
    import streamlit as st

    from trainer.ui.folded import folded

    st.session_state.setdefault("runs", 0)
    with folded("Details", key="details", icon=":material/info:") as opened:
        if opened:
            st.session_state["runs"] += 1
            st.markdown("the figures")
    st.markdown("after the fold")


def test_a_fold_is_closed_at_first_and_its_contents_run_only_once_opened() -> None:
    at = AppTest.from_function(_page).run()
    assert not at.exception, at.exception
    (fold,) = at.expander
    assert fold.label == "Details" and fold.proto.icon == ":material/info:"
    assert not fold.children and at.session_state["runs"] == 0
    assert [m.value for m in at.markdown] == ["after the fold"]

    at.session_state["details"] = True  # what opening it in the browser sets, then a run
    at.run()
    (fold,) = at.expander
    assert [m.value for m in fold.markdown] == ["the figures"]
    assert at.session_state["runs"] == 1
    assert [m.value for m in at.markdown] == ["the figures", "after the fold"]

    at.session_state["details"] = False
    at.run()
    (fold,) = at.expander
    assert not fold.children and at.session_state["runs"] == 1

"""The stylesheet a page that prints (the scoring chart) puts on itself.

On screen it changes nothing. On paper only the container keyed :data:`PRINTED` is
printed (everything beside it is taken out of the layout, so no blank pages follow), on
white, across the page, in black, small enough for the scoring chart to fit one A4 or
Letter page: no sidebar, no menu bar, no buttons, no table cut in half.
"""

from __future__ import annotations

from trainer.ui import assets

#: The key of the container whose contents are printed (Streamlit gives it the class
#: ``st-key-printed``).
PRINTED = "printed"

CSS = assets.text("print.css")


def style_tag() -> str:
    """The stylesheet as a ``<style>`` element, for ``st.html``."""
    return f"<style>{CSS}</style>"

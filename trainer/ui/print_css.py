"""The stylesheet a page that prints (the scoring chart) puts on itself.

On screen it changes nothing. On paper only the container keyed :data:`PRINTED` is
printed, on white, across the page, in black: no sidebar, no menu bar, no buttons, and
no table cut in half at the bottom of a page.
"""

from __future__ import annotations

#: The key of the container whose contents are printed (Streamlit gives it the class
#: ``st-key-printed``).
PRINTED = "printed"

CSS = """
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden; }
  .st-key-printed, .st-key-printed * { visibility: visible; }
  .st-key-printed { position: absolute; left: 0; top: 0; width: 100%; }
  .st-key-printed button, .st-key-printed [data-testid="stPageLink"] { display: none; }
  .st-key-printed, .st-key-printed * { color: #000 !important; background: #fff !important; }
  .st-key-printed table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  .st-key-printed th, .st-key-printed td { border: 1px solid #777 !important; padding: 2px 5px; }
  .st-key-printed table, .st-key-printed tr { break-inside: avoid; page-break-inside: avoid; }
  .st-key-printed h1 { font-size: 16pt; margin: 0 0 4pt 0; }
  .st-key-printed h3 { font-size: 12pt; margin: 8pt 0 2pt 0; break-after: avoid; }
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stDecoration"] { display: none !important; }
}
"""


def style_tag() -> str:
    """The stylesheet as a ``<style>`` element, for ``st.html``."""
    return f"<style>{CSS}</style>"

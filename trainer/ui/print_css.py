"""The stylesheet a page that prints (the scoring chart) puts on itself.

On screen it changes nothing. On paper only the container keyed :data:`PRINTED` is
printed (everything beside it is taken out of the layout, so no blank pages follow), on
white, across the page, in black, small enough for the scoring chart to fit one A4 or
Letter page: no sidebar, no menu bar, no buttons, no table cut in half.
"""

from __future__ import annotations

#: The key of the container whose contents are printed (Streamlit gives it the class
#: ``st-key-printed``).
PRINTED = "printed"

CSS = """
@media print {
  @page { margin: 10mm; }
  html, body, #root, .stApp, [data-testid="stAppViewContainer"], [data-testid="stMain"],
  [data-testid="stMainBlockContainer"] {
    height: auto !important; min-height: 0 !important; overflow: visible !important;
    position: static !important; padding: 0 !important; margin: 0 !important;
    max-width: none !important; }
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stDecoration"], [data-testid="stBottom"] { display: none !important; }
  [data-testid="stVerticalBlock"] > :not(.st-key-printed):not(:has(.st-key-printed)):not(.st-key-printed *) {
    display: none !important; }
  .st-key-printed { font-size: 10pt; gap: 3pt !important; }
  .st-key-printed button, .st-key-printed [data-testid="stPageLink"],
  .st-key-printed [data-testid="stCaptionContainer"] { display: none !important; }
  .st-key-printed, .st-key-printed * { color: #000 !important; background: #fff !important; }
  .st-key-printed p { margin: 0 0 2pt 0; line-height: 1.3; font-size: 10pt; }
  .st-key-printed [data-testid="stVerticalBlock"] { gap: 2pt !important; }
  .st-key-printed table { width: 100%; border-collapse: collapse; font-size: 10pt; margin: 0; }
  .st-key-printed th, .st-key-printed td {
    border: 1px solid #777 !important; padding: 2px 5px; line-height: 1.25; }
  .st-key-printed table, .st-key-printed tr { break-inside: avoid; page-break-inside: avoid; }
  .st-key-printed h1 { font-size: 18pt; margin: 0; padding: 0; }
  .st-key-printed h3 { font-size: 12pt; margin: 6pt 0 2pt 0; padding: 0; break-after: avoid; }
}
"""


def style_tag() -> str:
    """The stylesheet as a ``<style>`` element, for ``st.html``."""
    return f"<style>{CSS}</style>"

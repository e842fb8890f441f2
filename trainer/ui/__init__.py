"""The app layer: Streamlit pages and the helpers they share (Streamlit is imported only here)."""

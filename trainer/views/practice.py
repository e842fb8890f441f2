"""Practice: being built."""

import streamlit as st

st.title("Practice")
st.info("This page is being built.")

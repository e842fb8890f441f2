"""Progress: being built."""

import streamlit as st

st.title("Progress")
st.info("This page is being built.")

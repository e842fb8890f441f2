"""Learn: being built."""

import streamlit as st

st.title("Learn")
st.info("This page is being built.")

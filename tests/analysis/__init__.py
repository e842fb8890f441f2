"""Tests of the analysis layer's modules, named after the module each tests."""

"""Numpy-only models of the demos: no matplotlib, no ipywidgets."""

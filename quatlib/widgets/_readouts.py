"""Readout HTML in a few words: lines of a readout, monospace numbers, a labelled row of numbers, boxes under panels.

A demo's readout is a short HTML text beside its controls (the browser lays text out for free; text drawn in the
figure costs a redraw).  These helpers keep a ``draw`` function's readout to one expression::

    return lines(f"θ = {fmt(theta, 0)}°", f"q = {code(fmt_vector(q))}", note("q and −q: the same turn"))
"""

from __future__ import annotations

import ipywidgets as W
import numpy as np

from ..plot import COLORS
from ._base import fmt

__all__ = ["lines", "code", "mono", "note", "number_row", "cells", "fmt_complex", "check", "panel_boxes"]


def lines(*rows: str, height: float = 1.6) -> str:
    """The rows of a readout, one per line (empty rows left out), in a ``div`` of line height ``height``.

    >>> lines("θ = 30°", "", "cos θ = 0.8660")
    "<div style='line-height:1.6'>θ = 30°<br>cos θ = 0.8660</div>"
    """
    return f"<div style='line-height:{height}'>" + "<br>".join(r for r in rows if r) + "</div>"


def code(text: str) -> str:
    """Monospace numbers that never break across lines.

    >>> code("(1, 0)")
    "<code style='white-space:nowrap'>(1, 0)</code>"
    """
    return f"<code style='white-space:nowrap'>{text}</code>"


def mono(text: str) -> str:
    """A block of monospace lines kept as written (``\\n`` breaks a line), for numbers under a panel.

    >>> mono("a\\nb")
    "<div style='font-family:monospace;white-space:pre;line-height:1.45'>a\\nb</div>"
    """
    return f"<div style='font-family:monospace;white-space:pre;line-height:1.45'>{text}</div>"


def note(text: str, color: str = COLORS["note"]) -> str:
    """A side remark in grey (``quatlib.plot.COLORS["note"]``, or ``color``).

    >>> note("first 2,000 frames", color="#6b6b6b")
    "<span style='color:#6b6b6b'>first 2,000 frames</span>"
    """
    return f"<span style='color:{color}'>{text}</span>"


def check(ok: bool, text: str) -> str:
    """``✓ text`` when ``ok``, else ``✗ text``.

    >>> check(True, "pure"), check(False, "pure")
    ('✓ pure', '✗ pure')
    """
    return f"{'✓' if ok else '✗'} {text}"


def number_row(names, values, colors) -> str:
    """Named numbers in a small table, each name above its value in its colour (e.g. ``w x y z`` of a quaternion).

    >>> number_row("wx", ["+1.0000", "0"], ["#000", "#d62728"]).count("<td")
    4
    """
    head = "".join(f"<td style='padding:0 8px;text-align:right;color:{c}'>{n}</td>"
                   for n, c in zip(names, colors, strict=True))
    body = "".join(f"<td style='padding:0 8px;text-align:right'><code>{v}</code></td>" for v in values)
    return f"<table style='font-family:monospace;margin-left:6px'><tr>{head}</tr><tr>{body}</tr></table>"


def cells(texts, width: float, *, font_size: int = 12, line_height: float = 1.3) -> str:
    """A row of equal cells, ``width`` px each, one text in each: the captions under a row of equal panels.

    >>> cells(["left", "right"], 250).count("width:250px")
    2
    """
    cell = f"<div style='width:{width:.0f}px;padding:0 8px;box-sizing:border-box'>"
    return (f"<div style='display:flex;font-size:{font_size}px;line-height:{line_height};color:{COLORS['ink']}'>"
            + "".join(f"{cell}{text}</div>" for text in texts) + "</div>")


def panel_boxes(widths, *, min_height: str | None = None) -> list:
    """One empty HTML box under each panel, ``widths`` in pixels (whole pixels: ``254.9`` is 254): set ``.value``.

    Live numbers and notes go under the figure as HTML because the browser draws
    text for free, while text in the figure costs every repaint.  ``min_height``
    (CSS, e.g. ``"2.6em"``: two lines) keeps a box as tall when its note shrinks
    to one line or none, so nothing under it jumps.  Show them in a row with
    ``Demo(..., below=[W.HBox(boxes)])``.

    >>> [box.layout.width for box in panel_boxes([350, 254.9])]
    ['350px', '254px']
    """
    return [W.HTML(layout=W.Layout(width=f"{int(w)}px", padding="0 0 0 12px", min_height=min_height))
            for w in widths]


def fmt_complex(z, digits: int = 3) -> str:
    """A complex number as the course prints it: ``0.866 + 0.500i``, never ``− 0.000i``.

    >>> fmt_complex(np.exp(1j * np.pi / 6)), fmt_complex(-1e-17 - 1j, 2)
    ('0.866 + 0.500i', '0.00 − 1.00i')
    """
    re, im = float(np.real(z)), float(np.imag(z))
    sign = "−" if float(fmt(im, digits)) < 0 else "+"
    return f"{fmt(re, digits)} {sign} {fmt(abs(im), digits)}i"

"""The machinery every demo stands on: a figure shown live, controls, one update path.

A demo is a :class:`Demo`: an ipywidgets box holding a figure view, the
controls and a readout.  Data flows one way: controls → model → artists → pixels.

How to write a demo
-------------------
A demo is two short pieces, read with ``ql.widgets.hello_cube??``:

1. **The model** (``quatlib/models/<demo>.py``, numpy and quatlib math only, no
   matplotlib, no ipywidgets, tested on its own): a function that takes the
   control values as keyword arguments and returns a frozen dataclass, the
   demo's *state*::

       @dataclass(frozen=True)
       class CubeState:
           R: np.ndarray        # (3, 3) rotation matrix
           q: np.ndarray        # (4,) quaternion (w, x, y, z)

       def cube_state(yaw, pitch, roll) -> CubeState:
           return CubeState(R=matrix_from_euler(yaw, pitch, roll, degrees=True), ...)

2. **The factory** (``quatlib/widgets/_<demo>.py``): build the figure and its
   artists, the controls, and a ``draw(demo, state)`` that moves the artists
   (``demo.items[name].set_data(...)``) and returns the readout HTML; then
   declare everything in one call::

       return Demo("hello_cube", fig, controls, model=cube_state, draw=draw,
                   items={"cube": cube, "frame": frame}, scenes=[scene])

On every change the demo calls ``state = model(yaw=..., pitch=..., ...)``
(every control value by name) and ``draw(demo, state)``, then repaints the *same* figure; ``demo.state`` is the
latest state drawn.  A view turn (slider, mouse or ``demo.set(view_azim=...)``) draws that state again from the
new view, without running the model: labels a draw places are placed for the view the learner sees.
Everything a test or a learner may look at is declared in the constructor:
``demo.controls``, ``demo.items`` (artists and live widgets by name),
``demo.buttons`` (extra buttons and widgets by name, shown under the controls),
``demo.state``.  Nothing is attached afterwards.

Code outside this module uses only public methods of a demo:

- a button handler moves controls with ``demo.set(name=value)`` (one repaint)::

      reset = W.Button(description="reset")
      demo = Demo(..., buttons={"reset": reset})
      reset.on_click(lambda _: demo.set(yaw=0, pitch=0, roll=0))

- ``demo.set(name=value, quiet=True)`` moves a control *without* running the
  update again (for a draw that keeps two controls in step);
- ``with demo.hold(): ...`` batches changes into one repaint, and
  ``demo.refresh()`` inside it asks for a repaint when the block ends (for a
  change the model sees that is not a control, e.g. a list of nudges);
- ``demo.guard(name, allowed)`` keeps a control that works only in some states
  (the belt's untangling, at 720°) where it is: a script's move is put back
  before the update.

An exception in the model or the draw never reaches the learner as a
traceback: the readout explains, the last good picture stays, and the
exception is kept in ``demo.last_error`` and ``demo.errors``.

Figure transport
----------------
``transport="image"`` (the default) keeps one Agg figure and sends it as a PNG
into an ``ipywidgets.Image``: one kernel→browser message per update, no extra
round trip, and :func:`quatlib.plot.render_png` redraws only the moving artists
over a cached background.  ``transport="ipympl"`` shows the same figure on an
ipympl canvas instead; it needs the
ipympl front-end extension but not ``%matplotlib widget``.  Chosen by
measurement when the course began (benchmarks/bench_browser_latency.py,
JupyterLab 4.6 + headless Chromium on the 2-core CI machine, under load from
other jobs): slider key → repainted figure for ``hello_cube`` took a median of
72-79 ms (p95 132-154 ms) with "image" and 183 ms (p95 487 ms) with "ipympl".
Since then the image transport got faster (a cached background in layers, PNG
bands): about 40 ms median over every slider of the course on a quiet machine,
and 4-13 ms of the kernel's CPU per update; benchmarks/README.md has the
latest numbers of both.

A slider dragged in the browser is painted just after the kernel has answered
each of its messages (a callback on the kernel's event loop), not while it
handles it: ipywidgets sends a dragged slider's next value only once the kernel
has answered the last one, so the next value is on its way while this one is
drawn, and values that arrive before a paint starts are painted together.  A
lone change (a click, one key press, the first value of a drag: no other
browser change in the quarter second before it) and a change made in code (a
cell, :meth:`Demo.set`, a test) are painted at once, which brings a lone
change's figure soonest.

On both transports a drag with the mouse across a 3D panel turns the view
(``_Orbit``; the image transport gets the mouse events from ipyevents, no
JavaScript of the course's own): the press must land in a 3D panel (a drag over
a 2D chart turns nothing), :func:`quatlib.models.orbit.view_from_drag` turns the
pixels moved into a view, and the view sliders move with it (they stay, for
keyboard users; moving them still turns the view).  The view sliders go by whole
degrees, so a drag turns the view a degree (two figure pixels) at a time, not in
visible jumps.  Moves that arrive while a repaint runs are merged: only the latest
view is painted.

Every demo also carries a PNG of its figure as last painted (when a notebook shows
it: its initial state) and a one-line text in its
output (see :meth:`Demo._repr_mimebundle_`), so a saved notebook shows a picture
on GitHub or nbviewer, and nbval compares a stable text.

No demo touches global state: each owns its figure, artists and controls, so
Restart & Run All and running cells out of order both work.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import html
import time
import warnings
from types import SimpleNamespace

import ipywidgets as W
import numpy as np
from IPython import get_ipython

from .. import plot as qp
from .._numbers import fmt, fmt_vector
from .._validate import as_number, as_numbers
from ..models.orbit import view_from_drag
from . import _projector

__all__ = ["Demo", "slider", "angle_slider", "player", "control_style", "labelled", "colored", "fmt", "fmt_sci",
           "fmt_vector", "fmt_matrix", "setup", "still_world"]

TRANSPORTS = ("image", "ipympl")

# Every control of every demo: the description column fits the longest label ("mirror angle φ (°)", "axis
# elevation (°)": 113 px in JupyterLab's font; at 105 px they were cut to "axis elevation…").
_CONTROL_WIDTH = "345px"
_DESCRIPTION_WIDTH = "120px"


def setup(precision: int = 4) -> None:
    """Prepare a notebook for the course: print numbers the way the course shows them.

    Sets numpy's print options to ``precision=4, suppress=True`` (``0.7071``, never
    ``0.70710678`` or ``2.22e-16``).  The live figures need no matplotlib backend
    switch (they are ipywidgets), so the kernel's backend is left alone and static
    ``pyplot`` figures stay inline.  Safe to call anywhere, also outside IPython,
    and more than once.  The first cell of every notebook is::

        import quatlib as ql; ql.widgets.setup()

    >>> import numpy as np, quatlib as ql
    >>> ql.widgets.setup()
    >>> np.array([2 ** -0.5, 2.2e-16])
    array([0.7071, 0.    ])
    """
    np.set_printoptions(precision=precision, suppress=True)


# --------------------------------------------------------------------------------------
# Formatting helpers for readouts (HTML, monospace numbers)
# --------------------------------------------------------------------------------------


def fmt_sci(x: float, digits: int = 1) -> str:
    """A number in scientific notation as HTML: ``4.1e-04`` as ``4.1·10<sup>-4</sup>``, ``0`` as ``0``.

    >>> fmt_sci(4.1378e-4)
    '4.1·10<sup>-4</sup>'
    """
    x = float(x)
    if x == 0:
        return "0"
    m, e = f"{x:.{digits}e}".split("e")
    return f"{m}·10<sup>{int(e)}</sup>"


def colored(text: str, color: str) -> str:
    """``text`` in bold and ``color``, for a readout (HTML; ``text`` is inserted as it is)."""
    return f"<b style='color:{color}'>{text}</b>"


def fmt_matrix(R, digits: int = 3) -> str:
    """A small matrix as an HTML table of right-aligned monospace numbers."""
    rows = "".join(
        "<tr>" + "".join(f"<td style='padding:0 6px;text-align:right'>{fmt(x, digits)}</td>" for x in row) + "</tr>"
        for row in np.asarray(R)
    )
    bar = f"1px solid {qp.COLORS['faint']}"
    return (f"<table style='font-family:monospace;border-left:{bar};border-right:{bar};"
            f"border-collapse:separate;display:inline-table;vertical-align:middle'>{rows}</table>")


def control_style(**style) -> dict:
    """The keyword arguments that give a control the width and label column of every course control.

    ``W.Dropdown(options=..., description="normalize every", **control_style())``;
    extra ``style`` entries are added (``control_style(button_width="70px")``).

    >>> control_style()["style"]
    {'description_width': '120px'}
    """
    return {"style": {"description_width": _DESCRIPTION_WIDTH, **style}, "layout": W.Layout(width=_CONTROL_WIDTH)}


def labelled(text: str, widget) -> W.HBox:
    """``widget`` (a ``Play``, a row of buttons) with a label in the controls' label column, aligned with them."""
    label = W.HTML(f"<span style='display:inline-block;width:{_DESCRIPTION_WIDTH};text-align:right;"
                   f"padding-right:8px'>{html.escape(text)}</span>")
    return W.HBox([label, widget])


def _check_range(what: str, lo: float, hi: float, value) -> None:
    """Raise ValueError unless ``value`` is a finite number with ``lo <= value <= hi``: a slider's value, checked
    before ipywidgets would move it to the nearest end in silence.  What is not a finite number (a string, None,
    NaN) is refused by the validation gate (:func:`quatlib._validate.as_number`).

    >>> _check_range("yaw (°)", -180, 180, "30")
    Traceback (most recent call last):
    ...
    ValueError: Expected yaw (°), a finite real number, got '30'
    """
    if not lo <= as_number(value, what) <= hi:
        raise ValueError(f"Expected {what} from {lo:g} to {hi:g}, got {value!r}")


def slider(description: str, value: float, lo: float = 0.0, hi: float = 1.0, step: float = 0.01, *,
           readout_format: str | None = None, parameter: str | None = None, **kwargs) -> W.FloatSlider:
    """A labelled slider of the course's width that updates continuously while dragged.

    Arrow keys move it by ``step``, the readout can be typed into, and the ends
    ``lo`` and ``hi`` are reachable exactly.  The readout shows as many decimals
    as ``step`` has (``0.01`` → ``.2f``) unless ``readout_format`` says otherwise.
    A starting ``value`` outside ``[lo, hi]`` (or NaN) is an error, not moved to
    the nearest end in silence: a demo made with ``yaw=1e9`` would show 180°.
    A demo factory whose parameter is not named by the label passes its name as
    ``parameter``, so that the error names what the learner typed, as
    :meth:`Demo.set` does.

    >>> s = slider("blend t", 0.5)
    >>> s.min, s.max, s.step, s.readout_format
    (0.0, 1.0, 0.01, '.2f')
    >>> slider("blend t", 1.5)
    Traceback (most recent call last):
    ...
    ValueError: Expected blend t from 0 to 1, got 1.5
    >>> slider("blend t", 1.5, parameter="t")
    Traceback (most recent call last):
    ...
    ValueError: Expected t (the slider "blend t") from 0 to 1, got 1.5
    """
    _check_range(description if parameter is None else _slider_named(parameter, description), lo, hi, value)
    if readout_format is None:
        decimals = 0 if float(step).is_integer() else len(f"{float(step):f}".rstrip("0").split(".")[1])
        readout_format = f".{decimals}f"
    return W.FloatSlider(value=value, min=lo, max=hi, step=step, description=description, continuous_update=True,
                         readout=True, readout_format=readout_format, **control_style(), **kwargs)


def player(control, steps: int = 100, *, interval: int = 40, **kwargs) -> W.Play:
    """A ``Play`` button that runs the slider ``control`` from its min to its max in ``steps`` steps.

    The two stay in step both ways: playing moves the slider (and so updates
    the demo), moving the slider moves the play position, so playing resumes
    from where the slider is.  Create it before the :class:`Demo`.

    >>> t = slider("t", 0.25)
    >>> play = player(t, 100)
    >>> play.value
    25
    >>> play.value = 50
    >>> t.value
    0.5
    >>> t.value = 0.15000000000000002   # between two steps: the play follows, and leaves the slider where it is
    >>> play.value, t.value
    (15, 0.15000000000000002)
    """
    lo, hi = control.min, control.max

    def step_of(value: float) -> int:
        return round((value - lo) / (hi - lo) * steps)

    def follow_play(change) -> None:  # only a step the slider is not on moves it: no second update, no snapping
        if step_of(control.value) != change["new"]:
            control.value = lo + (hi - lo) * change["new"] / steps

    play = W.Play(value=step_of(control.value), min=0, max=steps, step=1, interval=interval, **kwargs)
    play.observe(follow_play, names="value")
    control.observe(lambda change: setattr(play, "value", step_of(change["new"])), names="value")
    return play


def _slider_named(parameter: str, description: str) -> str:
    """How an error names a slider's value: by the parameter typed, then the label shown (``angle (the slider
    "turn (°)")``)."""
    return f'{parameter} (the slider "{description}")'


def _check_value(name: str, control, value) -> None:
    """Raise ValueError unless ``control`` (a slider or a choice) can take ``value`` as it is (see :meth:`Demo.set`)."""
    if isinstance(control, (W.FloatSlider, W.IntSlider)):
        _check_range(_slider_named(name, control.description), control.min, control.max, value)
    elif isinstance(control, (W.SelectionSlider, W.Dropdown, W.ToggleButtons, W.RadioButtons)):
        choices = [option[1] if isinstance(option, tuple) else option for option in control.options]  # (label, value)
        if value not in choices:
            raise ValueError(f"Expected {name} in {tuple(choices)}, got {value!r}")


def angle_slider(description: str, value: float = 0.0, lo: float = -180.0, hi: float = 180.0, step: float = 1.0,
                 **kwargs) -> W.FloatSlider:
    """A :func:`slider` for an angle in degrees (whole degrees, or one decimal for a fractional ``step``).

    Pitch reaches ±90° exactly.

    >>> angle_slider("yaw (°)", 30).readout_format
    '.0f'
    """
    return slider(description, value, lo, hi, step, readout_format=".0f" if float(step).is_integer() else ".1f",
                  **kwargs)


def still_world(*scenes) -> None:
    """Draw the scenes' world axes into the cached background: they move only when the view turns.

    Their arrows are in the lowest band (``Z.WORLD``), under everything that moves,
    so the picture stays the same; only where a moving line crosses a letter x, y
    or z is the line now on top (a few pixels).  A control then draws three arrows
    and three letters fewer per panel; a view turn draws them once.  Letters kept
    off moving lines (:meth:`quatlib.plot.Frame.keep_letters_off`, the gimbal's)
    move with them: they are drawn with the moving artists, the arrows stay.

    >>> import quatlib as ql
    >>> fig, scenes = ql.plot.panels(2)
    >>> still_world(*scenes)
    >>> [scene.world.static for scene in scenes]
    [True, True]
    """
    for scene in scenes:
        scene.world.static = True


# --------------------------------------------------------------------------------------
# Figure views (transports)
# --------------------------------------------------------------------------------------


def _from_browser() -> bool:
    """Whether the kernel is handling a widget message from the browser now (not a cell, a script or a test).

    Such a message is a ``comm_msg`` (a slider moved, a button clicked); the
    kernel's current request says so.  Outside a kernel there is none.

    >>> _from_browser()
    False
    """
    kernel = getattr(get_ipython(), "kernel", None)
    if kernel is None or not hasattr(kernel, "get_parent"):
        return False
    return (kernel.get_parent() or {}).get("header", {}).get("msg_type") == "comm_msg"


class _ImageView:
    """A persistent Agg figure rendered to PNG into an ``ipywidgets.Image``."""

    def __init__(self, fig):
        self.fig = fig
        w, h = (fig.get_size_inches() * fig.dpi).round().astype(int)
        self.widget = W.Image(format="png", layout=W.Layout(width=f"{w}px", height=f"{h}px", flex="0 0 auto"))
        self.png = b""

    def refresh(self) -> None:
        self.png = qp.render_png(self.fig)
        self.widget.value = self.png

    def snapshot(self) -> bytes:
        return self.png or qp.render_png(self.fig)

    def connect_orbit(self, orbit: "_Orbit") -> None:
        """Feed mouse presses, moves and releases on the image to ``orbit`` (via ipyevents, no JavaScript of ours).

        The pointer's position comes from ipyevents' ``relativeX``/``relativeY``
        (CSS pixels from the image's top left) scaled by the figure's size over
        the displayed size (``boundingRectWidth``/``Height``): the PNG is drawn
        at the figure's dpi, so this is the figure pixel under the pointer
        however the image is scaled.  (ipyevents' ``dataX``/``dataY`` use the
        image's natural size, which reads 0 while a new PNG is being decoded:
        measured in Chromium, mid-drag.)  Matplotlib counts ``y`` from the
        bottom.  A move with no button held ends a drag whose release happened
        outside the image.
        """
        from ipyevents import Event

        width, height = self.fig.bbox.width, self.fig.bbox.height

        def handle(event):
            kind = event.get("type")
            shown_w, shown_h = float(event.get("boundingRectWidth", 0)), float(event.get("boundingRectHeight", 0))
            if shown_w <= 0 or shown_h <= 0 or "relativeX" not in event:
                return
            x = float(event["relativeX"]) * width / shown_w
            y = height - float(event["relativeY"]) * height / shown_h
            if kind == "mousedown" and event.get("button") == 0:
                orbit.press(x, y)
            elif kind == "mouseup":
                orbit.release(x, y)
            elif kind == "mousemove" and not int(event.get("buttons", 0)) & 1:  # released outside the image
                orbit.release()
            elif kind == "mousemove":
                orbit.move(x, y)

        self.events = Event(source=self.widget, watched_events=["mousedown", "mousemove", "mouseup"],
                            prevent_default_action=True, throttle_or_debounce="throttle",
                            wait=orbit.MOVE_INTERVAL_MS)
        self.events.on_dom_event(handle)


class _IpymplView:
    """The figure on an ipympl canvas (mouse events reach matplotlib)."""

    def __init__(self, fig):
        from ipympl.backend_nbagg import Canvas, FigureManager

        self.fig = fig
        self.canvas = Canvas(fig)
        with warnings.catch_warnings():  # ipympl's own toolbar trips a traitlets deprecation warning
            warnings.simplefilter("ignore", DeprecationWarning)
            self.manager = FigureManager(self.canvas, 0)
        self.canvas.header_visible = False
        self.canvas.footer_visible = False
        self.canvas.toolbar_visible = False
        self.canvas.resizable = False
        self.canvas.capture_scroll = False
        self.widget = self.canvas

    def refresh(self) -> None:
        self.canvas.draw_idle()

    def snapshot(self) -> bytes:
        return qp.render_png(self.fig)

    def connect_orbit(self, orbit: "_Orbit") -> None:
        """Feed matplotlib's mouse events on the canvas (display pixels, ``y`` up) to ``orbit``."""
        self.canvas.mpl_connect("button_press_event",
                                lambda e: orbit.press(e.x, e.y) if e.button == 1 and e.x is not None else None)
        self.canvas.mpl_connect("button_release_event", lambda e: orbit.release(e.x, e.y))
        self.canvas.mpl_connect("motion_notify_event", lambda e: orbit.move(e.x, e.y) if e.x is not None else None)


class _Orbit:
    """Drag to orbit: a press in a 3D panel, moves, a release; the view sliders follow.

    Positions are figure pixels (matplotlib's display coordinates: ``y`` up).
    A press outside every scene's axes (a 2D chart of a mixed figure, the
    margin) starts nothing.  Each move computes the view from the press
    (:func:`~quatlib.models.orbit.view_from_drag`: from where the drag started,
    so a dropped move loses nothing) and asks for a paint; paints are deferred
    by :data:`COALESCE_S` on the kernel's event loop, so the moves that queued
    up while the last repaint ran are merged and only the latest view is
    painted.  Without a running event loop (a script, a test) each move paints
    at once.  The release paints its own position and ends the drag (a move
    throttled in the browser may arrive after it: no drag, it is ignored).
    """

    COALESCE_S = 0.003  # long enough for the kernel to read the messages that queued up during a repaint
    # The browser sends at most one move per MOVE_INTERVAL_MS (ipyevents' throttle, which keeps the last move):
    # a mouse reports every ~16 ms, and every message costs the kernel its handling even when merged.  40 ms: with
    # the view on whole degrees (round 30) the figure follows at 19-25 updates/s, against 16-19 at 45 and 50 ms, and
    # the lag's tail varied as much from run to run as between them; 30 ms made the tail worse when the machine
    # slowed (benchmarks/README.md)
    MOVE_INTERVAL_MS = 40

    def __init__(self, demo: "Demo"):
        self.demo = demo
        self.drag = None  # (x0, y0, azim0, elev0) while the button is held
        self.target = None  # the view the latest move asks for, not yet painted
        self.pending = False  # a paint is scheduled

    def press(self, x: float, y: float) -> bool:
        """Start a drag if ``(x, y)`` is in a 3D panel; returns whether it started."""
        if not any(s.ax.bbox.contains(x, y) for s in self.demo.scenes):
            self.drag = None
            return False
        c = self.demo.view_controls
        self.drag = (float(x), float(y), c["view_azim"].value, c["view_elev"].value)
        return True

    def move(self, x: float, y: float) -> None:
        """The mouse is at ``(x, y)``: turn the view there (when a drag is on)."""
        if self.drag is None:
            return
        x0, y0, azim0, elev0 = self.drag
        azim = self.demo.view_controls["view_azim"]
        elev = self.demo.view_controls["view_elev"]
        self.target = view_from_drag((azim0, elev0), x - x0, y - y0, step=azim.step,
                                     azim_range=(azim.min, azim.max), elev_range=(elev.min, elev.max))
        if self.pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script, a test): paint now
            self.paint()
            return
        self.pending = True
        loop.call_later(self.COALESCE_S, self.paint)

    def release(self, x=None, y=None) -> None:
        """End the drag (at ``(x, y)`` if known: that position is painted)."""
        if self.drag is not None and x is not None and y is not None:
            self.move(x, y)
        self.drag = None

    def paint(self) -> None:
        """Move the view sliders to the latest target and repaint once (nothing when the view is already there)."""
        self.pending = False
        target, self.target = self.target, None
        c = self.demo.view_controls
        if target is None or target == (c["view_azim"].value, c["view_elev"].value):
            return
        self.demo.set(view_azim=target[0], view_elev=target[1])  # one repaint, now (this runs after the reply)


# --------------------------------------------------------------------------------------
# The demo panel: light and framed in any theme; names for the Play widget's icon-only buttons
# --------------------------------------------------------------------------------------

#: The CSS class of every demo box (see :func:`panel_style`).
PANEL_CLASS = "ql-demo"

#: What a screen reader says for each of the ``ipywidgets.Play`` buttons, by the Font Awesome icon ipywidgets 8
#: draws on it (its buttons carry no text, title or aria-label of their own).
PLAY_BUTTON_NAMES = {"fa-play": "play", "fa-pause": "pause", "fa-stop": "stop", "fa-retweet": "repeat"}
# The glyphs of those icons in the Font Awesome 4 that JupyterLab 4 ships: drawn as before, but with empty
# alternative text (CSS ``content: glyph / ""``), so a private-use character is not read out with the name.
_PLAY_GLYPHS = {"fa-play": "\\f04b", "fa-pause": "\\f04c", "fa-stop": "\\f04d", "fa-retweet": "\\f079"}

# The light theme's values of the JupyterLab variables the widgets' own CSS reads (ipywidgets 8, JupyterLab 4).
# Set on the panel, they hold for every control inside it, whichever theme the page has.
_LIGHT_THEME = {
    "--jp-layout-color0": "#ffffff", "--jp-layout-color1": "#ffffff", "--jp-layout-color2": "#eeeeee",
    "--jp-layout-color3": "#bdbdbd", "--jp-border-color1": "#bdbdbd", "--jp-border-color2": "#e0e0e0",
    "--jp-ui-font-color0": "#000000", "--jp-ui-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-ui-font-color2": "rgba(0, 0, 0, 0.54)", "--jp-content-font-color1": "rgba(0, 0, 0, 0.87)",
    "--jp-inverse-ui-font-color0": "#ffffff", "--jp-inverse-ui-font-color1": "#ffffff",
    "--jp-widgets-color": qp.COLORS["ink"], "--jp-widgets-label-color": qp.COLORS["ink"],
    "--jp-widgets-readout-color": qp.COLORS["ink"], "--jp-widgets-input-color": qp.COLORS["ink"],
    "--jp-widgets-input-background-color": "#ffffff", "--jp-widgets-input-border-color": "#9e9e9e",
    "--jp-widgets-slider-handle-background-color": "#ffffff", "--jp-widgets-slider-handle-border-color": "#9e9e9e",
}


def panel_style() -> W.HTML:
    """A hidden widget holding the style sheet of the demo panel (every :class:`Demo` carries one).

    The panel is deliberately light: white background, ink text and a thin frame
    (:data:`quatlib.plot.COLORS` ``panel``, ``ink``, ``frame``), and inside it the
    controls get the light theme's colours.  So figures (drawn on white) and
    readouts stay legible in JupyterLab's dark theme, and the demo reads as one
    framed object in either theme.  The sheet also gives each icon-only button of
    an ``ipywidgets.Play`` an accessible name (:data:`PLAY_BUTTON_NAMES`) as
    visually hidden generated text, which browsers include in a button's name,
    and the icon glyph empty alternative text (it is a private-use character).

    It also keeps those buttons at least as wide as their icon.  ipywidgets gives
    a button's icon a right margin meant for a label after it (only its
    ``center`` class, which the Play view never sets, drops it), and lets the
    Play's buttons shrink with its box while their text overflow is an ellipsis:
    in a Play narrower than its icons (a fixed ``Layout(width=...)`` under the
    projector's larger type) each button drew a clipped "…", a stray "." after
    the icon.  Here the icon has no margin and neither a button nor the Play
    gets narrower than its content.

    >>> "ql-demo" in panel_style().value
    True
    """
    c = qp.COLORS
    light = "".join(f"{k}:{v};" for k, v in _LIGHT_THEME.items())
    names = "".join(f".{PANEL_CLASS} .widget-play button:has(.{icon})::after{{content:'{name}'}}"
                    f".{PANEL_CLASS} .widget-play .{icon}::before{{content:'{_PLAY_GLYPHS[icon]}' / ''}}"
                    for icon, name in PLAY_BUTTON_NAMES.items())
    css = (f".{PANEL_CLASS}{{background:{c['panel']};color:{c['ink']};border:1px solid {c['frame']};"
           f"border-radius:4px;padding:6px;{light}}}"
           f".{PANEL_CLASS} .widget-play button{{position:relative}}"
           f".{PANEL_CLASS} .widget-play button::after{{position:absolute;width:1px;height:1px;overflow:hidden;"
           f"clip-path:inset(50%);white-space:nowrap}}{names}"
           f".{PANEL_CLASS} .widget-play{{min-width:max-content}}"
           f".{PANEL_CLASS} .widget-play button{{min-width:max-content}}"
           f".{PANEL_CLASS} .widget-play button i.fa{{margin-right:0}}")
    return W.HTML(f"<style>{css}</style>", layout=W.Layout(display="none"))


# --------------------------------------------------------------------------------------
# Demo
# --------------------------------------------------------------------------------------


class Demo(W.HBox):
    """A live demo: figure on the left, controls and readout on the right.

    Parameters
    ----------
    name : str
        The factory's name (shown in the notebook's text fallback).
    fig : matplotlib.figure.Figure
        The one figure, created by the factory, updated in place.
    controls : dict[str, ipywidgets.ValueWidget]
        Named controls; their values are passed to ``model`` by name.
    model : callable(**values) -> state
        Computes the demo's state from the control values (numpy only; see
        :mod:`quatlib.models`).
    draw : callable(demo, state) -> str | None
        Moves the artists in ``demo.items`` to show ``state`` and returns the
        readout HTML (or None to leave it).
    items : dict[str, object]
        The artists and live widgets ``draw`` moves, by name (``demo.items``).
    scenes : sequence of quatlib.plot.Scene
        The 3D scenes; when given, view controls (azimuth, elevation, reset) turn
        them all together, and so does a mouse drag across any of them (see
        "Figure transport" in the module docstring).
    buttons : dict[str, ipywidgets.Widget]
        Extra buttons and widgets (a ``Play``, a row of buttons) shown under the
        controls, by name (``demo.buttons``).  Their handlers change the demo
        through :meth:`set` or :meth:`hold` + :meth:`refresh`.
    transport : {"image", "ipympl"}
        How the figure reaches the browser (see module docstring).
    description : str
        One line used as the plain-text fallback of the widget output.
    extra : sequence of ipywidgets.Widget
        Shown in the side column, under the buttons.
    below : sequence of ipywidgets.Widget
        Shown under the figure (e.g. live numbers per panel: HTML costs the
        figure nothing to redraw, text drawn in the figure does).
    view : (float, float), optional
        Initial view (azimuth, elevation) of every scene; "reset view" returns to it.

    Attributes
    ----------
    state : object
        The latest state drawn (what ``model`` returned); None before the first
        successful update.
    last_error, errors : Exception or None, list of Exception
        The exception of the last update (None when it worked), and all of them.
    timings : list of float
        Seconds per repaint (model + draw + PNG), for benchmarks.

    Examples
    --------
    A demo of one's own, in the shape of every course demo: the model (the
    math, numpy only, testable without a widget), the draw (moves the artists,
    returns the readout) and the controls, declared in one call.

    >>> import ipywidgets as W
    >>> import quatlib as ql
    >>> def model(angle):  # the state: x turned by angle about y
    ...     return ql.rotate_vector(ql.quaternion_from_axis_angle([0, 1, 0], angle, degrees=True), [1, 0, 0])
    >>> def draw(demo, tip):
    ...     demo.items["arrow"].set_data(tip)
    ...     return f"x turned: its z is {tip[2]:.2f}"
    >>> fig, (scene,) = ql.plot.panels(1)
    >>> slider = W.FloatSlider(value=0, min=-180, max=180, description="angle (°)")
    >>> demo = Demo("spin", fig, {"angle": slider}, model=model, draw=draw,
    ...             items={"arrow": ql.plot.Arrow(scene)}, scenes=[scene])
    >>> demo.set(angle=90).state  # 90° about y takes x to -z
    array([ 0.,  0., -1.])
    >>> demo.readout.value
    'x turned: its z is -1.00'
    >>> demo.set(angle=500)  # a value the slider cannot take: refused, nothing moves
    Traceback (most recent call last):
    ...
    ValueError: Expected angle (the slider "angle (°)") from -180 to 180, got 500
    """

    def __init__(self, name, fig, controls, *, model, draw, items=None, scenes=(), buttons=None, transport="image",
                 description="", extra=(), below=(), view=None):
        if transport not in TRANSPORTS:
            raise ValueError(f"Expected transport in {TRANSPORTS}, got {transport!r}")
        if not (callable(model) and callable(draw)):
            raise ValueError(f"Expected a callable model and draw, got model={model!r}, draw={draw!r}")
        self.name = name
        self.figure = fig
        self.controls = dict(controls)
        self.scenes = list(scenes)
        self.items = dict(items or {})
        self.buttons = dict(buttons or {})
        self.state = None
        self._model = model
        self._draw = draw
        self.description = description
        self.transport = transport
        _projector.prepare_figure(fig)
        self.view = _ImageView(fig) if transport == "image" else _IpymplView(fig)
        self.readout = W.HTML(layout=W.Layout(width=_CONTROL_WIDTH))
        self.last_error: BaseException | None = None
        self.errors: list[BaseException] = []
        self.timings: list[float] = []
        self._hold = 0
        self._quiet = 0
        self._dirty = False
        self._view_dirty = False
        self._paint_scheduled = False  # a paint of changes from the browser waits on the event loop
        self._last_browser_change = -np.inf  # time.perf_counter() of the last change from the browser

        self.view_controls = {}
        view_box = []
        if self.scenes:
            if view is not None:
                view = tuple(as_numbers(view, 2, "view (azimuth, elevation) in degrees").tolist())
            azim0, elev0 = view or self.scenes[0].view
            self._home_view = (azim0, elev0)
            self.view_controls = {
                "view_azim": angle_slider("view turn (°)", azim0, -180, 180, 1),
                "view_elev": angle_slider("view tilt (°)", elev0, -90, 90, 1),
            }
            reset = W.Button(description="reset view", tooltip="back to the default view",
                             layout=W.Layout(width="110px"))
            reset.on_click(lambda _: self.reset_view())
            self.reset_view_button = reset
            view_box = [W.HTML(f"<span style='color:{qp.COLORS['note']}'>Turn the view:</span>"),
                        *self.view_controls.values(), reset]
            for c in self.view_controls.values():
                c.observe(self._on_view, names="value")
            if view is not None:
                for s in self.scenes:
                    s.set_view(*view)
            self._orbit = _Orbit(self)
            self.view.connect_orbit(self._orbit)

        for c in self.controls.values():
            c.observe(self._on_control, names="value")

        side = W.VBox([*self.controls.values(), *self.buttons.values(), *extra, self.readout, *view_box,
                       panel_style()], layout=W.Layout(flex="0 1 auto", padding="0 0 0 8px"))
        figure_box = W.VBox([self.view.widget, *below], layout=W.Layout(flex="0 0 auto")) if below else self.view.widget
        super().__init__([figure_box, side], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.add_class(PANEL_CLASS)  # a light, framed panel in any theme (panel_style)
        _projector.arrange(self, figure_box, side)
        self.refresh()

    # -- values and updates ------------------------------------------------------------
    @property
    def values(self) -> SimpleNamespace:
        """The current control values as attributes (``values.pitch``)."""
        return SimpleNamespace(**{k: c.value for k, c in self.controls.items()})

    def set(self, quiet: bool = False, **values) -> "Demo":
        """Set several controls (or view controls) at once and repaint once; returns the demo (for chaining).

        With ``quiet=True`` the controls move but nothing is recomputed or
        repainted: for a ``draw`` or a handler that keeps a control in step with
        the state it is drawing (the next update reads the new value).  A value
        the control cannot take is an error, as when the demo is made: a number
        off a slider (NaN, or beyond an end, which ipywidgets would move to
        that end in silence), or a choice a control does not offer.

        >>> import quatlib as ql
        >>> ql.widgets.hello_cube().set(yaw=400)
        Traceback (most recent call last):
        ...
        ValueError: Expected yaw (the slider "yaw (°)") from -180 to 180, got 400
        """
        unknown = set(values) - set(self.controls) - set(self.view_controls)
        if unknown:
            raise ValueError(f"Expected control names among {sorted(self.controls) + sorted(self.view_controls)}, "
                             f"got {sorted(unknown)}")
        for k, v in values.items():
            _check_value(k, self.controls.get(k) or self.view_controls[k], v)
        if quiet:
            self._quiet += 1
            try:
                for k, v in values.items():
                    (self.controls.get(k) or self.view_controls[k]).value = v
            finally:
                self._quiet -= 1
            return self
        with self.hold():
            for k, v in values.items():
                (self.controls.get(k) or self.view_controls[k]).value = v
        return self

    @contextlib.contextmanager
    def hold(self):
        """Batch changes: repaint once when the outermost ``with`` block ends.

        Calling :meth:`refresh` inside the block asks for that repaint even when
        no control changed.
        """
        self._hold += 1
        try:
            yield self
        finally:
            self._hold -= 1
            if self._hold == 0:
                self._paint_marked()

    def _on_control(self, change) -> None:
        if self._quiet:
            return
        if self._hold or not self._in_a_drag():
            self.refresh()
        else:
            self._dirty = True
            self._paint_after_reply()

    def _on_view(self, change) -> None:
        if self._quiet:
            return
        if self._hold:
            self._view_dirty = True
        elif self._in_a_drag():
            self._view_dirty = True
            self._paint_after_reply()
        else:
            self._update(view_only=True)

    #: Seconds: a change from the browser that follows the last one within this is part of a drag (a dragged
    #: slider sends a value per round trip, 40-200 ms apart here; a held arrow key about 30 a second).
    DRAG_GAP = 0.25

    def _in_a_drag(self) -> bool:
        """Whether this change is a slider being dragged in the browser: a browser message soon after another.

        A lone change (a click, one key press, the first value of a drag) is
        painted at once, inside the kernel's handler of its message: nothing
        follows it, and the figure comes soonest that way.  Measured in
        JupyterLab (notebook 01, one key press at a time, nine alternating pairs
        of runs, quiet and loaded), painting it after the reply instead made the
        median 15-50 ms later in seven pairs; in the other two it was 5 ms
        earlier and the same.
        The values that follow within :attr:`DRAG_GAP` are painted after the
        reply (see :meth:`_paint_after_reply`).
        """
        if not _from_browser():
            return False
        now, last = time.perf_counter(), self._last_browser_change
        self._last_browser_change = now
        return now - last < self.DRAG_GAP

    def _paint_after_reply(self) -> None:
        """A control moved in the browser: paint as soon as the kernel has answered the message, not while.

        ipywidgets keeps one message in flight per widget: while a slider is
        dragged, the browser sends its next value only when the kernel reports
        that it has handled the last one.  Painting inside the handler made every
        frame of a drag wait for the paint *and* a round trip.  Painting just
        after it (a callback on the kernel's event loop) lets the next value
        travel while this one is drawn; changes that arrive before the paint
        starts are painted together, at their latest values.
        """
        if self._paint_scheduled:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop runs the kernel: paint now
            self._paint_changes()
            return
        self._paint_scheduled = True
        loop.call_soon(self._paint_changes)

    def _paint_changes(self) -> None:
        """Paint what changed since the last paint (see :meth:`_paint_after_reply`)."""
        self._paint_scheduled = False
        if not self._hold:  # else the end of the hold paints
            self._paint_marked()

    def _paint_marked(self) -> None:
        """Paint what is marked: the model and the draw after a control, only the draw after a view turn."""
        if self._dirty:
            self._update(view_only=False)
        elif self._view_dirty:
            self._update(view_only=True)

    def reset_view(self) -> None:
        """Back to the default view."""
        with self.hold():
            self.view_controls["view_azim"].value = self._home_view[0]
            self.view_controls["view_elev"].value = self._home_view[1]
            self._view_dirty = True

    def refresh(self) -> None:
        """Read the controls, run the update (model → draw) and repaint.

        Inside :meth:`hold` it only marks the demo for a repaint when the block
        ends.  An exception in the update never reaches the learner as a
        traceback: the readout explains, the last good picture stays, and the
        exception is kept in :attr:`last_error` (tests assert it stays ``None``).
        """
        if self._hold:
            self._dirty = True
            return
        self._update(view_only=False)

    def _update(self, view_only: bool) -> None:
        """Turn the scenes to the view controls, run model → draw (a view turn: only draw) and repaint.

        A view turn draws the latest state again without running the model (after a
        failed update, or before the first, it runs the model as well): what
        a draw places on the screen (labels kept apart, names beside rings) is
        placed for the new view, so turning by slider, by mouse or with
        :meth:`set` gives the same picture.  A draw whose placing is all done
        by items (which the turn itself places again) returns at once
        (``if not demo.changed(s)``: :meth:`changed`).
        """
        self._dirty = self._view_dirty = False
        t0 = time.perf_counter()
        try:
            if self.view_controls:
                azim = self.view_controls["view_azim"].value
                elev = self.view_controls["view_elev"].value
                for s in self.scenes:
                    if s.view != (azim, elev):
                        s.set_view(azim, elev)
            if view_only and self.state is not None and self.last_error is None:
                state = self.state  # the view turned: the same state, drawn for the new view
            else:
                state = self._model(**vars(self.values))
            text = self._draw(self, state)
            self.state = state
            self.last_error = None
        except Exception as exc:  # noqa: BLE001 - shown to the learner, kept for tests
            self.last_error = exc
            self.errors.append(exc)
            self.readout.value = (
                f"<div style='color:{qp.COLORS['warn']}'><b>This state could not be drawn.</b><br>"
                f"{html.escape(type(exc).__name__)}: {html.escape(str(exc))}<br>"
                "Move a control to continue; please report this state.</div>"
            )
            return
        if text is not None:
            self.readout.value = text
        self._paint(t0)

    def _paint(self, t0=None) -> None:
        t0 = time.perf_counter() if t0 is None else t0
        self.view.refresh()
        self.timings.append(time.perf_counter() - t0)

    # -- pictures ----------------------------------------------------------------------
    def snapshot(self) -> bytes:
        """The figure as it is now, as PNG bytes (for saving or a static copy)."""
        return self.view.snapshot()

    def save(self, path) -> None:
        """Write the current figure to a PNG file."""
        with open(path, "wb") as f:
            f.write(qp.render_png(self.figure))

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, plus a PNG of the figure and one line of text for viewers without a kernel.

        JupyterLab with a kernel shows the widget; GitHub, nbviewer and nbconvert
        show the PNG.  The text is stable (no ids, no numbers), so nbval can compare it.
        """
        data = super()._repr_mimebundle_(**kwargs) or {}
        data["text/plain"] = f"{self.name}: {self.description} (a live widget: run the notebook to use it)"
        data["image/png"] = base64.b64encode(self.snapshot()).decode("ascii")
        return data

    # -- wiring that demos share ---------------------------------------------------------
    def changed(self, state, *fields: str) -> bool:
        """Whether ``state`` differs from the state drawn last in any of ``fields`` (True for the first draw).

        For a ``draw`` that redraws a part only when what that part shows has
        changed (a path that depends on the two ends, not on ``t``)::

            if demo.changed(s, "keys", "lerp"):
                ...  # the paths

        With no ``fields``, every field of the state counts: it is False when a
        view turn draws the state drawn last again.  A draw whose every
        view-dependent part is an item that places itself when the scene turns
        (names of :class:`~quatlib.plot.PlacedLabels`, letters kept off lines)
        can then return at once: turning the scene has already projected and
        placed all of them, from the same data::

            if not demo.changed(s):
                return None  # only the view turned: the readout stays

        Numbers, strings and arrays compare by value; any other field (a cached
        run, a path the model keeps for the same inputs) by identity, so a model
        that hands back the same object for the same inputs spares the redraw.

        >>> import quatlib as ql
        >>> from quatlib.models.turret import turret_state
        >>> demo = ql.widgets.turret(yaw_a=150, pitch_a=10, yaw_b=-150, pitch_b=40, t=0.5)
        >>> later = turret_state(150, 10, -150, 40, t=0.9)   # the same keys, further on
        >>> demo.changed(later, "keys", "lerp"), demo.changed(later, "t")
        (False, True)
        >>> demo.changed(demo.state), demo.changed(later)   # every field: the state drawn last, another
        (False, True)
        """
        last = self.state
        names = fields or [f.name for f in dataclasses.fields(state)]
        return last is None or not all(_same(getattr(last, f), getattr(state, f)) for f in names)

    def guard(self, name: str, allowed) -> None:
        """Keep control ``name`` where it is while ``allowed(demo.values)`` is false.

        For a control that works only in some states (the belt's untangling, at
        720° only): a learner finds it disabled there (the draw disables it), and
        a move by a script is put back, quietly, before the demo updates, so the
        update draws the state as it was.  The guard is observed before the
        demo's own update (traitlets calls observers in the order they were added).

        >>> import quatlib as ql
        >>> demo = ql.widgets.belt_trick(turn=360)
        >>> demo.controls["untangle"].value = 0.5   # refused: untangling works at 720° only
        >>> demo.controls["untangle"].value, demo.state.untangle
        (0.0, 0.0)
        """
        control, putting_back = self.controls[name], []

        def put_back(change):
            if not putting_back and not allowed(self.values):
                putting_back.append(True)
                try:
                    self.set(quiet=True, **{name: change["old"]})
                finally:
                    putting_back.clear()

        control.unobserve(self._on_control, names="value")
        for handler in (put_back, self._on_control):
            control.observe(handler, names="value")


def _same(a, b) -> bool:
    """Whether :meth:`Demo.changed` counts ``a`` and ``b`` as the same: equal numbers (Python's or numpy's),
    strings or arrays, else one object."""
    if a is b:
        return True
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.array_equal(a, b)
    return isinstance(a, (str, int, float, np.number, np.bool_)) and a == b

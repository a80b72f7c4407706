"""Drag to orbit: quatlib.models.orbit.view_from_drag, and demos fed the mouse events their figure views receive.

The image transport gets its events from ipyevents (dicts with ``type``, ``dataX``/``dataY`` in the image's natural
pixels from the top left, ``button``, ``buttons``); here they are fed to the ``ipyevents.Event`` widget the way its
comm would.  The ipympl transport gets matplotlib's mouse events.  tests/browser/test_orbit.py drags a figure in
JupyterLab.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from matplotlib.backend_bases import MouseEvent

from quatlib import course
from quatlib import plot as qp
from quatlib import widgets as qw
from quatlib.models.orbit import DEGREES_PER_PIXEL, view_from_drag


@pytest.fixture(autouse=True)
def no_running_event_loop():
    """Run each test as a script runs: no asyncio loop set as running in this thread.

    Playwright's sync API (the browser tests, which run first in one ``make test`` session) leaves its loop set
    as the main thread's running loop although nothing runs it between calls; a drag step would then wait on
    that loop for its repaint forever.  The merging test starts its own loop with ``asyncio.run``.
    """
    left_over = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield
    asyncio._set_running_loop(left_over)

STEPS = st.sampled_from([1.0, 5.0])  # the view sliders' step (1°), and a coarser grid
AZIM = st.integers(-180, 180)  # on the view sliders' grid of whole degrees, like a slider value
ELEV = st.integers(-90, 90)
PIXELS = st.floats(-5000, 5000, allow_nan=False)


# -- the mapping ------------------------------------------------------------------------------------------------------

@given(STEPS, AZIM, ELEV, PIXELS, PIXELS)
def test_the_view_stays_inside_the_sliders_ranges_and_on_their_grid(step, azim0, elev0, dx, dy):
    azim0, elev0 = step * round(azim0 / step), step * round(elev0 / step)
    azim, elev = view_from_drag((azim0, elev0), dx, dy, step=step)
    assert -180 <= azim <= 180 and -90 <= elev <= 90
    assert azim % step == 0 and elev % step == 0


def test_the_default_step_is_the_view_sliders_step():
    controls = qw.hello_cube().view_controls
    default = view_from_drag.__kwdefaults__["step"]
    assert controls["view_azim"].step == controls["view_elev"].step == default == 1.0


@given(st.floats(-180, 180), st.floats(-90, 90))
def test_no_drag_keeps_the_view_exactly_also_off_the_grid(azim0, elev0):
    assert view_from_drag((azim0, elev0), 0, 0) == (azim0, elev0)


@given(AZIM, ELEV, st.floats(-300, 300))
def test_a_horizontal_drag_turns_the_azimuth_by_half_a_degree_per_pixel_modulo_a_turn(azim0, elev0, dx):
    azim, elev = view_from_drag((azim0, elev0), dx, 0)
    turn = round(-DEGREES_PER_PIXEL * dx)  # whole degrees
    assert elev == elev0
    assert (azim - azim0 - turn) % 360 == 0


def test_drag_right_turns_the_front_of_the_scene_right_and_drag_up_turns_it_up():
    front = np.array([0.0, 0.0, 1.0])  # the point nearest to the viewer at azimuth = elevation = 0
    screen = lambda view: qp.Camera(*view).project(front)[0]  # noqa: E731 - (x right, y up) on screen
    assert screen(view_from_drag((0, 0), 40, 0))[0] > 0  # moved right with the hand
    assert screen(view_from_drag((0, 0), -40, 0))[0] < 0
    assert screen(view_from_drag((0, 0), 0, 40))[1] > 0  # moved up with the hand
    assert screen(view_from_drag((0, 0), 0, -40))[1] < 0


def test_closed_form_anchors():
    assert view_from_drag((35, 20), 40, 0) == (15.0, 20.0)
    assert view_from_drag((170, 20), -40, 0) == (-170.0, 20.0)  # wraps round at ±180°
    assert view_from_drag((35, 80), 0, -60) == (35.0, 90.0)  # clamped over the pole
    assert view_from_drag((35, 22), 0, -1) == (35.0, 22.0)  # half a degree is not yet a turn (half to even)
    assert view_from_drag((35, 22), 0, -3) == (35.0, 24.0)  # 1.5° is: 2°
    assert view_from_drag((35, 22), 0, -4, step=5) == (35.0, 22.0)  # 2° is less than half a 5° step: no turn
    assert view_from_drag((0, 0), -10, 0, degrees_per_pixel=1.0, step=1.0) == (10.0, 0.0)


def test_bad_input_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="Expected finite"):
        view_from_drag((np.nan, 0), 1, 1)
    with pytest.raises(ValueError, match="Expected finite"):
        view_from_drag((0, 0), np.inf, 1)
    with pytest.raises(ValueError, match="Expected finite"):
        view_from_drag((0, 0, 0), 1, 1)
    with pytest.raises(ValueError, match="positive"):
        view_from_drag((0, 0), 1, 1, step=0)
    with pytest.raises(ValueError, match="span 360"):
        view_from_drag((0, 0), 1, 1, azim_range=(-90, 90))


# -- demos fed synthetic mouse events ---------------------------------------------------------------------------------

def send(demo, kind, x, y, *, buttons=1, scale=1.0, **extra):
    """An ipyevents message for a mouse event at figure pixel ``(x, y)`` (``y`` up, as matplotlib counts), the
    image shown at ``scale`` times its natural size."""
    w, h = demo.figure.bbox.width, demo.figure.bbox.height
    event = {"type": kind, "relativeX": round(scale * x), "relativeY": round(scale * (h - y)),
             "boundingRectWidth": scale * w, "boundingRectHeight": scale * h, "dataX": round(x),
             "dataY": round(h - y), "button": 0, "buttons": buttons, "altKey": False, "ctrlKey": False,
             "metaKey": False, "shiftKey": False, **extra}
    demo.view.events._handle_mouse_msg(None, event, [])


def centre(ax):
    return ax.bbox.x0 + ax.bbox.width / 2, ax.bbox.y0 + ax.bbox.height / 2


def view(demo):
    return demo.view_controls["view_azim"].value, demo.view_controls["view_elev"].value


def scene_views(demo):
    return {(s.view) for s in demo.scenes}


def test_the_image_listens_for_presses_moves_and_releases_without_the_browsers_image_drag():
    events = qw.hello_cube().view.events
    assert events.watched_events == ["mousedown", "mousemove", "mouseup"]
    assert events.prevent_default_action  # else the browser drags a ghost of the PNG
    assert (events.throttle_or_debounce, events.wait) == ("throttle", 40)  # at most 25 moves/s reach the kernel


def test_a_drag_turns_the_view_moves_the_sliders_and_repaints_once_per_step():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    before, n = d.snapshot(), len(d.timings)
    send(d, "mousedown", x, y)
    for k in range(1, 11):  # 80 px right, 40 px down, in 10 moves
        send(d, "mousemove", x + 8 * k, y - 4 * k)
    send(d, "mouseup", x + 80, y - 40, buttons=0)
    assert view(d) == view_from_drag((35, 22), 80, -40) == (-5.0, 42.0)
    assert scene_views(d) == {(-5.0, 42.0)}
    steps = len(d.timings) - n
    assert 1 <= steps <= 10  # moves merged into one paint, or one each: never more paints than moves
    assert d.snapshot() != before and d.last_error is None
    d.view_controls["view_azim"].value = 60  # the sliders still turn it
    assert scene_views(d) == {(60.0, 42.0)}


def test_an_image_shown_smaller_than_its_pixels_maps_the_pointer_back_to_figure_pixels():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    send(d, "mousedown", x, y, scale=0.5)
    send(d, "mouseup", x + 80, y - 40, buttons=0, scale=0.5)  # 40 CSS px right, 20 down: 80 and 40 figure pixels
    assert view(d) == view_from_drag((35, 22), 80, -40)


def test_regression_a_move_while_the_next_png_decodes_does_not_jump_the_view():
    # In Chromium, mid-drag, ipyevents reported dataX = dataY = 0 (the <img>'s natural size reads 0 while a new
    # PNG decodes): the view jumped to (140°, -90°) for one frame.  The position comes from relativeX/Y instead.
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    send(d, "mousedown", x, y)
    send(d, "mousemove", x + 20, y, dataX=0, dataY=0)
    assert view(d) == (25, 22)


def test_a_hidden_image_reports_no_position_and_turns_nothing():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    send(d, "mousedown", x, y)
    send(d, "mousemove", x + 100, y, scale=0.0)
    assert view(d) == (35, 22)


def test_moves_without_a_press_and_a_release_without_a_press_change_nothing():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    n = len(d.timings)
    send(d, "mousemove", x + 100, y, buttons=0)
    send(d, "mousemove", x + 100, y, buttons=1)  # pressed outside the image, then moved onto it
    send(d, "mouseup", x + 50, y, buttons=0)
    assert view(d) == (35, 22) and len(d.timings) == n


def test_a_release_outside_the_image_ends_the_drag_at_the_next_move_without_a_button():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)
    send(d, "mousedown", x, y)
    send(d, "mousemove", x + 40, y)
    assert view(d) == (15, 22)
    send(d, "mousemove", x + 60, y, buttons=0)  # back over the image with the button up: the drag is over
    assert view(d) == (15, 22)  # where the button went up is not known: the view stays
    send(d, "mousemove", x + 200, y, buttons=1)
    assert view(d) == (15, 22)


def test_a_press_on_a_2d_chart_of_a_mixed_figure_turns_nothing():
    d = qw.slerp_vs_nlerp()
    scene_axes = {s.ax for s in d.scenes}
    chart = next(ax for ax in d.figure.axes if ax not in scene_axes)
    x, y = centre(chart)
    assert not any(s.ax.bbox.contains(x, y) for s in d.scenes)
    n, before = len(d.timings), view(d)
    send(d, "mousedown", x, y)
    send(d, "mousemove", x + 150, y + 80)
    send(d, "mouseup", x + 150, y + 80, buttons=0)
    assert view(d) == before and len(d.timings) == n


def test_fast_moves_queued_during_a_repaint_are_merged_and_the_last_is_painted():
    d = qw.hello_cube()
    x, y = centre(d.scenes[0].ax)

    async def drag():  # the kernel's comm handlers run on its event loop, like this
        send(d, "mousedown", x, y)
        for k in range(1, 31):
            send(d, "mousemove", x - 8 * k, y)
        await asyncio.sleep(0.05)
        return len(d.timings)

    n = len(d.timings)
    assert asyncio.run(drag()) == n + 1
    assert view(d) == view_from_drag((35, 22), -240, 0) == (155.0, 22.0)


def test_a_drag_during_play_leaves_no_error_and_no_stuck_state():
    d = qw.slerp_vs_nlerp()
    play = d.items["play"]
    x, y = centre(d.scenes[0].ax)
    send(d, "mousedown", x, y)
    for k in range(1, 6):
        play.value = min(play.max, play.value + 7)  # Play ticks between the moves
        send(d, "mousemove", x + 20 * k, y)
    send(d, "mouseup", x + 100, y, buttons=0)
    assert d.last_error is None
    assert view(d) == view_from_drag((d._home_view[0], d._home_view[1]), 100, 0)
    send(d, "mousemove", x + 300, y)  # after the release moves turn nothing
    assert view(d) == view_from_drag((d._home_view[0], d._home_view[1]), 100, 0)


def test_the_ipympl_transport_uses_the_same_mapping():
    d = qw.hello_cube(transport="ipympl")
    canvas = d.figure.canvas
    x, y = centre(d.scenes[0].ax)
    for name, px, py in (("button_press_event", x, y), ("motion_notify_event", x - 30, y + 20),
                         ("button_release_event", x - 30, y + 20)):
        canvas.callbacks.process(name, MouseEvent(name, canvas, px, py, button=1))
    assert view(d) == view_from_drag((35, 22), -30, 20) == (50.0, 12.0)


@pytest.mark.parametrize("name", course.demo_names())
def test_every_3d_demo_turns_with_a_drag_in_each_of_its_panels(name):
    d = getattr(qw, name)()
    if not d.scenes:
        assert not hasattr(d.view, "events")  # a 2D demo listens to no mouse
        return
    for scene in d.scenes:
        azim0, elev0 = view(d)
        x, y = centre(scene.ax)
        send(d, "mousedown", x, y)
        send(d, "mousemove", x + 60, y + 30)
        send(d, "mouseup", x + 60, y + 30, buttons=0)
        assert view(d) == view_from_drag((azim0, elev0), 60, 30) != (azim0, elev0)
        assert scene_views(d) == {view(d)} and d.last_error is None

"""quatlib.widgets: the Demo machinery (declared model and draw, set/hold/quiet, errors, transports) and the
demos of notebooks 00-02.

tests/test_demos.py drives every control of every demo; the demos of notebooks 03-08 have their own files
(tests/test_widgets_*.py).  Fast: no browser, Agg only (tests/browser drives the same demos in JupyterLab).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import re

import ipywidgets as W
import matplotlib
import matplotlib.collections
import matplotlib.lines
import matplotlib.transforms
import numpy as np
import pytest
from demo_helpers import SIDE_VIEWS, buttons, line_under

import quatlib as ql
from quatlib import course
from quatlib import widgets as qw
from quatlib.models.hello import CubeState


def button(demo, description):
    """The button of ``demo`` labelled ``description``."""
    return next(b for b in buttons(demo) if b.description == description)


def test_pitch_reaches_exactly_plus_minus_90():
    for factory in (qw.hello_cube, qw.gimbal):
        pitch = factory().controls["pitch"]
        assert (pitch.min, pitch.max) == (-90, 90)
        assert (90 - pitch.min) / pitch.step == int((90 - pitch.min) / pitch.step)


def test_factories_take_initial_values_and_set_batches_updates():
    d = qw.hello_cube(yaw=10, pitch=-20, roll=30)
    assert (d.values.yaw, d.values.pitch, d.values.roll) == (10, -20, 30)
    n = len(d.timings)
    d.set(yaw=40, pitch=50, roll=60)
    assert len(d.timings) == n + 1  # one repaint for three changes
    with pytest.raises(ValueError, match="control names"):
        d.set(wobble=1)


def test_demos_are_independent():
    a, b = qw.hello_cube(), qw.hello_cube()
    a.set(yaw=90)
    assert b.values.yaw == 0 and a.figure is not b.figure


def test_hello_cube_moves_the_cube_with_the_math():
    d = qw.hello_cube()
    cube = next(i for i in d.scenes[0].items if isinstance(i, ql.plot.Cube))
    d.set(yaw=90, pitch=0, roll=0)
    np.testing.assert_allclose(cube.R, ql.matrix_from_euler(90, 0, 0, degrees=True))
    v0 = cube.vertices.copy()
    d.set(pitch=45)
    assert not np.allclose(cube.vertices, v0)
    np.testing.assert_allclose(cube.R, ql.matrix_from_euler(90, 45, 0, degrees=True))


def test_view_controls_turn_every_scene_and_reset():
    d = qw.order_matters()
    d.set(view_azim=-60, view_elev=45)
    assert all(s.view == (-60, 45) for s in d.scenes)
    d.reset_view()
    assert all(s.view == ql.plot.DEFAULT_VIEW for s in d.scenes)


VIEW_DEMOS = [d.name for d, _ in course.demos() if getattr(qw, d.name)().view_controls]


@pytest.mark.parametrize("name", VIEW_DEMOS)
def test_a_view_turn_by_slider_draws_what_set_draws(name):
    """Turning the view with the sliders (or the mouse, which moves them) gives the picture ``set`` gives: the
    state is drawn again for the new view (labels placed for it), and the model does not run again."""
    by_slider, by_set = getattr(qw, name)(), getattr(qw, name)()
    calls = []
    model = by_slider._model
    by_slider._model = lambda **values: calls.append(values) or model(**values)
    for azim, elev in ((-120, 30), (60, -60), (150, 90)):
        by_slider.view_controls["view_azim"].value = azim
        by_slider.view_controls["view_elev"].value = elev
        by_set.set(view_azim=azim)
        by_set.set(view_elev=elev)
        assert by_slider.snapshot() == by_set.snapshot(), (name, azim, elev)
    by_slider.reset_view()
    assert calls == [] and by_slider.last_error is None


def test_set_of_the_view_alone_does_not_run_the_model():
    d = qw.gimbal()
    calls = []
    model = d._model
    d._model = lambda **values: calls.append(values) or model(**values)
    d.set(view_azim=-60, view_elev=45)
    assert calls == [] and all(s.view == (-60, 45) for s in d.scenes)
    d.set(pitch=30, view_azim=0)
    assert len(calls) == 1


def test_rotation_2d_matrix_and_complex_agree():
    d = qw.rotation_2d(point=(1.0, 0.5))
    for theta in (-180, -45, 0, 30, 90, 137, 180):
        d.set(theta=theta)
        np.testing.assert_allclose(d.state.matrix, d.state.complex, atol=1e-12)
        assert d.state.cos == pytest.approx(np.cos(np.radians(theta)))
        assert d.state.theta == theta
        assert "✓ the same point" in d.readout.value


def test_complex_composition_order_does_not_matter():
    d = qw.complex_composition(alpha=30, beta=60)
    assert d.state.alpha_then_beta == pytest.approx(1j, abs=1e-12)
    d.set(alpha=-135, beta=170)
    assert d.state.alpha_then_beta == pytest.approx(d.state.beta_then_alpha, abs=1e-12)
    assert "order does not matter" in d.readout.value


def test_complex_composition_names_an_arrow_drawn_on_the_result_once_with_both_names():
    d = qw.complex_composition(alpha=-180, beta=0)
    left = d.items["left_names"].labels
    assert left["first"].text == "" and left["result"].text == "eⁱᵅ =\neⁱ⁽ᵅ⁺ᵝ⁾"
    right = d.items["right_names"].labels
    assert right["first"].text == "eⁱᵝ" and right["result"].text == "eⁱ⁽ᵅ⁺ᵝ⁾"
    d.set(beta=30)
    assert d.items["left_names"].labels["first"].text == "eⁱᵅ"


@pytest.mark.parametrize("pitch", [90, -90])
def test_gimbal_lock_is_explained_not_raised(pitch):
    d = qw.gimbal(yaw=20, pitch=0, roll=10)
    assert d.state.rank == 3 and d.scenes[0].note == ""
    d.set(pitch=pitch)
    assert d.last_error is None
    assert d.state.rank == 2
    assert d.state.alignment == pytest.approx(1.0)  # roll axis along the yaw axis
    assert "gimbal lock" in d.scenes[0].note
    assert "Gimbal lock" in d.readout.value and "degrees of freedom lost: <b>1</b>" in d.readout.value
    assert d.scenes[0].title == "R = Ry(yaw) · Rx(pitch) · Rz(roll)"  # fixed: the cached background stays valid
    assert d.items["shared"].points.shape == (2, 3)  # the common axle is drawn


def test_every_slider_turns_its_own_ring_and_at_the_lock_the_pitch_ring_folds_into_the_yaw_ring():
    d = qw.gimbal(yaw=0, pitch=0, roll=0)
    rings = d.items["rings"]
    for name, a, b, moved in [("yaw", 0, 90, 0), ("pitch", 45, 89, 1), ("roll", 0, 90, 2)]:
        before = [r.copy() for r in (d.set(**{name: a}), rings.rings)[1]]
        d.set(**{name: b})
        assert not np.allclose(rings.rings[moved], before[moved], atol=1e-3), name  # its own ring turned
        for k in range(moved):  # the rings outside it did not
            np.testing.assert_allclose(rings.rings[k], before[k], atol=1e-12)
        d.set(**{name: 0})
    for pitch in (90, -90):
        d.set(yaw=30, pitch=pitch, roll=60)
        outer_normal = d.state.R_outer @ [0, 0, 1]
        np.testing.assert_allclose(rings.rings[1] @ outer_normal, 0, atol=1e-12)  # one plane
        np.testing.assert_allclose(abs(d.state.R @ [0, 0, 1] @ [0, 1, 0]), 1, atol=1e-12)  # roll axle on y
    assert d.items["shared"].points.shape == (2, 3)
    d.set(pitch=89)
    assert len(d.items["shared"].points) == 0


def test_gimbal_world_letters_keep_clear_of_the_pivot_stubs_in_every_view():
    """Notebook 02's gimbal wrote the world "y" under the outer ring's pivot stub at the top of the picture, in the
    default view and most others (the stub lies on the world y axis), and "x" by the middle ring's stub at the
    right.  In the default view and every side view, at rest and at the lock, no world letter touches a stub, a
    ring, an axle or the lock's band; nor the cube's edges or arrows, but for the letter of an axis pointing at the
    viewer, which sits at the centre, inside the cube, with nowhere clear beside its tip."""
    d = qw.gimbal()
    scene = d.scenes[0]
    world = scene.world
    lines = [a for item in (d.items["rings"], d.items["shared"]) for a in item.artists
             if isinstance(a, matplotlib.lines.Line2D)]
    body = [a for item in (d.items["cube"], d.items["frame"]) for a in item.artists
            if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection))]
    renderer = d.figure.canvas.get_renderer()
    problems = []
    for pitch in (0, 90, -90):
        for azim, elev in [scene.view, *SIDE_VIEWS]:
            d.set(pitch=pitch, view_azim=azim, view_elev=elev)
            for k, arrow in enumerate(world.arrows):
                box = arrow.label_box(renderer)
                at_viewer = abs(scene.camera.toward[k]) > 0.95
                problems += [f"pitch {pitch}, view ({azim:g}, {elev:g}): {arrow.label!r} on a line"
                             for line in (lines if at_viewer else lines + body)
                             if line.get_visible() and line_under(line, box)]
        d.reset_view()
    assert d.last_error is None and not problems, "\n".join(problems[:20])


def test_gimbal_ring_names_keep_off_every_line_in_every_view():
    """The names "yaw", "pitch" and "roll" sat on lines the rings' names did not avoid: the rings' dashed axes, the
    cube's arrows and edges, the world's axes ("roll" at the centre at pitch -90° from azimuth -120°), and, at the
    lock, on the outer ring (no spot just out from the middle ring is free there).  In the default view and every side
    view, at rest, near the lock and at both locks, no name touches a line the picture draws."""
    d = qw.gimbal()
    scene = d.scenes[0]
    lines = [a for item in (d.items["rings"], d.items["shared"], d.items["cube"], d.items["frame"], scene.world)
             for a in item.artists if isinstance(a, (matplotlib.lines.Line2D, matplotlib.collections.LineCollection))]
    problems = []
    for pitch in (0, 75, 90, -90):
        for azim, elev in [scene.view, *SIDE_VIEWS]:
            d.set(pitch=pitch, view_azim=azim, view_elev=elev)
            for label in d.items["ring_names"].labels:
                (x0, y0), (x1, y1) = label.pixel_box()
                box = matplotlib.transforms.Bbox.from_extents(x0, y0, x1, y1)
                problems += [f"pitch {pitch}, view ({azim:g}, {elev:g}): {label.text!r} on a line"
                             for line in lines if line.get_visible() and line_under(line, box)]
        d.reset_view()
    assert d.last_error is None and not problems, f"{len(problems)} names on lines:\n" + "\n".join(problems[:20])


def test_sweep_gimbal_style_also_works():
    d = qw.gimbal(style="sweep", pitch=90)
    assert d.last_error is None and d.state.rank == 2


def test_order_matters_results_differ():
    d = qw.order_matters()
    Ryx, Rxy = d.state.finals
    Ry, Rx = ql.matrix_from_euler(90, 0, 0, degrees=True), ql.matrix_from_euler(0, 90, 0, degrees=True)
    np.testing.assert_allclose(Ryx, Ry @ Rx, atol=1e-12)
    assert not d.state.same


def test_euler_vs_quaternion_same_orientation_but_angles_jump():
    d = qw.euler_vs_quaternion(start=(0, 45, 0), step=15)  # one +pitch nudge at the start: 60°
    np.testing.assert_allclose(d.state.euler, [0, 60, 0], atol=1e-9)
    for _ in range(3):  # 60 → 75 → 90 → 105: over the top
        button(d, "+pitch (own x)").click()
    assert d.last_error is None
    R_euler = ql.matrix_from_euler(*d.state.euler, degrees=True)
    np.testing.assert_allclose(R_euler, ql.matrix_from_quaternion(d.state.q), atol=1e-9)
    assert d.state.jump >= 170  # yaw and roll flipped by 180°
    np.testing.assert_allclose(np.abs(d.state.euler), [180, 75, 180], atol=1e-9)
    button(d, "reset").click()
    np.testing.assert_allclose(d.state.euler, [0, 60, 0], atol=1e-9)


def test_euler_vs_quaternion_buttons_all_work():
    d = qw.euler_vs_quaternion()
    for b in buttons(d):
        before = d.snapshot()
        b.click()
        assert d.last_error is None, b.description
        if b.description != "reset":
            assert d.snapshot() != before, b.description


def test_euler_vs_quaternion_keeps_the_world_letters_off_the_preview_arc_in_the_prose_s_steps():
    d = qw.euler_vs_quaternion()
    button(d, "reset").click()
    for _ in range(13):  # notebook 02: "reset and press "+yaw" thirteen times"
        button(d, "+yaw (own y)").click()
    d.snapshot()
    assert ql.plot.labels_on_ink(d.figure) == []  # the preview arc swung through "y" in both panels


def test_an_error_in_the_model_is_shown_not_raised_and_the_last_picture_stays():
    fig, (scene,) = ql.plot.panels(1)
    cube = ql.plot.Cube(scene)

    def model(angle):
        if angle > 90:
            raise RuntimeError("deliberate")
        return ql.matrix_from_euler(angle, 0, 0, degrees=True)

    def draw(demo, R):
        demo.items["cube"].set_data(R)
        return f"yaw {demo.values.angle:.0f}"

    d = qw.Demo("broken", fig, {"angle": W.FloatSlider(min=-180, max=180)}, model=model, draw=draw,
                items={"cube": cube})
    d.set(angle=45)
    good_state, good_png = d.state, d.snapshot()
    d.set(angle=120)
    assert isinstance(d.last_error, RuntimeError) and len(d.errors) == 1
    assert "could not be drawn" in d.readout.value and "deliberate" in d.readout.value
    assert d.state is good_state and d.snapshot() == good_png  # the last good state and picture stay
    d.set(angle=10)
    assert d.last_error is None and d.readout.value == "yaw 10"


def test_a_demo_is_declared_with_a_model_and_a_draw_only():
    fig, _ = ql.plot.panels(1)
    with pytest.raises(TypeError, match="model"):
        qw.Demo("nothing", fig, {})
    with pytest.raises(TypeError, match="positional"):  # the old one-callback form Demo(name, fig, controls, update)
        qw.Demo("update", fig, {}, lambda values: "")
    with pytest.raises(ValueError, match="Expected a callable model and draw"):
        qw.Demo("no draw", fig, {}, model=lambda: None, draw=None)


def test_declared_demo_has_state_items_and_buttons_from_the_constructor():
    d = qw.hello_cube(yaw=90)
    assert isinstance(d.state, CubeState)
    assert set(d.items) == {"cube", "frame"} and d.buttons == {}
    d.set(pitch=30)
    np.testing.assert_allclose(d.state.R, ql.matrix_from_euler(90, 30, 0, degrees=True))


def test_set_quiet_moves_a_control_without_an_update():
    d = qw.hello_cube()
    n, png, state = len(d.timings), d.snapshot(), d.state
    d.set(yaw=40, quiet=True)
    assert d.values.yaw == 40 and len(d.timings) == n and d.state is state and d.snapshot() == png
    d.refresh()  # the next update reads the moved control
    np.testing.assert_allclose(d.state.R, ql.matrix_from_euler(40, 0, 0, degrees=True))


def test_a_draw_keeps_a_control_in_step_quietly_without_re_entering_the_update():
    fig, (scene,) = ql.plot.panels(1)
    calls = []

    def model(angle, mirror):
        calls.append((angle, mirror))
        return ql.matrix_from_euler(angle, 0, 0, degrees=True)

    def draw(demo, R):
        demo.items["cube"].set_data(R)
        demo.set(mirror=-demo.values.angle, quiet=True)  # e.g. a Play widget following its slider

    reset = W.Button(description="reset")
    controls = {"angle": W.FloatSlider(min=-180, max=180), "mirror": W.FloatSlider(min=-180, max=180)}
    d = qw.Demo("in_step", fig, controls, model=model, draw=draw, items={"cube": ql.plot.Cube(scene)},
                buttons={"reset": reset})
    reset.on_click(lambda _: d.set(angle=0))
    calls.clear()
    d.set(angle=30)
    assert calls == [(30, 0)] and d.values.mirror == -30 and d.last_error is None
    reset.click()
    assert calls == [(30, 0), (0, -30)] and d.values.mirror == 0
    assert d.buttons == {"reset": reset} and reset in d.children[1].children


def test_refresh_inside_hold_repaints_once_when_the_block_ends():
    d = qw.hello_cube()
    n = len(d.timings)
    with d.hold():
        d.refresh()
        d.refresh()
        assert len(d.timings) == n
    assert len(d.timings) == n + 1


def test_a_slider_dragged_in_the_browser_is_painted_after_each_message_at_its_latest_value(monkeypatch):
    """A lone change from the browser is painted at once; the changes that follow it within Demo.DRAG_GAP (a
    drag) are painted on the event loop, right after the kernel has answered (so the browser can send the next
    value meanwhile), and two changes before that paint give one paint of the latest values."""
    from quatlib.widgets import _base

    d = qw.hello_cube()
    monkeypatch.setattr(_base, "_from_browser", lambda: True)
    # DRAG_GAP wide: the moves below count as a drag however long the comparison picture between them takes to
    # build on a busy machine (the pause further down is made by moving the last change back by the gap)
    d.DRAG_GAP = 30.0
    n = len(d.timings)

    async def drag():  # the kernel's comm handlers run on its event loop, like this
        d.controls["yaw"].value = 10  # the first value: nothing came before it, painted at once
        first = d.snapshot()
        assert len(d.timings) == n + 1 and first == qw.hello_cube(yaw=10).snapshot()
        d.controls["yaw"].value = 20  # the drag goes on: painted after the reply
        d.controls["yaw"].value = 40
        d.view_controls["view_azim"].value = 10
        assert len(d.timings) == n + 1 and d.snapshot() == first  # nothing painted while the messages are handled
        await asyncio.sleep(0)
        assert len(d.timings) == n + 2  # one paint, of the latest values
        d.view_controls["view_azim"].value = 30  # a view turn alone: the same state drawn from the new view
        await asyncio.sleep(0)

    # on a new loop in a thread of its own: in the whole suite the browser tests run first, and while
    # pytest-playwright's session-wide sync_playwright() is started, its event loop counts as running in
    # the main thread (asyncio.run would refuse to start another)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, drag()).result()
    assert len(d.timings) == n + 3 and d.scenes[0].view[0] == 30
    assert d.snapshot() == qw.hello_cube(yaw=40).set(view_azim=30).snapshot()
    d._last_browser_change -= d.DRAG_GAP  # a pause: the next change from the browser is a lone one again
    d.controls["yaw"].value = -20
    assert len(d.timings) == n + 4 and d.snapshot() == qw.hello_cube(yaw=-20).set(view_azim=30).snapshot()
    monkeypatch.setattr(_base, "_from_browser", lambda: False)
    d.set(yaw=-30)  # from a cell (no browser message): painted at once
    assert len(d.timings) == n + 5 and d.snapshot() == qw.hello_cube(yaw=-30).set(view_azim=30).snapshot()


def test_in_a_kernel_a_dragged_slider_s_figure_is_sent_after_the_kernel_is_idle():
    """In a real kernel (comm messages as the browser sends them): a lone slider move is painted while its
    message is handled (the figure before idle); a move soon after it, as in a drag, is painted after the kernel
    has reported idle, so the browser's next value is on its way during the paint.  Without a kernel nothing is
    deferred (the test above and every other widget test)."""
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        # DRAG_GAP wide: the second move below counts as a drag however long the first one's paint takes on a
        # loaded machine (the gap between the two is a whole round trip and a paint)
        code = ("import quatlib as ql; demo = ql.widgets.hello_cube(); demo.DRAG_GAP = 30.0; "
                "print(demo.controls['yaw'].model_id, demo.view.widget.model_id)")
        out = []
        kc.execute_interactive(code, output_hook=lambda m: out.append(m["content"].get("text", "")), timeout=120)
        slider_id, image_id = "".join(out).split()

        def move(value):  # the slider's message, and what the kernel sends until both idle and the image came
            msg = kc.session.msg("comm_msg", {"comm_id": slider_id, "data": {
                "method": "update", "state": {"value": value}, "buffer_paths": []}})
            kc.shell_channel.send(msg)
            seen = []
            while "image" not in seen or "idle" not in seen:
                m = kc.get_iopub_msg(timeout=60)
                if m["msg_type"] == "status" and m["parent_header"].get("msg_id") == msg["header"]["msg_id"]:
                    seen.append(m["content"]["execution_state"])
                elif (m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == image_id
                      and "value" in m["content"]["data"].get("buffer_paths", [[]])[0]):
                    seen.append("image")
            return seen

        assert move(10.0) == ["busy", "image", "idle"]  # lone: painted in the handler
        assert move(30.0) == ["busy", "idle", "image"]  # right after it: a drag, painted after the reply
        out.clear()
        kc.execute_interactive("print(demo.snapshot() == ql.widgets.hello_cube(yaw=30).snapshot(), demo.last_error)",
                               output_hook=lambda m: out.append(m["content"].get("text", "")), timeout=60)
        assert "".join(out).split() == ["True", "None"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_ipympl_transport_builds_and_updates():
    d = qw.hello_cube(transport="ipympl")
    d.set(pitch=90)
    assert d.last_error is None
    assert d.snapshot()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="transport"):
        qw.hello_cube(transport="svg")


def test_setup_sets_print_options_and_works_outside_ipython():
    old = np.get_printoptions()
    try:
        np.set_printoptions(precision=8, suppress=False)
        qw.setup()
        opts = np.get_printoptions()
        assert opts["precision"] == 4 and opts["suppress"] is True
        assert repr(np.array([np.sqrt(0.5), 2.2e-16])) == "array([0.7071, 0.    ])"
    finally:
        np.set_printoptions(**old)


def test_control_helpers_give_every_control_the_course_layout():
    t = qw._base.slider("blend t", 0.3, step=0.01)
    untangle = qw._base.slider("untangled", 0.0, step=0.02)
    assert (t.layout.width, t.style.description_width, t.readout_format) == ("345px", "120px", ".2f")
    assert untangle.readout_format == ".2f" and qw._base.angle_slider("yaw (°)", 0, step=0.5).readout_format == ".1f"
    play = qw._base.player(t, 10)
    assert play.value == 3
    t.value = 0.7  # the slider moves the play position: playing resumes from there
    assert play.value == 7
    play.value = 10
    assert t.value == 1.0
    row = qw._base.labelled("play", play)
    assert row.children[1] is play and "play" in row.children[0].value
    assert qw._base.colored("SLERP", "#ff0000") == "<b style='color:#ff0000'>SLERP</b>"


def test_changed_compares_numpy_numbers_by_value_too():
    from types import SimpleNamespace

    from quatlib.widgets._base import _same

    assert _same(np.int64(3), np.int64(3)) and _same(np.float32(0.5), np.float32(0.5)) and _same(2, 2.0)
    assert not _same(np.float32(0.5), np.float32(0.25)) and not _same(SimpleNamespace(), SimpleNamespace())


def test_an_unknown_control_name_is_refused_with_every_name_set_accepts():
    demo = ql.widgets.gimbal()
    with pytest.raises(ValueError, match="view_azim") as info:
        demo.set(pich=90)
    assert "pitch" in str(info.value) and "pich" in str(info.value)


def _start_values():
    """``(demo, parameter)`` for every numeric starting value a demo factory takes (its sliders' values)."""
    return [(name, p.name) for name in course.demo_names()
            for p in inspect.signature(getattr(qw, name)).parameters.values()
            if isinstance(p.default, (int, float)) and not isinstance(p.default, bool)]


@pytest.mark.parametrize("name, parameter", _start_values())
def test_a_start_value_off_its_slider_is_refused_not_clamped(name, parameter):
    """NaN, inf or a number far outside the slider's range is a clear ValueError; ipywidgets alone would clamp it
    to the nearest end in silence (``yaw=1e9`` would show 180°) or keep the NaN and draw nothing."""
    for bad in (float("nan"), float("inf"), -1e9):
        with pytest.raises(ValueError, match="Expected"):
            getattr(qw, name)(**{parameter: bad})


def _parameters():
    """``(demo, parameter)`` for every parameter of every demo factory."""
    return [(name, p.name) for name in course.demo_names()
            for p in inspect.signature(getattr(qw, name)).parameters.values()]


@pytest.mark.parametrize("name, parameter", _parameters())
def test_every_parameter_of_every_demo_refuses_what_it_cannot_take_with_a_clear_message(name, parameter):
    """A string, NaN or any other object where a demo expects a number, a point, a choice or a flag is an error
    that says what was expected, never a TypeError from deep inside ("'<=' not supported ...", "cannot reshape
    array ...") and never a demo built on it (``rotation_2d(point=(nan, 0))`` used to draw nothing, in silence).
    The message names the parameter the learner typed, not only the slider's label: ``slerp_vs_nlerp(angle="x")``
    is about ``angle`` (the slider "turn (°)")."""
    for bad in ("x", float("nan"), object()):
        with pytest.raises((TypeError, ValueError), match="^Expected") as caught:
            getattr(qw, name)(**{parameter: bad})
        subject = re.split(r", | from ", str(caught.value))[0]
        assert re.search(rf"\b{re.escape(parameter)}\b", subject), str(caught.value)


@pytest.mark.parametrize("call, message", [
    (lambda: qw.sandwich(vector="sideways"), r"Expected vector in \('given', 'perpendicular', 'along'\)"),
    (lambda: qw.turret(lerp="smooth"), r"Expected lerp in \('naive', 'wrapped'\)"),
    (lambda: qw.slerp_vs_nlerp(method="squad"), r"Expected method in"),
    (lambda: qw.gimbal(style="modern"), r"Expected style in"),
])
def test_a_choice_a_demo_does_not_offer_is_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("name", course.demo_names())
def test_set_refuses_what_a_control_cannot_take(name):
    """``demo.set`` checks as the factory does: a number off a slider, or a choice not offered, is a ValueError
    naming the control, and nothing moves (ipywidgets would move a slider to its end in silence)."""
    demo = getattr(qw, name)()
    for key, control in {**demo.controls, **demo.view_controls}.items():
        before = control.value
        if isinstance(control, (W.FloatSlider, W.IntSlider)):
            bads = [control.max + 10 * control.step, float("nan")]
        elif isinstance(control, (W.SelectionSlider, W.Dropdown, W.ToggleButtons, W.RadioButtons)):
            bads = ["no such choice"]
        else:
            continue
        for bad in bads:
            with pytest.raises(ValueError, match=f"Expected {key} "):
                demo.set(**{key: bad})
        assert control.value == before, key


@pytest.mark.parametrize("name, view", [("hello_cube", (-75, 0)), ("order_matters", (0, 10)), ("sandwich", (0, 90)),
                                        ("euler_vs_quaternion", (-90, 60))])
def test_a_world_axis_seen_end_on_keeps_its_letter_off_the_arrows_at_the_middle(name, view):
    """Its letter is drawn at the middle, where the demo's own arrows start: "x" sat on them in hello_cube."""
    d = getattr(qw, name)()
    d.set(view_azim=view[0], view_elev=view[1])
    d.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(d.figure) if box.text in "xyz"] == []


@pytest.mark.parametrize("settings", [
    dict(progress=1.0, angle=120, view_azim=-123, view_elev=-12),  # "x" on the arc, seen from below
    dict(progress=1.85, angle=90, view_azim=-81, view_elev=52),  # "y" on the arc, under "77°"
    dict(progress=0.7, angle=120, view_azim=-14, view_elev=13),  # "z" on the arc's end
])
def test_order_matters_world_letters_keep_off_the_arcs_and_the_angles_off_them(settings):
    """The world's letters keep off the path of each turn's arc (3 of 150 random states had one on it), and the
    angle's label, placed after them, off the letters; the letters are placed before the arcs on a view turn too."""
    d = qw.order_matters()
    d.set(**settings)
    d.snapshot()
    assert [box.text for box, _ in ql.plot.labels_on_ink(d.figure)] == []
    assert ql.plot.overlapping_labels(d.figure) == []
    for scene, arc in zip(d.scenes, d.items["arcs"], strict=True):
        assert scene.items.index(arc) > scene.items.index(scene.world)


@pytest.mark.parametrize("name, settings", [
    ("drift", dict(magnify=100000, frames=2000, view_azim=0, view_elev=90)),
    ("two_mirrors", dict(mirror_angle=0, view_azim=180, view_elev=-60)),
    ("two_mirrors", dict(mirror_angle=0, view_azim=90, view_elev=60)),
    ("slerp_vs_nlerp", dict(shortest=False, angle=360, view_azim=0, view_elev=90)),
    ("slerp_vs_nlerp", dict(shortest=False, angle=360, t=0.49, azimuth=-95, elevation=-65, start_yaw=-165,
                            view_azim=90, view_elev=0)),
    ("sandwich", dict(vector="perpendicular", view_azim=0, view_elev=90)),
])
def test_no_name_hides_under_a_panel_s_note(name, settings):
    """A note on its white card hid "z" (drift, two_mirrors, slerp, sandwich in a top view) and slerp's "axis": the
    note came after the names were placed, and two_mirrors' and slerp's world letters did not keep off notes."""
    d = getattr(qw, name)()
    d.set(**settings)
    d.snapshot()
    assert any(scene.note for scene in d.scenes)  # the state shows a note
    assert [(a.text, b.text) for a, b in ql.plot.overlapping_labels(d.figure)] == []

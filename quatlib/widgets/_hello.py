"""Notebook 00: the hello cube that proves the setup works."""

from __future__ import annotations

from .. import plot as qp
from ..models.hello import CubeState, cube_state
from ._base import Demo, angle_slider, fmt_matrix, fmt_vector

__all__ = ["hello_cube"]


def hello_cube(yaw: float = 0.0, pitch: float = 0.0, roll: float = 0.0, *, transport: str = "image") -> Demo:
    """Yaw, pitch and roll sliders turning a cube with its frame.

    The cube's +x, +y, +z faces are tinted red, green, blue and its frame is
    drawn from its centre; the faint axes are the fixed world frame.  If moving
    a slider turns the cube, the course's widgets work in this browser.

    Parameters
    ----------
    yaw, pitch, roll : float
        Initial angles in degrees (``R = Ry(yaw) · Rx(pitch) · Rz(roll)``).
    transport : {"image", "ipympl"}
        How the figure is shown (see :mod:`quatlib.widgets`).

    Returns
    -------
    Demo
        An ipywidgets box: display it (last expression of a cell).

    Examples
    --------
    >>> import quatlib as ql
    >>> demo = ql.widgets.hello_cube(yaw=90)
    >>> demo.set(pitch=45).values.pitch
    45.0
    >>> demo.state.q   # what quatlib.models.hello.cube_state computed, as drawn
    array([ 0.6533,  0.2706,  0.6533, -0.2706])
    """
    fig, (scene,) = qp.panels(1, size=4.2, extent=1.6, titles=["Drag a slider: the cube turns"])
    cube = qp.Cube(scene)
    frame = qp.Frame(scene, length=1.15)
    controls = {
        "yaw": angle_slider("yaw (°)", yaw, tooltip="turn about the world y axis (up)"),
        "pitch": angle_slider("pitch (°)", pitch, -90, 90, tooltip="turn about the cube's x axis, as yaw left it"),
        "roll": angle_slider("roll (°)", roll, tooltip="turn about the cube's own z axis"),
    }
    return Demo("hello_cube", fig, controls, model=cube_state, draw=_draw_cube, items={"cube": cube, "frame": frame},
                scenes=[scene], transport=transport, description="a cube turned by yaw, pitch and roll sliders")


def _draw_cube(demo: Demo, state: CubeState) -> str:
    """Turn the cube and its frame to ``state.R``; the readout shows R and q."""
    demo.items["cube"].set_data(state.R)
    demo.items["frame"].set_data(state.R)
    # the world's x, y, z off the cube's own arrows and edges: an axis seen end-on has its letter at the middle,
    # where the cube's arrows start ("x" sat on them at view (-75, 0)); a view turn alone has placed them already
    if demo.changed(state):
        demo.scenes[0].world.keep_letters_off(demo.items["frame"], demo.items["cube"])
    return (
        "<div style='line-height:1.5'>"
        f"R = Ry(yaw)·Rx(pitch)·Rz(roll) =<br>{fmt_matrix(state.R)}<br>"
        f"<span style='color:{qp.COLORS['note']}'>columns: where x, y, z went</span><br>"
        f"q = (w, x, y, z) = <code>{fmt_vector(state.q)}</code></div>"
    )

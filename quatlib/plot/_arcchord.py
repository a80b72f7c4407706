"""The plane of the quaternion sphere through 0 and two unit quaternions, drawn flat: SLERP's great arc, LERP's
chord, and NLERP's points pushed from the chord out to the circle."""

from __future__ import annotations

import numpy as np

from ._charts import Sketch
from ._style import COLORS, line_alpha

__all__ = ["ArcAndChord"]

METHODS = ("slerp", "nlerp", "lerp")


class ArcAndChord(Sketch):
    """The q0–q1 plane of the sphere of quaternions: unit circle, arc, chord, and each method's points.

    Every quaternion that SLERP, NLERP or LERP gives between ``q0`` and ``q1``
    lies in the plane through 0, ``q0`` and ``q1``.  Drawn flat (the caller gives
    2D points in that plane, e.g. from :func:`quatlib.models.slerp.to_plane`):
    SLERP's points on the unit arc, LERP's on the chord, NLERP's on the circle
    where the ray from 0 through LERP's point meets it.  :meth:`set_path` draws
    what depends on the two ends (into the chart layer of the cached background),
    :meth:`set_now` each method's point at ``t`` and the ray from 0 to NLERP's
    (moving: redrawn on every update).  It is a :class:`Sketch`: its parts are in
    ``lines`` and ``texts`` by name.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        The panel (no ticks or frame are drawn).
    colors : dict
        The colour of each method, ``{"slerp": ..., "nlerp": ..., "lerp": ...}``.
    xlim, ylim : (float, float)
        The fixed limits (equal aspect).
    title : str
        The title above the panel.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> fig = ql.plot.figure((3, 2))
    >>> plane = ArcAndChord(fig.add_axes((0, 0, 1, 0.85)), {"slerp": "C0", "nlerp": "C1", "lerp": "C2"})
    >>> s = np.radians([135, 90, 45])                 # q0 upper left, q1 upper right: Ω = 90°
    >>> arc = np.c_[np.cos(s), np.sin(s)]
    >>> chord = np.c_[[-0.7071, 0, 0.7071], [0.7071] * 3]
    >>> plane.set_path(arc, {"slerp": arc, "nlerp": arc, "lerp": chord}, "Ω = 90°")
    >>> plane.set_now({"slerp": arc[1], "nlerp": arc[1], "lerp": chord[1]})
    >>> plane.lines["ray"].get_ydata(), plane.texts["omega"].get_text()
    (array([0., 1.]), 'Ω = 90°')
    """

    def __init__(self, ax, colors: dict, *, xlim=(-1.3, 1.3), ylim=(-0.67, 1.2),
                 title: str = "q0–q1 plane: arc and chord"):
        super().__init__(ax, xlim=xlim, ylim=ylim, title=title)
        ink, lerp, nlerp, slerp = COLORS["ink"], colors["lerp"], colors["nlerp"], colors["slerp"]
        self.add_line("circle", color=COLORS["faint"], linewidth=0.8, fixed=True)
        self.add_line("radii", color=COLORS["faint"], linewidth=0.8)
        self.add_line("arc", color=ink, linewidth=1.6)
        self.add_line("chord", color=lerp, linewidth=1.2, linestyle=(0, (4, 2.5)))
        # NLERP's points are LERP's pushed out along the ray from 0: these segments show the push
        self.add_line("push", color=nlerp, linewidth=0.6, alpha=line_alpha(nlerp, 0.55))
        self.add_line("lerp", color=lerp, linestyle="none", marker="o", size=3.0, label="LERP", zorder=3)
        self.add_line("slerp", color=slerp, linestyle="none", marker="o", size=5.6, fill="white", label="SLERP",
                      zorder=3)
        self.add_line("nlerp", color=nlerp, linestyle="none", marker="o", size=3.6, label="NLERP", zorder=4)
        self.add_line("ray", color=nlerp, linewidth=1.0, moving=True, zorder=4)
        for m, size in (("lerp", 6.0), ("slerp", 8.5), ("nlerp", 6.0)):
            self.add_line(f"{m} now", color=colors[m], linestyle="none", marker="o", size=size,
                          fill="white" if m == "slerp" else None, moving=True, zorder=5)
        self.add_text("q0", ha="right", va="bottom")
        self.add_text("q1", ha="left", va="bottom")
        # "0" just under the origin and Ω under it (ylim leaves two lines of room there, above the legend): every
        # line and dot of the plane lies on or above the horizontal through 0 (q0 and q1 sit at height
        # cos(Ω/2) ≥ 0, the chord between them); a long way round brings the chord down to 0 (through it at
        # Ω = 180°, where LERP's point at t = 0.5 is 0 itself)
        self.add_text("0", va="top", fontsize=8, color=COLORS["note"], fixed=True)
        self.add_text("omega", va="top", fontsize=8)
        # the unit circle down to y = -0.15 (no point of the plane is ever below 0): under it Ω and the legend
        s = np.linspace(-np.arcsin(0.15), np.pi + np.arcsin(0.15), 67)
        self.set_line("circle", np.c_[np.cos(s), np.sin(s)])
        self.set_text("0", (0.0, -0.035), "0")
        self.legend(["slerp", "nlerp", "lerp"], loc="lower center", ncol=3, columnspacing=1.0)

    def set_path(self, arc, ticks: dict, text: str) -> None:
        """The unit arc from ``q0`` to the end (``(n, 2)``: its ends are the chord's), each method's points at
        equal steps of ``t`` (``ticks``, ``{method: (k, 2)}``) and ``text`` under "0" (e.g. the angle Ω)."""
        arc = np.asarray(arc, dtype=float)
        q0, q1 = arc[0], arc[-1]
        lerp = np.asarray(ticks["lerp"], dtype=float)
        for name, points in (("arc", arc), ("chord", arc[[0, -1]]), ("radii", [q0, [0, 0], q1]), *ticks.items(),
                             # NLERP's points are LERP's pushed out along the ray from 0
                             ("push", np.stack([lerp, ticks["nlerp"], np.full_like(lerp, np.nan)],
                                               axis=1).reshape(-1, 2))):
            self.set_line(name, points)
        self.set_text("q0", q0 + [-0.06, 0.04], "q0")
        self.set_text("q1", q1 + [0.06, 0.04], "q1")
        self.set_text("omega", (0.0, -0.2), text)

    def set_now(self, points: dict) -> None:
        """Each method's point at ``t`` (``{method: (2,) or None}``: None hides it) and the ray from 0 to NLERP's."""
        for name in METHODS:
            self.set_line(f"{name} now", None if points[name] is None else [points[name]])
        self.set_line("ray", None if points["nlerp"] is None else [[0.0, 0.0], points["nlerp"]])

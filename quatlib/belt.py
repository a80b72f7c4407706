"""The belt trick as geometry: a cube tied to the walls by ribbons, turned, and untangled.

A cube sits at the centre of a room, tied to the walls by three ribbons.  Turn
the cube by ``T`` about the fixed axis ``a`` (the world **y** axis: the cube
spins like a turntable) and the ribbons twist.  After ``T = 360°`` the cube looks
exactly as it did at the start, yet the ribbons cannot be straightened without
turning the cube back; after ``T = 720°`` they can.  Everything here is computed,
not animated by hand: the widget (``quatlib.widgets.belt_trick``) only draws what
these functions return.

The followed quaternion
-----------------------
Following the turn continuously, the cube's quaternion is
``q(T) = cos(T/2) + sin(T/2) a`` (:func:`followed_quaternion`): ``+1`` at 0°,
``-1`` at 360°, ``+1`` again at 720°.  The rotation matrix forgets the
difference between 0° and 360°; the quaternion, and the ribbons, remember it.

The scene as a deformation of space
-----------------------------------
The ribbons at rest are straight strips along three face normals ``d`` from the
cube's face (distance ``CUBE_SIDE / 2`` from the centre) to the wall (distance
``WALL_DISTANCE``).  Every other state is this rest state carried by a map of
space that turns each sphere about the centre rigidly, by a rotation that
depends only on the sphere's radius ``r``::

    x  ↦  G(σ(|x|)) x                                        (1)

The profile ``σ(r)`` (:func:`twist_profile`) is 1 inside the sphere of radius
``R_IN`` (just outside the cube's circumscribed sphere), so that part moves
rigidly with the cube; it is 0 beyond ``R_OUT`` (just before the walls), so the
walls and the ribbons' wall ends never move; between the two it falls smoothly
(``3x² - 2x³``, continuous slope).  ``σ`` is the parameter ``s`` of the
curriculum: 0 at the wall, 1 at the cube.

* **Twisted by T** (``untangle = 0``): ``G(σ) = R(a, σ T)``.  The cross-section
  of a ribbon at ``s`` is turned by the rotation interpolated from the identity
  (wall) to the cube's rotation ``R(a, T)`` (cube end): the ribbon along the axis
  twists about itself; the ribbons across it also wind around the cube.
* **Untangling a 720° turn** (``untangle = u`` in [0, 1])::

      G(σ) = H(σ, u) = R(n(u), 2πσ) · R(a, 2πσ),   n(u) = cos(πu) a + sin(πu) b

  with ``b`` the swing axis (world **x**).  At ``u = 0``, ``n = a`` and ``H``
  is ``R(a, 4πσ)``: the 720° twist.  At ``u = 1``, ``n = -a`` and ``H`` is the
  identity: straight ribbons.  At ``σ = 1``, ``H`` is a 360° turn followed by
  another one, which is the identity for every ``u``: the cube never moves.
  For ``T = 720° k`` the loop ``H`` is run ``|k|`` times along the ribbon.
* **Turning on after an untangling** (keyword ``at``: the turn, a multiple of
  720°, at which the ribbons were untangled by ``u``)::

      G(σ) = R(a, σ (T - at)) · H(σ, u)

  Only the turn made since then twists the ribbons; at ``u = 0`` this is
  ``R(a, σ T)`` again, so the picture is continuous in both ``T`` and ``u``.

Why the ribbons can never pass through each other or through the cube: (1)
keeps every radius (``|G x| = |x|``) and is undone by ``x ↦ G(σ(|x|))⁻¹ x``, so
it is a one-to-one map of space onto itself, continuous both ways (and C¹, since
``σ`` is).  Disjoint ribbons at rest stay disjoint,
and what starts outside the sphere of radius ``R_IN`` stays outside it.

Why it only works at 720°: at ``σ = 1`` the map must be the cube's rotation for
every ``u``; the family ``σ ↦ G(σ)`` is a loop of rotations from the identity to
the cube's rotation, and the untangling shrinks it to the constant loop.  A 360°
loop cannot be shrunk (its quaternion path runs from ``+1`` to ``-1``, and the
end can never jump back to ``+1``); a 720° loop can (:func:`ball_path`).

Examples
--------
>>> import quatlib as ql
>>> ql.belt.followed_quaternion(360)
array([-1.,  0.,  0.,  0.])
>>> sc = ql.belt.scene(720, 0.5)
>>> sc.ribbons.shape
(3, 121, 3, 3)
>>> bool(abs(sc.cube - ql.belt.scene(0, 0).cube).max() < 1e-12)   # the cube has not moved
True
>>> ql.belt.untangle_allowed(360)[0]
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ._algebra import log, multiply
from ._axis_angle import quaternion_from_axis_angle
from ._matrix import matrix_from_quaternion
from ._rotate import rotate_vector
from ._validate import as_count, as_matrix, as_scalar, as_tolerance, as_vector

__all__ = [
    "TURN_AXIS",
    "SWING_AXIS",
    "SURFACE_TOL",
    "CUBE_SIDE",
    "WALL_DISTANCE",
    "RIBBON_WIDTH",
    "RIBBON_DIRECTIONS",
    "RIBBON_ACROSS",
    "R_IN",
    "R_OUT",
    "BeltScene",
    "BallPath",
    "followed_quaternion",
    "untangle_allowed",
    "twist_profile",
    "swing_axis",
    "untangling_quaternion",
    "field_quaternion",
    "deform",
    "rest_ribbons",
    "cube_vertices",
    "scene",
    "ball_path",
    "Clearance",
    "clearance",
]


def _readonly(a) -> np.ndarray:
    a = np.array(a, dtype=float)
    a.flags.writeable = False
    return a


#: The cube turns about this fixed axis: world y (up), so it spins like a turntable.
TURN_AXIS = _readonly([0.0, 1.0, 0.0])
#: During the untangling the axis n(u) swings from TURN_AXIS through this one to -TURN_AXIS.
SWING_AXIS = _readonly([1.0, 0.0, 0.0])
#: Side of the cube.
CUBE_SIDE = 0.7
#: Distance from the centre to each wall (where the ribbons are anchored).
WALL_DISTANCE = 2.0
#: Width of each ribbon.
RIBBON_WIDTH = 0.24
#: Each ribbon leaves the cube's face with this outward normal (at rest): to the ceiling (+y),
#: the floor (-y) and the right-hand wall (+x).  The first two lie along the turn axis and
#: twist about themselves; the third lies across it and winds around the cube like a spring.
RIBBON_DIRECTIONS = _readonly([[0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [1.0, 0.0, 0.0]])
#: The direction across each ribbon (its width), at rest; chosen so that every ribbon shows the
#: same side, its front (orange, or its own full colour in the belt demo), to the default view.
RIBBON_ACROSS = _readonly([[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]])
#: Inside this radius space moves rigidly with the cube (the cube's circumscribed
#: sphere, radius CUBE_SIDE·√3/2 ≈ 0.606, plus a margin).
R_IN = 0.65
#: Beyond this radius nothing moves (the walls and the ribbons' wall ends).
R_OUT = 1.9

#: Most samples :func:`ball_path` takes (each sample keeps a few arrays).
MAX_BALL_SAMPLES = 100_000

#: How far from ``w = 0`` a rotation along a ribbon must be to count as on one side of the ball's surface: a path
#: that only touches the surface (``w = -6e-17`` where it should be 0) does not cross it.
SURFACE_TOL = 1e-9
_TOL_DEG = 1e-6  # a turn within this of a multiple of 720° counts as one


# --------------------------------------------------------------------------------------
# The followed quaternion and when untangling exists
# --------------------------------------------------------------------------------------


def followed_quaternion(turn_deg) -> np.ndarray:
    """The cube's quaternion followed continuously through a turn of ``turn_deg`` about TURN_AXIS.

    ``q(T) = cos(T/2) + sin(T/2) a`` with ``a = TURN_AXIS = (0, 1, 0)``: continuous
    in ``T``, so it is ``-1`` after one full turn and ``+1`` only after two.

    Parameters
    ----------
    turn_deg : float or array_like, shape (...)
        The turn so far, in degrees.

    Returns
    -------
    ndarray, shape (..., 4)
        ``(w, x, y, z)``.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.belt.followed_quaternion([0, 180, 360, 540, 720])
    array([[ 1.,  0.,  0.,  0.],
           [ 0.,  0.,  1.,  0.],
           [-1.,  0.,  0.,  0.],
           [-0.,  0., -1.,  0.],
           [ 1.,  0.,  0.,  0.]])
    """
    return quaternion_from_axis_angle(TURN_AXIS, turn_deg, degrees=True)


def _turns_of(turn_deg: float, period: float):
    """``k`` if ``turn_deg`` is ``period · k`` (within ``_TOL_DEG``), else None.

    The remainder ``fmod(turn_deg, period)`` is exact, so the test means the same
    for a huge turn as for a small one (``720 * 2**50`` is a multiple of 720°,
    ``720 * 2**50 + 90`` is not).
    """
    rem = math.fmod(turn_deg, period)  # exact, in (-period, period), sign of turn_deg
    k = round((turn_deg - rem) / period)
    if abs(rem) <= _TOL_DEG:
        return k
    if abs(rem) >= period - _TOL_DEG:
        return k + (1 if rem > 0 else -1)
    return None


def _turns_of_720(turn_deg: float):
    """``k`` if ``turn_deg`` is ``720° k`` (within a tolerance), else None."""
    return _turns_of(turn_deg, 720.0)


def untangle_allowed(turn_deg):
    """Whether the ribbons of a cube turned by ``turn_deg`` can be straightened with the cube held still.

    They can exactly when the followed quaternion is ``+1`` (0°, ±720°, ...).

    Returns
    -------
    allowed : bool
    reason : str
        One sentence for the learner saying why.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.belt.untangle_allowed(720)
    (True, 'The followed quaternion is +1 (a 720° turn): the twist can be undone without moving the cube.')
    >>> print(ql.belt.untangle_allowed(360)[1])  # doctest: +NORMALIZE_WHITESPACE
    The followed quaternion is −1 (a 360° turn): one full twist cannot be undone without moving the cube.
    Turn another 360°.
    """
    t = float(as_scalar(turn_deg, "turn angle (degrees)").reshape(()))
    k = _turns_of_720(t)
    if k == 0:
        return True, "The followed quaternion is +1 (no turn): the ribbons are already straight."
    if k is not None:
        return True, (f"The followed quaternion is +1 (a {720 * k}° turn): "
                      "the twist can be undone without moving the cube.")
    k360 = _turns_of(t, 360.0)
    if k360 is not None:
        return False, (f"The followed quaternion is −1 (a {360 * k360}° turn): one full twist cannot be undone "
                       "without moving the cube. Turn another 360°.")
    w = float(followed_quaternion(t)[0])
    return False, (f"The followed quaternion is not +1 (w = {w:.4f}): the cube is turned by {t % 360:.0f}° from "
                   "where it started, so the ribbons cannot all be straight. Turn on to 720° (or back to 0°).")


# --------------------------------------------------------------------------------------
# The rotation field
# --------------------------------------------------------------------------------------


def twist_profile(r) -> np.ndarray:
    """The parameter ``s = σ(r)`` of the rotation field at distance ``r`` from the centre.

    ``σ = 1`` for ``r ≤ R_IN`` (moves with the cube), ``0`` for ``r ≥ R_OUT`` (fixed
    with the walls), and ``3x² - 2x³`` with ``x = (R_OUT - r) / (R_OUT - R_IN)`` in
    between: smooth, with zero slope at both ends so the ribbons leave the wall and
    the cube straight.

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.belt.twist_profile([0.3, ql.belt.R_IN, 1.275, ql.belt.R_OUT, 2.0])
    array([1. , 1. , 0.5, 0. , 0. ])
    """
    r = as_scalar(r, "distance r")
    x = np.clip((R_OUT - r) / (R_OUT - R_IN), 0.0, 1.0)
    return x * x * (3.0 - 2.0 * x)


def swing_axis(untangle) -> np.ndarray:
    """``n(u) = cos(πu) a + sin(πu) b``: from TURN_AXIS (u = 0) through SWING_AXIS to -TURN_AXIS (u = 1).

    >>> import quatlib as ql
    >>> ql.belt.TURN_AXIS, ql.belt.SWING_AXIS
    (array([0., 1., 0.]), array([1., 0., 0.]))
    >>> ql.belt.swing_axis([0, 0.5, 1]) + 0.0
    array([[ 0.,  1.,  0.],
           [ 1.,  0.,  0.],
           [ 0., -1.,  0.]])
    """
    u = as_scalar(untangle, "untangling progress")
    return np.cos(np.pi * u)[..., None] * TURN_AXIS + np.sin(np.pi * u)[..., None] * SWING_AXIS


def untangling_quaternion(s, untangle, turns: int = 1) -> np.ndarray:
    """Quaternion of ``H(s, u) = R(n(u), 2πs) · R(a, 2πs)``, the loop that undoes a 720° turn.

    ``H(s, 0) = R(a, 720° s)``, ``H(s, 1) = identity`` and ``H(1, u) = identity``.
    The quaternion is followed continuously in ``s``: it is ``+1`` at both ends.
    For ``turns = k`` (a turn of ``720° k``) the loop is run ``|k|`` times, about
    ``-a`` when ``k < 0``: ``H(frac(|k| s), u)``.

    Parameters
    ----------
    s : array_like, shape (...)
        Along the ribbon: 0 at the wall, 1 at the cube.
    untangle : float
        ``u`` in [0, 1].
    turns : int
        ``k``, the number of double turns.

    Returns
    -------
    ndarray, shape (..., 4)

    Examples
    --------
    Its ``w`` along the ribbon: at ``u = 0`` the 720° twist (−1 halfway), at ``u = 1`` no twist at all:

    >>> import quatlib as ql
    >>> s = [0, 0.25, 0.5, 0.75, 1]
    >>> ql.belt.untangling_quaternion(s, 0.0)[:, 0], ql.belt.untangling_quaternion(s, 1.0)[:, 0]
    (array([ 1.,  0., -1.,  0.,  1.]), array([1., 1., 1., 1., 1.]))
    """
    s = as_scalar(s, "shell parameter s")
    turns = as_count(turns, "turns (double turns)", minimum=None)
    if turns == 0:
        out = np.zeros(s.shape + (4,))
        out[..., 0] = 1.0
        return out
    sign = 1.0 if turns > 0 else -1.0
    m = abs(int(turns))
    ks = m * s
    frac = np.where(ks >= m, 1.0, ks - np.floor(ks))  # frac(k s), with s = 1 at the loop's end
    angle = 2.0 * np.pi * frac
    n = sign * swing_axis(untangle)
    q_axis = quaternion_from_axis_angle(sign * TURN_AXIS, angle)  # R(a, 2πs), applied first
    q_swing = quaternion_from_axis_angle(n, angle)  # then R(n(u), 2πs)
    return multiply(q_swing, q_axis)


def field_quaternion(s, turn_deg: float, untangle: float = 0.0, *, at: float | None = None) -> np.ndarray:
    """The rotation ``G(s)`` that carries the shell with parameter ``s`` (see the module docstring).

    ``untangle = 0``: ``R(a, s·T)``, the twist.  ``untangle = u > 0``: the double turns up to
    ``at`` (a multiple of 720°; ``at = None`` means ``T`` itself) were untangled by ``u``, and
    the turn since then, ``T - at``, twists the ribbons on top of that::

        G(s) = R(a, s·(T - at)) · H(s, u)

    At ``u = 0`` this is ``R(a, s·T)`` again, so the picture is continuous in ``T`` and ``u``
    alike: turning on after an untangling does not bring the old twists back.  The quaternion
    is continuous in ``s`` and equals the followed quaternion of the turn at ``s = 1``.

    Examples
    --------
    >>> import numpy as np
    >>> import quatlib as ql
    >>> q = ql.belt.field_quaternion([0.0, 0.5, 1.0], 725, 1.0, at=720)  # untangled, then 5° more
    >>> bool(np.allclose(q, ql.belt.field_quaternion([0.0, 0.5, 1.0], 5)))  # only the 5° twist is left
    True
    """
    turn_deg, untangle, at = _check_state(turn_deg, untangle, at)
    s = as_scalar(s, "shell parameter s")
    if untangle == 0.0:
        return quaternion_from_axis_angle(TURN_AXIS, s * np.radians(turn_deg))
    since = quaternion_from_axis_angle(TURN_AXIS, s * np.radians(turn_deg - at))
    return multiply(since, untangling_quaternion(s, untangle, _turns_of_720(at)))


def _check_state(turn_deg, untangle, at=None):
    t = as_scalar(turn_deg, "turn angle (degrees)")
    u = as_scalar(untangle, "untangling progress")
    if t.shape != () or u.shape != ():
        raise ValueError(f"Expected a single turn angle and untangling progress, got shapes {t.shape} and {u.shape}")
    t, u = float(t), float(u)
    if not 0.0 <= u <= 1.0:
        raise ValueError(f"Expected untangling progress in [0, 1], got {u}")
    a = t if at is None else float(as_scalar(at, "turn where the untangling was done (degrees)").reshape(()))
    if u > 0.0:
        allowed, reason = untangle_allowed(a)
        if not allowed:
            raise ValueError(f"Cannot untangle a turn of {a:g}°. {reason}")
    return t, u, a


def deform(points, turn_deg: float, untangle: float = 0.0, *, at: float | None = None) -> np.ndarray:
    """Carry rest-state points by the field: ``x ↦ G(σ(|x|)) x`` (equation (1) of the module docstring).

    Parameters
    ----------
    points : array_like, shape (..., 3)
    turn_deg : float
    untangle : float
        In [0, 1]; above 0 only if the untangling was done at a multiple of 720° (``at``, or ``turn_deg``
        itself when ``at`` is None).
    at : float or None
        Where the untangling was done (see :func:`field_quaternion`).

    Returns
    -------
    ndarray, shape (..., 3)
        Same distance from the centre as the input, point by point.

    Raises
    ------
    ValueError
        If ``untangle`` is outside [0, 1], or above 0 while the followed quaternion of
        the turn where the untangling was done (``at``, else ``turn_deg``) is not
        ``+1``, or ``points`` are not real numbers of shape ``(..., 3)`` (strings and
        complex numbers are refused, as everywhere in quatlib).

    Examples
    --------
    The middle line of the ribbon along x, the cube turned 90° about y: the wall end stays, the cube end turns
    with the cube (x to −z):

    >>> import quatlib as ql
    >>> line = ql.belt.rest_ribbons()[2, :, 1]
    >>> moved = ql.belt.deform(line, 90)
    >>> line[0], moved[0], line[-1], moved[-1] + 0.0
    (array([2., 0., 0.]), array([2., 0., 0.]), array([0.35, 0.  , 0.  ]), array([ 0.  ,  0.  , -0.35]))
    """
    p = as_vector(points, "points")
    q = field_quaternion(twist_profile(np.linalg.norm(p, axis=-1)), turn_deg, untangle, at=at)
    return rotate_vector(q, p)


# --------------------------------------------------------------------------------------
# The scene
# --------------------------------------------------------------------------------------

_UNIT_VERTICES = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], dtype=float)


def cube_vertices(R=None) -> np.ndarray:
    """The cube's 8 vertices, ``(8, 3)``, turned by the matrix ``R`` (identity if None).

    Order: ``x`` varies slowest, ``z`` fastest, each over (-, +), as in ``quatlib.plot.Box``.

    >>> import quatlib as ql
    >>> corners = ql.belt.cube_vertices()
    >>> corners.shape, corners[0], corners[-1]
    ((8, 3), array([-0.35, -0.35, -0.35]), array([0.35, 0.35, 0.35]))
    """
    v = _UNIT_VERTICES * (CUBE_SIDE / 2)
    return v if R is None else v @ as_matrix(R).T


def rest_ribbons(n_along: int = 121, n_across: int = 3) -> np.ndarray:
    """The straight, untwisted ribbons: ``(3, n_along, n_across, 3)``, wall end first.

    Ribbon ``i`` runs along ``RIBBON_DIRECTIONS[i]`` from the wall (distance
    WALL_DISTANCE) to the cube's face (distance CUBE_SIDE / 2), ``RIBBON_WIDTH``
    wide across ``RIBBON_ACROSS[i]``; samples are evenly spaced along and across.

    >>> import numpy as np, quatlib as ql
    >>> ribbons = ql.belt.rest_ribbons()
    >>> ribbons.shape, np.linalg.norm(ribbons[:, [0, -1], 1], axis=-1)   # each middle line: wall, then cube face
    ((3, 121, 3, 3), array([[2.  , 0.35],
           [2.  , 0.35],
           [2.  , 0.35]]))
    """
    n_along, n_across = int(n_along), int(n_across)
    if n_along < 2 or n_across < 2:
        raise ValueError(f"Expected n_along >= 2 and n_across >= 2, got {n_along} and {n_across}")
    r = np.linspace(WALL_DISTANCE, CUBE_SIDE / 2, n_along)
    t = np.linspace(-RIBBON_WIDTH / 2, RIBBON_WIDTH / 2, n_across)
    d = RIBBON_DIRECTIONS[:, None, None, :]
    e = RIBBON_ACROSS[:, None, None, :]
    return d * r[None, :, None, None] + e * t[None, None, :, None]


@dataclass(frozen=True)
class BeltScene:
    """Everything the belt-trick picture needs, for one turn angle and untangling progress.

    Attributes
    ----------
    turn_deg, untangle : float
        The state.
    q : ndarray (4,)
        The followed quaternion of the turn (the untangling does not change it).
    R : ndarray (3, 3)
        The cube's rotation matrix.
    cube : ndarray (8, 3)
        The cube's vertices (see :func:`cube_vertices`).
    ribbons : ndarray (n_ribbons, n_along, n_across, 3)
        Wall end at index 0 along, cube end at index -1.
    anchors : ndarray (n_ribbons, 3)
        Where each ribbon's centre line meets its wall (never moves).
    walls : ndarray (n_ribbons, 3)
        Each wall's unit normal, pointing into the room.
    attachments : ndarray (n_ribbons, 3)
        Where each ribbon's centre line meets its cube face (moves with the cube).

    Examples
    --------
    One full turn (:func:`scene`): the cube is back where it started, its followed quaternion is −1.

    >>> s = scene(360)
    >>> s.q, s.ribbons.shape
    (array([-1.,  0.,  0.,  0.]), (3, 121, 3, 3))
    """

    turn_deg: float
    untangle: float
    q: np.ndarray
    R: np.ndarray
    cube: np.ndarray
    ribbons: np.ndarray
    anchors: np.ndarray
    walls: np.ndarray
    attachments: np.ndarray


def scene(turn_deg: float, untangle: float = 0.0, *, at: float | None = None, n_along: int = 121,
          n_across: int = 3) -> BeltScene:
    """The tethered cube after a turn of ``turn_deg`` and an untangling progress ``untangle``.

    Parameters
    ----------
    turn_deg : float
        Turn of the cube about TURN_AXIS, degrees.
    untangle : float
        Untangling progress in [0, 1]: 0 is the twisted state, 1 the straightened one.
        Above 0 only when the followed quaternion of the turn where the untangling was
        done (``at``, else ``turn_deg``) is +1: a multiple of 720°.
    at : float or None
        The turn (a multiple of 720°) at which the untangling was done, if the cube has
        turned on since (see :func:`field_quaternion`); None: at ``turn_deg`` itself.
    n_along, n_across : int
        Samples along and across each ribbon.

    Returns
    -------
    BeltScene
        Its ``cube`` is the rest cube carried by the same deformation as the ribbons
        (:func:`deform`), so "the cube did not move" is a statement about the drawn geometry.

    Raises
    ------
    ValueError
        If ``turn_deg``, ``untangle`` or ``at`` is not a finite number, ``untangle`` is
        outside [0, 1], or above 0 while the followed quaternion of the turn where the
        untangling was done (``at``, else ``turn_deg``) is not +1 (e.g. at 360°, where
        it is −1: one twist cannot be undone).

    Examples
    --------
    >>> import quatlib as ql
    >>> ql.belt.scene(360, 0.5)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    ValueError: Cannot untangle a turn of 360°. The followed quaternion is −1 (a 360° turn):
    one full twist cannot be undone without moving the cube. Turn another 360°.
    """
    turn_deg, untangle, at = _check_state(turn_deg, untangle, at)
    q = followed_quaternion(turn_deg)
    R = matrix_from_quaternion(q)
    ribbons = deform(rest_ribbons(n_along, n_across), turn_deg, untangle, at=at)
    d = np.array(RIBBON_DIRECTIONS)
    return BeltScene(
        turn_deg=turn_deg, untangle=untangle, q=q, R=R, cube=deform(cube_vertices(), turn_deg, untangle, at=at),
        ribbons=ribbons, anchors=WALL_DISTANCE * d, walls=-d,
        attachments=deform((CUBE_SIDE / 2) * d, turn_deg, untangle, at=at),
    )


# --------------------------------------------------------------------------------------
# The path in the ball of rotations
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BallPath:
    """The loop of rotations carried along a ribbon, drawn in the ball of rotations.

    The ball of rotations: the rotation by ``θ ∈ [0, π]`` about ``n`` is the point
    ``θ n``; the ball has radius π and opposite points of its surface are the same
    rotation (180° about ``n`` and about ``-n``).

    Attributes
    ----------
    s : ndarray (n,)
        Along the ribbon, 0 (wall) to 1 (cube).
    quaternions : ndarray (n, 4)
        ``G(s)``, followed continuously (``+1`` at the wall).  At ``untangle = 0`` this
        is also the path the followed quaternion took while the cube turned.
    vectors : ndarray (n, 3)
        The rotation vectors ``θ n`` of ``G(s)``, ``θ ∈ [0, π]``.
    points : ndarray (m, 3)
        The path ready to draw: ``vectors`` with the exact exit and re-entry
        points added at every crossing of the surface and a row of NaN between the
        pieces.
    crossings : ndarray (k, 2, 3)
        For each crossing, the point where the path leaves the ball and the
        opposite point where it comes back in.  A crossing is where ``w``, the
        first component of ``G(s)``, changes sign: the ball shows ``q`` and ``-q``
        as one point, so the path folds back to ``w ≥ 0`` and reappears opposite.
        The crossing point is found between two samples where the sign of ``w``
        changes, by linear interpolation of ``w``: never from the samples' angles.
    end : ndarray (3,)
        The rotation vector of the cube's orientation (the path's last point).
    pieces : tuple of ndarray (m_i, 3)
        ``points`` cut at the crossings: ``k + 1`` pieces, in the order the path runs.

    Examples
    --------
    After one full turn (:func:`ball_path`) the loop runs from +1 at the wall to −1 at the cube, through the
    surface of the ball once:

    >>> path = ball_path(360)
    >>> path.quaternions[0], path.quaternions[-1], path.n_crossings
    (array([1., 0., 0., 0.]), array([-1.,  0.,  0.,  0.]), 1)
    """

    s: np.ndarray
    quaternions: np.ndarray
    vectors: np.ndarray
    points: np.ndarray
    crossings: np.ndarray
    end: np.ndarray
    pieces: tuple = ()

    @property
    def n_crossings(self) -> int:
        """How many times the path goes through the surface of the ball."""
        return len(self.crossings)

    @property
    def lowest_w(self) -> float:
        """The smallest ``w`` along the path: -1 for a 360° or 720° twist (its end at the cube); 0 or above, up to
        rounding, once no crossing is left (0 where the path only touches the surface: the end of a 180° twist, a
        720° twist halfway untangled)."""
        return float(self.quaternions[:, 0].min())


def _rotation_vectors(q: np.ndarray) -> np.ndarray:
    """``θ n`` with ``θ ∈ [0, π]``: ``2 log(±q)``, the sign chosen so that ``w ≥ 0``."""
    sign = np.where(q[..., :1] < 0, -1.0, 1.0)
    return 2.0 * log(q * sign)[..., 1:]


def ball_path(turn_deg: float, untangle: float = 0.0, n: int = 241, *, at: float | None = None,
              zero_tol: float = SURFACE_TOL) -> BallPath:
    """The rotations ``G(s)`` along a ribbon (wall → cube) as a path in the ball of rotations.

    At ``untangle = 0`` this is the path of the followed quaternion while the cube
    turned from 0 to ``turn_deg``: along the axis, through the surface every 360°
    (once for 360°, twice for 720°).  During the untangling of a 720° turn the path
    is the loop ``H(s, u)``: its two crossings move toward each other, merge at
    ``u = 1/2`` (the loop just touches the surface) and vanish; then the loop
    shrinks to the centre (the identity).

    Parameters
    ----------
    turn_deg, untangle : float
        As for :func:`scene`.
    n : int
        Number of samples along the ribbon, from 2 to :data:`MAX_BALL_SAMPLES`
        (100,000; a whole number: ``n=1e9`` would need gigabytes).
    at : float or None
        As for :func:`scene`.
    zero_tol : float
        ``|w|`` below this counts as touching the surface, not crossing it.

    Returns
    -------
    BallPath

    Raises
    ------
    ValueError
        As :func:`scene` (a number not finite, ``untangle`` outside [0, 1] or above 0
        where the turn cannot be undone), or if ``n`` is not a whole number from 2 to
        100,000 or ``zero_tol`` is not a finite number ``>= 0``.

    Examples
    --------
    >>> import quatlib as ql
    >>> [ql.belt.ball_path(t).n_crossings for t in (0, 180, 360, 540, 720)]
    [0, 0, 1, 1, 2]
    >>> ql.belt.ball_path(720, 0.75).n_crossings
    0
    """
    n = as_count(n, "n samples", 2, MAX_BALL_SAMPLES, why="each one is a point kept in memory")
    zero_tol = as_tolerance(zero_tol, "surface tolerance zero_tol")
    s = np.linspace(0.0, 1.0, n)
    q = field_quaternion(s, turn_deg, untangle, at=at)
    w = q[:, 0]
    sign = np.where(w > zero_tol, 1, np.where(w < -zero_tol, -1, 0))
    nz = np.flatnonzero(sign)
    # a sample on the surface (w = 0) is folded like the samples before it, so a path that
    # only touches the surface is drawn without a jump to the opposite point
    held = sign[nz[np.clip(np.searchsorted(nz, np.arange(n), side="right") - 1, 0, None)]] if len(nz) else sign + 1
    v = 2.0 * log(q * np.where(held < 0, -1.0, 1.0)[:, None])[:, 1:]
    pieces, crossings = [], []
    start, entry = 0, None
    for i, j in zip(nz[:-1], nz[1:]):
        if sign[i] == sign[j]:
            continue
        # the path goes through the surface between samples i and j: where w = 0 on the chord
        t = w[i] / (w[i] - w[j])
        qc = q[i] + t * (q[j] - q[i])
        out = np.pi * sign[i] * qc[1:] / np.linalg.norm(qc[1:])  # leaves here...
        crossings.append((out, -out))  # ...and comes back in at the opposite point
        pieces.append([p for p in (entry,) if p is not None] + list(v[start:i + 1]) + [out])
        start, entry = j, -out
    pieces.append([p for p in (entry,) if p is not None] + list(v[start:]))
    nan = np.full(3, np.nan)
    points = np.array([x for piece in pieces for x in (*piece, nan)][:-1])
    crossings_arr = np.array(crossings, dtype=float).reshape(-1, 2, 3)
    return BallPath(s=s, quaternions=q, vectors=v, points=points, crossings=crossings_arr,
                    end=_rotation_vectors(followed_quaternion(turn_deg)),
                    pieces=tuple(np.array(piece, dtype=float).reshape(-1, 3) for piece in pieces))


# --------------------------------------------------------------------------------------
# Checking the picture: the ribbons keep clear of each other and of the cube
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Clearance:
    """How close the ribbons come, in one state of the scene.

    Attributes
    ----------
    between_ribbons : float
        The smallest distance between sample points of two different ribbons.
    points_in_cube : int
        How many ribbon sample points lie strictly inside the cube (should be 0).

    Examples
    --------
    >>> c = clearance(360)   # see :func:`clearance`
    >>> c.points_in_cube, c.between_ribbons > 0.3
    (0, True)
    """

    between_ribbons: float
    points_in_cube: int


def clearance(turn_deg: float, untangle: float = 0.0, *, at: float | None = None, n_along: int = 241,
              n_across: int = 3) -> Clearance:
    """Measure how close the ribbons come to each other and to the cube.

    The ribbons are sampled ``n_along × n_across`` times each; the distance
    between two ribbons is the smallest distance between their samples (brute
    force, all pairs), and a sample is inside the cube when all three of its
    coordinates in the cube's own frame are smaller than half the side (minus a
    rounding margin of 1e-9).

    Parameters
    ----------
    turn_deg, untangle : float
        The state, as for :func:`scene`.
    n_along, n_across : int
        Samples per ribbon.

    Returns
    -------
    Clearance

    Raises
    ------
    ValueError
        As :func:`scene`.

    Examples
    --------
    >>> import quatlib as ql
    >>> c = ql.belt.clearance(720, 0.5)
    >>> c.between_ribbons > 0.15, c.points_in_cube
    (True, 0)
    """
    sc = scene(turn_deg, untangle, at=at, n_along=n_along, n_across=n_across)
    pts = sc.ribbons.reshape(len(sc.ribbons), -1, 3)
    gap = math.inf
    for a in range(len(pts)):
        for b in range(a + 1, len(pts)):
            d2 = ((pts[a][:, None, :] - pts[b][None, :, :]) ** 2).sum(axis=-1)
            gap = min(gap, float(np.sqrt(d2.min())))
    local = pts.reshape(-1, 3) @ sc.R  # coordinates in the cube's frame (R is orthonormal)
    inside = np.all(np.abs(local) < CUBE_SIDE / 2 - 1e-9, axis=-1)
    return Clearance(between_ribbons=gap, points_in_cube=int(inside.sum()))

"""Your engine's conventions: the course's quaternions and vectors in Unity, Unreal, Godot, Blender, ROS, ...

The course works in one frame: right-handed, **Y up** (x right, y up, z toward
the viewer), quaternions stored scalar first ``(w, x, y, z)``, rotations active.
Every system below agrees on the quaternion algebra (Hamilton's product,
``q v q*``); they differ in three things:

1. **which way the axes point** -- a change of basis ``M``, a signed
   permutation: ``v_engine = M @ v_course``.  ``det M = -1`` for a left-handed
   system (Unity, Unreal);
2. **the order the four numbers are stored in** -- ``(w, x, y, z)`` or
   ``(x, y, z, w)``;
3. **what their Euler angles mean** (order, axes, signs).

Matrices can differ in one more way: Unreal multiplies row vectors (``v' = v M``),
so the matrix its ``FQuat::ToMatrix()`` stores is the transpose of the course's
``matrix_from_quaternion(q)``, and ``A * B`` of two of its ``FTransform`` s applies
``A`` first (``A * B`` of two ``FQuat`` s applies ``B`` first, as here).

The table :data:`ENGINES` holds these facts, one :class:`Engine` per system.
The course's "view" -- right (+x), up (+y), toward the viewer (+z) -- is
mapped to the same three directions of the engine's default view (its camera,
or for ROS a robot's body frame, for Blender the Front view); ``M``'s columns
are where the course's x, y and z axes land in engine coordinates.

The formula for a quaternion
----------------------------
A rotation seen in the engine's coordinates is ``R_e = M R M^T``.  If
``det M = +1``, ``M`` is itself a rotation and conjugating by it turns the
axis: ``q = (w, u)`` becomes ``(w, M u)``.  If ``det M = -1``, write
``M = -P`` with ``P = -M`` a rotation: ``M R M^T = P R P^T``, so
``q`` becomes ``(w, P u) = (w, -M u)``.  Both cases in one line::

    q_engine = (w, det(M) · M · (x, y, z))      then stored in the engine's order

The angle ``w`` is unchanged; in a left-handed frame the same quaternion
formula turns the other way (clockwise seen from the axis tip), which is why
the axis needs the extra ``det(M)``.  Converting back uses ``M^T`` (the inverse
of a signed permutation), whose determinant is the same.  The key property,
checked in ``tests/test_engines.py``: converting ``q`` and ``v`` and rotating
in the engine gives the converted rotated vector,
``rotate_vector(q_e, M v) = M rotate_vector(q, v)``.

Sources (each system's own documentation; REP 103 for ROS):

* Unity: docs.unity3d.com/ScriptReference/Quaternion.Euler.html (ZXY, degrees),
  Quaternion(x, y, z, w), Transform.forward = +Z, left-handed.
* Unreal: dev.epicgames.com (coordinate system: left-handed, Z up, X forward,
  Y right); FQuat(X, Y, Z, W); FRotator(Pitch, Yaw, Roll) converted by
  ``FRotator::Quaternion`` (Rotator.h), whose signs give Rz(yaw)·Ry(-pitch)·Rx(-roll).
* Godot: docs.godotengine.org/en/stable/classes/class_basis.html (right-handed,
  Y up, -Z forward); Quaternion(x, y, z, w); Node3D.rotation_order default YXZ.
* Blender: docs.blender.org/api/current/bpy_types_enum_items/object_rotation_mode_items.html
  (Quaternion WXYZ; XYZ Euler is the default); Z up, right-handed, the Front
  view looks along +Y.
* ROS: ros.org/reps/rep-0103.html (right-handed, x forward, y left, z up;
  fixed-axis roll, pitch, yaw about X, Y, Z); geometry_msgs/Quaternion (x, y, z, w).
* three.js: threejs.org/docs Euler (default order 'XYZ', intrinsic) and
  Quaternion(x, y, z, w); right-handed, Y up, cameras look along -Z.
* Eigen: eigen.tuxfamily.org/dox/classEigen_1_1Quaternion.html --
  ``Quaternion(w, x, y, z)`` but ``coeffs()`` is ``(x, y, z, w)``; no world frame.
* scipy: docs.scipy.org ... Rotation.from_quat (``scalar_first=False`` by
  default: ``(x, y, z, w)``); no world frame, no default Euler order.

Examples
--------
Unity's ``Quaternion.Euler(0, 90, 0)`` turns its forward (+Z) to its right (+X);
in the course's frame that is -90° about y (clockwise seen from above):

>>> import quatlib as ql
>>> from quatlib import engines
>>> q = engines.quaternion_from_engine_euler([0, 90, 0], "unity")
>>> q
array([ 0.7071,  0.    , -0.7071,  0.    ])
>>> ql.rotate_vector(q, [0, 0, -1])  # the course's forward (into the screen) turns right
array([ 1.,  0., -0.])
>>> engines.quaternion_to_engine(q, "unity")  # what Unity stores: (x, y, z, w), about its +Y
array([0.    , 0.7071, 0.    , 0.7071])
>>> engines.vector_to_engine([0, 0, -1], "unreal")  # the course's forward is Unreal's +X
array([1., 0., 0.])
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from ._algebra import multiply
from ._axis_angle import quaternion_from_axis_angle
from ._validate import as_quaternion, as_vector

__all__ = [
    "Engine",
    "ENGINES",
    "engine",
    "basis_matrix",
    "vector_to_engine",
    "vector_from_engine",
    "quaternion_to_engine",
    "quaternion_from_engine",
    "quaternion_from_engine_euler",
    "conventions_table",
]

_AXES = {"X": 0, "Y": 1, "Z": 2}


@dataclass(frozen=True)
class Engine:
    """One system's conventions (a row of :data:`ENGINES`).

    ``forward`` is the engine axis pointing into the screen of its default
    view (where its cameras look; a robot's forward in ROS; the Front view's
    direction in Blender, whose models face -Y, toward that view).
    ``course_axes`` are the engine axes that the course's +x (right), +y (up)
    and +z (toward the viewer) become, e.g. Unity's ``("+X", "+Y", "-Z")``:
    they are the columns of :func:`basis_matrix`.  ``euler`` lists the
    rotations of the engine's default Euler angles in the order they act on a
    vector, as ``(argument index, signed engine axis)``; ``None`` where the
    system has no default order.

    >>> unity = engine("unity")
    >>> unity.handedness, unity.up, unity.course_axes, unity.storage
    ('left', '+Y', ('+X', '+Y', '-Z'), '(x, y, z, w)')
    """

    name: str
    handedness: str  # "right" or "left"
    up: str | None  # the engine axis that points up, None for a math library
    forward: str | None  # the axis into the screen of the default view (see above)
    course_axes: tuple[str, str, str]
    storage: str  # "(w, x, y, z)" or "(x, y, z, w)"
    euler_arguments: str | None  # how the engine's Euler call takes its three angles
    euler: tuple[tuple[int, str], ...] | None
    euler_text: str  # the default Euler convention in words and as a matrix product
    source: str

    @property
    def scalar_last(self) -> bool:
        """Whether the engine stores quaternions as ``(x, y, z, w)``."""
        return self.storage == "(x, y, z, w)"


ENGINES = MappingProxyType({
    "unity": Engine(
        "Unity", "left", "+Y", "+Z", ("+X", "+Y", "-Z"), "(x, y, z, w)",
        "Quaternion.Euler(x, y, z), degrees", ((2, "+Z"), (0, "+X"), (1, "+Y")),
        "z, then x, then y about the fixed axes: R = Ry(y)·Rx(x)·Rz(z)",
        "https://docs.unity3d.com/ScriptReference/Quaternion.Euler.html"),
    "unreal": Engine(
        "Unreal", "left", "+Z", "+X", ("+Y", "+Z", "-X"), "(x, y, z, w)",
        "FRotator(Pitch, Yaw, Roll), degrees", ((2, "-X"), (0, "-Y"), (1, "+Z")),
        "roll, then pitch, then yaw: R = Rz(yaw)·Ry(-pitch)·Rx(-roll) (pitch and roll turn the other way)",
        "https://dev.epicgames.com/documentation/en-us/unreal-engine/coordinate-system-and-spaces-in-unreal-engine"),
    "godot": Engine(
        "Godot", "right", "+Y", "-Z", ("+X", "+Y", "+Z"), "(x, y, z, w)",
        "Node3D.rotation = Vector3(x, y, z), radians", ((2, "+Z"), (0, "+X"), (1, "+Y")),
        "YXZ (the default rotation_order): R = Ry(y)·Rx(x)·Rz(z), the course's own",
        "https://docs.godotengine.org/en/stable/classes/class_basis.html"),
    "blender": Engine(
        "Blender", "right", "+Z", "+Y", ("+X", "+Z", "-Y"), "(w, x, y, z)",
        "rotation_euler = (x, y, z), radians", ((0, "+X"), (1, "+Y"), (2, "+Z")),
        "XYZ (the default rotation_mode): x, then y, then z about the fixed axes: R = Rz(z)·Ry(y)·Rx(x)",
        "https://docs.blender.org/api/current/bpy_types_enum_items/object_rotation_mode_items.html"),
    "ros": Engine(
        "ROS", "right", "+Z", "+X", ("-Y", "+Z", "-X"), "(x, y, z, w)",
        "tf2 Quaternion.setRPY(roll, pitch, yaw), radians", ((0, "+X"), (1, "+Y"), (2, "+Z")),
        "fixed-axis roll, pitch, yaw about X, Y, Z: R = Rz(yaw)·Ry(pitch)·Rx(roll)",
        "https://ros.org/reps/rep-0103.html"),
    "three.js": Engine(
        "three.js", "right", "+Y", "-Z", ("+X", "+Y", "+Z"), "(x, y, z, w)",
        "new Euler(x, y, z) ('XYZ'), radians", ((2, "+Z"), (1, "+Y"), (0, "+X")),
        "'XYZ' about the turning (intrinsic) axes: R = Rx(x)·Ry(y)·Rz(z)",
        "https://threejs.org/docs/#api/en/math/Euler"),
    "eigen": Engine(
        "Eigen", "right", None, None, ("+X", "+Y", "+Z"), "(x, y, z, w)",
        None, None,
        "none by default; eulerAngles(a0, a1, a2), turning axes: R = R_a0·R_a1·R_a2",
        "https://eigen.tuxfamily.org/dox/classEigen_1_1Quaternion.html"),
    "scipy": Engine(
        "scipy", "right", None, None, ("+X", "+Y", "+Z"), "(x, y, z, w)",
        None, None,
        "none by default; the course's R is from_euler('YXZ', [yaw, pitch, roll]) (capitals: turning axes) "
        "= from_euler('zxy', [roll, pitch, yaw]) (fixed axes)",
        "https://docs.scipy.org/doc/scipy/reference/generated/scipy.spatial.transform.Rotation.from_quat.html"),
})
"""The systems quatlib knows, by lower-case name (read-only)."""


def engine(name: str) -> Engine:
    """The :class:`Engine` called ``name`` (case-insensitive: ``"Unity"``, ``"three.js"``, ...).

    Raises
    ------
    ValueError
        For a name not in :data:`ENGINES`; the message lists the known names.

    >>> engine("ROS").forward
    '+X'
    """
    key = name.lower() if isinstance(name, str) else None
    if key not in ENGINES:
        known = ", ".join(repr(k) for k in ENGINES)
        raise ValueError(f"Expected an engine name, one of {known}, got {name!r}")
    return ENGINES[key]


def basis_matrix(name: str) -> np.ndarray:
    """The change of basis ``M`` with ``v_engine = M @ v_course`` (a signed permutation, ``det M = ±1``).

    Its columns are the engine's axes that the course's x, y and z become
    (:attr:`Engine.course_axes`).  ``det M = -1`` exactly for a left-handed
    engine.

    >>> basis_matrix("unreal")
    array([[ 0.,  0., -1.],
           [ 1.,  0.,  0.],
           [ 0.,  1.,  0.]])
    >>> round(float(np.linalg.det(basis_matrix("unity"))))
    -1
    """
    M = np.zeros((3, 3))
    for column, axis in enumerate(engine(name).course_axes):
        M[_AXES[axis[1]], column] = 1.0 if axis[0] == "+" else -1.0
    M.flags.writeable = False
    return M


def vector_to_engine(v, name: str) -> np.ndarray:
    """The course's vectors ``v`` (shape ``(..., 3)``) in the engine's coordinates: ``M v``.

    >>> vector_to_engine([1, 2, 3], "unity")  # x right, y up, z flipped: Unity's z points away from you
    array([ 1.,  2., -3.])
    >>> vector_to_engine([1, 2, 3], "ros")  # course right = ROS -y, up = +z, toward you = -x
    array([-3., -1.,  2.])
    """
    v = as_vector(v)
    return v @ basis_matrix(name).T.astype(v.dtype)


def vector_from_engine(v, name: str) -> np.ndarray:
    """The engine's vectors ``v`` (shape ``(..., 3)``) in the course's coordinates: ``M^T v``.

    >>> vector_from_engine([1, 0, 0], "unreal")  # Unreal's forward is the course's -z
    array([ 0.,  0., -1.])
    """
    v = as_vector(v)
    return v @ basis_matrix(name).astype(v.dtype)


def _change_basis(q: np.ndarray, M: np.ndarray) -> np.ndarray:
    """Scalar-first ``(w, u)`` to ``(w, det(M) · M u)``: the same rotation in the basis ``M`` (module docstring)."""
    det = round(float(np.linalg.det(M)))
    return np.concatenate([q[..., :1], q[..., 1:] @ (det * M).T.astype(q.dtype)], axis=-1)


def quaternion_to_engine(q, name: str) -> np.ndarray:
    """The course's quaternions ``q`` (``(w, x, y, z)``, shape ``(..., 4)``) as the engine stores them.

    ``(w, det(M) · M · (x, y, z))``, then reordered to ``(x, y, z, w)`` where
    the engine stores the scalar last (:attr:`Engine.storage`).  Unit length
    is kept; nothing is normalized.

    >>> q = quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)  # a quarter turn about up
    >>> quaternion_to_engine(q, "unreal")  # about Unreal's up (Z), the other way round: left-handed
    array([ 0.    ,  0.    , -0.7071,  0.7071])
    >>> quaternion_to_engine(q, "blender")  # about Blender's up (Z), stored w first
    array([0.7071, 0.    , 0.    , 0.7071])
    """
    q = as_quaternion(q)
    qe = _change_basis(q, basis_matrix(name))
    return np.roll(qe, -1, axis=-1) if engine(name).scalar_last else qe


def quaternion_from_engine(q, name: str) -> np.ndarray:
    """The engine's quaternions ``q`` (in its storage order, shape ``(..., 4)``) in the course's ``(w, x, y, z)``.

    The inverse of :func:`quaternion_to_engine`: ``(w, det(M) · M^T · u)``.

    >>> quaternion_from_engine([0, 0, 0.7071, 0.7071], "unreal")  # yaw 90° in Unreal: the course's -90° about y
    array([ 0.7071,  0.    , -0.7071,  0.    ])
    """
    q = as_quaternion(q)
    qe = np.roll(q, 1, axis=-1) if engine(name).scalar_last else q
    return _change_basis(qe, basis_matrix(name).T)


def quaternion_from_engine_euler(angles, name: str, *, degrees: bool = True) -> np.ndarray:
    """The course's quaternion ``(w, x, y, z)`` of the engine's default Euler angles ``angles``.

    ``angles`` are three numbers in the order the engine's own call takes
    them (:attr:`Engine.euler_arguments`: Unity ``(x, y, z)``, Unreal
    ``(pitch, yaw, roll)``, ROS ``(roll, pitch, yaw)``, ...).  The rotations
    are composed in the engine's coordinates, ``q_e = q_3 q_2 q_1`` (``q_1``
    acts first), and converted with :func:`quaternion_from_engine`.

    Raises
    ------
    ValueError
        For an unknown engine, or one without a default Euler order (Eigen, scipy).

    >>> quaternion_from_engine_euler([0, 90, 0], "unreal")  # FRotator yaw 90°: forward (X) turns right (Y)
    array([ 0.7071,  0.    , -0.7071,  0.    ])
    >>> quaternion_from_engine_euler([0, 0, 90], "ros")  # yaw 90°: forward (x) turns left (y)
    array([0.7071, 0.    , 0.7071, 0.    ])
    """
    spec = engine(name)
    if spec.euler is None:
        raise ValueError(f"Expected an engine with a default Euler order, got {spec.name!r}, which has none: "
                         f"{spec.euler_text}")
    angles = as_vector(angles, "Euler angles (three numbers)")
    if angles.ndim != 1:
        raise ValueError(f"Expected Euler angles with shape (3,), got {angles.shape}")
    qe = np.array([1.0, 0.0, 0.0, 0.0])
    for index, axis in spec.euler:
        direction = np.zeros(3)
        direction[_AXES[axis[1]]] = 1.0 if axis[0] == "+" else -1.0
        qe = multiply(quaternion_from_axis_angle(direction, float(angles[index]), degrees=degrees), qe)
    stored = np.roll(qe, -1) if spec.scalar_last else qe
    return quaternion_from_engine(stored, name)


def conventions_table() -> str:
    """The engines table as Markdown (``docs/cheatsheet.md`` holds exactly this; a test checks it).

    >>> print(conventions_table().splitlines()[2][:54])
    | Unity | left | +Y | +Z | +X, +Y, -Z | (x, y, z, w) |
    """
    rows = ["| System | Handed | Up | Forward | Course x, y, z are | Quaternion stored | Default Euler angles |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for e in ENGINES.values():
        rows.append(f"| {e.name} | {e.handedness} | {e.up or '—'} | {e.forward or '—'} | "
                    f"{', '.join(e.course_axes)} | {e.storage} | {e.euler_text} |")
    return "\n".join(rows)

"""quatlib: the numpy package behind quaternion-course.

Conventions (stated once, here and in the README; ``tests/test_conventions.py``
checks each formula):

* A quaternion is a float array of shape ``(..., 4)``, scalar first:
  ``q = (w, x, y, z) = w + x i + y j + z k``.  Vectors are ``(..., 3)`` arrays
  ``(x, y, z)``; matrices are ``(..., 3, 3)``.  Every function broadcasts over the
  leading axes, except the drift experiments, which follow one step
  (``accumulate_rotation``, ``accumulate_matrix``, ``max_drift``,
  ``integrate_angular_velocity``).
* Hamilton's product: ``i² = j² = k² = ijk = -1``, so ``ij = k``, ``jk = i``,
  ``ki = j``.
* Axes are right-handed with **Y up**: x right (red), y up (green), z toward the
  viewer (blue).  A positive angle turns counter-clockwise seen from the tip of
  the axis.
* Rotations are active: they move vectors, the axes stay put.
* A turn by ``θ`` about the unit axis ``n`` is ``q = cos(θ/2) + sin(θ/2) n``.
* ``rotate_vector(q, v) = q v q⁻¹`` with ``v`` as the pure quaternion ``(0, v)``
  and ``q⁻¹ = q* / |q|²``.
* ``multiply(p, q) = p q`` applies ``q`` first, then ``p``:
  ``rotate_vector(p q, v) = rotate_vector(p, rotate_vector(q, v))``.
* ``R = matrix_from_quaternion(q)`` satisfies ``R @ v = rotate_vector(q, v)``;
  its columns are the images of the x, y and z axes.
* Euler angles are (yaw, pitch, roll) = (about Y, about X, about Z) with
  ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``: roll is applied first, yaw last
  (scipy's intrinsic ``'YXZ'``, Unity's order).  Gimbal lock is at
  ``pitch = ±90°``.
* Numbers are never rescaled behind your back: only the functions that say so change
  a quaternion's length (:func:`normalize`, :func:`normalize_in_dtype`,
  :func:`renormalize_cheap`, and :func:`nlerp`, which normalizes by definition),
  and float32 input gives float32 output.
* Bad input (wrong shape, NaN or inf, a zero quaternion or axis, a matrix that is
  not a rotation) raises ``ValueError`` saying what was expected and what was got
  (leading axes that do not broadcast against each other get numpy's own message).

Routines
--------
algebra
    multiply, conjugate, inverse, norm, normalize, is_unit, dot, exp, log, power;
    constants IDENTITY, I, J, K (read-only); the value class Quaternion
rotation
    rotate_vector, angle_between
axis-angle
    quaternion_from_axis_angle, axis_angle_from_quaternion
matrix
    matrix_from_quaternion, quaternion_from_matrix, is_rotation_matrix,
    orthonormalize
Euler angles
    quaternion_from_euler, euler_from_quaternion, matrix_from_euler,
    euler_from_matrix, euler_jacobian, euler_jacobian_rank, GimbalLockWarning
interpolation
    lerp, nlerp, slerp, interpolate; measuring them: swept_angle, angular_speed,
    nlerp_max_error, path_angle; INTERPOLATION_METHODS
drift
    accumulate_rotation, accumulate_matrix, length_error, orthonormality_error,
    max_drift; what a drifted q does: sandwich_matrix, rotate_assuming_unit; the fixes
    normalize_in_dtype, renormalize_cheap; physics' drift: integrate_angular_velocity;
    DRIFT_STEP_ANGLE
reflections
    reflect, quaternion_from_mirrors, mirror_normals, hamilton_table
2D (the plane)
    rotation_matrix_2d, rotate_2d, complex_from_angle, rotate_complex, reflect_complex
printing
    table (aligned text tables of the numbers a notebook prints)
the belt trick (submodule ``quatlib.belt``)
    followed_quaternion, untangle_allowed, scene, ball_path, clearance

Plotting (``quatlib.plot``), widgets (``quatlib.widgets``) and the demos'
numpy-only models (``quatlib.models``) are submodules imported on first use,
so ``import quatlib`` loads only numpy.

Examples
--------
>>> import quatlib as ql
>>> q = ql.quaternion_from_axis_angle([0, 1, 0], 90, degrees=True)
>>> q
array([0.7071, 0.    , 0.7071, 0.    ])
>>> ql.rotate_vector(q, [1, 0, 0])
array([ 0.,  0., -1.])
"""

from __future__ import annotations

import importlib

from ._algebra import (
    IDENTITY,
    I,
    J,
    K,
    conjugate,
    dot,
    exp,
    inverse,
    is_unit,
    log,
    multiply,
    norm,
    normalize,
    power,
)
from ._axis_angle import axis_angle_from_quaternion, quaternion_from_axis_angle
from ._drift import (
    DRIFT_STEP_ANGLE,
    accumulate_matrix,
    accumulate_rotation,
    integrate_angular_velocity,
    length_error,
    max_drift,
    normalize_in_dtype,
    orthonormality_error,
    renormalize_cheap,
    rotate_assuming_unit,
    sandwich_matrix,
)
from ._euler import (
    GimbalLockWarning,
    euler_from_matrix,
    euler_from_quaternion,
    euler_jacobian,
    euler_jacobian_rank,
    matrix_from_euler,
    quaternion_from_euler,
)
from ._interp_motion import (
    INTERPOLATION_METHODS,
    angular_speed,
    interpolate,
    nlerp_max_error,
    path_angle,
    swept_angle,
)
from ._interpolate import lerp, nlerp, slerp
from ._matrix import is_rotation_matrix, matrix_from_quaternion, orthonormalize, quaternion_from_matrix
from ._plane import complex_from_angle, reflect_complex, rotate_2d, rotate_complex, rotation_matrix_2d
from ._quaternion import Quaternion
from ._reflect import hamilton_table, mirror_normals, quaternion_from_mirrors, reflect
from ._rotate import angle_between, rotate_vector
from ._table import table

__version__ = "0.1.0"

__all__ = [
    # algebra
    "IDENTITY",
    "I",
    "J",
    "K",
    "multiply",
    "conjugate",
    "inverse",
    "norm",
    "normalize",
    "is_unit",
    "dot",
    "exp",
    "log",
    "power",
    "Quaternion",
    # rotation
    "rotate_vector",
    "angle_between",
    # axis-angle
    "quaternion_from_axis_angle",
    "axis_angle_from_quaternion",
    # matrix
    "matrix_from_quaternion",
    "quaternion_from_matrix",
    "is_rotation_matrix",
    "orthonormalize",
    # Euler angles
    "quaternion_from_euler",
    "euler_from_quaternion",
    "matrix_from_euler",
    "euler_from_matrix",
    "euler_jacobian",
    "euler_jacobian_rank",
    "GimbalLockWarning",
    # interpolation
    "lerp",
    "nlerp",
    "slerp",
    "interpolate",
    "swept_angle",
    "angular_speed",
    "nlerp_max_error",
    "path_angle",
    "INTERPOLATION_METHODS",
    # drift
    "accumulate_rotation",
    "accumulate_matrix",
    "length_error",
    "orthonormality_error",
    "max_drift",
    "normalize_in_dtype",
    "renormalize_cheap",
    "integrate_angular_velocity",
    "sandwich_matrix",
    "rotate_assuming_unit",
    "DRIFT_STEP_ANGLE",
    # reflections
    "reflect",
    "quaternion_from_mirrors",
    "mirror_normals",
    "hamilton_table",
    # 2D
    "rotation_matrix_2d",
    "rotate_2d",
    "complex_from_angle",
    "rotate_complex",
    "reflect_complex",
    # printing
    "table",
]

_SUBMODULES = {"plot", "widgets", "models", "exercises", "belt", "workshop", "engines"}  # imported on first use


def __getattr__(name):
    """Import the heavy submodules (matplotlib, ipywidgets) only when first used."""
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

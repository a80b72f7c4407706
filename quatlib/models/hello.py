"""The model of notebook 00's hello cube: yaw, pitch and roll in, a rotation out (numpy only).

The widget :func:`quatlib.widgets.hello_cube` draws what :func:`cube_state` computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import matrix_from_euler, quaternion_from_euler

__all__ = ["CubeState", "cube_state"]


@dataclass(frozen=True)
class CubeState:
    """The cube's orientation, as a matrix and as a quaternion.

    Attributes
    ----------
    R : ndarray, shape (3, 3)
        ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``; its columns are where x, y, z went.
    q : ndarray, shape (4,)
        The same rotation as ``(w, x, y, z)``.

    Examples
    --------
    >>> s = cube_state(90, 0, 0)   # yaw 90°: x goes to −z
    >>> s.q, s.R[:, 0]
    (array([0.7071, 0.    , 0.7071, 0.    ]), array([ 0.,  0., -1.]))
    """

    R: np.ndarray
    q: np.ndarray


def cube_state(yaw: float, pitch: float, roll: float) -> CubeState:
    """The orientation of a cube turned by yaw, pitch and roll (degrees).

    Parameters
    ----------
    yaw, pitch, roll : float
        Angles in degrees: ``R = Ry(yaw) · Rx(pitch) · Rz(roll)``.

    Returns
    -------
    CubeState
        ``R`` (3, 3) and ``q`` (4,), ``(w, x, y, z)``.

    Examples
    --------
    >>> from quatlib.models.hello import cube_state
    >>> s = cube_state(yaw=90, pitch=0, roll=0)
    >>> s.q
    array([0.7071, 0.    , 0.7071, 0.    ])
    >>> s.R @ [1, 0, 0]   # x turned 90° about the up axis y
    array([ 0.,  0., -1.])
    """
    return CubeState(R=matrix_from_euler(yaw, pitch, roll, degrees=True),
                     q=quaternion_from_euler(yaw, pitch, roll, degrees=True))

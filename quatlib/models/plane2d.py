"""The models of notebook 01: a 2D rotation as a 2x2 matrix and as a unit complex number (numpy only).

The widgets :func:`quatlib.widgets.rotation_2d` and :func:`quatlib.widgets.complex_composition` draw what
:func:`rotation_2d_state` and :func:`composition_state` compute.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import complex_from_angle, rotate_2d, rotate_complex, rotation_matrix_2d

__all__ = ["Rotation2DState", "rotation_2d_state", "CompositionState", "composition_state"]


@dataclass(frozen=True)
class Rotation2DState:
    """One angle θ turning a point ``p`` in two languages.

    Attributes
    ----------
    theta : float
        The angle in degrees.
    point : ndarray, shape (2,)
        The point ``p`` before the turn.
    R : ndarray, shape (2, 2)
        ``R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]]``.
    rotor : complex
        ``e^{iθ} = cos θ + i sin θ``.
    matrix : ndarray, shape (2,)
        ``p′ = R(θ) p``.
    complex : ndarray, shape (2,)
        ``z′ = z e^{iθ}`` as ``(Re, Im)``, with ``z = p[0] + i p[1]``.
    """

    theta: float
    point: np.ndarray
    R: np.ndarray
    rotor: complex
    matrix: np.ndarray
    complex: np.ndarray

    @property
    def cos(self) -> float:
        """``cos θ``: the real part of ``e^{iθ}`` and the matrix's top-left entry."""
        return float(self.rotor.real)

    @property
    def sin(self) -> float:
        """``sin θ``: the imaginary part of ``e^{iθ}`` and the matrix's bottom-left entry."""
        return float(self.rotor.imag)

    @property
    def same(self) -> bool:
        """Whether the matrix and the complex number sent ``p`` to the same point (they always do)."""
        return bool(np.allclose(self.matrix, self.complex))


def rotation_2d_state(theta: float, point=(1.0, 0.5)) -> Rotation2DState:
    """Turn ``point`` by ``theta`` degrees with the 2x2 matrix and with ``e^{iθ}``.

    Parameters
    ----------
    theta : float
        Angle in degrees, counter-clockwise.
    point : (float, float)
        The point ``p``; as a complex number ``z = p[0] + i p[1]``.

    Returns
    -------
    Rotation2DState

    Examples
    --------
    >>> from quatlib.models.plane2d import rotation_2d_state
    >>> s = rotation_2d_state(90, point=(1, 0))
    >>> s.matrix, s.complex
    (array([0., 1.]), array([0., 1.]))
    >>> round(s.cos, 4), round(s.sin, 4), s.same
    (0.0, 1.0, True)
    """
    p = np.asarray(point, dtype=float)
    z2 = complex(rotate_complex(complex(p[0], p[1]), theta, degrees=True))
    return Rotation2DState(theta=float(theta), point=p, R=rotation_matrix_2d(theta, degrees=True),
                           rotor=complex(complex_from_angle(theta, degrees=True)),
                           matrix=rotate_2d(p, theta, degrees=True), complex=np.array([z2.real, z2.imag]))


@dataclass(frozen=True)
class CompositionState:
    """Turning 1 by α then β, and by β then α, beside one turn by α + β.

    Attributes
    ----------
    alpha, beta : float
        The two angles in degrees.
    alpha_then_beta, beta_then_alpha : complex
        ``(1 · e^{iα}) · e^{iβ}`` and ``(1 · e^{iβ}) · e^{iα}``.
    total : complex
        ``e^{i(α+β)}``.
    """

    alpha: float
    beta: float
    alpha_then_beta: complex
    beta_then_alpha: complex
    total: complex

    @property
    def same(self) -> bool:
        """Whether both orders and the single turn by α + β agree (2D rotations commute: always)."""
        return bool(np.isclose(self.alpha_then_beta, self.beta_then_alpha)
                    and np.isclose(self.alpha_then_beta, self.total))


def composition_state(alpha: float, beta: float) -> CompositionState:
    """Compose two 2D turns (degrees) as unit complex numbers, in both orders.

    Examples
    --------
    >>> from quatlib.models.plane2d import composition_state
    >>> s = composition_state(alpha=30, beta=60)
    >>> print(f"{s.alpha_then_beta:.4f}  {s.beta_then_alpha:.4f}  {s.total:.4f}")
    0.0000+1.0000j  0.0000+1.0000j  0.0000+1.0000j
    >>> s.same
    True
    """
    def turn(z, angle):
        return complex(rotate_complex(z, angle, degrees=True))

    return CompositionState(alpha=float(alpha), beta=float(beta),
                            alpha_then_beta=turn(turn(1.0, alpha), beta),
                            beta_then_alpha=turn(turn(1.0, beta), alpha),
                            total=complex(complex_from_angle(alpha + beta, degrees=True)))

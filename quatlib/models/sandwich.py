"""The model of notebook 04's sandwich: ``q v q⁻¹`` turns a vector, the one-sided ``q v`` does not (numpy only).

The widget :func:`quatlib.widgets.sandwich` draws what :func:`sandwich_state` computes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._algebra import conjugate, inverse, multiply, norm
from .._axis_angle import quaternion_from_axis_angle
from .._numbers import fmt
from .._rotate import rotate_vector
from .._validate import as_count, as_number, as_numbers
from .geometry import arc_points, axis_frame, split_along

__all__ = ["SandwichState", "sandwich_state", "check_vector", "check_choices", "angle_between_vectors",
           "choose_vector", "CASES", "VECTORS", "vector_choices", "AXIS_REACH", "signed", "zero_note"]

_TURNS = np.radians(np.linspace(0.0, 360.0, 97))  # the circle v's tip runs on, as 97 turns of v

#: How far the axis ``n`` is drawn each way from the origin; its name is written at ``AXIS_REACH · n``.
AXIS_REACH = 1.3

#: What the one-sided product does, by case (see :attr:`SandwichState.case`).
CASES = ("identity", "minus_one", "perpendicular", "along", "general")

#: Which vector is turned: the one given, or it moved across the axis or onto it (see :func:`choose_vector`).
VECTORS = ("given", "perpendicular", "along")


def angle_between_vectors(a, b) -> float:
    """Angle between two 3D vectors in degrees, ``atan2(|a×b|, a·b)`` (accurate near 0° and 180°); 0 for a zero vector.

    >>> angle_between_vectors([1, 0, 0], [1, 1, 0]), angle_between_vectors([1, 0, 0], [0, 0, 0])
    (45.0, 0.0)
    """
    a, b = as_numbers(a, 3, "vector a"), as_numbers(b, 3, "vector b")
    if np.linalg.norm(a) < 1e-12 or np.linalg.norm(b) < 1e-12:
        return 0.0
    return float(np.degrees(np.arctan2(np.linalg.norm(np.cross(a, b)), a @ b)))


@dataclass(frozen=True)
class SandwichState:
    """An axis-angle quaternion ``q`` turning a vector ``v`` by ``q v q⁻¹``, beside the one-sided ``q v``.

    Attributes
    ----------
    angle : float
        θ in degrees.
    axis : ndarray, shape (3,)
        The unit axis ``n`` set by the azimuth and elevation.
    v : ndarray, shape (3,)
        The vector turned.
    q : ndarray, shape (4,)
        ``cos(θ/2) + sin(θ/2) n`` (:func:`quatlib.quaternion_from_axis_angle`).
    v_rot : ndarray, shape (3,)
        ``v′ = rotate_vector(q, v)``.
    sandwich, sandwich_star : ndarray, shape (4,)
        ``q (0, v) q⁻¹`` and ``q (0, v) q*`` as Hamilton products: ``(0, v′)``, pure.
    qv : ndarray, shape (4,)
        The one-sided product ``q (0, v)``: not pure in general.
    qv_length : float
        The length of ``q v``'s vector part.
    qv_error_angle : float
        Degrees between ``q v``'s vector part and ``v′``.
    norm_q : float
        ``|q|`` (1).
    centre : ndarray, shape (3,)
        ``(v·n) n``: the centre of the circle ``v``'s tip runs on.
    ring : ndarray, shape (97, 3)
        That circle: ``v`` turned about ``n`` by 0°, 3.75°, ..., 360°.
    arc : ndarray, shape (97, 3)
        The arc θ sweeps on that circle, from ``v`` to ``v′`` (:func:`quatlib.models.geometry.arc_points`).
    v_par, v_perp : ndarray, shape (3,)
        ``v = v∥ + v⊥``: the part along the axis, ``(v·n) n``, and the part across it.
    sandwich_par, sandwich_perp : ndarray, shape (4,)
        ``q v∥ q*`` (``= (0, v∥)``: the axis part stays) and ``q v⊥ q*``.
    q2_v_perp : ndarray, shape (4,)
        ``q² v⊥``: the same as ``q v⊥ q*`` (``q v⊥ = v⊥ q*``, since ``n`` anticommutes with ``v⊥``),
        a pure quaternion, ``v⊥`` turned by θ.
    pole : bool
        ``|elevation| ≥ 90°``: the axis is ±y whatever the azimuth.
    case : str
        One of :data:`CASES`: ``q = 1`` ("identity"), ``q = −1`` ("minus_one"), ``v ⊥ n``
        ("perpendicular": ``q v`` is pure but turned by θ/2), ``v`` along ``n`` ("along"), or "general".

    Examples
    --------
    For ``v`` not perpendicular to the axis (and ``q ≠ ±1``), ``q v`` has a real part: it is not a vector.  The
    sandwich is pure.

    >>> s = sandwich_state(azimuth=0, elevation=90, angle=90, v=(1, 1, 0))
    >>> s.pure_and_same, round(s.qv_w, 4), s.case
    (True, -0.7071, 'general')
    """

    angle: float
    axis: np.ndarray
    v: np.ndarray
    q: np.ndarray
    v_rot: np.ndarray
    sandwich: np.ndarray
    sandwich_star: np.ndarray
    qv: np.ndarray
    qv_length: float
    qv_error_angle: float
    norm_q: float
    centre: np.ndarray
    ring: np.ndarray
    arc: np.ndarray
    v_par: np.ndarray
    v_perp: np.ndarray
    sandwich_par: np.ndarray
    sandwich_perp: np.ndarray
    q2_v_perp: np.ndarray
    pole: bool
    case: str

    @property
    def verdict(self) -> tuple[str, str]:
        """What ``q v`` does, in a sentence for the readout and in short for the figure's note."""
        half, qv_len, w = f"{self.angle / 2:.1f}", f"{self.qv_length:.3f}", fmt(self.qv_w)
        back = np.cos(np.radians(self.angle) / 2) < 0  # past ±180°: cos(θ/2) v points the other way
        return {
            "identity": ("θ = 0: q = 1, so q v = v. Nothing to get wrong yet: move θ.", ""),
            "minus_one": ("θ = ±360°: q = −1, so q v = −v: a vector, but pointing the wrong way "
                          "(q v q⁻¹ = v: a full turn).", "q v = −v:\nwrong way round"),
            "perpendicular": (f"Here v ⊥ n, so q v is pure (w = 0) and has v's length, but it turned v by only "
                              f"θ/2 = {half}°: the other half comes from q⁻¹.",
                              "v ⊥ n: q v is pure here,\nbut turned v by θ/2 only"),
            "along": (f"Here v lies on the axis: q v q⁻¹ = v, but q v shrinks it to cos(θ/2)·v (length {qv_len}"
                      f"{', reversed' if back else ''}) and moves the rest into w = {w}.",
                      "v on the axis: w ≠ 0,\nvector part " + ("shrunk, reversed" if back else "shrunk")),
            "general": (f"✗ w = {w} ≠ 0: q v is not a pure quaternion, so not a vector. Its vector part "
                        f"has length {qv_len} (|v| = {self.v_length:.3f}) and points {self.qv_error_angle:.1f}° "
                        "away from q v q⁻¹.", "w ≠ 0: q v is not a vector,\nits vector part is off"),
        }[self.case]

    @property
    def qv_norm4(self) -> float:
        """The length of ``q v`` as a 4D vector, ``√(w² + |vector part|²)``: ``|q| |v| = |v|``, kept, part of it
        moved into ``w``."""
        return float(np.linalg.norm(self.qv))

    @property
    def qv_w(self) -> float:
        """The real part ``w`` of ``q v``: ``−sin(θ/2) (n·v)``, zero only in special cases."""
        return float(self.qv[0])

    @property
    def v_length(self) -> float:
        """``|v| = |v′|``."""
        return float(np.linalg.norm(self.v))

    @property
    def unturned(self) -> bool:
        """``v′ = v``: ``v`` lies on the axis, or θ is a whole number of turns."""
        return bool(np.allclose(self.v_rot, self.v, atol=1e-9))

    @property
    def arc_middle(self) -> np.ndarray:
        """The middle point of :attr:`arc`, where θ is named."""
        return self.arc[len(self.arc) // 2]

    def labels(self, v_gap: float, qv_gap: float, angle_gap: float) -> tuple[list, list]:
        """The names written in the left and the right panel, in the order they are placed: ``(label, point, base,
        text)``.

        Each ``text`` goes beside ``point`` (an arrow's tip, the middle of θ's arc), on the side away from
        ``base`` (:func:`quatlib.plot.place_beside`); ``label`` says what it names: ``"axis"`` (n), ``"angle"``
        (θ), ``"turned"`` (``v′ = q v q⁻¹``), ``"v"`` and, on the right, ``"qv"`` (the vector part of ``q v``);
        an empty text writes nothing.  The axis names come first, then θ's.
        The gaps are how far apart two points are drawn (:func:`quatlib.plot.screen_gap`, in panel units):
        ``v_gap`` between the tips of ``v`` and ``v′`` (left), ``qv_gap`` between the tips of ``q v``'s vector
        part and ``v′`` (right), ``angle_gap`` between :attr:`arc_middle` and ``v``'s tip (left).

        Two arrows drawn on top of each other get one name: ``v′`` drawn less than 0.3 from ``v`` is named
        ``q v q⁻¹ ≈ v`` when it is also less than 0.1 from ``v`` in space (``q v q⁻¹ = v`` when ``v`` did not
        turn at all, :attr:`unturned`), else ``q v q⁻¹, v`` (apart, but seen one behind the other), and ``v``
        is not named; ``q v``'s vector part less than 0.05 from ``v′`` is named ``vec(q v) = q v q⁻¹`` and ``v′`` is not
        named.  θ is named only when there is a turn to see (θ ≠ 0 and ``v`` off the axis) and the middle of its
        arc is more than 0.2 from ``v``'s tip (not on ``v``'s name).

        >>> s = sandwich_state(azimuth=20, elevation=70, angle=90)
        >>> left, right = s.labels(v_gap=1.0, qv_gap=1.0, angle_gap=1.0)
        >>> [text for *_, text in left], [text for *_, text in right]
        (['n', 'θ = 90°', 'q v q⁻¹', 'v'], ['n', 'q v q⁻¹', 'vec(q v)'])
        >>> [label for label, *_ in right]
        ['axis', 'turned', 'qv']
        >>> left, right = s.labels(v_gap=0.1, qv_gap=0.01, angle_gap=0.1)   # drawn close, 90° apart in space
        >>> [text for *_, text in left], [text for *_, text in right]
        (['n', '', 'q v q⁻¹, v', ''], ['n', '', 'vec(q v) = q v q⁻¹'])
        >>> [text for *_, text in sandwich_state(azimuth=20, elevation=70, angle=3).labels(0.1, 1.0, 1.0)[0]]
        ['n', 'θ = 3°', 'q v q⁻¹ ≈ v', '']
        """
        zero, tip = np.zeros(3), AXIS_REACH * self.axis
        close = self.unturned or v_gap < 0.3
        near = np.linalg.norm(self.v_rot - self.v) < 0.1  # in space, not only in the picture
        coincide = qv_gap < 0.05
        turned = ("q v q⁻¹ = v" if self.unturned else "q v q⁻¹ ≈ v" if near else "q v q⁻¹, v") if close else "q v q⁻¹"
        swept = abs(self.angle) > 1e-9 and np.linalg.norm(self.v_perp) > 1e-9 and angle_gap > 0.2
        angle = f"θ = {fmt(self.angle, 0)}°" if swept else ""
        left = [("axis", tip, zero, "n"), ("angle", self.arc_middle, self.centre, angle),
                ("turned", self.v_rot, zero, turned), ("v", self.v, zero, "" if close else "v")]
        right = [("axis", tip, zero, "n"), ("turned", self.v_rot, zero, "" if coincide else "q v q⁻¹"),
                 ("qv", self.qv[1:], zero, "vec(q v) = q v q⁻¹" if coincide else "vec(q v)")]
        return left, right

    @property
    def zero_notes(self) -> list:
        """Why a number of ``q`` or the ``w`` of ``q v q⁻¹`` prints as ``-0.0000`` (:func:`zero_note`), sorted.

        >>> sandwich_state(20, 70, 360, v=(1, 0, 0)).zero_notes   # q = −1 up to rounding
        ['z = -0.0000: -1.4e-17: negative, a rounding error far below 0.00005']
        """
        return sorted({f"{name} = {signed(x)}: {zero_note(x)}"
                       for name, x in [*zip("wxyz", self.q), ("w of q v q⁻¹", self.sandwich[0])] if zero_note(x)})

    @property
    def pure_and_same(self) -> bool:
        """``q v q⁻¹`` is ``(0, v′)`` and ``q v q*`` gives the same (``q`` is a unit quaternion)."""
        return bool(np.allclose(self.sandwich[1:], self.v_rot, atol=1e-12)
                    and np.allclose(self.sandwich_star, self.sandwich, atol=1e-12))


def check_vector(v) -> np.ndarray:
    """``v`` as a float ``(3,)`` array, refused if it cannot be turned (non-finite or zero).

    >>> check_vector((0, 0, 0))
    Traceback (most recent call last):
    ...
    ValueError: Expected a finite non-zero vector v, got (0.0, 0.0, 0.0)
    """
    v = as_numbers(v, 3, "vector v")
    if np.linalg.norm(v) == 0:
        raise ValueError(f"Expected a finite non-zero vector v, got {tuple(v.tolist())}")
    return v


def signed(x: float, digits: int = 4) -> str:
    """A number with its sign kept even when it rounds to zero: ``-0.0000`` stays ``-0.0000``.

    Unlike ``quatlib.widgets._base.fmt``, which prints ``0.0000`` for every
    zero, this shows what the float holds: the minus sign of an exact signed zero
    (``-0.0``, equal to ``0.0``) and of a tiny negative rounding error such as
    ``-6e-17`` (a negative number, far below the last digit shown).  The readout
    tells the two apart (:func:`zero_note`).

    >>> signed(-0.0), signed(-6e-17), signed(6e-17), signed(-0.70710678)
    ('-0.0000', '-0.0000', '0.0000', '-0.7071')
    """
    return f"{as_number(x, 'x'):.{as_count(digits, 'digits', 0, 20)}f}"


def zero_note(x: float) -> str:
    """Why ``signed(x)`` shows ``-0.0000``: an exact signed zero, or a negative number too small to show; else ''.

    >>> zero_note(-0.0)
    '-0.0 exactly: a zero with its sign bit set, equal to 0'
    >>> zero_note(-6e-17), zero_note(0.0)
    ('-6e-17: negative, a rounding error far below 0.00005', '')
    """
    if not (signed(x).startswith("-") and float(signed(x)) == 0.0):
        return ""
    return "-0.0 exactly: a zero with its sign bit set, equal to 0" if x == 0 else \
        f"{float(x):.2g}: negative, a rounding error far below 0.00005"


def check_choices(vector: str) -> None:
    """Refuse a ``vector`` choice the demo does not offer (:data:`VECTORS`).

    >>> check_choices("along")
    >>> check_choices("sideways")
    Traceback (most recent call last):
    ...
    ValueError: Expected vector in ('given', 'perpendicular', 'along'), got 'sideways'
    """
    if vector not in VECTORS:
        raise ValueError(f"Expected vector in {VECTORS}, got {vector!r}")


def choose_vector(v, axis, vector: str = "given") -> np.ndarray:
    """The vector to turn: ``v`` itself, or ``v`` of the same length moved across the axis or onto it.

    ``"perpendicular"`` keeps ``v``'s part across the unit ``axis`` and stretches it back to ``|v|`` (if ``v``
    lies on the axis, a fixed direction across it is used); ``"along"`` is ``|v|`` times the axis, on ``v``'s
    side of it.

    >>> choose_vector([3, 4, 0], [0, 1, 0], "perpendicular"), choose_vector([3, 4, 0], [0, 1, 0], "along")
    (array([5., 0., 0.]), array([0., 5., 0.]))
    """
    v, axis = check_vector(v), as_numbers(axis, 3, "axis")
    check_choices(vector)
    length, along = np.linalg.norm(v), float(v @ axis)
    if vector == "along":
        return (length if along >= 0 else -length) * axis
    if vector == "perpendicular":
        across = split_along(v, axis)[1]
        if np.linalg.norm(across) < 1e-9 * length:  # v on the axis: any direction across it will do
            across = np.cross(axis, [1.0, 0.0, 0.0] if abs(axis[0]) < 0.9 else [0.0, 1.0, 0.0])
        return length * across / np.linalg.norm(across)
    return v


def vector_choices(v) -> list:
    """The choices of the demo's ``vector`` control, ``(text, value)`` for each of :data:`VECTORS`: ``v`` as given
    (its numbers, to two decimals), moved across the axis, or onto it (:func:`choose_vector`).

    >>> vector_choices((1, 0.2, 0))
    [('v = (1.00, 0.20, 0.00)', 'given'), ('v moved ⊥ axis', 'perpendicular'), ('v moved onto the axis', 'along')]
    """
    numbers = ", ".join(fmt(x, 2) for x in check_vector(v))
    return list(zip((f"v = ({numbers})", "v moved ⊥ axis", "v moved onto the axis"), VECTORS, strict=True))


def sandwich_state(azimuth: float, elevation: float, angle: float, v=(1.0, 0.2, 0.0),
                   vector: str = "given") -> SandwichState:
    """Turn ``v`` by θ = ``angle`` degrees about the axis (``azimuth``, ``elevation``), two-sided and one-sided.

    Parameters
    ----------
    azimuth, elevation : float
        The axis in degrees: ``n = (cos el cos az, sin el, −cos el sin az)``; at elevation ±90° it is ±y.
    angle : float
        θ in degrees.
    v : (float, float, float)
        The vector turned (finite, non-zero; see :func:`check_vector`).
    vector : {"given", "perpendicular", "along"}
        Turn ``v`` itself, or ``v`` moved across the axis or onto it (:func:`choose_vector`).

    Returns
    -------
    SandwichState

    Examples
    --------
    90° about y turns (1, 0, 0) to (0, 0, −1); the one-sided product turns it by only 45°:

    >>> from quatlib.models.sandwich import sandwich_state
    >>> s = sandwich_state(azimuth=0, elevation=90, angle=90, v=(1, 0, 0))
    >>> s.q, s.v_rot
    (array([0.7071, 0.    , 0.7071, 0.    ]), array([ 0.,  0., -1.]))
    >>> s.qv, round(s.qv_error_angle, 4), s.case
    (array([-0.    ,  0.7071,  0.    , -0.7071]), 45.0, 'perpendicular')
    """
    axis = axis_frame(azimuth, elevation)[:, 0]
    v = choose_vector(v, axis, vector)
    q = quaternion_from_axis_angle(axis, angle, degrees=True)
    v_par, v_perp = split_along(v, axis)
    v_pure = np.concatenate([[0.0], v])
    v_rot = rotate_vector(q, v)
    qv = multiply(q, v_pure)  # the one-sided product
    length = np.linalg.norm(v)
    if np.allclose(q, [1, 0, 0, 0], atol=1e-12):
        case = "identity"
    elif np.allclose(q, [-1, 0, 0, 0], atol=1e-12):
        case = "minus_one"
    elif abs(float(v @ axis)) < 1e-9 * length:
        case = "perpendicular"
    elif np.linalg.norm(np.cross(v, axis)) < 1e-9 * length:
        case = "along"
    else:
        case = "general"
    return SandwichState(
        angle=float(angle), axis=axis, v=v, q=q, v_rot=v_rot,
        sandwich=multiply(multiply(q, v_pure), inverse(q)), sandwich_star=multiply(multiply(q, v_pure), conjugate(q)),
        qv=qv, qv_length=float(np.linalg.norm(qv[1:])), qv_error_angle=angle_between_vectors(qv[1:], v_rot),
        norm_q=float(norm(q)), centre=v_par,
        ring=rotate_vector(quaternion_from_axis_angle(axis, _TURNS), v), v_par=v_par, v_perp=v_perp,
        arc=arc_points(axis, v_perp, np.radians(float(angle)), center=v_par, n=97),  # θ's, from v to v′
        sandwich_par=_sandwich(q, v_par), sandwich_perp=_sandwich(q, v_perp),
        q2_v_perp=multiply(multiply(q, q), np.concatenate([[0.0], v_perp])), pole=abs(float(elevation)) >= 90,
        case=case)


def _sandwich(q, v) -> np.ndarray:
    """``q (0, v) q*`` as two Hamilton products."""
    return multiply(multiply(q, np.concatenate([[0.0], v])), conjugate(q))

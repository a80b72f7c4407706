"""``Quaternion``: a small immutable value class so notebook cells read like the math.

It wraps a read-only float array of shape ``(..., 4)`` (usually ``(4,)``) and
delegates every formula to the quatlib functions -- there is no second
implementation of the product, the inverse or the sandwich here::

    q * v * q.inverse()     ==  multiply(multiply(q, (0, v)), inverse(q))
    q.rotate(v)             ==  rotate_vector(q, v)

Operands are promoted by shape: a number ``s`` is the real quaternion
``(s, 0, 0, 0)``, a 3-vector ``v`` is the pure quaternion ``(0, v)``, an array of
shape ``(..., 4)`` is a quaternion.  ``*`` is the Hamilton product (by a number:
scaling), ``+`` and ``-`` add componentwise, ``/`` divides by a number only
(``p / q`` would not say whether ``p q⁻¹`` or ``q⁻¹ p`` is meant).
"""

from __future__ import annotations

import numbers

import numpy as np

from ._algebra import (
    IDENTITY,
    I,
    J,
    K,
    conjugate,
    exp,
    inverse,
    log,
    multiply,
    norm,
    normalize,
    power,
)
from ._axis_angle import quaternion_from_axis_angle
from ._rotate import rotate_vector
from ._validate import (
    _as_float_array,
    as_quaternion,
    as_tolerance,
    as_vector,
    check_finite,
    check_overflow,
    is_python_number,
    result_dtype,
)

__all__ = ["Quaternion"]


def _read_only(a: np.ndarray) -> np.ndarray:
    a = np.array(a, copy=True)
    a.flags.writeable = False
    return a


def _scalar_or_array(a: np.ndarray):
    """A Python float for a single value, else the (read-only) array."""
    return float(a) if a.ndim == 0 else a


def _fmt(x: float, precision: int) -> str:
    return np.format_float_positional(x, precision=precision, unique=True, trim="-")


class Quaternion:
    """An immutable quaternion ``w + x i + y j + z k`` (or an array of them).

    Parameters
    ----------
    *components : array_like
        Either one array of shape ``(..., 4)`` in the order ``(w, x, y, z)`` (or
        another ``Quaternion``), or the four components ``w, x, y, z`` (numbers
        or arrays that broadcast).  The values are copied and made read-only;
        float32 stays float32 (Python numbers among the components take the
        dtype of the arrays, as in numpy).

    Attributes
    ----------
    w, x, y, z : float or ndarray
        The components (a float for a single quaternion).
    vector : ndarray, shape (..., 3)
        The vector part ``(x, y, z)``.
    array : ndarray, shape (..., 4)
        All four, read-only.
    I, J, K, ONE : Quaternion
        Class constants ``i``, ``j``, ``k`` and ``1``.

    Notes
    -----
    ``==`` is exact, componentwise (``-0.0 == 0.0``), and returns one ``bool``;
    a real quaternion equals the number it holds (``Quaternion.I * Quaternion.I
    == -1``).  Use :meth:`isclose` for rounded results.  Hashing agrees with
    ``==`` (like ``complex``: ``hash(Quaternion(2, 0, 0, 0)) == hash(2)``).
    ``numpy`` functions and every quatlib function accept a ``Quaternion``
    (``np.asarray(q)`` is its array); numpy's arithmetic operators defer to it,
    so ``np.array([1, 0, 0]) * q`` is the Hamilton product ``(0, 1, 0, 0) q``.

    Raises
    ------
    ValueError
        If the shape is not ``(..., 4)``, an entry is NaN or inf, or the number of
        arguments is neither 1 nor 4.

    Examples
    --------
    >>> from quatlib import Quaternion
    >>> I, J, K = Quaternion.I, Quaternion.J, Quaternion.K
    >>> I * J == K, J * I == -K, I * I == -1
    (True, True, True)
    >>> q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    >>> q
    Quaternion(0.7071 + 0i + 0.7071j + 0k)
    >>> q.conj()
    Quaternion(0.7071 - 0i - 0.7071j - 0k)
    >>> (q * [1, 0, 0] * q.inverse()).vector
    array([ 0.,  0., -1.])
    """

    __slots__ = ("_q",)
    __array_ufunc__ = None  # numpy operators defer to ours (``v * q`` is a product)

    I: Quaternion
    J: Quaternion
    K: Quaternion
    ONE: Quaternion

    def __init__(self, *components):
        if len(components) == 1:
            q = as_quaternion(components[0])
        elif len(components) == 4:
            parts = [_as_float_array(c, "quaternion component") for c in components]
            try:
                parts = np.broadcast_arrays(*parts)
            except ValueError:
                raise ValueError(
                    "Expected components w, x, y, z with broadcastable shapes, got "
                    + ", ".join(str(p.shape) for p in parts)
                ) from None
            # Python numbers are weak (NEP 50): (float32 array, 0, 0, 0) stays float32
            dtype = result_dtype(*(None if is_python_number(c) else p for c, p in zip(components, parts, strict=True)))
            q = check_finite(np.stack(parts, axis=-1).astype(dtype, copy=False), "quaternion")
        else:
            raise ValueError(
                "Expected one array of shape (..., 4) or four components w, x, y, z, "
                f"got {len(components)} arguments"
            )
        object.__setattr__(self, "_q", _read_only(q))

    # -- construction ----------------------------------------------------------
    @classmethod
    def pure(cls, v) -> Quaternion:
        """The pure quaternion ``(0, v)`` = ``0 + x i + y j + z k`` of vectors ``v`` (..., 3).

        >>> from quatlib import Quaternion
        >>> Quaternion.pure([1, 0, 0])
        Quaternion(0 + 1i + 0j + 0k)
        """
        v = as_vector(v)
        q = np.zeros(v.shape[:-1] + (4,), dtype=v.dtype)
        q[..., 1:] = v
        return cls(q)

    @classmethod
    def from_axis_angle(cls, axis, angle, degrees: bool = False) -> Quaternion:
        """``cos(θ/2) + sin(θ/2) n``; see :func:`quaternion_from_axis_angle`.

        >>> from quatlib import Quaternion
        >>> Quaternion.from_axis_angle([0, 0, 1], 180, degrees=True)
        Quaternion(0 + 0i + 0j + 1k)
        """
        return cls(quaternion_from_axis_angle(axis, angle, degrees=degrees))

    # -- read-only views -------------------------------------------------------
    def __reduce__(self):
        """Copy, deepcopy and pickle rebuild the value from its array (it is immutable)."""
        return (Quaternion, (self._q,))

    def __setattr__(self, name, value):
        raise AttributeError(f"Quaternion is immutable: cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"Quaternion is immutable: cannot delete {name!r}")

    @property
    def array(self) -> np.ndarray:
        """The components ``(..., 4)`` as a read-only array."""
        return self._q

    @property
    def w(self):
        """Scalar part ``w`` (a float for a single quaternion)."""
        return _scalar_or_array(self._q[..., 0])

    @property
    def x(self):
        """Coefficient of ``i``."""
        return _scalar_or_array(self._q[..., 1])

    @property
    def y(self):
        """Coefficient of ``j``."""
        return _scalar_or_array(self._q[..., 2])

    @property
    def z(self):
        """Coefficient of ``k``."""
        return _scalar_or_array(self._q[..., 3])

    @property
    def vector(self) -> np.ndarray:
        """Vector part ``(x, y, z)``, shape (..., 3), read-only."""
        return self._q[..., 1:]

    @property
    def shape(self) -> tuple:
        """Shape of the batch: ``()`` for a single quaternion."""
        return self._q.shape[:-1]

    @property
    def dtype(self) -> np.dtype:
        return self._q.dtype

    def __array__(self, dtype=None, copy=None):
        if dtype is not None and np.dtype(dtype) != self._q.dtype:
            if copy is False:
                raise ValueError(
                    f"Expected a copy to convert {self._q.dtype} to {np.dtype(dtype)}, "
                    "got copy=False"
                )
            return self._q.astype(dtype)
        return self._q.copy() if copy else self._q

    # -- algebra (all delegated) -----------------------------------------------
    def conj(self) -> Quaternion:
        """Conjugate ``q* = w - x i - y j - z k``; see :func:`conjugate`."""
        return Quaternion(conjugate(self._q))

    def inverse(self) -> Quaternion:
        """Inverse ``q⁻¹ = q* / |q|²``; see :func:`inverse`."""
        return Quaternion(inverse(self._q))

    def norm(self):
        """Length ``|q|`` (a float for a single quaternion); see :func:`norm`."""
        return _scalar_or_array(norm(self._q))

    def normalized(self) -> Quaternion:
        """``q / |q|``; see :func:`normalize`."""
        return Quaternion(normalize(self._q))

    def exp(self) -> Quaternion:
        """See :func:`exp`."""
        return Quaternion(exp(self._q))

    def log(self) -> Quaternion:
        """See :func:`log`."""
        return Quaternion(log(self._q))

    def rotate(self, v) -> np.ndarray:
        """Rotate vectors ``v`` (..., 3) by the sandwich ``q v q⁻¹``; see :func:`rotate_vector`.

        >>> from quatlib import Quaternion
        >>> Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True).rotate([1, 0, 0])
        array([ 0.,  0., -1.])
        """
        return rotate_vector(self._q, v)

    def isclose(self, other, rtol: float = 1e-5, atol: float = 1e-8) -> bool:
        """Whether all components agree within ``atol + rtol·|other|`` (``np.allclose``).

        Exact sign matters: ``q.isclose(-q)`` is False although ``q`` and ``-q`` are
        the same rotation (use :func:`angle_between` for that).  ``other`` is read
        as in arithmetic: a number ``s`` is ``(s, 0, 0, 0)``, a 3-vector ``v`` is
        ``(0, v)``.

        Raises
        ------
        ValueError
            If ``other`` is not a number, a 3-vector or a quaternion, has a NaN or
            inf, or a tolerance is not a finite number ``>= 0``.

        Examples
        --------
        >>> import quatlib as ql
        >>> q = ql.Quaternion.from_axis_angle([0, 0, 1], 90, degrees=True)
        >>> q5 = q * q * q * q * q        # five quarter turns, 450°: the same rotation as q, but -q
        >>> q.isclose(q5), q.isclose(-q5), round(float(ql.angle_between(q, q5)), 12)
        (False, True, 0.0)
        """
        rtol = as_tolerance(rtol, "tolerance rtol")
        atol = as_tolerance(atol, "tolerance atol")
        return bool(np.allclose(self._q, _promote(other), rtol=rtol, atol=atol))

    def __mul__(self, other):
        if _is_number(other):
            return _fitting(lambda: self._q * _number(other), "product q * s")
        return Quaternion(multiply(self._q, _promote(other)))

    def __rmul__(self, other):
        if _is_number(other):
            return _fitting(lambda: _number(other) * self._q, "product s * q")
        return Quaternion(multiply(_promote(other), self._q))

    def __truediv__(self, other):
        if not _is_number(other):
            return NotImplemented
        s = _number(other)
        if s == 0:
            raise ValueError(f"Expected a non-zero divisor for q / s, got {float(s)!r}")
        return _fitting(lambda: self._q / s, "quotient q / s")

    def __pow__(self, t):
        """``q ** t = exp(t log q)`` for a real exponent ``t``; see :func:`power`."""
        if isinstance(t, Quaternion):
            raise ValueError(  # noqa: TRY004 - ValueError for every bad input, as in the gate
                "Expected a real exponent t for q ** t = exp(t log q), got a Quaternion "
                "(a quaternion exponent is not defined here)"
            )
        return Quaternion(power(self._q, t))

    def __add__(self, other):
        return _fitting(lambda: self._q + _promote(other, self._q.dtype), "sum q + p")

    def __radd__(self, other):
        return _fitting(lambda: _promote(other, self._q.dtype) + self._q, "sum p + q")

    def __sub__(self, other):
        return _fitting(lambda: self._q - _promote(other, self._q.dtype), "difference q - p")

    def __rsub__(self, other):
        return _fitting(lambda: _promote(other, self._q.dtype) - self._q, "difference p - q")

    def __neg__(self):
        return Quaternion(-self._q)

    def __pos__(self):
        return self

    # -- comparison and display ------------------------------------------------
    def __eq__(self, other):
        if isinstance(other, Quaternion):
            o = other._q
        elif _is_number(other):
            o = _promote(other)  # a Python number as float64: a float32 0.1 is not 0.1 (as in numpy)
        else:
            return NotImplemented
        return bool(self._q.shape == o.shape and np.array_equal(self._q, o))

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        if self._q.shape == (4,) and not self._q[1:].any():
            return hash(float(self._q[0]))  # a real quaternion hashes like its number
        return hash((self._q.shape, tuple(self._q.ravel().tolist())))

    def __str__(self):
        if self._q.ndim != 1:
            return np.array2string(self._q)
        precision = np.get_printoptions()["precision"]
        w, *rest = self._q.tolist()
        text = _fmt(w, precision)
        for value, unit in zip(rest, "ijk"):
            sign = "-" if np.signbit(value) else "+"
            text += f" {sign} {_fmt(abs(value), precision)}{unit}"
        return text

    def __repr__(self):
        if self._q.ndim != 1:
            body = np.array2string(self._q, separator=", ", prefix="Quaternion(")
            return f"Quaternion({body})"
        return f"Quaternion({self})"


def _fitting(compute, what: str) -> Quaternion:
    """``Quaternion(compute())``; an overflow is a ValueError saying so (no RuntimeWarning)."""
    with np.errstate(over="ignore", invalid="ignore"):
        out = compute()
    return Quaternion(check_overflow(out, what))


def _is_number(x) -> bool:
    return isinstance(x, numbers.Real) or (isinstance(x, np.ndarray) and x.ndim == 0)


def _number(x):
    """A validated real number; Python int/float stay Python (weak: float32 stays float32)."""
    a = check_finite(_as_float_array(x, "number"), "number")
    return float(a) if isinstance(x, (int, float)) else a


def _promote(other, like: np.dtype = np.float64) -> np.ndarray:
    """A number → (s, 0, 0, 0); a (..., 3) vector → (0, v); (..., 4) → itself.

    Python numbers take the dtype ``like`` (they carry none of their own).
    """
    if isinstance(other, Quaternion):
        return other._q
    a = _as_float_array(other, "quaternion operand")
    check_finite(a, "quaternion operand")
    if a.ndim == 0:
        dtype = like if isinstance(other, (int, float)) else a.dtype
        out = np.zeros(4, dtype=dtype)
        out[0] = a
        return out
    if a.shape[-1] == 3:
        out = np.zeros(a.shape[:-1] + (4,), dtype=a.dtype)
        out[..., 1:] = a
        return out
    if a.shape[-1] == 4:
        return a
    raise ValueError(
        "Expected a number, a 3-vector (..., 3) (a pure quaternion) or a quaternion "
        f"(..., 4), got shape {a.shape}"
    )


Quaternion.ONE = Quaternion(IDENTITY)
Quaternion.I = Quaternion(I)
Quaternion.J = Quaternion(J)
Quaternion.K = Quaternion(K)

"""The Quaternion value class: reads like the math, delegates every formula."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quatlib as ql
from quatlib import Quaternion

I, J, K, ONE = Quaternion.I, Quaternion.J, Quaternion.K, Quaternion.ONE

component = st.floats(-2, 2, allow_nan=False)
arrays4 = st.tuples(component, component, component, component).map(np.array)
nonzero4 = arrays4.filter(lambda q: np.linalg.norm(q) > 0.1)
vectors = st.tuples(component, component, component).map(np.array)


@pytest.fixture
def four_decimals():
    old = np.get_printoptions()
    np.set_printoptions(precision=4, suppress=True)
    yield
    np.set_printoptions(**old)


# -- Hamilton's rules ---------------------------------------------------------------------
def test_hamilton_rules_exactly():
    assert I * J == K and J * K == I and K * I == J
    assert J * I == -K and K * J == -I and I * K == -J
    assert I * I == J * J == K * K == I * J * K == -1
    assert I * I == Quaternion(-1, 0, 0, 0)
    assert I * J != J * I


# -- the sandwich and the course's numbers --------------------------------------------------
@settings(deadline=None)
@given(nonzero4, vectors)
def test_sandwich_equals_rotate_vector(q, v):
    Q = Quaternion(q)
    out = Q * v * Q.inverse()  # the 3-vector is promoted to the pure quaternion (0, v)
    assert out.w == pytest.approx(0, abs=1e-9)
    np.testing.assert_allclose(out.vector, ql.rotate_vector(q, v), atol=1e-9)
    np.testing.assert_allclose(Q.rotate(v), ql.rotate_vector(q, v))
    pure = Q * Quaternion.pure(v) * Q.inverse()
    assert pure.isclose(out)


@settings(deadline=None)
@given(nonzero4, nonzero4, vectors)
def test_composition_applies_right_factor_first(p, q, v):
    P, Q = Quaternion(p), Quaternion(q)
    np.testing.assert_allclose((P * Q).rotate(v), P.rotate(Q.rotate(v)), atol=1e-8)


def test_course_numbers_notebook_04():
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_allclose(q.array, [np.sqrt(0.5), 0, np.sqrt(0.5), 0])
    assert q.norm() == pytest.approx(1.0)
    yaw90 = q
    pitch90 = Quaternion.from_axis_angle([1, 0, 0], 90, degrees=True)
    np.testing.assert_allclose((yaw90 * pitch90).rotate([0, 0, 1]), [0, -1, 0], atol=1e-15)
    np.testing.assert_allclose((pitch90 * yaw90).rotate([0, 0, 1]), [1, 0, 0], atol=1e-15)
    v = [2, 3, 5]
    q40 = Quaternion.from_axis_angle([0, 1, 0], 40, degrees=True)
    np.testing.assert_allclose(q40.conj().rotate(q40.rotate(v)), v)
    z180 = Quaternion.from_axis_angle([0, 0, 1], 180, degrees=True)
    np.testing.assert_allclose(z180.rotate([1, 0, 0]), [-1, 0, 0], atol=1e-15)


def test_one_sided_product_is_not_a_rotation():
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    c = np.sqrt(0.5)
    qv = q * [1, 0, 0]  # (c + c j) i = c i - c k: the wrong vector
    np.testing.assert_allclose(qv.array, [0, c, 0, -c])
    np.testing.assert_allclose(q.rotate([1, 0, 0]), [0, 0, -1], atol=1e-15)
    assert (q * [1, 1, 0]).w == pytest.approx(-c)  # and not even a pure quaternion


# -- delegation to the functions ---------------------------------------------------------------
@settings(deadline=None)
@given(nonzero4, nonzero4)
def test_methods_match_functions(p, q):
    P, Q = Quaternion(p), Quaternion(q)
    np.testing.assert_array_equal((P * Q).array, ql.multiply(p, q))
    np.testing.assert_array_equal(Q.conj().array, ql.conjugate(q))
    np.testing.assert_array_equal(Q.inverse().array, ql.inverse(q))
    np.testing.assert_array_equal(Q.normalized().array, ql.normalize(q))
    assert Q.norm() == float(ql.norm(q))
    np.testing.assert_array_equal((-Q).array, -q)
    np.testing.assert_array_equal((P + Q).array, p + q)
    np.testing.assert_array_equal((P - Q).array, p - q)
    np.testing.assert_array_equal(Q.exp().array, ql.exp(q))
    np.testing.assert_array_equal(Q.log().array, ql.log(q))


def test_scalars_and_promotion():
    q = Quaternion(1, 2, 3, 4)
    assert 2 * q == q * 2 == Quaternion(2, 4, 6, 8)
    assert q / 2 == Quaternion(0.5, 1, 1.5, 2)
    assert q + 1 == 1 + q == Quaternion(2, 2, 3, 4)
    assert 1 - q == Quaternion(0, -2, -3, -4)
    assert q + [1, 1, 1] == Quaternion(1, 3, 4, 5)  # 3-vector: pure quaternion
    assert q - np.array([1, 0, 0, 0]) == Quaternion(0, 2, 3, 4)
    assert [1, 0, 0] * J == K  # i j = k with i written as a vector
    assert np.array([1.0, 0, 0]) * J == K  # numpy defers to the Hamilton product
    assert np.float64(2) * q == 2 * q


def test_power():
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    half = q**0.5
    assert (half * half).isclose(q)
    assert half.isclose(Quaternion.from_axis_angle([0, 1, 0], 45, degrees=True))


def test_constructors():
    assert Quaternion([1, 0, 0, 0]) == Quaternion(1, 0, 0, 0) == ONE == 1
    assert Quaternion(ql.I) == I
    assert Quaternion(I) == I
    assert Quaternion.pure([0, 0, 1]) == K
    batch = Quaternion(np.ones(3), 0, 0, 0)
    assert batch.shape == (3,)
    assert batch.array.shape == (3, 4)


def test_components():
    q = Quaternion(1, 2, 3, 4)
    assert (q.w, q.x, q.y, q.z) == (1.0, 2.0, 3.0, 4.0)
    assert isinstance(q.w, float)
    np.testing.assert_array_equal(q.vector, [2, 3, 4])
    batch = Quaternion(np.arange(8.0).reshape(2, 4))
    np.testing.assert_array_equal(batch.w, [0, 4])
    np.testing.assert_array_equal(batch.norm(), ql.norm(batch))


# -- numpy interoperability --------------------------------------------------------------------
def test_array_protocol():
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    np.testing.assert_array_equal(np.asarray(q), q.array)
    np.testing.assert_array_equal(ql.rotate_vector(q, [1, 0, 0]), q.rotate([1, 0, 0]))
    np.testing.assert_array_equal(ql.multiply(q, q), (q * q).array)
    assert np.asarray(q, dtype=np.float32).dtype == np.float32
    copy = np.array(q)
    copy[0] = 5  # a copy is writable and does not touch q
    assert q.w != 5
    assert np.array([I, J]).shape == (2, 4)


def test_float32_kept():
    q = Quaternion(np.array([1, 2, 3, 4], np.float32))
    p = Quaternion(np.array([0, 1, 0, 0], np.float32))
    for out in (q * p, q.conj(), q.inverse(), q.normalized(), -q, q + p, 2 * q, q * 2.5,
                q / 2, q + 1, q * np.float32(3)):
        assert out.dtype == np.float32, out
    assert q.rotate(np.ones(3, np.float32)).dtype == np.float32


# -- immutability, equality, hashing -----------------------------------------------------------
def test_immutable():
    source = np.array([1.0, 0, 0, 0])
    q = Quaternion(source)
    source[0] = 9  # the class copied its input
    assert q.w == 1
    with pytest.raises(AttributeError, match="Quaternion is immutable: cannot set 'w'"):
        q.w = 2
    with pytest.raises(AttributeError, match="Quaternion is immutable: cannot set '_q'"):
        q._q = np.zeros(4)
    with pytest.raises(AttributeError, match="Quaternion is immutable: cannot set 'extra'"):
        q.extra = 1
    with pytest.raises(AttributeError, match="cannot delete"):
        del q._q
    with pytest.raises(ValueError, match="read-only"):
        q.array[0] = 2
    with pytest.raises(ValueError, match="read-only"):
        np.asarray(q)[0] = 2
    with pytest.raises(ValueError, match="read-only"):
        q.vector[0] = 2
    with pytest.raises(ValueError, match="read-only"):
        I.array[1] = 5  # the class constants too
    assert I == Quaternion(0, 1, 0, 0)


def test_equality_is_exact_and_hash_agrees():
    a = Quaternion(0.0, 1, 0, 0)
    b = Quaternion(-0.0, 1, 0, 0)
    assert a == b and hash(a) == hash(b)  # signed zero equals zero
    assert Quaternion(0.1, 0, 0, 0) != Quaternion(0.1 + 1e-16 * 2, 0, 0, 0)
    assert hash(Quaternion(2, 0, 0, 0)) == hash(2)  # like complex(2, 0)
    assert {I * I, Quaternion(-1, 0, 0, 0), -ONE} == {Quaternion(-1, 0, 0, 0)}
    assert len({I, J, K, J * K}) == 3
    assert Quaternion(np.ones((2, 4))) == Quaternion(np.ones((2, 4)))
    assert Quaternion(np.ones((2, 4))) != Quaternion(np.ones((3, 4)))
    assert (I == "i") is False
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    assert not q.isclose(-q)  # isclose compares components, not rotations
    assert q.isclose([np.sqrt(0.5), 0, np.sqrt(0.5), 0])


# -- display -----------------------------------------------------------------------------------
def test_repr(four_decimals):
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    assert repr(q) == "Quaternion(0.7071 + 0i + 0.7071j + 0k)"
    assert str(q) == "0.7071 + 0i + 0.7071j + 0k"
    # signed zeros are shown as they are: the conjugate negates the zero x and z
    assert repr(q.conj()) == "Quaternion(0.7071 - 0i - 0.7071j - 0k)"
    assert repr(Quaternion(1, 2, -3, 4.5)) == "Quaternion(1 + 2i - 3j + 4.5k)"
    assert repr(Quaternion(-1e-17, 0, 0, 1)) == "Quaternion(-0 + 0i + 0j + 1k)"
    w180 = Quaternion.from_axis_angle([0, 1, 0], 180, degrees=True)
    assert repr(w180) == "Quaternion(0 + 0i + 1j + 0k)"
    assert repr(Quaternion(np.eye(4)[:2])) == (
        "Quaternion([[1., 0., 0., 0.],\n            [0., 1., 0., 0.]])"
    )


def test_repr_follows_print_precision():
    q = Quaternion.from_axis_angle([0, 1, 0], 90, degrees=True)
    with np.printoptions(precision=2):
        assert repr(q) == "Quaternion(0.71 + 0i + 0.71j + 0k)"


# -- errors ------------------------------------------------------------------------------------
def test_errors():
    with pytest.raises(ValueError, match=r"Expected quaternion with shape \(\.\.\., 4\), got \(3,\)"):
        Quaternion([1, 2, 3])
    with pytest.raises(ValueError, match=(r"Expected one array of shape \(\.\.\., 4\) or four components w, x, y, z, "
                                          r"got 2 arguments")):
        Quaternion(1, 2)
    with pytest.raises(ValueError, match=r"Expected finite quaternion, got NaN at index 1"):
        Quaternion(1, np.nan, 0, 0)
    with pytest.raises(ValueError, match=(r"Expected components w, x, y, z with broadcastable shapes, "
                                          r"got \(2,\), \(3,\), \(\), \(\)")):
        Quaternion(np.ones(2), np.ones(3), 0, 0)
    with pytest.raises(ValueError, match=(r"Expected a number, a 3-vector \(\.\.\., 3\) \(a pure quaternion\) "
                                          r"or a quaternion \(\.\.\., 4\), got shape \(2,\)")):
        I * [1, 2]
    with pytest.raises(ValueError, match=r"Expected finite quaternion operand, got \+inf at index 0"):
        I + [np.inf, 0, 0]
    with pytest.raises(ValueError, match=r"Expected finite number, got NaN"):
        I * float("nan")
    with pytest.raises(ValueError, match=r"Expected non-zero quaternion, got zero length"):
        Quaternion(0, 0, 0, 0).inverse()
    with pytest.raises(ValueError, match=r"Expected non-zero rotation axis"):
        Quaternion.from_axis_angle([0, 0, 0], 1.0)
    with pytest.raises(TypeError):
        I / J  # division by a quaternion is ambiguous (p q⁻¹ or q⁻¹ p): not defined


# --- issue 12: regressions, each named after what broke -------------------------


def test_quaternion_inverse_of_huge_was_zero():
    inv = Quaternion(1e308, 1e308, 0, 0).inverse()
    np.testing.assert_allclose(inv.array * 1e308 * 2, [1, -1, 0, 0], rtol=1e-12)


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_quaternion_division_by_zero_said_inf_and_warned():
    for zero in (0.0, 0, np.float64(0.0), -0.0):
        with pytest.raises(ValueError, match="Expected a non-zero divisor for q / s, got"):
            Quaternion(1, 2, 3, 4) / zero
    with pytest.raises(ValueError, match="Expected quotient q / s within the float64 range"):
        Quaternion(1e300, 0, 0, 0) / 1e-300


@pytest.mark.filterwarnings("error::RuntimeWarning")
def test_quaternion_scaling_overflow_said_inf_and_warned():
    with pytest.raises(ValueError, match="Expected product q \\* s within the float64 range"):
        Quaternion(1e308, 0, 0, 0) * 10
    with pytest.raises(ValueError, match="Expected product s \\* q within the float64 range"):
        10 * Quaternion(1e308, 0, 0, 0)
    with pytest.raises(ValueError, match="Expected sum q \\+ p within the float64 range"):
        Quaternion(1e308, 0, 0, 0) + Quaternion(1e308, 0, 0, 0)
    with pytest.raises(ValueError, match="Expected difference q - p within the float64 range"):
        Quaternion(1e308, 0, 0, 0) - Quaternion(-1e308, 0, 0, 0)
    assert Quaternion(1, 2, 3, 4) * 2 == Quaternion(2, 4, 6, 8)  # unchanged when it fits
    assert Quaternion(2, 4, 6, 8) / 2 == Quaternion(1, 2, 3, 4)


def test_quaternion_power_of_quaternion_returned_a_batch():
    q = Quaternion(1, 0, 0, 0)
    with pytest.raises(ValueError, match="Expected a real exponent t for q \\*\\* t"):
        q**q
    assert (Quaternion.from_axis_angle([0, 0, 1], 90, degrees=True) ** 2).isclose(Quaternion.K)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_quaternion_copy_deepcopy_pickle_raised_attribute_error(dtype):
    import copy
    import pickle

    q = Quaternion(np.array([[1, 2, 3, 4], [0, 1, 0, 0]], dtype=dtype))
    for other in (copy.copy(q), copy.deepcopy(q), pickle.loads(pickle.dumps(q))):
        assert isinstance(other, Quaternion)
        assert other == q
        assert other.dtype == q.dtype
        assert not other.array.flags.writeable
        with pytest.raises(AttributeError, match="immutable"):
            other.foo = 1


@pytest.mark.parametrize("name", ["rtol", "atol"])
def test_isclose_tolerance_nan_accepted(name):
    with pytest.raises(ValueError, match=f"Expected finite tolerance {name}, got NaN"):
        Quaternion(1, 0, 0, 0).isclose(Quaternion(1, 0, 0, 0), **{name: np.nan})
    with pytest.raises(ValueError, match=f"Expected a tolerance {name} >= 0, got -1.0"):
        Quaternion(1, 0, 0, 0).isclose(Quaternion(1, 0, 0, 0), **{name: -1})


def test_equality_with_a_python_number_is_exact_and_agrees_with_the_hash():
    a = ql.Quaternion(np.float32([0.1, 0, 0, 0]))
    assert a != 0.1 and hash(a) != hash(0.1) and a not in {0.1}  # float32 0.1 is not 0.1, as in numpy
    assert a == np.float32(0.1) and hash(a) == hash(np.float32(0.1))
    assert ql.Quaternion(np.float32([2, 0, 0, 0])) == 2 and hash(ql.Quaternion(np.float32([2, 0, 0, 0]))) == hash(2)


def test_python_numbers_among_the_components_keep_float32():
    assert ql.Quaternion(np.float32([1, 2]), 0, 0, 0).dtype == np.float32
    assert ql.Quaternion(np.float32(1), np.float64(0), 0, 0).dtype == np.float64
    assert ql.Quaternion(1, 0, 0, 0).dtype == np.float64

"""What made mechlib form the bicycles faster than KanesMethod (issue 47,
item 6) keeps the results: the solvability checks are numeric determinants,
the speeds' coefficients in the constraints come from SymPy's
``linear_eq_to_matrix``, and the Whipple bicycle of SymPy's own
``test_kane3.py`` (as ``benchmarks/kane_vs_mechlib.py`` builds it) agrees
with ``KanesMethod``."""


import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from benchmarks.kane_vs_mechlib import _kane3_kanes_method, _kane3_mechlib
from mechlib import errors
from mechlib.nonholonomic import _speed_coefficients, _vanishes_numerically


def test_numeric_determinant_check_agrees_with_the_symbolic_one():
    q1, q2 = me.dynamicsymbols("q1, q2")
    a = sm.symbols("a")
    regular = sm.Matrix([[sm.cos(q1), a * sm.sin(q2)], [sm.sin(q1), a]])
    # rows proportional everywhere, though no entry is zero
    singular = sm.Matrix([[sm.cos(q1), sm.sin(q2)],
                          [a * sm.cos(q1), a * sm.sin(q2)]])
    # the symbolic determinant is zero only after an identity
    identity = sm.Matrix([[sm.sin(q1) ** 2, 1 - sm.cos(q1) ** 2], [1, 1]])
    zero_column = sm.Matrix([[0, q1], [0, q2]])
    assert not _vanishes_numerically(regular, "M")
    assert _vanishes_numerically(singular, "M")
    assert _vanishes_numerically(identity, "M")
    assert _vanishes_numerically(zero_column, "M")
    with pytest.raises(errors.NonFiniteValueError, match="M are not finite"):
        _vanishes_numerically(sm.Matrix([[1 / (q1 - q1), 1], [0, 1]]), "M")


def test_speed_coefficients_are_the_jacobian_and_name_a_nonlinear_speed():
    ex = ml.systems.rolling_disc()
    s = ex.system
    speeds = list(s.u_ind) + list(s.u_dep)
    C = ml.replace_qdots(sm.Matrix(s.nonholonomic_constraints), s.kdes)
    assert _speed_coefficients(C, speeds) == C.jacobian(speeds)
    u1, u2 = me.dynamicsymbols("u1, u2")
    with pytest.raises(errors.NonlinearSpeedError, match="not linear in the speed"):
        _speed_coefficients(sm.Matrix([u1 * u2 + u1]), [u1, u2])
    with pytest.raises(errors.NonlinearSpeedError, match="u1"):
        _speed_coefficients(sm.Matrix([sm.sin(u1) + u2]), [u1, u2])


@pytest.mark.slow
def test_kane3_bicycle_agrees_with_kanes_method():
    M_km, f_km = _kane3_kanes_method()
    M_ml, f_ml = _kane3_mechlib()
    assert ml.verify.relative_difference(M_ml, M_km, samples=2) < 1e-12
    assert ml.verify.relative_difference(f_ml, f_km, samples=2) < 1e-12

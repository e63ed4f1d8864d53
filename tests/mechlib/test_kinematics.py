"""Partial velocities, remainder, table, replace_qdots, and bad input."""

import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from mechlib.errors import ShapeError, SpeedError

t = me.dynamicsymbols._t


@pytest.fixture
def rod_on_slider():
    """The rod R pinned at A; A slides along n_x (q1), R turns (q2)."""
    L = sm.symbols("L")
    q1, q2, u1, u2 = me.dynamicsymbols("q1, q2, u1, u2")
    N, R = me.ReferenceFrame("N"), me.ReferenceFrame("R")
    R.orient_axis(N, q2, N.z)
    A, B = me.Point("A"), me.Point("B")
    A.set_vel(N, u1 * N.x)
    B.set_pos(A, -L * R.x)
    B.v2pt_theory(A, N, R)
    kdes = [q1.diff() - u1, q2.diff() - u2]
    return dict(L=L, q2=q2, u1=u1, u2=u2, N=N, R=R, A=A, B=B, kdes=kdes)


def test_rod_on_slider_by_hand(rod_on_slider):
    d = rod_on_slider
    N, R, L, q2 = d["N"], d["R"], d["L"], d["q2"]
    (vA, vB, wR) = ml.partial_velocities([d["A"], d["B"], d["R"]],
                                         [d["u1"], d["u2"]], N,
                                         kdes=d["kdes"])
    # by hand: v_B = u1 n_x + u2 n_z x (-L r_x) = u1 n_x - L u2 r_y
    assert vA == [N.x, 0]
    assert vB[0] == N.x
    assert (vB[1] + L * R.y).express(N).simplify() == me.Vector(0)
    assert wR == [0, N.z]
    # agrees with sympy's partial_velocity on the same (q'-free) vectors
    ref = me.partial_velocity([d["B"].vel(N).xreplace(
        {q2.diff(): d["u2"]})], [d["u1"], d["u2"]], N)
    assert ref[0][0] == vB[0]


def test_speeds_may_be_coordinate_rates(rod_on_slider):
    d = rod_on_slider
    q2 = d["q2"]
    R, N = d["R"], d["N"]
    w = ml.partial_velocities([R], [q2.diff()], N)
    assert w == [[N.z]]


def test_remainder_prescribed_support():
    r = sm.symbols("r")
    q1, u1, s = me.dynamicsymbols("q1, u1, s")
    N, D = me.ReferenceFrame("N"), me.ReferenceFrame("D")
    D.orient_axis(N, q1, N.z)
    D.set_ang_vel(N, u1 * N.z)
    O = me.Point("O")
    O.set_vel(N, s.diff() * N.x)
    P = O.locatenew("P", r * D.x)
    P.v2pt_theory(O, N, D)
    vt = ml.remainder(P, [u1], N, prescribed=[s])
    assert vt == s.diff() * N.x
    (v1,), = ml.partial_velocities([P], [u1], N, prescribed=[s])
    # v = v_1 u_1 + v_t
    assert (P.vel(N) - v1 * u1 - vt).express(N).simplify() == me.Vector(0)


def test_table(rod_on_slider):
    d = rod_on_slider
    table = ml.partial_velocity_table(
        [d["A"], d["B"], d["R"], (r"\bar{v}", 3 * d["u2"] * d["N"].y)],
        [d["u1"], d["u2"]], d["N"], kdes=d["kdes"])
    assert table.shape == (4, 2)
    assert table[3, 1] == 3 * d["N"].y
    latex = table._repr_latex_()
    assert r"{}^{N}\bar{v}^{B}" in latex and r"\hat{r}_y" in latex
    assert r"\mathbf" not in latex
    M = table.to_matrix()
    assert M.shape == (12, 2)
    assert M[9:12, 1] == sm.Matrix([0, 3, 0])
    assert "w^R" in str(table)


def test_replace_qdots_dict_and_equations():
    q1, u1, u2 = me.dynamicsymbols("q1, u1, u2")
    assert ml.replace_qdots(q1.diff() ** 2, {q1.diff(): u1}) == u1 ** 2
    assert ml.replace_qdots([q1.diff()], [sm.Eq(2 * q1.diff(), u1 + u2)]) \
        == [(u1 + u2) / 2]


# -- bad input (and test_error_contract.py's rows for partial_velocities) --

def test_speed_of_other_variable():
    N = me.ReferenceFrame("N")
    x = sm.Symbol("x")
    with pytest.raises(SpeedError, match="dynamicsymbols"):
        ml.partial_velocities([N.x], [sm.Function("u")(x)], N)


def test_not_a_list():
    N = me.ReferenceFrame("N")
    u1 = me.dynamicsymbols("u1")
    with pytest.raises(ShapeError, match="list"):
        ml.partial_velocities(u1 * N.x, [u1], N)


def test_kdes_count_mismatch():
    q1, q2, u1 = me.dynamicsymbols("q1, q2, u1")
    with pytest.raises(ShapeError, match="kinematical differential"):
        ml.replace_qdots(q1.diff(), [q1.diff() + q2.diff() - u1])

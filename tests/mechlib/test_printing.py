"""init_printing and the hat LaTeX printer."""

import sympy.physics.mechanics as me

import mechlib as ml


def test_hats_not_bold():
    N = me.ReferenceFrame("N")
    q1 = me.dynamicsymbols("q1")
    assert ml.printing.latex(q1.diff() * N.x - N.y) == \
        r"\dot{q}_{1}\hat{n}_x - \hat{n}_y"


def test_frames_unchanged_and_custom_latex_kept():
    ml.init_printing(pretty_print=False)
    A = me.ReferenceFrame("A")
    assert A.latex_vecs[0] == r"\mathbf{\hat{a}_x}"
    C = me.ReferenceFrame("C", latexs=("e_1", "e_2", "e_3"))
    assert ml.printing.latex(C.x + 2 * C.z) == "e_1 + 2e_3"


def test_dyadic_and_lists():
    N = me.ReferenceFrame("N")
    out = ml.printing.latex([me.outer(N.x, N.x), N.z])
    assert r"\hat{n}_x\otimes \hat{n}_x" in out and r"\hat{n}_z" in out


def test_parenthesized_sum_coefficient():
    a, b = me.dynamicsymbols("a, b")
    N = me.ReferenceFrame("N")
    assert ml.printing.latex((a + b) * N.x) == r"\left(a + b\right)\hat{n}_x"


def test_deterministic_text():
    ex1 = ml.systems.double_pendulum()
    ex2 = ml.systems.double_pendulum()
    s1 = me.vsprint(ex1.P2.vel(ex1.N))
    s2 = me.vsprint(ex2.P2.vel(ex2.N))
    assert s1 == s2

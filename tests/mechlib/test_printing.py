"""init_printing and the hat LaTeX printer."""

import difflib
import os
import subprocess
import sys
from pathlib import Path

import sympy.physics.mechanics as me

import mechlib as ml

ROOT = Path(__file__).resolve().parents[2]


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


# A derivation whose printed text a chapter would show: velocities, Kane's
# equations and the generalized forces of two example systems.
DERIVATION = """
import sympy.physics.mechanics as me
import mechlib as ml

for name in ("double_pendulum", "slider_rod_bead"):
    ex = getattr(ml.systems, name)()
    eqs = ml.kanes_equations(ex)
    for body in ex.bodies:
        print(me.vsprint(body.masscenter.vel(ex.N)))
    print(me.vsprint(eqs.Fr))
    print(me.vsprint(eqs.Frs))
    print(me.vsprint(eqs.mass_matrix))
    print(me.vsprint(eqs.forcing))
    print(ml.printing.latex(eqs.forcing))
"""


def _print_derivation(hash_seed):
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    result = subprocess.run([sys.executable, "-c", DERIVATION], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def test_printed_text_does_not_depend_on_the_hash_seed():
    """Two interpreters with different string hashing (set and dict orders of
    symbols differ) print the same derivation identically."""
    first, second = _print_derivation(0), _print_derivation(12345)
    assert first.strip(), "the derivation printed nothing"
    assert first == second, "".join(difflib.unified_diff(
        first.splitlines(True), second.splitlines(True), "PYTHONHASHSEED=0",
        "PYTHONHASHSEED=12345"))

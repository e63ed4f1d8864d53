"""Form and linearize the Whipple bicycle with mechlib and with KanesMethod.

The benchmark bicycle of Meijaard et al. (2007), ``ml.systems.whipple_bicycle``
(eight coordinates, one configuration constraint, five motion constraints,
Cramer's rule for the dependent speeds), in one run:

* forming the equations: ``ml.kanes_equations(ex)`` against
  ``KanesMethod(..., constraint_solver="CRAMER").kanes_equations``;
* linearizing about upright, straight-ahead motion at ``--speed`` m/s:
  ``ml.linearize`` (numerical, complex-step) against
  ``kane.linearize(A_and_B=True, linear_solver="CRAMER", op_point=...)``
  (symbolic; with the benchmark's numbers in ``op_point``, so that the
  matrices it inverts are numbers), and a sweep of eleven speeds with
  ``ml.linearization.Linearizer`` (its numerical function formed once),
  when this mechlib has it, and with the chapter's own route
  (book/whipple-bicycle.md): ``sympy.cse`` on the shared expression tree
  first, then ``lambdify`` of the reduced expressions, and complex-step
  derivatives of the lean and steer accelerations.

SymPy's cache is emptied before each timing and the bicycle is built anew,
so that no method profits from expressions another one formed. Every
linearization is checked: the eigenvalues of its lean-steer block must be
the benchmark's (Table 2) to 1e-10 relative. Prints one table of seconds and
ratios. ``KanesMethod.linearize`` with Cramer's rule ran for more than half
an hour on the project's machine without finishing (in SymPy's
Laplace-expansion determinant); ``--skip-kanes-linearize`` leaves it out.

Usage::

    python benchmarks/bicycle.py
    python benchmarks/bicycle.py --skip-kanes-linearize
"""

import argparse
import sys
import time

import numpy as np
import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.cache import clear_cache

import mechlib as ml
from mechlib.systems.bicycle import benchmark_parameters, upright_operating_point

#: Meijaard et al. (2007), Table 2: the eigenvalues at 5 m/s.
TABLE_2_AT_5 = [-14.07838969279820, -0.32286642900409,
                -0.77534188219585 + 4.46486771378823j,
                -0.77534188219585 - 4.46486771378823j]
TABLE_2 = {0: [-5.53094371765393, -3.13164324790656, 3.13164324790656,
               5.53094371765393], 5: TABLE_2_AT_5,
           10: [-24.62459635017404, 0.16105338653172,
                -3.72016840437287 + 10.90681139476287j,
                -3.72016840437287 - 10.90681139476287j]}


def _time(fn):
    clear_cache()
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _lean_steer_eigenvalues(A, state, ex):
    """Eigenvalues of the block of A for lean, steer and their rates."""
    names = [str(x) for x in state]
    keys = [str(x) for x in (ex.lean, ex.steer, ex.lean_rate, ex.steer_rate)]
    block = [names.index(k) for k in keys]
    return np.linalg.eigvals(np.asarray(A, dtype=float)[np.ix_(block, block)])


def _check(eigenvalues, expected, what):
    got = np.sort_complex(np.asarray(eigenvalues, dtype=complex))
    want = np.sort_complex(np.asarray(expected, dtype=complex))
    err = float(np.max(np.abs(got - want) / np.abs(want)))
    if err > 1e-10:
        raise SystemExit(f"{what}: eigenvalues {got} differ from Table 2 "
                         f"{want} by {err:.1e} relative")
    return err


def _cse_sweep(eqs, ex, constants, speeds):
    """The chapter's route: compile once via cse, complex-step A at each v."""
    from mechlib.systems.bicycle import BENCHMARK_PARAMETERS
    params = [ex.names[k] for k in BENCHMARK_PARAMETERS]
    values = np.array([constants[p] for p in params])
    x_sym = sm.symbols(f"state_0:{len(eqs.state)}")
    p_sym = sm.symbols(f"param_0:{len(params)}")
    names = dict(zip(eqs.state, x_sym, strict=True)) | dict(zip(params, p_sym, strict=True))
    f_h = eqs.configuration_constraints
    qdot = sm.Matrix([eqs.qdot_map[q.diff()] for q in eqs.q])
    common, reduced = sm.cse([eqs.mass_matrix, eqs.forcing, qdot, eqs.A_n,
                              f_h, f_h.jacobian(eqs.q_dep)])
    common = [(c, e.xreplace(names)) for c, e in common]
    reduced = [m.xreplace(names) for m in reduced]
    fun = sm.lambdify([x_sym, p_sym], reduced, modules="numpy",
                      cse=lambda _: (common, reduced))
    q, u = list(eqs.q), list(eqs.u)
    lean, steer, pitch = (q.index(x) for x in (ex.lean, ex.steer, ex.pitch))
    i_lr, i_sr = u.index(ex.lean_rate), u.index(ex.steer_rate)
    n, p = len(u), len(eqs.u_ind)
    result = {}
    for v in speeds:
        A = np.zeros((4, 4))
        for j in range(4):
            d = np.zeros(4, dtype=complex)
            d[j] = 1e-30j
            x = np.zeros(len(q) + n, dtype=complex)
            x[lean], x[steer] = d[0], d[1]
            for _ in range(8):
                out = fun(x, values)
                x[pitch] -= out[4][0, 0] / out[5][0, 0]
            u_ind = np.array([d[2], -v / constants[ex.r_R], d[3]])
            x[len(q):len(q) + p] = u_ind
            x[len(q) + p:] = fun(x, values)[3] @ u_ind
            M, f = fun(x, values)[:2]
            ud = np.linalg.solve(M, f.ravel())
            A[:, j] = np.array([d[2], d[3], ud[i_lr], ud[i_sr]]).imag / 1e-30
        result[v] = np.linalg.eigvals(A)
    return result


def _kanes_method(ex):
    s = ex.system
    km = me.KanesMethod(
        s.frame, q_ind=s.q_ind, u_ind=s.u_ind, kd_eqs=s.kdes,
        q_dependent=s.q_dep,
        configuration_constraints=s.holonomic_constraints,
        u_dependent=s.u_dep, velocity_constraints=s.velocity_constraints,
        constraint_solver="CRAMER")
    km.kanes_equations(s.bodies, ex.loads)
    return km


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=float, default=5.0,
                        help="forward speed of the linearization (m/s); "
                        "0, 5 or 10 are checked against Table 2")
    parser.add_argument("--skip-kanes-linearize", action="store_true",
                        help="leave out KanesMethod.linearize (minutes)")
    args = parser.parse_args(argv)
    if args.speed not in TABLE_2:
        parser.error("--speed must be 0, 5 or 10 (the speeds checked)")
    expected = TABLE_2[int(args.speed)]
    rows = []

    # forming the equations
    ex = ml.systems.whipple_bicycle()
    t_ml, eqs = _time(lambda: ml.kanes_equations(ex))
    ex_km = ml.systems.whipple_bicycle()
    t_km, km = _time(lambda: _kanes_method(ex_km))
    rows.append(("form the equations", t_km, t_ml))

    # linearizing at one speed
    constants = benchmark_parameters(ex)
    op = upright_operating_point(ex, args.speed, constants)
    t_ml_lin, lin = _time(lambda: ml.linearize(eqs, op, constants))
    err_ml = _check(_lean_steer_eigenvalues(lin.A, lin.state, ex), expected,
                    "ml.linearize")
    t_km_lin, err_km = None, None
    if not args.skip_kanes_linearize:
        constants_km = benchmark_parameters(ex_km)
        op_km = upright_operating_point(ex_km, args.speed, constants_km)
        op_km.update(constants_km)

        def kane_linearize():
            A, _, _ = km.linearize(A_and_B=True, linear_solver="CRAMER",
                                   op_point=op_km)
            return A

        t_km_lin, A_km = _time(kane_linearize)
        state_km = list(km.q[:len(km.q) - len(ex_km.system.q_dep)]) + \
            list(km.u[:len(ex_km.system.u_ind)])
        A_km = np.asarray(A_km.xreplace(constants_km).evalf(), dtype=float)
        err_km = _check(_lean_steer_eigenvalues(A_km, state_km, ex_km),
                        expected, "KanesMethod.linearize")
    rows.append((f"linearize at {args.speed:g} m/s", t_km_lin, t_ml_lin))

    # a sweep of eleven speeds with one numerical function
    sweep = None
    if hasattr(ml.linearization, "Linearizer"):
        def linearizer_sweep():
            linearizer = ml.linearization.Linearizer(eqs, constants)
            return [linearizer.at(upright_operating_point(ex, v, constants))
                    for v in range(11)]

        t_sweep, lins = _time(linearizer_sweep)
        for v in (0, 5, 10):
            _check(_lean_steer_eigenvalues(lins[v].A, lins[v].state, ex),
                   TABLE_2[v], f"Linearizer at {v} m/s")
        sweep = t_sweep
        rows.append(("linearize at 0, 1, ..., 10 m/s (Linearizer)", None,
                     t_sweep))

    t_cse, eig = _time(lambda: _cse_sweep(eqs, ex, constants, range(11)))
    for v in (0, 5, 10):
        _check(eig[v], TABLE_2[v], f"cse route at {v} m/s")
    rows.append(("linearize at 0, 1, ..., 10 m/s (cse, then lambdify; "
                 "the chapter's route)", None, t_cse))

    print(f"Whipple bicycle (SymPy {sm.__version__}, Python "
          f"{sys.version.split()[0]}); seconds, SymPy's cache emptied "
          "before each\n")
    print("| step | KanesMethod s | mechlib s | ratio |")
    print("|---|---|---|---|")
    for step, km_s, ml_s in rows:
        km_text = "skipped" if km_s is None else f"{km_s:.2f}"
        ratio = "" if km_s is None else f"{km_s / ml_s:.1f}"
        print(f"| {step} | {km_text} | {ml_s:.2f} | {ratio} |")
    print(f"\nlean-steer eigenvalues at {args.speed:g} m/s against Table 2: "
          f"mechlib {err_ml:.1e}"
          + ("" if err_km is None else f", KanesMethod {err_km:.1e}")
          + " largest relative difference"
          + ("" if sweep is None else "; the sweep checked at 0, 5, 10 m/s"))


if __name__ == "__main__":
    main()

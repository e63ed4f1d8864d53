"""Time mechlib.kanes_equations against sympy's KanesMethod, in one run.

For planar n-link pendulums with relative angles (``n_link_pendulum``), 3D
chains of rigid bodies (``rigid_chain``) and SymPy's own models
(``sympy.physics.mechanics.models``: ``n_link_pendulum_on_cart`` and
``multi_mass_spring_damper``, whose KanesMethod time is the model's own
call, and mechlib's the same bodies, loads and kinematics read from it),
both methods form the mass matrix M and forcing f of the same system; the
script checks that they agree numerically at a random state (relative
1e-12) and prints one table row per system: n, KanesMethod seconds, mechlib
seconds, their ratio, and ``count_ops`` of M and f from each. SymPy's cache
is emptied before each timing.

Usage::

    python benchmarks/kane_vs_mechlib.py                 # n = 2 4 6 8
    python benchmarks/kane_vs_mechlib.py --n 2 4 6 8 10 12 --systems pendulum
    python benchmarks/kane_vs_mechlib.py --n 3 5 --systems chain
    python benchmarks/kane_vs_mechlib.py --n 4 8 12 --systems cart springs
"""

import argparse
import sys
import time

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.cache import clear_cache

import mechlib as ml
from mechlib.verify import relative_difference


def _time(fn):
    # SymPy caches results (derivatives, products, direction cosines) across
    # calls: empty the cache so that neither method profits from the other
    clear_cache()
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _kanes_method(ex):
    s = ex.system
    km = me.KanesMethod(s.frame, s.q_ind, s.u_ind, kd_eqs=s.kdes,
                        forcelist=ex.loads, bodies=s.bodies)
    km.kanes_equations(s.bodies, ex.loads)
    return km.mass_matrix, km.forcing


def _mechlib(ex):
    eqs = ml.kanes_equations(ex)
    return eqs.mass_matrix, eqs.forcing


def _count(matrix):
    return sum(sm.count_ops(e) for e in matrix)


def _agree(pairs, seed=1):
    """Largest relative difference of the matrices at random states."""
    return max(relative_difference(a, b, samples=1, seed=seed)
               for a, b in pairs)


#: SymPy's models: n -> the KanesMethod object, equations formed.
SYMPY_MODELS = {
    "cart": lambda n: __import__("sympy.physics.mechanics.models", fromlist=["x"])
    .n_link_pendulum_on_cart(n, cart_force=True, joint_torques=True),
    "springs": lambda n: __import__("sympy.physics.mechanics.models", fromlist=["x"])
    .multi_mass_spring_damper(n, apply_gravity=True, apply_external_forces=True),
}


def _from_kanes_method(km):
    """mechlib's M and f from the bodies, loads and kinematics of ``km``."""
    kdes = [qd - rate for qd, rate in km.kindiffdict().items()]
    eqs = ml.kanes_equations(bodies=list(km.bodies), loads=list(km.loads), q=list(km.q),
                             u=list(km.u), kdes=kdes, frame=km._inertial)
    return eqs.mass_matrix, eqs.forcing


def run_sympy_model(kind, n):
    t_km, km = _time(lambda: SYMPY_MODELS[kind](n))
    t_ml, (M_ml, f_ml) = _time(lambda: _from_kanes_method(km))
    M_km, f_km = km.mass_matrix, km.forcing
    err = _agree([(M_ml, M_km), (f_ml, f_km)])
    return dict(kind=kind, n=n, t_km=t_km, t_ml=t_ml, ratio=t_km / t_ml,
                ops_M_km=_count(M_km), ops_M_ml=_count(M_ml),
                ops_f_km=_count(f_km), ops_f_ml=_count(f_ml), err=err)


def run(kind, n):
    if kind in SYMPY_MODELS:
        return run_sympy_model(kind, n)
    if kind == "pendulum":
        ex = ml.systems.n_link_pendulum(n)
    else:
        ex = ml.systems.rigid_chain(n, springs=True)
    t_km, (M_km, f_km) = _time(lambda: _kanes_method(ex))
    # rebuild so that no cached velocity/dcm helps the second method
    ex = (ml.systems.n_link_pendulum(n) if kind == "pendulum"
          else ml.systems.rigid_chain(n, springs=True))
    t_ml, (M_ml, f_ml) = _time(lambda: _mechlib(ex))
    err = _agree([(M_ml, M_km), (f_ml, f_km)])
    return dict(kind=kind, n=n, t_km=t_km, t_ml=t_ml, ratio=t_km / t_ml,
                ops_M_km=_count(M_km), ops_M_ml=_count(M_ml),
                ops_f_km=_count(f_km), ops_f_ml=_count(f_ml), err=err)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[2, 4, 6, 8],
                        help="numbers of links (default: 2 4 6 8)")
    parser.add_argument("--systems", nargs="+", default=["pendulum", "chain"],
                        choices=["pendulum", "chain", *SYMPY_MODELS],
                        help="which systems (default: pendulum chain); cart and "
                        "springs are SymPy's n_link_pendulum_on_cart and "
                        "multi_mass_spring_damper")
    args = parser.parse_args(argv)
    header = ("system", "n", "KanesMethod s", "mechlib s", "ratio",
              "ops M (KM)", "ops M (ml)", "ops f (KM)", "ops f (ml)",
              "max rel diff")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    failed = False
    for kind in args.systems:
        for n in args.n:
            r = run(kind, n)
            failed |= r["err"] > 1e-12
            print(f"| {kind} | {n} | {r['t_km']:.2f} | {r['t_ml']:.2f} | "
                  f"{r['ratio']:.1f} | {r['ops_M_km']} | {r['ops_M_ml']} | "
                  f"{r['ops_f_km']} | {r['ops_f_ml']} | {r['err']:.1e} |",
                  flush=True)
    if failed:
        print("DISAGREEMENT: mechlib and KanesMethod differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

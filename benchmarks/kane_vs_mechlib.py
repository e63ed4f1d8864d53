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
    python benchmarks/kane_vs_mechlib.py --systems bicycle whipple --repeat 5
    python benchmarks/kane_vs_mechlib.py --n 2 4 --repeat 9 --clock cpu

``bicycle`` is the Whipple bicycle of SymPy's own test
``sympy/physics/mechanics/tests/test_kane3.py`` (its set-up copied below;
KanesMethod's time is the test's own formation, set-up included, and
mechlib's the same set-up built anew plus ``ml.kanes_equations``),
``whipple`` ``mechlib.systems.whipple_bicycle()`` formed as
``benchmarks/bicycle.py`` forms it. ``--repeat k`` shows the median of k
runs of each row (the two methods alternating, every result checked);
``--clock cpu`` times CPU seconds of this process instead of wall seconds.
"""

import argparse
import statistics
import sys
import time

import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.cache import clear_cache

import mechlib as ml
from mechlib.verify import relative_difference

#: The clock of the timings: time.perf_counter (wall, the default) or
#: time.process_time (this process's CPU seconds, for a machine other jobs
#: load: what they take from it shows in wall seconds, hardly in CPU seconds).
CLOCK = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = CLOCK["wall"]


def _time(fn):
    # SymPy caches results (derivatives, products, direction cosines) across
    # calls: empty the cache so that neither method profits from the other
    clear_cache()
    start = _clock()
    out = fn()
    return _clock() - start, out


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


# The Whipple bicycle of SymPy's own test, sympy/physics/mechanics/tests/
# test_kane3.py (test_bicycle), copied as it stands up to its KanesMethod call
# (names and comments shortened). KanesMethod's time is the test's own
# formation: building this set-up, KanesMethod(...) and kanes_equations(BL,
# FL); mechlib's is building the same set-up anew and ml.kanes_equations on
# its bodies, loads and kinematics.

def kane3_bicycle():
    """The Whipple bicycle of SymPy's ``test_kane3.py`` (``test_bicycle``), as
    the test builds it up to ``KanesMethod``: its frames, points, bodies,
    loads, kinematical equations and constraints, as keywords of
    ``KanesMethod`` (``q``, ``u`` the independent ones)."""
    q1, q2, q4, q5 = me.dynamicsymbols('q1 q2 q4 q5')
    q1d, q2d, q4d, q5d = me.dynamicsymbols('q1 q2 q4 q5', 1)
    u1, u2, u3, u4, u5, u6 = me.dynamicsymbols('u1 u2 u3 u4 u5 u6')
    WFrad, WRrad, htangle, forkoffset = sm.symbols('WFrad WRrad htangle forkoffset')
    forklength, framelength, forkcg1 = sm.symbols('forklength framelength forkcg1')
    forkcg3, framecg1, framecg3, Iwr11 = sm.symbols('forkcg3 framecg1 framecg3 Iwr11')
    Iwr22, Iwf11, Iwf22, Iframe11 = sm.symbols('Iwr22 Iwf11 Iwf22 Iframe11')
    Iframe22, Iframe33, Iframe31, Ifork11 = sm.symbols('Iframe22 Iframe33 Iframe31 Ifork11')
    Ifork22, Ifork33, Ifork31, g = sm.symbols('Ifork22 Ifork33 Ifork31 g')
    mframe, mfork, mwf, mwr = sm.symbols('mframe mfork mwf mwr')
    N = me.ReferenceFrame('N')
    Y = N.orientnew('Y', 'Axis', [q1, N.z])
    R = Y.orientnew('R', 'Axis', [q2, Y.x])
    Frame = R.orientnew('Frame', 'Axis', [q4 + htangle, R.y])
    WR = me.ReferenceFrame('WR')
    TempFrame = Frame.orientnew('TempFrame', 'Axis', [-htangle, Frame.y])
    Fork = Frame.orientnew('Fork', 'Axis', [q5, Frame.x])
    TempFork = Fork.orientnew('TempFork', 'Axis', [-htangle, Fork.y])
    WF = me.ReferenceFrame('WF')
    WR_cont = me.Point('WR_cont')
    WR_mc = WR_cont.locatenew('WR_mc', WRrad * R.z)
    Steer = WR_mc.locatenew('Steer', framelength * Frame.z)
    Frame_mc = WR_mc.locatenew('Frame_mc', - framecg1 * Frame.x + framecg3 * Frame.z)
    Fork_mc = Steer.locatenew('Fork_mc', - forkcg1 * Fork.x + forkcg3 * Fork.z)
    WF_mc = Steer.locatenew('WF_mc', forklength * Fork.x + forkoffset * Fork.z)
    WF_cont = WF_mc.locatenew('WF_cont', WFrad * (me.dot(Fork.y, Y.z) * Fork.y
                                                  - Y.z).normalize())
    Y.set_ang_vel(N, u1 * Y.z)
    R.set_ang_vel(Y, u2 * R.x)
    WR.set_ang_vel(Frame, u3 * Frame.y)
    Frame.set_ang_vel(R, u4 * Frame.y)
    Fork.set_ang_vel(Frame, u5 * Fork.x)
    WF.set_ang_vel(Fork, u6 * Fork.y)
    WR_cont.set_vel(N, 0)
    WR_mc.v2pt_theory(WR_cont, N, WR)
    Steer.v2pt_theory(WR_mc, N, Frame)
    Frame_mc.v2pt_theory(WR_mc, N, Frame)
    Fork_mc.v2pt_theory(Steer, N, Fork)
    WF_mc.v2pt_theory(Steer, N, Fork)
    WF_cont.v2pt_theory(WF_mc, N, WF)
    Frame_I = (me.inertia(TempFrame, Iframe11, Iframe22, Iframe33, 0, 0, Iframe31),
               Frame_mc)
    Fork_I = (me.inertia(TempFork, Ifork11, Ifork22, Ifork33, 0, 0, Ifork31), Fork_mc)
    WR_I = (me.inertia(Frame, Iwr11, Iwr22, Iwr11), WR_mc)
    WF_I = (me.inertia(Fork, Iwf11, Iwf22, Iwf11), WF_mc)
    BodyFrame = me.RigidBody('BodyFrame', Frame_mc, Frame, mframe, Frame_I)
    BodyFork = me.RigidBody('BodyFork', Fork_mc, Fork, mfork, Fork_I)
    BodyWR = me.RigidBody('BodyWR', WR_mc, WR, mwr, WR_I)
    BodyWF = me.RigidBody('BodyWF', WF_mc, WF, mwf, WF_I)
    kd = [q1d - u1, q2d - u2, q4d - u4, q5d - u5]
    conlist_speed = [WF_cont.vel(N) & Y.x, WF_cont.vel(N) & Y.y,
                     WF_cont.vel(N) & Y.z]
    conlist_coord = [WF_cont.pos_from(WR_cont) & Y.z]
    FL = [(Frame_mc, -mframe * g * Y.z), (Fork_mc, -mfork * g * Y.z),
          (WF_mc, -mwf * g * Y.z), (WR_mc, -mwr * g * Y.z)]
    BL = [BodyFrame, BodyFork, BodyWR, BodyWF]
    return dict(frame=N, q=[q1, q2, q5], q_dep=[q4],
                configuration_constraints=conlist_coord, u=[u2, u3, u5],
                u_dep=[u1, u4, u6], constraints=conlist_speed, kdes=kd,
                bodies=BL, loads=FL)


def kane3_kanes_method():
    """SymPy's test_bicycle formed as the test forms it: the set-up of
    :func:`kane3_bicycle`, ``KanesMethod(...)`` and ``kanes_equations``
    (tests/mechlib/test_bicycle.py checks mechlib's bicycle against it)."""
    s = kane3_bicycle()
    km = me.KanesMethod(
        s["frame"], q_ind=s["q"], q_dependent=s["q_dep"],
        configuration_constraints=s["configuration_constraints"],
        u_ind=s["u"], u_dependent=s["u_dep"],
        velocity_constraints=s["constraints"], kd_eqs=s["kdes"],
        constraint_solver="CRAMER")
    km.kanes_equations(s["bodies"], s["loads"])
    return km


def _kane3_kanes_method():
    km = kane3_kanes_method()
    return km.mass_matrix, km.forcing


def _kane3_mechlib():
    eqs = ml.kanes_equations(**kane3_bicycle())
    return eqs.mass_matrix, eqs.forcing


def _whipple_kanes_method():
    """As benchmarks/bicycle.py forms ml.systems.whipple_bicycle()."""
    ex = ml.systems.whipple_bicycle()
    s = ex.system
    km = me.KanesMethod(
        s.frame, q_ind=s.q_ind, u_ind=s.u_ind, kd_eqs=s.kdes,
        q_dependent=s.q_dep, configuration_constraints=s.holonomic_constraints,
        u_dependent=s.u_dep, velocity_constraints=s.velocity_constraints,
        constraint_solver="CRAMER")
    km.kanes_equations(s.bodies, ex.loads)
    return km.mass_matrix, km.forcing


def _whipple_mechlib():
    eqs = ml.kanes_equations(ml.systems.whipple_bicycle())
    return eqs.mass_matrix, eqs.forcing


#: Systems without a size: name -> (KanesMethod's M, f; mechlib's M, f), each
#: building the system anew.
BICYCLES = {
    "bicycle": (_kane3_kanes_method, _kane3_mechlib),
    "whipple": (_whipple_kanes_method, _whipple_mechlib),
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


def run_bicycle(kind):
    km_fn, ml_fn = BICYCLES[kind]
    t_km, (M_km, f_km) = _time(km_fn)
    t_ml, (M_ml, f_ml) = _time(ml_fn)
    err = _agree([(M_ml, M_km), (f_ml, f_km)])
    return dict(kind=kind, n="-", t_km=t_km, t_ml=t_ml, ratio=t_km / t_ml,
                ops_M_km=_count(M_km), ops_M_ml=_count(M_ml),
                ops_f_km=_count(f_km), ops_f_ml=_count(f_ml), err=err)


def run_once(kind, n):
    if kind in BICYCLES:
        return run_bicycle(kind)
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


def run(kind, n, repeat=1):
    """One row: the median seconds of ``repeat`` runs (each method alternately,
    everything built anew each time), their ratio, the operation counts and
    the largest relative difference (the largest over the runs: every timed
    result is checked)."""
    runs = [run_once(kind, n) for _ in range(repeat)]
    row = dict(runs[0])
    row["t_km"] = statistics.median(r["t_km"] for r in runs)
    row["t_ml"] = statistics.median(r["t_ml"] for r in runs)
    row["ratio"] = row["t_km"] / row["t_ml"]
    row["err"] = max(r["err"] for r in runs)
    row["runs_km"] = [r["t_km"] for r in runs]
    row["runs_ml"] = [r["t_ml"] for r in runs]
    return row


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[2, 4, 6, 8],
                        help="numbers of links (default: 2 4 6 8); the "
                        "bicycles have no size and run once")
    parser.add_argument("--systems", nargs="+", default=["pendulum", "chain"],
                        choices=["pendulum", "chain", *SYMPY_MODELS, *BICYCLES],
                        help="which systems (default: pendulum chain); cart and "
                        "springs are SymPy's n_link_pendulum_on_cart and "
                        "multi_mass_spring_damper, bicycle the Whipple bicycle "
                        "of SymPy's test_kane3.py, whipple "
                        "mechlib.systems.whipple_bicycle()")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs per row; the seconds shown are medians "
                        "(default: 1)")
    parser.add_argument("--runs", action="store_true",
                        help="also print every run's seconds")
    parser.add_argument("--clock", choices=sorted(CLOCK), default="wall",
                        help="wall seconds (default) or this process's CPU "
                        "seconds (less disturbed by other jobs on the machine)")
    args = parser.parse_args(argv)
    global _clock
    _clock = CLOCK[args.clock]
    header = ("system", "n", "KanesMethod s", "mechlib s", "ratio",
              "ops M (KM)", "ops M (ml)", "ops f (KM)", "ops f (ml)",
              "max rel diff")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    failed = False
    for kind in args.systems:
        for n in ([None] if kind in BICYCLES else args.n):
            r = run(kind, n, args.repeat)
            failed |= r["err"] > 1e-12
            print(f"| {kind} | {r['n']} | {r['t_km']:.2f} | {r['t_ml']:.2f} | "
                  f"{r['ratio']:.2f} | {r['ops_M_km']} | {r['ops_M_ml']} | "
                  f"{r['ops_f_km']} | {r['ops_f_ml']} | {r['err']:.1e} |",
                  flush=True)
            if args.runs:
                print(f"<!-- {kind} {r['n']}: KanesMethod "
                      f"{', '.join(f'{x:.2f}' for x in r['runs_km'])}; mechlib "
                      f"{', '.join(f'{x:.2f}' for x in r['runs_ml'])} -->",
                      flush=True)
    if failed:
        print("DISAGREEMENT: mechlib and KanesMethod differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

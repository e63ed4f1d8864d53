r"""Kane's equations :math:`F_r + F_r^* = 0`, numerically and symbolically.

For speeds :math:`u_1 \ldots u_n` the velocity of a mass center is
:math:`\bar{v} = \sum_s \bar{v}_s u_s + \bar{v}_t`, so its acceleration is
:math:`\bar{a} = \sum_s \bar{v}_s \dot{u}_s + \bar{a}_0`, where
:math:`\bar{a}_0` is the acceleration with every :math:`\dot{u}_s` set to
zero (likewise for angular accelerations). Hence

.. math::

   F_r^* = -\sum_s M_{rs}\dot{u}_s - g_r, \qquad
   M_{rs} = \sum_{\text{bodies}} m\,\bar{v}_r\cdot\bar{v}_s
          + \bar{\omega}_r\cdot\breve{I}\cdot\bar{\omega}_s,

   g_r = \sum_{\text{bodies}} \bar{v}_r\cdot m\bar{a}_0
       + \bar{\omega}_r\cdot(\bar{\alpha}_0\cdot\breve{I}
       + \bar{\omega}\times\breve{I}\cdot\bar{\omega}),

and Kane's equations are :math:`M\dot{u} = F_r - g`. :func:`kanes_equations`
forms :math:`M` straight from the partial velocities (no differentiation of
large expressions, no ``simplify``), as ``KanesMethod`` does; it is faster on
long chains because its dot products look each direction cosine matrix up
once and build one flat sum per entry, it forms only the upper triangle of the
symmetric :math:`M`, and it substitutes with ``xreplace`` rather than
``msubs`` (see ``benchmarks/kane_vs_mechlib.py``).

Nonholonomic systems use the speed ordering ``[*independent, *dependent]``:
the dynamical equations are :math:`\tilde{F}_r + \tilde{F}_r^* = 0`
(r = 1 .. p), and, as in ``KanesMethod``, ``mass_matrix`` and ``forcing``
append the m time-differentiated motion constraints, so that they are
square (n x n) in all n speed derivatives.
"""

import numpy as np
import sympy as sm
import sympy.physics.mechanics as me
from scipy.integrate import solve_ivp

from ._checks import (as_list, check_frame, check_speeds, qdot_map, replace,
                      vector_of)
from .active import _owner, loads_of
from .errors import MissingValueError, NonlinearSpeedError, ShapeError
from .nonholonomic import dependent_speed_coefficients

__all__ = ["KaneEquations", "kanes_equations", "rhs", "simulate"]

t = me.dynamicsymbols._t


def _partials(vector, speeds, name):
    """Partial velocities by differentiating measure numbers (exact: linear)."""
    out = []
    for u in speeds:
        parts = []
        for matrix, f in vector.args:
            d = [x.diff(u) if x.has(u) else sm.S.Zero for x in matrix]
            if any(x != 0 for x in d):
                if any(x.has(*speeds) for x in d):
                    raise NonlinearSpeedError(
                        f"{name} is not linear in the speed {u}; velocities "
                        "must be linear in the generalized speeds")
                parts.append((sm.Matrix(d), f))
        out.append(me.Vector(parts))
    return out


def _dot(a, b):
    """``a . b`` as one flat sum, each direction cosine matrix looked up once.

    Same terms as ``Vector.dot`` but without a symbolic matrix product per
    pair of frames and with a single ``Add`` at the end, which is what makes
    large mass matrices cheap to form.
    """
    terms = []
    for ma, fa in a.args:
        for mb, fb in b.args:
            if fa == fb:
                terms.extend(ma[i] * mb[i] for i in range(3)
                             if ma[i] != 0 and mb[i] != 0)
                continue
            C = fb.dcm(fa)
            for j in range(3):
                if ma[j] == 0:
                    continue
                column = sm.Add(*[mb[i] * C[i, j] for i in range(3)
                                  if mb[i] != 0 and C[i, j] != 0])
                if column != 0:
                    terms.append(column * ma[j])
    return sm.Add(*terms)


class KaneEquations:
    r"""Kane's equations of a system, as formed by :func:`kanes_equations`.

    Attributes
    ----------
    frame : ReferenceFrame
        The Newtonian frame.
    q : list
        Generalized coordinates.
    u : list
        All speeds, ``[*u_ind, *u_dep]``.
    u_ind, u_dep : list
        Independent and dependent speeds.
    kdes : list
        Kinematical differential equations (expressions equal to zero).
    qdot_map : dict
        ``{q': expression in q, u}`` solved from ``kdes``.
    A_n, b_n : sympy.Matrix
        ``u_dep = A_n u_ind + b_n`` (empty for holonomic systems).
    Fr_holonomic, Frs_holonomic : sympy.Matrix
        The n holonomic :math:`F_r` and :math:`F_r^*`.
    Fr, Frs : sympy.Matrix
        The p (nonholonomic) generalized active and inertia forces
        :math:`\tilde{F}_r`, :math:`\tilde{F}_r^*`; equal to the holonomic
        ones when there are no dependent speeds. ``Frs`` holds the
        derivatives :math:`\dot{u}` of all n speeds.
    mass_matrix, forcing : sympy.Matrix
        ``mass_matrix * u' = forcing``, n x n and n x 1 (p dynamical
        equations, then m differentiated motion constraints).
    mass_matrix_full, forcing_full : sympy.Matrix
        The same for the state ``[q, u]``, with the kdes on top.

    Examples
    --------
    >>> import mechlib as ml
    >>> eqs = ml.kanes_equations(ml.systems.double_pendulum())
    >>> eqs.mass_matrix.shape, eqs.forcing_full.shape
    ((2, 2), (4, 1))
    """

    def __init__(self, **fields):
        self.__dict__.update(fields)

    @property
    def udot(self):
        """Time derivatives of all speeds, ``[*u_ind, *u_dep]``."""
        return [s.diff(t) for s in self.u]

    @property
    def equations(self):
        r""":math:`\tilde{F}_r + \tilde{F}_r^*` (each equal to zero)."""
        return self.Fr + self.Frs

    @property
    def state(self):
        """The state ``[*q, *u]``."""
        return list(self.q) + list(self.u)

    def rhs(self, constants, specified=None):
        """Numerical right-hand side; see :func:`rhs`."""
        return rhs(self, constants, specified)

    def simulate(self, x0, t_span, constants, t_eval=None, specified=None,
                 **solve_ivp_kwargs):
        """Integrate the equations; see :func:`simulate`."""
        return simulate(self, x0, t_span, constants, t_eval=t_eval,
                        specified=specified, **solve_ivp_kwargs)

    def __repr__(self):
        return (f"KaneEquations(q={self.q}, u_ind={self.u_ind}, "
                f"u_dep={self.u_dep})").replace("(t)", "")


def _from_system(system):
    system = getattr(system, "system", system)
    if not isinstance(system, me.System):
        raise TypeError(
            "the first argument must be a sympy.physics.mechanics System "
            "(or a mechlib example system); or pass bodies=..., loads=..., "
            "q=..., u=..., kdes=..., frame=... as keywords")
    loads = list(system.loads)
    for actuator in system.actuators:
        loads.extend(actuator.to_loads())
    return dict(frame=system.frame, bodies=list(system.bodies), loads=loads,
                q=list(system.q), u=list(system.u_ind),
                u_dep=list(system.u_dep), kdes=list(system.kdes),
                constraints=list(system.velocity_constraints))


def kanes_equations(system=None, *, bodies=None, loads=(), q=None, u=None,
                    kdes=None, frame=None, u_dep=(), constraints=(),
                    check_loads=True):
    r"""Form Kane's equations from partial velocities.

    Give either a ``sympy.physics.mechanics.System`` (or an example from
    ``mechlib.systems``), whose frame, bodies, loads, actuators, q,
    u_ind, u_dep, kdes and velocity constraints are read, or the pieces as
    keywords.

    Parameters
    ----------
    system : System, optional
        The system.
    bodies : sequence of Particle or RigidBody
        The bodies (keyword form).
    loads : sequence
        Forces, torques, tuples or actuators.
    q : sequence
        Generalized coordinates.
    u : sequence
        Independent generalized speeds :math:`u_1 \ldots u_p`.
    kdes : sequence or dict
        Kinematical differential equations ``[q1' - u1, ...]`` (one per
        coordinate).
    frame : ReferenceFrame
        Newtonian frame.
    u_dep : sequence, optional
        Dependent speeds :math:`u_{p+1} \ldots u_n`.
    constraints : sequence, optional
        Motion constraints linear in the speeds (each equal to zero), one per
        dependent speed.
    check_loads : bool, optional
        Check that every load acts on a body of the system (default True).

    Returns
    -------
    KaneEquations

    Raises
    ------
    ShapeError
        If the number of kdes differs from the number of coordinates.
    ConstraintError
        If the constraints do not match the dependent speeds.
    UnknownLoadTargetError
        If a load acts on no body (with ``check_loads``).

    Examples
    --------
    A particle on a rotating arm under gravity:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, g, l = sm.symbols('m, g, l')
    >>> q, u = me.dynamicsymbols('q, u')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q, N.z)
    >>> O = me.Point('O')
    >>> O.set_vel(N, 0)
    >>> P = O.locatenew('P', l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> bob = me.Particle('bob', P, m)
    >>> eqs = ml.kanes_equations(bodies=[bob], loads=[(P, -m*g*N.y)],
    ...                          q=[q], u=[u], kdes=[q.diff() - u], frame=N)
    >>> eqs.mass_matrix, eqs.forcing
    (Matrix([[l**2*m]]), Matrix([[-g*l*m*cos(q)]]))
    """
    if system is not None:
        given = _from_system(system)
        frame, bodies, loads = given["frame"], given["bodies"], given["loads"]
        q, u, u_dep = given["q"], given["u"], given["u_dep"]
        kdes, constraints = given["kdes"], given["constraints"]
    missing = [name for name, value in
               (("bodies", bodies), ("q", q), ("u", u), ("kdes", kdes),
                ("frame", frame)) if value is None]
    if missing:
        raise TypeError(
            f"kanes_equations needs a System or the keywords {missing}")
    check_frame(frame)
    bodies = as_list(bodies, "bodies")
    q = as_list(q, "q")
    u_ind = check_speeds(u, "u")
    u_dep = check_speeds(u_dep, "u_dep")
    speeds = check_speeds(u_ind + u_dep, "u + u_dep")
    qd = qdot_map(kdes, speeds)
    kde_exprs = [d - e for d, e in qd.items()]
    qdots = [c.diff(t) for c in q]
    if set(qd) != set(qdots):
        raise ShapeError(
            f"the kinematical differential equations give the rates "
            f"{list(qd)} but the coordinates are {q}; give one equation per "
            "coordinate")
    kde_exprs = [qdot - qd[qdot] for qdot in qdots]
    n = len(speeds)
    udot_zero = {s.diff(t): 0 for s in speeds}

    # velocities, partial velocities, accelerations with u' = 0
    data = []
    for b in bodies:
        if not isinstance(b, (me.Particle, me.RigidBody)):
            raise TypeError(f"bodies must be Particles or RigidBodies, got "
                            f"{type(b).__name__}")
        v = replace(vector_of(b.masscenter, frame), qd)
        v_r = _partials(v, speeds, f"the velocity of {b.masscenter.name}")
        a0 = replace(v.dt(frame), qd).xreplace(udot_zero)
        entry = dict(body=b, v_r=v_r, ma0=b.mass * a0)
        if isinstance(b, me.RigidBody):
            w = replace(vector_of(b.frame, frame), qd)
            w_r = _partials(w, speeds,
                            f"the angular velocity of {b.frame.name}")
            alpha0 = replace(w.dt(frame), qd).xreplace(udot_zero)
            inertia = b.central_inertia
            entry.update(
                w_r=w_r,
                Iw_r=[inertia.dot(x) for x in w_r],  # as KanesMethod: (I.w_r).w_s
                t0=alpha0.dot(inertia) + w.cross(inertia.dot(w)))
        data.append(entry)

    # mass matrix (symmetric, upper triangle formed) and the
    # velocity-dependent inertia terms g (operand order as in KanesMethod)
    M_terms = [[[] for _ in range(n)] for _ in range(n)]
    g_terms = [[] for _ in range(n)]
    for e in data:
        m, v_r = e["body"].mass, e["v_r"]
        for r in range(n):
            if v_r[r] != 0:
                g_terms[r].append(_dot(e["ma0"], v_r[r]))
                for s in range(r, n):
                    if v_r[s] != 0:
                        M_terms[r][s].append(m * _dot(v_r[r], v_r[s]))
            if "w_r" in e and e["w_r"][r] != 0:
                w_r = e["w_r"]
                g_terms[r].append(_dot(e["t0"], w_r[r]))
                for s in range(r, n):
                    if w_r[s] != 0:
                        M_terms[r][s].append(_dot(e["Iw_r"][r], w_r[s]))
    # M is symmetric: form the upper triangle (r <= s) and mirror it
    M = sm.zeros(n, n)
    for r in range(n):
        for s in range(r, n):
            M[r, s] = M[s, r] = sm.Add(*M_terms[r][s])
    g = sm.Matrix([sm.Add(*terms) for terms in g_terms])

    # generalized active forces
    flat = loads_of(loads)
    if check_loads:
        for load in flat:
            _owner(load, bodies, frame)
    cache = {}
    for e in data:
        cache[e["body"].masscenter] = e["v_r"]
        if "w_r" in e:
            cache[e["body"].frame] = e["w_r"]
    Fr_terms = [[] for _ in range(n)]
    for load in flat:
        where = load.location
        if where not in cache:
            vec = replace(vector_of(where, frame), qd)
            cache[where] = _partials(vec, speeds, f"{where.name}")
        vector = replace(load.vector, qd)
        for r in range(n):
            if cache[where][r] != 0:
                Fr_terms[r].append(_dot(cache[where][r], vector))
    Fr = sm.Matrix([sm.Add(*terms) for terms in Fr_terms])

    udot = sm.Matrix([s.diff(t) for s in speeds])
    Frs = -(M * udot + g)
    p = len(u_ind)
    if u_dep:
        A_n, b_n = dependent_speed_coefficients(constraints, u_ind, u_dep,
                                                kdes=qd)
        C = replace(sm.Matrix([c.lhs - c.rhs if isinstance(c, sm.Equality)
                               else c for c in constraints]), qd)
        k_nh = C.jacobian(speeds)
        f_nh = C.xreplace(dict.fromkeys(speeds, 0))
        f_dnh = replace(k_nh.diff(t) * sm.Matrix(speeds) + f_nh.diff(t), qd)
        reduce = sm.eye(p).row_join(A_n.T)
        Fr_t, Frs_t = reduce * Fr, reduce * Frs
        mass_matrix = (reduce * M).col_join(k_nh)
        forcing = (reduce * (Fr - g)).col_join(-f_dnh)
    else:
        if constraints:
            raise ShapeError(
                f"{len(constraints)} motion constraint(s) given but no "
                "dependent speeds; pass u_dep with one speed per constraint")
        A_n, b_n = sm.zeros(0, p), sm.zeros(0, 1)
        Fr_t, Frs_t = Fr, Frs
        mass_matrix, forcing = M, Fr - g

    K = sm.Matrix(kde_exprs)
    k_kqdot = K.jacobian(qdots)
    f_k = K.xreplace(dict.fromkeys(qdots, 0))
    nq = len(q)
    mass_matrix_full = sm.diag(k_kqdot, mass_matrix)
    forcing_full = (-f_k).col_join(forcing)
    if mass_matrix_full.shape[0] != nq + n:  # pragma: no cover
        raise ShapeError("internal error: full mass matrix is not square")
    return KaneEquations(
        frame=frame, bodies=bodies, loads=flat, q=q, u=speeds, u_ind=u_ind,
        u_dep=u_dep, kdes=kde_exprs, qdot_map=qd, A_n=A_n, b_n=b_n,
        Fr_holonomic=Fr, Frs_holonomic=Frs, Fr=Fr_t, Frs=Frs_t,
        mass_matrix=mass_matrix, forcing=forcing,
        mass_matrix_full=mass_matrix_full, forcing_full=forcing_full)


def _first_order_form(eqs):
    """``(state, mass_matrix_full, forcing_full)`` of a KaneEquations or of a
    ``KanesMethod`` whose equations have been formed."""
    if isinstance(eqs, me.KanesMethod):
        try:
            full = eqs.mass_matrix_full, eqs.forcing_full
        except (AttributeError, ValueError) as error:
            raise MissingValueError(
                "this KanesMethod has no equations yet; call "
                "kane.kanes_equations(bodies, loads) before simulating it"
            ) from error
        return list(eqs.q) + list(eqs.u), *full
    if not isinstance(eqs, KaneEquations):
        raise TypeError(
            f"expected the result of mechlib.kanes_equations or a "
            f"sympy KanesMethod, got {type(eqs).__name__}")
    return eqs.state, eqs.mass_matrix_full, eqs.forcing_full


def _symbols_needed(state, exprs, specified):
    free = set()
    dyn = set()
    for e in exprs:
        free |= e.free_symbols
        dyn |= set(me.find_dynamicsymbols(e))
    state = set(state)
    extra_dyn = sorted(dyn - state - set(specified), key=sm.default_sort_key)
    free.discard(t)
    return sorted(free, key=sm.default_sort_key), extra_dyn


def rhs(eqs, constants, specified=None):
    r"""A fast numerical right-hand side ``f(t, x)`` of :math:`\dot{x} = f`.

    The full mass matrix and forcing are turned into one NumPy function
    with ``sympy.lambdify(..., cse=True)`` (common subexpressions shared),
    and each call solves ``mass_matrix_full * x' = forcing_full``.

    Parameters
    ----------
    eqs : KaneEquations or KanesMethod
        From :func:`kanes_equations`, or SymPy's ``KanesMethod`` after its
        ``kanes_equations`` (so the reference equations can be simulated
        the same way).
    constants : dict
        A number for every constant symbol, ``{m: 1.0, g: 9.81, ...}``.
    specified : dict, optional
        Values of specified functions of time (forces, torques),
        ``{F: 2.0}`` or ``{F: lambda t: np.sin(t)}``.

    Returns
    -------
    callable
        ``f(t, x) -> numpy.ndarray``, with ``x = [*q, *u]``.

    Raises
    ------
    MissingValueError
        If a symbol or a specified function has no value.

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> eqs = ml.kanes_equations(ex)
    >>> f = ml.rhs(eqs, {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81})
    >>> f(0.0, [0.5, 0.0, 1.0, 0.0]).round(4)  # [q1', q2', u1', u2']
    array([ 1.    ,  0.    , -7.9905,  7.4917])
    """
    state, mass_matrix_full, forcing_full = _first_order_form(eqs)
    specified = dict(specified or {})
    constants = dict(constants)
    free, extra_dyn = _symbols_needed(
        state, [mass_matrix_full, forcing_full], specified)
    missing = [s for s in free if s not in constants]
    if missing or extra_dyn:
        raise MissingValueError(
            f"no value for {missing + extra_dyn}; give constants={{symbol: "
            "number} for every constant and specified={function of t: "
            "number or callable} for every specified function")
    spec_keys = list(specified)
    spec_syms = [sm.Dummy(str(k)) for k in spec_keys]
    state_syms = [sm.Dummy(str(s).replace("(t)", "")) for s in state]
    tsym = sm.Dummy("t")
    mapping = dict(zip(state, state_syms))
    mapping.update(zip(spec_keys, spec_syms))
    mapping.update({k: sm.Float(v) for k, v in constants.items()})
    Mf = mass_matrix_full.xreplace(mapping).xreplace({t: tsym})
    ff = forcing_full.xreplace(mapping).xreplace({t: tsym})
    fun = sm.lambdify((tsym, state_syms, spec_syms), [Mf, ff], cse=True,
                      modules="numpy")
    funcs = [specified[k] if callable(specified[k]) else None
             for k in spec_keys]
    values = [None if callable(specified[k]) else float(specified[k])
              for k in spec_keys]

    def f(time, x):
        spec = [fn(time) if fn is not None else val
                for fn, val in zip(funcs, values)]
        Mn, fn_ = fun(time, x, spec)
        return np.linalg.solve(np.asarray(Mn, dtype=float),
                               np.asarray(fn_, dtype=float).ravel())

    return f


def simulate(eqs, x0, t_span, constants, t_eval=None, specified=None,
             **solve_ivp_kwargs):
    r"""Integrate Kane's equations with ``scipy.integrate.solve_ivp``.

    Parameters
    ----------
    eqs : KaneEquations or KanesMethod
        As in :func:`rhs`.
    x0 : sequence of float
        Initial state ``[*q, *u]`` (dependent speeds must satisfy the
        constraints).
    t_span : (float, float)
        Start and end time.
    constants, specified
        As in :func:`rhs`.
    t_eval : array_like, optional
        Times to report the solution at.
    **solve_ivp_kwargs
        Passed to ``solve_ivp``; ``rtol`` and ``atol`` default to ``1e-9``.

    Returns
    -------
    scipy.integrate OdeResult
        ``.t`` and ``.y`` (one row per state).

    Examples
    --------
    >>> import numpy as np
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> eqs = ml.kanes_equations(ex)
    >>> c = {ex.m1: 1.0, ex.m2: 1.0, ex.l: 1.0, ex.g: 9.81}
    >>> sol = ml.simulate(eqs, [0.1, 0.0, 0.0, 0.0], (0.0, 1.0), c,
    ...                   t_eval=np.linspace(0, 1, 5))
    >>> sol.y.shape
    (4, 5)
    """
    x0 = np.asarray(x0, dtype=float)
    state = _first_order_form(eqs)[0]
    if x0.shape != (len(state),):
        raise ShapeError(
            f"x0 has shape {x0.shape}; give {len(state)} initial values "
            f"ordered {[str(s).replace('(t)', '') for s in state]}")
    solve_ivp_kwargs.setdefault("rtol", 1e-9)
    solve_ivp_kwargs.setdefault("atol", 1e-9)
    return solve_ivp(rhs(eqs, constants, specified), t_span, x0,
                     t_eval=t_eval, **solve_ivp_kwargs)

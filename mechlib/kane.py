r"""Kane's equations :math:`\tilde{F}_r + \tilde{F}_r^* = 0`, composed.

:func:`kanes_equations` forms nothing of its own. It composes the steps the
book teaches, each from the module that owns it:

1. partial velocities of every mass center, body frame and loaded point
   (:mod:`mechlib.kinematics`), once, shared by the next two steps;
2. the generalized active forces :math:`F_r` (:mod:`mechlib.active`);
3. the generalized inertia forces split as
   :math:`F_r^* = -\sum_s M_{rs}\dot{u}_s - g_r` (:mod:`mechlib.inertia`);
4. the nonholonomic reduction with :math:`\mathbf{A}_n`
   (:mod:`mechlib.nonholonomic`), for dependent speeds from motion
   constraints or from the time derivatives of configuration constraints;
5. the first-order form, with the kinematical differential equations.

Speeds are ordered ``[*independent, *dependent]`` and coordinates
``[*independent, *dependent]``. As in ``KanesMethod``, ``mass_matrix`` and
``forcing`` append the m time-differentiated motion constraints to the p
dynamical equations, so that they are square (n x n) in all n speed
derivatives. Auxiliary speeds (Kane and Levinson 1985, Ch. 4) bring
noncontributing forces into evidence: their equations are returned
separately, evaluated where the auxiliary speeds vanish.
"""

from dataclasses import dataclass, field

import sympy as sm
import sympy.physics.mechanics as me

from ._expressions import measure_numbers, qdot_map, replace, vector_of
from ._validation import as_list, check_bodies, check_coordinates, check_frame, check_speeds
from .active import generalized_active_forces, loads_of
from .errors import (
    ArgumentTypeError,
    ConstraintError,
    CoordinateError,
    MissingValueError,
    ParameterError,
    SpeedError,
)
from .inertia import _mass_matrix_of_checked
from .kinematics import partial_velocity_map
from .nonholonomic import (
    _dependent_speeds,
    _vanishes_numerically,
    as_expressions,
    solve_linear,
)

__all__ = ["KaneEquations", "kanes_equations", "constraint_forces"]

t = me.dynamicsymbols._t


@dataclass(frozen=True)
class KaneEquations:
    r"""Kane's equations of a system, as formed by :func:`kanes_equations`.

    Attributes
    ----------
    q : list
        All coordinates, ``[*q_ind, *q_dep]``.
    q_dep : list
        Dependent coordinates (fixed by ``configuration_constraints``).
    u : list
        All speeds, ``[*u_ind, *u_dep]``.
    u_ind, u_dep : list
        Independent and dependent speeds.
    u_aux : list
        Auxiliary speeds (zero in the motion; see ``auxiliary_equations``).
    qdot_map : dict
        ``{q': expression in q, u}`` from the kinematical differential
        equations.
    configuration_constraints : sympy.Matrix
        Expressions in q equal to zero (empty without dependent coordinates).
    motion_constraints : sympy.Matrix
        Expressions linear in u equal to zero: every velocity constraint,
        the derivatives of the configuration constraints included.
    A_n, b_n : sympy.Matrix
        ``u_dep = A_n u_ind + b_n`` (empty without dependent speeds).
    Fr, Frs : sympy.Matrix
        The p (nonholonomic) generalized active and inertia forces
        :math:`\tilde{F}_r`, :math:`\tilde{F}_r^*`; the holonomic ones when
        there are no dependent speeds. ``Frs`` holds the derivatives of all
        n speeds.
    mass_matrix, forcing : sympy.Matrix
        ``mass_matrix * u' = forcing``, n x n and n x 1 (p dynamical
        equations, then m differentiated motion constraints).
    mass_matrix_full, forcing_full : sympy.Matrix
        The same for the state ``[q, u]``, with the kinematical equations on
        top.
    auxiliary_equations : sympy.Matrix
        One expression per auxiliary speed, equal to zero: the generalized
        active plus inertia forces of that speed where the auxiliary speeds
        vanish. Linear in the forces the auxiliary speeds bring into
        evidence; see :func:`constraint_forces`.

    Examples
    --------
    >>> import mechlib as ml
    >>> eqs = ml.kanes_equations(ml.systems.double_pendulum())
    >>> eqs.mass_matrix.shape, eqs.forcing_full.shape
    ((2, 2), (4, 1))
    """

    q: list
    q_dep: list
    u: list
    u_ind: list
    u_dep: list
    u_aux: list
    qdot_map: dict
    configuration_constraints: sm.Matrix
    motion_constraints: sm.Matrix
    A_n: sm.Matrix
    b_n: sm.Matrix
    Fr: sm.Matrix
    Frs: sm.Matrix
    mass_matrix: sm.Matrix
    forcing: sm.Matrix
    mass_matrix_full: sm.Matrix
    forcing_full: sm.Matrix
    auxiliary_equations: sm.Matrix = field(default_factory=lambda: sm.zeros(
        0, 1))

    @property
    def state(self):
        """The state ``[*q, *u]``."""
        return list(self.q) + list(self.u)

    def __repr__(self):
        return (f"KaneEquations(q={self.q}, u_ind={self.u_ind}, "
                f"u_dep={self.u_dep})").replace("(t)", "")


def _from_system(system):
    system = getattr(system, "system", system)
    if not isinstance(system, me.System):
        raise ArgumentTypeError(
            "the first argument must be a sympy.physics.mechanics System "
            "(or a mechlib example system); or pass bodies=..., loads=..., "
            "q=..., u=..., kdes=..., frame=... as keywords")
    loads = list(system.loads)
    for actuator in system.actuators:
        loads.extend(actuator.to_loads())
    return dict(frame=system.frame, bodies=list(system.bodies), loads=loads,
                q=list(system.q_ind), q_dep=list(system.q_dep),
                configuration_constraints=list(system.holonomic_constraints),
                u=list(system.u_ind), u_dep=list(system.u_dep),
                u_aux=list(system.u_aux), kdes=list(system.kdes),
                constraints=list(system.velocity_constraints))


def _check_rates(qd, coordinates, speeds):
    """Every coordinate has a rate, and the rates use only q, u and t."""
    qdots = [c.diff(t) for c in coordinates]
    if set(qd) != set(qdots):
        plain = [c for c in coordinates if not isinstance(c, sm.Function)]
        raise CoordinateError(
            f"the kinematical differential equations give the rates "
            f"{list(qd)} but the coordinates are {coordinates}"
            + (f" ({plain} are not functions of time)" if plain else "")
            + "; give one equation q' - f(q, u) = 0 per coordinate, with "
            "coordinates made by dynamicsymbols")
    known = set(coordinates) | set(speeds)
    unknown = set()
    for rate in qd.values():
        unknown |= {f for f in me.find_dynamicsymbols(rate)
                    if not isinstance(f, sm.Derivative)} - known
    if unknown:
        names = sorted(map(str, unknown))
        raise SpeedError(
            f"the kinematical differential equations use {names}, which are "
            "neither coordinates nor speeds: add them to the speeds (u= or "
            "u_dep=); mechlib does not take an unlisted speed as prescribed")
    return qdots


def _check_functions_of_time(items, frame, qd, known, prescribed, constraints):
    """A velocity or a velocity constraint that holds a function of time
    which is neither a coordinate, a speed nor prescribed would make its
    partial velocities wrong without a word: raise instead."""
    known = set(known) | set(as_list(prescribed, "prescribed"))
    sources = [(f"the velocity of {item.name}" if isinstance(item, me.Point)
                else f"the angular velocity of {item.name}",
                vector_of(item, frame)) for item in dict.fromkeys(items)]
    sources += [(f"velocity constraint {i}", c) for i, c in enumerate(constraints)]
    for what, value in sources:
        value = replace(value, qd)
        scalars = measure_numbers(value) if isinstance(value, me.Vector) else [value]
        unknown = sorted((f for x in scalars for f in me.find_dynamicsymbols(x)
                          if not isinstance(f, sm.Derivative) and f not in known), key=str)
        if unknown:
            raise SpeedError(
                f"{what} holds {unknown}, which are neither coordinates nor "
                "speeds: list a speed in u=, u_dep= or u_aux=, a coordinate in "
                "q= or q_dep= (with its kde), and a function of time moved by a "
                "law of its own in prescribed=[...]")


def _check_specification(coordinates, q_dep, config, speeds, u_dep, bodies, implicit=0):
    """Coordinates, speeds, constraints and bodies that fit together: no
    coordinate is a speed, the configuration constraints hold coordinates
    only and can be solved for ``q_dep``, each has a dependent speed (whose
    motion constraint keeps the motion on it) or a kinematical differential
    equation of its own beyond the speeds' (``implicit`` of them: the
    derivative of a quaternion's unit norm, as in SymPy's implicit
    kinematics), and no mass or inertia depends on a speed."""
    both = [c for c in coordinates if c in speeds]
    if both:
        raise CoordinateError(
            f"{both} are both coordinates and speeds; a generalized speed is "
            "a new function of time, u1 with q1' = u1 in the kdes, not a "
            "coordinate")
    for i, c in enumerate(config):
        rates = sorted({str(f) for f in me.find_dynamicsymbols(c)
                        if isinstance(f, sm.Derivative) or f in speeds})
        if rates:
            raise ConstraintError(
                f"configuration constraint {i} holds {rates}: a configuration "
                "constraint relates coordinates only; give a constraint on the "
                "speeds (a rolling condition) in constraints=[...] with a "
                "dependent speed in u_dep=[...]")
    if len(u_dep) + implicit < len(q_dep):
        raise ConstraintError(
            f"{len(q_dep)} configuration constraint(s) but {len(u_dep)} dependent "
            "speed(s): each configuration constraint needs a dependent speed and "
            "its time derivative among the velocity constraints, or the motion "
            f"drifts off it; give u_dep=[...] with one speed per {q_dep} and "
            "constraints=[d/dt of each configuration constraint, in the speeds]")
    if q_dep:
        # the determinant taken of the Jacobian evaluated at random states
        if _vanishes_numerically(config.jacobian(q_dep), "the configuration "
                                 "constraints' derivatives in q_dep"):
            raise ConstraintError(
                f"the configuration constraints cannot be solved for the "
                f"dependent coordinates {q_dep}: their Jacobian in {q_dep} is "
                "zero everywhere (a dependent coordinate the constraints do not "
                "hold, or constraints that repeat one another); choose as "
                "dependent the coordinates the constraints fix")
    for body in bodies:
        inertia = ([c for c, _, _ in body.central_inertia.args]
                   if isinstance(body, me.RigidBody) else [])
        values = [sm.sympify(body.mass), *inertia]
        held = sorted({str(f) for x in values for f in me.find_dynamicsymbols(x)
                       if f in speeds or isinstance(f, sm.Derivative)})
        if held:
            raise ParameterError(
                f"the mass or inertia of {body.name} depends on {held}; Kane's "
                "equations here take masses and inertias that depend on the "
                "configuration at most: give them as constants or functions of "
                "the coordinates")
        varying = _time_varying(values, coordinates)
        if varying:
            raise ParameterError(
                f"the mass or inertia of {body.name} changes with time through "
                f"{varying}; the inertia forces here are -m a, which holds for "
                "a constant mass (KanesMethod takes -d(m v)/dt, which models "
                "mass gained at rest in N): give a constant mass and inertia, "
                "and the thrust of mass gained or lost as a load")
    _check_real_masses(bodies)


def _check_load_rates(loads, coordinates, speeds):
    """Raise if a load holds an acceleration: the rate of a speed (u1') or
    the second rate of a coordinate (q1''), which ``rhs`` would otherwise
    ask for as a specified function."""
    for load in loads:
        vector = load.force if isinstance(load, me.Force) else load.torque
        rates = sorted({str(d).replace("(t)", "") for x in measure_numbers(vector)
                        for d in x.atoms(sm.Derivative)
                        if d.expr in speeds or (d.expr in coordinates
                                                and d.derivative_count > 1)})
        if rates:
            where = getattr(load.location, "name", load.location)
            raise ParameterError(
                f"the load on {where} holds {rates}, accelerations: the loads "
                "of Kane's equations are functions of the coordinates, speeds "
                "and time (the accelerations are what the equations give); a "
                "force proportional to an acceleration (an added mass) belongs "
                "in a body's mass, and a load known along a motion can be given "
                "as a specified function of time")


def _time_varying(values, coordinates):
    """Names of what makes ``values`` change with time other than the
    coordinates: functions of time (``m(t)``) and the time itself."""
    names = set()
    for x in values:
        functions = me.find_dynamicsymbols(x)
        names |= {str(f) for f in functions if f not in coordinates}
        if x.xreplace({f: sm.Dummy() for f in functions}).has(t):
            names.add("t")
    return sorted(names)


def _check_real_masses(bodies):
    """Raise if a mass or an inertia holds the imaginary unit (a complex
    number given for a mass): the equations would be complex."""
    for body in bodies:
        inertia = ([c for c, _, _ in body.central_inertia.args]
                   if isinstance(body, me.RigidBody) else [])
        if any(sm.sympify(x).has(sm.I) for x in [body.mass, *inertia]):
            raise ParameterError(
                f"the mass or inertia of {body.name} is complex "
                f"(mass {body.mass}); give real masses and moments of inertia, "
                "symbols or positive numbers")


#: KanesMethod's keywords and mechlib's for them.
_KANES_METHOD_KEYWORDS = {
    "q_ind": "q", "u_ind": "u", "kd_eqs": "kdes", "q_dependent": "q_dep",
    "u_dependent": "u_dep", "u_auxiliary": "u_aux",
    "velocity_constraints": "constraints", "forcelist": "loads",
    "bodylist": "bodies", "loadlist": "loads", "bodies_list": "bodies"}


def _refuse_keywords(others):
    """An unknown keyword of kanes_equations, named with the one meant."""
    for key in others:
        meant = _KANES_METHOD_KEYWORDS.get(key)
        hint = (f"; KanesMethod's {key}= is {meant}= here" if meant else
                "; the keywords are bodies, loads, q, u, kdes, frame, u_dep, "
                "constraints, q_dep, configuration_constraints, u_aux, "
                "prescribed and constraint_solver")
        raise ArgumentTypeError(f"kanes_equations has no keyword {key}={hint}")


def kanes_equations(system=None, *positional, bodies=None, loads=(), q=None, u=None,
                    kdes=None, frame=None, u_dep=(), constraints=(),
                    q_dep=(), configuration_constraints=(), u_aux=(),
                    prescribed=(), constraint_solver="CRAMER", **others):
    r"""Form Kane's equations from partial velocities.

    Give either a ``sympy.physics.mechanics.System`` (or an example from
    ``mechlib.systems``), whose frame, bodies, loads, actuators, q_ind,
    q_dep, u_ind, u_dep, u_aux, kdes, holonomic and velocity constraints are
    read, or the pieces as keywords (the conventions of ``KanesMethod``).

    Parameters
    ----------
    system : System, optional
        The system.
    bodies : sequence of Particle or RigidBody
        The bodies (keyword form).
    loads : sequence
        Forces, torques, tuples or actuators, at any point or on any frame
        whose velocity is defined. A function of time in a load's value that
        is neither a coordinate nor a speed is a specified input, whose value
        ``rhs``, ``simulate`` and ``linearize`` ask for (``specified=``,
        ``inputs=``): mechlib cannot tell an input F(t) from a speed left out
        of ``u=``, so a MissingValueError naming a speed means it is missing
        there. An acceleration (u', q'') in a load is refused.
    q : sequence
        Independent generalized coordinates.
    u : sequence
        Independent generalized speeds :math:`u_1 \ldots u_p`.
    kdes : sequence or dict
        Kinematical differential equations ``[q1' - u1, ...]``, one per
        coordinate (dependent ones included).
    frame : ReferenceFrame
        Newtonian frame.
    u_dep : sequence, optional
        Dependent speeds :math:`u_{p+1} \ldots u_n`.
    constraints : sequence, optional
        Velocity constraints linear in the speeds (each equal to zero), one
        per dependent speed: the time derivatives of the configuration
        constraints and the nonholonomic constraints, as ``KanesMethod``'s
        ``velocity_constraints``.
    q_dep : sequence, optional
        Dependent coordinates, one per configuration constraint.
    configuration_constraints : sequence, optional
        Expressions in q equal to zero (closed loops, contact).
    u_aux : sequence, optional
        Auxiliary speeds: added to the velocities of the points (frames)
        where noncontributing forces (torques) act, so that their equations
        (``auxiliary_equations``) contain those forces.
    prescribed : sequence, optional
        Functions of time whose motion is prescribed (a support moving as
        s(t)); their rates stay in the velocities and accelerations, and
        ``rhs`` then needs s, s' and s'' as ``specified``.
    constraint_solver : str or callable, optional
        How the constraints are solved for the dependent speeds; see
        ``mechlib.nonholonomic.solve_linear``. ``"CRAMER"`` (default) has
        no removable 0/0 at symmetric states.

    Returns
    -------
    KaneEquations

    Raises
    ------
    CoordinateError, SpeedError
        Coordinates or speeds that are not dynamicsymbols or are repeated; no
        coordinates at all; a coordinate that is also a speed; a kinematical
        differential equation that uses an unlisted speed. (More speeds than
        coordinates are accepted, as by ``KanesMethod``: a speed that is the
        rate of no coordinate, an ignorable one left out.)
    ArgumentTypeError
        Coordinates or speeds given as a set (which has no order); a System
        together with keywords that it would replace (``bodies``, ``loads``,
        ``q``, ...); a keyword of ``KanesMethod`` (``kd_eqs``, ``q_ind``),
        or its positional arguments ``(frame, q_ind, u_ind, kd_eqs)``.
    ConstraintError
        Constraints that do not match the dependent speeds or coordinates,
        or are singular for them: configuration constraints fewer or more
        than ``q_dep``, one that holds a speed or a rate, one whose Jacobian
        in ``q_dep`` is zero everywhere, or fewer dependent speeds than
        configuration constraints.
    ParameterError
        A mass or an inertia that depends on a speed, or that changes with
        time other than through the coordinates (``m(t)``, ``1 + c*t``):
        the inertia forces here are :math:`-m\bar{a}`, those of a constant
        mass (``KanesMethod`` takes :math:`-d(m\bar{v})/dt`, mass gained at
        rest). A mass or inertia that depends on the coordinates is
        accepted and enters :math:`-m\bar{a}` as it is, without
        ``KanesMethod``'s :math:`-\dot{m}\bar{v}` term. A body listed twice.

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
    if positional:
        raise ArgumentTypeError(
            f"kanes_equations takes one positional argument, the System, and "
            f"got {1 + len(positional)}; KanesMethod(frame, q_ind, u_ind, kd_eqs) "
            "is kanes_equations(frame=..., q=..., u=..., kdes=..., bodies=..., "
            "loads=...) here, every piece a keyword")
    _refuse_keywords(others)
    given = _specification(system, dict(
        bodies=bodies, loads=loads, q=q, u=u, kdes=kdes, frame=frame, u_dep=u_dep,
        constraints=constraints, q_dep=q_dep,
        configuration_constraints=configuration_constraints, u_aux=u_aux))
    frame, bodies, qd = given.frame, given.bodies, given.qd
    speeds, u_aux = given.speeds, given.u_aux
    all_speeds = speeds + u_aux

    # 1. partial velocities of every mass centre, body frame and load's place,
    #    shared by F_r and F_r*
    flat = loads_of(given.loads)
    _check_load_rates(flat, given.coordinates, all_speeds)
    items = [b.masscenter for b in bodies]
    items += [b.frame for b in bodies if isinstance(b, me.RigidBody)]
    items += [load.location for load in flat]
    partials = partial_velocity_map(items, all_speeds, frame, kdes=qd, prescribed=prescribed)
    _check_functions_of_time(items, frame, qd, given.coordinates + all_speeds, prescribed,
                             given.constraints)

    # 2. and 3. generalized active forces; inertia forces as -(M u' + g)
    Fr = generalized_active_forces(flat, all_speeds, frame, kdes=qd, partials=partials)
    M, g = _mass_matrix_of_checked(bodies, all_speeds, frame, kdes=qd, partials=partials)
    Fr, M, g, aux_equations = _auxiliary_rows_apart(Fr, M, g, speeds, u_aux)
    Frs = -(M * sm.Matrix([s.diff(t) for s in speeds]) + g)

    # 4. nonholonomic reduction onto the independent speeds
    motion, aux_equations = _motion_constraints(given, Fr + Frs, aux_equations,
                                                constraint_solver)
    reduced = _reduce(given, motion, Fr, Frs, M, g, constraint_solver, prescribed)

    # 5. first-order form, in the motion (auxiliary speeds zero)
    qd = {qdot: rate.xreplace(dict.fromkeys(u_aux, 0)) for qdot, rate in qd.items()}
    K = sm.Matrix([qdot - qd[qdot] for qdot in given.qdots])
    return KaneEquations(
        q=given.coordinates, q_dep=given.q_dep, u=speeds, u_ind=given.u_ind,
        u_dep=given.u_dep, u_aux=u_aux, qdot_map=qd,
        configuration_constraints=given.config, motion_constraints=motion,
        **reduced,
        mass_matrix_full=sm.diag(K.jacobian(given.qdots), reduced["mass_matrix"]),
        forcing_full=(-K.xreplace(dict.fromkeys(given.qdots, 0))).col_join(
            reduced["forcing"]),
        auxiliary_equations=aux_equations)


@dataclass
class _Specification:
    """What :func:`kanes_equations` was given, checked and in its own order."""
    frame: me.ReferenceFrame
    bodies: list
    loads: list
    coordinates: list           # q_ind + q_dep
    q_dep: list
    u_ind: list
    u_dep: list
    u_aux: list
    speeds: list                # u_ind + u_dep
    qd: dict                    # q' -> its rate in q, u, t
    qdots: list
    config: sm.Matrix           # the configuration constraints
    constraints: list           # the velocity constraints (expressions, checked)


def _specification(system, given):
    """The :class:`_Specification` of a System, or of the keywords ``given``
    (:func:`kanes_equations`); refuses what does not fit together."""
    if system is not None:
        both = [name for name, value in given.items()
                if value is not None and not (isinstance(value, (list, tuple)) and not value)]
        if both:
            raise ArgumentTypeError(
                f"kanes_equations got a System and the keywords {both}, which "
                "the System's own would replace; add them to the System "
                "(system.add_loads(...), add_bodies, add_coordinates, ...) or "
                "give every piece as keywords without the System")
        given = _from_system(system)
    missing = [name for name in ("bodies", "q", "u", "kdes", "frame") if given[name] is None]
    if missing:
        raise MissingValueError(f"kanes_equations needs a System or the keywords {missing}")
    check_frame(given["frame"])
    bodies = check_bodies(given["bodies"])
    q_ind = as_list(given["q"], "q")
    coordinates = check_coordinates(q_ind + as_list(given["q_dep"], "q_dep"), "q + q_dep")
    q_dep = coordinates[len(q_ind):]
    if not coordinates:
        raise CoordinateError(
            "q is empty: Kane's equations need the generalized coordinates "
            "that fix the configuration, at least one, each with its "
            "kinematical differential equation (q=[q1], kdes=[q1' - u1]); a "
            "coordinate nothing depends on may stay out, not all of them")
    u_ind = check_speeds(given["u"], "u")
    u_dep = check_speeds(given["u_dep"], "u_dep")
    u_aux = check_speeds(given["u_aux"], "u_aux")
    speeds = check_speeds(u_ind + u_dep, "u + u_dep")
    check_speeds(speeds + u_aux, "u + u_dep + u_aux")
    # the kdes may use the auxiliary speeds (KanesMethod allows it): they
    # count in the partial velocities, and are zero in the motion
    qd = qdot_map(given["kdes"], speeds + u_aux)
    qdots = _check_rates(qd, coordinates, speeds + u_aux)
    config = sm.Matrix(as_expressions(given["configuration_constraints"]))
    if len(config) != len(q_dep):
        raise ConstraintError(
            f"{len(config)} configuration constraint(s) for {len(q_dep)} "
            f"dependent coordinate(s) {q_dep}; give one per dependent "
            "coordinate")
    _check_specification(coordinates, q_dep, config, speeds + u_aux, u_dep, bodies,
                         implicit=max(0, len(coordinates) - len(speeds)))
    return _Specification(
        frame=given["frame"], bodies=bodies, loads=given["loads"], coordinates=coordinates,
        q_dep=q_dep, u_ind=u_ind, u_dep=u_dep, u_aux=u_aux, speeds=speeds, qd=qd,
        qdots=qdots, config=config, constraints=as_expressions(given["constraints"]))


def _auxiliary_rows_apart(Fr, M, g, speeds, u_aux):
    """``Fr, M, g`` of the ``speeds`` of the motion (auxiliary speeds zero),
    and the auxiliary equations ``Fr_aux - (M_aux u' + g_aux)`` of the rest."""
    if not u_aux:
        return Fr, M, g, sm.zeros(0, 1)
    n = len(speeds)
    Fr, M, g = (x.xreplace(dict.fromkeys(u_aux, 0)) for x in (Fr, M, g))
    udot = sm.Matrix([s.diff(t) for s in speeds])
    return Fr[:n, :], M[:n, :n], g[:n, :], Fr[n:, :] - (M[n:, :n] * udot + g[n:, :])


def _motion_constraints(given, generalized, aux_equations, solver):
    """The velocity constraints in the motion (auxiliary speeds zero), and the
    auxiliary equations with the rows those speeds add through them.

    Velocity constraints written with the auxiliary speeds (a contact point's
    velocity that includes them) make the dependent speeds follow the
    auxiliary ones: u_dep = A_n u_ind + A_aux u_aux + b_n. The auxiliary rows
    are then reduced like the others, with ``generalized`` = F_r + F_r*, as in
    KanesMethod."""
    motion = replace(sm.Matrix(given.constraints), given.qd)
    if not (given.u_aux and len(motion)):
        return motion, aux_equations
    k_aux = motion.jacobian(given.u_aux)
    motion = motion.xreplace(dict.fromkeys(given.u_aux, 0))
    if not k_aux.is_zero_matrix:
        A_aux = -solve_linear(motion.jacobian(given.u_dep), k_aux, solver)
        aux_equations += A_aux.T * generalized[len(given.u_ind):, :]
    return motion, aux_equations


def _reduce(given, motion, Fr, Frs, M, g, solver, prescribed):
    """A_n, b_n, the reduced F_r and F_r*, and the mass matrix and forcing of
    the dynamical equations joined with the differentiated constraints."""
    p, speeds = len(given.u_ind), given.speeds
    if not (given.u_dep or len(motion)):
        return dict(A_n=sm.zeros(0, p), b_n=sm.zeros(0, 1), Fr=Fr, Frs=Frs,
                    mass_matrix=M, forcing=Fr - g)
    # k_nh, the speeds' coefficients in the constraints, comes with A_n
    A_n, b_n, k_nh = _dependent_speeds(list(motion), given.u_ind, given.u_dep,
                                       solver=solver, prescribed=prescribed,
                                       checked=True)
    f_nh = motion.xreplace(dict.fromkeys(speeds, 0))
    f_dnh = replace(k_nh.diff(t) * sm.Matrix(speeds) + f_nh.diff(t), given.qd)
    # reduce_generalized_forces without checking again what was formed here
    # (its checks walked every expression of M, g and A_n once more)
    def reduced(F):
        return F[:p, :] + A_n.T * F[p:, :]

    return dict(A_n=A_n, b_n=b_n, Fr=reduced(Fr), Frs=reduced(Frs),
                mass_matrix=reduced(M).col_join(k_nh),
                forcing=reduced(Fr - g).col_join(-f_dnh))


def constraint_forces(eqs, unknowns):
    r"""Solve the auxiliary equations for the forces they bring into evidence.

    Parameters
    ----------
    eqs : KaneEquations
        Formed with auxiliary speeds (``u_aux``), one per unknown.
    unknowns : sequence
        The constraint-force (torque) measure numbers, symbols or functions
        of time, that appear linearly in ``eqs.auxiliary_equations``.

    Returns
    -------
    dict
        ``{unknown: expression in q, u and u'}``. Substitute the speed
        derivatives of a motion (from the equations of motion) to get the
        forces along it.

    Examples
    --------
    A particle on a rotating arm: the tension along the arm.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> m, l = sm.symbols('m, l')
    >>> q, u, ua, T = me.dynamicsymbols('q, u, u_a, T')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q, N.z)
    >>> O = me.Point('O')
    >>> O.set_vel(N, 0)
    >>> P = O.locatenew('P', l*A.x)
    >>> P.set_vel(N, l*u*A.y + ua*A.x)   # u_a: P leaves the arm's length
    >>> eqs = ml.kanes_equations(bodies=[me.Particle('P', P, m)],
    ...                          loads=[(P, -T*A.x)], q=[q], u=[u],
    ...                          kdes=[q.diff() - u], frame=N, u_aux=[ua])
    >>> ml.constraint_forces(eqs, [T])
    {T: l*m*u**2}
    """
    if not isinstance(eqs, KaneEquations):
        raise ArgumentTypeError(
            f"expected the result of mechlib.kanes_equations, got "
            f"{type(eqs).__name__}")
    unknowns = as_list(unknowns, "unknowns")
    equations = eqs.auxiliary_equations
    if len(equations) == 0:
        raise ConstraintError(
            "these equations have no auxiliary equations to solve for "
            f"{unknowns or 'constraint forces'}; form them with "
            "kanes_equations(..., u_aux=[...]), one auxiliary speed per "
            "constraint force component, and the unknown forces among the loads")
    if len(unknowns) != len(equations):
        raise ConstraintError(
            f"{len(unknowns)} unknown(s) for {len(equations)} auxiliary "
            "equation(s); give one auxiliary speed per constraint force "
            "component, and name each component once")
    J = equations.jacobian(unknowns)
    if J.has(*unknowns) or any(J.row(i).is_zero_matrix
                               for i in range(J.rows)):
        raise ConstraintError(
            f"the auxiliary equations are not linear in {unknowns}, or some "
            "equation contains none of them: each auxiliary speed must move "
            "the point (frame) where one of the unknown forces (torques) "
            "acts, in that force's direction")
    rest = equations.xreplace(dict.fromkeys(unknowns, 0))
    solution = solve_linear(J, -rest)
    return dict(zip(unknowns, solution, strict=True))

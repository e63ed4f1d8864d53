r"""The Carvallo-Whipple bicycle, in the benchmark's own parameters.

The model and its parameters are those of Meijaard, Papadopoulos, Ruina and
Schwab (2007), *Linearized dynamics equations for the balance and steer of a
bicycle: a benchmark and review*, Proc. R. Soc. A 463, 1955-1982: four rigid
bodies (rear frame B with the rider, front frame H of fork and handlebar, rear
wheel R, front wheel F), knife-edge wheels rolling without slip on a flat
horizontal ground, hinges without friction, no rider control, gravity.

The geometry is given as the benchmark gives it: in the *reference
configuration* (upright, steer zero) with axes x forward, y to the right,
z down and the origin at the rear contact point, so every parameter of the
benchmark's Table 1 is a symbol of the builder and no conversion formulas are
needed. (SymPy's ``test_kane3.py::test_bicycle``, ported from Autolev, uses
another parameterization: head-tube angle, fork offset, frame and fork
lengths, inertias in rotated frames, z up; it converts the benchmark's values
to it numerically.)
"""

import math

import sympy as sm
import sympy.physics.mechanics as me

from .._validation import as_expression, check_finite, finite_float
from ..errors import (
    ArgumentTypeError,
    ConstraintViolationError,
    MissingValueError,
    ParameterError,
)
from ._example import Example, build_system

__all__ = ["whipple_bicycle", "BENCHMARK_PARAMETERS", "benchmark_parameters",
           "pitch_angle", "upright_operating_point"]


#: The benchmark bicycle of Meijaard et al. (2007), Table 1, keyed by the
#: names of :func:`whipple_bicycle`'s parameters (SI units: m, kg, kg m^2,
#: rad, m/s^2). Axes of the reference configuration: x forward, y right,
#: z down; so the mass centers are above the ground at negative z, and the
#: products of inertia are the off-diagonal entries of the inertia matrices
#: in these axes (``I_Bxz = 2.4``, ``I_Hxz = -0.00756``).
BENCHMARK_PARAMETERS = {
    # wheel base, trail, steer-axis tilt (from the vertical), gravity
    "w": 1.02, "c": 0.08, "lam": math.pi / 10, "g": 9.81,
    # rear wheel R: radius, mass, moments of inertia (I_Rzz = I_Rxx)
    "r_R": 0.3, "m_R": 2.0, "I_Rxx": 0.0603, "I_Ryy": 0.12,
    # rear frame B with the rider: mass center, mass, inertia matrix
    "x_B": 0.3, "z_B": -0.9, "m_B": 85.0,
    "I_Bxx": 9.2, "I_Byy": 11.0, "I_Bzz": 2.8, "I_Bxz": 2.4,
    # front frame H (fork and handlebar): mass center, mass, inertia matrix
    "x_H": 0.9, "z_H": -0.7, "m_H": 4.0,
    "I_Hxx": 0.05892, "I_Hyy": 0.06, "I_Hzz": 0.00708, "I_Hxz": -0.00756,
    # front wheel F: radius, mass, moments of inertia (I_Fzz = I_Fxx)
    "r_F": 0.35, "m_F": 3.0, "I_Fxx": 0.1405, "I_Fyy": 0.28,
}

_PARAMETER_NAMES = {
    "w": "w", "c": "c", "lam": "lambda", "g": "g",
    "r_R": "r_R", "m_R": "m_R", "I_Rxx": "I_Rxx", "I_Ryy": "I_Ryy",
    "x_B": "x_B", "z_B": "z_B", "m_B": "m_B",
    "I_Bxx": "I_Bxx", "I_Byy": "I_Byy", "I_Bzz": "I_Bzz", "I_Bxz": "I_Bxz",
    "x_H": "x_H", "z_H": "z_H", "m_H": "m_H",
    "I_Hxx": "I_Hxx", "I_Hyy": "I_Hyy", "I_Hzz": "I_Hzz", "I_Hxz": "I_Hxz",
    "r_F": "r_F", "m_F": "m_F", "I_Fxx": "I_Fxx", "I_Fyy": "I_Fyy",
}


def whipple_bicycle():
    r"""The Carvallo-Whipple bicycle, with the benchmark's parameters.

    **Bodies.** Rear frame B with the rider (mass :math:`m_B`, mass center
    :math:`B_o`), front frame H of fork and handlebar (:math:`m_H`,
    :math:`H_o`), rear wheel R (:math:`m_R`, radius :math:`r_R`, center
    :math:`R_o`) and front wheel F (:math:`m_F`, :math:`r_F`, :math:`F_o`).
    The wheels are thin discs, symmetric about their axles (moments of
    inertia :math:`I_{Rxx} = I_{Rzz}`, :math:`I_{Ryy}` about the axle; same
    for F).

    **Geometry** (Meijaard et al. 2007, Table 1), in the reference
    configuration, upright with zero steer, with axes :math:`x` forward,
    :math:`y` right, :math:`z` down and origin at the rear contact point:
    the wheel base w (rear to front contact), the trail c (from the front
    contact forward to where the steer axis meets the ground), the steer-axis
    tilt :math:`\lambda` from the vertical, the mass centers
    :math:`(x_B, 0, z_B)` and :math:`(x_H, 0, z_H)` (z negative: above the
    ground), the inertia matrices of B and H about their mass centers in
    these axes (entries :math:`I_{Bxx}, I_{Byy}, I_{Bzz}, I_{Bxz}` and
    likewise for H). Each point is fixed in its body at the place the
    reference configuration gives it: :math:`R_o` at :math:`(0, 0, -r_R)`,
    :math:`F_o` at :math:`(w, 0, -r_F)`, and the steer axis, along
    :math:`\hat{s} = \sin\lambda\,\hat{b}_x + \cos\lambda\,\hat{b}_z`
    (pointing down), through :math:`S` at :math:`(w + c, 0, 0)`. Gravity
    :math:`g\hat{n}_z` (down).

    **Coordinates** (frames in brackets; each rotation is right-handed
    about the axis named):

    ======  ===============================================================
    q1, q2  :math:`x, y` of the rear contact point P on the ground, along
            :math:`\hat{n}_x, \hat{n}_y`
    q3      yaw :math:`\psi` (Y, about :math:`\hat{n}_z`, down)
    q4      lean (roll) :math:`\phi` (L, about :math:`\hat{y}_x`; positive
            leans to the right)
    q5      pitch :math:`\theta` of the rear frame (B, about
            :math:`\hat{l}_y`)
    q6      rear wheel angle :math:`\theta_R` (R, about :math:`\hat{b}_y`)
    q7      steer :math:`\delta` (H, about :math:`\hat{s}`; positive steers
            to the right)
    q8      front wheel angle :math:`\theta_F` (F, about :math:`\hat{h}_y`)
    ======  ===============================================================

    All are zero in the reference configuration. **Speeds**: :math:`u_1,
    u_2` are the measure numbers of the rear contact point's velocity along
    :math:`\hat{y}_x` (heading) and :math:`\hat{y}_y`;
    :math:`u_r = \dot{q}_r` for r = 3 .. 8 (yaw, lean, pitch, rear wheel,
    steer and front wheel rates).

    **Constraints.** The front wheel touches the ground: the front contact
    point Q (the wheel's lowest point) lies in the ground plane,
    :math:`(\bar{r}^{Q} - \bar{r}^{P})\cdot\hat{n}_z = 0` (one holonomic
    constraint, which fixes the pitch q5 given lean and steer; q5 is the
    dependent coordinate). Neither wheel slips: the velocity of each
    wheel's material point at its contact is zero. Its two horizontal
    components, for each wheel, are the four nonholonomic constraints; the
    vertical component is identically zero at the rear wheel and, at the
    front wheel, it is the time derivative of the holonomic constraint.
    Hence five velocity constraints, written with the contact-point
    velocities (``system.velocity_constraints``: the holonomic constraint's
    rate first, then the nonholonomic ones), and three degrees of freedom.

    **Independent and dependent**: coordinates q1 .. q4, q6, q7, q8
    independent, q5 (pitch) dependent; speeds :math:`u_4, u_6, u_7` (lean
    rate, rear wheel rate, steer rate) independent and
    :math:`u_1, u_2, u_3, u_5, u_8` dependent, so
    ``system.u = [u4, u6, u7, u1, u2, u3, u5, u8]``.

    Moving forward at speed v upright and straight ahead,
    :math:`u_1 = v`, :math:`u_6 = -v/r_R` and :math:`u_8 = -v/r_F`
    (a wheel rolling forward turns negatively about its axle, which
    points right); see :func:`upright_operating_point`. The benchmark's
    numbers are :data:`BENCHMARK_PARAMETERS` and
    :func:`benchmark_parameters`.

    Returns
    -------
    Example
        Names:

        * parameters ``w c lam g r_R m_R I_Rxx I_Ryy x_B z_B m_B I_Bxx I_Byy
          I_Bzz I_Bxz x_H z_H m_H I_Hxx I_Hyy I_Hzz I_Hxz r_F m_F I_Fxx
          I_Fyy`` (``lam`` is the symbol :math:`\lambda`);
        * ``q1 .. q8``, ``u1 .. u8`` and the aliases ``x y yaw lean pitch
          rear_wheel_angle steer front_wheel_angle`` (coordinates) and
          ``yaw_rate lean_rate pitch_rate rear_wheel_rate steer_rate
          front_wheel_rate`` (speeds);
        * frames ``N Y L B R H F``, the steer-axis unit vector ``s_hat``;
        * points ``O`` (fixed origin), ``P`` (rear contact), ``R_o B_o S
          H_o F_o``, ``Q`` (front contact);
        * bodies ``rear_frame front_frame rear_wheel front_wheel``;
        * ``holonomic_constraint`` (the depth of Q below the ground,
          :math:`(\bar{r}^{Q} - \bar{r}^{P})\cdot\hat{n}_z`, zero when
          the front wheel touches it),
          ``rear_contact_velocity``, ``front_contact_velocity`` (velocities
          of the wheels' material points at the contacts).

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.whipple_bicycle()
    >>> ex.system.q_dep.T, ex.system.u_ind.T
    (Matrix([[q5(t)]]), Matrix([[u4(t), u6(t), u7(t)]]))
    >>> len(ex.system.velocity_constraints), len(ex.bodies)
    (5, 4)
    >>> ex.rear_contact_velocity.to_matrix(ex.Y).T
    Matrix([[r_R*u5(t) + r_R*u6(t) + u1(t), u2(t), 0]])

    In the reference configuration the front wheel touches the ground for
    any parameters:

    >>> import sympy as sm
    >>> sm.trigsimp(ex.holonomic_constraint.subs(
    ...     {ex.lean: 0, ex.pitch: 0, ex.steer: 0}))
    0
    """
    p = {key: sm.Symbol(name) for key, name in _PARAMETER_NAMES.items()}
    w, c, lam, g = p["w"], p["c"], p["lam"], p["g"]
    r_R, r_F = p["r_R"], p["r_F"]
    q = me.dynamicsymbols("q1:9")
    u = me.dynamicsymbols("u1:9")
    q1, q2, q3, q4, q5, q6, q7, q8 = q
    u1, u2, u3, u4, u5, u6, u7, u8 = u

    # Orientations: yaw, lean, pitch give the rear frame; the wheels spin
    # about their axles; the front frame steers about the tilted steer axis.
    N = me.ReferenceFrame("N")
    Y, L, B, R, H, F = (me.ReferenceFrame(name) for name in "YLBRHF")
    Y.orient_axis(N, q3, N.z)
    L.orient_axis(Y, q4, Y.x)
    B.orient_axis(L, q5, L.y)
    R.orient_axis(B, q6, B.y)
    s_hat = sm.sin(lam) * B.x + sm.cos(lam) * B.z
    # the rotation by q7 about s_hat, as tilt the z axis onto s_hat, turn
    # about it, tilt back (orient_axis would carry sqrt(sin^2 + cos^2))
    H.orient_body_fixed(B, (lam, q7, -lam), "yzy")
    F.orient_axis(H, q8, H.y)
    Y.set_ang_vel(N, u3 * Y.z)
    L.set_ang_vel(Y, u4 * Y.x)
    B.set_ang_vel(L, u5 * L.y)
    R.set_ang_vel(B, u6 * B.y)
    H.set_ang_vel(B, u7 * s_hat)
    F.set_ang_vel(H, u8 * H.y)

    # Points. The rear wheel's plane is the x-z plane of B, which contains
    # the vertical through P, so its center is r_R straight "up" along -l_z.
    O = me.Point("O")
    O.set_vel(N, 0)
    P = O.locatenew("P", q1 * N.x + q2 * N.y)
    P.set_vel(N, u1 * Y.x + u2 * Y.y)
    R_o = P.locatenew("R_o", -r_R * L.z)
    R_o.v2pt_theory(P, N, L)  # R_o - P = -r_R l_z is fixed in L
    B_o = R_o.locatenew("B_o", p["x_B"] * B.x + (p["z_B"] + r_R) * B.z)
    S = R_o.locatenew("S", (w + c) * B.x + r_R * B.z)
    H_o = S.locatenew("H_o", (p["x_H"] - w - c) * H.x + p["z_H"] * H.z)
    F_o = S.locatenew("F_o", -c * H.x - r_F * H.z)
    for point, base, frame in ((B_o, R_o, B), (S, R_o, B), (H_o, S, H),
                               (F_o, S, H)):
        point.v2pt_theory(base, N, frame)
    # The front contact Q: from F_o along the unit vector in the wheel's
    # plane (normal h_y) that points most steeply down.
    e = H.y.dot(Y.z)
    d_hat = (Y.z - e * H.y) / sm.sqrt(1 - e**2)
    Q = F_o.locatenew("Q", r_F * d_hat)

    # Rolling without slip: the wheels' material points at P and Q are at
    # rest. (Their velocities, not those of the geometric points P and Q.)
    rear_contact_velocity = (R_o.vel(N) + R.ang_vel_in(N).cross(
        P.pos_from(R_o))).express(Y).simplify()
    front_contact_velocity = (F_o.vel(N)
                              + F.ang_vel_in(N).cross(Q.pos_from(F_o)))
    # Q's depth: F_o's, plus r_F d_hat . y_z = r_F sqrt(1 - e**2)
    holonomic = F_o.pos_from(P).dot(Y.z) + r_F * sm.sqrt(1 - e**2)
    nonholonomic = [rear_contact_velocity.dot(Y.x),
                    rear_contact_velocity.dot(Y.y),
                    front_contact_velocity.dot(Y.x),
                    front_contact_velocity.dot(Y.y)]

    # Inertia dyadics about the mass centers. A wheel's is symmetric about
    # its axle, so it is constant in the frame that carries the axle (B or
    # H) and is written there; its spin angle does not enter.
    rear_frame = me.RigidBody("rear_frame", B_o, B, p["m_B"], (me.inertia(
        B, p["I_Bxx"], p["I_Byy"], p["I_Bzz"], izx=p["I_Bxz"]), B_o))
    front_frame = me.RigidBody("front_frame", H_o, H, p["m_H"], (me.inertia(
        H, p["I_Hxx"], p["I_Hyy"], p["I_Hzz"], izx=p["I_Hxz"]), H_o))
    rear_wheel = me.RigidBody("rear_wheel", R_o, R, p["m_R"], (me.inertia(
        B, p["I_Rxx"], p["I_Ryy"], p["I_Rxx"]), R_o))
    front_wheel = me.RigidBody("front_wheel", F_o, F, p["m_F"], (me.inertia(
        H, p["I_Fxx"], p["I_Fyy"], p["I_Fxx"]), F_o))
    bodies = [rear_frame, front_frame, rear_wheel, front_wheel]
    loads = [me.Force(b.masscenter, b.mass * g * Y.z) for b in bodies]

    kdes = [q1.diff() - (u1 * sm.cos(q3) - u2 * sm.sin(q3)),
            q2.diff() - (u1 * sm.sin(q3) + u2 * sm.cos(q3))]
    kdes += [qr.diff() - ur for qr, ur in zip(q[2:], u[2:], strict=True)]

    system = build_system(N, O, [q1, q2, q3, q4, q6, q7, q8], [u4, u6, u7],
                          kdes, bodies, loads, u_dep=[u1, u2, u3, u5, u8],
                          constraints=nonholonomic)
    system.add_coordinates(q5, independent=False)
    system.add_holonomic_constraints(holonomic)
    # The rate of the holonomic constraint is the vertical velocity of the
    # front wheel's contact point: shorter than holonomic.diff(t) and free
    # of coordinate rates. Same order as the System's default.
    system.velocity_constraints = [front_contact_velocity.dot(Y.z),
                                   *nonholonomic]

    names = {key: sym for key, sym in p.items()}
    names.update({f"q{i + 1}": qi for i, qi in enumerate(q)})
    names.update({f"u{i + 1}": ui for i, ui in enumerate(u)})
    names.update(dict(
        x=q1, y=q2, yaw=q3, lean=q4, pitch=q5, rear_wheel_angle=q6,
        steer=q7, front_wheel_angle=q8, yaw_rate=u3, lean_rate=u4,
        pitch_rate=u5, rear_wheel_rate=u6, steer_rate=u7,
        front_wheel_rate=u8, N=N, Y=Y, L=L, B=B, R=R, H=H, F=F,
        s_hat=s_hat, O=O, P=P, R_o=R_o, B_o=B_o, S=S, H_o=H_o, F_o=F_o,
        Q=Q, rear_frame=rear_frame, front_frame=front_frame,
        rear_wheel=rear_wheel, front_wheel=front_wheel,
        holonomic_constraint=holonomic,
        rear_contact_velocity=rear_contact_velocity,
        front_contact_velocity=front_contact_velocity))
    return Example("Whipple bicycle", system, names)


def _check_bicycle(ex, function):
    """``ex``, if it is an example made by :func:`whipple_bicycle`."""
    names = getattr(ex, "names", None) if isinstance(ex, Example) else None
    if not names or any(key not in names for key in _PARAMETER_NAMES):
        raise ArgumentTypeError(
            f"{function} needs the Whipple bicycle example, got "
            f"{type(ex).__name__} {getattr(ex, 'name', ex)!r:.60}; make it with "
            "ex = mechlib.systems.whipple_bicycle()")
    return ex


def benchmark_parameters(ex):
    """The benchmark's values as ``{symbol: value}`` for a bicycle example.

    Parameters
    ----------
    ex : Example
        Made by :func:`whipple_bicycle`.

    Returns
    -------
    dict
        :data:`BENCHMARK_PARAMETERS` keyed by the example's symbols, ready
        for ``xreplace`` or as ``constants``.

    Examples
    --------
    >>> import mechlib as ml
    >>> from mechlib.systems.bicycle import benchmark_parameters
    >>> ex = ml.systems.whipple_bicycle()
    >>> benchmark_parameters(ex)[ex.w]
    1.02
    """
    _check_bicycle(ex, "benchmark_parameters")
    return {ex.names[key]: value
            for key, value in BENCHMARK_PARAMETERS.items()}


def _constant_values(constants, keys=None):
    """``{symbol: float}`` of ``constants`` (of its ``keys`` if given),
    checked: a dict of finite numbers."""
    if not isinstance(constants, dict):
        raise ArgumentTypeError(
            f"constants must be a dict {{symbol: value}}, got {type(constants).__name__}; "
            "e.g. benchmark_parameters(ex)")
    return {key: finite_float(constants[key], f"constants[{key}]",
                              "give each parameter as a finite number, e.g. "
                              "benchmark_parameters(ex)")
            for key in (constants if keys is None else keys)}


def _numeric_parameters(ex, constants):
    for key in _PARAMETER_NAMES:
        symbol = ex.names[key]
        if symbol not in constants:
            raise MissingValueError(
                f"no value for the parameter {symbol}; pass every parameter "
                "in constants, e.g. benchmark_parameters(ex)")
    return _constant_values(constants, [ex.names[key] for key in _PARAMETER_NAMES])


def pitch_angle(ex, lean, steer, constants):
    r"""The pitch q5 at which the front wheel touches the ground.

    Solves the holonomic constraint for the pitch of the rear frame, given
    the lean and the steer, by bracketing the root nearest zero (the pitch
    is zero in the reference configuration, lean = steer = 0, for every
    set of parameters).

    Parameters
    ----------
    ex : Example
        Made by :func:`whipple_bicycle`.
    lean, steer : float
        q4 and q7, in radians.
    constants : dict
        ``{symbol: value}`` for every parameter.

    Returns
    -------
    float
        The pitch q5, in radians.

    Raises
    ------
    ArgumentTypeError
        ``ex`` not the bicycle; ``constants`` not a dict; an angle or a
        parameter that is not a number.
    NonFiniteValueError
        A NaN, infinite or None angle or parameter.
    MissingValueError
        A parameter missing from ``constants``.
    ParameterError
        A lean of pi/2 or more in size (the bicycle on or below the ground).
    ConstraintViolationError
        No pitch within 0.8 rad puts the front wheel on the ground.

    Examples
    --------
    >>> import mechlib as ml
    >>> from mechlib.systems.bicycle import benchmark_parameters, pitch_angle
    >>> ex = ml.systems.whipple_bicycle()
    >>> pitch_angle(ex, 0.0, 0.0, benchmark_parameters(ex))
    0.0
    >>> round(pitch_angle(ex, 0.1, 0.3, benchmark_parameters(ex)), 6)
    -0.002895
    """
    from scipy.optimize import brentq

    _check_bicycle(ex, "pitch_angle")
    _constant_values(constants, [])
    for name, value in (("lean", lean), ("steer", steer)):
        finite_float(value, name, "give an angle in radians")
    if abs(finite_float(lean, "lean", "")) >= math.pi / 2:
        raise ParameterError(
            f"lean = {lean}: at a lean of pi/2 the bicycle lies on the ground "
            "(the wheels' planes level, their contact points undefined) and "
            "beyond it the frame is below the ground; give |lean| < pi/2")
    values = _numeric_parameters(ex, constants)
    height = sm.lambdify(ex.pitch, ex.holonomic_constraint.xreplace(
        {ex.lean: sm.Float(lean), ex.steer: sm.Float(steer), **values}))
    if height(0.0) == 0.0:
        return 0.0
    # widen a bracket about zero until the height changes sign
    for half_width in (0.05, 0.1, 0.2, 0.4, 0.8):
        for a, b in ((-half_width, 0.0), (0.0, half_width)):
            if height(a) * height(b) < 0:
                return brentq(height, a, b, xtol=1e-15, rtol=1e-15)
    raise ConstraintViolationError(
        f"no pitch within 0.8 rad puts the front wheel on the ground at lean "
        f"{lean} and steer {steer}; the configuration is not attainable")


def upright_operating_point(ex, v, constants=None):
    r"""Upright, straight-ahead motion at forward speed v.

    Lean, steer and pitch are zero (the pitch from the holonomic constraint
    at zero lean and steer is zero in closed form, because the builder
    measures it from the benchmark's reference configuration); so are the
    position, yaw and wheel angles, and the lean, steer, yaw and pitch rates.
    The rear contact moves forward, :math:`u_1 = v`, and the wheels roll:
    :math:`u_6 = -v/r_R`, :math:`u_8 = -v/r_F` (negative: the axles point
    right and the wheels roll forward). This satisfies the configuration
    and velocity constraints.

    Parameters
    ----------
    ex : Example
        Made by :func:`whipple_bicycle`.
    v : number or Symbol
        Forward speed.
    constants : dict, optional
        ``{symbol: value}`` of the parameters; with it the wheel rates are
        numbers, without it expressions in :math:`r_R, r_F`.

    Returns
    -------
    dict
        ``{q_r: value}`` for q1 .. q8 and ``{u_r: value}`` for u1 .. u8.

    Raises
    ------
    ArgumentTypeError
        ``ex`` not the bicycle; ``v`` not a number or expression;
        ``constants`` not a dict, or a value in it not a number.
    NonFiniteValueError
        A NaN or infinite speed or parameter, or a wheel radius of zero.

    Examples
    --------
    >>> import mechlib as ml
    >>> from mechlib.systems.bicycle import upright_operating_point
    >>> ex = ml.systems.whipple_bicycle()
    >>> op = upright_operating_point(ex, 5)
    >>> op[ex.u1], op[ex.rear_wheel_rate], op[ex.front_wheel_rate]
    (5, -5/r_R, -5/r_F)
    """
    _check_bicycle(ex, "upright_operating_point")
    v = check_finite(as_expression(
        v, f"the forward speed v must be a number or a SymPy expression, got "
        f"{type(v).__name__} {v!r}"), "the forward speed v")
    op = {qr: sm.S.Zero for qr in ex.system.q}
    op.update({ur: sm.S.Zero for ur in ex.system.u})
    op[ex.u1] = v
    op[ex.rear_wheel_rate] = -v / ex.r_R
    op[ex.front_wheel_rate] = -v / ex.r_F
    if constants is not None:
        values = _constant_values(constants)
        op = {k: check_finite(val.xreplace(values), f"the operating point's {k}")
              for k, val in op.items()}
    return op

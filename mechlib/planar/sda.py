r"""Spring-damper-actuators between two planar bodies.

:class:`TranslationalSDA` acts along the line between a point of body i and
a point of body j; :class:`RotationalSDA` acts on the relative angle
:math:`\theta = \phi_j - \phi_i`.  Both give the generalized forces on the
two bodies and their time derivatives, with stiffness, damping, dry
friction (exact or smoothed) and an actuator of any form.  The sign
conventions are those of :mod:`mechlib.planar`.
"""

from __future__ import annotations

from collections import namedtuple

from ..errors import NonFiniteValueError, ParameterError
from .backend import backend, check_length, coerce_parameter
from .kinematics import rotate, rotate_derivative
from .loads import ForceLaw, point_force, point_force_rate, pure_moment

__all__ = ["TranslationalSDA", "RotationalSDA", "SDAKinematics"]


def _require(**rates):
    """Reject rates given as None where the result needs them."""
    for name, value in rates.items():
        if value is None:
            raise NonFiniteValueError(
                f"{name} is None; give the body's coordinate rates (zeros "
                "for a body at rest or the ground)")

#: Lengths and rates of a spring-damper-actuator: the vector ``d`` from P_i
#: to P_j, its rates ``d_dot`` and ``d_ddot``, the length ``length`` and its
#: rates ``rate`` and ``acceleration`` (``None`` where the inputs do not give
#: them).
SDAKinematics = namedtuple("SDAKinematics",
                           "d d_dot d_ddot length rate acceleration",
                           defaults=(None,) * 6)


class TranslationalSDA:
    r"""Translational spring-damper-actuator between points of bodies i, j.

    The element acts along the line from :math:`P_i` to :math:`P_j`, with

    .. math::
        \{d\} = \{r_j^P\} - \{r_i^P\}, \quad \ell = \sqrt{\{d\}^T\{d\}}, \quad
        \dot\ell = \{d\}^T\{\dot d\}/\ell,

        f = k(\ell - \ell_0) + c\dot\ell + f_F\,\mathrm{sign}(\dot\ell)
            + f_{act}(\ell, \dot\ell, t),

    :math:`f` positive in tension.  The force on body i is
    :math:`+f\{d\}/\ell` and on body j is :math:`-f\{d\}/\ell`.

    Parameters
    ----------
    s_i, s_j : sequence of 2
        Body-fixed coordinates of the attachment points in bodies i and j.
    k, l0, c : scalar
        Stiffness, free length and damping coefficient.
    friction : scalar
        Dry-friction level :math:`f_F` (see
        :func:`~mechlib.planar.loads.friction_force`).
    actuator : callable ``(length, rate, t)`` or None
        The actuator force :math:`f_{act}`, positive in tension.  It is
        first called once with SymPy symbols: if that works (write it with
        ``sympy`` functions, e.g. ``sympy.sin``), its expression serves both
        modes and is differentiated for :meth:`generalized_force_rates`;
        otherwise (a function using ``numpy`` or ``if``) it is called with
        the numbers.
    actuator_rate : callable ``(length, rate, acceleration, t)`` or None
        The actuator's time derivative; needed by
        :meth:`generalized_force_rates` only for an actuator that cannot be
        called with SymPy symbols.
    smoothing : positive scalar or None
        Rate scale of the smoothed sign (see
        :func:`~mechlib.planar.loads.friction_force`).
    min_length : float
        Numeric mode: a length at or below ``min_length`` raises
        ``ZeroLengthError`` (the direction of the force is undefined at
        :math:`\ell = 0`).  Symbolic mode: a length that expands to zero
        raises; any other symbolic result holds where :math:`\ell \ne 0`.

    Raises
    ------
    NonFiniteValueError
        For NaN, an infinity or ``None`` among the constants or inputs.
    ShapeError, LoadError
        For a vector of the wrong size, an actuator that is no function.

    Examples
    --------
    A spring of stiffness 100 N/m and free length 1 m from the ground point
    (0, 0) to the point (0.5, 0) of a body whose origin is at (1.5, 0):
    stretched by 1 m, it pulls the body back with 100 N.

    >>> from mechlib import planar
    >>> spring = planar.TranslationalSDA(s_i=[0, 0], s_j=[0.5, 0], k=100.0,
    ...                                  l0=1.0)
    >>> ground, body = [0, 0, 0], [1.5, 0, 0]
    >>> Q_i, Q_j = spring.generalized_forces(ground, body, [0, 0, 0],
    ...                                      [0, 0, 0])
    >>> Q_j
    array([-100.,    0.,    0.])
    >>> float(spring.length(ground, body))
    2.0
    """

    def __init__(self, s_i, s_j, k=0, l0=0, c=0, friction=0, actuator=None,
                 actuator_rate=None, smoothing=None, min_length=1e-12):
        be = backend(s_i, s_j)
        be.vector(s_i, 2, "s_i")
        be.vector(s_j, 2, "s_j")
        self.s_i, self.s_j = s_i, s_j
        self.min_length = float(coerce_parameter(min_length, "min_length"))
        if self.min_length < 0:
            raise ParameterError(
                f"min_length must be >= 0, got {min_length!r}; the default "
                "1e-12 rejects only lengths that are zero to rounding")
        self.law = ForceLaw(k, l0, c, friction, actuator, actuator_rate,
                            smoothing, "length, rate, t", "l0")

    def __repr__(self):
        law = self.law
        return (f"TranslationalSDA(s_i={self.s_i!r}, s_j={self.s_j!r}, "
                f"k={law.k!r}, l0={law.x0!r}, c={law.c!r}, "
                f"friction={law.friction!r})")

    def _backend(self, *args):
        return backend(self.s_i, self.s_j, *self.law.parameters(), *args)

    def kinematics(self, q_i, q_j, qd_i=None, qd_j=None, qdd_i=None,
                   qdd_j=None):
        r"""Vector :math:`\{d\}`, length :math:`\ell` and their two rates.

        .. math::
            \dot\ell = \{d\}^T\{\dot d\}/\ell, \qquad
            \ddot\ell = (\{d\}^T\{\ddot d\} + \{\dot d\}^T\{\dot d\}
                         - \dot\ell^2)/\ell

        Returns
        -------
        SDAKinematics
            Rates are ``None`` unless the velocities (and accelerations)
            are given.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0])
        >>> kin = sda.kinematics([0, 0, 0], [3, 4, 0], [0, 0, 0], [1, 0, 0])
        >>> float(kin.length), float(kin.rate)
        (5.0, 0.6)
        """
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        xi, yi, pi = be.vector(q_i, 3, "q_i")
        xj, yj, pj = be.vector(q_j, 3, "q_j")
        six, siy = be.vector(self.s_i, 2, "s_i")
        sjx, sjy = be.vector(self.s_j, 2, "s_j")
        rates = [None if v is None else be.vector(v, 3, name)
                 for v, name in ((qd_i, "qd_i"), (qd_j, "qd_j"),
                                 (qdd_i, "qdd_i"), (qdd_j, "qdd_j"))]
        aix, aiy = rotate(be, pi, six, siy)
        ajx, ajy = rotate(be, pj, sjx, sjy)
        dx, dy = xj + ajx - xi - aix, yj + ajy - yi - aiy
        check_length(be, dx, dy, self.min_length)
        length = be.sqrt(dx**2 + dy**2)
        d = be.pack([dx, dy])
        if rates[0] is None or rates[1] is None:
            return SDAKinematics(d, None, None, length, None, None)
        (xdi, ydi, pdi), (xdj, ydj, pdj) = rates[:2]
        bix, biy = rotate_derivative(be, pi, six, siy)
        bjx, bjy = rotate_derivative(be, pj, sjx, sjy)
        ddx = xdj + pdj * bjx - xdi - pdi * bix
        ddy = ydj + pdj * bjy - ydi - pdi * biy
        rate = (dx * ddx + dy * ddy) / length
        d_dot = be.pack([ddx, ddy])
        if rates[2] is None or rates[3] is None:
            return SDAKinematics(d, d_dot, None, length, rate, None)
        (xddi, yddi, pddi), (xddj, yddj, pddj) = rates[2:]
        dddx = ((xddj + pddj * bjx - pdj**2 * ajx)
                - (xddi + pddi * bix - pdi**2 * aix))
        dddy = ((yddj + pddj * bjy - pdj**2 * ajy)
                - (yddi + pddi * biy - pdi**2 * aiy))
        acc = (dx * dddx + dy * dddy + ddx**2 + ddy**2 - rate**2) / length
        return SDAKinematics(d, d_dot, be.pack([dddx, dddy]), length, rate,
                             acc)

    def length(self, q_i, q_j):
        r"""Length :math:`\ell`; raises ``ZeroLengthError`` at zero.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [1, 0])
        >>> float(sda.length([0, 0, 0], [2, 0, 1.5708]))
        2.2360...
        """
        return self.kinematics(q_i, q_j).length

    def force(self, length, rate, t=0):
        r"""The scalar force :math:`f(\ell, \dot\ell, t)`, positive in tension.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=10.0, l0=1.0,
        ...                               c=2.0)
        >>> float(sda.force(1.5, -1.0))
        3.0
        """
        be = self._backend(length, rate, t)
        return self.law.value(be.scalar(length, "length"),
                              be.scalar(rate, "rate"), be.scalar(t, "t"), be)

    def force_rate(self, length, rate, acceleration, t=0):
        r"""Time derivative of the force.

        :math:`\dot f = k\dot\ell + c\ddot\ell + \dot f_F + \dot f_{act}`.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> L, Ld, Ldd, t = sm.symbols('ell ell_dot ell_ddot t')
        >>> sda = planar.TranslationalSDA(
        ...     [0, 0], [0, 0], k=3, actuator=lambda l, ld, tt: sm.sin(tt) * l)
        >>> sda.force_rate(L, Ld, Ldd, t)
        ell*cos(t) + ell_dot*sin(t) + 3*ell_dot
        """
        be = self._backend(length, rate, acceleration, t)
        return self.law.rate(be.scalar(length, "length"),
                             be.scalar(rate, "rate"),
                             be.scalar(acceleration, "acceleration"),
                             be.scalar(t, "t"), be)

    def forces(self, q_i, q_j, qd_i, qd_j, t=0):
        r"""Global forces ``(F_i, F_j) = (+f d / l, -f d / l)`` on the points.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=2.0)
        >>> sda.forces([0, 0, 0], [0, 3.0, 0], [0, 0, 0], [0, 0, 0])
        (array([0., 6.]), array([ 0., -6.]))
        """
        _require(qd_i=qd_i, qd_j=qd_j)
        kin = self.kinematics(q_i, q_j, qd_i, qd_j)
        f = self.force(kin.length, kin.rate, t)
        be = self._backend(q_i, q_j, qd_i, qd_j, t)
        dx, dy = be.vector(kin.d, 2, "d")
        L = kin.length
        return (be.pack([f * dx / L, f * dy / L]),
                be.pack([-f * dx / L, -f * dy / L]))

    def generalized_forces(self, q_i, q_j, qd_i, qd_j, t=0):
        r"""Generalized forces ``(Q_i, Q_j)`` of the element on bodies i, j.

        .. math::
            \{Q_i\} &= \begin{Bmatrix} \{F_i\} \\ ([B_i]\{s'_i\})^T\{F_i\}
                       \end{Bmatrix},
            \qquad \{F_i\} = \frac{f}{\ell}\{d\}, \\
            \{Q_j\} &= \begin{Bmatrix} \{F_j\} \\ ([B_j]\{s'_j\})^T\{F_j\}
                       \end{Bmatrix},
            \qquad \{F_j\} = -\{F_i\}

        Their force parts are opposite; their moment parts, taken about two
        different body origins, in general are not.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> k, l0, x = sm.symbols('k l_0 x', positive=True)
        >>> sda = planar.TranslationalSDA([0, 0], [0, 0], k=k, l0=l0)
        >>> Q_i, Q_j = sda.generalized_forces([0, 0, 0], [x, 0, 0],
        ...                                   [0, 0, 0], [0, 0, 0])
        >>> Q_j.T
        Matrix([[-k*(-l_0 + x), 0, 0]])
        """
        F_i, F_j = self.forces(q_i, q_j, qd_i, qd_j, t)
        be = self._backend(q_i, q_j)
        _, _, pi = be.vector(q_i, 3, "q_i")
        _, _, pj = be.vector(q_j, 3, "q_j")
        return (point_force(F_i, self.s_i, pi),
                point_force(F_j, self.s_j, pj))

    def generalized_force_rates(self, q_i, q_j, qd_i, qd_j, qdd_i, qdd_j,
                                t=0):
        r"""Time derivatives ``(Qdot_i, Qdot_j)`` of the generalized forces.

        .. math::
            \{\dot F_i\} &= -\{\dot F_j\}
            = \frac{\dot f\ell\{d\} + f\ell\{\dot d\} - f\dot\ell\{d\}}
                   {\ell^2}, \\
            \{\dot Q_i\} &= \begin{Bmatrix} \{\dot F_i\} \\
            ([B_i]\{s'_i\})^T\{\dot F_i\} - \dot\phi_i([A_i]\{s'_i\})^T\{F_i\}
            \end{Bmatrix}

        They need the accelerations ``qdd_i``, ``qdd_j`` (through
        :math:`\ddot\ell`) when the element has damping or an actuator that
        depends on the rate; a formulation that differentiates the equations
        of motion once more (third order) uses them.

        Examples
        --------
        A spring of zero free length along a bar of length 2 that turns at
        1 rad/s about the ground point: the force on the bar's tip turns
        with it.

        >>> from mechlib import planar
        >>> sda = planar.TranslationalSDA([0, 0], [2.0, 0], k=1.0)
        >>> qdot_i, qdot_j = sda.generalized_force_rates(
        ...     [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1.0], [0, 0, 0],
        ...     [0, 0, 0])
        >>> qdot_j
        array([ 0., -2.,  0.])
        """
        _require(qd_i=qd_i, qd_j=qd_j, qdd_i=qdd_i, qdd_j=qdd_j)
        kin = self.kinematics(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j, t)
        time = be.scalar(t, "t")
        f = self.law.value(kin.length, kin.rate, time, be)
        fd = self.law.rate(kin.length, kin.rate, kin.acceleration, time, be)
        dx, dy = be.vector(kin.d, 2, "d")
        ddx, ddy = be.vector(kin.d_dot, 2, "d_dot")
        L, Ld = kin.length, kin.rate
        Fx, Fy = f * dx / L, f * dy / L
        Fdx = (fd * L * dx + f * L * ddx - f * Ld * dx) / L**2
        Fdy = (fd * L * dy + f * L * ddy - f * Ld * dy) / L**2
        _, _, pi = be.vector(q_i, 3, "q_i")
        _, _, pj = be.vector(q_j, 3, "q_j")
        _, _, pdi = be.vector(qd_i, 3, "qd_i")
        _, _, pdj = be.vector(qd_j, 3, "qd_j")
        Qd_i = point_force_rate(be.pack([Fx, Fy]), be.pack([Fdx, Fdy]),
                                self.s_i, pi, pdi)
        Qd_j = point_force_rate(be.pack([-Fx, -Fy]), be.pack([-Fdx, -Fdy]),
                                self.s_j, pj, pdj)
        return Qd_i, Qd_j


class RotationalSDA:
    r"""Rotational spring-damper-actuator between bodies i and j.

    .. math::
        \theta = \phi_j - \phi_i, \qquad
        T = k_\theta(\theta - \theta_0) + c_\theta\dot\theta
            + T_F\,\mathrm{sign}(\dot\theta) + T_{act}(\theta, \dot\theta, t),

        \{Q_i\} = [0, 0, T]^T, \qquad \{Q_j\} = -[0, 0, T]^T.

    A positive :math:`T` turns body i counterclockwise and body j clockwise,
    i.e. it drives :math:`\theta` down: a torsional spring wound up by
    :math:`\theta > \theta_0` pushes back.  The potential
    :math:`V = k_\theta(\theta-\theta_0)^2/2` gives the same:
    :math:`-\partial V/\partial\phi_i = +T`,
    :math:`-\partial V/\partial\phi_j = -T`.

    Parameters
    ----------
    k, theta0, c, friction : scalar
        :math:`k_\theta`, :math:`\theta_0`, :math:`c_\theta`, :math:`T_F`.
    actuator, actuator_rate, smoothing
        As for :class:`TranslationalSDA`, functions of ``(angle, rate, t)``
        and ``(angle, rate, acceleration, t)``.

    Examples
    --------
    >>> from mechlib import planar
    >>> spring = planar.RotationalSDA(k=2.0)
    >>> Q_i, Q_j = spring.generalized_forces([0, 0, 0], [0, 0, 0.5],
    ...                                      [0, 0, 0], [0, 0, 0])
    >>> Q_i, Q_j
    (array([0., 0., 1.]), array([ 0.,  0., -1.]))
    """

    def __init__(self, k=0, theta0=0, c=0, friction=0, actuator=None,
                 actuator_rate=None, smoothing=None):
        self.law = ForceLaw(k, theta0, c, friction, actuator, actuator_rate,
                            smoothing, "angle, rate, t", "theta0")

    def __repr__(self):
        law = self.law
        return (f"RotationalSDA(k={law.k!r}, theta0={law.x0!r}, "
                f"c={law.c!r}, friction={law.friction!r})")

    def _backend(self, *args):
        return backend(*self.law.parameters(), *args)

    def kinematics(self, q_i, q_j, qd_i=None, qd_j=None, qdd_i=None,
                   qdd_j=None):
        r"""``(theta, theta_dot, theta_ddot)``; rates ``None`` unless given.

        Examples
        --------
        >>> from mechlib import planar
        >>> planar.RotationalSDA().kinematics([0, 0, 0.25], [1, 2, 1.0],
        ...                                   [0, 0, 1], [0, 0, 3])
        (np.float64(0.75), np.float64(2.0), None)
        """
        be = self._backend(q_i, q_j, qd_i, qd_j, qdd_i, qdd_j)
        be.vector(q_i, 3, "q_i")
        be.vector(q_j, 3, "q_j")
        out = []
        for a, b, label in ((q_i, q_j, "q"), (qd_i, qd_j, "qd"),
                            (qdd_i, qdd_j, "qdd")):
            if a is None or b is None:
                out.append(None)
                continue
            out.append(be.vector(b, 3, label + "_j")[2]
                       - be.vector(a, 3, label + "_i")[2])
        return tuple(out)

    def torque(self, angle, rate, t=0):
        r"""The scalar torque :math:`T(\theta, \dot\theta, t)`.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.RotationalSDA(k=2.0, theta0=0.5, c=1.0)
        >>> float(sda.torque(1.0, -0.25))
        0.75
        """
        be = self._backend(angle, rate, t)
        return self.law.value(be.scalar(angle, "angle"),
                              be.scalar(rate, "rate"), be.scalar(t, "t"), be)

    def torque_rate(self, angle, rate, acceleration, t=0):
        r"""Time derivative of the torque.

        :math:`\dot T = k_\theta\dot\theta + c_\theta\ddot\theta + \dot T_F
        + \dot T_{act}`.

        Examples
        --------
        >>> from mechlib import planar
        >>> sda = planar.RotationalSDA(k=2.0, c=1.0)
        >>> float(sda.torque_rate(1.0, 0.5, 4.0))
        5.0
        """
        be = self._backend(angle, rate, acceleration, t)
        return self.law.rate(be.scalar(angle, "angle"),
                             be.scalar(rate, "rate"),
                             be.scalar(acceleration, "acceleration"),
                             be.scalar(t, "t"), be)

    def generalized_forces(self, q_i, q_j, qd_i, qd_j, t=0):
        """Generalized forces ``(Q_i, Q_j) = ([0, 0, T], [0, 0, -T])``.

        Examples
        --------
        >>> import sympy as sm
        >>> from mechlib import planar
        >>> k, p_i, p_j = sm.symbols('k phi_i phi_j')
        >>> Q_i, Q_j = planar.RotationalSDA(k=k).generalized_forces(
        ...     [0, 0, p_i], [0, 0, p_j], [0, 0, 0], [0, 0, 0])
        >>> Q_i.T
        Matrix([[0, 0, k*(-phi_i + phi_j)]])
        >>> Q_j.T
        Matrix([[0, 0, -k*(-phi_i + phi_j)]])
        """
        _require(qd_i=qd_i, qd_j=qd_j)
        theta, theta_d, _ = self.kinematics(q_i, q_j, qd_i, qd_j)
        T = self.torque(theta, theta_d, t)
        return pure_moment(T), pure_moment(-T)

    def generalized_force_rates(self, q_i, q_j, qd_i, qd_j, qdd_i, qdd_j,
                                t=0):
        r"""Time derivatives ``([0, 0, Tdot], [0, 0, -Tdot])``.

        Examples
        --------
        >>> from mechlib import planar
        >>> damper = planar.RotationalSDA(c=0.5)
        >>> damper.generalized_force_rates([0, 0, 0], [0, 0, 0], [0, 0, 0],
        ...                                [0, 0, 1.0], [0, 0, 0],
        ...                                [0, 0, 4.0])[0]
        array([0., 0., 2.])
        """
        _require(qd_i=qd_i, qd_j=qd_j, qdd_i=qdd_i, qdd_j=qdd_j)
        theta, theta_d, theta_dd = self.kinematics(q_i, q_j, qd_i, qd_j,
                                                   qdd_i, qdd_j)
        Td = self.torque_rate(theta, theta_d, theta_dd, t)
        return pure_moment(Td), pure_moment(-Td)

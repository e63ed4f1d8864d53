r"""Generalized forces of planar multibody systems in absolute coordinates.

Each body :math:`i` of a planar system is located by three absolute
coordinates :math:`\{q_i\} = [x_i, y_i, \phi_i]^T`: the global position
:math:`\{r_i\}` of the body's origin and the angle :math:`\phi_i` from the
global :math:`x` axis to the body-fixed :math:`\xi` axis.  A point :math:`P`
fixed in the body has the body-fixed coordinates :math:`\{s'_P\}` and the
global position :math:`\{r^P\} = \{r_i\} + [A(\phi_i)]\{s'_P\}`.  The
generalized force :math:`\{Q_i\} = [Q_x, Q_y, Q_\phi]^T` of a load on body
:math:`i` is the vector whose dot product with :math:`\delta\{q_i\}` is the
virtual work of the load.

Sign conventions (used by every function of this package):

* ``A(phi) = [[cos, -sin], [sin, cos]]`` and ``B(phi) = dA/dphi``.
* A translational spring-damper-actuator between point :math:`P_i` of body
  :math:`i` and point :math:`P_j` of body :math:`j` has
  :math:`\{d\} = \{r_j^P\} - \{r_i^P\}`, length :math:`\ell = |\{d\}|` and a
  force :math:`f` that is positive in tension; the force on body :math:`i`
  is :math:`+f\{d\}/\ell` (towards :math:`P_j`) and on body :math:`j` is
  :math:`-f\{d\}/\ell`.
* A rotational spring-damper-actuator has :math:`\theta = \phi_j - \phi_i`
  and a torque :math:`T`; the torque on body :math:`i` is :math:`+T` and on
  body :math:`j` is :math:`-T`.

Every function works in two modes, chosen by its input:

* **symbolic**: if any input holds a SymPy expression (or is a SymPy
  matrix), the result is a SymPy ``Matrix`` (a 3 x 1 column for a
  generalized force);
* **numeric**: otherwise the inputs are turned into NumPy arrays of floats
  and the result is a NumPy array.  Numeric functions are vectorised: the
  last axis of a vector argument holds its components (2 for a point, 3 for
  a body's coordinates), and any leading axes broadcast, so one call
  evaluates a whole trajectory.

The ground is a body whose coordinates and their derivatives are all zero:
pass ``[0, 0, 0]`` for it, and a point of the ground by its global
coordinates.

Bad input raises a :mod:`mechlib.errors` class that names the problem and
the fix: a NaN, an infinity or ``None`` where a number is needed raises
``NonFiniteValueError``, a vector of the wrong size ``ShapeError``, and a
spring-damper-actuator whose points coincide ``ZeroLengthError``.

The package has one module per job, and every name below is also available
as ``planar.<name>``:

``mechlib.planar.backend``
    the symbolic/numeric backend and the coercion of inputs;
``mechlib.planar.kinematics``
    rotation matrix and its derivative, points of a body, the partial
    derivatives of absolute coordinates' rates with respect to speeds;
``mechlib.planar.loads``
    forces at points, pure moments, their rates, friction laws;
``mechlib.planar.sda``
    translational and rotational spring-damper-actuators;
``mechlib.planar.projection``
    generalized forces projected onto generalized speeds;
``mechlib.planar.simulation``
    the equations of motion of a system in absolute coordinates, and their
    integration.

Examples
--------
>>> import numpy as np
>>> from mechlib import planar

The weight of 9.81 N at the tip of a bar of half-length 1 m that points
along the global x axis (phi = 0, origin at the bar's centre) pulls it down
and turns it clockwise:

>>> planar.point_force([0.0, -9.81], [1.0, 0.0], 0.0)
array([ 0.  , -9.81, -9.81])

Turned to point along the global y axis, the bar feels no moment:

>>> Q = planar.point_force([0.0, -9.81], [1.0, 0.0], np.pi / 2)
>>> bool(abs(Q[2]) < 1e-12)
True
"""

from ..errors import ZeroLengthError
from . import backend, kinematics, loads, projection, sda  # noqa: F401 (submodules)
from .kinematics import (
    absolute_partial_velocities,
    point_acceleration,
    point_position,
    point_velocity,
    rotation_matrix,
    rotation_matrix_derivative,
)
from .loads import (
    friction_force,
    friction_force_rate,
    point_force,
    point_force_rate,
    pure_moment,
    pure_moment_rate,
)
from .projection import project_onto_speeds
from .sda import RotationalSDA, SDAKinematics, TranslationalSDA

#: Imported on first use: the simulation needs numpy and scipy, which the
#: symbolic rest does not (the book's web pages run it without them).
_FROM_SIMULATION = ("rhs", "simulate")

__all__ = [
    "ZeroLengthError",
    "rotation_matrix",
    "rotation_matrix_derivative",
    "point_position",
    "point_velocity",
    "point_acceleration",
    "point_force",
    "point_force_rate",
    "pure_moment",
    "pure_moment_rate",
    "friction_force",
    "friction_force_rate",
    "TranslationalSDA",
    "RotationalSDA",
    "SDAKinematics",
    "absolute_partial_velocities",
    "project_onto_speeds",
    "rhs",
    "simulate",
]


def __getattr__(name):
    if name in _FROM_SIMULATION or name == "simulation":
        import importlib

        module = importlib.import_module("mechlib.planar.simulation")
        value = module if name == "simulation" else getattr(module, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

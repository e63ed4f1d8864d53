"""mechlib: partial velocities, generalized forces and Kane's equations.

The helper package of the book *Generalized Forces in Kane's Method*, built on
``sympy.physics.mechanics``. Each module follows one chapter:

``mechlib.kinematics``
    partial velocities, the remainder term, a display table;
``mechlib.active``
    generalized active forces F_r; resultant and couple;
``mechlib.potential``
    F_r from a potential energy and from a dissipation function;
``mechlib.inertia``
    inertia force and torque, generalized inertia forces F_r*;
``mechlib.nonholonomic``
    A_n and b_n from velocity constraints; nonholonomic partial velocities and
    generalized forces;
``mechlib.kane``
    Kane's equations F_r + F_r* = 0, composed from the modules above, with
    configuration constraints and auxiliary speeds; constraint forces;
``mechlib.simulation``
    a numerical right-hand side, simulation, constraint residuals;
``mechlib.linearization``
    linearization about an operating point, dependent quantities eliminated;
``mechlib.systems``
    the example systems of the book;
``mechlib.printing``
    ``init_printing()``: unit vectors print as hats;
``mechlib.verify``
    ``vanishes(expr)``: a result checked numerically against another;
``mechlib.book``
    the book's tooling, kept out of the dynamics: how results are shown
    (``mechlib.book.display``: partial-velocity tables, tidied expressions,
    animations and explorers that play without a kernel), the drawings of
    the figures, ``check(name, answer)`` for the self-checking exercises,
    and the machinery that builds the book, its student edition and its
    autograder.

``import mechlib`` loads the symbolic dynamics only (SymPy): the numerical
modules (``simulation``, ``linearization``, ``verify``, ``planar``) and
``mechlib.book`` are imported the first time one of their names is used, so
``ml.simulate``, ``ml.check``, ``ml.display`` and ``from mechlib import
drawing`` work as if they had been imported up front.

Speed ordering, stated once for the whole package: speeds are ordered
``[u_1 .. u_p, u_{p+1} .. u_n] = [*independent, *dependent]``; the dependent
speeds are ``u_dep = A_n u_ind + b_n`` with ``A_n`` of shape ``(n - p, p)``,
and nonholonomic quantities are ``X~_r = X_r + sum_s A_n[s, r] X_{p+s}``,
i.e. ``F~ = F_ind + A_n.T F_dep``.

The version, ``mechlib.__version__``, is the book's: one number for the book
and the package, written here alone (the wheel takes it from here,
``CITATION.cff`` and ``CHANGELOG.md`` are checked against it).

Examples
--------
>>> import mechlib as ml
>>> callable(ml.partial_velocities)
True
"""

#: The version of the book and of this package (calendar versioning:
#: year.month.release).
__version__ = "2026.12.0"

import importlib

from . import active, errors, inertia, kane, kinematics, nonholonomic, potential, printing, systems
from .active import generalized_active_forces, resultant_and_couple
from .inertia import (
    generalized_inertia_forces,
    inertia_force,
    inertia_torque,
    inertia_torque_of_particles,
)
from .kane import KaneEquations, constraint_forces, kanes_equations
from .kinematics import partial_velocities, remainder, replace_qdots
from .nonholonomic import (
    dependent_speed_coefficients,
    nonholonomic_partial_velocities,
    reduce_generalized_forces,
)
from .potential import dissipation_forces, potential_forces
from .printing import init_printing

#: Modules imported on first use: name -> module.
_LAZY_MODULES = {
    "simulation": "mechlib.simulation",
    "linearization": "mechlib.linearization",
    "verify": "mechlib.verify",
    "planar": "mechlib.planar",
    "book": "mechlib.book",
    "display": "mechlib.book.display",
    "drawing": "mechlib.book.drawing",
}
#: Functions and classes imported on first use: name -> module.
_LAZY_NAMES = {
    "rhs": "mechlib.simulation",
    "simulate": "mechlib.simulation",
    "constraint_residuals": "mechlib.simulation",
    "consistent_state": "mechlib.simulation",
    "linearize": "mechlib.linearization",
    "Linearization": "mechlib.linearization",
    "Linearizer": "mechlib.linearization",
    "partial_velocity_table": "mechlib.book.display",
    "check": "mechlib.book.check",
}


def __getattr__(name):
    if name in _LAZY_MODULES:
        value = importlib.import_module(_LAZY_MODULES[name])
    elif name in _LAZY_NAMES:
        value = getattr(importlib.import_module(_LAZY_NAMES[name]), name)
    else:
        raise AttributeError(f"module 'mechlib' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY_MODULES) | set(_LAZY_NAMES))


__all__ = [
    "__version__",
    # modules
    "errors", "printing", "kinematics", "verify", "active", "inertia",
    "nonholonomic", "kane", "simulation", "linearization", "systems",
    "display", "potential",
    # functions and classes
    "init_printing", "partial_velocities", "remainder",
    "partial_velocity_table", "replace_qdots", "generalized_active_forces",
    "resultant_and_couple", "potential_forces", "dissipation_forces",
    "inertia_force", "inertia_torque",
    "inertia_torque_of_particles", "generalized_inertia_forces",
    "dependent_speed_coefficients", "nonholonomic_partial_velocities",
    "reduce_generalized_forces", "kanes_equations", "KaneEquations",
    "constraint_forces", "rhs", "simulate", "constraint_residuals",
    "consistent_state",
    "linearize", "Linearization", "Linearizer", "check",
]

r"""The example systems of the book, as ``sympy.physics.mechanics`` Systems.

Each function returns an :class:`Example`: a ``System`` (frame, bodies,
loads and actuators, coordinates, speeds, kinematical differential
equations, motion constraints) together with the named symbols, frames,
points and bodies a chapter needs, reachable as attributes (``ex.m1``,
``ex.N``, ``ex.P1``). Pass the example (or ``ex.system``) to
``mechlib.kanes_equations`` or to ``System.form_eoms``.

Every system uses generalized speeds that the kinematical differential
equations relate to the coordinate rates, and sets angular velocities in
terms of the speeds (``set_ang_vel``), so velocities print in terms of
speeds. Speeds are ordered ``[*independent, *dependent]``.
"""

from ._example import Example, build_system
from .bicycle import whipple_bicycle
from .pendulums import double_pendulum, n_link_pendulum, rigid_chain, slider_rod_bead, two_rods
from .rolling import chaplygin_sleigh, rolling_disc

__all__ = ["Example", "build_system", "double_pendulum", "two_rods",
           "slider_rod_bead", "rolling_disc", "chaplygin_sleigh",
           "n_link_pendulum", "rigid_chain", "whipple_bicycle"]

"""The Example container and the System builder of the example systems."""

import sympy.physics.mechanics as me

from .._validation import check_bodies, check_coordinates, check_frame, check_point, check_speeds
from ..errors import ArgumentTypeError

__all__ = ["Example", "build_system", "takes_no_arguments"]


def takes_no_arguments(hint):
    """Decorate an example builder of no arguments: arguments given to it
    raise ``ArgumentTypeError`` (not Python's ``TypeError``) that ends with
    ``hint``, the builder to use instead.

    >>> @takes_no_arguments("use n_link_pendulum(n)")
    ... def demo():
    ...     return 1
    >>> demo(3)
    Traceback (most recent call last):
    ...
    mechlib.errors.ArgumentTypeError: demo() takes no arguments (got 3); use n_link_pendulum(n)
    """
    import functools

    def decorate(builder):
        @functools.wraps(builder)
        def checked(*args, **kwargs):
            if args or kwargs:
                given = ", ".join([*map(repr, args), *kwargs])
                raise ArgumentTypeError(
                    f"{builder.__name__}() takes no arguments (got {given}); {hint}")
            return builder()
        return checked
    return decorate


class Example:
    """A System plus the named objects of an example.

    Attributes
    ----------
    system : System
        The ``sympy.physics.mechanics.System``.
    name : str
        Short name of the example.
    names : dict
        ``{name: object}`` for symbols, specified functions, frames, points
        and bodies; each is also an attribute (``ex.m1``).

    Examples
    --------
    >>> import mechlib as ml
    >>> ex = ml.systems.double_pendulum()
    >>> ex.m1, ex.N, ex.system.frame is ex.N
    (m1, N, True)
    """

    def __init__(self, name, system, names):
        if not isinstance(system, me.System):
            raise ArgumentTypeError(
                f"system must be a sympy.physics.mechanics System, got "
                f"{type(system).__name__}")
        if not isinstance(names, dict):
            raise ArgumentTypeError(
                f"names must be a dict {{name: object}}, got "
                f"{type(names).__name__}")
        self.name = name
        self.system = system
        self.names = dict(names)

    def __getattr__(self, key):
        names = self.__dict__.get("names", {})
        if key in names:
            return names[key]
        raise AttributeError(
            f"example {self.__dict__.get('name')!r} has no {key!r}; it has "
            f"{sorted(names)}")

    def __getitem__(self, key):
        return self.names[key]

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self.names))

    # shortcuts to the System
    @property
    def frame(self):
        """The Newtonian frame."""
        return self.system.frame

    @property
    def q(self):
        """Generalized coordinates (a column Matrix)."""
        return self.system.q

    @property
    def u(self):
        """Generalized speeds ``[*u_ind, *u_dep]`` (a column Matrix)."""
        return self.system.u

    @property
    def kdes(self):
        """Kinematical differential equations (each equal to zero)."""
        return self.system.kdes

    @property
    def bodies(self):
        """Particles and rigid bodies."""
        return self.system.bodies

    @property
    def loads(self):
        """Loads, with the actuators' loads expanded."""
        out = list(self.system.loads)
        for actuator in self.system.actuators:
            out.extend(actuator.to_loads())
        return out

    def __repr__(self):
        return f"<mechlib example {self.name!r}: {self.system!r}>"


def build_system(N, O, q, u_ind, kdes, bodies, loads=(), actuators=(), u_dep=(),
            constraints=()):
    """A ``System`` from its pieces (frame, origin, coordinates, speeds,
    kdes, bodies, loads, actuators, dependent speeds, nonholonomic
    constraints), each checked first."""
    check_frame(N, "N")
    check_point(O, "O")
    check_coordinates(q, "q")
    check_speeds(list(check_speeds(u_ind, "u_ind"))
                 + list(check_speeds(u_dep, "u_dep")), "u_ind + u_dep")
    check_bodies(bodies)
    system = me.System(N, O)
    system.add_coordinates(*q)
    system.add_speeds(*u_ind)
    if u_dep:
        system.add_speeds(*u_dep, independent=False)
    system.add_kdes(*kdes)
    system.add_bodies(*bodies)
    if loads:
        system.add_loads(*loads)
    if actuators:
        system.add_actuators(*actuators)
    if constraints:
        system.add_nonholonomic_constraints(*constraints)
    return system



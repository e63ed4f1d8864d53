r"""Partial velocities, the remainder term, and a table of them.

Kane and Levinson (1985, p. 45): in a reference frame ``A``, every velocity
and angular velocity of a holonomic system with generalized speeds
:math:`u_1, \ldots, u_n` is linear in the speeds,

.. math::

   {}^A\bar{v}^P = \sum_{r=1}^n {}^A\bar{v}^P_r u_r + {}^A\bar{v}^P_t, \qquad
   {}^A\bar{\omega}^B = \sum_{r=1}^n {}^A\bar{\omega}^B_r u_r
   + {}^A\bar{\omega}^B_t,

and the partial velocities :math:`\bar{v}_r = \partial\bar{v}/\partial u_r`
are the coefficients; the remainder :math:`\bar{v}_t` is the part that no
speed multiplies. :func:`partial_velocities` computes the coefficients with
``sympy.physics.mechanics.partial_velocity`` after checking that the input
makes the definition apply: speeds are functions of time and not repeated,
every vector is linear in them, and no coordinate rate :math:`\dot{q}` is left
that should have been replaced by speeds.

Speed ordering: partial velocities are returned in the order the speeds are
given. For a nonholonomic system give ``[*independent, *dependent]``, the
ordering every mechlib function uses (see :mod:`mechlib.nonholonomic`).
"""

import sympy as sm
import sympy.physics.mechanics as me

from ._checks import (as_list, check_frame, check_speeds, measure_numbers,
                      qdot_map, replace, stray_rates, vector_of)
from .errors import NonlinearSpeedError, SpeedError, ShapeError
from .printing import latex as _latex

__all__ = ["partial_velocities", "remainder", "partial_velocity_table",
           "PartialVelocityTable", "replace_qdots"]


def _describe(item, frame, index):
    if isinstance(item, me.Point):
        return f"the velocity of point {item.name} in {frame.name}"
    if isinstance(item, me.ReferenceFrame):
        return f"the angular velocity of frame {item.name} in {frame.name}"
    if isinstance(item, me.Particle):
        return f"the velocity of particle {item.name} in {frame.name}"
    return f"vector {index} ({item})"


def _prepare(vectors, speeds, frame, kdes, prescribed, what="vectors"):
    """Validated vectors (q' replaced) and speeds, plus descriptions."""
    check_frame(frame)
    speeds = check_speeds(speeds)
    items = as_list(vectors, what)
    mapping = qdot_map(kdes, speeds)
    vecs, names = [], []
    for i, item in enumerate(items):
        vec = replace(vector_of(item, frame, what=f"{what}[{i}]"), mapping)
        vecs.append(vec)
        names.append(_describe(item, frame, i))
    allowed = set(speeds)
    for f in as_list(prescribed, "prescribed"):
        allowed |= {f, f.diff(me.dynamicsymbols._t)}
    for vec, name in zip(vecs, names):
        stray = stray_rates(measure_numbers(vec), allowed)
        if stray:
            raise SpeedError(
                f"{name} contains the time derivative(s) {stray}, which are "
                f"not among the speeds {speeds}; replace coordinate rates by "
                "speeds by passing kdes=[q1' - u1, ...] (or use "
                "mechlib.replace_qdots), or, for a prescribed function of "
                "time whose rate belongs in the remainder, list it in "
                "prescribed=[...]")
    for vec, name in zip(vecs, names):
        for m in measure_numbers(vec):
            for u in speeds:
                if m.has(u) and sm.diff(m, u).has(*speeds):
                    raise NonlinearSpeedError(
                        f"{name} is not linear in the speed {u} (measure "
                        f"number {m}); partial velocities are defined only "
                        "for velocities linear in the generalized speeds: "
                        "check the kinematics, or choose speeds in which the "
                        "velocities are linear")
    return vecs, speeds, names


def partial_velocities(vectors, speeds, frame, kdes=None, prescribed=()):
    r"""Partial velocities of vectors, points or frames for given speeds.

    Parameters
    ----------
    vectors : sequence
        Each item is a ``Vector`` (a velocity or angular velocity), a
        ``Point`` (its velocity in ``frame`` is used), a ``ReferenceFrame``
        (its angular velocity in ``frame``) or a ``Particle``.
    speeds : sequence
        The generalized speeds :math:`u_1, \ldots, u_n`, made with
        ``dynamicsymbols``. Time derivatives of coordinates are accepted as
        speeds too (:math:`u_r = \dot{q}_r`).
    frame : ReferenceFrame
        The frame the velocities are observed from (A in :math:`{}^A\bar{v}`).
    kdes : sequence or dict, optional
        Kinematical differential equations, ``[q1' - u1, ...]`` (each equal
        to zero) as ``KanesMethod`` takes them, or a dict ``{q1': u1, ...}``.
        Coordinate rates in the vectors are replaced by speeds through them.
    prescribed : sequence, optional
        Functions of time whose rates may stay in the vectors (they belong to
        the remainder term), e.g. a prescribed motion of a support.

    Returns
    -------
    list of list of Vector
        ``result[i][r]`` is the partial velocity of ``vectors[i]`` with
        respect to ``speeds[r]``.

    Raises
    ------
    SpeedError
        If a speed is not a function of time or is repeated, or a vector
        holds a coordinate rate that is not a speed.
    NonlinearSpeedError
        If a vector is not linear in the speeds.
    VelocityNotDefinedError
        If a point's velocity (frame's angular velocity) in ``frame`` is
        unknown.

    Examples
    --------
    A rod R pinned at A; A slides along :math:`\hat{n}_x` (:math:`q_1`), R
    turns about :math:`\hat{n}_z` (:math:`q_2`); B is the other end.

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> L = sm.symbols('L')
    >>> q1, q2, u1, u2 = me.dynamicsymbols('q1, q2, u1, u2')
    >>> N, R = me.ReferenceFrame('N'), me.ReferenceFrame('R')
    >>> R.orient_axis(N, q2, N.z)
    >>> A, B = me.Point('A'), me.Point('B')
    >>> A.set_vel(N, u1*N.x)
    >>> B.set_pos(A, -L*R.x)
    >>> _ = B.v2pt_theory(A, N, R)
    >>> ml.partial_velocities([A, B, R], [u1, u2], N, kdes=[q2.diff() - u2])
    [[N.x, 0], [N.x, - L*R.y], [0, N.z]]
    """
    vecs, speeds, _ = _prepare(vectors, speeds, frame, kdes, prescribed)
    return me.partial_velocity(vecs, speeds, frame)


def remainder(vector, speeds, frame, kdes=None, prescribed=()):
    r"""The remainder term: the part of a velocity no speed multiplies.

    :math:`\bar{v}_t = \bar{v} - \sum_r \bar{v}_r u_r`, i.e. the velocity
    with every speed set to zero (the velocity is linear in the speeds).

    Parameters
    ----------
    vector : Vector, Point or ReferenceFrame
        As one item of ``vectors`` in :func:`partial_velocities`.
    speeds, frame, kdes, prescribed
        As in :func:`partial_velocities`.

    Returns
    -------
    Vector

    Examples
    --------
    A point P on a disc that turns (:math:`u_1`) about a support whose
    position :math:`s(t)` along :math:`\hat{n}_x` is prescribed:

    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> r = sm.symbols('r')
    >>> q1, u1, s = me.dynamicsymbols('q1, u1, s')
    >>> N, D = me.ReferenceFrame('N'), me.ReferenceFrame('D')
    >>> D.orient_axis(N, q1, N.z)
    >>> D.set_ang_vel(N, u1*N.z)
    >>> O, P = me.Point('O'), me.Point('P')
    >>> O.set_vel(N, s.diff()*N.x)
    >>> P.set_pos(O, r*D.x)
    >>> _ = P.v2pt_theory(O, N, D)
    >>> ml.remainder(P, [u1], N, prescribed=[s])
    s'*N.x
    """
    vecs, speeds, _ = _prepare([vector], speeds, frame, kdes, prescribed,
                               what="vector")
    return vecs[0].xreplace(dict.fromkeys(speeds, 0))


def replace_qdots(expr, kdes):
    r"""Replace coordinate rates :math:`\dot{q}` by speeds, using the kdes.

    Parameters
    ----------
    expr : expression, Vector, Dyadic, Matrix, or list of them
        Where to replace.
    kdes : sequence or dict
        Kinematical differential equations ``[q1' - u1, ...]`` (each equal to
        zero, linear in the rates, as ``KanesMethod`` takes them), or a dict
        ``{q1': u1, ...}``.

    Returns
    -------
    Same type as ``expr``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> ml.init_printing(pretty_print=False)
    >>> q1, q2, u1, u2 = me.dynamicsymbols('q1, q2, u1, u2')
    >>> N = me.ReferenceFrame('N')
    >>> ml.replace_qdots(q1.diff()*N.x + q2.diff()*N.y,
    ...                  [q1.diff() - u1, q2.diff() - u1 - u2])
    u1*N.x + (u1 + u2)*N.y
    """
    return replace(expr, qdot_map(kdes))


class PartialVelocityTable:
    r"""Partial velocities laid out as a table: rows items, columns speeds.

    Made by :func:`partial_velocity_table`. In a notebook it displays as a
    LaTeX array (``_repr_latex_``), rows labelled
    :math:`{}^N\bar{v}^{P}` for points, :math:`{}^N\bar{\omega}^{B}` for
    frames, or a label you give. There is deliberately no ``_repr_html_``:
    notebook front ends prefer HTML, and MathJax in a built book does not
    typeset math inside HTML output, whereas LaTeX output is typeset.

    Attributes
    ----------
    labels : list of str
        LaTeX row labels.
    speeds : list
        The speeds (columns).
    frame : ReferenceFrame
        The frame the velocities are observed from.
    partials : list of list of Vector
        ``partials[i][r]``; also available as ``table[i, r]``.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> u1 = me.dynamicsymbols('u1')
    >>> N = me.ReferenceFrame('N')
    >>> table = ml.partial_velocity_table([('V', u1*N.x)], [u1], N)
    >>> table[0, 0]
    N.x
    """

    def __init__(self, labels, speeds, frame, partials):
        self.labels = list(labels)
        self.speeds = list(speeds)
        self.frame = frame
        self.partials = partials

    def __getitem__(self, index):
        i, r = index
        return self.partials[i][r]

    def __len__(self):
        return len(self.partials)

    @property
    def shape(self):
        """(number of rows, number of speeds)."""
        return (len(self.partials), len(self.speeds))

    def to_matrix(self, frame=None):
        r"""Measure numbers as a matrix, three rows per item.

        Parameters
        ----------
        frame : ReferenceFrame, optional
            Basis to express the partial velocities in; default the table's
            frame.

        Returns
        -------
        sympy.Matrix
            Shape ``(3*rows, n)``; rows ``3*i .. 3*i+2`` hold the x, y, z
            measure numbers of item ``i``.

        Examples
        --------
        >>> import sympy.physics.mechanics as me
        >>> import mechlib as ml
        >>> u1, u2 = me.dynamicsymbols('u1, u2')
        >>> N = me.ReferenceFrame('N')
        >>> ml.partial_velocity_table([('V', u1*N.x + u2*N.y)], [u1, u2],
        ...                           N).to_matrix()
        Matrix([
        [1, 0],
        [0, 1],
        [0, 0]])
        """
        frame = frame or self.frame
        columns = []
        for row in self.partials:
            columns.append(sm.Matrix.hstack(
                *[v.to_matrix(frame) if v != 0 else sm.zeros(3, 1)
                  for v in row]))
        return sm.Matrix.vstack(*columns)

    def _repr_latex_(self):
        head = " & ".join(_latex(u) for u in self.speeds)
        lines = [r"\begin{array}{c|" + "c" * len(self.speeds) + "}",
                 r" & " + head + r" \\ \hline"]
        for label, row in zip(self.labels, self.partials):
            cells = " & ".join(_latex(v) if v != 0 else r"\bar{0}"
                               for v in row)
            lines.append(label + " & " + cells + r" \\")
        lines.append(r"\end{array}")
        return "$\\displaystyle " + "\n".join(lines) + "$"

    def __str__(self):
        head = ["", *[str(u).replace("(t)", "") for u in self.speeds]]
        rows = [head]
        for label, row in zip(self._plain_labels, self.partials):
            rows.append([label, *[str(v) for v in row]])
        widths = [max(len(r[j]) for r in rows) for j in range(len(head))]
        return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths))
                         .rstrip() for r in rows)

    __repr__ = __str__


def partial_velocity_table(items, speeds, frame, kdes=None, prescribed=()):
    r"""A displayable table of partial velocities (rows items, columns speeds).

    Parameters
    ----------
    items : sequence
        Points (velocity in ``frame``), frames (angular velocity in
        ``frame``), particles, or ``(label, vector)`` pairs where ``label`` is
        LaTeX for the row, e.g. ``(r'{}^N\bar{v}^Q', v)``.
    speeds, frame, kdes, prescribed
        As in :func:`partial_velocities`.

    Returns
    -------
    PartialVelocityTable
        Displays as a LaTeX array in a notebook; ``table[i, r]`` gives the
        partial velocity of item ``i`` for speed ``r``.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> l = sm.symbols('l')
    >>> q1, u1 = me.dynamicsymbols('q1, u1')
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> A.orient_axis(N, q1, N.z)
    >>> O, P = me.Point('O'), me.Point('P')
    >>> O.set_vel(N, 0)
    >>> P.set_pos(O, l*A.x)
    >>> _ = P.v2pt_theory(O, N, A)
    >>> table = ml.partial_velocity_table([P, A], [u1], N,
    ...                                   kdes=[q1.diff() - u1])
    >>> print(table)
        u1
    v^P l*A.y
    w^A N.z
    >>> print(table._repr_latex_())
    $\displaystyle \begin{array}{c|c}
     & u_{1} \\ \hline
    {}^{N}\bar{v}^{P} & l\hat{a}_y \\
    {}^{N}\bar{\omega}^{A} & \hat{n}_z \\
    \end{array}$
    """
    items = as_list(items, "items")
    labels, plain, vectors = [], [], []
    for i, item in enumerate(items):
        if isinstance(item, tuple):
            if len(item) != 2:
                raise ShapeError(
                    f"items[{i}] is a tuple of length {len(item)}; give "
                    "(label, vector) pairs")
            label, vec = item
            labels.append(str(label))
            plain.append(str(label))
            vectors.append(vec)
        elif isinstance(item, (me.Point, me.Particle)):
            name = item.name
            labels.append(r"{}^{%s}\bar{v}^{%s}" % (frame.name, name))
            plain.append(f"v^{name}")
            vectors.append(item)
        elif isinstance(item, me.ReferenceFrame):
            labels.append(r"{}^{%s}\bar{\omega}^{%s}" % (frame.name,
                                                         item.name))
            plain.append(f"w^{item.name}")
            vectors.append(item)
        else:
            labels.append(r"\bar{v}_{%d}" % (i + 1))
            plain.append(f"v{i + 1}")
            vectors.append(item)
    partials = partial_velocities(vectors, speeds, frame, kdes=kdes,
                                  prescribed=prescribed)
    table = PartialVelocityTable(labels, speeds, frame, partials)
    table._plain_labels = plain
    return table

"""Fast vector algebra for large systems (private to mechlib).

``sympy.physics.vector`` forms ``a . b`` with one symbolic matrix product per
pair of frames and adds the results one at a time. For the long sums of a
mass matrix that is most of the cost. :func:`dot` forms the same terms, looks
each direction cosine matrix up once, and builds a single flat ``Add``.
"""

import sympy as sm

from .errors import FrameNotConnectedError

__all__ = ["dot", "dcm"]


def dcm(to_frame, from_frame):
    """``to_frame.dcm(from_frame)`` with a mechlib error for unconnected frames.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib._fastvec import dcm
    >>> N, A = me.ReferenceFrame('N'), me.ReferenceFrame('A')
    >>> dcm(A, N)
    Traceback (most recent call last):
    ...
    mechlib.errors.FrameNotConnectedError: frames A and N are not connected...
    """
    try:
        return to_frame.dcm(from_frame)
    except ValueError:
        raise FrameNotConnectedError(
            f"frames {to_frame.name} and {from_frame.name} are not connected: "
            "no chain of orientations leads from one to the other; orient "
            f"{to_frame.name} relative to {from_frame.name} or to a frame "
            f"that is (e.g. {to_frame.name}.orient_axis({from_frame.name}, q,"
            f" {from_frame.name}.z))") from None


def dot(a, b):
    """``a . b`` of two Vectors as one flat sum.

    The terms are those of ``Vector.dot`` and in the same operand order, so
    the result is the same expression.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> from mechlib._fastvec import dot
    >>> q = me.dynamicsymbols('q')
    >>> N = me.ReferenceFrame('N')
    >>> A = N.orientnew('A', 'Axis', (q, N.z))
    >>> dot(A.x, N.x + N.y) == A.x.dot(N.x + N.y)
    True
    """
    terms = []
    for ma, fa in a.args:
        for mb, fb in b.args:
            if fa == fb:
                terms.extend(ma[i] * mb[i] for i in range(3)
                             if ma[i] != 0 and mb[i] != 0)
                continue
            C = dcm(fb, fa)
            for j in range(3):
                if ma[j] == 0:
                    continue
                column = sm.Add(*[mb[i] * C[i, j] for i in range(3)
                                  if mb[i] != 0 and C[i, j] != 0])
                if column != 0:
                    terms.append(column * ma[j])
    return sm.Add(*terms)

"""Random sample values, drawn the same way everywhere in mechlib.

Numerical checks of symbolic results (:func:`mechlib.verify.vanishes`, the
self-checking exercises of :mod:`mechlib.book.check`, the hidden tests of the
autograder) evaluate expressions at random points. Every such point is drawn
here, from a seeded stream of Python's own generator (no NumPy: the checks
also run in a browser), so that a check is the same on every run and a change
of the drawing changes every check at once.

Examples
--------
>>> draw = value_stream(12345)
>>> [round(next(draw), 6) for _ in range(2)] == [round(v, 6) for v in
...     value_stream(12345, count=2)]
True
>>> all(0.3 <= v < 1.3 for v in value_stream(7, count=100))
True
"""

from __future__ import annotations

import hashlib
import itertools
import random

LOW, HIGH = 0.3, 1.3      # positive: square roots and lengths stay real
#: Magnitudes of the values of a check's sample points: above 1 and beyond a
#: right angle, away from zero (a sign must show).
MAGNITUDE = (0.2, 3.0)
#: The wider magnitudes of the points drawn when a sign cannot show within
#: :data:`MAGNITUDE`: ``sin(theta)`` of an angle declared positive is negative
#: only past pi.
WIDE_MAGNITUDE = (0.2, 10.0)


def seed_of(text):
    """A 64-bit seed made from ``text`` (a check name, a purpose).

    >>> seed_of("pv-sleigh-An/0/0") == seed_of("pv-sleigh-An/0/0")
    True
    """
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def value_stream(seed, low=LOW, high=HIGH, count=None):
    """Floats drawn uniformly from ``[low, high)``, one after the other.

    Parameters
    ----------
    seed : int
        The seed: the same seed gives the same values.
    low, high : float
        The range of the values.
    count : int, optional
        How many values; endless by default.

    Returns
    -------
    iterator of float
    """
    rng = random.Random(seed)
    draws = (rng.uniform(low, high) for _ in itertools.count())
    return draws if count is None else itertools.islice(draws, count)


def draw_values(names, seed, low=LOW, high=HIGH):
    """``{name: value}``, one value per name, drawn in sorted name order.

    >>> values = draw_values({"b", "a"}, 1)
    >>> list(values) == ["a", "b"] and values == draw_values(["a", "b"], 1)
    True
    """
    stream = value_stream(seed, low, high)
    return {name: next(stream) for name in sorted(names)}


def signed_point(names, seed, sign=None, positive=(), magnitude=MAGNITUDE):
    """``{name: value}`` with magnitudes in ``magnitude`` and either sign.

    Parameters
    ----------
    names : iterable of str
        The names to give a value (drawn in sorted order).
    seed : int
        The seed of the draw.
    sign : {1, -1, None}
        The sign of every value, or ``None``: each value draws its own.
    positive : collection of str
        Names that are positive whatever ``sign`` says (a symbol declared
        ``positive=True``).
    magnitude : (float, float)
        The range of the magnitudes: :data:`MAGNITUDE`, or
        :data:`WIDE_MAGNITUDE` where a sign shows only beyond it.

    Examples
    --------
    >>> point = signed_point(["x", "L"], 3, sign=-1, positive={"L"})
    >>> point["x"] < 0 < point["L"]
    True
    >>> all(0.2 <= abs(v) < 3.0 for v in signed_point("abc", 4).values())
    True
    >>> max(signed_point([f"x{k}" for k in range(50)], 5, 1, (), WIDE_MAGNITUDE).values()) > 3
    True
    """
    rng = random.Random(seed)
    point = {}
    for name in sorted(names):
        size = rng.uniform(*magnitude)
        drawn = rng.choice((1, -1))
        point[name] = size * (1 if name in positive else sign or drawn)
    return point

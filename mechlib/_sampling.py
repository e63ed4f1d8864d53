"""Random sample values, drawn the same way everywhere in mechlib.

Numerical checks of symbolic results (:func:`mechlib.verify.vanishes`, the
self-checking exercises of :mod:`mechlib.book.check`) evaluate expressions
at random points. Every such point is drawn here, from a seeded stream, so
that a check is the same on every run and a change of the drawing changes
every check at once.

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

LOW, HIGH = 0.3, 1.3      # positive: square roots and lengths stay real


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
    import numpy as np     # only where values are drawn

    rng = np.random.default_rng(seed)
    draws = (float(rng.uniform(low, high)) for _ in itertools.count())
    return draws if count is None else itertools.islice(draws, count)


def draw_values(names, seed, low=LOW, high=HIGH):
    """``{name: value}``, one value per name, drawn in sorted name order.

    >>> values = draw_values({"b", "a"}, 1)
    >>> list(values) == ["a", "b"] and values == draw_values(["a", "b"], 1)
    True
    """
    stream = value_stream(seed, low, high)
    return {name: next(stream) for name in sorted(names)}

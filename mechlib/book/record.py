"""The stored form of a worked answer: its values at seeded sample points.

``python -m mechlib.book.checks generate`` executes each chapter with the
environment variable ``MECHLIB_CHECK_RECORD`` naming a file; then every
``assert ml.check(name, worked_value)`` of a worked solution appends
:func:`record` of the worked value to that file instead of comparing it
(:func:`mechlib.book.check.check` hands it to :func:`record_to_file`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import sympy as sm

from .._sampling import HIGH, LOW, draw_values, seed_of
from ..errors import ParameterError
from .answers import (all_scalars, atoms_of, encode, is_finite, normalize,
                      value_at, vector_frame)

__all__ = ["RECORD", "record", "record_to_file"]

RECORD = "MECHLIB_CHECK_RECORD"   # environment variable: record, don't compare
SAMPLES = 3                       # sample points per check
TRIES = 20                        # redraws when the answer is singular at a point


def _record_of(kind, value, frame_of, values_at, points):
    if kind == "scalar":
        return {"kind": "scalar",
                "symbols": sorted(atoms_of(value)),
                "values": [encode(values_at(value, p)) for p in points]}
    if kind == "vector":
        frame = frame_of(value)
        components = ([0, 0, 0] if frame is None
                      else list(value.to_matrix(frame)))
        return {"kind": "vector", "frame": None if frame is None else frame.name,
                "components": [_record_of("scalar", sm.sympify(c), frame_of,
                                          values_at, points)
                               for c in components]}
    if kind == "matrix":
        return {"kind": "matrix", "shape": list(value.shape),
                "entries": [_record_of("scalar", e, frame_of, values_at, points)
                            for e in value]}
    return {"kind": "sequence",
            "items": [_record_of(k, v, frame_of, values_at, points)
                      for k, v in value]}



def record(name, answer):
    """The stored form of a worked answer: ``{"points": ..., "answer": ...}``.

    The sample points are drawn from a seed made of ``name`` (so the same
    worked answer always gives the same record) and drawn again where the
    answer is not finite.

    Examples
    --------
    >>> import sympy.physics.mechanics as me
    >>> q = me.dynamicsymbols('q')
    >>> stored = record("xx-demo-a", 2*q)
    >>> stored["answer"]["symbols"], len(stored["points"])
    (['q(t)'], 3)
    """
    kind, value = normalize(answer, name)
    scalars = [sm.sympify(s) for s in all_scalars(kind, value)]
    names = set()
    for s in scalars:
        names |= set(atoms_of(s))
    points = []
    for index in range(SAMPLES):
        for attempt in range(TRIES):
            point = draw_values(names, seed_of(f"{name}/{index}/{attempt}"))
            if all(is_finite(value_at(s, point)) for s in scalars):
                points.append(point)
                break
        else:
            raise ParameterError(
                f"check {name!r}: the worked answer is not finite at {TRIES} "
                f"random points with values in [{LOW}, {HIGH}]; simplify it "
                "or check a quantity without a singularity there")
    return {"points": points,
            "answer": _record_of(kind, value, vector_frame, value_at, points)}


def record_to_file(name, answer):
    path = Path(os.environ[RECORD])
    line = json.dumps({"name": name, "record": record(name, answer)},
                      sort_keys=True)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")
    return f"Recorded the worked answer of {name}."

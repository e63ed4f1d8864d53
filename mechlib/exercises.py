r"""Self-checking exercises: ``ml.check(name, answer)``.

Each checked exercise of the book ends with a cell in which the student
assigns an answer and calls :func:`check` with the exercise's check name::

    v_B_2 = ...
    ml.check("pv-other-speeds-v-B-2", v_B_2)

:func:`check` compares the answer with the worked solution and says
``Correct.`` for any equal answer, whatever its algebraic form and, for a
:class:`~sympy.physics.vector.Vector`, whatever frame it is written in;
otherwise it says what differs (a component or an entry, a sign, a symbol
missing or extra, a coordinate rate where speeds were asked for, a shape).

The worked solution is not shipped. ``mechlib/checks/<chapter>.json`` holds
only what a comparison needs: the values of the answer at a few sample points
(random values of its symbols, coordinates, speeds and their derivatives,
fixed per check name), the names of the symbols each entry depends on, its
kind and shape, and for a Vector the name of the frame its components are
taken in. One command writes these files from the worked solutions::

    python -m mechlib.checks generate [book/<chapter>.md ...]

It executes each chapter with the environment variable
``MECHLIB_CHECK_RECORD`` set: then :func:`check` records the value it is given
(the worked solution calls ``assert ml.check(name, worked_value)``) instead of
comparing it. Without that variable the same ``assert`` compares the worked
value with the stored check, so building the book or running nbval fails
when the two disagree.

Examples
--------
>>> import sympy as sm
>>> import sympy.physics.mechanics as me
>>> import mechlib as ml
>>> L = sm.symbols('L')
>>> q2 = me.dynamicsymbols('q2')
>>> N = me.ReferenceFrame('N')
>>> R = N.orientnew('R', 'Axis', (q2, N.z))
>>> ml.check("pv-other-speeds-v-B-2", L*(R.x - sm.cos(q2)*N.x))
Correct.
>>> ml.check("pv-other-speeds-v-B-2", -L*sm.sin(q2)*N.y)
Not yet: the N.y component has the wrong sign.
>>> ml.check("pv-other-speeds-v-B-2", ...)
No answer yet: replace ... with your answer and run the cell again.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import math
import os
import re
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np
import sympy as sm
import sympy.physics.mechanics as me
from sympy.core.function import AppliedUndef

from .errors import ArgumentTypeError, ParameterError, UnknownCheckError

__all__ = ["check", "CheckResult", "generate", "chapter_checks"]

RECORD = "MECHLIB_CHECK_RECORD"   # environment variable: record, don't compare
FORMAT = 1                        # version of the stored files
SAMPLES = 3                       # sample points per check
LOW, HIGH = 0.3, 1.3              # range of the sample values
RTOL = 1e-9                       # |answer - expected| <= RTOL max(1, |expected|)
TRIES = 20                        # redraws when the answer is singular at a point
_NAME = re.compile(r"^[a-z0-9]+(-[A-Za-z0-9]+)+$")
t = me.dynamicsymbols._t


# --- the result ---------------------------------------------------------------

@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` returns: true only for a correct answer.

    Its text (``repr``, and Markdown in a notebook) is the feedback, so a
    cell that ends with ``ml.check(...)`` shows it and ``assert
    ml.check(...)`` fails on a wrong answer.

    Examples
    --------
    >>> import mechlib as ml
    >>> result = ml.check("pv-other-speeds-v-B-2", ...)
    >>> bool(result), result.correct
    (False, False)
    """

    name: str
    correct: bool
    message: str

    def __bool__(self):
        return self.correct

    def __repr__(self):
        return self.message

    def _repr_markdown_(self):
        head, sep, rest = self.message.partition(": ")
        rest = rest.replace(" ... ", " `...` ")   # not a typographic ellipsis
        if sep and head in ("Not yet", "No answer yet"):
            return f"`{self.name}`: **{head}:** {rest}"
        return f"`{self.name}`: **{self.message}**"


def _result(name, problems):
    if not problems:
        return CheckResult(name, True, "Correct.")
    sentences = problems[:1] + [p[0].upper() + p[1:] for p in problems[1:]]
    return CheckResult(name, False, "Not yet: " + " ".join(sentences))


# --- what an answer is ------------------------------------------------------------

def _is_scalar(x):
    return isinstance(x, (int, float, sm.Expr)) and not isinstance(x, bool)


def _normalize(answer, name):
    """``(kind, value)``: ('scalar', Expr), ('vector', Vector), ('matrix',
    Matrix) or ('sequence', [normalized items]); ArgumentTypeError else."""
    if isinstance(answer, me.Vector):
        return "vector", answer
    if isinstance(answer, sm.MatrixBase):
        return "matrix", sm.Matrix(answer)
    if isinstance(answer, (list, tuple)):
        if answer and all(_is_scalar(x) for x in answer):
            return "matrix", sm.Matrix(answer)
        if answer and all(isinstance(x, (list, tuple)) and x
                          and all(_is_scalar(y) for y in x) for x in answer):
            try:
                return "matrix", sm.Matrix(answer)
            except ValueError:
                pass
        return "sequence", [_normalize(x, name) for x in answer]
    if _is_scalar(answer):
        return "scalar", sm.sympify(answer)
    raise ArgumentTypeError(
        f"check({name!r}, ...): the answer is a {type(answer).__name__} "
        f"({answer!r:.60}), not a SymPy object; give a SymPy expression, a "
        "Vector, a Matrix or a list of them (a string is not parsed: write "
        "sm.sin(q2), not 'sin(q2)'; for numbers in an array use sm.Matrix)")


def _kind_word(kind):
    return {"scalar": "a scalar (a SymPy expression)",
            "vector": "a Vector", "matrix": "a Matrix",
            "sequence": "a list"}[kind]


# --- atoms, sample points and values --------------------------------------------

def _atoms(expr):
    """{name: atom} of the time derivatives, functions of time and symbols
    of ``expr`` (``t`` only where it appears outside a function)."""
    derivatives = expr.atoms(sm.Derivative)
    functions = expr.atoms(AppliedUndef)
    hidden = {a: sm.Dummy() for a in derivatives | functions}
    stripped = expr.xreplace({d: hidden[d] for d in derivatives}).xreplace(
        {f: hidden[f] for f in functions})
    symbols = stripped.free_symbols - set(hidden.values())
    return {str(a): a for a in (*derivatives, *functions, *symbols)}


def _display(name):
    """``q2'`` for ``Derivative(q2(t), t)``, ``q2`` for ``q2(t)``."""
    match = re.fullmatch(r"Derivative\((\w+)\(t\), (?:t|\(t, (\d+)\))\)", name)
    if match:
        return match.group(1) + "'" * int(match.group(2) or 1)
    return re.sub(r"^(\w+)\(t\)$", r"\1", name)


def _value(expr, point):
    """complex value of ``expr`` with the atoms named in ``point`` replaced
    (derivatives first, then functions, then symbols)."""
    atoms = _atoms(expr)
    steps = ({}, {}, {})
    for key, atom in atoms.items():
        if key not in point:
            continue
        stage = (0 if isinstance(atom, sm.Derivative)
                 else 1 if isinstance(atom, AppliedUndef) else 2)
        steps[stage][atom] = sm.Float(point[key], 30)
    for step in steps:
        expr = expr.xreplace(step)
    try:
        value = complex(sm.N(expr, 30))
    except (TypeError, ValueError):
        return complex("nan")
    return value


def _finite(value):
    return math.isfinite(value.real) and math.isfinite(value.imag)


def _draw(names, seed):
    rng = np.random.default_rng(seed)
    return {n: float(rng.uniform(LOW, HIGH)) for n in sorted(names)}


def _seed(text):
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _scalars(kind, value, frame):
    """The scalar expressions of a normalized answer, in a fixed order."""
    if kind == "scalar":
        return [value]
    if kind == "vector":
        return list(value.to_matrix(frame)) if frame is not None else [0, 0, 0]
    if kind == "matrix":
        return list(value)
    return [s for k, v in value for s in _scalars(k, v, frame)]


def _find_frame(vector, name):
    """The frame called ``name`` connected to the frames of ``vector``."""
    start = [f for _, f in vector.args]
    seen, queue = set(), list(start)
    while queue:
        frame = queue.pop(0)
        if id(frame) in seen:
            continue
        seen.add(id(frame))
        if frame.name == name:
            return frame
        queue.extend(frame._dcm_dict)
    return None


def _vector_frame(vector):
    """A frame for the components of a worked Vector: one named N among
    the connected frames if there is one, otherwise the first frame."""
    if not vector.args:
        return None
    return _find_frame(vector, "N") or vector.args[0][1]


# --- recording ------------------------------------------------------------------

def _record_of(kind, value, frame_of, values_at, points):
    if kind == "scalar":
        return {"kind": "scalar",
                "symbols": sorted(_atoms(value)),
                "values": [_encode(values_at(value, p)) for p in points]}
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


def _encode(value):
    re_ = float(f"{value.real:.15g}") + 0.0
    im = float(f"{value.imag:.15g}") + 0.0
    return re_ if im == 0 else [re_, im]


def _decode(value):
    return complex(*value) if isinstance(value, list) else complex(value)


def _all_scalars(kind, value):
    if kind == "vector":
        frame = _vector_frame(value)
        return [] if frame is None else list(value.to_matrix(frame))
    if kind == "sequence":
        return [s for k, v in value for s in _all_scalars(k, v)]
    return _scalars(kind, value, None)


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
    kind, value = _normalize(answer, name)
    scalars = [sm.sympify(s) for s in _all_scalars(kind, value)]
    names = set()
    for s in scalars:
        names |= set(_atoms(s))
    points = []
    for index in range(SAMPLES):
        for attempt in range(TRIES):
            point = _draw(names, _seed(f"{name}/{index}/{attempt}"))
            if all(_finite(_value(s, point)) for s in scalars):
                points.append(point)
                break
        else:
            raise ParameterError(
                f"check {name!r}: the worked answer is not finite at {TRIES} "
                f"random points with values in [{LOW}, {HIGH}]; simplify it "
                "or check a quantity without a singularity there")
    return {"points": points,
            "answer": _record_of(kind, value, _vector_frame, _value, points)}


def _record_to_file(name, answer):
    path = Path(os.environ[RECORD])
    line = json.dumps({"name": name, "record": record(name, answer)},
                      sort_keys=True)
    with path.open("a", encoding="utf-8") as stream:
        stream.write(line + "\n")
    return CheckResult(name, True, f"Recorded the worked answer of {name}.")


# --- the stored checks ----------------------------------------------------------

def _store_dir():
    return resources.files("mechlib") / "checks"


_STORE = {}


def _stored():
    """{name: (chapter, stored record)} of every file in mechlib/checks."""
    if not _STORE:
        for entry in sorted(_store_dir().iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                data = json.loads(entry.read_text(encoding="utf-8"))
                for name, stored in data["checks"].items():
                    _STORE[name] = (data["chapter"], stored)
    return _STORE


def _lookup(name):
    if not isinstance(name, str):
        raise ArgumentTypeError(
            f"check: the exercise name must be a string such as "
            f"'pv-other-speeds-v-B-2', got {type(name).__name__} {name!r:.40}; "
            "the name comes first, the answer second")
    store = _stored()
    if name not in store:
        close = difflib.get_close_matches(name, list(store), n=3, cutoff=0.5)
        hint = (f"did you mean {', '.join(map(repr, close))}?" if close else
                "copy the name from the exercise's answer cell")
        raise UnknownCheckError(
            f"check: no exercise is called {name!r}; {hint} (the checks of "
            "each chapter are in mechlib/checks/<chapter>.json)")
    return store[name]


# --- comparing ------------------------------------------------------------------

class _Scalar:
    """The verdict on one scalar entry."""

    def __init__(self, expr, stored, points):
        self.expected = set(stored["symbols"])
        atoms = _atoms(expr)
        self.found = set(atoms)
        self.missing = sorted(self.expected - self.found)
        self.extra = sorted(self.found - self.expected)
        self.rates = [n for n in self.extra
                      if isinstance(atoms[n], sm.Derivative)]
        expected = [_decode(v) for v in stored["values"]]
        unknown = sorted(self.found - set(points[0]))
        # atoms the check never sampled get two draws: a dependence that
        # cancels (x - x) must not make a correct answer wrong
        draws = [_draw(unknown, _seed(f"extra/{k}")) for k in (1, 2)] \
            if unknown else [{}]
        self.equal = self.negated = True
        self.finite = True
        for extra in draws:
            for point, e in zip(points, expected):
                a = _value(expr, {**point, **extra})
                if not _finite(a):
                    self.finite = self.equal = self.negated = False
                    continue
                scale = max(1.0, abs(e))
                self.equal &= abs(a - e) <= RTOL * scale
                self.negated &= abs(a + e) <= RTOL * scale and abs(e) > RTOL
        self.is_zero = all(abs(e) <= RTOL for e in expected)

    def __bool__(self):
        return self.equal


def _symbol_notes(verdicts):
    """Sentences on coordinate rates and symbols missing or extra, over the
    whole answer (a component may rightly lose a symbol another one has)."""
    if all(verdicts):
        return []
    expected = set().union(*(v.expected for v in verdicts))
    found = set().union(*(v.found for v in verdicts))
    rates = sorted({n for v in verdicts for n in v.rates} - expected)
    missing = sorted(expected - found)
    extra = sorted(found - expected - set(rates))
    notes = []
    for name in list(missing):
        bare = re.sub(r"\(t\)$", "", name)
        if bare != name and bare in extra:
            notes.append(f"{bare} is a plain Symbol in your answer, but the "
                         "answer uses the function of time "
                         f"me.dynamicsymbols('{bare}').")
            missing.remove(name)
            extra.remove(bare)
    if rates:
        notes.append(
            f"It still contains {', '.join(map(_display, rates))}, a time "
            "derivative of a coordinate, where the generalized speeds are "
            "asked for: replace each q' by its expression in the u's (the "
            "kinematical differential equations).")
    if missing:
        notes.append(f"It does not depend on {', '.join(map(_display, missing))}"
                     ", but the answer does.")
    if extra:
        notes.append(f"It depends on {', '.join(map(_display, extra))}, "
                     "which the answer does not.")
    return notes


def _entry_problem(label, verdict):
    if not verdict.finite:
        return f"{label} is not finite at a sample point."
    if verdict.negated:
        return f"{label} has the wrong sign."
    if verdict.is_zero:
        return f"{label} should be zero."
    return f"{label} differs."


def _compare(kind, value, stored, points, where=""):
    """A list of sentences saying what is wrong (empty when correct)."""
    expected_kind = stored["kind"]
    if kind != expected_kind and not (
            expected_kind == "vector" and kind == "scalar" and value == 0):
        raise ArgumentTypeError(
            f"the answer{where} is {_kind_word(kind)}, but this exercise asks "
            f"for {_kind_word(expected_kind)}; "
            + {"scalar": "give a SymPy expression (for a Vector, dot it with "
                         "a unit vector first)",
               "vector": "build it from unit vectors, e.g. L*sm.sin(q2)*N.y",
               "matrix": "give sm.Matrix([...]) with one entry per "
                         "component",
               "sequence": "give a list with one item per part"}[expected_kind])
    if expected_kind == "scalar":
        verdict = _Scalar(value, stored, points)
        if verdict:
            return []
        if verdict.negated:
            head = "your answer has the wrong sign."
        elif not verdict.finite:
            head = "your answer is not finite at a sample point."
        else:
            head = "your answer differs from the worked solution."
        return [head if not where else f"{where.strip()}: {head}"] \
            + _symbol_notes([verdict])
    if expected_kind == "vector":
        return _compare_vector(value, stored, points, where)
    if expected_kind == "matrix":
        shape = tuple(stored["shape"])
        if value.shape != shape:
            hint = " (transpose it)" if value.shape == shape[::-1] else ""
            return [f"your answer{where} has the shape {value.shape}, the "
                    f"answer has the shape {shape}{hint}."]
        verdicts = [_Scalar(e, s, points)
                    for e, s in zip(value, stored["entries"])]
        return _entries(verdicts, [f"entry {divmod(i, shape[1])}"
                                   for i in range(len(verdicts))], where)
    items = stored["items"]
    if len(value) != len(items):
        return [f"your answer{where} has {len(value)} items, the answer has "
                f"{len(items)}."]
    problems = []
    for i, ((k, v), s) in enumerate(zip(value, items)):
        problems += _compare(k, v, s, points, f"{where} item {i}")
    return problems


def _entries(verdicts, labels, where):
    wrong = [(label, v) for label, v in zip(labels, verdicts) if not v]
    if not wrong:
        return []
    prefix = f"in{where}, " if where else ""
    if all(v.negated or (v.is_zero and v) for v in verdicts) and \
            len(wrong) > 1:
        problems = [f"{prefix}your answer has the wrong sign."]
    else:
        problems = [prefix + _entry_problem(f"the {label}", v)
                    for label, v in wrong]
    return problems + _symbol_notes(verdicts)


def _compare_vector(value, stored, points, where):
    if not isinstance(value, me.Vector):      # the number 0 for a Vector
        value = me.Vector(0)
    name = stored["frame"]
    if name is None:                           # the zero vector is expected
        frame = value.args[0][1] if value.args else None
    elif not value.args:
        frame = None
    else:
        frame = _find_frame(value, name)
        if frame is None:
            return [f"your answer{where} is written in frames "
                    f"({', '.join(sorted({f.name for _, f in value.args}))}) "
                    f"that are not connected to a frame called {name}: use "
                    "the frames of the exercise."]
    components = ([0, 0, 0] if frame is None
                  else list(value.to_matrix(frame)))
    verdicts = [_Scalar(sm.sympify(c), s, points)
                for c, s in zip(components, stored["components"])]
    label = name or (frame.name if frame else "N")
    return _entries(verdicts, [f"{label}.{axis} component" for axis in "xyz"],
                    where)


def check(name, answer):
    """Compare a student's ``answer`` with the worked solution of ``name``.

    Parameters
    ----------
    name : str
        The check name the exercise gives, ``<chapter prefix>-<exercise>-
        <what>``, e.g. ``"pv-other-speeds-v-B-2"``.
    answer : sympy expression, number, Vector, Matrix or list of them
        ``...`` (the placeholder of an answer cell) means no answer yet.
        A Vector may be written in any frame connected to the exercise's
        frames; a list of scalars is read as a column matrix.

    Returns
    -------
    CheckResult
        True only when the answer is correct; its text says what differs.

    Raises
    ------
    mechlib.errors.UnknownCheckError
        No exercise has that name (the message lists close names).
    mechlib.errors.ArgumentTypeError
        The answer is of the wrong kind (a scalar where a Vector is asked
        for, ...) or not a SymPy object.

    Examples
    --------
    >>> import sympy as sm
    >>> import sympy.physics.mechanics as me
    >>> import mechlib as ml
    >>> L = sm.symbols('L')
    >>> q2, u1, u2 = me.dynamicsymbols('q2, u1, u2')
    >>> ml.check("pv-other-speeds-q1-dot", u1 - L*u2*sm.cos(q2))
    Correct.
    >>> ml.check("pv-other-speeds-q1-dot", u1 - L*q2.diff()*sm.cos(q2))
    Not yet: your answer differs from the worked solution. It still contains
    q2', a time derivative of a coordinate, where the generalized speeds are
    asked for: replace each q' by its expression in the u's (the kinematical
    differential equations). It does not depend on u2, but the answer does.
    """
    if os.environ.get(RECORD):
        if answer is Ellipsis:
            return CheckResult(name, False, "No answer yet.")
        return _record_to_file(name, answer)
    _chapter, stored = _lookup(name)
    if answer is Ellipsis:
        return CheckResult(name, False, "No answer yet: replace ... with your "
                           "answer and run the cell again.")
    kind, value = _normalize(answer, name)
    try:
        problems = _compare(kind, value, stored["answer"], stored["points"])
    except ArgumentTypeError as error:
        raise ArgumentTypeError(f"check({name!r}, ...): {error}") from None
    return _result(name, problems)


# --- the chapters: answer cells, worked solutions, generation ---------------------

_ANSWER_CALL = re.compile(r'^ml\.check\("([^"]+)", (\w+)\)\s*$', re.M)
_SOLUTION_CALL = re.compile(r'^assert ml\.check\("([^"]+)", (\w+)\)\s*$', re.M)
_LABEL = re.compile(r"^:label:\s*(ex-\S+)", re.M)


def chapter_checks(path):
    """The checked exercises of a chapter, read from its cells.

    An answer cell is a code cell tagged ``answer`` that assigns ``...`` to
    a variable and ends with ``ml.check("<name>", <variable>)``; a worked
    solution's cell (tagged ``solution``) asserts
    ``assert ml.check("<name>", <variable>)``.

    Parameters
    ----------
    path : str or Path
        A chapter, ``book/<slug>.md``.

    Returns
    -------
    list of dict
        One per answer cell, in chapter order: ``name``, ``variable``,
        ``exercise`` (the label of the exercise above it), ``answer_cell``
        (its index among the notebook's cells) and ``solution_cells`` (the
        indices of the ``solution`` cells that assert the check).

    Examples
    --------
    >>> from pathlib import Path
    >>> import mechlib
    >>> book = Path(mechlib.__file__).parents[1] / "book"
    >>> found = chapter_checks(book / "partial-velocities.md")
    >>> found[0]["name"], found[0]["variable"], found[0]["exercise"]
    ('pv-other-speeds-q1-dot', 'q1_dot', 'ex-pv-other-speeds')
    """
    import jupytext

    notebook = jupytext.read(_chapter_path(path, "chapter_checks"))
    found, label = [], None
    asserted = {}
    for index, cell in enumerate(notebook.cells):
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "markdown":
            labels = _LABEL.findall(cell.source)
            label = labels[-1] if labels else label
            continue
        if "solution" in tags:
            for name, variable in _SOLUTION_CALL.findall(cell.source):
                asserted.setdefault(name, []).append((index, variable))
        if "answer" in tags:
            for name, variable in _ANSWER_CALL.findall(cell.source):
                found.append(dict(name=name, variable=variable,
                                  exercise=label, answer_cell=index))
    for item in found:
        item["solution_cells"] = [i for i, variable
                                  in asserted.get(item["name"], [])
                                  if variable == item["variable"]]
    return found


def _chapter_path(chapter, what):
    if not isinstance(chapter, (str, Path)):
        raise ArgumentTypeError(
            f"{what}: a chapter is a path such as 'book/partial-velocities.md',"
            f" got {type(chapter).__name__} {chapter!r:.40}")
    path = Path(chapter)
    if not path.is_file():
        raise ParameterError(
            f"{what}: no chapter {chapter} (give the path of a chapter, "
            "e.g. book/partial-velocities.md)")
    return path


def _execute(path):
    import jupytext
    from nbclient import NotebookClient

    notebook = jupytext.read(path)
    NotebookClient(notebook, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}
                   ).execute()


def _dump(chapter, checks):
    return json.dumps({"format": FORMAT, "chapter": chapter,
                       "checks": checks}, sort_keys=True, indent=1) + "\n"


def generate(chapters=None, output=None):
    """Write ``mechlib/checks/<chapter>.json`` from the worked solutions.

    Each chapter is executed with ``MECHLIB_CHECK_RECORD`` set, so that
    every ``ml.check(name, worked_value)`` of its worked solutions records
    the value; the records of one chapter make its file.

    Parameters
    ----------
    chapters : list of str or Path, optional
        Chapter files; by default every ``book/*.md`` that calls
        ``ml.check``.
    output : str or Path, optional
        The folder to write to (default: ``mechlib/checks`` of this
        package).

    Returns
    -------
    list of Path
        The files written.

    Examples
    --------
    >>> import mechlib as ml
    >>> ml.exercises.generate(["no/such/chapter.md"])
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: generate: no chapter no/such/chapter.md ...
    """
    import tempfile

    book = Path(__file__).resolve().parents[1] / "book"
    if chapters is None:
        chapters = sorted(p for p in book.glob("*.md")
                          if "ml.check(" in p.read_text(encoding="utf-8"))
    if isinstance(chapters, (str, Path)) or not hasattr(chapters, "__iter__"):
        chapters = [chapters]
    output = Path(output) if output is not None else \
        Path(__file__).resolve().parent / "checks"
    written = []
    for chapter in chapters:
        path = _chapter_path(chapter, "generate")
        with tempfile.TemporaryDirectory() as folder:
            log = Path(folder) / "records.jsonl"
            log.touch()
            previous = os.environ.get(RECORD)
            os.environ[RECORD] = str(log)
            try:
                _execute(path.resolve())
            finally:
                if previous is None:
                    del os.environ[RECORD]
                else:
                    os.environ[RECORD] = previous
            lines = log.read_text(encoding="utf-8").splitlines()
        checks = {}
        for line in map(json.loads, lines):
            name, stored = line["name"], line["record"]
            if not _NAME.match(name):
                raise ParameterError(
                    f"generate: {path.name} records the check {name!r}; name "
                    "checks <chapter prefix>-<exercise>-<what>, in letters, "
                    "digits and hyphens")
            if checks.get(name, stored) != stored:
                raise ParameterError(
                    f"generate: {path.name} records two different worked "
                    f"answers for {name!r}; each check has one worked answer")
            checks[name] = stored
        target = output / f"{path.stem}.json"
        if not checks:
            print(f"{path}: no checks recorded", file=sys.stderr)
            continue
        output.mkdir(parents=True, exist_ok=True)
        target.write_text(_dump(path.stem, checks), encoding="utf-8")
        written.append(target)
    _STORE.clear()
    return written


def main(argv=None):
    """``python -m mechlib.checks generate [book/<chapter>.md ...]
    [--output DIR]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m mechlib.checks")
    commands = parser.add_subparsers(dest="command", required=True)
    gen = commands.add_parser(
        "generate", help="write mechlib/checks/<chapter>.json from the worked "
        "solutions of the chapters (default: every chapter that calls "
        "ml.check)")
    gen.add_argument("chapters", nargs="*")
    gen.add_argument("--output", default=None,
                     help="folder to write to (default: mechlib/checks)")
    options = parser.parse_args(argv)
    for path in generate(options.chapters or None, options.output):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()

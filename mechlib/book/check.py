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

The worked solution is not shipped. ``mechlib/book/checks/<chapter>.json`` holds
only what a comparison needs: the values of the answer at a few sample points
(random values of its symbols, coordinates, speeds and their derivatives,
fixed per check name, at which every factor of the answer whose sign can
change takes both signs), the names of the symbols each entry depends on, its
kind and shape, and for a Vector the name of the frame its components are
taken in. One command writes these files from the worked solutions::

    python -m bookkit.generate_checks [book/<chapter>.md ...]

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
>>> q2, u2 = me.dynamicsymbols('q2, u2')
>>> N = me.ReferenceFrame('N')
>>> R = N.orientnew('R', 'Axis', (q2, N.z))
>>> ml.check("demo-rod-end-velocity", L*u2*R.y)
Correct.
>>> ml.check("demo-rod-end-velocity", L*u2*(sm.cos(q2)*N.y - sm.sin(q2)*N.x))
Correct.
>>> ml.check("demo-rod-end-velocity", -L*u2*R.y)
Not yet: your answer has the wrong sign.
>>> ml.check("demo-rod-end-velocity", ...)
No answer yet: replace ... with your answer and run the cell again.

(The ``demo-`` checks are examples for this documentation, not exercises.)
"""

from __future__ import annotations

import difflib
import json
import os
import re
from dataclasses import dataclass
from importlib import resources

import sympy as sm
import sympy.physics.mechanics as me

from .._sampling import seed_of, signed_point
from ..errors import ArgumentTypeError, UnknownCheckError
from .answers import (
    all_scalars,
    atoms_of,
    decode,
    display_name,
    find_frame,
    is_finite,
    kind_word,
    normalize,
    value_at,
)
from .record import RECORD, digest, noise_floors, term_scale

__all__ = ["check", "CheckResult", "expect_forms"]

FORMAT = 2                        # version of the stored files
#: Environment variable: a correct answer must also record as the stored one.
STRICT = "MECHLIB_CHECK_STRICT"
#: |answer - expected| <= RTOL * (sum of |terms| of the worked answer)
RTOL = 1e-11
#: Where the worked answer is zero: evaluated with 30 digits, a correct
#: answer is zero to about 1e-30 of the size of its terms (at least 1 here).
ZERO = 1e-20


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
    >>> result = ml.check("demo-rod-end-velocity", ...)
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



# --- the stored checks ----------------------------------------------------------

def _store_dir():
    return resources.files("mechlib.book") / "checks"


_STORE = {}


def _stored():
    """{name: (chapter, stored record)} of every file in mechlib/book/checks."""
    if not _STORE:
        for entry in sorted(_store_dir().iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".json"):
                data = json.loads(entry.read_text(encoding="utf-8"))
                for name, stored in data["checks"].items():
                    _STORE[name] = (data["chapter"], stored)
    return _STORE


def forget_stored():
    """Read the stored checks again at the next :func:`check` (after they
    were rewritten)."""
    _STORE.clear()


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
            "each chapter are in mechlib/book/checks/<chapter>.json)")
    return store[name]


# --- comparing ------------------------------------------------------------------

class _Scalar:
    """The verdict on one scalar entry.

    A value agrees when it differs from the stored one by at most
    :data:`RTOL` times the size of the worked answer's terms at that point
    (a small term left out or added shows; rounding does not). An answer
    that should be zero must be zero to the 30 digits it is evaluated with.
    A stored number (no symbols) is compared through its digest.
    """

    def __init__(self, expr, stored, points, name, floors):
        self.expected = set(stored["symbols"])
        atoms = atoms_of(expr)
        self.found = set(atoms)
        self.missing = sorted(self.expected - self.found)
        self.extra = sorted(self.found - self.expected)
        self.rates = [n for n in self.extra
                      if isinstance(atoms[n], sm.Derivative)]
        unknown = sorted(self.found - set(points[0]))
        # atoms the check never sampled get two draws: a dependence that
        # cancels (x - x) must not make a correct answer wrong
        draws = [signed_point(unknown, seed_of(f"extra/{k}")) for k in (1, 2)] \
            if unknown else [{}]
        self.finite = True
        if "digests" in stored:
            self._compare_digests(expr, stored["digests"], points, draws, name, floors)
        else:
            self._compare_values(expr, stored, points, draws, floors)

    def _compare_values(self, expr, stored, points, draws, floors):
        expected = [decode(v) for v in stored["values"]]
        scales = [abs(decode(v)) for v in stored["scales"]]
        self.equal = self.negated = True
        for extra in draws:
            for point, e, scale, floor in zip(points, expected, scales, floors, strict=True):
                full = {**point, **extra}
                a = value_at(expr, full)
                a = 0j if abs(a) <= floor else a     # below the answer's rounding noise
                if not is_finite(a):
                    self.finite = self.equal = self.negated = False
                    continue
                tol = RTOL * scale if scale else ZERO * max(1.0, term_scale(expr, full))
                self.equal &= abs(a - e) <= tol
                self.negated &= abs(a + e) <= tol and abs(e) > tol
        self.is_zero = all(abs(e) <= RTOL * s for e, s in zip(expected, scales, strict=True))

    def _compare_digests(self, expr, digests, points, draws, name, floors):
        values = []
        for extra in draws:
            for point, floor in zip(points, floors, strict=True):
                full = {**point, **extra}
                a = value_at(expr, full)
                # zero to the 30 digits of the evaluation, or below the
                # answer's rounding noise, is zero
                zero = max(ZERO * max(1.0, term_scale(expr, full)), floor)
                values.append(0j if abs(a) <= zero else a)
        self.finite = all(is_finite(a) for a in values)

        def matches(a, target):
            # a value on a rounding boundary rounds either way
            return any(digest(name, a * (1 + d)) == target
                       for d in (0.0, RTOL, -RTOL))
        self.equal = self.finite and all(matches(a, digests[0]) for a in values)
        self.negated = self.finite and all(matches(a, digests[1]) for a in values) \
            and digests[0] != digests[1]
        self.is_zero = digests[0] == digests[1]

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
            notes.append(f"Your answer has {bare} as a plain Symbol, but the "
                         "answer uses the function of time "
                         f"me.dynamicsymbols('{bare}').")
            missing.remove(name)
            extra.remove(bare)
    if rates:
        notes.append(
            f"It still contains {', '.join(map(display_name, rates))}, a time "
            "derivative of a coordinate, where the generalized speeds are "
            "asked for: replace each q' by its expression in the u's (the "
            "kinematical differential equations).")
    if missing:
        notes.append(f"It does not depend on {', '.join(map(display_name, missing))}"
                     ", but the answer does.")
    if extra:
        notes.append(f"It depends on {', '.join(map(display_name, extra))}, "
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


def _compare(kind, value, stored, points, name, floors, where=""):
    """A list of sentences saying what is wrong (empty when correct)."""
    expected_kind = stored["kind"]
    if kind != expected_kind and not (
            expected_kind == "vector" and kind == "scalar" and value == 0):
        given = (f"a plain number ({value})" if kind == "scalar" and value.is_number
                 else kind_word(kind))
        raise ArgumentTypeError(
            f"the answer{where} is {given}, but this exercise asks "
            f"for {kind_word(expected_kind)}; "
            + {"scalar": "give a SymPy expression (for a Vector, dot it with "
                         "a unit vector first)",
               "vector": "build it from unit vectors, e.g. L*sm.sin(q2)*N.y",
               "matrix": "give sm.Matrix([...]) with one entry per "
                         "component",
               "sequence": "give a list with one item per part"}[expected_kind])
    if expected_kind == "scalar":
        verdict = _Scalar(value, stored, points, name, floors)
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
        return _compare_vector(value, stored, points, name, floors, where)
    if expected_kind == "matrix":
        shape = tuple(stored["shape"])
        if value.shape != shape:
            hint = " (transpose it)" if value.shape == shape[::-1] else ""
            return [f"your answer{where} has the shape {value.shape}, the "
                    f"answer has the shape {shape}{hint}."]
        verdicts = [_Scalar(e, s, points, name, floors)
                    for e, s in zip(value, stored["entries"], strict=True)]
        return _entries(verdicts, [f"entry {divmod(i, shape[1])}"
                                   for i in range(len(verdicts))], where)
    items = stored["items"]
    if len(value) != len(items):
        return [f"your answer{where} has {len(value)} items, the answer has "
                f"{len(items)}."]
    problems = []
    for i, ((k, v), s) in enumerate(zip(value, items, strict=True)):
        problems += _compare(k, v, s, points, name, floors, f"{where} item {i}")
    return problems


def _entries(verdicts, labels, where):
    wrong = [(label, v) for label, v in zip(labels, verdicts, strict=True) if not v]
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


def _compare_vector(value, stored, points, name, floors, where):
    if not isinstance(value, me.Vector):      # the number 0 for a Vector
        value = me.Vector(0)
    frame_name = stored["frame"]
    if frame_name is None:                           # the zero vector is expected
        frame = value.args[0][1] if value.args else None
    elif not value.args:
        frame = None
    else:
        frame = find_frame(value, frame_name)
        if frame is None:
            return [f"your answer{where} is written in frames "
                    f"({', '.join(sorted({f.name for _, f in value.args}))}) "
                    f"that are not connected to a frame called {frame_name}: use "
                    "the frames of the exercise."]
    components = ([0, 0, 0] if frame is None
                  else list(value.to_matrix(frame)))
    verdicts = [_Scalar(sm.sympify(c), s, points, name, floors)
                for c, s in zip(components, stored["components"], strict=True)]
    label = frame_name or (frame.name if frame else "N")
    return _entries(verdicts, [f"{label}.{axis} component" for axis in "xyz"],
                    where)


def compare(name, kind, value, stored):
    """What is wrong with a normalized answer, against a record ``stored``
    (``{"points": ..., "answer": ...}``): a list of sentences, empty when
    it is correct. Shared with the hidden tests (:mod:`.grading`)."""
    try:
        scalars = all_scalars(kind, value)
    except (TypeError, ValueError):
        scalars = []
    scalars = [sm.sympify(s) for s in scalars]
    unknown = set().union(*(atoms_of(s) for s in scalars)) - set(stored["points"][0])
    extra = signed_point(sorted(unknown), seed_of("extra/1")) if unknown else {}
    floors = noise_floors(scalars, [{**p, **extra} for p in stored["points"]])
    return _compare(kind, value, stored["answer"], stored["points"], name, floors)


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
    >>> ml.check("demo-slider-rate", u1 + L*u2*sm.sin(q2))
    Correct.
    >>> ml.check("demo-slider-rate", u1 + L*q2.diff()*sm.sin(q2))
    Not yet: your answer differs from the worked solution. It still contains
    q2', a time derivative of a coordinate, where the generalized speeds are
    asked for: replace each q' by its expression in the u's (the kinematical
    differential equations). It does not depend on u2, but the answer does.
    """
    if os.environ.get(RECORD):
        if answer is Ellipsis:
            return CheckResult(name, False, "No answer yet.")
        from .record import record_to_file
        return CheckResult(name, True, record_to_file(name, answer))
    if name in _FORMS:
        return _form_result(name, answer, _FORMS[name])
    _chapter, stored = _lookup(name)
    if answer is Ellipsis:
        return CheckResult(name, False, "No answer yet: replace ... with your "
                           "answer and run the cell again.")
    kind, value = normalize(answer, name)
    try:
        problems = compare(name, kind, value, stored)
    except ArgumentTypeError as error:
        raise ArgumentTypeError(f"check({name!r}, ...): {error}") from None
    if not problems and os.environ.get(STRICT):
        return _fresh_or_stale(name, answer, stored)
    return _result(name, problems)


def _fresh_or_stale(name, answer, stored):
    """With ``MECHLIB_CHECK_STRICT`` set (the test suite sets it), a correct
    answer is a worked one: its record must be the stored one, byte for byte,
    so that running the chapters proves every stored check up to date."""
    from .record import record

    fresh = json.loads(json.dumps(record(name, answer), sort_keys=True))
    if fresh == stored:
        return _result(name, [])
    chapter = _lookup(name)[0]
    return CheckResult(name, False, f"Stale: the stored check of {name} is not "
                       "the record of this worked answer; regenerate it with "
                       f"python -m bookkit.generate_checks book/{chapter}.md")


# --- an assignment's checks: the form of the answer, not its values -------------

_FORMS = {}


def expect_forms(forms):
    """Make :func:`check` judge the answers named in ``forms`` by their form
    alone: an instructor's assignment (``python -m bookkit.assignment``)
    grades the answers when they are handed in, and its notebook holds no
    worked values, only what this says before then.

    ``forms`` maps a check's name to the form of its answer: its ``kind``
    (``scalar``, ``vector``, ``matrix`` or ``sequence``), a Matrix's
    ``shape``, a list's ``items`` (a form each), and ``symbols``, the names
    of the symbols the whole answer may use (as ``atoms_of`` in
    ``mechlib.book.answers`` writes them).

    >>> import sympy.physics.mechanics as me
    >>> q1, u1, u3 = me.dynamicsymbols('q1, u1, u3')
    >>> expect_forms({"xx-demo-form": {"kind": "scalar",
    ...                                "symbols": ["q1(t)", "u1(t)"]}})
    >>> print(check("xx-demo-form", u1*q1).message.replace(". ", ".\\n"))
    Form accepted: a scalar, in the symbols this answer may use.
    Whether it is right is graded when you hand the notebook in.
    >>> check("xx-demo-form", u1 + u3)
    Not yet: your answer depends on u3, which this answer cannot.
    >>> check("xx-demo-form", [u1])
    Not yet: your answer is a Matrix; this answer is a scalar (a SymPy expression).
    """
    if not isinstance(forms, dict) or not all(
            isinstance(n, str) and isinstance(f, dict) and f.get("kind") in _KINDS
            and isinstance(f.get("symbols"), list) for n, f in forms.items()):
        raise ArgumentTypeError(
            "expect_forms: give {check name: form}, each form a dict with a kind "
            f"({', '.join(_KINDS)}) and the list of its symbols' names, as "
            "python -m bookkit.assignment writes it")
    _FORMS.update(forms)


_KINDS = ("scalar", "vector", "matrix", "sequence")


def _form_result(name, answer, form):
    if answer is Ellipsis:
        return CheckResult(name, False, "No answer yet: replace ... with your "
                           "answer and run the cell again.")
    kind, value = normalize(answer, name)
    problems = _form_problems(kind, value, form)
    if problems:
        return _result(name, problems)
    shape = f" of shape {value.shape}" if kind == "matrix" else ""
    return CheckResult(name, True, f"Form accepted: {kind_word(kind).split(' (')[0]}"
                       f"{shape}, in the symbols this answer may use. Whether it is "
                       "right is graded when you hand the notebook in.")


def _form_problems(kind, value, form, where=""):
    """What is wrong with the form of a normalized answer (its kind, shape
    and the symbols it uses), as sentences."""
    if form["kind"] != kind and not (form["kind"] == "vector" and value == 0):
        return [f"your answer{where} is {kind_word(kind).split(' (')[0]}; this answer "
                f"is {kind_word(form['kind'])}."]
    if kind == "matrix" and list(value.shape) != form["shape"]:
        return [f"your answer{where} has the shape {value.shape}; this answer has the "
                f"shape {tuple(form['shape'])}."]
    if kind == "sequence":
        if len(value) != len(form["items"]):
            return [f"your answer{where} has {len(value)} items; this answer has "
                    f"{len(form['items'])}."]
        return [p for i, ((k, v), f) in enumerate(zip(value, form["items"], strict=True))
                for p in _form_problems(k, v, f, f"{where} item {i}")]
    try:
        scalars = [sm.sympify(s) for s in all_scalars(kind, value)]
    except (TypeError, ValueError):
        scalars = []
    extra = sorted({display_name(n) for s in scalars for n in atoms_of(s)} -
                   {display_name(n) for n in form["symbols"]})
    if extra:
        return [f"your answer{where} depends on {', '.join(extra)}, which this answer "
                "cannot."]
    return []


# --- the chapters: answer cells, worked solutions, generation ---------------------

"""Grading a student's answer against the worked one, outside the student's process.

:func:`mechlib.book.check.check` (``ml.check``) is formative: it compares an
answer with values stored in ``mechlib/book/checks``, which every student
has. A grade must not rest on anything a student has or can change, so the
autograder (:mod:`bookkit.grade`) grades in three steps, of which only
the first runs in the student's process:

1. :func:`to_tree`, run in the student's kernel after each question, turns
   each answer into **data**: a JSON tree of its expression (a Vector as its
   frame's name and components, a Matrix as its shape and entries, a list as
   its items), sent to the grading process as display data. It executes
   nothing on the grader's side: a forged tree can only claim an answer that
   the student could have typed.
2. :func:`from_tree`, in a fresh Python process that runs no student code,
   builds SymPy objects from the tree with a **whitelist**: the classes of
   :data:`FUNCTIONS` and :data:`HEADS`, Symbols with the assumptions of
   :data:`ASSUMPTIONS`, functions of ``t`` (``dynamicsymbols``), numbers from
   their decimal digits; never ``eval``, ``sympify`` or ``parse_expr`` of a
   string, which execute code. Size limits (:data:`LIMITS`) keep a crafted
   tree from hanging it.
3. :func:`verdict` compares the answer with the **worked expressions** (the
   instructors' ``grading/worked/<chapter>.json``), evaluated at 16 **points
   drawn at grading time** from the operating system's randomness, over
   both signs and magnitudes from 0.2 to 3 (up to 10 where a sign shows only
   there, :mod:`mechlib._sampling`), with the comparison of
   :mod:`mechlib.book.check` (:func:`~mechlib.book.answers.normalize`,
   :func:`~mechlib.book.record.record_worked`,
   :func:`~mechlib.book.check.compare`); it calls no ``simplify``.
   :func:`serve` is that process's main loop.

Examples
--------
>>> import sympy.physics.mechanics as me
>>> from mechlib.book.record import worked_form
>>> q = me.dynamicsymbols('q')
>>> worked = worked_form("xx-demo-a", q**2)
>>> tree = to_tree(q*q)
>>> tree
{'kind': 'scalar', 'expr': ['Pow', ['Function', 'q', ['Symbol', 't', {}]], ['Integer', '2']]}
>>> verdict("xx-demo-a", from_tree(tree), worked)
Correct.
>>> verdict("xx-demo-a", from_tree(to_tree(q*abs(q))), worked)
Not yet: your answer differs from the worked solution.
>>> from_tree({'kind': 'scalar', 'expr': ['Unsupported', 'Lambda']})
Traceback (most recent call last):
...
mechlib.book.grading.TreeError: the answer uses Lambda, which the grader does not read
"""

from __future__ import annotations

import json
import os
import re
import sys

from ..errors import MechlibError

__all__ = ["MIME", "to_tree", "from_tree", "TreeError", "verdict", "grade_tree",
           "serve"]

#: The SymPy whose private names :func:`to_tree` and
#: :func:`~mechlib.book.answers.find_frame` read: a frame's ``_dcm_dict`` (the
#: frames it is oriented to), a Symbol's ``_assumptions_orig`` (the
#: assumptions it was made with) and a Float's ``_mpf_`` and ``_prec`` (its
#: exact digits). tests/test_patches.py stops on another version.
SYMPY_INTERNALS = ("sympy", "1.14.0")


def require_sympy_internals():
    """Raise :class:`~mechlib.book.patched.PatchedInternalsChanged` unless the
    installed SymPy is :data:`SYMPY_INTERNALS`'s and still has the private
    names this module reads."""
    import sympy as sm
    import sympy.physics.mechanics as me

    from .patched import PatchedInternalsChanged, require_version

    require_version(*SYMPY_INTERNALS, "mechlib.book.grading.to_tree and "
                    "mechlib.book.answers.find_frame (they read SymPy's private names)")
    probes = ((me.ReferenceFrame("A"), "_dcm_dict"), (sm.Symbol("x"), "_assumptions_orig"),
              (sm.Float(1), "_mpf_"), (sm.Float(1), "_prec"))
    missing = [name for owner, name in probes if not hasattr(owner, name)]
    if missing:
        raise PatchedInternalsChanged(f"SymPy no longer has {', '.join(missing)}, which "
                                      "mechlib.book.grading.to_tree reads")


#: The MIME type of the display data that carries the answers' trees.
MIME = "application/vnd.mechlib.answers+json"

#: The elementary functions a tree may hold (SymPy's names, one argument but atan2).
FUNCTIONS = ("sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "acot",
             "atan2", "sinh", "cosh", "tanh", "exp", "log", "Abs", "sign", "re", "im",
             "conjugate")
#: The operations and constants: ``[head, *arguments]``.
HEADS = ("Add", "Mul", "Pow", "Integer", "Rational", "Float", "Symbol", "Function",
         "Derivative", "pi", "E", "I", "oo", "-oo", "zoo", "nan")
#: The assumptions a Symbol may carry (each True or False).
ASSUMPTIONS = ("positive", "negative", "nonnegative", "nonpositive", "nonzero", "zero",
               "real", "extended_real", "integer", "rational", "finite", "complex",
               "commutative", "imaginary", "even", "odd", "prime")
#: Limits on a tree: nodes in all, nesting depth, digits of an integer and of a
#: float, digits of all its numbers together (a sum of thousands of long
#: fractions takes SymPy minutes), length of a name, order of a derivative,
#: bits of a number raised to an integer power, matrix entries.
LIMITS = {"nodes": 20000, "depth": 60, "digits": 120, "float_digits": 60,
          "total_digits": 3000, "name": 80, "order": 8, "power_bits": 20000,
          "entries": 400}


# --- the student's side: an answer as data ---------------------------------------

# Its source is sent alone into the student's kernel (bookkit.grade), so its three
# helpers (expr, connected, answer) are nested in it; McCabe counts them together.
def to_tree(value, frame=None):  # noqa: C901
    """The JSON tree of an answer (see the module). Runs in the student's
    kernel, from its source alone (it imports what it uses), so that the
    autograder can send it there; ``frame`` names the frame in which a Vector's
    components are taken when one of its frames is connected to one of that
    name.

    >>> import sympy as sm, sympy.physics.mechanics as me
    >>> N = me.ReferenceFrame('N')
    >>> to_tree(sm.Symbol('L', positive=True)*N.x, 'N')["parts"]
    [['N', [['Symbol', 'L', {'positive': True}], ['Integer', '0'], ['Integer', '0']]]]
    >>> to_tree([1, sm.Rational(1, 2)])["items"][1]
    {'kind': 'scalar', 'expr': ['Rational', '1', '2']}
    """
    import numbers

    import mpmath
    import sympy as sm
    import sympy.physics.mechanics as me
    from sympy.core.function import AppliedUndef

    functions = ("sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan",
                 "acot", "atan2", "sinh", "cosh", "tanh", "exp", "log", "Abs", "sign",
                 "re", "im", "conjugate")
    allowed = ("positive", "negative", "nonnegative", "nonpositive", "nonzero", "zero",
               "real", "extended_real", "integer", "rational", "finite", "complex",
               "commutative", "imaginary", "even", "odd", "prime")
    constants = {"pi": sm.pi, "E": sm.E, "I": sm.I, "oo": sm.oo, "-oo": -sm.oo,
                 "zoo": sm.zoo, "nan": sm.nan}

    def expr(e):
        if isinstance(e, numbers.Number) and not isinstance(e, (bool, sm.Basic)):
            e = sm.sympify(e)
        kind = type(e)
        for name, constant in constants.items():
            if e is constant:
                return [name]
        if isinstance(e, sm.Integer):
            return ["Integer", str(int(e))]
        if isinstance(e, sm.Rational):
            return ["Rational", str(e.p), str(e.q)]
        if isinstance(e, sm.Float):
            return ["Float", mpmath.libmp.to_str(e._mpf_, mpmath.libmp.prec_to_dps(e._prec) + 2),
                    int(e._prec)]
        if kind is sm.Symbol:
            assumptions = {k: v for k, v in e._assumptions_orig.items()
                           if k in allowed and isinstance(v, bool)}
            return ["Symbol", e.name, assumptions]
        if isinstance(e, AppliedUndef):
            return ["Function", e.func.__name__, *[expr(a) for a in e.args]]
        if kind is sm.Derivative:
            return ["Derivative", expr(e.expr),
                    *[[expr(v), int(n)] for v, n in e.variable_count]]
        if kind in (sm.Add, sm.Mul, sm.Pow):
            return [kind.__name__, *[expr(a) for a in e.args]]
        if kind.__name__ in functions and getattr(sm, kind.__name__, None) is kind:
            return [kind.__name__, *[expr(a) for a in e.args]]
        return ["Unsupported", kind.__name__[:60]]

    def connected(vector, name):
        queue, seen = [f for _, f in vector.args], set()
        while queue:
            f = queue.pop(0)
            if id(f) in seen:
                continue
            seen.add(id(f))
            if f.name == name:
                return f
            queue.extend(f._dcm_dict)
        return None

    def answer(v):
        if v is Ellipsis:
            return {"kind": "none"}
        if isinstance(v, me.Vector):
            target = connected(v, frame) if frame else None
            if target is not None:
                return {"kind": "vector",
                        "parts": [[target.name, [expr(c) for c in v.to_matrix(target)]]]}
            return {"kind": "vector",
                    "parts": [[f.name, [expr(c) for c in m]] for m, f in v.args]}
        if isinstance(v, sm.MatrixBase):
            return {"kind": "matrix", "shape": list(v.shape), "entries": [expr(e) for e in v]}
        if isinstance(v, (list, tuple)):
            return {"kind": "list", "items": [answer(x) for x in v]}
        if isinstance(v, sm.Expr) or (isinstance(v, numbers.Number)
                                      and not isinstance(v, bool)):
            return {"kind": "scalar", "expr": expr(v)}
        return {"kind": "other", "what": type(v).__name__[:60],
                "text": repr(v)[:60] if isinstance(v, (str, bool)) else ""}

    return answer(value)


# --- the grader's side: data back to SymPy, by a whitelist -------------------------

class TreeError(MechlibError, ValueError):
    """A tree the grader does not read (the answer scores nothing); its
    message says what of the answer the grader did not read."""


_NAME = re.compile(r"[^\x00-\x1f\x7f]{1,%d}" % LIMITS["name"])
_INTEGER = re.compile(r"-?[0-9]{1,%d}" % LIMITS["digits"])
_FLOAT = re.compile(r"-?[0-9]{1,%d}(\.[0-9]{0,%d})?(e[-+]?[0-9]{1,4})?" % (
    LIMITS["float_digits"], LIMITS["float_digits"]))


class _Reader:
    """Builds the objects of one answer's tree (:func:`from_tree`)."""

    def __init__(self):
        import sympy as sm
        import sympy.physics.mechanics as me

        self.sm, self.me = sm, me
        self.nodes = 0
        self.digits = 0
        self.frames = {}
        self.functions = {name: getattr(sm, name) for name in FUNCTIONS}
        self.constants = {"pi": sm.pi, "E": sm.E, "I": sm.I, "oo": sm.oo,
                          "-oo": -sm.oo, "zoo": sm.zoo, "nan": sm.nan}

    def count(self, depth):
        self.nodes += 1
        if self.nodes > LIMITS["nodes"]:
            raise TreeError(f"the answer has more than {LIMITS['nodes']} parts")
        if depth > LIMITS["depth"]:
            raise TreeError(f"the answer is nested more than {LIMITS['depth']} deep")

    def name(self, text):
        if not isinstance(text, str) or not _NAME.fullmatch(text):
            raise TreeError("a name of the answer is not a short line of text")
        return text

    def integer(self, text):
        if not isinstance(text, str) or not _INTEGER.fullmatch(text):
            raise TreeError(f"an integer of the answer has more than {LIMITS['digits']} "
                            "digits or is not written in digits")
        self.count_digits(text)
        return int(text)

    def count_digits(self, text):
        self.digits += len(text)
        if self.digits > LIMITS["total_digits"]:
            raise TreeError(f"the numbers of the answer have more than "
                            f"{LIMITS['total_digits']} digits in all")

    def expr(self, node, depth=0):
        """The SymPy expression of ``node``, by the reader of its head."""
        self.count(depth)
        if not isinstance(node, list) or not node or not isinstance(node[0], str):
            raise TreeError("a part of the answer is not an expression")
        head, args = node[0], node[1:]
        if head == "Unsupported":
            what = args[0] if args and isinstance(args[0], str) else "?"
            raise TreeError(f"the answer uses {what[:60]}, which the grader does not read")
        if head in self.constants and not args:
            return self.constants[head]
        read = self.READERS.get(head) or (_Reader.read_function if head in self.functions
                                          else None)
        found = read(self, head, args, depth + 1) if read else None
        if found is None:
            raise TreeError(f"the grader does not read {head[:40]!r} with {len(args)} "
                            "arguments")
        return found

    # Each reader returns None when the arguments do not fit its head.

    def read_integer(self, head, args, depth):
        return self.sm.Integer(self.integer(args[0])) if len(args) == 1 else None

    def read_rational(self, head, args, depth):
        if len(args) != 2:
            return None
        p, q = self.integer(args[0]), self.integer(args[1])
        if q == 0:
            raise TreeError("a fraction of the answer has the denominator 0")
        return self.sm.Rational(p, q)

    def read_float(self, head, args, depth):
        if len(args) != 2:
            return None
        text, precision = args
        if (not isinstance(text, str) or not _FLOAT.fullmatch(text)
                or type(precision) is not int or not 1 <= precision <= 400):
            raise TreeError("a decimal number of the answer is not one")
        self.count_digits(text)
        return self.sm.Float(text, precision=precision)

    def read_symbol(self, head, args, depth):
        if len(args) != 2 or not isinstance(args[1], dict):
            return None
        assumptions = args[1]
        if any(k not in ASSUMPTIONS or type(v) is not bool for k, v in assumptions.items()):
            raise TreeError("a symbol of the answer has an assumption the grader "
                            "does not read")
        try:
            return self.sm.Symbol(self.name(args[0]), **assumptions)
        except (ValueError, TypeError) as error:   # inconsistent assumptions
            raise TreeError(f"a symbol of the answer: {error}") from None

    def read_applied_function(self, head, args, depth):
        if len(args) < 2:
            return None
        function = self.sm.Function(self.name(args[0]))
        return function(*[self.expr(a, depth) for a in args[1:]])

    def read_derivative(self, head, args, depth):
        if len(args) < 2:
            return None
        inner = self.expr(args[0], depth)
        pairs = []
        for pair in args[1:]:
            if (not isinstance(pair, list) or len(pair) != 2
                    or type(pair[1]) is not int or not 1 <= pair[1] <= LIMITS["order"]):
                raise TreeError("a derivative of the answer is not one")
            variable = self.expr(pair[0], depth)
            if not isinstance(variable, self.sm.Symbol):
                raise TreeError("a derivative of the answer is not one")
            pairs.append((variable, pair[1]))
        return self.sm.Derivative(inner, *pairs)

    def read_sum_or_product(self, head, args, depth):
        if not args:
            return None
        parts = [self.expr(a, depth) for a in args]
        return (self.sm.Add if head == "Add" else self.sm.Mul)(*parts)

    def read_power(self, head, args, depth):
        if len(args) != 2:
            return None
        base, exponent = (self.expr(a, depth) for a in args)
        self.power_size(base, exponent)
        return self.sm.Pow(base, exponent)

    def read_function(self, head, args, depth):
        if not args:
            return None
        if len(args) != (2 if head == "atan2" else 1):
            raise TreeError(f"{head} of the answer has {len(args)} arguments")
        return self.functions[head](*[self.expr(a, depth) for a in args])

    READERS = {"Integer": read_integer, "Rational": read_rational, "Float": read_float,
               "Symbol": read_symbol, "Function": read_applied_function,
               "Derivative": read_derivative, "Add": read_sum_or_product,
               "Mul": read_sum_or_product, "Pow": read_power}

    def power_size(self, base, exponent):
        """A rational number raised to an integer is computed at once: keep it
        within :data:`LIMITS` (``(10**100)**(10**100)`` would not end)."""
        sm = self.sm
        if isinstance(exponent, sm.Rational) and isinstance(base, sm.Rational):
            bits = max(abs(base.p).bit_length(), base.q.bit_length(), 1)
            if bits * max(abs(exponent.p), 1) > LIMITS["power_bits"]:
                raise TreeError("a power of the answer is too large")

    def answer(self, node, depth=0):
        me, sm = self.me, self.sm
        self.count(depth)
        if not isinstance(node, dict):
            raise TreeError("the answer is not one the grader reads")
        kind = node.get("kind")
        if kind == "none":
            return Ellipsis
        if kind == "scalar":
            return self.expr(node.get("expr"), depth + 1)
        if kind == "vector":
            parts = node.get("parts")
            if not isinstance(parts, list) or len(parts) > 20:
                raise TreeError("a Vector of the answer is not one")
            vector = me.Vector(0)
            for part in parts:
                if not (isinstance(part, list) and len(part) == 2
                        and isinstance(part[1], list) and len(part[1]) == 3):
                    raise TreeError("a Vector of the answer is not one")
                name = self.name(part[0])
                if name not in self.frames:
                    self.frames[name] = me.ReferenceFrame(name)
                frame = self.frames[name]
                x, y, z = (self.expr(c, depth + 1) for c in part[1])
                vector += x * frame.x + y * frame.y + z * frame.z
            return vector
        if kind == "matrix":
            shape, entries = node.get("shape"), node.get("entries")
            if (not isinstance(shape, list) or len(shape) != 2
                    or any(type(n) is not int or not 0 <= n <= LIMITS["entries"] for n in shape)
                    or not isinstance(entries, list) or len(entries) != shape[0] * shape[1]
                    or len(entries) > LIMITS["entries"]):
                raise TreeError("a Matrix of the answer is not one")
            return sm.ImmutableMatrix(shape[0], shape[1],
                                      [self.expr(e, depth + 1) for e in entries])
        if kind == "list":
            items = node.get("items")
            if not isinstance(items, list) or len(items) > LIMITS["entries"]:
                raise TreeError("a list of the answer is not one")
            return [self.answer(item, depth + 1) for item in items]
        if kind == "other":
            what = node.get("what") if isinstance(node.get("what"), str) else "?"
            raise TreeError(f"the answer is a {what[:60]}, not a SymPy expression, "
                            "Vector, Matrix or list of them")
        if kind == "missing":
            raise TreeError("the answer's variable is not defined")
        raise TreeError("the answer is not one the grader reads")


def from_tree(tree):
    """The answer (SymPy objects, a Vector, a list, or ``...``) that a tree
    of :func:`to_tree` describes; :class:`TreeError` for anything else.

    >>> from_tree({'kind': 'scalar', 'expr': ['Symbol', '__import__("os")', {}]})
    __import__("os")
    >>> from_tree({'kind': 'scalar', 'expr': ['Integer', '1e3']})
    Traceback (most recent call last):
    ...
    mechlib.book.grading.TreeError: an integer of the answer has more than 120 digits ...
    """
    return _Reader().answer(tree)


def verdict(name, answer, worked, seed=None):
    """The grade of ``answer`` (SymPy objects) to the check ``name``: the
    comparison of :mod:`mechlib.book.check` with the worked expressions
    ``worked`` (:func:`~mechlib.book.record.worked_form`) at points drawn from
    ``seed`` (by default from the operating system's randomness).
    A :class:`~mechlib.book.check.CheckResult`, true only when correct."""
    from .answers import normalize
    from .check import CheckResult, _result, compare
    from .record import record_worked

    if answer is Ellipsis:
        return CheckResult(name, False, "No answer.")
    try:
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        stored = record_worked(name, worked, seed)
        kind, value = normalize(answer, name)
        return _result(name, compare(name, kind, value, stored))
    except Exception as error:         # the student's answer, not the grader
        return CheckResult(name, False, f"Not graded: {error}")


def grade_tree(name, tree, worked, seed=None):
    """:func:`verdict` on the answer a tree describes (:func:`from_tree`)."""
    from .check import CheckResult

    if tree is None:
        return CheckResult(name, False, "No answer: the notebook did not reach it.")
    try:
        answer = from_tree(tree)
    except TreeError as error:
        return CheckResult(name, False, f"Not graded: {error}.")
    except Exception as error:    # SymPy refusing what the tree asks for, too deep a tree
        return CheckResult(name, False, "Not graded: the answer could not be read "
                           f"({type(error).__name__}).")
    return verdict(name, answer, worked, seed)


def serve(stdin=None, stdout=None):
    """The grading process: reads ``{"checks": [{"name", "tree", "worked"},
    ...]}`` (JSON) from ``stdin`` and writes one line of JSON per check,
    ``{"name", "correct", "message"}``, as soon as it is graded."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    job = json.loads(stdin.read())
    for item in job["checks"]:
        result = grade_tree(item["name"], item["tree"], item["worked"])
        stdout.write(json.dumps({"name": item["name"], "correct": bool(result.correct),
                                 "message": result.message}) + "\n")
        stdout.flush()


# --- the same comparison in this process (the hidden tests of old) --------------------

"""The Python side of the in-page answer boxes and live cells
(_ext/static/answers.js).

Pyodide runs this file once, after the first press of a "Check" or "Run"
button has loaded it and installed the SymPy, mpmath and mechlib wheels.
``run_box`` runs an exercise's set-up, then the code of the box in the names
it made, as a notebook cell runs (each run has a set-up of its own, and what
the code assigns to mechlib's names or to the built-ins is undone after it,
so that no box changes what another box sees):
the last line's value is what the cell shows, here the text of
``ml.check``'s result (the message Jupyter shows). ``run_live`` runs a live
cell the same way and returns its outputs as Jupyter would show them. An
error is one line, not a traceback.

Pyodide has no IPython. What the chapters use of it is stood in for here:
``IPython.display`` (``display``, ``Math``, ``Latex``, ``HTML``,
``Markdown``), and the shell that ``sympy.init_printing`` (through
``ml.init_printing``) registers its LaTeX printer with; a value is then shown
with the printer SymPy registered for its type, as IPython's display
formatter would.
"""

import builtins
import contextlib
import importlib.abc
import importlib.machinery
import io
import json
import os
import sys
import types

_SETUPS = {}
#: The chapter's names that the page's Python cannot make, with what they
#: need (bookkit.in_page): ``{"design": ["numpy"]}``.
_LACKS = {}
#: The modules that the page's Python does not have (bookkit.in_page's
#: NOT_IN_PAGE, but mechlib's own parts): ``["numpy", ...]``.
_NOT_HERE = []
#: The outputs of the live cell that is running (``display`` appends to it),
#: or None while a set-up runs (its outputs are not shown).
_OUTPUTS = None
#: ``ml.check`` as it was before any reader's code ran, and a copy of it (its
#: own function object: code that replaces ``ml.check.__code__`` changes the
#: original only), taken by the first run of a cell.
_CHECK = {}


class _Formatter:
    """One MIME type's printers by type, as sympy.init_printing registers them."""

    def __init__(self):
        self.type_printers = {}

    def for_type(self, cls, printer):
        self.type_printers[cls] = printer

    def __call__(self, value):
        for cls in type(value).__mro__:
            if cls in self.type_printers:
                return self.type_printers[cls](value)
        return None


class _Shell:
    """What sympy.init_printing asks of IPython's shell."""

    colors = "NoColor"

    def __init__(self):
        self.display_formatter = types.SimpleNamespace(formatters={
            mime: _Formatter() for mime in ("text/plain", "text/latex", "image/png",
                                            "image/svg+xml")})


_SHELL = _Shell()


def _shown(value):
    """``[kind, text]`` of a value, as Jupyter shows it (kind: latex, html or
    text), or None for None."""
    if value is None:
        return None
    latex = _SHELL.display_formatter.formatters["text/latex"](value)
    if latex is None and callable(getattr(type(value), "_repr_latex_", None)):
        latex = value._repr_latex_()
    if latex:
        return ["latex", latex]
    if callable(getattr(type(value), "_repr_html_", None)):
        html = value._repr_html_()
        if html:
            return ["html", html]
    if callable(getattr(type(value), "_repr_markdown_", None)):
        return ["text", value._repr_markdown_()]
    return ["text", repr(value)]


def _show(*values, **kwargs):
    if _OUTPUTS is not None:
        _OUTPUTS.extend(filter(None, map(_shown, values)))


class _Shown:
    def __init__(self, data=None, **kwargs):
        self.data = data or ""


class _Math(_Shown):
    def _repr_latex_(self):
        return "$\\displaystyle " + self.data.strip("$") + "$"


class _Latex(_Shown):
    def _repr_latex_(self):
        return self.data


class _HTML(_Shown):
    def _repr_html_(self):
        return self.data


class _Markdown(_Shown):
    def _repr_markdown_(self):
        return self.data


def _stand_in_for_ipython():
    """``IPython`` and ``IPython.display`` as far as the chapters use them, and
    ``get_ipython()`` for sympy.init_printing."""
    if "IPython.display" in sys.modules:
        return
    module = types.ModuleType("IPython.display")
    module.display = _show
    module.Math, module.Latex, module.HTML, module.Markdown = _Math, _Latex, _HTML, _Markdown
    package = types.ModuleType("IPython")
    package.__version__ = "8.0.0"     # sympy.init_printing asks for IPython >= 1.0
    package.display = module
    sys.modules["IPython"] = package
    sys.modules["IPython.display"] = module
    builtins.get_ipython = lambda: _SHELL


#: Characters of printed output a box or a live cell shows: the first and the
#: last half of it, with how many between were left out.
SHOWN = 40_000


class _Printed(io.TextIOBase):
    """stdout of a box or a live cell, bounded (:data:`SHOWN`): the first
    half, then only a rolling last half and a count of what fell between.
    A live cell's printed text goes into its outputs, in order with what it
    displays.

    >>> printed = _Printed(limit=10)
    >>> for _ in range(4): _ = printed.write("abcdef")
    >>> print(printed.text())
    abcde
    ... 14 characters not shown ...
    bcdef
    """

    def __init__(self, outputs=None, limit=SHOWN):
        self.outputs, self.half = outputs, limit // 2
        self.head, self.tail, self.tail_size, self.dropped = 0, [], 0, 0
        self.kept = []

    def writable(self):
        return True

    def write(self, text):
        written, room = len(text), self.half - self.head
        if room > 0:
            self._keep(text[:room])
            self.head += min(room, len(text))
            text = text[room:]
        if text:                        # the end, trimmed now and then
            self.tail.append(text)
            self.tail_size += len(text)
            if self.tail_size > 4 * self.half:
                self._trim()
        return written

    def _trim(self):
        tail = "".join(self.tail)
        self.dropped += max(0, len(tail) - self.half)
        self.tail = [tail[-self.half:]] if self.half else []
        self.tail_size = min(len(tail), self.half)

    def _keep(self, text):
        if self.outputs is None:
            self.kept.append(text)
        elif self.outputs and self.outputs[-1][0] == "stream":
            self.outputs[-1][1] += text
        elif text:
            self.outputs.append(["stream", text])

    def finish(self):
        """Put what was kept of the end after the beginning."""
        self._trim()
        if self.dropped:
            self._keep(f"\n... {self.dropped:,} characters not shown ...\n")
        self._keep("".join(self.tail))
        self.tail, self.tail_size, self.dropped = [], 0, 0

    def text(self):
        self.finish()
        return "".join(self.kept)


class _RestOnImport(importlib.abc.MetaPathFinder):
    """Last on ``sys.meta_path``: an import that nothing installed can satisfy,
    of a module in a part of the page's Python that its first download leaves
    out (the rarely used modules of SymPy and mpmath, and of the standard
    library: scripts/compile-for-pyodide.mjs), fetches that part, once, with a
    synchronous request (which a worker may make), unpacks it where SymPy is
    installed, and looks again; it leaves ``sys.meta_path`` when it has
    fetched every part.

    ``parts``: ``[{"url": ..., "tops": [top-level name, ...]}, ...]``."""

    def __init__(self, parts):
        self.parts = {top: part["url"] for part in parts for top in part["tops"]}

    def find_spec(self, name, path=None, target=None):
        url = self.parts.get(name.partition(".")[0])
        if url is None:
            return None
        import zipfile

        from js import XMLHttpRequest

        self.parts = {top: other for top, other in self.parts.items() if other != url}
        if not self.parts:
            sys.meta_path.remove(self)
        request = XMLHttpRequest.new()
        request.open("GET", url, False)
        request.responseType = "arraybuffer"
        request.send()
        if request.status != 200:
            raise ImportError(f"{name} is in a part of the page's Python that it fetches "
                              f"when needed, and {url} could not be fetched "
                              f"(HTTP {request.status}): reload the page to try again",
                              name=name)
        sympy = importlib.machinery.PathFinder.find_spec("sympy")
        where = os.path.dirname(os.path.abspath(sympy.submodule_search_locations[0]))
        with zipfile.ZipFile(io.BytesIO(request.response.to_bytes())) as archive:
            archive.extractall(where)
        # the folders' finders only: importlib.invalidate_caches() would import
        # importlib.metadata, which may be what is importing (email) now
        for folder, finder in list(sys.path_importer_cache.items()):
            if folder.startswith(where) and finder is not None:
                finder.invalidate_caches()
        return importlib.machinery.PathFinder.find_spec(name, path)


def fetch_rest_on_import(parts_json):
    """Have an import that needs them fetch the parts of SymPy, mpmath and
    the standard library that the page's first download leaves out
    (:class:`_RestOnImport`; ``parts_json``: JSON of its ``parts``)."""
    sys.meta_path.append(_RestOnImport(json.loads(parts_json)))


def set_lacks(lacks_json):
    """Take what the page's Python cannot make, from the page's data (JSON of
    ``{"names": {name: [what it needs, ...]}, "modules": [module, ...]}``)."""
    lacks = json.loads(lacks_json)
    _LACKS.clear()
    _LACKS.update(lacks["names"])
    _NOT_HERE[:] = lacks["modules"]


def _not_here(error):
    """The module a ModuleNotFoundError is about, if the page lacks it.

    >>> set_lacks('{"names": {}, "modules": ["numpy", "IPython.core"]}')
    >>> _not_here(ModuleNotFoundError(name="numpy.linalg")), _not_here(ImportError())
    ('numpy', None)
    """
    name = getattr(error, "name", None) or ""
    return next((module for module in _NOT_HERE
                 if name == module or name.startswith(module + ".")
                 or module.startswith(name + ".")), None) if name else None


def _why_not_here(error):
    """What to say after an error for a name or module that the chapter has
    and the page's Python has not; empty for any other error.

    >>> set_lacks('{"names": {"design": ["numpy", "scipy"]}, "modules": ["numpy"]}')
    >>> _why_not_here(NameError("name 'design' is not defined", name="design"))
    " The chapter makes design in a cell that needs numpy and scipy, which the page's ..."
    >>> _why_not_here(NameError("name 'x' is not defined", name="x"))
    ''
    """
    name = getattr(error, "name", None)
    if isinstance(error, ModuleNotFoundError) and _not_here(error):
        return (f" The page's Python has SymPy and mechlib's symbolic core, not "
                f"{_not_here(error)}: download the notebook or launch it to use it.")
    if type(error) is NameError and name in _LACKS:
        needs = _LACKS[name]
        needs = " and ".join([", ".join(needs[:-1]), needs[-1]] if len(needs) > 1 else needs)
        return (f" The chapter makes {name} in a cell that needs {needs}, which the "
                "page's Python does not have: write your answer with SymPy here, or "
                f"download the notebook or launch it to use {name}.")
    return ""


def _one_line(error, where):
    """``error`` as the one line a reader needs: what, and on which line of
    ``where`` (the box, or the set-up), and why, when the page lacks what
    the chapter has."""
    line = getattr(error, "lineno", None) if isinstance(error, SyntaxError) else None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == where:
            line = tb.tb_lineno
        tb = tb.tb_next
    text = f"{type(error).__name__}: {getattr(error, 'msg', None) or error}"
    if isinstance(error, ModuleNotFoundError) and _not_here(error):
        # Pyodide's own words would offer micropip, which has no wheel of it here
        text = f"ModuleNotFoundError: No module named '{_not_here(error)}'"
    said, why = (f"{text} (line {line})" if line else text), _why_not_here(error)
    return f"{said}.{why}" if why else said


def _run_cell(code, names, where, issued=None):
    """Run ``code`` in ``names`` as a notebook cell; return its last value.
    IPython's magics (``%matplotlib inline``) and shell lines do nothing here,
    as in the page's set-ups (mechlib.book.slicing.python_source). With a
    list ``issued``, the results that mechlib's check gives are added to it
    (:func:`_checks_recorded`)."""
    import ast

    from mechlib.book.slicing import python_source

    if not _CHECK:
        import mechlib

        original = mechlib.check        # (imported on first use: now, before any code)
        _CHECK.update(original=original, copy=types.FunctionType(
            original.__code__, original.__globals__, original.__name__,
            original.__defaults__, original.__closure__))
    tree = ast.parse(python_source(code), where)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    with _modules_kept():
        if issued is not None:
            _checks_recorded(names, issued)
        exec(compile(tree, where, "exec"), names)
        return eval(compile(last, where, "eval"), names) if last is not None else None


def _checks_recorded(names, issued):
    """Until the run ends (:func:`_modules_kept` puts the original back),
    ``ml.check``, wherever the set-up bound it, is mechlib's own check that
    adds each result it gives to ``issued`` with its verdict and message. A
    box's verdict must be one of them, as given: a result object that the
    box's code makes or changes itself is no verdict."""
    original, copy = _CHECK["original"], _CHECK["copy"]

    def check(name, answer):
        result = copy(name, answer)
        issued.append((result, bool(result.correct), str(result.message)))
        return result

    check.__doc__, check.__name__ = original.__doc__, original.__name__
    for module in ("mechlib", "mechlib.book.check"):
        if getattr(sys.modules.get(module), "check", None) is original:
            sys.modules[module].check = check
    for key, value in list(names.items()):
        if value is original:
            names[key] = check


@contextlib.contextmanager
def _modules_kept():
    """Within the block, code may assign to mechlib's names or to Python's
    built-ins (``ml.check = ...``); afterwards they are what they were, so
    that what one box or cell does to them changes no other."""
    kept = {name: dict(vars(module)) for name, module in list(sys.modules.items())
            if name == "mechlib" or name.startswith("mechlib.")}
    kept["builtins"] = dict(vars(builtins))
    kept["os"] = dict(vars(os))
    os._exit = _exit_refused            # would end the page's Python itself
    try:
        yield
    finally:
        for name, names in kept.items():
            now = vars(sys.modules.get(name) or types.ModuleType(name))
            for key, value in names.items():    # (names it gained, imports, stay)
                if now.get(key, now) is not value:
                    now[key] = value


def _set_up(key, setup, consume=False):
    """The names after running ``setup`` (remembered by ``key``), or the one
    line that says why it failed. With ``consume`` the names are handed over
    and forgotten: the code that runs in them may change the set-up's objects
    (orient a frame, set a point's velocity), so the next run of that set-up
    starts again from its cells, and no box changes another's answer."""
    if key not in _SETUPS:
        global _OUTPUTS
        _stand_in_for_ipython()
        _OUTPUTS = None
        names = {"__name__": "__main__"}
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                for cell in setup:
                    _run_cell(cell, names, "<set-up>")
        except Exception as error:  # noqa: BLE001 - the page says what failed
            return "The set-up failed in the page: " + _one_line(error, "<set-up>")
        _SETUPS[key] = names
    return _SETUPS.pop(key) if consume else _SETUPS[key]


def prepare(job, key, setup):
    """Run the set-up ``setup`` of a ``job`` (``run_box`` or ``run_live``,
    remembered by ``key``) if it has not run; return None, or the one line
    that says why it failed. The page's worker calls it before the reader's
    code, so that the time limit of that code does not count the set-up."""
    names = _set_up(key, setup)
    if not isinstance(names, str):
        return None
    return names.replace("The set-up", "The exercise's set-up") if job == "run_box" else names


#: How deep one statement of a box may nest: a chain of one operator
#: (``a + b + c + ...``) nests one level per operator, and parsing more than
#: about 900 levels overflows the small stack of the page's Python, which
#: then has to be started afresh.
MAX_DEPTH = 500
#: Operators that chain into one nest, by their precedence (a chain of a
#: higher one ends at a lower one: ``2*u1 + 3*u2`` chains two products of one).
_CHAINS = {**dict.fromkeys(("+", "-"), 4), **dict.fromkeys(("*", "/", "//", "%", "@"), 5),
           "**": 6, "&": 2, "|": 0, "^": 1, "<<": 3, ">>": 3, ",": -1}


def _too_long(code):
    """A sentence if a statement of ``code`` nests too deep for the page's
    Python to parse (:data:`MAX_DEPTH`: the longest chain of one operator
    at one level of brackets, plus the brackets), else None; read token by
    token, which needs no stack.

    >>> _too_long("x = " + " + ".join(["2*u1"] * 5000)).split(":")[0]
    'This answer chains 4,999 operations in one statement, and the page reads at most 500'
    >>> _too_long("x = " + " + ".join(["2*u1"] * 300)) is None
    True
    """
    import tokenize
    from collections import Counter

    chains, depth, most = Counter(), 0, 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.NEWLINE:
                chains.clear()
            elif token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
            elif token.type == tokenize.OP and token.string in _CHAINS:
                level = _CHAINS[token.string]
                for key in [k for k in chains if k[0] == depth and k[1] > level]:
                    del chains[key]
                if level >= 0:
                    chains[depth, level] += 1
                    most = max(most, chains[depth, level] + depth)
            most = max(most, depth)
    except (tokenize.TokenError, SyntaxError):
        pass                                    # Python's parser will say what
    if most <= MAX_DEPTH:
        return None
    return (f"This answer chains {most:,} operations in one statement, and the page reads "
            f"at most {MAX_DEPTH}: build it in parts (a = ...; b = ...; then "
            "a + b), or write it as sm.Add(term1, term2, ...), or check it in the "
            "downloaded notebook.")


#: What a box or a live cell says when its code asks Python to exit.
EXIT = ("The code called exit(), which ends the run before a result: a check "
        "needs the answer's value, so end the box with ml.check(...) instead.")


def _exit_refused(*args, **kwargs):
    raise SystemExit(*args[:1])


def run_live(key, setup, code):
    """Run the set-up ``setup`` (remembered by ``key``), then the live cell's
    ``code``; return ``(ok, outputs)``, outputs a list of ``[kind, text]``
    (stream, latex, html, text) in the order Jupyter shows them, or
    ``(False, [["error", one line]])``. Printed text is bounded
    (:data:`SHOWN`)."""
    global _OUTPUTS
    names = _set_up(key, setup, consume=True)
    if isinstance(names, str):
        return False, [["error", names]]
    if _too_long(code):
        return False, [["error", _too_long(code)]]
    _OUTPUTS = []
    printed = _Printed(_OUTPUTS)
    try:
        with contextlib.redirect_stdout(printed):
            value = _run_cell(code, names, "<this cell>")
        printed.finish()
        _show(value)
        return True, _OUTPUTS
    except SystemExit:
        printed.finish()
        return False, [*_OUTPUTS, ["error", EXIT]]
    except Exception as error:  # noqa: BLE001 - shown as one line
        printed.finish()
        return False, [*_OUTPUTS, ["error", _one_line(error, "<this cell>")]]
    finally:
        _OUTPUTS = None


def run_box(key, setup, code):
    """Run the set-up ``setup`` (a list of cells' code, remembered by
    ``key``), then ``code``; return ``(ok, message)`` for the page. What the
    code prints is shown only when it does not end with a check, and
    bounded (:data:`SHOWN`)."""
    names = _set_up(key, setup, consume=True)
    if isinstance(names, str):
        return False, names.replace("The set-up", "The exercise's set-up")
    if _too_long(code):
        return False, _too_long(code)
    printed, issued = _Printed(), []
    try:
        with contextlib.redirect_stdout(printed):
            value = _run_cell(code, names, "<your answer>", issued)
    except SystemExit:
        return False, EXIT
    except Exception as error:  # noqa: BLE001 - shown as one line, as the brief asks
        return False, _one_line(error, "<your answer>")
    verdict = [(correct, said) for result, correct, said in issued if result is value]
    if verdict:          # as the check gave it, whatever the code did to it since
        return verdict[-1]
    shown = printed.text().strip()
    return False, shown or "The box ran; end it with ml.check(...) to check your answer."

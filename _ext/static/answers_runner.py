"""The Python side of the in-page answer boxes (_ext/static/answers.js).

Pyodide runs this file once, after the first press of a "Check" button has
loaded it and installed the SymPy, mpmath and mechlib wheels. ``run_box``
runs an exercise's set-up (once; later checks reuse its names), then the
code of the box in a copy of those names, as a notebook cell runs: the last
line's value is what the cell shows, here the text of ``ml.check``'s result
(the message Jupyter shows). An error is one line, not a traceback.
"""

import contextlib
import io
import sys
import types

_SETUPS = {}


def _display_without_output():
    """``IPython.display`` for a set-up's cells: Pyodide has no IPython, and
    what a set-up cell displays is not shown in the page."""
    module = types.ModuleType("IPython.display")

    class _Shown:
        def __init__(self, *args, **kwargs):
            pass

    module.display = lambda *args, **kwargs: None
    module.HTML = module.Math = module.Markdown = module.Latex = _Shown
    package = types.ModuleType("IPython")
    package.display = module
    sys.modules.setdefault("IPython", package)
    sys.modules.setdefault("IPython.display", module)


def _one_line(error, where):
    """``error`` as the one line a reader needs: what, and on which line of
    ``where`` (the box, or the set-up)."""
    line = getattr(error, "lineno", None) if isinstance(error, SyntaxError) else None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == where:
            line = tb.tb_lineno
        tb = tb.tb_next
    text = f"{type(error).__name__}: {getattr(error, 'msg', None) or error}"
    return f"{text} (line {line})" if line else text


def _run_cell(code, names, where):
    """Run ``code`` in ``names`` as a notebook cell; return its last value."""
    import ast

    tree = ast.parse(code, where)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, where, "exec"), names)
    return eval(compile(last, where, "eval"), names) if last is not None else None


def run_box(key, setup, code):
    """Run the set-up ``setup`` (a list of cells' code, remembered by
    ``key``), then ``code``; return ``(ok, message)`` for the page."""
    if key not in _SETUPS:
        _display_without_output()
        names = {"__name__": "__main__"}
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                for cell in setup:
                    _run_cell(cell, names, "<set-up>")
        except Exception as error:  # noqa: BLE001 - the page says what failed
            return False, "The exercise's set-up failed in the page: " + _one_line(
                error, "<set-up>")
        _SETUPS[key] = names
    names = dict(_SETUPS[key])
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            value = _run_cell(code, names, "<your answer>")
    except Exception as error:  # noqa: BLE001 - shown as one line, as the brief asks
        return False, _one_line(error, "<your answer>")
    if value is not None and type(value).__name__ == "CheckResult":
        return bool(value), repr(value)
    shown = printed.getvalue().strip()
    return False, shown or "The box ran; end it with ml.check(...) to check your answer."

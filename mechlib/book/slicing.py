"""The cells a piece of notebook code needs: a backward slice by names.

A graded assignment holds a chapter's exercises, not the whole chapter: each
question needs only the earlier code cells that define what its answer cell
and its worked solution use (the frames, points, symbols and kinematics of
its system), not the chapter's plots and explorers. :func:`needed_cells`
finds them from the code alone: walking back from the question, a cell is
needed when it binds a name the code still needs, or changes an object the
code needs in place (``P.set_vel(N, v)``, ``x.attr = ...``, ``d[k] = ...``);
the names a needed cell uses are needed in turn. What it over-includes costs
only time; what it missed, ``otter assign`` finds, since it runs the worked
solutions of every assignment it makes.

Examples
--------
>>> cells = ["import sympy as sm", "x = sm.Symbol('x')", "sm.plot(x)",
...          "y = 2*x", "P.set_vel(y)", "answer = y + 1"]
>>> needed_cells(cells, [5], candidates=range(5))
[0, 1, 3]
>>> needed_cells(cells + ["z = P.vel()"], [6], candidates=range(6))
[0, 1, 3, 4]
"""

from __future__ import annotations

import ast

__all__ = ["python_source", "names_bound", "names_used", "objects_changed", "needed_cells"]


def python_source(source):
    """A cell's source as plain Python: its IPython magics and shell lines
    blanked (what runs without IPython, e.g. in the page's Pyodide).

    >>> python_source("%matplotlib inline\\nimport sympy as sm")
    '\\nimport sympy as sm'
    """
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                     for line in source.splitlines())


def _tree(source):
    """The cell's module AST (IPython magics and shell lines blanked)."""
    try:
        return ast.parse(python_source(source))
    except SyntaxError:
        return ast.parse("")


def _target_names(target):
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(_target_names(t) for t in target.elts)) if target.elts else set()
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return set()


def names_bound(source):
    """The names a cell binds at its top level.

    >>> sorted(names_bound("import numpy as np\\na, b = 1, 2\\ndef f(): c = 3"))
    ['a', 'b', 'f', 'np']
    """
    bound = set()
    for node in _tree(source).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                bound |= _target_names(target)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            bound |= _target_names(node.target)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            bound |= _target_names(node.target)
            bound |= set().union(set(), *(names_bound(ast.unparse(n)) for n in node.body))
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    bound |= _target_names(item.optional_vars)
            bound |= set().union(set(), *(names_bound(ast.unparse(n)) for n in node.body))
        elif isinstance(node, (ast.If, ast.Try)):
            for block in (getattr(node, "body", []), getattr(node, "orelse", []),
                          getattr(node, "finalbody", [])):
                bound |= set().union(set(), *(names_bound(ast.unparse(n)) for n in block))
    return bound


def names_used(source):
    """Every name a cell reads (anywhere, function bodies included).

    >>> sorted(names_used("y = f(x) + sm.cos(q)"))
    ['f', 'q', 'sm', 'x']
    """
    return {node.id for node in ast.walk(_tree(source))
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def _base_name(node):
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def objects_changed(source):
    """The names whose objects a cell may change in place at its top level:
    a method called on them, or one of their attributes or items assigned.

    >>> sorted(objects_changed("P.set_vel(N, v)\\nd['a'] = 1\\nprint(x)"))
    ['P', 'd']
    """
    changed = set()
    for node in _tree(source).body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                and isinstance(node.value.func, ast.Attribute):
            changed.add(_base_name(node.value.func.value))
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            changed |= {_base_name(t) for t in targets
                        if isinstance(t, (ast.Attribute, ast.Subscript))}
    return changed - {None}


def needed_cells(sources, targets, candidates, names=()):
    """Indices of the cells among ``candidates`` that the cells ``targets``
    need, in order.

    Parameters
    ----------
    sources : list of str
        Every code cell's source, by index (other cells may be ``""``).
    targets : iterable of int
        The cells to run (a question's answer and worked-solution cells).
    candidates : iterable of int
        The cells that may be taken (earlier, not solutions, not failing on
        purpose).
    names : iterable of str, optional
        Names the targets need besides those they read (what a worked
        solution that is not there reads, :mod:`bookkit.in_page`).
    """
    targets = sorted(targets)
    needed = set(names).union(*(names_used(sources[i]) for i in targets))
    # a call on a module (plt.plot, ml.display.explorer) changes no object the
    # code needs: only calls on the code's own objects count as changes
    modules = set().union(set(), *(_modules_imported(s) for s in sources))
    chosen = []
    for index in sorted((c for c in candidates if c < targets[0]), reverse=True):
        source = sources[index]
        bound = names_bound(source)
        changed = objects_changed(source) - modules
        if bound & needed or changed & needed:
            chosen.append(index)
            needed = (needed - bound) | names_used(source) | (changed & needed)
    return sorted(chosen)


def _modules_imported(source):
    """The names a cell binds to modules (``import numpy as np``: np)."""
    return {(a.asname or a.name).split(".")[0] for node in _tree(source).body
            if isinstance(node, ast.Import) for a in node.names}

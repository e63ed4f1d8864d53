"""What ``import mechlib`` loads, and how mechlib's modules import each other.

The dynamics core loads SymPy and nothing of the book's tooling: no plotting,
no notebook machinery, no NumPy or SciPy until a numerical function is used;
``ml.check``, ``ml.display`` and ``from mechlib import drawing`` still work,
imported on first use. No module of mechlib imports, at its top level, a
module that imports it back.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mechlib"
NOT_AT_IMPORT = ("matplotlib", "jupytext", "nbclient", "nbformat", "IPython",
                 "ipywidgets", "numpy", "scipy", "PIL", "myst_parser", "yaml")


def loaded_after(code):
    """The top-level packages in sys.modules after ``code``, in a fresh interpreter."""
    probe = (code + "\nimport sys, json\n"
             "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True,
                            text=True, check=True)
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_import_mechlib_loads_the_dynamics_only():
    loaded = loaded_after("import mechlib")
    assert "sympy" in loaded and "mechlib" in loaded
    assert not loaded & set(NOT_AT_IMPORT), sorted(loaded & set(NOT_AT_IMPORT))


def test_check_needs_sympy_only():
    loaded = loaded_after("import mechlib as ml\nml.check")
    assert not loaded & set(NOT_AT_IMPORT), sorted(loaded & set(NOT_AT_IMPORT))


def test_verify_needs_sympy_only():
    """``dependent_speed_coefficients`` calls ``vanishes``: the exercise boxes
    of the book's pages run it in Pyodide, which has no numpy."""
    loaded = loaded_after("import mechlib.verify")
    assert not loaded & set(NOT_AT_IMPORT), sorted(loaded & set(NOT_AT_IMPORT))


def test_display_tables_import_no_plots():
    """The display's tables and ``collected`` run in the page's Python, which
    has no matplotlib (bookkit.in_page); the explorer and the
    animations load matplotlib on first use."""
    loaded = loaded_after("from mechlib.book.display import collected, partial_velocity_table")
    assert not loaded & {"numpy", "scipy", "matplotlib", "PIL"}, sorted(loaded)


#: Run in a fresh Python that cannot import numpy, scipy or matplotlib.
WITHOUT_NUMPY = """
import importlib.abc, sys
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "scipy", "matplotlib"):
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Block())
import sympy as sm
from mechlib import errors, planar
m, g, a, phi = sm.symbols("m g a phi")
print(planar.point_force([0, -m*g], [a, 0], phi).T)
try:
    planar.point_force([0.0, -9.81], [1.0, 0.0], 0.3)
except errors.NumpyMissingError as error:
    print("NumpyMissingError:", error)
"""


def test_planar_works_symbolically_without_numpy_and_says_what_numbers_need():
    run = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY], capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Matrix([[0, -g*m, -a*g*m*cos(phi)]])" in run.stdout
    assert "NumpyMissingError: numpy." in run.stdout and "run the code in Jupyter" in run.stdout


@pytest.mark.parametrize("code, name", [
    ("import mechlib as ml\nx = ml.display", "mechlib.book.display"),
    ("from mechlib import drawing as x", "mechlib.book.drawing"),
    ("import mechlib as ml\nx = ml.simulate", "mechlib.simulation"),
    ("import mechlib as ml\nx = ml.planar", "mechlib.planar"),
    ("import mechlib as ml\nx = ml.partial_velocity_table", "mechlib.book.display"),
])
def test_lazy_names_resolve(code, name):
    namespace = {}
    exec(code, namespace)
    target = namespace["x"]
    assert getattr(target, "__name__", "") == name or target.__module__ == name


def test_an_unknown_name_is_an_attribute_error():
    import mechlib
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        _ = mechlib.nonsense


def _module_name(path):
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports():
    """{module: the mechlib modules it imports at its top level}: ``from . import
    x`` imports the module ``x``, ``from .kane import f`` the module ``kane``."""
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package.rsplit(".", node.level - 1)[0] if node.level else ""
                target = ".".join(p for p in (base, node.module) if p)
                submodules = {f"{target}.{a.name}" for a in node.names} & set(modules)
                found |= submodules or {target}
        graph[name] = {t for t in found if t in modules and t != name}
    return graph


def test_no_import_cycle():
    graph = top_level_imports()
    assert graph["mechlib.simulation"] >= {"mechlib.kane"}
    done, cycles = set(), []

    def visit(module, trail):
        for target in sorted(graph[module]):
            if target in trail:
                cycles.append(trail[trail.index(target):] + [target])
            elif target not in done:
                visit(target, trail + [target])
        done.add(module)

    for module in sorted(graph):
        visit(module, [module])
    assert not cycles, cycles[:3]


def test_the_core_imports_no_tooling():
    graph = top_level_imports()
    core = [m for m in graph if not m.startswith("mechlib.book")]
    offenders = {m: sorted(t for t in graph[m] if t.startswith("mechlib.book")) for m in core}
    assert not any(offenders.values()), offenders

// The SymPy and mpmath that the page's Python imports, compiled ahead of time
// by Pyodide's own Python (scripts/setup.sh runs this with Node), in two zips.
//
//   node scripts/compile-for-pyodide.mjs FIRST.zip REST.zip STDLIB.zip STDLIB-REST.zip WHEEL...
//
// A pure-Python wheel holds source files, and Python compiles each module the
// first time it is imported: in the page that was about 3.5 of the 4.5 seconds
// that `import sympy.physics.mechanics` takes, on every page, since a page's
// Python starts afresh. Bytecode is specific to one Python version, so the
// Python that compiles it is Pyodide's own (this script runs the npm package in
// Node): it unpacks the wheels, compiles every module with `compileall`
// (unchecked-hash .pyc files, valid whatever the files' times after unpacking),
// and writes the .pyc files in place of the sources (as `compileall -b` places
// them, so Python imports them without the sources), without test suites.
// Docstrings are compiled empty, a fifth of the bytes: help() on SymPy in the
// page says nothing (an empty string, not the None of `python -OO`, which
// SymPy does not support: it adds docstrings together as it imports).
//
// FIRST.zip holds what importing FIRST_IMPORTS loads (what the chapters' code
// in the page imports), the distributions' metadata and any
// file that is not a module: every page's first check downloads it.
// REST.zip holds the other modules (sympy.stats, the parsers, ...), about a
// third of the bytes: the page's Python downloads it only when the reader's
// code imports one of them (answers_runner.py, fetch_rest_on_import).
// tests/test_in_page.py checks that what every box imports is in FIRST.zip.
//
// Pyodide's standard library is split the same way: STDLIB.zip (which the
// page loads as Pyodide's python_stdlib.zip) holds each top-level module and
// package of it that Pyodide, FIRST_IMPORTS, mechlib or the page's runner
// (answers_runner.py) imports, whole; STDLIB-REST.zip the others (email,
// unittest, xml, ...), half of its bytes, fetched like REST.zip.
// The zips are deterministic (sorted entries, fixed times): the same wheels
// give the same bytes.
import fs from "node:fs";

// What `import mechlib` imports, and what SymPy imports only when a chapter's
// code first calls on it (integrate, applyfunc, derivatives of arrays, ...).
const FIRST_IMPORTS = [
  "sympy", "sympy.physics.mechanics", "mpmath",
  "sympy.assumptions.wrapper", "sympy.integrals.heurisch", "sympy.integrals.manualintegrate",
  "sympy.integrals.risch", "sympy.matrices.expressions.applyfunc",
  "sympy.sets.handlers.issubset", "sympy.sets.setexpr", "sympy.tensor.array.array_derivatives",
  "sympy.tensor.array.expressions.arrayexpr_derivatives",
  "sympy.tensor.array.expressions.from_array_to_indexed",
  "sympy.tensor.array.expressions.from_array_to_matrix",
  "sympy.tensor.array.expressions.from_indexed_to_array",
  "sympy.tensor.array.expressions.from_matrix_to_array"];

const { loadPyodide } = await import(
  new URL("../vendor/node_modules/pyodide/pyodide.mjs", import.meta.url));

const [first, rest, stdlib, stdlibRest, ...wheels] = process.argv.slice(2);
if (!first || !rest || !stdlib || !stdlibRest || wheels.length === 0) {
  console.error("usage: node scripts/compile-for-pyodide.mjs FIRST.zip REST.zip "
                + "STDLIB.zip STDLIB-REST.zip WHEEL...");
  process.exit(2);
}
async function withWheels() {
  const python = await loadPyodide();
  for (const wheel of wheels) {
    python.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel",
                         { extractDir: "/wheels" });
  }
  python.globals.set("FIRST_IMPORTS", python.toPy(FIRST_IMPORTS));
  return python;
}

// The top-level names of the standard library that the page's Python
// imports, in a Python of their own: what Pyodide loads to start, and what
// importing SymPy (from source), every module of mechlib that imports without
// NumPy (ml.check and others load when first used) and the page's runner adds.
const tracer = await withWheels();
tracer.FS.mkdirTree("/repository");
tracer.FS.mount(tracer.FS.filesystems.NODEFS,
                { root: new URL("..", import.meta.url).pathname }, "/repository");
const stdlibUsed = tracer.runPython(String.raw`
import importlib, json, pkgutil, runpy, sys

sys.dont_write_bytecode = True
sys.path[:0] = ["/wheels", "/repository"]
for name in [*FIRST_IMPORTS, "mechlib"]:
    importlib.import_module(name)
for module in pkgutil.walk_packages(sys.modules["mechlib"].__path__, "mechlib."):
    try:
        importlib.import_module(module.name)
    except ImportError:
        pass                # needs NumPy or Matplotlib, which the page has not
runpy.run_path("/repository/_ext/static/answers_runner.py")
json.dumps(sorted({module.__file__.split("/")[3].removesuffix(".py")
                   for module in list(sys.modules.values())
                   if ".zip/" in (getattr(module, "__file__", None) or "")}))
`);

const pyodide = await withWheels();
pyodide.runPython(String.raw`
import ast, compileall, importlib, os, py_compile, re, sys, warnings, zipfile

warnings.simplefilter("ignore", SyntaxWarning)   # in SymPy's own test runner

TESTS = re.compile(r"/(tests|benchmarks)(/|$)")


def blank_docstrings(path):
    """Make every docstring of the file at path empty, its lines kept (an
    empty string, not none: SymPy adds docstrings together on import)."""
    with open(path, encoding="utf-8") as stream:
        lines = stream.read().split("\n")
    spans = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            spans.append(body[0].value)
    for doc in sorted(spans, key=lambda d: (d.lineno, d.col_offset), reverse=True):
        first, last = doc.lineno - 1, doc.end_lineno - 1
        lines[first:last + 1] = ([lines[first][:doc.col_offset] + '""'
                                  + lines[last].encode()[doc.end_col_offset:].decode()]
                                 + [""] * (last - first))
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("\n".join(lines))


os.chdir("/wheels")
for root, dirs, files in os.walk("."):
    dirs[:] = [d for d in dirs if not TESTS.search(f"{root}/{d}")]
    for name in files:
        if name.endswith(".py"):
            blank_docstrings(os.path.join(root, name))
assert compileall.compile_dir(".", quiet=2, legacy=True, rx=TESTS,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)

# what importing FIRST_IMPORTS loads, as the bytecode files that replace them
sys.dont_write_bytecode = True
sys.path.insert(0, "/wheels")
for name in FIRST_IMPORTS:
    importlib.import_module(name)
imported = {os.path.relpath(module.__file__, "/wheels") + "c"
            for module in list(sys.modules.values())
            if (getattr(module, "__file__", None) or "").startswith("/wheels/")}

archives = {part: zipfile.ZipFile(f"/{part}.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9)
            for part in ("first", "rest")}
for root, dirs, files in os.walk("."):
    dirs[:] = sorted(d for d in dirs if not TESTS.search(f"{root}/{d}"))
    for name in sorted(files):
        path = os.path.join(root, name)[2:]
        if name.endswith(".py") and os.path.exists(path + "c"):
            continue        # its bytecode replaces it
        part = "rest" if name.endswith(".pyc") and path not in imported else "first"
        entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        with open(path, "rb") as stream:
            archives[part].writestr(entry, stream.read())
for archive in archives.values():
    archive.close()
`);
fs.writeFileSync(first, pyodide.FS.readFile("/first.zip"));
fs.writeFileSync(rest, pyodide.FS.readFile("/rest.zip"));

// The standard library, its entries copied as they are (sorted, as they were)
pyodide.FS.writeFile("/stdlib.zip", fs.readFileSync(
  new URL("../vendor/node_modules/pyodide/python_stdlib.zip", import.meta.url)));
// (and the data that sysconfig reads when asked)
pyodide.globals.set("STDLIB_USED", pyodide.toPy(JSON.parse(stdlibUsed)));
pyodide.runPython(String.raw`
import zipfile

with zipfile.ZipFile("/stdlib.zip") as whole, \
        zipfile.ZipFile("/stdlib-first.zip", "w") as kept, \
        zipfile.ZipFile("/stdlib-rest.zip", "w") as left:
    for entry in whole.infolist():
        top = entry.filename.split("/")[0].removesuffix(".py")
        used = top in STDLIB_USED or top.startswith("_sysconfigdata")
        (kept if used else left).writestr(entry, whole.read(entry))
`);
fs.writeFileSync(stdlib, pyodide.FS.readFile("/stdlib-first.zip"));
fs.writeFileSync(stdlibRest, pyodide.FS.readFile("/stdlib-rest.zip"));
const python = pyodide.runPython("import sys; sys.version.split()[0]");
const mb = (path) => (fs.statSync(path).size / 1e6).toFixed(1);
console.log(`compile-for-pyodide: ${first} (${mb(first)} MB) and ${rest} (${mb(rest)} MB), `
            + `bytecode of Python ${python}, Pyodide ${pyodide.version}; the standard `
            + `library in ${stdlib} (${mb(stdlib)} MB) and ${stdlibRest} (${mb(stdlibRest)} MB)`);

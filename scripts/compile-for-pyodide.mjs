// The SymPy and mpmath that the page's Python imports, compiled ahead of time
// by Pyodide's own Python (scripts/setup.sh runs this with Node).
//
//   node scripts/compile-for-pyodide.mjs OUT.zip WHEEL...
//
// A pure-Python wheel holds source files, and Python compiles each module the
// first time it is imported: in the page that was about 3.5 of the 4.5 seconds
// that `import sympy.physics.mechanics` takes, on every page, since a page's
// Python starts afresh. Bytecode is specific to one Python version, so the
// Python that compiles it is Pyodide's own (this script runs the npm package in
// Node): it unpacks the wheels, compiles every module with `compileall`
// (unchecked-hash .pyc files, valid whatever the files' times after unpacking),
// and writes OUT.zip with the .pyc files in place of the sources (as
// `compileall -b` places them, so Python imports them without the sources),
// the distributions' metadata, and no test suites. The zip is deterministic
// (sorted entries, fixed times): the same wheels give the same bytes.
// answers-worker.mjs unpacks it where the wheels went.
import fs from "node:fs";

const { loadPyodide } = await import(
  new URL("../vendor/node_modules/pyodide/pyodide.mjs", import.meta.url));

const [out, ...wheels] = process.argv.slice(2);
if (!out || wheels.length === 0) {
  console.error("usage: node scripts/compile-for-pyodide.mjs OUT.zip WHEEL...");
  process.exit(2);
}
const pyodide = await loadPyodide();
for (const wheel of wheels) {
  pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel",
                        { extractDir: "/wheels" });
}
pyodide.runPython(String.raw`
import compileall, os, py_compile, re, warnings, zipfile

warnings.simplefilter("ignore", SyntaxWarning)   # in SymPy's own test runner

TESTS = re.compile(r"/(tests|benchmarks)(/|$)")
os.chdir("/wheels")
assert compileall.compile_dir(".", quiet=2, legacy=True, rx=TESTS,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for root, dirs, files in os.walk("."):
        dirs[:] = sorted(d for d in dirs if not TESTS.search(f"{root}/{d}"))
        for name in sorted(files):
            path = os.path.join(root, name)[2:]
            if name.endswith(".py") and os.path.exists(path + "c"):
                continue        # its bytecode replaces it
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as stream:
                archive.writestr(entry, stream.read())
`);
fs.writeFileSync(out, pyodide.FS.readFile("/out.zip"));
const python = pyodide.runPython("import sys; sys.version.split()[0]");
console.log(`compile-for-pyodide: ${out} (${(fs.statSync(out).size / 1e6).toFixed(1)} MB, `
            + `bytecode of Python ${python}, Pyodide ${pyodide.version})`);

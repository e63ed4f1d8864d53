// The page's Python, in a Web Worker of its own (answers-run.mjs starts it,
// and ends it when a run passes its time limit, is stopped or fails fatally).
// It loads Pyodide, SymPy, mpmath and mechlib from the site,
// runs the Python side of the boxes (answers_runner.py), and answers each
// job with messages: {id, type: "progress", stage, text} while it loads,
// {id, type: "setting-up"} when the job's set-up starts, {id, type:
// "started"} when the reader's code starts (after the set-up),
// then {id, type: "result", answer: [ok, payload]}, or {id, type:
// "stopped"} (the page's interrupt), or {id, type: "fatal", message} (an
// error of Python itself, which leaves this worker unusable). Each but the
// loading news also carries the job's token, which the page checks.
// Nothing here touches the page: a run that never ends blocks this thread,
// never the reader's.

let ready = null;          // the promise of a ready Pyodide, from the first job
let interrupt = null;      // Pyodide's interrupt buffer, where the page could share one

// Bound now: code run later in Python (Pyodide's js module) may replace
// self.postMessage, never this.
const post = self.postMessage.bind(self);

async function load(runtime, id) {
  // the packages download while Pyodide starts: SymPy and mpmath compiled for
  // Pyodide's Python (a zip of what the boxes import, scripts/compile-for-pyodide.mjs;
  // the rest comes on an import that needs it, as does the part of the
  // standard library that Pyodide's python_stdlib.zip here leaves out), mechlib's wheel
  const packages = Promise.all(runtime.packages.map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) { throw new Error("could not load " + url); }
    return response.arrayBuffer();
  }));
  packages.catch(() => {});   // reported when awaited below
  const module = await import(runtime.pyodide);
  const pyodide = await module.loadPyodide({
    indexURL: runtime.pyodide.replace(/[^/]*$/, ""),
    packages: []
  });
  post({id, type: "progress", stage: "python-loaded",
        text: "Installing SymPy, mpmath and mechlib…"});
  const archives = await packages;
  runtime.packages.forEach((url, k) => pyodide.unpackArchive(
    archives[k], new URL(url).pathname.endsWith(".whl") ? "wheel" : "zip"));
  const runner = await fetch(runtime.runner);
  if (!runner.ok) { throw new Error("could not load " + runtime.runner); }
  pyodide.runPython(await runner.text());
  pyodide.globals.get("fetch_rest_on_import")(JSON.stringify(runtime.rest));
  if (interrupt) { pyodide.setInterruptBuffer(interrupt); }
  post({id, type: "progress", stage: "wheels-installed", text: ""});
  return pyodide;
}

function isInterrupt(error) {
  return error && error.type === "KeyboardInterrupt";
}

self.onmessage = async function (event) {
  const job = event.data;
  // every message about the job carries its token (answers-run.mjs)
  const reply = (message) => post({id: job.id, token: job.token, ...message});
  if (job.interrupt) { interrupt = job.interrupt; }
  let pyodide;
  try {
    ready = ready || load(job.runtime, job.id);
    pyodide = await ready;
  } catch (error) {
    ready = null;           // a later job tries again
    reply({type: "result", answer: [false, "Python could not be loaded "
          + "in this page: " + (error && error.message || error)]});
    return;
  }
  if (job.job === "load") {
    reply({type: "result", answer: [true, ""]});
    return;
  }
  try {
    if (interrupt) { interrupt[0] = 0; }
    pyodide.globals.get("set_lacks")(job.lacks);
    reply({type: "setting-up"});
    const failed = pyodide.globals.get("prepare")(job.job, job.key, job.setup);
    if (failed !== undefined && failed !== null) {
      reply({type: "result", answer: job.job === "run_live"
            ? [false, [["error", failed]]] : [false, failed]});
      return;
    }
    reply({type: "started"});
    const result = pyodide.globals.get(job.job)(job.key, job.setup, job.code);
    const answer = result.toJs({dict_converter: Object.fromEntries});
    result.destroy();
    reply({type: "result", answer});
  } catch (error) {
    if (isInterrupt(error)) {
      reply({type: "stopped"});
    } else {
      reply({type: "fatal", message: String(error && error.message || error)});
    }
  }
};

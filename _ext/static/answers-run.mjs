// The page's side of its Python (answers.js imports it on the first press of
// Check or Run, or when a reader starts on an exercise; nothing of it, or of
// Python, loads before). Python itself runs in a Web Worker
// (answers-worker.mjs), so that no run, however long, holds up the page:
//  - every run has a time limit (the page's data, runtime.limit seconds for
//    the reader's code, runtime.setupLimit for a set-up) and a Stop button;
//  - on the limit or on Stop, Python is interrupted where the page is
//    cross-origin isolated (Pyodide's interrupt buffer, a SharedArrayBuffer),
//    and its worker is ended otherwise, or when the interrupt is not heard
//    within GRACE ms; a fatal error of Python (a stack overflow, memory)
//    ends it too. A fresh worker starts at once, and the jobs that waited
//    behind the ended one run there;
//  - this module renders a live cell's outputs, which come back as data.
// Each step leaves a performance mark (mechbook-python-loaded,
// mechbook-wheels-installed, mechbook-checked), which
// benchmarks/in_page_check.py reads.

let worker = null;          // the worker running Python, started on first use
let generation = 0;         // how many workers have been started
let interrupt = null;       // the interrupt buffer shared with it, where one can be
let runtime = null;         // the page's data.runtime, its URLs made absolute
let loaded = false;         // whether the worker has loaded Python
const jobs = new Map();     // the jobs sent and not answered, by id
let nextId = 1;
// How long an interrupted run may take to stop before its worker is ended:
// Python hears the interrupt between bytecodes, within milliseconds on an
// idle machine, but a second was too short on a loaded one (starting Python
// afresh takes longer than the wait).
const GRACE = 3000;

// A job's token: the worker echoes it with every message about that job, and
// the page heeds only messages that carry it. It travels in the job's own
// message, which the reader's code (running in the worker before the job is
// taken up) cannot read, so that code cannot post a verdict for another box.
function newToken() {
  return Array.from(crypto.getRandomValues(new Uint32Array(4)),
                    function (n) { return n.toString(16); }).join("");
}

function absolute(url) { return new URL(url, document.baseURI).href; }

function ensureWorker(pageRuntime) {
  if (worker) { return; }
  runtime = runtime || {
    worker: absolute(pageRuntime.worker), pyodide: absolute(pageRuntime.pyodide),
    packages: pageRuntime.packages.map(absolute), rest: pageRuntime.rest.map(function (part) {
      return {url: absolute(part.url), tops: part.tops};
    }),
    runner: absolute(pageRuntime.runner),
    megabytes: pageRuntime.megabytes, limit: pageRuntime.limit,
    setupLimit: pageRuntime.setupLimit
  };
  generation += 1;
  worker = new Worker(runtime.worker, {type: "module"});
  interrupt = self.crossOriginIsolated && typeof SharedArrayBuffer === "function"
    ? new Uint8Array(new SharedArrayBuffer(1)) : null;
  worker.onmessage = function (event) { receive(event.data); };
  loaded = false;
  worker.onerror = function (event) {
    event.preventDefault();
    var message = event.message || "its worker did not start";
    if (!loaded) {          // no fresh worker would do better: say so, start none
      worker.terminate();
      worker = null;
      jobs.forEach(function (job) { finish(job, {kind: "unloaded", message: message}); });
      return;
    }
    var running = [...jobs.values()].find(function (job) { return job.phase !== "queued"; });
    restart(running || null, "fatal", message);
  };
  worker.postMessage({id: 0, job: "load", runtime: runtime, interrupt: interrupt});
}

// Start loading Python now (a reader has started on an exercise).
export function warm(pageRuntime) { ensureWorker(pageRuntime); }

function send(job) {
  job.phase = "queued";
  worker.postMessage({id: job.id, token: job.token, job: job.message.job,
                      key: job.message.key,
                      setup: job.message.setup, code: job.message.code,
                      lacks: job.message.lacks, runtime: runtime});
}

function arm(job, seconds) {
  clearTimeout(job.timer);
  job.timer = setTimeout(function () { halt(job, "limit"); }, seconds * 1000);
}

function finish(job, outcome) {
  clearTimeout(job.timer);
  clearTimeout(job.grace);
  jobs.delete(job.id);
  outcome.generation = generation;
  job.resolve(outcome);
}

function receive(message) {
  var job = jobs.get(message.id);
  if (message.stage) { performance.mark("mechbook-" + message.stage); }
  if (message.stage === "wheels-installed") { loaded = true; }
  if (message.type === "progress" && message.text) {
    // loading is every waiting job's news, whichever job started it
    jobs.forEach(function (waiting) {
      if (waiting.phase === "queued" && !waiting.cancelled) { waiting.say(message.text); }
    });
    return;
  }
  if (!job || message.token !== job.token) { return; }
  if (job.cancelled) {
    if (message.type === "setting-up" || message.type === "fatal") {
      restart(null, "stopped");
    } else if (message.type !== "progress") {
      jobs.delete(job.id);
    }
    return;
  }
  if (message.type === "setting-up") {
    job.phase = "set-up";
    job.say(job.box.generation === generation ? job.box.working
      : "Running the set-up, then your code…");
    arm(job, runtime.setupLimit);
  } else if (message.type === "started") {
    job.phase = "running";
    arm(job, runtime.limit);
  } else if (message.type === "result") {
    finish(job, {kind: "result", answer: message.answer});
  } else if (message.type === "stopped") {      // interrupted: the worker lives on
    finish(job, {kind: job.halting || "stopped", interrupted: true});
  } else if (message.type === "fatal") {
    restart(job, "fatal", message.message);
  }
}

// End the job's run: interrupt Python where the page can, else (or when
// the interrupt is not heard within GRACE ms) end the worker.
function halt(job, why) {
  if (!jobs.has(job.id) || job.halting) { return; }
  job.halting = why;
  if (interrupt && job.phase !== "queued") {
    interrupt[0] = 2;       // SIGINT: Python raises KeyboardInterrupt
    job.grace = setTimeout(function () { restart(job, why); }, GRACE);
  } else if (job.phase === "queued") {
    // settled now; the worker is ended if it starts the job all the same
    job.cancelled = true;
    job.resolve({kind: why, generation: generation});
  } else {
    restart(job, why);
  }
}

// End the worker, settle ``culprit`` with ``why``, and start a fresh worker
// for the jobs that waited.
function restart(culprit, why, message) {
  if (worker) { worker.terminate(); }
  worker = null;
  if (culprit && jobs.has(culprit.id)) {
    finish(culprit, {kind: why, message: message});
  }
  ensureWorker(null);
  jobs.forEach(function (job) {
    if (job.cancelled) { jobs.delete(job.id); } else { send(job); }
  });
}

// Run the box's code in the page's Python after its set-up: ``job`` is the
// runner's function (run_box or run_live), ``show`` takes its [ok, result].
// The press (answers.js) has marked the box busy; this ends it.
export async function run(box, job, show, page) {
  box.verdict.className = "mechbook-answer-verdict";
  function say(text) { box.verdict.textContent = text; }
  var runtimeData = page.data.runtime;
  try {
    if (!worker) { say("Loading Python, " + runtimeData.megabytes + " MB…"); }
    ensureWorker(runtimeData);
    var setup = box.setup.map(function (k) {
      // a live cell's set-up runs the earlier live cells as the reader left them
      var edited = job === "run_live" && page.openLive[page.data.keys[k]];
      return edited && edited.value !== edited.original ? edited.value : page.data.cells[k];
    });
    var key = box.setup.join(",") + "|" + page.cellKey(setup.join("\u0000"));
    var outcome = await new Promise(function (resolve) {
      var entry = {id: nextId++, token: newToken(), box: box, say: say,
                   resolve: resolve, message: {
        job: job, key: key, setup: setup, code: box.textarea.value,
        lacks: JSON.stringify(page.data.lacks)}};
      jobs.set(entry.id, entry);
      box.job = entry;
      send(entry);
    });
    box.job = null;
    if (outcome.kind === "result") {
      box.generation = outcome.generation;
      await show(outcome.answer);
      performance.mark("mechbook-checked");
    } else {
      box.verdict.classList.add("is-error");
      say(halted(outcome));
    }
  } catch (error) {
    box.verdict.classList.add("is-error");
    say("Python could not be loaded in this page: " + (error && error.message || error));
  } finally {
    box.job = null;
    box.busy = false;
    box.button.disabled = false;
    box.root.removeAttribute("aria-busy");
  }
}

// Stop the box's run (its Stop button).
export function stop(box) {
  if (box.job) { halt(box.job, "stopped"); }
}

// What the box says after a run that did not end by itself.
function halted(outcome) {
  var again = outcome.interrupted ? " Press the button to run again."
    : " Python was started afresh: press the button to run again.";
  if (outcome.kind === "limit") {
    return "Stopped after " + runtime.limit + " s: the code was still running (an "
      + "endless loop, or a computation too large for the page)." + again;
  }
  if (outcome.kind === "unloaded") {
    return "Python could not be loaded in this page: " + outcome.message;
  }
  if (outcome.kind === "fatal") {
    return "Python failed while running this (" + (outcome.message || "a fatal error")
      + "): the expression may be too large or too deeply nested for the page."
      + again;
  }
  return "Stopped." + again;
}

// Display math as Sphinx writes it for MathJax (sphinx.ext.mathjax): parts
// separated by blank lines aligned, a part with line breaks in a split.
function displayMath(tex) {
  var parts = tex.split("\n\n").filter(function (part) { return part.trim(); });
  var body = parts.map(function (part) {
    return part.indexOf("\\\\") >= 0 ? "\\begin{split}" + part + "\\end{split}" : part;
  }).join("\\\\");
  return parts.length > 1 ? " \\begin{align}\\begin{aligned}" + body
    + "\\end{aligned}\\end{align} " : body;
}

// A live cell's outputs, as the page renders a cell's: printed text and
// plain values in <pre>, LaTeX as display math typeset by MathJax, HTML.
export async function showOutputs(container, outputs) {
  container.replaceChildren();
  var math = [];
  outputs.forEach(function (output) {
    var kind = output[0], text = output[1];
    var div = document.createElement("div");
    if (kind === "latex") {
      div.className = "output text_latex math notranslate nohighlight";
      div.textContent = "\\[" + displayMath(text.trim().replace(/^\$+|\$+$/g, "")) + "\\]";
      math.push(div);
    } else if (kind === "html") {
      div.className = "output text_html";
      div.innerHTML = text;
    } else {
      div.className = "output " + (kind === "stream" ? "stream" : kind === "error"
        ? "error" : "text_plain") + " highlight-myst-ansi notranslate";
      var pre = document.createElement("pre");
      pre.textContent = text.replace(/\n$/, "");
      var highlight = document.createElement("div");
      highlight.className = "highlight";
      highlight.append(pre);
      div.append(highlight);
    }
    container.append(div);
  });
  if (math.length && window.MathJax && MathJax.typesetPromise) {
    await MathJax.typesetPromise(math);
  }
}


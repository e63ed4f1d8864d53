// Answer boxes: each answer cell of a chapter (a cell tagged `answer` that ends
// with ml.check("<name>", <variable>)) becomes an editable code box with a
// "Check" button (_ext/mechbook_answers.py writes the page's data). The first
// press loads Pyodide and the SymPy, mpmath and mechlib wheels from this site,
// then every press runs the exercise's set-up (once) and the box's code
// (answers_runner.py) and says what ml.check says, in a live region.
// Nothing of Python loads before a press. Each step leaves a performance mark
// (mechbook-python-loaded, mechbook-wheels-installed, mechbook-checked), which
// benchmarks/in_page_check.py reads.
(function () {
  "use strict";
  var node = document.getElementById("mechbook-answers-data");
  if (!node) { return; }
  var data = JSON.parse(node.textContent);
  var runtime = data.runtime;
  var python = null;          // the promise of a ready Pyodide, from the first press

  function checkName(code) {
    var found = /ml\.check\("([^"]+)"/.exec(code);
    return found ? found[1] : null;
  }

  function absolute(url) { return new URL(url, document.baseURI).href; }

  function loadPython(say) {
    if (python) { return python; }
    python = (async function () {
      say("Loading Python, " + runtime.megabytes + " MB…");
      // the wheels download while Pyodide starts
      var wheels = Promise.all(runtime.wheels.map(async function (url) {
        var response = await fetch(absolute(url));
        if (!response.ok) { throw new Error("could not load " + url); }
        return response.arrayBuffer();
      }));
      wheels.catch(function () {});   // reported when awaited below
      var module = await import(absolute(runtime.pyodide));
      var pyodide = await module.loadPyodide({
        indexURL: absolute(runtime.pyodide).replace(/[^/]*$/, ""),
        packages: []
      });
      performance.mark("mechbook-python-loaded");
      say("Installing SymPy, mpmath and mechlib…");
      await nextPaint();
      (await wheels).forEach(function (wheel) { pyodide.unpackArchive(wheel, "wheel"); });
      var runner = await fetch(absolute(runtime.runner));
      pyodide.runPython(await runner.text());
      performance.mark("mechbook-wheels-installed");
      return pyodide;
    })();
    python.catch(function () { python = null; });   // a later press tries again
    return python;
  }

  function nextPaint() {
    return new Promise(function (resolve) {
      requestAnimationFrame(function () { setTimeout(resolve, 0); });
    });
  }

  async function check(box) {
    if (box.busy) { return; }
    box.busy = true;
    box.button.disabled = true;
    box.root.setAttribute("aria-busy", "true");
    box.verdict.className = "mechbook-answer-verdict";
    function say(text) { box.verdict.textContent = text; }
    try {
      var pyodide = await loadPython(say);
      say(box.ready ? "Checking…" : "Running the exercise's set-up, then checking…");
      await nextPaint();
      var setup = box.check.setup.map(function (k) { return data.cells[k]; });
      var result = pyodide.globals.get("run_box")(box.check.setup.join(","), setup,
                                                  box.textarea.value);
      var answer = result.toJs();
      result.destroy();
      performance.mark("mechbook-checked");
      box.ready = true;
      box.verdict.classList.add(answer[0] ? "is-correct" : "is-not-yet");
      say(answer[1]);
    } catch (error) {
      box.verdict.classList.add("is-not-yet");
      say("Python could not be loaded in this page: " + (error && error.message || error));
    } finally {
      box.busy = false;
      box.button.disabled = false;
      box.root.removeAttribute("aria-busy");
    }
  }

  function makeBox(cell, name, entry, code) {
    var id = "answer-" + name;
    var root = document.createElement("div");
    root.className = "mechbook-answer";
    var label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = "Your answer to " + name + " (Python; Ctrl+Enter checks it)";
    var textarea = document.createElement("textarea");
    textarea.id = id;
    textarea.value = code;
    textarea.rows = Math.max(3, code.split("\n").length + 1);
    textarea.spellcheck = false;
    textarea.setAttribute("autocapitalize", "off");
    textarea.setAttribute("autocomplete", "off");
    textarea.setAttribute("wrap", "off");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Check";
    var verdict = document.createElement("p");
    verdict.className = "mechbook-answer-verdict";
    verdict.setAttribute("role", "status");
    verdict.setAttribute("aria-live", "polite");
    root.append(label, textarea, button, verdict);
    var box = {root: root, textarea: textarea, button: button, verdict: verdict,
               check: entry, busy: false, ready: false};
    button.addEventListener("click", function () { check(box); });
    textarea.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        check(box);
      }
    });
    var input = cell.querySelector(".cell_input");
    var output = cell.querySelector(".cell_output");
    input.hidden = true;
    if (output) { output.hidden = true; }
    cell.insertBefore(root, input);
  }

  function markNotCheckable(cell, entry) {
    var note = document.createElement("p");
    note.className = "mechbook-answer-note";
    note.textContent = "Not yet checkable in the page: this exercise's set-up needs "
      + entry.missing.join(", ") + ", which the page's Python does not have. "
      + "Download the notebook or launch it to check your answer.";
    cell.appendChild(note);
  }

  document.querySelectorAll("div.cell.tag_answer").forEach(function (cell) {
    var pre = cell.querySelector(".cell_input pre");
    if (!pre) { return; }
    var code = pre.textContent.replace(/\n$/, "");
    var name = checkName(code);
    var entry = name && data.checks[name];
    if (!entry) { return; }
    if (entry.missing.length) { markNotCheckable(cell, entry); } else {
      makeBox(cell, name, entry, code);
    }
  });
})();

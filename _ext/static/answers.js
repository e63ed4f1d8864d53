// Answer boxes: each answer cell of a chapter (a cell tagged `answer` that ends
// with ml.check("<name>", <variable>)) becomes an editable code box with a
// "Check" button (_ext/mechbook_answers.py writes the page's data). The first
// press loads Pyodide and the SymPy, mpmath and mechlib wheels from this site,
// then every press runs the exercise's set-up (once) and the box's code
// (answers_runner.py) and says what ml.check says, in a live region.
// Nothing of Python loads before a press. What a reader types is kept in the
// browser's local storage (per page and box) and comes back after a reload;
// "Restore the original" puts the cell's own code back. Each step leaves a performance mark
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

  // The exercise a cell answers: the last exercise before it in the page.
  function exerciseOf(cell) {
    var found = null;
    document.querySelectorAll("div.exercise").forEach(function (exercise) {
      if (exercise.compareDocumentPosition(cell) & Node.DOCUMENT_POSITION_FOLLOWING) {
        found = exercise;
      }
    });
    var number = found && found.querySelector(".admonition-title .caption-number");
    return number ? number.textContent.trim() : null;
  }

  // Local storage, where the browser allows it (not in every private window).
  var kept = {
    key: function (name) { return "mechbook-answer:" + location.pathname + ":" + name; },
    get: function (name) {
      try { return localStorage.getItem(kept.key(name)); } catch (error) { return null; }
    },
    set: function (name, text) {
      try { localStorage.setItem(kept.key(name), text); } catch (error) { /* not kept */ }
    },
    forget: function (name) {
      try { localStorage.removeItem(kept.key(name)); } catch (error) { /* nothing kept */ }
    }
  };

  function makeBox(cell, name, entry, code, title) {
    var id = "answer-" + name;
    var root = document.createElement("div");
    root.className = "mechbook-answer";
    var label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = "Your answer" + (title ? " to " + title : "") + " ("
      + name + "), in Python; Ctrl+Enter checks it";
    var textarea = document.createElement("textarea");
    textarea.id = id;
    var mine = kept.get(name);
    textarea.value = mine !== null ? mine : code;
    textarea.rows = Math.max(3, textarea.value.split("\n").length + 1);
    textarea.spellcheck = false;
    textarea.setAttribute("autocapitalize", "off");
    textarea.setAttribute("autocomplete", "off");
    textarea.setAttribute("wrap", "off");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Check";
    var restore = document.createElement("button");
    restore.type = "button";
    restore.className = "mechbook-answer-restore";
    restore.textContent = "Restore the original";
    restore.hidden = textarea.value === code;
    var verdict = document.createElement("p");
    verdict.className = "mechbook-answer-verdict";
    verdict.setAttribute("role", "status");
    verdict.setAttribute("aria-live", "polite");
    var buttons = document.createElement("div");
    buttons.className = "mechbook-answer-buttons";
    buttons.append(button, restore);
    root.append(label, textarea, buttons, verdict);
    var box = {root: root, textarea: textarea, button: button, verdict: verdict,
               check: entry, busy: false, ready: false};
    button.addEventListener("click", function () { check(box); });
    textarea.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        check(box);
      }
    });
    textarea.addEventListener("input", function () {
      if (textarea.value === code) { kept.forget(name); } else { kept.set(name, textarea.value); }
      restore.hidden = textarea.value === code;
    });
    restore.addEventListener("click", function () {
      textarea.value = code;
      kept.forget(name);
      restore.hidden = true;
      verdict.className = "mechbook-answer-verdict";
      verdict.textContent = "The original code is back.";
      textarea.focus();
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
      makeBox(cell, name, entry, code, exerciseOf(cell));
    }
  });
})();

// Answer boxes and live cells (_ext/mechbook_answers.py writes the page's data).
//  - Each answer cell of a chapter (a cell tagged `answer` that ends with
//    ml.check("<name>", <variable>)) becomes an editable code box with a
//    "Check" button, which says what ml.check says.
//  - Each live cell (code that the page's Python can run) gets an "Edit and
//    run" button, which makes it an editable box with a "Run" button; its
//    outputs replace the page's, rendered as the page renders them (LaTeX
//    through the site's MathJax, printed text as text).
// The first press of Check or Run, or the first focus of a box, imports
// answers-run.mjs, which starts the page's Python in a Web Worker
// (answers-worker.mjs: Pyodide and the SymPy, mpmath and mechlib wheels from
// this site); every press runs the cell's set-up (once) and the box's code
// (answers_runner.py) there, under a time limit, with a Stop button, and the
// verdict is said in a live region. Nothing of it loads before.
// What a reader types is kept in the browser's local storage (per page and
// box) and comes back after a reload; "Restore the original" puts the cell's
// own code back.
(function () {
  "use strict";
  var node = document.getElementById("mechbook-answers-data");
  if (!node) { return; }
  var data = JSON.parse(node.textContent);
  var openLive = {};          // the text areas of the opened live cells, by cell key
  var RUN = new URL("answers-run.mjs", document.currentScript.src).href;
  var running = null;         // the promise of answers-run.mjs, from the first press

  // Run the box's code with answers-run.mjs's `run`; then `show(module, result)`.
  // The box is busy from the press on (answers-run.mjs's `run` ends it), so
  // that a reader (and a screen reader) sees at once that the press was taken.
  function press(box, job, show) {
    if (box.busy) { return; }
    box.busy = true;
    box.button.disabled = true;
    box.stop.hidden = false;
    box.root.setAttribute("aria-busy", "true");
    loadModule().then(function (module) {
      return module.run(box, job, function (answer) { return show(module, answer); },
                        {data: data, openLive: openLive, cellKey: cellKey});
    }, function (error) {
      box.busy = false;
      box.button.disabled = false;
      box.root.removeAttribute("aria-busy");
      box.verdict.className = "mechbook-answer-verdict is-error";
      box.verdict.textContent = "Python could not be loaded in this page: " + error.message;
    }).then(function () {
      box.stop.hidden = true;
      // the button was disabled while it ran: the reader's place is the box
      if (document.activeElement === document.body || document.activeElement === box.button
          || document.activeElement === box.stop) {
        box.textarea.focus();
      }
    });
  }

  function loadModule() {
    running = running || import(RUN);
    running.catch(function () { running = null; });   // a later press tries again
    return running;
  }

  // A reader who starts on a box will press Check: Python starts loading now.
  function warm() {
    loadModule().then(function (module) { module.warm(data.runtime); }, function () {});
  }

  function checkName(code) {
    var found = /ml\.check\("([^"]+)"/.exec(code);
    return found ? found[1] : null;
  }

  // The key of a cell by its code: FNV-1a over its UTF-16 code units
  // (mechbook_answers.cell_key computes the same from the chapter).
  function cellKey(code) {
    code = code.replace(/\s+$/, "");
    var key = 0x811c9dc5;
    for (var k = 0; k < code.length; k++) {
      key = Math.imul(key ^ code.charCodeAt(k), 0x01000193) >>> 0;
    }
    return ("0000000" + key.toString(16)).slice(-8);
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

  // An editable box in place of a cell's input: a labelled text area, the
  // action button (Check or Run), "Restore the original" and a live region.
  // `options`: id, label, code, stored (its local-storage name), action,
  // working (what the region says while it runs), setup, onPress, onRestore.
  function makeEditor(cell, options) {
    var root = document.createElement("div");
    root.className = "mechbook-answer";
    var label = document.createElement("label");
    label.htmlFor = options.id;
    label.textContent = options.label;
    if (options.keys) {         // a hint for the screen, not for paper (print.css)
      var keys = document.createElement("span");
      keys.className = "mechbook-answer-keys";
      keys.textContent = options.keys;
      label.append(keys);
    }
    var textarea = document.createElement("textarea");
    textarea.id = options.id;
    var mine = kept.get(options.stored);
    textarea.value = mine !== null ? mine : options.code;
    textarea.rows = Math.max(3, textarea.value.split("\n").length + 1);
    textarea.spellcheck = false;
    textarea.setAttribute("autocapitalize", "off");
    textarea.setAttribute("autocomplete", "off");
    textarea.setAttribute("wrap", "off");
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = options.action;
    var stop = document.createElement("button");
    stop.type = "button";
    stop.className = "mechbook-answer-stop";
    stop.textContent = "Stop";
    stop.hidden = true;
    var help = document.createElement("p");
    help.className = "mechbook-answer-help";
    help.id = options.id + "-help";
    help.textContent = "Runs in Python in this page, for at most "
      + data.runtime.limit + " s (Stop ends it sooner). Tab indents; Esc then Tab "
      + "leaves the box.";
    textarea.setAttribute("aria-describedby", help.id);
    var restore = document.createElement("button");
    restore.type = "button";
    restore.className = "mechbook-answer-restore";
    restore.textContent = "Restore the original";
    restore.hidden = textarea.value === options.code;
    var verdict = document.createElement("p");
    verdict.className = "mechbook-answer-verdict";
    verdict.setAttribute("role", "status");
    verdict.setAttribute("aria-live", "polite");
    var buttons = document.createElement("div");
    buttons.className = "mechbook-answer-buttons";
    buttons.append(button, stop, restore);
    root.append(label, textarea, buttons, help, verdict);
    var box = {root: root, textarea: textarea, button: button, stop: stop, verdict: verdict,
               restore: restore,
               setup: options.setup, working: options.working, busy: false};
    button.addEventListener("click", function () { options.onPress(box); });
    stop.addEventListener("click", function () {
      if (running) { running.then(function (module) { module.stop(box); }); }
    });
    textarea.addEventListener("focus", warm, {once: true});
    var escaped = false;      // Esc was pressed: the next Tab leaves the box
    textarea.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        options.onPress(box);
      } else if (event.key === "Tab" && !escaped && !event.ctrlKey && !event.altKey
                 && !event.metaKey) {
        event.preventDefault();
        indent(textarea, event.shiftKey);
      }
      escaped = event.key === "Escape";
    });
    textarea.addEventListener("input", function () {
      if (textarea.value === options.code) {
        kept.forget(options.stored);
      } else {
        kept.set(options.stored, textarea.value);
      }
      restore.hidden = textarea.value === options.code;
      if (options.onEdit) { options.onEdit(box); }
    });
    restore.addEventListener("click", function () {
      textarea.value = options.code;
      kept.forget(options.stored);
      restore.hidden = true;
      verdict.className = "mechbook-answer-verdict";
      verdict.textContent = "The original code is back.";
      if (options.onRestore) { options.onRestore(box); }
      if (options.onEdit) { options.onEdit(box); }
      textarea.focus();
    });
    var input = cell.querySelector(".cell_input");
    input.hidden = true;
    input.before(root);     // inside a folded cell's <details> too (hide-input)
    return box;
  }

  // Tab in a box: four spaces at the cursor, or the selected lines indented;
  // with Shift, the current or selected lines dedented. The change goes
  // through the editing commands, so that undo takes it back.
  function indent(textarea, back) {
    var value = textarea.value, start = textarea.selectionStart, end = textarea.selectionEnd;
    var first = value.lastIndexOf("\n", start - 1) + 1;
    if (!back && start === end) {
      document.execCommand("insertText", false, "    ");
      return;
    }
    var lines = value.slice(first, end).split("\n");
    var changed = lines.map(function (line) {
      return back ? line.replace(/^ {1,4}/, "") : "    " + line;
    }).join("\n");
    textarea.setSelectionRange(first, end);
    document.execCommand("insertText", false, changed);
    textarea.setSelectionRange(first, first + changed.length);
  }

  // What each box said when last checked, with the code it checked: shown
  // again after a reload while the box holds that code (nothing leaves the
  // browser).
  var verdicts = {
    key: function (name) { return "mechbook-verdict:" + location.pathname + ":" + name; },
    get: function (name) {
      try { return JSON.parse(localStorage.getItem(verdicts.key(name))); } catch (error) {
        return null;
      }
    },
    // At most a few kB per box: the verdict's first 2,000 characters, and
    // none at all for code longer than that (its verdict is not shown again).
    set: function (name, value) {
      var text = value.text.length > 2000 ? value.text.slice(0, 2000) + " …" : value.text;
      if (value.code.length > 4000) { verdicts.forget(name); return; }
      try {
        localStorage.setItem(verdicts.key(name), JSON.stringify(
          {code: value.code, correct: value.correct, text: text}));
      } catch (error) { /* not kept */ }
    },
    forget: function (name) {
      try { localStorage.removeItem(verdicts.key(name)); } catch (error) { /* none kept */ }
    }
  };
  var answerBoxes = [];       // {name, box, code}, in page order
  var progress = null;        // the "n of m correct" line and its Clear button

  function showVerdict(box, correct, text) {
    box.verdict.classList.remove("is-correct", "is-not-yet", "is-error");
    box.verdict.classList.add(correct ? "is-correct"
      : /^(Not yet|No answer yet)/.test(text) ? "is-not-yet" : "is-error");
    box.verdict.textContent = text;
  }

  function isCorrect(item) {
    var last = verdicts.get(item.name);
    return !!(last && last.correct && last.code === item.box.textarea.value);
  }

  // "n of m checks correct" near the exercises; the chapter's count is kept
  // for the table of contents (mechbook.js marks a chapter all correct).
  function updateProgress() {
    if (!progress) { return; }
    var correct = answerBoxes.filter(isCorrect).length;
    progress.count.textContent = correct + " of " + answerBoxes.length
      + " checks correct in this chapter (kept in this browser only)";
    progress.root.classList.toggle("is-complete", correct === answerBoxes.length);
    try {
      localStorage.setItem("mechbook-progress:" + location.pathname,
                           JSON.stringify({correct: correct, total: answerBoxes.length}));
    } catch (error) { /* not kept */ }
    document.dispatchEvent(new Event("mechbook-progress"));   // the contents' mark
  }

  function makeProgress() {
    var first = answerBoxes.length && answerBoxes[0].box.root.closest("section");
    var exercise = document.querySelector("div.exercise");
    var root = document.createElement("div");
    root.className = "mechbook-progress";
    var count = document.createElement("p");
    count.setAttribute("role", "status");
    var clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "Clear my answers";
    clear.addEventListener("click", function () {
      if (!window.confirm("Clear every answer of this chapter (typed in a box or chosen "
                          + "in a quick check), and its verdict?")) {
        return;
      }
      // quick-checks.js clears the quick checks' choices
      document.dispatchEvent(new Event("mechbook-clear-answers"));
      answerBoxes.forEach(function (item) {
        verdicts.forget(item.name);
        kept.forget(item.name);
        item.box.textarea.value = item.code;
        item.box.restore.hidden = true;
        item.box.verdict.className = "mechbook-answer-verdict";
        item.box.verdict.textContent = "";
      });
      updateProgress();
    });
    root.append(count, clear);
    var anchor = exercise || first;
    if (!anchor) { return null; }
    anchor.parentNode.insertBefore(root, anchor);
    return {root: root, count: count};
  }

  function makeAnswerBox(cell, name, entry, code, title) {
    var output = cell.querySelector(".cell_output");
    if (output) { output.hidden = true; }
    var box = makeEditor(cell, {
      id: "answer-" + name, code: code, stored: name, action: "Check",
      working: "Checking…", setup: entry.setup,
      label: "Your answer" + (title ? " to " + title : "") + " (" + name
        + "), in Python", keys: "; Ctrl+Enter checks it",
      onPress: function (box) {
        press(box, "run_box", function (module, answer) {
          showVerdict(box, answer[0], answer[1]);
          verdicts.set(name, {code: box.textarea.value, correct: !!answer[0],
                              text: answer[1]});
          updateProgress();
        });
      },
      onEdit: updateProgress
    });
    var item = {name: name, box: box, code: code};
    answerBoxes.push(item);
    var last = verdicts.get(name);
    if (last && last.code === box.textarea.value) {
      showVerdict(box, last.correct, last.text);
    }
  }

  function makeLive(cell, entry, code, number) {
    var open = document.createElement("button");
    open.type = "button";
    open.className = "mechbook-live-open";
    open.textContent = "Edit and run";
    open.setAttribute("aria-label", "Edit and run this code cell");
    var input = cell.querySelector(".cell_input");
    input.after(open);
    function openEditor() {
      open.remove();
      var original = cell.querySelector(".cell_output");
      var live = document.createElement("div");
      live.className = "cell_output docutils container mechbook-live-output";
      live.hidden = true;
      cell.append(live);
      var box = makeEditor(cell, {
        id: "live-" + number, code: code, stored: "live-" + entry[0], action: "Run",
        working: "Running…", setup: entry[1],
        label: "This cell's code, in Python; edit it and press Run or Ctrl+Enter",
        onPress: function (box) {
          press(box, "run_live", async function (module, answer) {
            await module.showOutputs(live, answer[1]);
            live.hidden = false;
            if (original) { original.hidden = true; }
            box.verdict.classList.add(answer[0] ? "is-ran" : "is-error");
            box.verdict.textContent = answer[0]
              ? "Ran; " + (answer[1].length ? "its output is below." : "it shows no output.")
              : answer[1][answer[1].length - 1][1];
          });
        },
        onRestore: function () {
          live.hidden = true;
          live.replaceChildren();
          if (original) { original.hidden = false; }
        }
      });
      box.textarea.original = code;
      openLive[entry[0]] = box.textarea;
      return box;
    }
    open.addEventListener("click", function () { openEditor().textarea.focus(); });
    // a reader's edit kept from an earlier visit is shown, not hidden behind the button
    if (kept.get("live-" + entry[0]) !== null) { openEditor(); }
  }

  var live = {};
  (data.live || []).forEach(function (entry) { live[entry[0]] = entry; });
  var number = 0;
  document.querySelectorAll("div.cell").forEach(function (cell) {
    var pre = cell.querySelector(".cell_input pre");
    if (!pre) { return; }
    var code = pre.textContent.replace(/\n$/, "");
    if (cell.classList.contains("tag_answer")) {
      var name = checkName(code);
      var entry = name && data.checks[name];
      if (!entry) { return; }
      makeAnswerBox(cell, name, entry, code, exerciseOf(cell));
    } else if (live[cellKey(code)]) {
      number += 1;
      makeLive(cell, live[cellKey(code)], code, number);
    }
  });
  if (answerBoxes.length) {
    progress = makeProgress();
    updateProgress();
  }
})();

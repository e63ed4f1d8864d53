// The part of the answer boxes and live cells that runs Python
// (answers.js imports it on the first press of Check or Run; nothing of it, or
// of Python, loads before): Pyodide and the SymPy, mpmath and mechlib wheels
// from this site, the runner (answers_runner.py), and the rendering of a live
// cell's outputs. Each step leaves a performance mark (mechbook-python-loaded,
// mechbook-wheels-installed, mechbook-checked), which
// benchmarks/in_page_check.py reads.

let python = null;          // the promise of a ready Pyodide, from the first press

function absolute(url) { return new URL(url, document.baseURI).href; }

function loadPython(runtime, say) {
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

// Run the box's code in Pyodide after its set-up: `job` is the runner's
// function (run_box or run_live), `show` takes its [ok, result]. The press
// (answers.js) has marked the box busy; this ends it.
export async function run(box, job, show, page) {
  box.verdict.className = "mechbook-answer-verdict";
  function say(text) { box.verdict.textContent = text; }
  try {
    var pyodide = await loadPython(page.data.runtime, say);
    // what the chapter has and the page's Python has not, for the errors' words
    pyodide.globals.get("set_lacks")(JSON.stringify(page.data.lacks));
    say(box.ready ? box.working : "Running the set-up, then your code…");
    await nextPaint();
    var setup = box.setup.map(function (k) {
      // a live cell's set-up runs the earlier live cells as the reader left them
      var edited = job === "run_live" && page.openLive[page.data.keys[k]];
      return edited && edited.value !== edited.original ? edited.value : page.data.cells[k];
    });
    var key = box.setup.join(",") + "|" + page.cellKey(setup.join("\u0000"));
    var result = pyodide.globals.get(job)(key, setup, box.textarea.value);
    var answer = result.toJs({dict_converter: Object.fromEntries});
    result.destroy();
    box.ready = true;
    await show(answer);
    performance.mark("mechbook-checked");
  } catch (error) {
    box.verdict.classList.add("is-not-yet");
    say("Python could not be loaded in this page: " + (error && error.message || error));
  } finally {
    box.busy = false;
    box.button.disabled = false;
    box.root.removeAttribute("aria-busy");
  }
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


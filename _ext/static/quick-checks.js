// Quick checks (_ext/mechbook_quick_checks.py): each question's choices become a
// group of radio buttons. Choosing one says at once whether it is right
// (announced to screen readers), shows every choice's explanation beside it,
// and is kept in this browser (localStorage, as the answer boxes keep their
// answers; nothing is sent anywhere). The answer boxes' "Clear my answers"
// (answers.js) clears these too, with the event "mechbook-clear-answers".
// Without this script the page shows the question and a "Show the answer".
(function () {
  "use strict";

  function key(label) { return "mechbook-quick-check:" + location.pathname + ":" + label; }
  function load(label) {
    try { return localStorage.getItem(key(label)); } catch (error) { return null; }
  }
  function keep(label, value) {
    try { localStorage.setItem(key(label), value); } catch (error) { /* not kept */ }
  }
  function forget(label) {
    try { localStorage.removeItem(key(label)); } catch (error) { /* none kept */ }
  }

  function enhance(root) {
    var label = root.id;
    var list = root.querySelector("ol.mechbook-qc-choices");
    var answer = root.querySelector("details.mechbook-qc-answer");
    if (!list || !answer) { return null; }
    var whys = answer.querySelectorAll("li.mechbook-qc-why");
    var question = root.querySelector(".mechbook-qc-question");
    question.id = label + "-question";
    list.setAttribute("role", "radiogroup");
    list.setAttribute("aria-labelledby", question.id);
    var verdict = document.createElement("p");
    verdict.className = "mechbook-qc-verdict";
    verdict.setAttribute("role", "status");
    var items = Array.prototype.slice.call(list.children);
    var inputs = items.map(function (item, k) {
      var input = document.createElement("input");
      input.type = "radio";
      input.name = label;
      input.value = String.fromCharCode(97 + k);
      input.id = label + "-" + input.value;
      var text = document.createElement("label");
      text.htmlFor = input.id;
      while (item.firstChild) { text.appendChild(item.firstChild); }
      var why = document.createElement("div");
      why.className = "mechbook-qc-explanation";
      why.hidden = true;
      while (whys[k].firstChild) { why.appendChild(whys[k].firstChild); }
      item.append(input, text, why);
      item.setAttribute("role", "none");   // the list is a radio group now
      item.dataset.right = whys[k].classList.contains("is-right") ? "yes" : "no";
      input.addEventListener("change", function () { choose(k, true); });
      return input;
    });
    answer.hidden = true;           // the explanations now stand beside the choices
    list.after(verdict);

    function choose(k, announce) {
      var right = items[k].dataset.right === "yes";
      items.forEach(function (item, j) {
        item.classList.toggle("is-chosen", j === k);
        item.classList.toggle("is-right", item.dataset.right === "yes");
        item.querySelector(".mechbook-qc-explanation").hidden = false;
      });
      inputs[k].checked = true;
      root.classList.add("is-answered");
      verdict.className = "mechbook-qc-verdict " + (right ? "is-correct" : "is-not-yet");
      var text = right ? "Right: (" + inputs[k].value + ")."
        : "Not quite: (" + inputs[k].value + ") is not it. The right answer is marked.";
      if (announce) {
        keep(label, inputs[k].value);
        verdict.textContent = text;
      } else {
        // a kept answer: shown, not announced as if just chosen
        verdict.textContent = text.replace(/^(Right|Not quite):/, "Your answer, kept: $1:");
      }
    }

    function clear() {
      forget(label);
      inputs.forEach(function (input) { input.checked = false; });
      items.forEach(function (item) {
        item.classList.remove("is-chosen", "is-right");
        item.querySelector(".mechbook-qc-explanation").hidden = true;
      });
      root.classList.remove("is-answered");
      verdict.className = "mechbook-qc-verdict";
      verdict.textContent = "";
    }

    var kept = load(label);
    var index = kept ? kept.charCodeAt(0) - 97 : -1;
    if (index >= 0 && index < items.length) { choose(index, false); }
    return clear;
  }

  function start() {
    var clears = Array.prototype.slice.call(document.querySelectorAll("div.mechbook-qc"))
      .map(enhance).filter(Boolean);
    document.addEventListener("mechbook-clear-answers", function () {
      clears.forEach(function (clear) { clear(); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

/* Keyboard access to what scrolls, and accessible names that match what a
 * sighted reader sees.
 *
 * A display formula or output that MathJax could not break to fit the column
 * (a matrix on a phone) scrolls in its own box (mechbook.css); inline math
 * breaks with the text and never scrolls. A box that scrolls gets
 * tabindex="0", so that a keyboard
 * user can reach it and scroll it with the arrow keys (WCAG 2.1.1), and loses
 * it when it fits again (a wider window).
 *
 * Accessible names that match what a sighted reader sees (WCAG 2.5.3).
 *
 * The theme labels some controls with an aria-label that differs from their
 * visible text ("Search" on a button showing "Search Ctrl+K"; "Toggle hidden
 * content" on a dropdown titled "Solution to Exercise 1.1"), so a speech-input
 * user saying the visible words cannot reach them. Where a control shows text,
 * its name becomes that text (the tooltip title stays).
 */
(() => {
  "use strict";
  function nameFromVisibleText() {
    const controls = document.querySelectorAll(
      "button[aria-label], summary[aria-label], a[aria-label]");
    for (const control of controls) {
      const visible = control.innerText.replace(/\s+/g, " ").trim();
      const label = control.getAttribute("aria-label");
      if (visible && !label.toLowerCase().includes(visible.toLowerCase())) {
        control.removeAttribute("aria-label");
      }
    }
  }
  // Icons inside a labelled control are decoration: the control's label names
  // it. Font Awesome turns each <i title="Light"> into an <svg role="img">
  // with a <title>, which would read as the control's visible text.
  function hideIconsInLabelledControls(root) {
    for (const icon of root.querySelectorAll("[aria-label] svg.svg-inline--fa")) {
      icon.setAttribute("aria-hidden", "true");
      icon.removeAttribute("role");
      icon.removeAttribute("aria-labelledby");
      icon.querySelectorAll("title").forEach((title) => title.remove());
    }
  }
  const SCROLLING = 'div.math > mjx-container[display="true"], '
    + ".cell_output .output.text_latex, .cell_output .output.text_html";
  function focusableWhereScrolling() {
    for (const box of document.querySelectorAll(SCROLLING)) {
      if (box.scrollWidth > box.clientWidth + 1) {
        if (!box.hasAttribute("tabindex")) { box.setAttribute("tabindex", "0"); }
      } else if (box.getAttribute("tabindex") === "0") {
        box.removeAttribute("tabindex");
      }
    }
  }
  // MathJax 4 breaks a display formula for the width of its column when it
  // typesets the page (output.displayOverflow in _config.yml). A formula in a
  // closed solution was measured while hidden, and a phone turned sideways
  // changes every column: when a solution opens, or the window's width
  // changes, each formula shown there whose column is not the width it was
  // broken for is broken again (no new typesetting of its TeX). Not for
  // print: the handouts scale what is too wide for the paper instead
  // (bookkit/handouts.py), and a width that changes under them would undo it.
  function refit(root) {
    const mathjax = window.MathJax;
    const doc = mathjax && mathjax.startup && mathjax.startup.document;
    if (!doc || !doc.outputJax || !doc.outputJax.getMetricsFor) { return; }
    const again = () => {
      for (const item of Array.from(doc.math)) {
        const node = item.typesetRoot;
        if (!item.display || !node || !node.isConnected || !root.contains(node)) { continue; }
        const column = node.parentNode;
        if (!column.getClientRects().length) { continue; }   // still hidden
        const metrics = doc.outputJax.getMetricsFor(column, true);
        if (Math.abs(metrics.containerWidth - item.metrics.containerWidth) < 1) { continue; }
        item.setMetrics(metrics.em, metrics.ex, metrics.containerWidth, metrics.scale);
        item.rerender(doc);
      }
    };
    const retrying = mathjax._ && mathjax._.mathjax && mathjax._.mathjax.mathjax.handleRetriesFor;
    mathjax.startup.promise = mathjax.startup.promise
      .then(() => (retrying ? retrying(again) : again()))
      .catch((error) => console.warn("MathJax could not break a formula again", error));
  }
  function refitWhatOpens(records) {
    for (const record of records) {
      const shown = record.attributeName === "open" ? record.target.open
        : (record.oldValue || "").includes("toggle-hidden")
          && !record.target.classList.contains("toggle-hidden");
      if (shown) { refit(record.target); soon(); }
    }
  }
  let width = window.innerWidth;
  let resized = null;
  function refitWhenResized() {
    clearTimeout(resized);
    resized = setTimeout(() => {
      if (window.innerWidth === width || window.matchMedia("print").matches) { return; }
      width = window.innerWidth;
      refit(document.body);
    }, 250);
  }
  let pending = false;
  function soon() {     // once per frame, however many changes come in it
    if (pending) { return; }
    pending = true;
    requestAnimationFrame(() => { pending = false; focusableWhereScrolling(); });
  }
  // The table of contents marks a chapter whose checks a reader has all got
  // right in this browser (answers.js keeps each chapter's count, and says
  // when it changes; another tab's change comes as a storage event).
  function markChaptersDone() {
    for (const link of document.querySelectorAll(".bd-sidebar-primary nav a.reference.internal")) {
      let done = null;
      try {
        done = JSON.parse(localStorage.getItem(
          "mechbook-progress:" + new URL(link.href, location.href).pathname));
      } catch (error) { return; }   // no storage here: nothing was kept
      const marked = link.querySelector(".mechbook-toc-done");
      const complete = done && done.total > 0 && done.correct === done.total;
      if (marked && !complete) { marked.remove(); }
      if (complete && !marked) {
        const mark = document.createElement("span");
        mark.className = "mechbook-toc-done";
        mark.textContent = " \u2714\uFE0E";
        const words = document.createElement("span");
        words.className = "visually-hidden";
        words.textContent = " (all checks correct)";
        mark.append(words);
        link.append(mark);
      }
    }
  }
  function start() {
    markChaptersDone();
    window.addEventListener("storage", markChaptersDone);
    document.addEventListener("mechbook-progress", markChaptersDone);
    nameFromVisibleText();
    hideIconsInLabelledControls(document);
    // (not for what an answer box says while it runs: a status line is no
    // formula, and measuring every formula of the page at each word of it
    // held a loaded phone's main thread for over half a second)
    const STATUS = ".mechbook-answer-verdict, .mechbook-progress";
    new MutationObserver((records) => {
      if (records.every((record) => record.target.closest
                         && record.target.closest(STATUS))) { return; }
      hideIconsInLabelledControls(document);
      soon();
    }).observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", soon);
    new MutationObserver(refitWhatOpens).observe(document.body, {
      attributes: true, attributeFilter: ["class", "open"], attributeOldValue: true,
      subtree: true });
    window.addEventListener("resize", refitWhenResized);
    if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
      MathJax.startup.promise.then(soon);
    }
    soon();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

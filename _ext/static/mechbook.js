/* Keyboard access to what scrolls, and accessible names that match what a
 * sighted reader sees.
 *
 * A formula or output wider than the column (on a phone) scrolls in its own
 * box (mechbook.css); a box that scrolls gets tabindex="0", so that a keyboard
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
  const SCROLLING = 'div.math > mjx-container[display="true"], span.math, '
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
  let pending = false;
  function soon() {     // once per frame, however many changes come in it
    if (pending) { return; }
    pending = true;
    requestAnimationFrame(() => { pending = false; focusableWhereScrolling(); });
  }
  // The table of contents marks a chapter whose checks a reader has all got
  // right in this browser (answers.js keeps each chapter's count).
  function markChaptersDone() {
    for (const link of document.querySelectorAll(".bd-sidebar-primary nav a.reference.internal")) {
      let done = null;
      try {
        done = JSON.parse(localStorage.getItem(
          "mechbook-progress:" + new URL(link.href, location.href).pathname));
      } catch (error) { return; }   // no storage here: nothing was kept
      if (done && done.total > 0 && done.correct === done.total
          && !link.querySelector(".mechbook-toc-done")) {
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

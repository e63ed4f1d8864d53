/* Accessible names that match what a sighted reader sees (WCAG 2.5.3).
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
  function start() {
    nameFromVisibleText();
    hideIconsInLabelledControls(document);
    new MutationObserver(() => hideIconsInLabelledControls(document))
      .observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

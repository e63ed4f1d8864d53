/* Search results that show the text around the hit, with readable math.
 *
 * Sphinx's search (searchtools.js) fetches each matching page and quotes
 * 240 characters of its "[role=main]" text around the first hit. In this
 * theme that block also holds the page's table of contents, and math is
 * still TeX source there (MathJax typesets it only in the browser), so the
 * quotes were tables of contents and "\(\mathbf{A}_n\)". This script, loaded
 * on the search page only, quotes the article's own text, with TeX turned
 * into plain text (A_n, q̇₁ stays "q̇_1", ω, n̂_x).
 */
(() => {
  "use strict";
  const GREEK = {
    alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε",
    zeta: "ζ", eta: "η", theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ",
    lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π", rho: "ρ", sigma: "σ",
    tau: "τ", phi: "φ", varphi: "φ", chi: "χ", psi: "ψ", omega: "ω",
    Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ", Pi: "Π",
    Sigma: "Σ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
    times: "×", cdot: "·", ldots: "…", cdots: "…", dots: "…", sum: "Σ",
    partial: "∂", approx: "≈", le: "≤", ge: "≥", leq: "≤", geq: "≥", ne: "≠",
    neq: "≠", to: "→", infty: "∞", pm: "±",
  };
  const ACCENTS = { dot: "\u0307", ddot: "\u0308", bar: "\u0304", hat: "\u0302",
                    tilde: "\u0303", breve: "\u0306", vec: "\u20d7" };

  /** Plain text for a TeX formula: accents as combining marks, Greek as letters. */
  function plainMath(tex) {
    let text = tex.replace(/^\s*\\[([]|\\[)\]]\s*$/g, "")
                  .replace(/\\[([]/g, "").replace(/\\[)\]]/g, "");
    text = text.replace(/\\(dot|ddot|bar|hat|tilde|breve|vec)\s*\{([^{}]*)\}/g,
                        (_, accent, body) => body + ACCENTS[accent]);
    text = text.replace(/\\([A-Za-z]+)/g, (_, name) => GREEK[name] ?? "");
    text = text.replace(/\\[,;:! ]/g, " ").replace(/[{}]/g, "");
    return text.replace(/\s+/g, " ").trim();
  }

  function articleText(htmlString, anchor) {
    const doc = new DOMParser().parseFromString(htmlString, "text/html");
    const article = doc.querySelector("article.bd-article") ?? doc.querySelector("[role=main]");
    if (!article) return "";
    const noise = ".headerlink, script, style, nav, .toctree-wrapper, .cell_output, .eqno";
    article.querySelectorAll(noise).forEach((node) => node.remove());
    article.querySelectorAll(".math").forEach((node) => {
      node.textContent = ` ${plainMath(node.textContent)} `;
    });
    const block = (anchor && article.querySelector(anchor)) || article;
    // Math the theme left outside a .math element (e.g. in a title attribute copy).
    return block.textContent.replace(/\\\((.*?)\\\)/g, (_, tex) => plainMath(tex))
                            .replace(/\s+/g, " ");
  }

  // searchtools.js declares `const Search` at the top level of a classic
  // script: a global binding, but not a property of window.
  if (typeof Search !== "undefined") {
    Search.htmlToText = articleText;
  }
  window.mechbookPlainMath = plainMath;   // for the tests
})();

/*
 * The ipywidgets embed manager (@jupyter-widgets/html-manager 1.x) typesets
 * widget labels with the MathJax 2 API, MathJax.Hub.Queue(["Typeset", Hub, el]).
 * The book loads MathJax 4, which (like MathJax 3) has no Hub: give it one that
 * forwards to its typesetPromise once MathJax has started. Loaded before the
 * manager, on pages that show saved widgets.
 */
document.addEventListener("DOMContentLoaded", function () {
  var mathjax = window.MathJax;
  if (!mathjax || mathjax.Hub) {
    return;
  }
  mathjax.Hub = {
    Queue: function (job) {
      var element = job[2];
      var started = (mathjax.startup && mathjax.startup.promise) || Promise.resolve();
      started
        .then(function () { return window.MathJax.typesetPromise([element]); })
        .catch(function (error) { console.warn("MathJax could not typeset a widget label", error); });
    },
  };
});

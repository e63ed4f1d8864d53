// Static explorers of mechlib.display.explorer: each range input picks one of
// the pictures drawn when the book was built. No kernel, no other host.
// Markup (made by mechlib/explorer.py): div.mechlib-explorer holding an <img>
// (the first picture), one <input type="range"> per slider (value = index into
// its grid) with a <label> and an <output>, and a JSON script with
// {alt, labels, values, shape} and either the pictures (frames, row-major) or,
// in the built site, where they are: _ext/mechbook_explorer_frames.py moves
// them to a script (framesScript) that registers them in
// window.mechlibExplorerFrames[framesKey]. That script is loaded when the
// explorer comes near the screen or gets the focus.
(function () {
  "use strict";

  var registry = (window.mechlibExplorerFrames = window.mechlibExplorerFrames || {});

  function setUp(root) {
    var data = JSON.parse(root.querySelector("script.mechlib-explorer-data").textContent);
    var img = root.querySelector("img.mechlib-explorer-frame");
    var inputs = Array.prototype.slice.call(root.querySelectorAll("input[type=range]"));
    var outputs = root.querySelectorAll("output");
    var frames = data.frames || null;
    var loading = false;

    function index() {
      var at = 0;
      inputs.forEach(function (input, k) {
        at = at * data.shape[k] + Number(input.value);
      });
      return at;
    }

    function loadFrames() {
      if (frames || loading) {
        return;
      }
      if (registry[data.framesKey]) {
        frames = registry[data.framesKey];
        showFrame();
        return;
      }
      loading = true;
      var script = document.createElement("script");
      script.src = data.framesScript;
      script.onload = function () {
        frames = registry[data.framesKey] || null;
        loading = false;
        showFrame();
      };
      script.onerror = function () {
        loading = false;
      };
      document.head.appendChild(script);
    }

    function showFrame() {
      if (frames) {
        img.src = frames[index()];
      } else {
        loadFrames();
      }
    }

    function update() {
      var said = [];
      inputs.forEach(function (input, k) {
        var shown = data.values[k][Number(input.value)];
        outputs[k].textContent = shown;
        input.setAttribute("aria-valuetext", shown);
        said.push(data.labels[k] + " = " + shown);
      });
      img.alt = data.alt + " (" + said.join(", ") + ")";
      showFrame();
    }

    inputs.forEach(function (input) {
      input.addEventListener("input", update);
    });
    root.addEventListener("focusin", loadFrames);
    root.addEventListener("pointerdown", loadFrames);
    if (!frames && "IntersectionObserver" in window) {
      var observer = new IntersectionObserver(function (entries) {
        if (entries.some(function (entry) { return entry.isIntersecting; })) {
          observer.disconnect();
          loadFrames();
        }
      }, { rootMargin: "400px 0px" });
      observer.observe(root);
    }
  }

  function setUpAll() {
    document.querySelectorAll(".mechlib-explorer").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpAll);
  } else {
    setUpAll();
  }
})();

// Static explorers of mechlib.display.explorer: each range input picks one of
// the pictures drawn when the book was built. No kernel, no other host.
// Markup (made by mechlib/explorer.py): div.mechlib-explorer holding a <picture>
// (the first picture: an <img> drawn for the book's column and a <source> drawn
// for a phone's), one <input type="range"> per slider (value = index into its
// grid) with a <label> and an <output> (the value and "k of n"), and a JSON
// script with {alt, labels, values, shape} and either the pictures (frames and
// narrowFrames, row-major) or, in the built site, where they are:
// _ext/mechbook_explorer_frames.py moves each set to a script (framesScript,
// narrowScript) that registers it in window.mechlibExplorerFrames[framesKey or
// narrowKey]. The script of the set the page shows (narrowMedia) is loaded
// when the explorer comes near the screen or gets the focus.
(function () {
  "use strict";

  var registry = (window.mechlibExplorerFrames = window.mechlibExplorerFrames || {});

  function setUp(root) {
    var data = JSON.parse(root.querySelector("script.mechlib-explorer-data").textContent);
    var img = root.querySelector("img.mechlib-explorer-frame");
    var source = root.querySelector("picture > source");
    var inputs = Array.prototype.slice.call(root.querySelectorAll("input[type=range]"));
    var outputs = root.querySelectorAll("output");
    // The two sets of pictures: drawn for the book's column and for a phone's.
    var sets = {
      wide: { frames: data.frames || null, key: data.framesKey, src: data.framesScript },
      narrow: { frames: data.narrowFrames || null, key: data.narrowKey, src: data.narrowScript }
    };
    var narrowQuery = source && data.narrowMedia ? window.matchMedia(data.narrowMedia) : null;
    var reached = Boolean(data.frames);

    function shown() {
      return narrowQuery && narrowQuery.matches ? sets.narrow : sets.wide;
    }

    function index() {
      var at = 0;
      inputs.forEach(function (input, k) {
        at = at * data.shape[k] + Number(input.value);
      });
      return at;
    }

    function load(set) {
      if (set.frames || set.loading || !set.key) {
        return;
      }
      if (registry[set.key]) {
        set.frames = registry[set.key];
        showFrame();
        return;
      }
      set.loading = true;
      var script = document.createElement("script");
      script.src = set.src;
      script.onload = function () {
        set.frames = registry[set.key] || null;
        set.loading = false;
        showFrame();
      };
      script.onerror = function () {
        set.loading = false;
      };
      document.head.appendChild(script);
    }

    function showFrame() {
      var set = shown();
      if (!set.frames) {
        if (reached) {
          load(set);
        }
        return;
      }
      if (set === sets.narrow) {
        source.srcset = set.frames[index()] + " " + data.narrowScale + "x";
      } else {
        img.src = set.frames[index()];
      }
    }

    function reach() {
      reached = true;
      showFrame();
    }

    function update() {
      var said = [];
      inputs.forEach(function (input, k) {
        var value = data.values[k][Number(input.value)];
        outputs[k].querySelector(".mechlib-explorer-value").textContent = value;
        outputs[k].querySelector(".mechlib-explorer-step").textContent =
          Number(input.value) + 1 + " of " + data.shape[k];
        input.setAttribute("aria-valuetext", value);
        said.push(data.labels[k] + " = " + value);
      });
      img.alt = data.alt + " (" + said.join(", ") + ")";
      reach();
    }

    inputs.forEach(function (input) {
      input.addEventListener("input", update);
    });
    if (narrowQuery) {
      narrowQuery.addEventListener("change", showFrame);
    }
    root.addEventListener("focusin", reach);
    root.addEventListener("pointerdown", reach);
    if (!reached && "IntersectionObserver" in window) {
      var observer = new IntersectionObserver(function (entries) {
        if (entries.some(function (entry) { return entry.isIntersecting; })) {
          observer.disconnect();
          reach();
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

// Static explorers of mechlib.display.explorer: each range input picks one of
// the pictures drawn when the book was built. No kernel, no network.
// Markup (made by mechlib/explorer.py): div.mechlib-explorer holding an <img>,
// one <input type="range"> per slider (value = index into its grid) with a
// <label> and an <output>, and a JSON script with
// {alt, labels, values, shape, frames}; frames are in row-major order.
(function () {
  "use strict";

  function setUp(root) {
    var data = JSON.parse(root.querySelector("script.mechlib-explorer-data").textContent);
    var img = root.querySelector("img.mechlib-explorer-frame");
    var inputs = Array.prototype.slice.call(root.querySelectorAll("input[type=range]"));
    var outputs = root.querySelectorAll("output");

    function update() {
      var index = 0;
      var said = [];
      inputs.forEach(function (input, k) {
        var position = Number(input.value);
        var shown = data.values[k][position];
        index = index * data.shape[k] + position;
        outputs[k].textContent = shown;
        input.setAttribute("aria-valuetext", shown);
        said.push(data.labels[k] + " = " + shown);
      });
      img.src = data.frames[index];
      img.alt = data.alt + " (" + said.join(", ") + ")";
    }

    inputs.forEach(function (input) {
      input.addEventListener("input", update);
    });
    update();
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

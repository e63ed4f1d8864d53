"""Explorer and animation pictures load when the reader reaches them, not with the page.

A static explorer (``mechlib.book.display.explorer``) carries every picture of its
grid in its cell's HTML output, and an animation (``ml.display.animation_html``)
every frame: 0.2 to 0.45 MB on a chapter page, which a reader who never
reaches them does not need. While each page is written, this extension moves
those pictures into a script of their own, ``_explorers/<key>.js``, which
registers them in ``window.mechlibExplorerFrames[key]``, and leaves in the
page the first picture:

- an explorer keeps its sliders and, in its JSON, where to find the rest
  (``framesKey``, ``framesScript``, and for the pictures drawn for a phone,
  a script of their own, ``narrowKey``, ``narrowScript``: a page loads the
  set it shows); ``_ext/static/explorer.js`` loads that
  script when the explorer comes near the screen or gets the focus;
- an animation's player starts with its first frame in every place, and a
  few lines added to its script load the frames the same way and give them
  to the player (matplotlib's ``Animation``, which keeps one ``Image`` per
  frame).

The first picture itself (an explorer's, for a phone and for a wider screen,
in a ``<picture>``) becomes a file of its own, ``_explorers/<key>.png``, so that
a browser fetches only the one it shows.

The scripts are loaded with a ``<script>`` element, so that this also works
in a site opened from disk. The notebooks the reader downloads keep their
explorers and animations whole: only the built pages change.

An animation's frames are found with a regular expression over the script
matplotlib's ``to_jshtml`` writes (:data:`ANIMATION_FRAMES`), and the lines
added to it use its player's names (``img_id``, ``anim<id>.frames``):
matplotlib's internals, written for the matplotlib that requirements.txt
pins. ``setup`` checks that version and the digest of matplotlib's templates
of that HTML (``mechlib.book.display.ANIMATION_HTML_WRITTEN_FOR``), and a
page whose animation the expression does not find stops the build
(CONTRIBUTING.md, "Patches of other projects' internals").
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

#: An explorer's data: the JSON script that mechlib/explorer.py writes.
EXPLORER_DATA = re.compile(
    r'(<script type="application/json" class="mechlib-explorer-data">)(.*?)(</script>)', re.S)
#: An animation's frames in matplotlib's player script (to_jshtml).
ANIMATION_FRAMES = re.compile(
    r'(var img_id = "(\w+)";.*?var frames = new Array\((\d+)\);)\s*'
    r'((?:frames\[\d+\] = "data:image/png;base64,[A-Za-z0-9+/=]*";?\s*)+)', re.S)
FRAME = re.compile(r'frames\[(\d+)\] = "(data:image/png;base64,[A-Za-z0-9+/=]*)"')
#: An explorer's first picture, for one screen width, in its <picture>.
PICTURE = re.compile(r"<picture>.*?</picture>", re.S)
PICTURE_DATA = re.compile(r'((?:src|srcset)=")data:image/png;base64,([A-Za-z0-9+/=]+)( [\d.]+x)?"')
#: Where the pictures go, in the built site.
FOLDER = "_explorers"
#: Added to an animation's script: every frame is the first until the rest load.
LOAD_ANIMATION_FRAMES = """
    frames[0] = %(first)s;
    for (var k = 1; k < frames.length; k++) { frames[k] = frames[0]; }
    (function (frames, key, src) {
      var registry = (window.mechlibExplorerFrames = window.mechlibExplorerFrames || {});
      var player = document.getElementById(img_id).parentNode;
      var started = false;
      function load() {
        if (started) { return; }
        started = true;
        var script = document.createElement("script");
        script.src = src;
        script.onload = function () {
          var got = registry[key] || [];
          got.forEach(function (frame, k) { frames[k] = frame; });
          // matplotlib's player keeps an Image per frame: give each its picture
          var anim = window["anim" + img_id.replace("_anim_img", "")];
          if (anim && anim.frames) {
            anim.frames.forEach(function (image, k) { if (got[k]) { image.src = got[k]; } });
          }
        };
        document.head.appendChild(script);
      }
      player.parentNode.addEventListener("focusin", load);
      player.parentNode.addEventListener("pointerdown", load);
      if ("IntersectionObserver" in window) {
        var observer = new IntersectionObserver(function (entries) {
          if (entries.some(function (entry) { return entry.isIntersecting; })) {
            observer.disconnect();
            load();
          }
        }, { rootMargin: "400px 0px" });
        observer.observe(player);
      } else {
        load();
      }
    })(frames, %(key)s, %(src)s);
"""


def frames_script(key: str, frames: list[str]) -> str:
    """The script that registers an explorer's pictures under ``key``.

    >>> print(frames_script("abc", ["data:image/png;base64,AAAA"]))
    (window.mechlibExplorerFrames = window.mechlibExplorerFrames || {})["abc"] = \
    ["data:image/png;base64,AAAA"];
    """
    return ("(window.mechlibExplorerFrames = window.mechlibExplorerFrames || {})"
            f"[{json.dumps(key)}] = {json.dumps(frames)};")


def _write_frames(app, frames):
    """Write the script of ``frames``; return its key."""
    key = hashlib.sha1(json.dumps(frames).encode("ascii")).hexdigest()[:16]
    script = frames_script(key, frames) + "\n"
    folder = Path(app.outdir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}.js"
    if not path.is_file() or path.read_text(encoding="ascii") != script:
        path.write_text(script, encoding="ascii")
    return key


def _write_picture(app, encoded: str) -> str:
    """Write a base64 PNG as a file of its own; return its key."""
    data = base64.b64decode(encoded)
    key = hashlib.sha1(data).hexdigest()[:16]
    folder = Path(app.outdir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{key}.png"
    if not path.is_file() or path.read_bytes() != data:
        path.write_bytes(data)
    return key


def defer_explorer_frames(app, pagename, templatename, context, doctree):
    body = context.get("body", "")
    if "mechlib-explorer-data" not in body and "var frames = new Array(" not in body:
        return

    def source(key):
        return context["pathto"](f"{FOLDER}/{key}.js", 1)

    def move_explorer(match):
        data = json.loads(match.group(2))
        frames = data.pop("frames", None)
        if not frames:
            return match.group(0)
        narrow = data.pop("narrowFrames", None)
        if narrow:
            data["narrowKey"] = _write_frames(app, narrow)
            data["narrowScript"] = source(data["narrowKey"])
        key = _write_frames(app, frames)
        data["framesKey"], data["framesScript"] = key, source(key)
        text = json.dumps(data, ensure_ascii=True).replace("</", "<\\/")
        return match.group(1) + text + match.group(3)

    def move_animation(match):
        count = int(match.group(3))
        found = {int(k): uri for k, uri in FRAME.findall(match.group(4))}
        if sorted(found) != list(range(count)):
            return match.group(0)
        frames = [found[k] for k in range(count)]
        key = _write_frames(app, frames)
        return match.group(1) + LOAD_ANIMATION_FRAMES % {
            "first": json.dumps(frames[0]), "key": json.dumps(key),
            "src": json.dumps(source(key))}

    if "var frames = new Array(" in body and not ANIMATION_FRAMES.search(body):
        from sphinx.errors import ExtensionError

        raise ExtensionError(
            f"{pagename}: an animation's frames are not where ANIMATION_FRAMES looks for "
            "them; matplotlib's to_jshtml writes them otherwise now, see "
            "_ext/mechbook_explorer_frames.py")

    def picture_file(match):
        key = _write_picture(app, match.group(2))
        url = context["pathto"](f"{FOLDER}/{key}.png", 1)
        return f'{match.group(1)}{url}{match.group(3) or ""}"'

    body = EXPLORER_DATA.sub(move_explorer, body)
    body = PICTURE.sub(lambda match: PICTURE_DATA.sub(picture_file, match.group(0)), body)
    context["body"] = ANIMATION_FRAMES.sub(move_animation, body)


def require_written_for():
    """Raise ``PatchedInternalsChanged`` unless matplotlib, and its templates
    of an animation's HTML, are the ones this was written for."""
    import matplotlib._animation_data as templates

    from mechlib.book.display import ANIMATION_HTML_WRITTEN_FOR, ANIMATION_TEMPLATES
    from mechlib.book.patched import require_version

    require_version(*ANIMATION_HTML_WRITTEN_FOR,
                    "_ext/mechbook_explorer_frames.py (ANIMATION_FRAMES, LOAD_ANIMATION_FRAMES)",
                    templates, ANIMATION_TEMPLATES)


def setup(app):
    require_written_for()
    app.connect("html-page-context", defer_explorer_frames)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

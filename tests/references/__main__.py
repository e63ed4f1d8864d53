"""Regenerate reference notebooks: ``python -m tests.references [book/<chapter>.md ...]``.

``python -m tests.references --strip-only [tests/references/<chapter>.ipynb ...]``
executes nothing: it only drops the image payloads of committed references.
"""

import sys

from tests.references import ROOT, regenerate, strip_references

args = sys.argv[1:]
if args[:1] == ["--strip-only"]:
    written = strip_references(args[1:])
else:
    written = regenerate(args)
for path in written:
    print(f"wrote {path.relative_to(ROOT)}")

"""Regenerate reference notebooks: ``python -m tests.references [book/<chapter>.md ...]``."""

import sys

from tests.references import ROOT, regenerate

for path in regenerate(sys.argv[1:]):
    print(f"wrote {path.relative_to(ROOT)}")

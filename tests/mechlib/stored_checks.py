"""The book's checks as stored: the worked expressions of the autograder
(``grading/worked``) and the public records of ``ml.check``
(``mechlib/book/checks``, the documentation's examples left out), by check
name, for the tests of the checks."""

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKED = {name: worked for path in sorted((ROOT / "grading" / "worked").glob("*.json"))
          for name, worked in json.loads(path.read_text())["checks"].items()}
PUBLIC = {name: stored
          for path in sorted((ROOT / "mechlib" / "book" / "checks").glob("*.json"))
          if path.stem != "examples"
          for name, stored in json.loads(path.read_text())["checks"].items()}

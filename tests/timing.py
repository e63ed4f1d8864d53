"""Where the test run's time went: worker seconds per test module.

``scripts/test.sh`` has pytest write a JUnit report (``_build/test-times.xml``)
and then prints this table, so that every run, CI's included, says which
modules cost the most (setup, call and teardown of each test, summed over
the xdist workers; the run's wall time is about this sum over the workers).

Usage: ``python -m tests.timing _build/test-times.xml [--top N]``

Examples
--------
>>> report = '''<testsuites><testsuite>
... <testcase classname="tests.site.test_pages" name="a" time="2.5"/>
... <testcase classname="tests.site.test_pages" name="b" time="1.5"/>
... <testcase classname="tests.references.intro.ipynb" name="Cell 0" time="0.5"/>
... </testsuite></testsuites>'''
>>> per_module(report)
[('tests.site.test_pages', 4.0, 2), ('tests.references.intro.ipynb', 0.5, 1)]
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

__all__ = ["per_module", "table"]


def per_module(report):
    """``[(module, worker seconds, tests), ...]`` of a JUnit report's text,
    the costliest first."""
    seconds, tests = Counter(), Counter()
    for case in ElementTree.fromstring(report).iter("testcase"):
        module = case.get("classname") or case.get("file") or "?"
        seconds[module] += float(case.get("time") or 0.0)
        tests[module] += 1
    return [(module, round(total, 1), tests[module])
            for module, total in seconds.most_common()]


def table(rows, top=15):
    """The text of the table: the ``top`` costliest modules and the total."""
    total = sum(seconds for _, seconds, _ in rows)
    lines = ["test time: worker seconds per module (all workers summed)",
             f"{'seconds':>9} {'share':>6} {'tests':>6}  module"]
    for module, seconds, count in rows[:top]:
        lines.append(f"{seconds:9.1f} {seconds / total:6.1%} {count:6d}  {module}")
    rest = rows[top:]
    if rest:
        lines.append(f"{sum(s for _, s, _ in rest):9.1f} "
                     f"{sum(s for _, s, _ in rest) / total:6.1%} "
                     f"{sum(c for _, _, c in rest):6d}  ({len(rest)} other modules)")
    lines.append(f"{total:9.1f} {1:6.1%} {sum(c for _, _, c in rows):6d}  in all")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tests.timing",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="pytest's JUnit XML report")
    parser.add_argument("--top", type=int, default=15)
    options = parser.parse_args(argv)
    if not options.report.is_file():
        print(f"timing: no report at {options.report} (pytest did not write one)",
              file=sys.stderr)
        return 1
    print(table(per_module(options.report.read_text(encoding="utf-8")), options.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())

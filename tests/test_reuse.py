"""The test command's reuse of passed results (tests/reuse), on a small project
of its own: a test runs again exactly when something it read has changed.

Each case runs pytest on a throwaway git repository with the plugin, as the
test command does, and reads which tests ran.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

TESTS = '''
import functools, subprocess, sys
from pathlib import Path
import pytest

@pytest.fixture(scope="module")
def shared():
    return Path("shared.txt").read_text()

@functools.lru_cache(maxsize=None)
def cached():
    return Path("cached.txt").read_text()

def test_reads_data():
    assert Path("data.txt").read_text()

def test_reads_other():
    assert Path("other.txt").read_text()

def test_fixture_first(shared):
    assert shared

def test_fixture_second(shared):
    assert shared

def test_fills_cache():
    assert cached()

def test_hits_cache():
    assert cached()

def test_child_reads():
    run = subprocess.run([sys.executable, "-c", "print(open('child.txt').read())"],
                         capture_output=True, text=True, check=True)
    assert run.stdout

def test_shell_reads():
    assert subprocess.run(["sh", "-c", "cat other.txt"], check=True).returncode == 0

def test_shell_outside(tmp_path):
    # a program started outside the project, pointed at nothing in it
    assert subprocess.run(["sh", "-c", "true"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"},
                          check=True).returncode == 0

def test_fails_while_flag_exists():
    assert not Path("flag.txt").exists()

def test_copies_a_chapter():
    from tests.reuse import copying_chapters
    with copying_chapters():   # the chapter is not recorded, the other file is
        assert Path("book/ch.md").read_text() + Path("copied.txt").read_text()

def test_fixture_last(shared):
    # the module's last test: the fixture is torn down before its record is made
    assert shared
'''

DATA = ("data.txt", "other.txt", "shared.txt", "cached.txt", "child.txt", "copied.txt",
        "book/ch.md")


@pytest.fixture
def project(tmp_path):
    (tmp_path / "checks").mkdir()
    (tmp_path / "checks" / "test_project.py").write_text(TESTS)
    (tmp_path / "book").mkdir()
    for name in DATA:
        (tmp_path / name).write_text(f"{name}\n")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "checks"], cwd=tmp_path, check=True)
    return tmp_path


def ran(project, *extra, ci=False):
    """The names of the tests that ran (not reused), from pytest's -rA list."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("MECHBOOK_REUSE", "PYTEST_XDIST")) and k != "CI"}
    env.update(MECHBOOK_REUSE_ROOT=str(project),
               PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    if ci:
        env["CI"] = "true"
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.reuse", "-p",
                          "no:cacheprovider", "-p", "no:xdist", "-rA", "-q",
                          "-o", "addopts=", "checks", *extra],
                         cwd=project, env=env, capture_output=True, text=True, timeout=120)
    assert "INTERNALERROR" not in run.stdout, run.stdout[-3000:]
    return set(re.findall(r"^(?:PASSED|FAILED) checks/test_project.py::(\w+)", run.stdout, re.M))


ALL = {"test_reads_data", "test_reads_other", "test_fixture_first", "test_fixture_second",
       "test_fills_cache", "test_hits_cache", "test_child_reads", "test_shell_reads",
       "test_shell_outside", "test_fails_while_flag_exists", "test_fixture_last",
       "test_copies_a_chapter"}
#: Run every time: one starts a shell in the project (its reads cannot be
#: followed), one fails.
ALWAYS = {"test_shell_reads", "test_fails_while_flag_exists"}


def test_a_test_runs_again_only_when_what_it_read_changed(project):
    (project / "flag.txt").write_text("fail")
    assert ran(project) == ALL
    assert ran(project) == ALWAYS
    (project / "data.txt").write_text("changed\n")
    assert ran(project) == ALWAYS | {"test_reads_data"}
    (project / "child.txt").write_text("changed\n")
    assert ran(project) == ALWAYS | {"test_child_reads"}


def test_what_a_fixture_or_a_cache_read_counts_for_each_user(project):
    ran(project)
    (project / "shared.txt").write_text("changed\n")
    (project / "cached.txt").write_text("changed\n")
    assert ran(project) == {"test_shell_reads", "test_fixture_first", "test_fixture_second",
                            "test_fixture_last", "test_fills_cache", "test_hits_cache"}


def test_a_chapter_read_while_copying_chapters_is_not_recorded(project):
    ran(project)
    (project / "book" / "ch.md").write_text("changed\n")
    assert "test_copies_a_chapter" not in ran(project)
    (project / "copied.txt").write_text("changed\n")
    assert "test_copies_a_chapter" in ran(project)


def test_a_failed_test_runs_until_it_passes(project):
    (project / "flag.txt").write_text("fail")
    ran(project)
    (project / "flag.txt").unlink()
    assert "test_fails_while_flag_exists" in ran(project)
    assert "test_fails_while_flag_exists" not in ran(project)


def test_a_change_to_the_code_runs_everything(project):
    ran(project)
    test = project / "checks" / "test_project.py"
    test.write_text(test.read_text() + "\n# an edit\n")
    assert ran(project) == ALL


def test_ci_runs_everything_and_records_nothing(project):
    assert ran(project, ci=True) == ALL
    assert not (project / "_build" / "reuse").exists()
    assert ran(project, "--no-reuse") == ALL

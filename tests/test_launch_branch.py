"""The launch branch a course hub pulls: ``HEAD``'s files plus the launch
notebooks, one commit on top of the other (bookkit.launch)."""

import subprocess

import pytest

from bookkit.launch import FOLDER, commit_launch_branch


def git(repo, *arguments):
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.org",
                           *arguments], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()


@pytest.fixture
def repo(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "--quiet", "-b", "main")
    (repo / "chapter.md").write_text("# A chapter\n")
    (repo / ".gitignore").write_text(f"{FOLDER}/\n")
    git(repo, "add", "-A")
    git(repo, "commit", "--quiet", "-m", "book")
    return repo


def notebook(folder, name, text):
    path = folder / name
    path.write_text(text)
    return path


def test_the_branch_holds_head_and_the_notebooks_and_leaves_the_checkout_alone(repo, tmp_path):
    (repo / "chapter.md").write_text("# An edit not committed\n")
    made = [notebook(tmp_path, "chapter.ipynb", "{}")]
    commit = commit_launch_branch(repo, made, "launch")
    assert git(repo, "rev-parse", "launch") == commit
    assert git(repo, "ls-tree", "-r", "--name-only", "launch").split() == [
        ".gitignore", "chapter.md", f"{FOLDER}/chapter.ipynb"]
    assert git(repo, "show", "launch:chapter.md") == "# A chapter"
    assert git(repo, "rev-parse", "launch^") == git(repo, "rev-parse", "main")
    # the reader's checkout: the same branch, index and edit as before
    assert git(repo, "branch", "--show-current") == "main"
    assert git(repo, "status", "--porcelain") == "M chapter.md"


def test_a_new_edition_goes_on_top_and_an_unchanged_one_adds_nothing(repo, tmp_path):
    first = commit_launch_branch(repo, [notebook(tmp_path, "c.ipynb", "{}")], "launch")
    assert commit_launch_branch(repo, [notebook(tmp_path, "c.ipynb", "{}")], "launch") == first
    (repo / "chapter.md").write_text("# A chapter, second edition\n")
    git(repo, "commit", "--quiet", "-am", "second edition")
    second = commit_launch_branch(repo, [notebook(tmp_path, "c.ipynb", '{"x": 1}')], "launch")
    # one line of history, so that nbgitpuller merges it into a student's copy
    assert git(repo, "rev-list", "--parents", "-n", "1", second).split() == [second, first]
    assert git(repo, "show", f"launch:{FOLDER}/c.ipynb") == '{"x": 1}'
    assert git(repo, "show", "launch:chapter.md") == "# A chapter, second edition"

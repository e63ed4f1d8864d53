"""The student edition (scripts/build-student.sh): the book without its worked solutions.

The student edition is built with the command itself
(``python -m bookkit.student_edition``, into ``_build/student/html``; chapters
are re-executed without their solutions, cached in
``_build/student/_build/.jupyter_cache``): by scripts/test.sh before pytest,
alongside the book, which names it in ``STUDENT_SITE``; by the module fixture
when that is not set. The text of every worked solution is collected from the
instructor's sources by a plain line scan, independent of the module under
test: each solution's prose fragments (runs of text between math, roles and
code, 40 characters or more) and its distinctive code lines (25 characters or
more, found in no cell outside a solution). Each must be found in the
instructor's site (so the search can find it) and in no file of the student
site: pages, ``_sources`` (.md, .ipynb), ``searchindex.js`` and the rest. The
search index holds word stems, not sentences: no stem that only solutions use
may be in the student's index. The answer cells stay, and in the downloaded
notebook they ran (the chapter without its solutions executes; that no answer
cell needs a name only a solution defines is also held by
tests/mechlib/test_check.py::test_chapter_runs_without_its_solutions).
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
import yaml

from bookkit import student_edition
from bookkit.chapters import REPOSITORY, chapter_checks, read_chapter
from bookkit.in_page import worked_code
from bookkit.serving import serve
from tests.references import checked_chapters
from tests.site.reading import PHONE
from tests.site.test_answer_boxes import page_data, type_and_check, typed_answers
from tests.site.test_pages import opened

ROOT = Path(__file__).resolve().parents[1]
INSTRUCTOR_SITE = Path(os.environ.get("INSTRUCTOR_SITE", ROOT / "_build" / "html"))
BOOK = ROOT / "book"
FENCE = re.compile(r"^(`{3,}|:{3,})\{([\w-]+)\}")
TEXT_SUFFIXES = {".html", ".js", ".json", ".ipynb", ".md", ".txt", ".css",
                 ".svg", ".inv", ".xml", ".py", ".tex", ""}
TYPOGRAPHY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'",
                            "\u2019": "'", "\u2013": "--", "\u2014": "---",
                            "\u2026": "...", "\u00a0": " "})


@pytest.fixture(scope="module")
def student_site():
    given = os.environ.get("STUDENT_SITE")
    if given:
        return Path(given).resolve()
    start = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "bookkit.student_edition"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    print(f"student edition built in {time.monotonic() - start:.0f} s")
    return (student_edition.OUTPUT / "html").resolve()


# --- what a solution says (a line scan of the instructor's sources) ----------

def split_page(text):
    """(solution prose lines, solution code lines, all other lines) of a page."""
    lines = text.splitlines()
    prose, code, other = [], [], []
    inside, i = False, 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            (prose if inside else other).append(lines[i])
            i += 1
            continue
        fence, name = match.groups()
        closing = re.compile(re.escape(fence[0]) + "{%d,}\\s*$" % len(fence))
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        body = [line for line in lines[i + 1:j] if not line.startswith(":")]
        options = [line for line in lines[i + 1:j] if line.startswith(":")]
        if name == "solution-start":
            inside = True
        elif name == "solution-end":
            inside = False
        elif name == "solution":
            prose += body
        elif name == "code-cell":
            tagged = any(line.startswith(":tags:") and "solution" in line for line in options)
            (code if inside or tagged else other).extend(body)
        else:
            (prose if inside else other).extend(body)
        i = j + 1
    return prose, code, other


def normalize(text):
    return " ".join(html.unescape(text).translate(TYPOGRAPHY).split())


MARKUP = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\{[\w:-]+\}`[^`]*`|`[^`]*`|\(eq-[\w-]+\)"
                    r"|^\s*(?:#+|\d+\.|[-+*])\s", re.S | re.M)


def prose_fragments(lines):
    """Runs of plain text of 40 characters or more (what a page shows as text)."""
    text = "\n".join(lines)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)       # links: their text
    text = text.replace("**", "").replace("*", "")
    for paragraph in re.split(r"\n\s*\n", text):
        for run in MARKUP.split(paragraph):
            run = normalize(run or "")
            for piece in re.split(r"(?<=[.:;?!])\s", run):
                if len(piece) >= 40:
                    yield piece.strip()


def pages():
    return sorted(BOOK.glob("*.md"))


def solutions():
    """{page: (prose fragments, distinctive code lines, solution words)}."""
    parts = {page: split_page(page.read_text(encoding="utf-8")) for page in pages()}
    outside = "\n".join(normalize(line) for _, _, other in parts.values() for line in other)
    # what the student may see word for word: the pages outside their solutions
    # (prose joined across wrapped lines) and mechlib's docstrings (the API page)
    shown = normalize(" ".join([outside] + [path.read_text(encoding="utf-8")
                                            for path in (ROOT / "mechlib").rglob("*.py")]))
    shown_stems = stems(shown)
    found = {}
    for page, (prose, code, _) in parts.items():
        fragments = sorted(f for f in set(prose_fragments(prose)) if f not in shown)
        lines = sorted({normalize(line) for line in code
                        if len(line.strip()) >= 25 and normalize(line) not in shown})
        if fragments or lines:
            # stems of two letters or fewer ("n" of "ns") say nothing about a leak
            only = {s for s in stems("\n".join(prose + code)) - shown_stems if len(s) >= 3}
            found[page] = (fragments, lines, only)
    return found


def stems(text):
    """The search-index stems of the words of ``text`` (Sphinx's English stemmer)."""
    from sphinx.search.en import SearchEnglish

    stemmer = SearchEnglish({})
    return {stemmer.stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", text)}


def site_files(site):
    """{path relative to the site: its normalized text} of every text file."""
    texts = {}
    for path in sorted(site.rglob("*")):
        if path.is_file() and path.suffix in TEXT_SUFFIXES:
            text = file_text(path)
            if text is not None:
                texts[path.relative_to(site)] = text
    return texts


def file_text(path):
    """The normalized text of a file of the site (None if it is not UTF-8)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix in (".ipynb", ".json"):
        raw = "\n".join(strings(json.loads(raw)))
    elif path.suffix == ".html":
        raw = re.sub(r"<[^>]+>", "", raw)
    return normalize(raw)


def strings(value):
    """The text of a JSON document: strings, a list of strings joined as a notebook does."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        yield "".join(value)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


def index_terms(site):
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("(") + 1:text.rindex(")")])
    # a term maps to a document number or a list of them (empty for a term
    # an incremental build no longer finds)
    return {term for part in ("terms", "titleterms")
            for term, docs in index.get(part, {}).items() if docs != []}


# --- the tests ---------------------------------------------------------------

def test_the_collector_finds_solutions_the_instructor_site_shows():
    """The scan finds every solution, and the instructor's site has its text:
    a search that cannot find a solution where it is would prove nothing."""
    found = solutions()
    checked = {p.stem for p in checked_chapters(pages())}
    assert checked <= {p.stem for p in found}
    instructor = site_files(INSTRUCTOR_SITE)
    everything = "\n".join(instructor.values())
    for page, (fragments, lines, _) in found.items():
        shown = instructor.get(Path("book") / f"{page.stem}.html")
        copy = INSTRUCTOR_SITE / "_sources" / "book" / page.name
        if shown is None or copy.read_bytes() != page.read_bytes():
            continue                    # not in this build, or changed since it was built
        missing = [f for f in fragments if f not in shown]
        assert not missing, f"{page.name}: solution prose not found on its page: {missing[:3]}"
        missing = [line for line in lines if line not in everything]
        assert not missing, f"{page.name}: solution code not found in the site: {missing[:3]}"


def test_no_solution_text_in_any_file(student_site):
    files = site_files(student_site)
    assert len(files) > 20 and Path("searchindex.js") in files
    built = {path.stem for path in files if path.parent == Path("book")
             and path.suffix == ".html"}
    leaks, searched = [], 0
    for page, (fragments, lines, _) in solutions().items():
        if page.stem not in built:
            continue
        for text in fragments + lines:
            searched += 1
            leaks += [(str(path), text) for path, body in files.items() if text in body]
    assert searched > 0
    assert not leaks, (
        f"{len(leaks)} pieces of worked solutions in the student site, e.g. {leaks[:5]}")


def test_no_solution_word_in_the_search_index(student_site):
    built = {p.stem for p in (student_site / "book").glob("*.html")}
    instructor_terms = index_terms(INSTRUCTOR_SITE)
    student_terms = index_terms(student_site)
    candidates = {s for page, (_, _, only) in solutions().items()
                  if page.stem in built for s in only} & instructor_terms
    assert candidates, "no word of a solution is in the instructor's search index"
    leaked = sorted(candidates & student_terms)
    assert not leaked, f"words only solutions use are in the student search index: {leaked[:10]}"


@pytest.mark.parametrize("page", checked_chapters(pages()),
                         ids=lambda p: p.stem)
def test_answer_cells_stay_and_run(student_site, page):
    checks = chapter_checks(page)
    shown = file_text(student_site / "book" / f"{page.stem}.html")
    download = nbformat.read(student_site / "_sources" / "book" / f"{page.stem}.ipynb",
                             as_version=4)
    cells = {c.source: c for c in download.cells if c.cell_type == "code"}
    for item in checks:
        call = f'ml.check("{item["name"]}", {item["variable"]})'
        assert f"{item['variable']} = ..." in shown and call in shown, (
            f"{page.stem}: the answer cell of {item['name']} is not on the student page")
        (cell,) = [c for source, c in cells.items() if call in source]
        (output,) = cell.outputs
        assert output["data"]["text/plain"].startswith("No answer yet"), (
            f"{page.stem}: the answer cell of {item['name']} did not run in the student edition")
    assert not [c for c in download.cells if "solution" in c.metadata.get("tags", [])]


@pytest.mark.parametrize("page", [p for p in sorted(BOOK.glob("*.md")) if re.search(
                                      r"^(:{3,}|`{3,})\{exercise\}",
                                      p.read_text(encoding="utf-8"), re.M)],
                         ids=lambda p: p.stem)
def test_exercises_keep_their_difficulty(student_site, page):
    """Every exercise's title on the student page has its stars, named for a
    screen reader, and its heading in the download the stars and the words
    (tests/test_difficulty.py, tests/site/test_difficulty.py)."""
    from bookkit.difficulty import stars, words
    from tests.test_difficulty import exercises

    shown = (student_site / "book" / f"{page.stem}.html").read_text(encoding="utf-8")
    download = nbformat.read(student_site / "_sources" / "book" / f"{page.stem}.ipynb",
                             as_version=4)
    headings = [line for cell in download.cells if cell.cell_type == "markdown"
                for line in cell.source.splitlines() if re.match(r"#+ Exercise \d", line)]
    marked = exercises(page)
    assert len(headings) == len(marked), f"{page.stem}: {len(headings)} exercise headings"
    for (label, _, level), heading in zip(marked, headings, strict=True):
        title = re.search(rf'id="{label}">\s*<p class="admonition-title">(.*?)</p>',
                          shown, re.S)
        assert title, f"{page.stem}: no exercise {label} on the student page"
        assert (f'role="img" aria-label="{words(level)}" title="{words(level)}">'
                f"{stars(level)}</span>") in title.group(1), (label, title.group(1))
        assert heading.endswith(f" {stars(level)} ({words(level)})"), heading


def test_no_door_to_the_instructors_repository(student_site):
    """Built without a student repository, no page links to the instructor's
    repository (where the solutions are) or launches it on Binder."""
    instructor = yaml.safe_load((ROOT / "_config.yml").read_text())["repository"]["url"]
    door = re.compile(r'href="[^"]*(' + re.escape(instructor.split("://")[1])
                      + r'|mybinder\.org/v2)')
    doors = [path.relative_to(student_site) for path in student_site.rglob("*.html")
             if door.search(path.read_text(encoding="utf-8"))]
    assert not doors, f"pages that lead to the instructor's repository: {doors[:5]}"


def test_the_student_copy_launches_its_own_notebooks(tmp_path):
    """Pushed to a repository of its own (``--repository``), the student copy is
    what its launch buttons open on Binder: it holds mechlib and every file
    repo2docker reads, as they are here, and the notebooks its ``postBuild``
    makes (run from the copy, with the copy's mechlib) hold the answer cells
    and no worked solution."""
    copy = tmp_path / "student"
    student_edition.write_sources(ROOT, copy, "https://github.com/a-course/kane-student", "main")
    tracked = subprocess.run(["git", "ls-files", "mechlib", "requirements.txt", "runtime.txt",
                              "postBuild", "requirements-book.txt", "pyproject.toml"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert len(tracked) > 40
    differ = [name for name in tracked if not (copy / name).is_file()
              or (copy / name).read_bytes() != (ROOT / name).read_bytes()]
    assert not differ, f"the student copy lacks or changed {differ[:5]}"
    assert os.access(copy / "postBuild", os.X_OK)
    steps = [line for line in (copy / "postBuild").read_text().splitlines()
             if line.startswith("python -m bookkit.launch")]
    assert steps, "postBuild no longer makes the launch notebooks"
    for step in steps:        # from the copy's root: its own mechlib is imported
        result = subprocess.run([sys.executable, *step.split()[1:]], cwd=copy,
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    found = solutions()
    for page in pages():
        if not chapter_checks(page):
            continue
        notebook = nbformat.read(copy / "notebooks" / f"{page.stem}.ipynb", as_version=4)
        text = normalize("\n".join("\n".join(strings(c.source)) for c in notebook.cells))
        fragments, lines, _ = found.get(page, ([], [], set()))
        leaked = [piece for piece in fragments + lines if piece in text]
        assert not leaked, f"{page.stem}: worked solutions in its launch notebook: {leaked[:3]}"
        for item in chapter_checks(page):
            assert f"{item['variable']} = ..." in text, (
                f"{page.stem}: the answer cell of {item['name']} is not in its launch notebook")


@pytest.fixture(scope="module")
def student_url(student_site):
    server, url = serve(student_site)
    yield url
    server.shutdown()


def test_student_pages_check_answers_and_run_cells_in_the_page(browser, student_url,
                                                             student_site):
    """The student edition's answer boxes check as the instructor's do (the
    stored checks, not the worked solutions, which test_no_solution_text_in_any_file
    looks for in every file, the boxes' data included), and its live cells run."""
    chapter = "partial-velocities"
    data = page_data(student_site, chapter)
    with opened(browser, f"{student_url}/book/{chapter}.html", PHONE) as (page, foreign, errors):
        ready = list(data["checks"])
        assert page.locator(".mechbook-answer textarea").count() == len(ready) > 0
        name = ready[0]
        right, sign = typed_answers(chapter)[name]
        assert type_and_check(page, name, right) == "Correct."
        assert type_and_check(page, name, sign, 30).startswith("Not yet: ")
        # the worked solution's code, which uses the chapter's names: the
        # student box runs the set-up the instructor's does
        followed = worked_code(read_chapter(REPOSITORY / "book" / f"{chapter}.md"))
        assert type_and_check(page, name, followed[name]) == "Correct."
        assert page.locator(".mechbook-live-open").count() == len(data["live"]) > 0
        assert not foreign and not errors, (foreign, errors)


def test_student_boxes_run_the_instructors_set_ups(student_site):
    """Each answer box of the student edition runs the set-up it runs in the
    instructor's edition (the student edition has no worked solution; its
    answer cells carry the names that the worked solution reads,
    bookkit.in_page.PAGE_NAMES), so a student can use the chapter's
    names in the box."""
    from tests.site.conftest import SITE

    for path in sorted((student_site / "book").glob("*.html")):
        if "mechbook-answers-data" not in path.read_text(encoding="utf-8"):
            continue
        student, instructor = page_data(student_site, path.stem), page_data(SITE, path.stem)
        assert student["checks"].keys() == instructor["checks"].keys()
        for name, entry in instructor["checks"].items():
            ours = student["checks"][name]
            assert [student["cells"][k] for k in ours["setup"]] == \
                [instructor["cells"][k] for k in entry["setup"]], (path.stem, name)


@pytest.mark.parametrize("page", checked_chapters(), ids=lambda path: path.stem)
def test_answer_cells_name_no_variable_of_a_removed_solution(page):
    """The student copy's answer cells carry (in_page.PAGE_NAMES) only names
    that the chapter's own cells bind, never one that only a worked solution
    binds (``front_wheel``, ``sleigh_dep``): those would tell a student how the
    removed solution goes."""
    import jupytext

    from bookkit.chapters import solution_cells
    from bookkit.in_page import PAGE_NAMES
    from mechlib.book.slicing import names_bound

    full = read_chapter(page)
    solution = solution_cells(full)
    chapters_own = set().union(*(names_bound(cell.source) for index, cell in enumerate(full.cells)
                                 if cell.cell_type == "code" and index not in solution))
    student = jupytext.reads(student_edition.student_page(page.read_text(encoding="utf-8")),
                             fmt="md:myst")
    named = {name for cell in student.cells
             for name in cell.metadata.get(PAGE_NAMES, {}).get("uses", [])}
    assert named <= chapters_own, sorted(named - chapters_own)


def test_the_instructors_notes_stay_in_the_instructors_edition(student_site):
    """The student edition's page for instructors says where the notes are and
    holds none of them: not how the autograder grades or what it cannot stop."""
    page = (student_site / "book" / "instructors.html").read_text(encoding="utf-8")
    instructor = (INSTRUCTOR_SITE / "book" / "instructors.html").read_text(encoding="utf-8")
    for word in ("autograder.sh", "Gradescope"):
        assert word in instructor, f"the instructors' page no longer says {word!r}"
        assert word not in page, f"the student edition's instructors page says {word!r}"
    assert re.search(r"instructor(&#8217;|\u2019|')s edition", page), "no word of where they are"

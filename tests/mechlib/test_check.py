"""ml.check, the self-checking exercises (mechlib.book.check).

The answers are those of book/partial-velocities.md, whose stored checks are
mechlib/book/checks/partial-velocities.json. The last tests hold every stored check
to the chapters: each name has one answer cell and a worked solution that
asserts it, the solution cells are tagged. That each stored check is the
record of its worked answer is proved where the chapters run (the build and
nbval, with MECHLIB_CHECK_STRICT set by scripts/test.sh): a stale one fails
there, without running the chapters again here.
"""

import json
import re
from pathlib import Path

import jupytext
import pytest
import sympy as sm
import sympy.physics.mechanics as me

import mechlib as ml
from bookkit import chapters, generate_checks
from mechlib import errors
from mechlib.book import check, record

ROOT = Path(__file__).resolve().parents[2]
STORE = ROOT / "mechlib" / "book" / "checks"
STORES = sorted(p for p in STORE.glob("*.json") if p.stem != "examples")

L, l, Fx, Fy = sm.symbols("L, l, F_x, F_y", positive=True)
q1, q2, q3, u1, u2, V = me.dynamicsymbols("q1, q2, q3, u1, u2, V")


@pytest.fixture
def rod():
    """N and the rod's frame R, turned through q2 about N.z."""
    N = me.ReferenceFrame("N")
    R = me.ReferenceFrame("R")
    R.orient_axis(N, q2, N.z)
    return N, R


def three_link_Fr():
    return [l * (Fx * sm.cos(q) + Fy * sm.sin(q)) for q in (q1, q2, q3)]


def test_values_replace_derivatives_whole_then_functions_then_time():
    """value_at replaces in one pass: q1' whole (not the q1 inside it), q1
    outside it, and t only outside the functions of t."""
    from mechlib.book.answers import atoms_of, value_at

    t = me.dynamicsymbols._t
    expr = q1.diff() * q1 + t * L + sm.sin(q2).diff()
    point = {"Derivative(q1(t), t)": 3.0, "q1(t)": 0.5, "t": 2.0, "L": 0.25,
             "q2(t)": 0.3, "Derivative(q2(t), t)": -1.5}
    expected = 3.0 * 0.5 + 2.0 * 0.25 + sm.cos(sm.Float(0.3, 30)) * -1.5
    assert abs(value_at(expr, point) - complex(expected)) < 1e-15
    names = atoms_of(expr)
    names.pop("t")                      # each call gives its own dict
    assert "t" in atoms_of(expr) and set(atoms_of(q1)) == {"q1(t)"}


# --- correct in any form and any frame -----------------------------------

def test_correct_in_another_algebraic_form():
    cos_q2 = sm.cos(q2 / 2)**2 - sm.sin(q2 / 2)**2          # a trig identity
    assert ml.check("pv-other-speeds-q1-dot", u1 - L * u2 * cos_q2)
    assert ml.check("pv-other-speeds-q1-dot",
                    (u1 / (L * u2) - sm.cos(q2)) * L * u2)    # factored
    expanded = [sm.expand(e) for e in three_link_Fr()]
    assert ml.check("pv-three-link-Fr", sm.Matrix(expanded))
    assert ml.check("pv-three-link-Fr", expanded)            # a list is a column
    assert ml.check("pv-sleigh-An", sm.Matrix([[0, sm.sin(q1) / sm.cos(q1)]]))


def test_correct_in_another_frame(rod):
    N, R = rod
    expected = L * sm.sin(q2) * N.y
    assert ml.check("pv-other-speeds-v-B-2", expected)
    assert ml.check("pv-other-speeds-v-B-2", L * R.x - L * sm.cos(q2) * N.x)
    assert ml.check("pv-other-speeds-v-B-2", expected.express(R))
    Q = R.orientnew("Q", "Axis", (q1, R.x))       # two steps away from N
    assert ml.check("pv-other-speeds-v-B-2", expected.express(Q))


def test_zero_vector_and_a_symbol_that_cancels(rod):
    N, _ = rod
    x = sm.Symbol("x")
    zero = x * (sm.sin(q1)**2 + sm.cos(q1)**2 - 1)     # SymPy keeps x
    assert ml.check("pv-belt-v-B-t", V * N.x + zero * N.y)
    S = me.ReferenceFrame("S")
    S.orient_axis(N, q1, N.z)
    assert ml.check("pv-sleigh-vt-G-2", S.x / sm.cos(q1))


# --- feedback ------------------------------------------------------------

def test_result_is_true_only_when_correct(rod):
    N, _ = rod
    right = ml.check("pv-belt-v-B-t", V * N.x)
    wrong = ml.check("pv-belt-v-B-t", 2 * V * N.x)
    assert right and right.correct and repr(right) == "Correct."
    assert not wrong and not wrong.correct
    assert "pv-belt-v-B-t" in wrong._repr_markdown_()
    assert "Not yet" in wrong._repr_markdown_()


def test_sign_error():
    result = ml.check("pv-other-speeds-q1-dot", L * u2 * sm.cos(q2) - u1)
    assert not result
    assert "wrong sign" in repr(result)
    matrix = ml.check("pv-three-link-Fr", [-e for e in three_link_Fr()])
    assert "your answer has the wrong sign" in repr(matrix)


def test_sign_error_in_one_component(rod):
    N, _ = rod
    result = ml.check("pv-other-speeds-v-B-2", -L * sm.sin(q2) * N.y)
    assert repr(result) == "Not yet: the N.y component has the wrong sign."


def test_which_component_or_entry_differs(rod):
    N, R = rod
    result = repr(ml.check("pv-other-speeds-v-B-2", L * R.x))
    assert "the N.x component should be zero" in result
    assert "N.y" not in result                # that component is right
    wrong_entry = three_link_Fr()
    wrong_entry[1] = 2 * wrong_entry[1]
    result = repr(ml.check("pv-three-link-Fr", wrong_entry))
    assert "entry (1, 0) differs" in result
    assert "(0, 0)" not in result and "(2, 0)" not in result


def test_missing_symbol():
    result = repr(ml.check("pv-other-speeds-q1-dot", u1 - sm.cos(q2) * u2))
    assert "does not depend on L, but the answer does" in result


def test_extra_symbol(rod):
    N, _ = rod
    result = repr(ml.check("pv-other-speeds-v-B-2",
                           L * sm.sin(q2) * N.y + u1 * N.z))
    assert "depends on u1, which the answer does not" in result
    assert "the N.z component should be zero" in result


def test_plain_symbol_for_a_function_of_time(rod):
    N, _ = rod
    result = repr(ml.check("pv-belt-v-B-t", sm.Symbol("V") * N.x))
    assert "Your answer has V as a plain Symbol" in result
    assert "me.dynamicsymbols('V')" in result


def test_coordinate_rate_where_speeds_are_asked_for():
    result = repr(ml.check("pv-other-speeds-q1-dot",
                           u1 - L * q2.diff() * sm.cos(q2)))
    assert "It still contains q2'" in result
    assert "kinematical differential equations" in result
    assert "does not depend on u2" in result


def test_wrong_shape():
    result = repr(ml.check("pv-three-link-Fr", sm.Matrix(three_link_Fr()).T))
    assert "shape (1, 3), the answer has the shape (3, 1) (transpose it)" \
        in result
    result = repr(ml.check("pv-three-link-Fr", three_link_Fr()[:2]))
    assert "shape (2, 1)" in result and "(transpose it)" not in result


def test_no_answer_yet():
    result = ml.check("pv-sleigh-An", ...)
    assert not result
    assert repr(result).startswith("No answer yet: replace ...")


# --- bad input -----------------------------------------------------------

def test_unknown_name_lists_close_names():
    with pytest.raises(errors.UnknownCheckError,
                       match="did you mean 'pv-other-speeds-v-B-2'"):
        ml.check("pv-other-speed-v-B-2", 0)


@pytest.mark.parametrize("name, answer, words", [
    ("pv-other-speeds-v-B-2", L * sm.sin(q2), "asks for a Vector"),
    ("pv-other-speeds-q1-dot", sm.Matrix([u1]), "asks for a scalar"),
    ("pv-sleigh-An", sm.tan(q1), "asks for a Matrix"),
    ("pv-sleigh-An", "tan(q1)", "a string .* is not parsed"),
    ("pv-sleigh-An", sm.Eq(q1, 2), r"an equation \(Eq\)"),
    ("pv-sleigh-An", me.outer(me.ReferenceFrame("N").x, me.ReferenceFrame("N").x), "a Dyadic"),
    ("pv-sleigh-An", True, "a truth value"),
    ("pv-other-speeds-v-B-2", 3, r"a plain number \(3\), but this exercise asks for a Vector"),
    ("pv-sleigh-An", object(), "not a SymPy object"),
])
def test_wrong_kind_is_an_error(name, answer, words):
    with pytest.raises(errors.ArgumentTypeError, match=words):
        ml.check(name, answer)


# --- recording -----------------------------------------------------------

def test_record_is_deterministic_and_hides_the_expression(rod):
    N, R = rod
    first = record.record("xx-demo-v", L * R.x)
    again = record.record("xx-demo-v", L * R.x.express(N))
    assert generate_checks._dump("demo", {"xx-demo-v": first}) == \
        generate_checks._dump("demo", {"xx-demo-v": again})
    text = json.dumps(first)
    assert "cos" not in text and "sin" not in text
    assert record.record("xx-demo-w", L * R.x)["points"] != first["points"]


def test_record_avoids_singular_points():
    x = sm.Symbol("x")
    singular = 1 / (sm.floor(2 * x) - 1)       # infinite for x in [0.5, 1)
    stored = record.record("xx-demo-s", singular)
    assert all(not 0.5 <= point["x"] < 1 for point in stored["points"])
    with pytest.raises(errors.ParameterError, match="not finite"):
        record.record("xx-demo-z", 1 / (x - x + sm.Integer(0)))


def test_record_mode_records_instead_of_comparing(tmp_path, monkeypatch):
    log = tmp_path / "records.jsonl"
    monkeypatch.setenv(record.RECORD, str(log))
    assert ml.check("xx-demo-r", 3 * q1)          # not in any store
    assert not ml.check("xx-demo-r", ...)
    (line,) = log.read_text().splitlines()
    assert json.loads(line)["name"] == "xx-demo-r"


# --- the stored checks and the chapters ----------------------------------

def test_there_are_stored_checks():
    assert STORES, "mechlib/book/checks holds no stored checks"


@pytest.mark.parametrize("store", STORES, ids=lambda p: p.stem)
def test_stored_checks_match_the_chapter(store):
    data = json.loads(store.read_text())
    chapter = ROOT / "book" / f"{data['chapter']}.md"
    assert store.stem == data["chapter"] and chapter.is_file()
    found = chapters.chapter_checks(chapter)
    names = [item["name"] for item in found]
    assert sorted(names) == sorted(data["checks"]), (
        "the answer cells and the stored checks differ: regenerate with "
        f"python -m bookkit.generate_checks book/{chapter.name}")
    assert len(set(names)) == len(names), "a check has two answer cells"
    # otter grades every test against the notebook's final state, so an answer
    # variable that another answer (or a later solution) rebinds loses points
    variables = [item["variable"] for item in found]
    assert len(set(variables)) == len(variables), (
        "two answer cells use the same variable; give each check its own name: "
        + ", ".join(f"{item['name']}: {item['variable']}" for item in found))
    assert len(names) >= 2, "a chapter checks at least two exercises"
    notebook = jupytext.read(chapter)
    for item in found:
        assert item["exercise"] and item["name"].startswith(
            item["exercise"][len("ex-"):] + "-"), (
            f"{item['name']} must start with its exercise's label without "
            f"ex- ({item['exercise']})")
        assert item["solution_cells"], (
            f"no cell tagged solution asserts ml.check({item['name']!r}, "
            f"{item['variable']})")
        source = notebook.cells[item["answer_cell"]].source
        assert re.search(rf"^{item['variable']} = \.\.\.$", source, re.M), (
            f"the answer cell of {item['name']} must assign ... to "
            f"{item['variable']}")
        assert source.rstrip().endswith(
            f'ml.check("{item["name"]}", {item["variable"]})')


@pytest.mark.parametrize("store", STORES, ids=lambda p: p.stem)
def test_solution_cells_are_tagged(store):
    notebook = jupytext.read(ROOT / "book" / f"{store.stem}.md")
    untagged = [i for i in sorted(chapters.solution_cells(notebook))
                if "solution" not in notebook.cells[i].metadata.get("tags", [])]
    assert not untagged, (
        f"code cells {untagged} of a worked solution are not tagged solution")
    for cell in notebook.cells:
        tags = cell.metadata.get("tags", [])
        if cell.cell_type == "code" and "solution" not in tags:
            assert "assert ml.check(" not in cell.source, (
                "a worked answer is asserted outside a solution cell")


def test_check_names_are_unique_across_chapters():
    names = [n for s in STORES for n in json.loads(s.read_text())["checks"]]
    assert len(names) == len(set(names))


def test_strict_mode_calls_a_stale_stored_check_wrong(rod, monkeypatch):
    """What the suite relies on instead of regenerating the stored checks: with
    MECHLIB_CHECK_STRICT, an answer that is correct at the stored points but
    records differently (here, with a symbol that cancels) is called stale."""
    N, R = rod
    worked = L * (R.x - sm.cos(q2) * N.x)
    monkeypatch.setenv(check.STRICT, "1")
    assert ml.check("pv-other-speeds-v-B-2", worked)
    x = sm.Symbol("x")
    result = ml.check("pv-other-speeds-v-B-2", worked + (x - x + 0 * L) * N.z)
    assert result  # x - x vanishes: still the same answer, still the same record
    stale = ml.check("pv-other-speeds-v-B-2", worked * (1 + 1e-13))
    assert not stale and "Stale" in stale.message and "generate" in stale.message
    monkeypatch.delenv(check.STRICT)
    assert ml.check("pv-other-speeds-v-B-2", worked * (1 + 1e-13))


@pytest.mark.parametrize("chapter", [store.stem for store in STORES
                                     if store.stem != "examples"])
def test_instructors_page_lists_every_checked_exercise(chapter):
    """The instructors' list of exercises with self-checks holds this
    chapter's, no more and no fewer (per chapter, so that ``scripts/test.sh
    --chapter <slug>`` runs it after an exercise is added)."""
    text = (ROOT / "book" / "instructors.md").read_text(encoding="utf-8")
    paragraph = text[text.index("The exercises with self-checks are"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    items = chapters.chapter_checks(ROOT / "book" / f"{chapter}.md")
    prefixes = {item["name"].split("-")[0] for item in items}
    listed = {label for label in re.findall(r"<(ex-[\w-]+)>", paragraph)
              if label.split("-")[1] in prefixes}
    checked = {item["exercise"] for item in items}
    assert listed == checked, (
        f"book/instructors.md lists other exercises of {chapter} with self-checks than "
        f"it has: listed only {sorted(listed - checked)}, missing {sorted(checked - listed)}")


def _digested(stored):
    """The digest pairs of a stored answer's number entries."""
    if stored["kind"] == "scalar":
        return [stored["digests"]] if "digests" in stored else []
    parts = stored.get("components") or stored.get("entries") or stored.get("items")
    return [d for part in parts for d in _digested(part)]


def test_instructors_page_lists_the_checks_that_store_a_number():
    """The page names every check with a digested number, and the two whose
    numbers are not zero (a zero's digest equals its negative's)."""
    stored = {name: s["answer"] for path in STORES
              for name, s in json.loads(path.read_text())["checks"].items()}
    digested = {name for name, answer in stored.items() if _digested(answer)}
    nonzero = {name for name, answer in stored.items()
               if any(a != b for a, b in _digested(answer))}
    page = (ROOT / "book" / "instructors.md").read_text()
    paragraph = page[page.index("**Self-checks are for learning"):
                     page.index("section) use none of the stored values")]
    listed = set(re.findall(r"`([a-z]+-[A-Za-z0-9-]+)`", paragraph))
    assert listed == digested
    assert nonzero == {"ke-other-speeds-W", "pv-sleigh-vt-G-2", "wb-gyro-dC1"}
    assert "in all but three the numbers are zero entries" in " ".join(paragraph.split()).lower()


def test_instructors_page_states_the_sampling_as_coded():
    """The numbers the page gives for the checks are the code's."""
    from mechlib._sampling import MAGNITUDE, WIDE_MAGNITUDE
    page = " ".join((ROOT / "book" / "instructors.md").read_text().split())
    words = {6: "six", 9: "nine"}
    assert f"values at {words[record.SAMPLES]} sample points" in page
    assert (f"magnitudes from {MAGNITUDE[0]} to {MAGNITUDE[1]:g} (up to "
            f"{WIDE_MAGNITUDE[1]:g} where a sign shows only there") in page
    assert f"rounded to {words[record.DIGITS]} digits" in page
    assert f"at {record.GRADING_SAMPLES} points drawn afresh at every grading" in page


def test_the_documentation_examples_are_stored_as_generated():
    """examples.json (the demo- checks the docstrings use) is what
    ``generate`` writes from generate_checks.examples()."""
    stored = json.loads((STORE / "examples.json").read_text())["checks"]
    fresh = {name: json.loads(json.dumps(record.record(name, answer), sort_keys=True))
             for name, answer in generate_checks.examples().items()}
    assert stored == fresh

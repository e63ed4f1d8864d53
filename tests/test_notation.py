"""One meaning per symbol: every page writes the notation page's symbols as it declares them.

Each rule is a pattern of TeX that no page may contain, what to write instead,
and why: the words of ``book/notation.md`` that the rule stands for. The rules
are read over each page's Markdown (prose, math, captions, exercises and
solutions; not its code cells), and the page's line is named. A rule whose
words are no longer on the notation page fails too: then the page has changed,
and the rule must follow it.

Not every meaning can be told from a pattern (is this ``m`` a mass?); the rules
catch the ways the symbols have been misused in this book: the audits of issue
48 found ``A_{sr}``, ``\\mu = (c/w)\\cos\\lambda``, ``m`` motion constraints and
``\\nu`` as a degree of homogeneity.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
NOTATION = ROOT / "book" / "notation.md"


class Rule(NamedTuple):
    pattern: str    # TeX (a regular expression) that no page may contain
    meaning: str    # what to write instead
    why: str        # the notation page's words, which must be on that page


RULES = [
    Rule(r"A_\{(?!n,sr\})(?:n,\s*)?(?:sr|rs)\}",
         r"A_{n,sr}: row s, column r of \mathbf{A}_n",
         "its entry in row $s$ and column $r$ is $A_{n,sr}$"),
    Rule(r"(?<![\\\w])b_\{?s\b(?!,)",
         r"b_{n,s}, the sth entry of \mathbf{b}_n",
         "$b_{n,s}$ is the $s$th entry of $\\mathbf{b}_n$"),
    Rule(r"W_\{rs\}|\\dot\{q\}_r\s*=\s*\\sum_\{?s",
         r"\dot{q}_s = \sum_r W_{sr} u_r: the first index of W names the coordinate",
         "$\\dot{q}_s = \\sum_{r} W_{sr}u_r + X_s$"),
    Rule(r"(?<![\\\w])n\s*-\s*m\b(?!_)|\$m\$(?:\s+\w+)?\s+constraints|\bm\s*=\s*n\s*-\s*p",
         "n - p motion constraints, with no letter of their own",
         "it has no letter of its own: $m$ is a mass"),
    Rule(r"\\mu\s*(?:=|:=|\\equiv)(?!\s*[-\d.])|\\(?:sin|cos|tan)\s*\\mu",
         r"\mu only for a friction coefficient, given a value, never defined as"
         r" another quantity (an angle is \gamma, the trail factor \eta)",
         "$\\mu$ | coefficient of (Coulomb) friction"),
    Rule(r"(?:\\(?!eta\b)[A-Za-z]+|(?<![\\\w])[A-Za-z])\s*=\s*\(c/w\)\s*\\cos",
         r"\eta = (c/w)\cos\lambda",
         "$\\eta$ | the trail factor $(c/w)\\cos\\lambda$"),
    Rule(r"u_\{(?:ind|dep|aux)\}|q_\{(?:ind|dep)\}",
         r"u_{\text{ind}}, u_{\text{dep}}, u_{\text{aux}}, q_{\text{dep}}",
         "$u_{\\text{ind}}$, $u_{\\text{dep}}$"),
    Rule(r"eigenvalues?\s+\$\\lambda",
         r"s for an eigenvalue (\lambda is a constraint force, or the bicycle's steer-axis tilt)",
         "$s$ | an eigenvalue of the linearized equations"),
    Rule(r"\\nu\s*=\s*\d|degree\s+\$\\nu",
         r"\nu only for the number of particles (a degree of homogeneity is \kappa)",
         "$\\nu$ | number of particles of a system"),
    Rule(r"dissipation function\s+\$(?!\\mathcal\{R\})",
         r"\mathcal{R} for the dissipation function",
         "$\\mathcal{R}$ | dissipation function"),
]

FENCE = re.compile(r"\s*(`{3,}|~{3,}|:{3,})(.*)")


def pages() -> list[Path]:
    """Every page of ``_toc.yml`` but the notation page itself, in book order."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part.get("chapters", [])]
    return [ROOT / f"{name}.md" for name in files if ROOT / f"{name}.md" != NOTATION]


def markdown(text: str) -> str:
    """``text`` with its front matter and code blocks blanked, line for line.

    Directives (figures, exercises, admonitions) hold Markdown and are kept.

    >>> markdown("$a$\\n```{code-cell} ipython3\\nmu = 1\\n```\\n```{note}\\n$b$\\n```")
    '$a$\\n\\n\\n\\n\\n$b$\\n'
    """
    lines = text.split("\n")
    kept = []
    skipping = None          # the fence of the code block being blanked
    directives = []          # the fences of the directives we are inside
    front_matter = text.startswith("---\n")
    for number, line in enumerate(lines):
        if front_matter:
            front_matter = not (number > 0 and line.strip() == "---")
            kept.append("")
            continue
        fence = FENCE.match(line)
        if skipping:
            if fence and fence[1] == skipping and not fence[2].strip():
                skipping = None
            kept.append("")
        elif fence and directives and fence[1] == directives[-1] and not fence[2].strip():
            directives.pop()
            kept.append("")
        elif fence and (fence[2].startswith("{code-cell}") or not fence[2].startswith("{")):
            skipping = fence[1]
            kept.append("")
        elif fence:
            directives.append(fence[1])
            kept.append("")
        else:
            kept.append(line)
    return "\n".join(kept)


def violations(text: str) -> list[tuple[int, str, Rule]]:
    """(line, what was found, rule) for each use of a symbol against ``RULES``.

    >>> for line, found, rule in violations("so\\n$\\\\mu = (c/w)\\\\cos\\\\lambda$"):
    ...     print(line, found, "->", rule.meaning[:24])
    2 \\mu = -> \\mu only for a friction
    2 \\mu = (c/w)\\cos -> \\eta = (c/w)\\cos\\lambda
    """
    prose = markdown(text)
    found = []
    for rule in RULES:
        for match in re.finditer(rule.pattern, prose):
            line = prose.count("\n", 0, match.start()) + 1
            found.append((line, match.group(0), rule))
    return sorted(found, key=lambda item: item[0])


def report(path: Path, found) -> str:
    return "\n".join(f"{path.name}:{line}: {text!r}; write {rule.meaning} (notation: {rule.why})"
                     for line, text, rule in found)


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.meaning.split(":")[0][:40])
def test_rules_follow_the_notation_page(rule):
    page = " ".join(NOTATION.read_text(encoding="utf-8").split())
    assert " ".join(rule.why.split()) in page, (
        f"book/notation.md no longer says {rule.why!r}: make the rule {rule.pattern!r} "
        "say what the page says now, or drop it")


@pytest.mark.parametrize("path", pages(), ids=lambda path: f"book/{path.name}")
def test_page_uses_the_notation(path):
    found = violations(path.read_text(encoding="utf-8"))
    assert not found, "symbols used against the notation page:\n" + report(path, found)


# Lines the audits found, as the chapters had them (git log -S shows where).
AUDITED = [
    r"$A_{sr}$ the entry of $\mathbf{A}_n$ in row $s$ and column $r$ and $b_s$ the",
    r"\Big(\sum_{r=1}^{p} A_{sr} u_r + b_s\Big)",
    r"In a nonholonomic system the $n$ generalized speeds are not independent: $m$"
    "\nmotion constraints, linear in the speeds, tie them together",
    r"$p = n - m$ of them can be chosen freely.",
    r"$\mu = (c/w)\cos\lambda$ and the wheels' spin momenta per unit speed",
    r"The angle $\mu = q_3 - q_2$ between coupler and rocker",
    r"the determinant is $-bc\sin\mu$.",
    r"speeds, $\dot{q}_r = \sum_s W_{rs}(q, t)\,u_s + X_r(q, t)$;",
]


@pytest.mark.parametrize("line", AUDITED)
def test_the_rules_find_what_the_audits_found(line):
    assert violations(line)


def test_code_cells_and_the_right_symbols_pass():
    text = "\n".join([
        "---", "kernelspec:", "  name: python3", "---",
        r"With $A_{n,sr}$, $b_{n,s}$, $\dot{q}_s = \sum_r W_{sr}u_r + X_s$ and",
        r"$n - p$ motion constraints, $\mu = 0.3$, $\eta = (c/w)\cos\lambda$,",
        r"$u_{\text{dep}}$ and $m_B$, the mass $m$, $n - m_P$ and $\mu\lambda_n$.",
        "```{code-cell} ipython3",
        "label = r'$\\mu = (c/w)\\cos\\lambda$'",
        "```",
    ])
    assert violations(text) == []

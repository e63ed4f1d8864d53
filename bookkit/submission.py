"""Running one submitted notebook: the only part of grading that runs beside
the student's code, inside the sandbox of :mod:`bookkit.grade`.

    python -I -B submission.py < job.json > result.json

The job, on standard input, is ``{"cells": [{"source", "label"}, ...],
"cell_time_limit": s, "notebook_time_limit": s}``: the submission's code
cells and, before each question's check, an exporter cell that displays the
question's answers as JSON trees (made by :func:`bookkit.grade.work_cells`).
They run with nbclient in a kernel of their own, each cell under its time
limit: a cell that runs over it is interrupted, and when the kernel does not
answer the interrupt either, it is killed and a new one runs the cells that
remain (they miss what the old kernel held). Errors do not stop the run.

The result, on standard output, is one JSON object: ``trees`` (the answers
the exporter cells displayed) and the labels of the cells that ``failed``,
``timed_out``, were ``restarted`` after, or were ``skipped`` when the
notebook's time ran out. Nothing in it is trusted: the grader reads the trees
with a whitelist parser, so a notebook that forges them can only claim
answers it could have typed, and the notes only explain a score.

This file imports neither bookkit nor mechlib: the grader copies it alone into
the sandbox (and the Gradescope zip carries it).
"""

from __future__ import annotations

import json
import sys
import time

#: The MIME type of the exporter's display data (``mechlib.book.grading.MIME``).
MIME = "application/vnd.mechlib.answers+json"
#: Seconds a kernel has to answer after an interrupt before it is killed.
INTERRUPT_GRACE = 10
#: The error nbclient reports for a cell that ran over its time.
TIMEOUT = "CellTimeLimit"


class Kernel:
    """The kernel of one run, started again after a cell it cannot interrupt
    or after it died."""

    def __init__(self, notebook, cell_time_limit):
        from nbclient import NotebookClient

        self.replies = []
        self.client = NotebookClient(
            notebook, timeout=cell_time_limit, allow_errors=True, interrupt_on_timeout=True,
            error_on_timeout={"ename": TIMEOUT, "evalue": "", "traceback": []},
            iopub_timeout=INTERRUPT_GRACE, kernel_name="python3",
            shutdown_kernel="immediate", startup_timeout=120)
        self.client.on_cell_executed = lambda **kwargs: self.replies.append(
            kwargs.get("execute_reply") or {})

    def start(self):
        import subprocess

        self.client.km = self.client.create_kernel_manager()
        self.client.start_new_kernel(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.client.start_new_kernel_client()

    def stop(self):
        try:
            self.client.km.shutdown_kernel(now=True)
        except Exception:        # a kernel that is gone already
            pass

    def timed_out(self):
        return bool(self.replies) and \
            self.replies[-1].get("content", {}).get("ename") == TIMEOUT

    def execute(self, cell, index, seconds):
        """Run ``cell`` for at most ``seconds``: None when it ran, "timed out"
        when it was interrupted, "restarted" when the kernel did not answer
        after the interrupt either, "died" when the kernel died."""
        import nbformat
        from nbclient.exceptions import DeadKernelError

        self.client.timeout = max(1, int(seconds))
        try:
            self.replies.clear()
            self.client.execute_cell(cell, index)
            if not self.timed_out():
                return None
            self.replies.clear()              # interrupted: does the kernel answer now?
            self.client.timeout = INTERRUPT_GRACE
            self.client.execute_cell(nbformat.v4.new_code_cell("pass"), index)
            if not self.timed_out():
                return "timed out"
        except DeadKernelError:
            outcome = "died"
        else:
            outcome = "restarted"
        self.stop()
        self.start()
        return outcome


def run(job):
    """Run the cells of ``job`` (see the module); the result as a dict."""
    import nbformat

    cells = [nbformat.v4.new_code_cell(c["source"]) for c in job["cells"]]
    notebook = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    result = {"trees": {}, "failed": [], "timed_out": [], "restarted": [], "skipped": []}
    deadline = time.monotonic() + job["notebook_time_limit"]
    kernel = Kernel(notebook, job["cell_time_limit"])
    kernel.start()
    try:
        for index, (cell, label) in enumerate(
                zip(cells, (c["label"] for c in job["cells"]), strict=True)):
            remaining = deadline - time.monotonic()
            if remaining < 1:
                result["skipped"].append(label)
                continue
            outcome = kernel.execute(cell, index, min(job["cell_time_limit"], remaining))
            if outcome == "died":
                result["failed"].append(f"{label} (the kernel died)")
            elif outcome:
                result["timed_out"].append(label)
                if outcome == "restarted":
                    result["restarted"].append(label)
            else:
                _read_cell(cell, label, result)
    finally:
        kernel.stop()
    return result


def _read_cell(cell, label, result):
    """Note a cell that raised, and take the trees an exporter cell displayed."""
    if any(o.get("output_type") == "error" for o in cell.outputs):
        result["failed"].append(label)
    if label.startswith("export "):
        for output in cell.outputs:
            data = output.get("data", {})
            if output.get("output_type") == "display_data" and isinstance(data.get(MIME), dict):
                result["trees"].update(data[MIME])


if __name__ == "__main__":
    print(json.dumps(run(json.load(sys.stdin))))

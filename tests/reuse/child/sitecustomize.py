"""Report what this Python process reads of the repository (tests/reuse/reads.py).

This folder is put first on ``PYTHONPATH`` by :mod:`tests.reuse` while the test
command runs, so every Python process the tests start imports this module at
start-up. It then imports the ``sitecustomize`` it shadows, if there is one.
"""

if __name__ == "sitecustomize":   # not when a test tool imports it by path
    import importlib.util
    import os
    import sys

    _here = os.path.dirname(os.path.abspath(__file__))
    _log = os.environ.get("MECHBOOK_REUSE_LOG")
    if _log:
        _spec = importlib.util.spec_from_file_location(
            "_mechbook_reads", os.path.join(os.path.dirname(_here), "reads.py"))
        _reads = importlib.util.module_from_spec(_spec)
        _spec.loader.exec_module(_reads)
        _reads.log_to(os.path.join(_log, f"{os.getpid()}.log"))

    _path = sys.path[:]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
    sys.modules.pop("sitecustomize", None)
    try:
        import sitecustomize  # noqa: F401 - the one this module shadows
    except ImportError:
        pass
    finally:
        sys.path[:] = _path

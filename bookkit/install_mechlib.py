# mechlib, the book's helper package: this notebook was written with mechlib
# @VERSION@. Where mechlib is missing or another version is installed, this cell
# installs that version from the book's site, and stops before it would change
# any other package you have. Where it is there already (the book's
# repository, Binder, a course hub), it does nothing.
def _install_mechlib():  # noqa: C901
    import importlib
    import importlib.metadata
    import importlib.util
    import json
    import os
    import platform
    import re
    import subprocess
    import sys

    wheel = os.environ.get("MECHBOOK_WHEEL", "@WHEEL_URL@")
    version = "@VERSION@"
    binder = "@BINDER@"

    class MechlibNotInstalled(Exception):
        def _render_traceback_(self):  # Jupyter shows the message alone
            return [f"{type(self).__name__}: {self}"]

    def ways_out(fresh):
        where = (f"or open this chapter on Binder, where it is installed:\n    {binder}"
                 if binder.startswith("http") else
                 "or open this chapter on Binder (its page in the book has the button), "
                 "where it is installed.")
        return (f"Either {fresh}:\n    pip install {wheel}\n" + where)

    def installed_mechlib():
        spec = importlib.util.find_spec("mechlib")
        if spec is None or not spec.origin:
            return None
        with open(spec.origin, encoding="utf-8") as source:
            found = re.search(r'^__version__ = "([^"]+)"', source.read(), re.M)
        return found.group(1) if found else "an older version"

    def pip(*arguments):
        env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
        env.update(PIP_NO_COLOR="1", NO_COLOR="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
        return subprocess.run([sys.executable, "-m", "pip", *arguments, "--retries", "1",
                               "--timeout", "20", wheel], capture_output=True, text=True, env=env)

    def failed(run):
        said = [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line).strip()
                for line in run.stderr.splitlines()]
        said = [line for line in said if line]
        reason = ([line for line in said if line.startswith("ERROR")] or said
                  or ["pip said nothing"])[-1][:300]
        return MechlibNotInstalled(
            "mechlib, the book's helper package, is not installed here, and installing "
            f"it from {wheel} failed (no network, or no wheel at that address?):\n"
            f"    {reason}\n"
            + ways_out("install it into this notebook's environment and run the notebook "
                       "again"))

    found = installed_mechlib()
    if found == version:
        return
    if sys.version_info < (3, 11):  # noqa: UP036 (a reader's Python may be older)
        raise MechlibNotInstalled(
            f"mechlib {version}, the book's helper package, needs Python 3.11 or newer, "
            f"and this notebook runs in Python {platform.python_version()}. "
            + ways_out("run the notebook in an environment of Python 3.11 or newer, "
                       "and install mechlib there"))
    if found:
        print(f"This notebook was written with mechlib {version}; this environment has "
              f"mechlib {found}.")
    plan = pip("install", "--dry-run", "--quiet", "--report", "-")
    if plan.returncode != 0:
        raise failed(plan)
    changes = []
    for item in json.loads(plan.stdout)["install"]:
        name, needed = item["metadata"]["name"], item["metadata"]["version"]
        try:
            current = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue            # not installed: it comes with mechlib, nothing changes
        if name.lower() != "mechlib" and current != needed:
            changes.append(f"{name} {current} -> {needed}")
    if changes:
        raise MechlibNotInstalled(
            f"mechlib {version}, the book's helper package, needs other versions of "
            "packages this environment has, so nothing was installed or changed:\n    "
            + "\n    ".join(changes) + "\n"
            + ways_out("make a fresh environment for the book (python -m venv mechbook, "
                       "then mechbook/bin/pip install jupyterlab and the wheel), or accept "
                       "the change in this environment and run the notebook again"))
    run = pip("install", "--quiet")
    if run.returncode != 0:
        raise failed(run)
    importlib.invalidate_caches()
    print("mechlib installed from", wheel)
    if "mechlib" in sys.modules:
        print("Restart the kernel (Kernel > Restart) so that the notebook uses it.")


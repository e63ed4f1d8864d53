"""A real Jupyter server for the browser tests: JupyterLab or Notebook 7 on
127.0.0.1 with a token, its settings in a temporary home."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_server(home: Path, root: Path, myst: bool, app: str = "jupyterlab",
                   python: str = sys.executable, env: dict | None = None):
    """Start ``python -m <app>`` (jupyterlab or notebook) serving ``root``; yield
    (base URL, token, root). With ``myst`` False, jupyterlab-myst is disabled.
    Every cell is rendered (no windowing), so that whole chapters can be checked."""
    config = home / "config"
    (config / "labconfig").mkdir(parents=True)
    # no "get Jupyter news?" prompt on the picture
    disabled = {"@jupyterlab/apputils-extension:announcements": True}
    if not myst:
        disabled["jupyterlab-myst"] = True
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": disabled}))
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    port, token = free_port(), secrets.token_hex(16)
    env = {**(env or os.environ), "JUPYTER_CONFIG_DIR": str(config),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "HOME": str(home)}
    log = home / "server.log"
    server = subprocess.Popen(
        [python, "-m", app, "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         f"--LabApp.user_settings_dir={home / 'settings'}",
         f"--LabApp.workspaces_dir={home / 'workspaces'}",
         "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", "--allow-root"],
        env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=log.open("w"))
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(f"{app} did not start:\n" + log.read_text()[-3000:])
                time.sleep(0.5)
        else:
            pytest.fail(f"{app} did not answer within 60 s")
        yield base, token, root
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


#: Resolves once ``selector``'s subtree has not changed for ``quiet`` ms (or
#: after ``most`` ms whatever happens): JupyterLab renders a notebook's cells,
#: their math and its folded headings in bursts after the page has loaded.
STILL = """([selector, quiet, most]) => new Promise(resolve => {
    const root = document.querySelector(selector) || document.body;
    const done = () => { observer.disconnect(); clearTimeout(last); resolve(); };
    const observer = new MutationObserver(() => {
        clearTimeout(timer); timer = setTimeout(done, quiet); });
    let timer = setTimeout(done, quiet);
    const last = setTimeout(done, most);
    observer.observe(root, {subtree: true, childList: true, attributes: true,
                            characterData: true});
})"""


def wait_until_still(page, selector: str = ".jp-NotebookPanel", quiet: int = 700,
                     most: int = 15_000) -> None:
    """Wait until what ``selector`` shows has stopped changing for ``quiet`` ms."""
    page.evaluate(STILL, [selector, quiet, most])


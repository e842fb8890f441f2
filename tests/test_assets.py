"""The browser's own files (trainer/ui/assets): each is read as the package ships it, and
each script is valid JavaScript, checked by Node (the `nodejs` package) as the CI runs it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from trainer.ui import assets, cardpick

FOLDER = Path(assets.__file__).parent
SCRIPTS = sorted(FOLDER.glob("*.js"))
NODE = shutil.which("node") or shutil.which("nodejs")


def test_every_asset_is_read_as_shipped() -> None:
    names = {path.name for path in FOLDER.iterdir() if path.suffix in (".js", ".css")}
    assert {"cardpick.js", "cardpick.css", "sounds.js", "table.css"} <= names
    for name in names:
        assert assets.text(name) == (FOLDER / name).read_text(encoding="utf-8")


@pytest.mark.skipif(
    NODE is None and os.environ.get("CI", "").lower() != "true", reason="Node is not installed"
)
@pytest.mark.parametrize("script", SCRIPTS, ids=[path.name for path in SCRIPTS])
def test_each_script_is_valid_javascript(script: Path, tmp_path: Path) -> None:
    assert NODE is not None, "the test command installs Node (nodejs) to check the scripts"
    module = tmp_path / f"{script.stem}.mjs"  # the components' scripts are ES modules
    module.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run([NODE, "--check", str(module)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_card_script_takes_its_kinds_and_limit_from_python() -> None:
    """Nothing the Python side decides is written again in the script: the claim kinds come
    with the data (their words too), and so does the log's limit."""
    from trainer.engine import parse_cards

    data = cardpick.picker_data("t", cardpick.PickMode.CLAIM, parse_cards("5H 5D"))
    assert data["limit"] == cardpick.LOG_LIMIT
    from trainer.training.grading import ClaimKind

    assert [kind for kind, _, _ in data["kinds"]] == list(ClaimKind)
    js = cardpick.JS
    assert "this.data.limit" in js and not re.search(rf"\b{cardpick.LOG_LIMIT}\b", js)
    for kind in ClaimKind:
        assert f'"{kind}"' not in js and f"'{kind}'" not in js

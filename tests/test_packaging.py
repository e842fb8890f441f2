"""The package as installed from its wheel: the course ships in it, and an installed
trainer finds and validates the same lessons and drills a checkout runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from trainer.content.files import COURSE_DIR, DRILLS_DIR, LESSONS_DIR, REPO_ROOT, yaml_files

VIEWS = REPO_ROOT / "trainer" / "ui" / "views"

# Building copies the sources and runs setuptools: a few seconds.
pytestmark = pytest.mark.slow


def test_the_checkout_links_its_course_into_the_package() -> None:
    assert (COURSE_DIR / "lessons").resolve() == REPO_ROOT / "lessons"
    assert (COURSE_DIR / "drills").resolve() == REPO_ROOT / "drills"
    assert yaml_files(LESSONS_DIR) and yaml_files(DRILLS_DIR)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout (the checkout itself is left as it was)."""
    source = tmp_path_factory.mktemp("source")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")
    for name in ("trainer", "lessons", "drills"):
        shutil.copytree(REPO_ROOT / name, source / name, symlinks=True, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO_ROOT / name, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(source),
        ],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_holds_every_lesson_and_drill_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, inside in ((LESSONS_DIR, "lessons"), (DRILLS_DIR, "drills")):
        for path in yaml_files(folder):
            assert f"trainer/course/{inside}/{path.name}" in names
    assert "trainer/course/drills/README.md" in names
    # the tools (the benchmarks and what serves the app for them) and the tests stay out
    assert not any(name.startswith(("tests/", "lessons/", "drills/")) for name in names)
    assert not any(name.startswith("trainer/bench") for name in names)
    assert (REPO_ROOT / "trainer" / "bench" / "__init__.py").is_file()  # (they are in the checkout)
    # what the app needs is in: its entry point, the command line, the launcher, every page
    assert {"trainer/app.py", "trainer/cli.py", "trainer/launch.py"} <= names
    assert {f"trainer/ui/views/{page.name}" for page in VIEWS.glob("*.py")} <= names


def test_an_installed_trainer_validates_its_course(wheel: Path, tmp_path: Path) -> None:
    """Installed in a fresh environment (its dependencies lent from this one, never the
    checkout's own package), the trainer finds its lessons and drills and checks them."""
    env = tmp_path / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--no-deps",
            "--no-index",
            "-q",
            str(wheel),
        ],
        check=True,
        timeout=300,
    )
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # Lines of a .pth file are added to the path as they are: this environment's own .pth
    # files (the checkout's editable install among them) are not run.
    (site / "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import trainer.content.files as c; print(c.LESSONS_DIR.resolve())"],
        cwd=elsewhere,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(env), where
    done = subprocess.run(
        [str(python), "-m", "trainer", "validate"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "All lesson and drill files are valid." in done.stdout
    # the app and every page's modules import from the installed package; the tools do not
    # exist there
    imported = subprocess.run(
        [str(python), "-c", _IMPORTS],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert imported.stdout.split() == ["app", "no-bench"]


#: Run in the installed environment: the app's modules import, the benchmarks are absent.
_IMPORTS = """
import importlib.util
import trainer.launch, trainer.cli, trainer.ui.session  # noqa
import trainer.training.table, trainer.training.grading, trainer.training.learn  # noqa
spec = importlib.util.find_spec("trainer.app")
assert spec is not None and spec.origin is not None
print("app")
print("no-bench" if importlib.util.find_spec("trainer.bench") is None else "bench")
"""

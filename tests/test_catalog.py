"""Drill files: the repository's validate, broken ones fail with named problems,
and a broken file never takes the other drills down."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from trainer.content.catalog import (
    DRILL_FEATURES,
    Constraints,
    Drill,
    Tier,
    check_files,
    load_drill_file,
    load_drills,
    looks_like_drill_file,
)
from trainer.content.files import DRILLS_DIR
from trainer.content.validate import validate_paths
from trainer.engine.skills import DrillType
from trainer.training.questions import load_catalog, tier_problem

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "drills"


def _messages(path: Path) -> list[str]:
    return [str(problem) for problem in check_files([path], tier_problem)]


def test_every_repository_drill_file_is_valid() -> None:
    assert check_files(sorted(DRILLS_DIR.glob("*.yaml")), tier_problem) == []
    assert validate_paths([DRILLS_DIR]) == []


def test_the_catalog_has_every_drill_type_with_tiers() -> None:
    catalog = load_drills()
    assert catalog.broken == {}
    assert tuple(catalog.drills) == tuple(DrillType)
    for drill in catalog.drills.values():
        assert len(drill.tiers) >= (2 if drill.drill.coached else 3)
        for tier in drill.tiers:
            assert tier.length >= 1 and tier.pace > 0
    assert "traps" in catalog.drills[DrillType.HAND].tier_ids
    assert "traps" in catalog.drills[DrillType.CRIB].tier_ids
    assert "traps" in catalog.drills[DrillType.PEG].tier_ids
    assert ("hand", "twenty-plus") in catalog.pairs()


def test_the_readme_documents_every_feature() -> None:
    readme = (DRILLS_DIR / "README.md").read_text()
    for features in DRILL_FEATURES.values():
        for name in features:
            assert f"`{name}`" in readme, name


def test_an_unknown_field_names_the_file_drill_tier_and_field() -> None:
    (message,) = _messages(FIXTURES / "unknown-field.yaml")
    assert "unknown-field.yaml" in message
    assert "drill hand, tier club" in message
    assert "constraints.requires" in message
    assert "unknown key 'requires': did you mean 'require'?" in message


def test_a_misspelt_feature_is_named_with_a_suggestion() -> None:
    (message,) = _messages(FIXTURES / "bad-feature.yaml")
    assert "drill hand, tier club" in message
    assert "constraints.require_any" in message
    assert "'dubble-run'" in message
    assert "did you mean 'double-run'" in message


def test_impossible_constraints_are_caught_by_dealing() -> None:
    (message,) = _messages(FIXTURES / "impossible.yaml")
    assert "drill crib, tier silly" in message
    assert "no crib can meet these constraints" in message


def test_wrong_types_and_misplaced_fields_are_each_reported() -> None:
    messages = _messages(FIXTURES / "wrong-types.yaml")
    assert len(messages) == 3, messages
    assert any("tier club: length" in m and "'ten'" in m for m in messages)
    assert any("tier club: constraints" in m and "min_total (4)" in m for m in messages)
    assert any(
        "tier expert: constraints.must_include" in m and "not peg drills" in m for m in messages
    )


def test_a_file_that_is_not_yaml_names_the_line() -> None:
    (message,) = _messages(FIXTURES / "not-yaml.yaml")
    assert "not-yaml.yaml: line 4, column 3: this is not valid YAML" in message


def test_a_key_written_twice_is_refused_not_silently_overwritten() -> None:
    (message,) = _messages(FIXTURES / "key-twice.yaml")
    assert (
        "key-twice.yaml: drill hand, tier club: length: the key 'length' is written twice"
        in message
    )
    assert "(lines 7 and 9)" in message


def test_an_unknown_drill_type_is_refused() -> None:
    (message,) = _messages(FIXTURES / "unknown-drill.yaml")
    assert "drill poker: drill:" in message
    assert "'hand', 'crib', 'peg', 'go', 'discard' or 'play'" in message


def test_two_files_for_one_drill_type_are_an_error(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yaml"):
        shutil.copy(DRILLS_DIR / "go.yaml", tmp_path / name)
    (problem,) = check_files(sorted(tmp_path.glob("*.yaml")))
    assert problem.file.endswith("b.yaml")
    assert "already defined" in problem.message


def test_a_broken_file_only_takes_its_own_drill_out(tmp_path: Path) -> None:
    shutil.copy(DRILLS_DIR / "hand.yaml", tmp_path / "hand.yaml")
    shutil.copy(DRILLS_DIR / "peg.yaml", tmp_path / "peg.yaml")
    shutil.copy(FIXTURES / "impossible.yaml", tmp_path / "crib.yaml")
    (tmp_path / "go.yaml").write_text("drill: go\ntiers: [oops\n")
    catalog = load_drills(tmp_path, check=tier_problem)
    assert list(catalog.drills) == ["hand", "peg"]
    assert set(catalog.broken) == {"crib", "go.yaml"}
    assert "no crib can meet" in str(catalog.broken["crib"][0])
    assert "not valid YAML" in str(catalog.broken["go.yaml"][0])


def test_looks_like_drill_file() -> None:
    assert looks_like_drill_file(DRILLS_DIR / "hand.yaml")
    assert not looks_like_drill_file(FIXTURES / "not-yaml.yaml")
    assert not looks_like_drill_file(REPO / "pyproject.toml")


def test_load_drill_file_returns_the_drill_or_its_problems() -> None:
    drill, problems = load_drill_file(DRILLS_DIR / "peg.yaml")
    assert drill is not None and problems == []
    assert drill.tier("beginner").show_count == "after"
    drill, problems = load_drill_file(FIXTURES / "impossible.yaml", tier_problem)
    assert drill is None and len(problems) == 1


def test_without_the_generator_only_the_structure_is_checked() -> None:
    """The loaders sit below the drill generator: dealing is checked only when it is handed in."""
    drill, problems = load_drill_file(FIXTURES / "impossible.yaml")
    assert drill is not None and problems == []
    assert tuple(load_catalog(DRILLS_DIR).drills) == tuple(DrillType)  # the real files all deal


def test_models_are_frozen_and_forbid_extra_keys() -> None:
    tier = Tier.model_validate({"id": "one", "title": "One", "length": 3, "pace": 10})
    with pytest.raises(ValidationError):
        tier.length = 4
    with pytest.raises(ValidationError, match="Extra inputs"):
        Tier.model_validate({"id": "one", "title": "One", "length": 3, "pace": 10, "colour": 1})
    with pytest.raises(ValidationError, match="'mixed' is kept"):
        Tier.model_validate({"id": "mixed", "title": "M", "length": 3, "pace": 10})
    with pytest.raises(ValidationError, match="not a valid id"):
        Tier.model_validate({"id": "Club Level", "title": "M", "length": 3, "pace": 10})


def test_constraints_check_each_other() -> None:
    with pytest.raises(ValidationError, match="both wanted and in forbid"):
        Constraints(require=("nobs",), forbid=("nobs",))
    with pytest.raises(ValidationError, match="'nobs' is both wanted and in forbid"):
        Constraints(require_any=("nobs", "pair"), forbid=("nobs",))
    with pytest.raises(ValidationError, match="'X' is not a rank"):
        Constraints(must_include=("5 5 X",))
    with pytest.raises(ValidationError, match="more than a hand question can ever score"):
        Constraints.model_validate({"max_total": 30}, context={"drill": "hand"})
    with pytest.raises(ValidationError, match="not a feature of peg drills"):
        Constraints.model_validate({"require": ["nobs"]}, context={"drill": "peg"})
    assert Constraints(must_include=("5 5 5 J",)).include_patterns() == ((5, 5, 5, 11),)
    assert Constraints(starter=("J", "10")).starter_orders() == frozenset({10, 11})


def test_duplicate_tier_ids_are_refused() -> None:
    tier = {"id": "one", "title": "One", "length": 3, "pace": 10}
    with pytest.raises(ValidationError, match="two tiers have the id 'one'"):
        Drill.model_validate({"drill": "go", "title": "Go", "summary": "s", "tiers": [tier, tier]})


def test_the_validate_command_reports_drill_problems() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "trainer", "validate", str(FIXTURES / "bad-feature.yaml")],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "did you mean 'double-run'" in result.stdout

"""Drills: ``drills/*.yaml`` validated once into frozen objects.

A drill file defines one drill type (``hand``, ``crib``, ``peg``, ``go``, or one of the
coach drills ``discard`` and ``play``) and its tiers. A tier is a set of questions: how many (``length``), how fast the
learner should aim to answer (``pace``, seconds a question) and the
``constraints`` every question dealt for it meets, written as data: totals,
features that must (or must not) appear, ranks the hand must hold.

Problems name the file, the drill, the tier and the field. A file that fails
never takes the app down: :func:`load_drills` returns the drills that loaded and
each broken drill's problems, so the page can show that drill's error while the
others work.

>>> tier = Tier.model_validate({"id": "mini", "title": "Mini", "length": 3, "pace": 20})
>>> tier.constraints.forbid
()
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from trainer.content import wording
from trainer.content.field_types import Slug, Text
from trainer.content.files import DRILLS_DIR, ContentProblem, display_path, read_yaml, yaml_files
from trainer.engine import MAX_SHOW, Card, CardNotationError
from trainer.engine.skills import DrillType

__all__ = [
    "DRILL_FEATURES",
    "GO_FEATURES",
    "PEG_FEATURES",
    "SHOW_FEATURES",
    "Constraints",
    "Drill",
    "DrillCatalog",
    "Tier",
    "check_files",
    "load_drill_file",
    "load_drills",
    "looks_like_drill_file",
]


#: What a counted hand or crib can show; each name is something the generator
#: can aim for and the checker can see in the engine's items.
SHOW_FEATURES: dict[str, str] = {
    "fifteen": "at least one fifteen",
    "four-card-fifteen": "a fifteen made of four or five cards",
    "five-card-fifteen": "a fifteen made of all five cards",
    "two-card-fifteen": "a fifteen made of two cards",
    "three-card-fifteen": "a fifteen made of three cards",
    "pair": "at least one pair",
    "two-pairs": "pairs in two different ranks",
    "pair-royal": "three cards of one rank",
    "four-of-a-kind": "four cards of one rank",
    "run": "at least one run",
    "long-run": "a run of four or five",
    "run-of-five": "a run of five",
    "multi-run": "a run with a pair inside it (double, triple or double-double run)",
    "double-run": "exactly two runs (one pair inside a run)",
    "triple-run": "three runs (three of a kind inside a run)",
    "double-double-run": "four runs (two pairs inside a run of three)",
    "flush": "a flush that scores",
    "four-card-flush": "the four hand cards share a suit, the starter does not",
    "five-card-flush": "all five cards share a suit",
    "crib-four-flush": "a crib whose four cards share a suit but the starter does not (scores no flush)",
    "false-flush": "three hand cards and the starter share a suit (no flush)",
    "nobs": "the jack of the starter's suit in the hand",
    "jack-starter": "the starter is a jack (no nobs for it)",
    "fives-and-jack": "the hand holds three fives and a jack",
    "zero": "the hand scores nothing",
}

#: What the last card of a pegging pile can make (or look as if it makes).
PEG_FEATURES: dict[str, str] = {
    "fifteen": "the card makes the count 15",
    "thirty-one": "the card makes the count 31",
    "pair": "a pair with the card before",
    "pair-royal": "the third card of a rank in a row",
    "double-pair-royal": "the fourth card of a rank in a row",
    "run": "a run of three or more",
    "long-run": "a run of four or more",
    "run-out-of-order": "a run whose cards were not laid in order",
    "broken-run": "a duplicate or a stranger among the last cards stops a longer run",
    "split-pair": "the same rank two cards back, with another card between (no pair)",
    "rank-not-value": "two different ten-cards in a row, like J then Q (no pair)",
    "zero": "the card scores nothing",
}

#: How a series of the play can end.
GO_FEATURES: dict[str, str] = {
    "go": "nobody can lay another card: 1 for the go",
    "thirty-one": "the count reaches 31: 2, and no go point",
    "last-card": "the last card of the whole play: 1 (unless it made 31)",
    "played-alone": "one player laid two or more cards in a row at the end",
    "leads-again": "the player who laid last also leads next, the other being out of cards",
    "play-over": "every card has been laid",
}

DRILL_FEATURES: dict[DrillType, dict[str, str]] = {
    DrillType.HAND: {k: v for k, v in SHOW_FEATURES.items() if k != "crib-four-flush"},
    DrillType.CRIB: {k: v for k, v in SHOW_FEATURES.items() if k != "four-card-flush"},
    DrillType.PEG: PEG_FEATURES,
    DrillType.GO: GO_FEATURES,
}

#: The most points the question can be worth (the 29 hand; a card in the play).
MAX_TOTAL: dict[DrillType, int] = {
    DrillType.HAND: MAX_SHOW,
    DrillType.CRIB: MAX_SHOW,
    DrillType.PEG: 14,
    DrillType.GO: 2,
}

#: Cards in a pile or series: the play has eight cards in all.
MAX_CARDS = 8

_RANK_TOKENS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"}


def _not_mixed(value: str) -> str:
    if value == "mixed":
        raise ValueError("'mixed' is kept for the page's mixed sets: choose another id")
    return value


#: A tier's id: any id but the one the page keeps for its mixed sets.
TierId = Annotated[Slug, AfterValidator(_not_mixed)]


def _rank_tokens(pattern: str) -> tuple[str, ...]:
    tokens = tuple(token.upper() for token in pattern.split())
    if not tokens:
        raise ValueError("the pattern is empty: write ranks like '5 5 5 J'")
    for token in tokens:
        if token not in _RANK_TOKENS:
            raise ValueError(f"{token!r} is not a rank: use A, 2-10, J, Q or K")
    if len(tokens) > 4:
        raise ValueError(
            f"a hand holds 4 cards, so a pattern has at most 4 ranks, not {len(tokens)}"
        )
    for token in set(tokens):
        if tokens.count(token) > 4:
            raise ValueError(f"there are only four cards of rank {token}")
    return tokens


def rank_order(token: str) -> int:
    """Run order (1-13) of a rank token such as ``'A'``, ``'10'`` or ``'J'``."""
    token = "T" if token.upper() == "10" else token.upper()
    try:
        return Card.parse(token + "S").order
    except CardNotationError:
        raise ValueError(f"{token!r} is not a rank: use A, 2-10, J, Q or K") from None


def _feature_check(
    values: tuple[str, ...], info: ValidationInfo, model: type[Constraints]
) -> tuple[str, ...]:
    drill = _context_drill(info, model)
    known = model.feature_names
    if known is None:
        if drill is None or drill not in DRILL_FEATURES:
            return values
        known = DRILL_FEATURES[drill]
    seen: set[str] = set()
    for value in values:
        if value not in known:
            close = difflib.get_close_matches(value, list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ValueError(
                f"{value!r} is not a feature of {model.features_of or f'{drill} drills'}{hint} "
                f"(known: {', '.join(sorted(known))})"
            )
        if value in seen:
            raise ValueError(f"{value!r} is listed twice")
        seen.add(value)
    return values


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Constraints(_Model):
    """What every question of a tier meets. All fields are optional.

    ``min_total``/``max_total`` bound the right answer's points;
    ``min_items``/``max_items`` the number of scoring combinations;
    every feature in ``require`` must appear, at least one of ``require_any``
    (the generator spreads its questions evenly over these), none of ``forbid``.
    ``must_include`` lists rank patterns such as ``"5 5 5 J"``: the four hand
    cards hold every rank of at least one of them. ``starter`` lists the ranks
    the starter may have. ``min_cards``/``max_cards`` bound the cards in a
    pegging pile, or in the series of a go question.

    A drill file's tier says which drill its constraints are for in the validation
    context (``{"drill": "hand"}``); a subclass for one kind of question (a lesson's
    question kinds, :mod:`trainer.content.lessons.checks.kinds`) fixes it instead, with
    the features it may name.
    """

    #: The drill type whose fields and features apply (``None``: the context's).
    for_drill: ClassVar[DrillType | None] = None
    #: The features it may name (``None``: the drill type's).
    feature_names: ClassVar[Mapping[str, str] | None] = None
    #: What those features are of, in a message ("a hand or crib").
    features_of: ClassVar[str | None] = None

    min_total: Annotated[StrictInt, Field(ge=0)] | None = None
    max_total: Annotated[StrictInt, Field(ge=0)] | None = None
    min_items: Annotated[StrictInt, Field(ge=0)] | None = None
    max_items: Annotated[StrictInt, Field(ge=0)] | None = None
    require: tuple[StrictStr, ...] = ()
    require_any: tuple[StrictStr, ...] = ()
    forbid: tuple[StrictStr, ...] = ()
    must_include: tuple[StrictStr, ...] = ()
    starter: tuple[StrictStr, ...] = ()
    min_cards: Annotated[StrictInt, Field(ge=1, le=MAX_CARDS)] | None = None
    max_cards: Annotated[StrictInt, Field(ge=1, le=MAX_CARDS)] | None = None

    @field_validator("require", "require_any", "forbid")
    @classmethod
    def _known_features(cls, values: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        return _feature_check(values, info, cls)

    @field_validator("must_include")
    @classmethod
    def _patterns(cls, values: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        for value in values:
            _rank_tokens(value)
        _only_for(info, (DrillType.HAND, DrillType.CRIB), "must_include", cls)
        return values

    @field_validator("starter")
    @classmethod
    def _starter_ranks(cls, values: tuple[str, ...], info: ValidationInfo) -> tuple[str, ...]:
        for value in values:
            rank_order(value)
        _only_for(info, (DrillType.HAND, DrillType.CRIB), "starter", cls)
        return values

    @field_validator("min_cards", "max_cards")
    @classmethod
    def _cards_only_for_play(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None:
            _only_for(info, (DrillType.PEG, DrillType.GO), str(info.field_name), cls)
        return value

    @field_validator("max_total")
    @classmethod
    def _not_absurd(cls, value: int | None, info: ValidationInfo) -> int | None:
        drill = _context_drill(info, cls)
        most = None if drill is None else MAX_TOTAL.get(drill)
        if value is not None and most is not None and value > most:
            raise ValueError(f"{value} is more than a {drill} question can ever score ({most})")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Constraints:
        pairs = (("min_total", "max_total"), ("min_items", "max_items"), ("min_cards", "max_cards"))
        for low_name, high_name in pairs:
            low, high = getattr(self, low_name), getattr(self, high_name)
            if low is not None and high is not None and low > high:
                raise ValueError(f"{low_name} ({low}) is more than {high_name} ({high})")
        for name in (*self.require, *self.require_any):
            if name in self.forbid:
                raise ValueError(f"{name!r} is both wanted and in forbid")
        return self

    def starter_orders(self) -> frozenset[int]:
        return frozenset(rank_order(token) for token in self.starter)

    def include_patterns(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(sorted(rank_order(t) for t in _rank_tokens(pattern)))
            for pattern in self.must_include
        )


def _context_drill(
    info: ValidationInfo, model: type[Constraints] | None = None
) -> DrillType | None:
    """The drill type the constraints are for: the model's own, or the file's (``None``
    when the file names none, or a word that is not a drill type: that is said once)."""
    if model is not None and model.for_drill is not None:
        return model.for_drill
    context = info.context if isinstance(info.context, Mapping) else {}
    return DrillType.named(context.get("drill"))


def _only_for(
    info: ValidationInfo,
    types: tuple[DrillType, ...],
    name: str,
    model: type[Constraints] | None = None,
) -> None:
    drill = _context_drill(info, model)
    if drill is not None and drill not in types:
        raise ValueError(f"{name} is for {' and '.join(types)} drills, not {drill} drills")


class Tier(_Model):
    """One level of a drill: a set of ``length`` questions to answer at ``pace``
    seconds each, every one meeting ``constraints``."""

    id: TierId
    title: Text
    summary: Text = "Practice questions."
    length: Annotated[StrictInt, Field(ge=1, le=100)]
    pace: Annotated[StrictInt | StrictFloat, Field(gt=0, le=600)]
    show_count: Literal["before", "after"] = "before"
    #: The go drill only: how many at the table (three each alone, four as partners).
    players: Literal[2, 3, 4] = 2
    constraints: Constraints = Constraints()

    @field_validator("players")
    @classmethod
    def _go_only(cls, value: int, info: ValidationInfo) -> int:
        if value != 2:
            _only_for(info, (DrillType.GO,), "players")
        return value

    @field_validator("show_count")
    @classmethod
    def _peg_only(cls, value: str, info: ValidationInfo) -> str:
        if value != "before":
            _only_for(info, (DrillType.PEG,), "show_count")
        return value

    @field_validator("constraints")
    @classmethod
    def _none_for_coach_drills(cls, value: Constraints, info: ValidationInfo) -> Constraints:
        drill = _context_drill(info)
        if drill is not None and drill.coached and value.model_fields_set:
            raise ValueError(
                f"{drill} drills take no constraints: the coach deals its own positions "
                f"for each tier (leave out {', '.join(sorted(value.model_fields_set))})"
            )
        return value


class Drill(_Model):
    """A drill type and its tiers, in the order the page offers them."""

    drill: DrillType
    title: Text
    summary: Text
    tiers: Annotated[tuple[Tier, ...], Field(min_length=1)]

    @field_validator("tiers")
    @classmethod
    def _unique_tiers(cls, tiers: tuple[Tier, ...]) -> tuple[Tier, ...]:
        seen: set[str] = set()
        for tier in tiers:
            if tier.id in seen:
                raise ValueError(f"two tiers have the id {tier.id!r}")
            seen.add(tier.id)
        return tiers

    def tier(self, tier_id: str) -> Tier:
        for tier in self.tiers:
            if tier.id == tier_id:
                return tier
        known = ", ".join(t.id for t in self.tiers)
        raise KeyError(f"the {self.drill} drill has no tier {tier_id!r} (it has {known})")

    @property
    def tier_ids(self) -> tuple[str, ...]:
        return tuple(tier.id for tier in self.tiers)


# --- reading files ------------------------------------------------------------------------


def _read_yaml(path: Path) -> tuple[Any, list[ContentProblem]]:
    read = read_yaml(path, display_path(path))
    if read.problems:
        return None, list(read.problems)
    problems = []
    for duplicate in read.duplicates:
        where, field_path = _where(read.data, duplicate.loc)
        message = duplicate.message()
        problems.append(
            ContentProblem(
                display_path(path), where, f"{field_path}: {message}" if field_path else message
            )
        )
    return (None if problems else read.data), problems


def looks_like_drill_file(path: str | Path) -> bool:
    """True when the file is a YAML mapping with a ``drill`` key and ``tiers``."""
    data, problems = _read_yaml(Path(path))
    return not problems and isinstance(data, dict) and "drill" in data and "tiers" in data


def _where(data: Any, loc: Sequence[str | int]) -> tuple[str, str]:
    """Split a pydantic location into ("drill X, tier Y", "field.path")."""
    drill = data.get("drill") if isinstance(data, dict) else None
    place = [f"drill {drill}" if isinstance(drill, str) else "drill ?"]
    rest = list(loc)
    if len(rest) >= 2 and rest[0] == "tiers" and isinstance(rest[1], int):
        index = rest[1]
        tiers = data.get("tiers") if isinstance(data, dict) else None
        tier_id = None
        if isinstance(tiers, list) and index < len(tiers) and isinstance(tiers[index], dict):
            tier_id = tiers[index].get("id")
        place.append(f"tier {tier_id}" if isinstance(tier_id, str) else f"tier #{index + 1}")
        rest = rest[2:]
    path = ""
    for part in rest:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return ", ".join(place), path


def _validate(path: Path, data: Any) -> tuple[Drill | None, list[ContentProblem]]:
    if not isinstance(data, dict):
        return None, [
            ContentProblem(
                display_path(path),
                "",
                "a drill file is a mapping with drill, title, summary and tiers",
            )
        ]
    drill_type = data.get("drill")
    context = {"drill": drill_type if isinstance(drill_type, str) else None}
    try:
        return Drill.model_validate(data, context=context), []
    except ValidationError as err:
        problems = []
        errors = err.errors()
        inside_tiers = any(len(e["loc"]) > 1 and e["loc"][0] == "tiers" for e in errors)
        for error in errors:
            if error["loc"] == ("tiers",) and error["type"] == "too_short" and inside_tiers:
                continue  # the tiers themselves failed: that is the problem to report
            where, field_path = _where(data, error["loc"])
            message = wording.message(error, Drill, see="drills/README.md")
            problems.append(
                ContentProblem(
                    display_path(path), where, f"{field_path}: {message}" if field_path else message
                )
            )
        return None, problems


#: Why a tier of a drill cannot deal questions (``None`` when it can). The drill generator,
#: a layer above the loaders, supplies it (:func:`trainer.training.questions.tier_problem`); without
#: one, only the file's structure and fields are checked.
DealCheck = Callable[["Drill", "Tier"], str | None]


def _check_dealable(path: Path, drill: Drill, check: DealCheck | None) -> list[ContentProblem]:
    """Every tier must be able to deal questions: impossible constraints are an error."""
    if check is None:
        return []
    problems = []
    # a coach drill's tier has no constraints: what it deals is chosen by its id
    field_name = "id" if drill.drill.coached else "constraints"
    for tier in drill.tiers:
        reason = check(drill, tier)
        if reason:
            problems.append(
                ContentProblem(
                    display_path(path),
                    f"drill {drill.drill}, tier {tier.id}",
                    f"{field_name}: {reason}",
                )
            )
    return problems


def load_drill_file(
    path: str | Path, check: DealCheck | None = None
) -> tuple[Drill | None, list[ContentProblem]]:
    """One drill file: the drill (``None`` if it failed) and every problem found."""
    path = Path(path)
    data, problems = _read_yaml(path)
    if problems:
        return None, problems
    drill, problems = _validate(path, data)
    if drill is not None:
        problems = _check_dealable(path, drill, check)
        if problems:
            drill = None
    return drill, problems


def check_files(
    files: Iterable[str | Path], check: DealCheck | None = None
) -> list[ContentProblem]:
    """Validate drill files: structure, fields, dealable tiers, one file per drill type."""
    problems: list[ContentProblem] = []
    owners: dict[str, Path] = {}
    for file in files:
        path = Path(file)
        drill, found = load_drill_file(path, check)
        problems.extend(found)
        if drill is None:
            continue
        if drill.drill in owners:
            problems.append(
                ContentProblem(
                    display_path(path),
                    f"drill {drill.drill}",
                    f"drill: {drill.drill!r} is already defined in {owners[drill.drill]}",
                )
            )
        else:
            owners[drill.drill] = path
    return problems


@dataclass(frozen=True)
class DrillCatalog:
    """The drills that loaded, by type, and the problems of those that did not.

    ``broken`` maps a drill type (or a file name, when even the type is
    unreadable) to its problems.
    """

    drills: dict[DrillType, Drill] = field(default_factory=dict)
    broken: dict[str, tuple[ContentProblem, ...]] = field(default_factory=dict)

    def tier(self, drill: DrillType, tier: str) -> tuple[Drill, Tier]:
        if drill not in self.drills:
            raise KeyError(f"there is no {drill!r} drill")
        found = self.drills[drill]
        return found, found.tier(tier)

    def pairs(self) -> tuple[tuple[DrillType, str], ...]:
        """Every (drill, tier) that can be dealt, in file order."""
        return tuple((d.drill, t.id) for d in self.drills.values() for t in d.tiers)


def load_drills(
    directory: str | Path | None = None, check: DealCheck | None = None
) -> DrillCatalog:
    """Every drill file in ``directory`` (default: ``drills/``); a broken file only takes
    its own drill out. A file that is not a plain file (a FIFO, a link that loops) or is
    too large is listed as broken without being opened or read whole."""
    directory = Path(DRILLS_DIR if directory is None else directory)
    drills: dict[DrillType, Drill] = {}
    broken: dict[str, tuple[ContentProblem, ...]] = {}
    for path in yaml_files(directory):
        data, _ = _read_yaml(path)
        raw_type = data.get("drill") if isinstance(data, dict) else None
        key = raw_type if isinstance(raw_type, str) and raw_type else path.name
        drill, problems = load_drill_file(path, check)
        if drill is None:
            broken[key] = (*broken.get(key, ()), *problems)
        elif drill.drill in drills:
            broken[path.name] = (
                ContentProblem(
                    display_path(path),
                    f"drill {drill.drill}",
                    "this drill is already defined in another file",
                ),
            )
        else:
            drills[drill.drill] = drill
    ordered = {name: drills[name] for name in DrillType if name in drills}
    return DrillCatalog(ordered, broken)

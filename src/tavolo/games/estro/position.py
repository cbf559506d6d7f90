"""What the table modes' scenario positions share: a position is checked field by field
before any of it is used, so that a number where a list belongs, or a list where a seat
belongs, is one line naming the field (told in the user's language) rather than a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from tavolo.engine.content import Reason

from .content import bad_position

M = TypeVar("M", bound=BaseModel)


class Part(BaseModel):
    """A part of a position: anything but a mapping is said to be one, not by the name of
    the model that reads it."""

    @model_validator(mode="before")
    @classmethod
    def _a_mapping(cls, data: Any) -> Any:
        if not isinstance(data, Mapping | BaseModel):
            raise PydanticCustomError("dict_type", "Input should be a valid dictionary")
        return data


def by_id(entry: Any) -> Any:
    """A card given as its id alone: the card with no state of its own."""
    return {"id": entry} if isinstance(entry, str) else entry


def parse(model: type[M], position: Any, game: str) -> M:
    """``position`` as ``model``, or one line: ``position.mapping``, ``position.invalid``."""
    if not isinstance(position, Mapping):
        raise bad_position(game, "mapping")
    try:
        return model.model_validate(position)
    except ValidationError as e:  # which field, and why, in the user's language
        raise bad_position(game, "invalid", reason=Reason(e)) from None

"""The base of every mutable engine model.

pydantic's `__setattr__` goes through a generic dispatch that costs about a microsecond per write;
rules code writes state attributes several times per action. These models never validate on
assignment, so a field write can go straight to `__dict__`. Unknown names still go through
pydantic (and fail there).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class StateModel(BaseModel):
    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__:  # every field is in __dict__ from construction on
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

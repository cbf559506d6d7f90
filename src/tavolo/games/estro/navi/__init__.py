"""Estro's single player mode against the five spaceships (``--mode navi``)."""

from .mode import Mode

__all__ = ["Mode"]

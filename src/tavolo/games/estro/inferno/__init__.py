"""Estro's Inferno 2v2 mode: four seats in two teams sharing a field per team."""

from .rules import Mode

__all__ = ["Mode"]

"""Estro: a 1v1 card battle of five estri (rulebook: shared/seeds/estro-manual.it.txt)."""

from .game import EstroGame

__all__ = ["EstroGame"]

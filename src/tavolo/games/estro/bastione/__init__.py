"""Ultimo Bastione (mode ``ultimo_bastione``): two to four dreamers against a horde."""

from .mode import Mode

__all__ = ["Mode"]

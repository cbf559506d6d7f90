"""tavolo: tabletop rulebooks made playable, searchable by AI and simulatable at scale."""

from . import native

__version__ = "0.1.0"

native.install()

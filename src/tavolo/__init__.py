"""tavolo: tabletop rulebooks made playable, searchable by AI and simulatable at scale."""

__version__ = "0.1.0"

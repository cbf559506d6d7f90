"""A decision's options grouped for a person on the play screen: the options of one
kind that differ only in their last words share a line under the words they have in
common ("Form at: 1 (1,1) · 2 (3,1) · 3 (4,1)"), numbered as the decision lists them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Groups = list[tuple[str, list[tuple[int, str]]]]

# The kinds whose options share a line, and the longest own words an option may keep
# there: "to (3,2): a trap: 1 wound" reads on a shared line, a symbol's rule does not.
SHARED = frozenset({"to", "at", "shove", "enemy", "strike", "portal", "reroll", "pay", "as", "x"})
OWN_WORDS = 32


def group(actions: Sequence[str], describe: Callable[[str], str]) -> Groups | None:
    """The groups of ``actions`` (``describe`` gives an option's whole words); None when
    no two share a line (each option a line of its own, as before)."""
    said = [describe(a) for a in actions]
    kinds: dict[str, list[int]] = {}
    for i, action in enumerate(actions):
        verb, colon, _ = action.partition(":")
        if colon and verb in SHARED:
            kinds.setdefault(verb, []).append(i)
    shared: dict[int, tuple[str, str]] = {}  # an option's heading and its own words
    for found in kinds.values():
        words = [said[i].split(" ") for i in found]
        start = 0
        while all(len(w) > start + 1 and w[start] == words[0][start] for w in words):
            start += 1
        own = [" ".join(w[start:]) for w in words]
        if len(found) < 2 or not start or max(map(len, own)) > OWN_WORDS:
            continue
        head = " ".join(words[0][:start])
        for i, text in zip(found, own, strict=True):
            shared[i] = (head, text)
    if not shared:
        return None
    groups: Groups = []
    heads: dict[str, int] = {}
    for i, text in enumerate(said):
        if i in shared:
            head, own_words = shared[i]
            if head not in heads:
                heads[head] = len(groups)
                groups.append((head, []))
            groups[heads[head]][1].append((i, own_words))
        elif groups and not groups[-1][0]:
            groups[-1][1].append((i, text))
        else:
            groups.append(("", [(i, text)]))
    return groups

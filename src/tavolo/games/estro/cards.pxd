# Compiled layout of a card's facts (tools/build_native.py): each slot of cards.py's
# CardInfo a C field, so compiled rules that type a local as CardInfo read it directly.
cdef class CardInfo:
    cdef readonly str id, name
    cdef readonly str trigger
    cdef readonly object estro, stats, tot, gift

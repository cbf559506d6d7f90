# Compiled layout of Estro's state (tools/build_native.py): each slot of state.py a C field,
# so compiled rules read them without an attribute lookup. Keep in step with __slots__.
from tavolo.engine.game cimport State

cdef class Player:
    cdef public list deck, hand, field, inc
    cdef public set down, spent, summoned
    cdef public dict mods, estro, shield, zones
    cdef public tuple rest, attached
    cdef public frozenset inhibited, known
    cdef public object chimera_turn, extra_attacks, extra_plays, necro, zone_used, zused

cdef class Battle:
    cdef public list adelta, ddelta, amul, dmul
    cdef public object a, adie, ap, d, ddie, rule, zoned

cdef class EstroState(State):
    cdef public list players, steps
    cdef public set attacked
    cdef public dict flags
    cdef public tuple rift, dial
    cdef public frozenset rift_born
    cdef public object active, attacks, battle, first, mf, mode, phase, played, plays
    cdef public object reason, result, rift_turn, turn, zone

# Compiled layout of Inferno's state (tools/build_native.py); keep in step with __slots__.
from ..state cimport EstroState

cdef class Seat:
    cdef public list hand, deck, inc
    cdef public frozenset known
    cdef public object extra_plays, extra_attacks, chimera_turn, zone_used

cdef class InfernoState(EstroState):
    cdef public list loaded, seats
    cdef public dict owner
    cdef public object seat, zone2

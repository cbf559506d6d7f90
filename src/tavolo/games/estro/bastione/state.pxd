# Compiled layout of Ultimo Bastione's state (tools/build_native.py); keep in step with
# __slots__.
from ..state cimport EstroState

cdef class BastioneState(EstroState):
    cdef public list hands, decks, asl, placed, bonus, chim, hdeck
    cdef public set attackers, hdone
    cdef public dict cell, home, marks
    cdef public tuple pending
    cdef public object n, bound, seat, turns, engaged, cq, cq0, rnd

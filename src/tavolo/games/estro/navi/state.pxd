# Compiled layout of the single player mode's state (tools/build_native.py); keep in step
# with __slots__.
from ..state cimport EstroState

cdef class NaviState(EstroState):
    cdef public list shields, alarm
    cdef public tuple crew, pending, held, pool, used
    cdef public dict ship_of

# Compiled layout of the engine's State (tools/build_native.py): its two slots as C fields;
# the legality check every move runs, a C function.
cdef class State:
    cdef public object _dec, rng

cdef object _answered(object game, State state, object action)

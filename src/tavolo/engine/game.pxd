# Compiled layout of the engine's State (tools/build_native.py): its two slots as C fields.
cdef class State:
    cdef public object _dec, rng

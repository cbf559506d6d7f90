# Compiled layout of the RNG (tools/build_native.py): the state and the SplitMix64
# constants as C unsigned 64-bit ints, so that a draw wraps in C as the Python code masks.
cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

cdef class RNG:
    cdef public unsigned long long s

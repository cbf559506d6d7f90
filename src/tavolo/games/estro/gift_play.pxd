# Compiled layout of the play-form gifts (tools/build_native.py): each slot of
# gift_play.py a C field, so the gift interpreter's typed locals read them directly.
# Keep in step with __slots__.
cdef class Filter:
    cdef public object estro, face_down, max_tot, min_tot, other, side

cdef class Condition:
    cdef public object foe_estro, foe_face_down, hand_at_least, hand_at_most
    cdef public object incinerator_at_least, my_field_at_least, my_field_at_most
    cdef public object opp_field_at_least, opp_field_at_most, round_at_least
    cdef public object round_at_most, zone

cdef class Chance:
    cdef public object coin, die_at_least, percent, tot

cdef class Effect:
    cdef public object add, convert, counter, destroy, discard, draw, estro
    cdef public object extra_attack, extra_play, mul, protect, revive, save, stat
    cdef public object swap, until, verb, who, zone_refresh

cdef class Gift:
    cdef public object aura, chance, do, if_, kind, optional, source, target, trigger

from .state cimport EstroState, Player, Battle
from .cards cimport CardInfo
from .gift_play cimport Chance, Condition, Effect, Filter, Gift

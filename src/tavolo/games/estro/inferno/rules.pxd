from ..state cimport EstroState, Player, Battle
from .state cimport InfernoState, Seat

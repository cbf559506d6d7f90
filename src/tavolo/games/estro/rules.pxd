from .state cimport EstroState, Player, Battle
from .cards cimport CardInfo

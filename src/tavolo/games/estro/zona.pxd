from .state cimport EstroState, Player, Battle

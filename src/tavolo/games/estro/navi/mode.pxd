from ..state cimport EstroState, Player, Battle
from .state cimport NaviState
from ..cards cimport CardInfo

from ..state cimport EstroState, Player, Battle
from .state cimport BastioneState
from ..cards cimport CardInfo

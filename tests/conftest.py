import pytest

from tavolo.engine import registry
from toygames import TrickGame

registry.register("tricks", TrickGame)


@pytest.fixture
def tricks() -> TrickGame:
    return registry.get("tricks")  # type: ignore[return-value]

import pytest

from tavolo.engine import registry
from toygames import TrickGame

registry.register("tricks", TrickGame)


@pytest.fixture
def tricks() -> TrickGame:
    return registry.get("tricks")  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def _private_profile(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tests never read or write the real player's profile (pencil marks)."""
    monkeypatch.setenv("TAVOLO_HOME", str(tmp_path_factory.mktemp("tavolo-home")))

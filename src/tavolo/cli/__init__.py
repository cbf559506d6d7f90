"""The ``tavolo`` command (Typer + Rich); entry point :func:`tavolo.cli.main.main`."""

"""The watch pages' bot, as the end-to-end tests have it."""

from tests.e2e.conftest import watched  # noqa: F401  (a fixture for the browser tests)

"""Kept for older imports: the one dump helper is tests.support.dump."""

from tests.support import dump

__all__ = ["dump"]

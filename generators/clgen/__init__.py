"""Kernel and manifest generators for clconform (Python 3 standard library only)."""

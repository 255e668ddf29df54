"""The engine tests' fixtures (``fsf``, ``fake``) are in ``tests/conftest.py``, shared with the
window's transport tests; the helpers beside this file are imported by name."""

"""Help: the searchable notation reference (text and railroad diagrams, examples that load on
the board), the About box, and the hint shown on a first start.

Public API (Qt)::

    install_help_menu(window)   # the Help menu, with F1 on the token under the cursor
    HelpWindow                  # the reference, one dialect at a time

``window`` holds the Help window and menu, ``pages`` lays out the reference pages from the
text in ``designer.notation.english.reference``, ``first_run`` shows the first-start hint,
``screenshots`` re-makes the README's help pictures (``python -m designer.gui.help.screenshots``).
"""

from .window import HelpWindow, install_help_menu

__all__ = ["HelpWindow", "install_help_menu"]

"""Help: the searchable notation reference (text and railroad diagrams, examples that load on
the board), the About box, and the hint shown on a first start.

Public API (Qt)::

    install_help_menu(window)   # the Help menu, with F1 on the token under the cursor
    HelpWindow                  # the reference, one dialect at a time (made on first use)

``menu`` holds the Help menu, ``window`` the Help window, ``pages`` lays out the reference pages
from the text in ``designer.notation.english.reference``, ``first_run`` shows the first-start
hint, ``screenshots`` re-makes the README's help pictures
(``python -m designer.gui.help.screenshots``).
"""

from typing import TYPE_CHECKING

from ...lazy import lazy_exports
from .menu import HelpMenu, install_help_menu

if TYPE_CHECKING:
    from .window import HelpWindow

# The Help window and its reference pages load when first asked for (see designer.lazy).
__getattr__ = lazy_exports(__name__, {"HelpWindow": ".window"})

__all__ = ["HelpMenu", "HelpWindow", "install_help_menu"]

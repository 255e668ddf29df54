"""The definition editor: Betza text with highlighting, errors under the letters at fault, quick
fixes, and the description and warnings of what is typed.

Public API (Qt)::

    NotationEditor   # the editor with its dialect switch and details pane
    KIND_STYLE       # the colour of each token kind
"""

from ._notation_editor import KIND_STYLE, NotationEditor

__all__ = ["KIND_STYLE", "NotationEditor"]

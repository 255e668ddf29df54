"""A variant's rules page to publish: one self-contained HTML file (inline SVG and CSS, no
script, no network) with the setup, a section per piece (picture, Betza in both dialects, the
English description, a move diagram from the interpreter, promotions, estimated values), the
rules in words from the rule set and the files to download (``page.write``).

Above the formats and the balance estimates, which it gathers into one page: the command line's
``export --to page`` and the window's *File > Publish rules page…* write it.
"""

from __future__ import annotations

from .page import write as write_page

__all__ = ["write_page"]

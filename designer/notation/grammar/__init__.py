"""The reference grammars of both dialects: the specification the fast reader is held to.

Each dialect has a pyparsing grammar (``_xbetza``, ``_betza2``, built from the shared
productions of ``_parts`` into the raw tree of ``_tree``), context rules that no grammar says
(``_rules``: contradicting letters, limits, where a letter may stand) and a builder of the same
``Piece`` the fast reader makes (``_to_ast``). The window and the command line read with the
fast reader (``designer.notation.parse``: every error with its column, about ten times faster);
the tests compare the two. Public API (Qt-free; pyparsing)::

    reference_parse(text, dialect) -> Piece    # NotationError on text the grammar refuses
    accepts(text, dialect) -> bool
    grammar(dialect) -> (root element, productions)
    grammar_text(dialect) -> str                # EBNF-like, for ``variant-designer grammar``
    railroad_html(dialect) -> str               # pyparsing's railroad diagrams (diagrams extra)
    railroad_svgs(dialect) -> [(name, title, svg)]
    RULES                                       # the context rules, each with its message
"""

from ._reference import (accepts, after_grammar, grammar, grammar_text, railroad_html,
                         railroad_svgs, reference_parse)
from ._rules import RULES

__all__ = ["RULES", "accepts", "after_grammar", "grammar", "grammar_text", "railroad_html",
           "railroad_svgs", "reference_parse"]

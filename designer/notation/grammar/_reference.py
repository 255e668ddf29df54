"""The reference grammars of both dialects: parse with them, print them, draw them.

``reference_parse(text, dialect)`` reads a string with the pyparsing grammar of its dialect
(``_xbetza`` / ``_betza2``), applies the context rules (``_rules``) and
builds the same ``Piece`` the fast reader does (``_to_ast``). The window and the command line
keep using the fast reader (every error with its column, about ten times faster); this reading
is the specification the tests hold the fast reader to. ``grammar_text`` prints a grammar
EBNF-like, ``railroad_html`` draws it with pyparsing's own diagrams (needs the
``pyparsing[diagrams]`` extra: railroad-diagrams and Jinja2).
"""

from __future__ import annotations

import re
from functools import lru_cache

import pyparsing as pp

from ...vocabulary import DIALECT_TITLES, BETZA2, BEX, DIALECTS, XBETZA, Dialect
from ..ast import Piece
from ..errors import NotationError
from ._to_ast import to_piece
from ._parts import Production
from ._rules import RULES, check, text_problems
from ._tree import RawSpec



@lru_cache(maxsize=None)
def grammar(dialect: Dialect) -> tuple[pp.ParserElement, tuple[Production, ...]]:
    """The root element of ``dialect``'s grammar and its named productions (built once)."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of {', '.join(DIALECTS)}")
    if dialect == XBETZA:
        from ._xbetza import build
    elif dialect == BEX:
        from ._bex import build
    else:
        from ._betza2 import build
    root, productions = build()
    root.streamline()   # flatten a + b + c into one sequence (as parsing would do first)
    return root, tuple(productions.items)


def reference_parse(text: str, dialect: Dialect = XBETZA) -> Piece:
    """Read ``text`` with the reference grammar and the context rules of ``dialect``.

    Raises ``NotationError``: at the column where the grammar stopped matching, or carrying
    every context rule's problem.
    """
    root, _ = grammar(dialect)
    if dialect == BEX:
        return _reference_bex(root, text)
    found = text_problems(text)
    if not found:
        try:
            raw = root.parse_string(text, parse_all=True)[0]
        except pp.ParseBaseException as e:
            raise NotationError(f"not {DIALECT_TITLES[dialect]}: {e.msg}", e.loc) from None
        assert isinstance(raw, RawSpec)
        found = check(raw, text, dialect)
        if not found:
            return to_piece(raw, dialect, text)
    first = found[0]
    raise NotationError(first.message, first.start, first.end, first.hint, tuple(found))


def _reference_bex(root: pp.ParserElement, text: str) -> Piece:
    """Bex: the grammar says whether ``text`` is Bex; what it means is the Betza 2.0 program
    the reader rewrites it into (its errors name what that program cannot hold)."""
    try:
        root.parse_string(text, parse_all=True)
    except pp.ParseBaseException as e:
        raise NotationError(f"not Bex: {e.msg}", e.loc) from None
    from ..parser import parse
    return parse(text, BEX)


def after_grammar(dialect: Dialect) -> list[tuple[str, str]]:
    """(name, what it says) of what is checked after the grammar of ``dialect``: its context
    rules, or for Bex the reading into Betza 2.0 (whose errors name what Bex says that is not a
    move)."""
    if dialect == BEX:
        return [("reading", "a Bex definition means the Betza 2.0 program the reader rewrites "
                 "it into; royalty y, a promotion list and immobilising [xiK] are errors there, "
                 "as are direction letters after - or --")]
    return [(r.name, r.says) for r in RULES if dialect in r.dialects]


def accepts(text: str, dialect: Dialect = XBETZA) -> bool:
    """Whether the reference grammar and the context rules accept ``text``."""
    try:
        reference_parse(text, dialect)
    except NotationError:
        return False
    return True


# -- the grammar as text ----------------------------------------------------------------------
def grammar_text(dialect: Dialect) -> str:
    """The grammar of ``dialect`` written EBNF-like, each production with its sentence, then the
    context rules. ``x*`` zero or more, ``x+`` one or more, ``x?`` optional, ``!x`` not
    followed by x, ``[abc]`` one of the letters, ``/re/`` a regular expression."""
    _, productions = grammar(dialect)
    named = {id(p.element): p.name for p in productions}
    width = max(len(p.name) for p in productions)
    lines = [f"{DIALECT_TITLES[dialect]} reference grammar", ""]
    for p in reversed(productions):   # written bottom-up, read top-down
        lines.append(f"(* {p.doc} *)")
        body = _ebnf(p.element, named, top=True)
        lines.append(f"{_ident(p.name):<{width}} ::= {body}")
        lines.append("")
    lines.append("Context rules (applied after the grammar):")
    sources = {r.name: f" ({r.source})" for r in RULES}
    for name, says in after_grammar(dialect):
        lines.append(f"  - {name}: {says}{sources.get(name, '')}")
    return "\n".join(lines) + "\n"


def _ident(name: str) -> str:
    return name.replace(" ", "-")


def _ebnf(e: pp.ParserElement, named: dict[int, str], top: bool = False) -> str:
    """One element as EBNF-like text; named sub-elements are written by name."""
    if not top and id(e) in named:
        return _ident(named[id(e)])
    if isinstance(e, pp.Forward):
        return _ebnf(e.expr, named) if e.expr is not None else "?"
    if isinstance(e, pp.Suppress):
        return _ebnf(e.expr, named)
    if isinstance(e, pp.Literal):
        return repr(e.match)
    if isinstance(e, pp.Char):
        return "[" + "".join(sorted(e.initChars, key=str)) + "]"
    if isinstance(e, pp.Regex):
        return f"/{e.pattern}/"
    if isinstance(e, pp.StringEnd):
        return "END"
    if isinstance(e, pp.And):
        return " ".join(_wrap(x, named) for x in e.exprs)
    if isinstance(e, pp.MatchFirst | pp.Or):
        return " | ".join(_ebnf(x, named) for x in e.exprs)
    if isinstance(e, pp.NotAny):
        return "!" + _wrap(e.expr, named)
    for kind, mark in ((pp.ZeroOrMore, "*"), (pp.OneOrMore, "+"), (pp.Opt, "?")):
        if isinstance(e, kind):
            return _wrap(e.expr, named) + mark
    if isinstance(e, pp.ParseElementEnhance) and e.expr is not None:
        return _ebnf(e.expr, named)
    return str(e)


def _wrap(e: pp.ParserElement, named: dict[int, str]) -> str:
    text = _ebnf(e, named)
    compound = id(e) not in named and isinstance(e, pp.And | pp.MatchFirst | pp.Or)
    return f"( {text} )" if compound else text


# -- railroad diagrams ------------------------------------------------------------------------
def railroad_html(dialect: Dialect) -> str:
    """An HTML page with pyparsing's railroad diagram of every named production of ``dialect``.

    Raises ImportError (naming the extra to install) when the diagram packages are missing.
    """
    try:
        from pyparsing.diagram import railroad_to_html, to_railroad
    except ImportError as e:   # pragma: no cover - depends on the installed extras
        raise ImportError("railroad diagrams need the pyparsing[diagrams] extra "
                          "(railroad-diagrams and Jinja2)") from e
    root, productions = grammar(dialect)
    diagrams = to_railroad(root, vertical=4)
    title = f"{DIALECT_TITLES[dialect]} reference grammar"
    intro = (f"<h1>{title}</h1><p>Read from the top: a definition is made of the productions "
             "below it. Rounded boxes are letters as typed, square boxes name another "
             "production. The context rules the diagrams cannot show:</p><ul>"
             + "".join(f"<li><b>{name}</b>: {_html(says)}</li>"
                       for name, says in after_grammar(dialect)) + "</ul>")
    docs = {p.name: p.doc for p in productions}
    style = ("<style>body{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}"
             "p.doc{color:#333;font-style:italic}</style>")
    html = railroad_to_html(diagrams, head=f"<title>{title}</title>{style}", body=intro)
    for name, doc in docs.items():   # each production's sentence under its heading
        for heading in (f">{_html(name)}</h1>", f">{_html(name)} (root)</h1>"):
            html = html.replace(heading, f"{heading}\n<p class='doc'>{_html(doc)}</p>", 1)
    return html


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def railroad_svgs(dialect: Dialect) -> list[tuple[str, str, str]]:
    """(name, sentence, SVG) of each production's railroad diagram, styled with attributes
    instead of a style sheet so that simple SVG renderers (Qt's) draw them as a browser does."""
    from pyparsing.diagram import to_railroad

    root, productions = grammar(dialect)
    docs = {p.name: p.doc for p in productions}
    out = []
    for diagram in to_railroad(root, vertical=4):
        if diagram.diagram is None:
            continue
        buf: list[str] = []
        diagram.diagram.writeSvg(buf.append)
        svg = "".join(buf)
        svg = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" '
                          'xmlns:xlink="http://www.w3.org/1999/xlink" ', 1)
        svg = svg.replace("<path ", '<path fill="none" stroke="#222" stroke-width="1.5" ')
        svg = svg.replace("<rect ", '<rect fill="#e3f6e5" stroke="#222" stroke-width="1.5" ')
        svg = re.sub(r"(<text [^>]*>[^<]*</text>)\1", r"\1", svg)   # drawn twice for CSS halos
        svg = svg.replace("<text ", '<text font-family="monospace" font-size="13" '
                          'font-weight="bold" text-anchor="middle" ')
        name = str(diagram.name or "definition")
        out.append((name, docs.get(name, ""), svg))
    return out

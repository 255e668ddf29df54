"""A variant's rules page: one self-contained HTML file to publish (docs/files.md).

What an inventor puts on chessvariants.com, written from the variant: its name, author and
description; the start position as a diagram with the hands; a section per piece with its
picture, name, letter, definition in both Betza dialects, the definition in English, a move
diagram from the move generator (each kind of move in its colour, with the legend), its
promotion and its estimated values; the rules in words from the rule set, and every rule
that is set listed by its field; at the end the files to download as text blocks (the XBoard
options file, the Fairy-Stockfish section, the Interactive Diagram snippet).

Everything is inline (SVG and CSS): no script, no other file, no network. A print stylesheet
keeps each piece's section on one page. Plain text, no Qt: the command line's
``export --to page`` and the window's *File > Publish rules page…* both call ``write``.
"""

from __future__ import annotations

import re
from html import escape

from ..errors import DesignerError
from ..notation import BETZA2, XBETZA, describe, format_piece, parse, translate
from ..rules.model import RuleSet
from ..variant.derive import promotion_of, rules_for
from ..variant.fen import parse_fen
from ..variant.model import PieceType, Variant
from ..vocabulary import WHITE, Dialect
from .rule_words import region_words, rule_name, rule_sections, set_fields, shown
from .setup_svg import picture, render_setup

__all__ = ["write", "EXTENSIONS"]

EXTENSIONS = (".html",)
_XMLNS = re.compile(r'\s+xmlns(:\w+)?="[^"]*"')

STYLE = """
body { font-family: Georgia, "DejaVu Serif", serif; max-width: 60rem; margin: 1.5rem auto;
       padding: 0 1rem; color: #1f2328; line-height: 1.45; }
h1 { font-size: 2.1rem; margin-bottom: 0.2rem; }
h2 { border-bottom: 2px solid #b58863; padding-bottom: 0.2rem; margin-top: 2.2rem; }
h3 { margin: 0.2rem 0; }
.author { color: #57606a; font-style: italic; margin-top: 0; }
.toc a { margin-right: 1rem; color: #0b5394; white-space: nowrap;
         display: inline-block; }
.piece { border: 1px solid #d0d7de; border-radius: 6px; padding: 0.8rem 1rem; margin: 1rem 0; }
.piece-head { display: flex; align-items: center; gap: 0.8rem; }
.piece-head svg { flex: none; }
.letter { font-family: "DejaVu Sans Mono", monospace; background: #f6f8fa; padding: 0 0.3rem;
          border-radius: 3px; }
table { border-collapse: collapse; margin: 0.5rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.2rem 0.6rem;
         border-bottom: 1px solid #eaeef2; }
th { font-weight: 600; white-space: nowrap; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 0.85rem; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; padding: 0.6rem; overflow-x: auto;
      white-space: pre-wrap; word-break: break-all; }
.diagram { overflow-x: auto; }
.note { color: #57606a; }
.fen code { word-break: break-all; }
.missing { color: #9a6700; }
footer { margin-top: 2rem; color: #57606a; font-size: 0.85rem; }
@media print {
  body { max-width: none; margin: 0; font-size: 10.5pt; color: #000; }
  .toc { display: none; }
  h2 { break-after: avoid; }
  .piece { break-inside: avoid; border-color: #999; }
  .setup-section, .diagram { break-inside: avoid; }
  svg { max-width: 100%; height: auto; }
  pre { font-size: 7.5pt; border-color: #999; break-inside: auto; }
  a { color: #000; text-decoration: none; }
}
"""


def _inline(svg_text: str) -> str:
    """An SVG document as an element of the HTML page (HTML needs no namespace declaration)."""
    return _XMLNS.sub("", svg_text, count=2)


def _paragraphs(text: str) -> str:
    parts = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    return "\n".join(f"<p>{escape(p)}</p>" for p in parts)


def _name(p: PieceType) -> str:
    return p.name or f"Piece {p.letter}"


def _anchor(p: PieceType) -> str:
    return "piece-" + "".join(c if c.isalnum() else f"_{ord(c):x}" for c in p.letter)


def _dialects(p: PieceType) -> list[tuple[str, str]]:
    """(label, text) of the piece's definition in XBetza and Betza 2.0 (or why not)."""
    try:
        parsed = parse(p.notation, p.dialect)
    except DesignerError as e:
        return [("Definition", f"{p.notation} ({p.dialect}; does not read: {e})")]
    out = []
    both: tuple[tuple[Dialect, str], ...] = ((XBETZA, "XBetza"), (BETZA2, "Betza 2.0"))
    for dialect, label in both:
        if dialect == p.dialect:
            out.append((label, p.notation))
            continue
        try:
            out.append((label, format_piece(translate(parsed, dialect), dialect)))
        except DesignerError as e:
            out.append((label, f"cannot be written in {label}: {e}"))
    return out


def _english(p: PieceType) -> str:
    try:
        return describe(parse(p.notation, p.dialect))
    except DesignerError as e:
        return f"(no description: {e})"


def _move_diagram(v: Variant, p: PieceType) -> str:
    """The piece's moves from the centre of the board, with enemies where it captures only;
    a second diagram with screens and victims when it also captures by hopping."""
    from ..formats import svg
    from .move_probe import capture_foes, centre, screens
    try:
        square = centre(v.files, v.ranks)
        foes, hop_victims = capture_foes(p, v.files, v.ranks, square)
        out = _inline(svg.render(v, p.letter, square, foes=foes))
        if hop_victims:
            out += ('<p class="note">Capturing by hopping over a piece:</p>' +
                    _inline(svg.render(v, p.letter, square, friends=screens(square, hop_victims),
                                       foes=hop_victims)))
        return out
    except (DesignerError, KeyError, ValueError) as e:
        return f'<p class="missing">No move diagram: {escape(str(e))}</p>'


def _promotion(v: Variant, rules: RuleSet, p: PieceType) -> str:
    def named(letter: str) -> str:
        q = v.piece(letter)
        return f"{q.name} ({letter})" if q is not None and q.name else letter
    rule = promotion_of(rules, p.letter)
    for q in v.pieces:
        theirs = promotion_of(rules, q.letter) if q.letter != p.letter else None
        if theirs is not None and theirs.form == p.letter:
            parts_from = f"The promoted form of the {named(q.letter)}."
            break
        if theirs is not None and p.letter in theirs.choices:
            parts_from = f"A {named(q.letter)} may promote to it."
            break
    else:
        parts_from = ""
    parts = []
    if rule is not None:
        where = region_words(rule.zone.white)
        what = (", ".join(named(x) for x in rule.choices) if rule.choices
                else named(rule.form))
        parts.append(f"Promotes in the zone {where} (White's; Black's is the mirror image) to "
                     f"{what}; {'it must' if rule.mandatory else 'it may'}.")
    if parts_from:
        parts.append(parts_from)
    return " ".join(parts) or "Does not promote."


def _values(values: object, p: PieceType) -> str:
    table = getattr(values, "piece", None)
    row = table(p.letter) if table is not None else None
    if row is None:
        return '<p class="note">No estimated values.</p>'
    cells = []
    for e in row.estimates:
        shown_value = (f"{e.pawns:.2f} pawns" if e.pawns is not None
                       else f"— ({e.reason or e.explanation})")
        cells.append(f"<tr><th>{escape(e.label)}</th><td>{escape(shown_value)}</td></tr>")
    warning = f'<p class="note">{escape(row.warning)}</p>' if row.warning else ""
    return "<table class=\"values\">" + "".join(cells) + "</table>" + warning


def _piece_section(v: Variant, rules: RuleSet, values: object, p: PieceType) -> str:
    head = (f'<svg width="56" height="56" viewBox="0 0 56 56" role="img">'
            f'<title>{escape(_name(p))}</title>{picture(v, p.letter, WHITE, 0, 0, 56)}</svg>')
    rows = "".join(f"<tr><th>{escape(label)}</th><td><code>{escape(text)}</code></td></tr>"
                   for label, text in _dialects(p))
    royal = "<tr><th>Royal</th><td>yes: it must not be left in check</td></tr>" \
        if p.royal else ""
    notes = _paragraphs(p.notes) if p.notes else ""
    return (f'<section class="piece" id="{_anchor(p)}">\n'
            f'<div class="piece-head">{head}<h3>{escape(_name(p))} '
            f'<span class="letter">{escape(p.letter)}</span></h3></div>\n'
            f'<table class="betza"><tr><th>Letter</th><td><code>{escape(p.letter)}</code></td>'
            f"</tr>{rows}{royal}</table>\n"
            f"<p>{escape(_english(p))}</p>\n{notes}\n"
            f'<div class="diagram">{_move_diagram(v, p)}</div>\n'
            f"<p><strong>Promotion:</strong> {escape(_promotion(v, rules, p))}</p>\n"
            f"<h4>Estimated values</h4>\n{_values(values, p)}\n</section>")


def _setup(v: Variant) -> str:
    if not v.setup:
        return '<p class="note">The variant has no start position yet.</p>'
    try:
        setup = parse_fen(v.setup, v.files, v.ranks)
    except DesignerError as e:
        return f'<p class="missing">The start position does not read: {escape(str(e))}</p>'
    return (f'<div class="diagram">{render_setup(v, setup)}</div>\n'
            f"<p class=\"fen\">In FEN: <code>{escape(v.setup)}</code></p>")


def _rules(v: Variant, rules: RuleSet) -> str:
    out = []
    for heading, sentences in rule_sections(v, rules):
        out.append(f"<h3>{escape(heading)}</h3>\n<ul>" +
                   "".join(f"<li>{escape(s)}</li>" for s in sentences) + "</ul>")
    rows = []
    for path, value in set_fields(rules):
        rows.append(f"<tr><td><code>{escape(path)}</code></td><td>{escape(rule_name(path))}"
                    f"</td><td>{escape(shown(value))}</td></tr>")
    if rows:
        out.append("<h3>Every rule that is set, field by field</h3>\n"
                   '<table class="fields"><tr><th>Field</th><th>Rule</th><th>Value</th></tr>'
                   + "".join(rows) + "</table>")
    else:
        out.append('<p class="note">Every rule is the rule set\'s default.</p>')
    return "\n".join(out)


def _download(title: str, make: object) -> str:
    try:
        text = make()  # type: ignore[operator]
        body = f"<pre>{escape(str(text))}</pre>"
    except DesignerError as e:
        body = f'<p class="missing">Cannot be written: {escape(str(e))}</p>'
    return f"<h3>{escape(title)}</h3>\n{body}"


def _downloads(v: Variant) -> str:
    from ..formats import diagram, fsf_ini, xboard_ini
    stem = re.sub(r"[^\w.-]+", "_", v.name).strip("_.") or "variant"
    return "\n".join([
        _download(f"XBoard options file: {stem}.ini", lambda: xboard_ini.write(v)),
        _download(f"Fairy-Stockfish section: {stem}.variants.ini", lambda: fsf_ini.write(v)),
        _download("Interactive Diagram snippet (paste into a chessvariants.com page)",
                  lambda: diagram.write(v))])


def _value_table(v: Variant) -> object:
    from ..balance import piece_values
    try:
        return piece_values(v)
    except (DesignerError, ValueError):
        return None


def write(v: Variant) -> str:
    """The rules page of ``v`` as HTML text (module docstring)."""
    rules = rules_for(v)
    values = _value_table(v)
    pieces = "\n".join(_piece_section(v, rules, values, p) for p in v.pieces) or \
        '<p class="note">The variant has no pieces yet.</p>'
    author = f'<p class="author">by {escape(v.author)}</p>' if v.author else ""
    description = _paragraphs(v.description) if v.description else \
        '<p class="note">No description yet.</p>'
    prose = (f"<h3>In the author's words</h3>\n{_paragraphs(v.rules)}" if v.rules.strip()
             else "")
    toc = " ".join(f'<a href="#{_anchor(p)}">{escape(_name(p))}</a>' for p in v.pieces)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<meta name="generator" content="Variant Designer"/>
<title>{escape(v.name)}</title>
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>{escape(v.name)}</h1>
{author}
</header>
<main>
<section id="description">
{description}
</section>
<section class="setup-section" id="setup">
<h2>The start position</h2>
{_setup(v)}
</section>
<section id="pieces">
<h2>The pieces</h2>
<p class="toc">{toc}</p>
{pieces}
</section>
<section id="rules">
<h2>The rules</h2>
{prose}
{_rules(v, rules)}
</section>
<section id="downloads">
<h2>Files to download</h2>
<p>Copy each block into a file of the name given to play the variant:
<code>xboard @Name.ini</code> starts XBoard on it; Fairy-Stockfish loads the section with its
<code>VariantPath</code> option.</p>
{_downloads(v)}
</section>
</main>
<footer>Written by Variant Designer.</footer>
</body>
</html>
"""

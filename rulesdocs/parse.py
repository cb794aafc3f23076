"""Split documents into chunks: our rules references by section, extra documents by passage.

A rules reference (`rulesdocs/texts/<game>.md`) looks like::

    # <Game name> — tcgtable rules reference
    ## 1. <Section title>
    ### 1.1 <Subsection title>
    Text ...
    ## G. Glossary
    - **Term**: definition.

Every numbered heading becomes one chunk (text up to the next heading); unnumbered deeper
headings stay inside the chunk above them. Each glossary entry becomes its own chunk
("G:Term"), and the term is added to the keywords of every section its definition cites.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from rulesdocs.model import GAMES, Chunk, GameId, RulesError

_HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*$")
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+(.+)$")
_GLOSSARY_HEAD = re.compile(r"^G\.?\s+(.+)$")
_GLOSSARY_ENTRY = re.compile(r"^\s*[-*]\s+\*\*(.+?)\*\*\s*[:—–-]?\s*(.*)$")
_SECTION_REF = re.compile(r"(?<![\d.])(\d+\.\d+(?:\.\d+)*|\d+)(?![\d.]*\d)")
GAME_ALIASES: dict[str, GameId] = {
    "yugioh": "yugioh",
    "yu-gi-oh": "yugioh",
    "ygo": "yugioh",
    "naruto": "naruto",
    "inuyasha": "inuyasha",
    "inazuma": "inazuma",
    "usagi": "usagi",
}
"""Substrings of a file name that tell which game an extra document belongs to."""


@dataclass(slots=True)
class _Open:
    section: str
    title: str
    parents: str
    lines: list[str] = field(default_factory=list)


def parse_reference(text: str, game: GameId, doc: str) -> list[Chunk]:
    """Chunks of one rules reference; raises RulesError on a malformed document."""
    chunks: list[Chunk] = []
    top_title = ""
    current: _Open | None = None
    in_glossary = False
    glossary: list[tuple[str, list[str]]] = []

    def close() -> None:
        if current is not None:
            body = "\n".join(current.lines).strip()
            if body:
                chunks.append(Chunk(doc, game, "section", current.section, current.title, body, current.parents))

    for lineno, line in enumerate(text.splitlines(), start=1):
        heading = _HEADING.match(line)
        if heading:
            level, title = len(heading.group(1)), heading.group(2)
            numbered = _NUMBERED.match(title)
            if level == 2 and _GLOSSARY_HEAD.match(title) and not numbered:
                close()
                current, in_glossary = None, True
                continue
            if numbered:
                close()
                in_glossary = False
                number, name = numbered.group(1), numbered.group(2)
                if level == 2:
                    top_title = f"{number}. {name}"
                current = _Open(number, name, "" if level == 2 else top_title)
                continue
            if level == 2:
                raise RulesError(f"{doc}:{lineno}: a top-level section needs a number, got {title!r}")
            if current is not None:
                current.lines.append(title)
            continue
        if in_glossary:
            entry = _GLOSSARY_ENTRY.match(line)
            if entry:
                glossary.append((entry.group(1).strip(), [entry.group(2).strip()]))
            elif line.strip() and glossary:
                glossary[-1][1].append(line.strip())
            continue
        if current is not None:
            current.lines.append(line)
    close()
    return _with_glossary(chunks, glossary, game, doc)


def _with_glossary(chunks: list[Chunk], glossary: list[tuple[str, list[str]]], game: GameId, doc: str) -> list[Chunk]:
    """Append glossary chunks and copy each term into the keywords of the sections it cites."""
    by_section = {c.section: i for i, c in enumerate(chunks)}
    keywords: dict[int, list[str]] = {}
    for term, lines in glossary:
        definition = " ".join(lines).strip()
        chunks.append(Chunk(doc, game, "glossary", f"G:{term}", term, definition, "G. Glossary", term))
        for ref in _SECTION_REF.findall(definition):
            index = by_section.get(ref)
            if index is not None:
                keywords.setdefault(index, []).append(term)
    for index, terms in keywords.items():
        chunks[index] = replace(chunks[index], keywords=" ".join(terms))
    return chunks


def validate_reference(text: str, game: GameId, doc: str) -> list[str]:
    """Problems that make a reference unusable for citations (empty list when it is fine)."""
    problems: list[str] = []
    first = next((line for line in text.splitlines() if line.strip()), "")
    if not first.startswith("# "):
        problems.append(f"{doc}: the first line must be '# <Game name> — tcgtable rules reference'")
    try:
        chunks = parse_reference(text, game, doc)
    except RulesError as exc:
        return [*problems, str(exc)]
    sections = [c.section for c in chunks if c.kind == "section"]
    seen: set[str] = set()
    for section in sections:
        if section in seen:
            problems.append(f"{doc}: section {section} appears twice")
        seen.add(section)
    if len(sections) < 5:
        problems.append(f"{doc}: only {len(sections)} numbered sections")
    if not any(c.kind == "glossary" for c in chunks):
        problems.append(f"{doc}: no glossary ('## G. Glossary' with '- **Term**: definition' lines)")
    return problems


def game_of_path(path: Path) -> GameId | None:
    """The game an extra document belongs to, from its file name (None: any game)."""
    name = path.name.lower()
    for alias, game in GAME_ALIASES.items():
        if alias in name:
            return game
    return None


# ----- extra documents -------------------------------------------------------------------------

_PASSAGE_WORDS = 90
_MAX_PASSAGE_WORDS = 160


def read_document(path: Path) -> str:
    """Plain text of a .txt, .md or .pdf file; RulesError when it cannot be read."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            from pypdf import PdfReader

            reader = PdfReader(str(path))
            return "\n\n".join((page.extract_text() or "") for page in reader.pages)
        if suffix in (".txt", ".md", ".markdown"):
            return path.read_text(encoding="utf-8", errors="replace")
    except Exception as exc:  # pypdf raises many exception types for broken files
        raise RulesError(f"cannot read rules document {path}: {exc}") from exc
    raise RulesError(f"unsupported rules document {path}: use .txt, .md or .pdf")


def document_files(directory: Path) -> list[Path]:
    """The .txt/.md/.pdf files directly inside `directory`, sorted; RulesError if it is missing."""
    if not directory.is_dir():
        raise RulesError(f"rules documents directory {directory} does not exist")
    return sorted(p for p in directory.iterdir() if p.is_file() and p.suffix.lower() in (".txt", ".md", ".pdf"))


_OUTLINE = re.compile(r"^(?:- )?(?:[A-Z]|[IVX]+|\d+)[.)] [A-Z][A-Za-z'’ -]{2,40}(?: \[[A-Za-z ]+\])?$")
"""Outline headings of flier-style rulebooks: "C. Organization Phase [Attacker]", "B) Damage"."""


_TERM_ENTRY = re.compile(r"^\s*(?:[•*-]\s+)?(\[?[A-Z][A-Za-z/()'’ -]{1,38}?\]?)(?: \(cont\.\))? (?:-|–|—) [A-Z]")
"""A glossary line of an official rulebook: "Chakra - Cards in the Chakra area ..."."""


def _is_heading(line: str) -> bool:
    stripped = line.strip().strip("*#").strip()
    if not stripped or len(stripped) > 70 or stripped.endswith((".", ",", ";")):
        return False
    if line.lstrip().startswith("#"):
        return True
    letters = [ch for ch in stripped if ch.isalpha()]
    if len(letters) < 3:
        return False
    if stripped.isupper() or stripped.lower().startswith("part ") or _OUTLINE.match(stripped):
        return True
    return stripped.endswith(":") and len(stripped.split()) <= 6


def parse_extra(text: str, doc: str, game: GameId | None) -> list[Chunk]:
    """Split an extra document into passages of about 90-160 words, each titled by its heading."""
    chunks: list[Chunk] = []
    heading = ""
    buffer: list[str] = []
    count = 0

    def flush() -> None:
        nonlocal buffer, count
        body = " ".join(buffer).strip()
        if body:
            chunks.append(Chunk(doc, game, "extra", f"p{len(chunks) + 1}", heading, body))
        buffer, count = [], 0

    for whole in _blocks(text):
        if _is_heading(whole):
            flush()
            heading = whole.strip().strip("*#").strip().rstrip(":")
            continue
        term = _TERM_ENTRY.match(whole)
        if term:  # a glossary-style entry ("Chakra - Cards in ...") is its own passage
            flush()
            heading = term.group(1)
        for block in _split_long(whole):
            size = len(block.split())
            if count and count + size > _MAX_PASSAGE_WORDS:
                flush()
            buffer.append(block.strip())
            count += size
            if count >= _PASSAGE_WORDS:
                flush()
    flush()
    return chunks


def _split_long(block: str) -> list[str]:
    """`block` as is, or cut at sentence ends into pieces of at most about 160 words."""
    if len(block.split()) <= _MAX_PASSAGE_WORDS:
        return [block]
    pieces: list[str] = []
    current: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", block):
        if current and len(" ".join(current).split()) + len(sentence.split()) > _PASSAGE_WORDS:
            pieces.append(" ".join(current))
            current = []
        current.append(sentence)
    if current:
        pieces.append(" ".join(current))
    return pieces


def _blocks(text: str) -> Iterator[str]:
    """Paragraphs (blank-line separated) split further into lines when a line is a heading."""
    paragraph: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            if paragraph:
                yield " ".join(paragraph)
                paragraph = []
            continue
        if _is_heading(line):
            if paragraph:
                yield " ".join(paragraph)
                paragraph = []
            yield line
            continue
        paragraph.append(line.strip())
        if len(line) > 200:  # one long line is one paragraph (flier-style text files)
            yield " ".join(paragraph)
            paragraph = []
    if paragraph:
        yield " ".join(paragraph)


def reference_games(texts_dir: Path) -> list[GameId]:
    """Games with a reference file in `texts_dir`, in the standard order, then any others."""
    found = {p.stem for p in texts_dir.glob("*.md")}
    return [g for g in GAMES if g in found] + sorted(found.difference(GAMES))

"""Parsing references into sections and glossary entries, and extra documents into passages."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesdocs.model import RulesError
from rulesdocs.parse import (
    document_files,
    game_of_path,
    parse_extra,
    parse_reference,
    read_document,
    validate_reference,
)

SAMPLE = """# Sample Game — tcgtable rules reference
Intro text that belongs to no section.

## 1. Turn
### 1.1 Draw
Draw two cards.
#### Worked example
Ann draws two.

### 1.2 Attack
Attack once (see 1.1).
*Interpretation:* only ready units attack.

## 2. Winning
A player with no units loses.

## G. Glossary
- **Unit**: a card that attacks (1.2).
- **Ready**: upright;
  able to attack (1.2).
"""


def test_sections_titles_and_parents() -> None:
    chunks = parse_reference(SAMPLE, "sample", "sample.md")
    sections = {c.section: c for c in chunks if c.kind == "section"}
    assert list(sections) == ["1.1", "1.2", "2"]
    assert sections["1.1"].title == "Draw"
    assert sections["1.1"].parents == "1. Turn"
    assert "Worked example" in sections["1.1"].text and "Ann draws two." in sections["1.1"].text
    assert sections["2"].text == "A player with no units loses."


def test_glossary_entries_and_keywords_of_cited_sections() -> None:
    chunks = parse_reference(SAMPLE, "sample", "sample.md")
    glossary = {c.section: c for c in chunks if c.kind == "glossary"}
    assert set(glossary) == {"G:Unit", "G:Ready"}
    assert glossary["G:Ready"].text == "upright; able to attack (1.2)."
    attack = next(c for c in chunks if c.section == "1.2")
    assert attack.keywords.split() == ["Unit", "Ready"]


def test_unnumbered_top_level_section_is_an_error() -> None:
    with pytest.raises(RulesError, match="needs a number"):
        parse_reference("# T\n## Turn\ntext\n", "sample", "bad.md")


def test_validation_reports_duplicates_and_missing_glossary() -> None:
    text = "# T\n## 1. A\n### 1.1 X\na\n### 1.1 Y\nb\n"
    problems = validate_reference(text, "sample", "bad.md")
    assert any("1.1 appears twice" in p for p in problems)
    assert any("no glossary" in p for p in problems)


def test_extra_document_passages_keep_their_heading() -> None:
    body = "HOW TO ATTACK\n" + " ".join(["Attack with a ready unit."] * 60) + "\n\nSETUP\nShuffle the deck."
    chunks = parse_extra(body, "rules.txt", "sample")
    assert [c.section for c in chunks] == [f"p{i}" for i in range(1, len(chunks) + 1)]
    assert chunks[0].title == "HOW TO ATTACK"
    assert chunks[-1].title == "SETUP" and chunks[-1].text == "Shuffle the deck."
    assert all(len(c.text.split()) <= 170 for c in chunks)


def test_game_of_path_and_document_files(tmp_path: Path) -> None:
    (tmp_path / "naruto-rules.txt").write_text("x", encoding="utf-8")
    (tmp_path / "notes.md").write_text("y", encoding="utf-8")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    files = document_files(tmp_path)
    assert [p.name for p in files] == ["naruto-rules.txt", "notes.md"]
    assert game_of_path(files[0]) == "naruto" and game_of_path(files[1]) is None


def test_missing_directory_and_broken_pdf_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="does not exist"):
        document_files(tmp_path / "nope")
    broken = tmp_path / "rules.pdf"
    broken.write_bytes(b"not a pdf at all")
    with pytest.raises(RulesError, match="cannot read rules document"):
        read_document(broken)
    with pytest.raises(RulesError, match="unsupported"):
        read_document(tmp_path / "rules.docx")


def _tiny_pdf(lines: list[str]) -> bytes:
    """A one-page PDF with `lines` in Helvetica (enough for pypdf's text extraction)."""
    content = "BT /F1 12 Tf 72 720 Td " + " ".join(f"({line}) Tj 0 -16 Td" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n" + "".join(f"{o:010d} 00000 n \n" for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n"
    return out.encode("latin-1")


def test_pdf_documents_are_read_and_chunked(tmp_path: Path) -> None:
    pdf = tmp_path / "naruto-house-rules.pdf"
    pdf.write_bytes(_tiny_pdf(["HOUSE RULES", "Every quuxmat duel starts with a bow."]))
    text = read_document(pdf)
    assert "Every quuxmat duel starts with a bow." in text
    chunks = parse_extra(text, pdf.name, game_of_path(pdf))
    assert [(c.title, c.game) for c in chunks] == [("HOUSE RULES", "naruto")]

"""An official CR file (any era, any format) to ``ReleaseData``: the era's extractor chosen.

Since 2009-07-11 rule 205 (204) enumerates the lists (``extract``); from 2003-07-01 the
glossary does (``glossary_era``); before, the Sixth Edition rules' 212 (``sixth_edition``).
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

from rulesdb.ingest.damage import lost_dashes_note
from rulesdb.ingest.decoding import mojibake_code_page, mojibake_note
from rulesdb.ingest.document import parse_document
from rulesdb.ingest.extract import RULES_READ, Note, ReleaseData, _Extractor, extract_modern
from rulesdb.ingest.glossary_era import GlossaryEraExtractor, lists_in_glossary
from rulesdb.ingest.sixth_edition import SixthEditionExtractor, is_sixth_edition
from rulesdb.ingest.sources import read_as_text, read_source


def import_file(path: Path | str) -> ReleaseData:
    """Read one official CR file and extract its type vocabulary (no database involved)."""
    path = Path(path)
    text, raw = read_source(path)
    release = extract(text, str(path), hashlib.sha256(raw).hexdigest())
    lost = lost_dashes_note(text)
    if lost is not None and not any(note.kind == "lossy-conversion" for note in release.notes):
        # Its text keeps the '?' (no copy with the dashes is known); the release says so.
        release = dataclasses.replace(
            release, notes=(*release.notes, Note(None, "lost-dashes", lost))
        )
    code_page = mojibake_code_page(raw) if read_as_text(path) else None
    if code_page is None:
        return release
    # The decoding undid it; the release says so rather than pass for a clean file.
    note = Note(None, "mojibake", mojibake_note(code_page, text))
    return dataclasses.replace(release, notes=(note, *release.notes))


def extract(text: str, source: str, source_sha256: str = "") -> ReleaseData:
    """Extract from decoded text; `source` (the file's path) names it in error messages."""
    document = parse_document(text, source, keep=RULES_READ)
    modern = extract_modern(document, source_sha256)
    if modern is not None:
        return modern
    if lists_in_glossary(document, text):
        return GlossaryEraExtractor(document, text).run(source_sha256)
    if is_sixth_edition(parse_document(text, source, keep=r"212[. ]")):
        return SixthEditionExtractor(document, text).run(source_sha256)
    return _Extractor(document).run(source_sha256)  # fails, naming what it missed

"""Card data files checked against the CR: which format a file is (``formats``), its cards
one at a time (``readers``, streamed: memory stays flat however large the file), and each
card's type line checked against a release (``linter``)."""

"""The database itself: which one (``engine``), its tables (``models``, ``descriptions``),
the release chain and a database's place in it (``chain``, ``migrate``, ``status``), one writer
at a time (``locking``), read-only roles (``grants``), and "the release in force on a date"
(``releases``), written once for every query."""

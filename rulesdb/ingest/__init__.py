"""Reading CR files: the bytes of one release (text, .docx, .rtf, archived HTML; ``sources``,
``decoding``, ``docx``, ``rtf``) into its rulebook (``rulebook``: rules, examples, glossary) and
its type system of rule 205 (``document``, ``extract``, ``listgrammar``), with notes of what the
file got wrong (``damage``). ``importer.import_file`` is the one way in; nothing here touches a
database."""

"""The web face: ``rulesdb serve`` opens the database read-only in Datasette, with pages a person
reads (home, release, diff, word, chart) and the analysts' canned queries.

Needs the ``web`` extra (``pip install 'rulesdb[web]'``); nothing here is imported by the other
commands.
"""

"""How a release's date is written where people type one: YYYY-MM-DD and only so."""

from __future__ import annotations

import re

ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
# A value meant as a date (20210301, 2021-W09-1, 2021-03-01T00:00), never a set's code (10E).
DATE_LIKE = re.compile(r"^\d{4}(?:\d{4}|[-/.:T\s]\S*)$")

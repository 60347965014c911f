"""Small pieces every stage shares and that know no database: rule numbers, names, dates,
files written all or nothing, JSON Lines, short forms of text."""

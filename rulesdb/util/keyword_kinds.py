"""The three kinds of keyword the CR lists, as the database names them (revision keywords)."""

KEYWORD_ABILITY = "keyword_ability"  # the titles of the rules under Keyword Abilities (702)
KEYWORD_ACTION = "keyword_action"  # ... under Keyword Actions (701)
ABILITY_WORD = "ability_word"  # the list of 207.2c
KINDS = (KEYWORD_ABILITY, KEYWORD_ACTION, ABILITY_WORD)

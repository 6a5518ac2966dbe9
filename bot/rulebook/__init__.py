"""The bot's own rulebook: rules in the league's words, read from data/rules/*.toml.

The engine cites rules by id in its rulings; `/rule` looks them up by id, alias or a rough
spelling and answers with the text of the rule as the league's profile actually plays it.
"""

from bot.rulebook.loader import Rule, RulebookError, default_rules_dir
from bot.rulebook.lookup import Rulebook, load_rulebook

__all__ = ["Rule", "Rulebook", "RulebookError", "default_rules_dir", "load_rulebook"]

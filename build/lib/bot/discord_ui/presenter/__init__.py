"""Every sentence a user reads, built from engine and tournament state. Pure functions: no
network, no store, no clock of their own.

Modules: `table` (the table message), `texts` (deal DMs, showdown lines, the deck proof),
`rulings` (rulings in words), `announcements` (tournament events as channel posts), `clock`
(the clock view), `controls` (what the play buttons show), `private` (private answers to a
player's own action), `cards` (how a card is written), `limits` (Discord's limits, escaping).

Names: functions take raw display names keyed by player id and escape them here (markdown and
mentions), so callers never escape.
"""

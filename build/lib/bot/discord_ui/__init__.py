"""The Discord side of the bot: the bot class, the announcer, the buttons and modal, the
presenter (every sentence a user reads), private replies and card faces.

`bot/engine`, `bot/tournament` and `bot/store` never import this package.
"""

"""The tournament director: seats, buttons, blinds, levels, the clock, away players, chip
races, table moves, the director's powers and the money. Pure and deterministic: time,
randomness (seeds) and player input are all inputs; every change is an event.

The rules come from the two seed rulebooks (TREPS, Tavern), with the TDA rules where both are
silent, as the bot's own rulebook (data/rules) states them; each module's docstring names the
sections and rule ids it applies.
Live mode is the same director without hands: the cards and chips are at a real
table and the bot keeps the clock, the seating and the results."""

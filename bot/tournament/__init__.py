"""The tournament director: seats, buttons, blinds, levels, the clock, away players, chip
races, table moves, the director's powers and the money. Pure and deterministic: time,
randomness (seeds) and player input are all inputs; every change is an event."""

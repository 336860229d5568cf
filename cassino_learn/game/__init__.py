"""The game: dealing, scoring, a whole match (`match.Game`), what a seat may see, and computer
players and hints. Built on the rules core only."""

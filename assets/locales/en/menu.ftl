# The title page, the new game's page and the settings. $rating: a rating, rounded; $games: a number of games.

menu-subtitle = The board game of Madagascar
menu-continue = Continue
menu-new-game = New game
menu-play-online = Play online
menu-tournaments = Tournaments
menu-correspondence-waiting = { $count ->
    [one] A correspondence game waits for your turn
   *[other] { $count } correspondence games wait for your turn
}
menu-learn = Learn to play
menu-tutorial = Tutorial
menu-analysis = Analysis board
menu-puzzles = Puzzles
menu-settings = Settings
menu-back = ‹ Back
menu-rating-line = Your rating { $rating } · { $games ->
    [0] not yet tested
    [one] one game
   *[other] { $games } games
}

menu-board = Board
# The normal game, as opposed to the vela; riatra is its Malagasy name (docs/GLOSSARY.md).
menu-riatra = Riatra (normal game)
menu-tsivy = Tsivy 9×5
menu-tsivy-about = The standard game, 22 pieces each
menu-dimy = Dimy 5×5
menu-dimy-about = A shorter game, 12 pieces each
menu-telo = Telo 3×3
menu-telo-about = Place three, then move: make a line
menu-vela = Vela handicap
menu-vela-about = The previous winner makes only paika moves (no captures) until it has 5 pieces left
menu-vela-side = handicapped:
menu-players = Players
menu-against-computer = Play against the computer
menu-two-people = Two people on this device
menu-computer-itself = Watch the computer play itself
menu-level = Level:
menu-you-play = You play:
menu-white-first = White (first)
menu-random-side = Random
# The level of one side when the computer plays both. $side: white or black.
menu-side-level = { $side ->
    [white] White:
   *[black] Black:
}
menu-start = Start

# $result: won, drew or lost; $level: the computer's level in that game.
menu-your-rating = Your rating
menu-rating-untested = { $rating }, not yet tested: play tsivy against the computer without undo or hints to be rated.
menu-rating = { $rating } after { $games ->
    [one] one rated game
   *[other] { $games } rated games
}
menu-rating-last = { $rating } after { $games ->
    [one] one rated game
   *[other] { $games } rated games
} · last game { $result ->
    [won] won
    [drew] drawn
   *[lost] lost
} against the computer ({ $level ->
    [beginner] Beginner
    [casual] Casual
    [classic] Classic
    [strong] Strong
   *[master] Master
})

settings-language = Language:
settings-animation = Animation speed:
settings-animation-about = Off: pieces jump to their places at once; the last turn stays marked on the board
settings-animation-off = off
settings-sound = Sound
settings-colour-blind = Colour-blind friendly colours
settings-high-contrast = High contrast (panels and board marks)
settings-screen-reader = Screen reader
settings-screen-reader-about = More is said after each turn, and pieces jump to their places instead of sliding.
settings-text-size = Text size:
settings-text-size-about = The size of the menus and panels (the board fits the window)
settings-ponder = The computer thinks on your time (strong and master)
settings-ponder-about = While you think, it searches the position after the reply it expects: when you play it, it answers sooner and sees further
settings-threads = The computer's processor cores:
settings-threads-about = How many cores the master searches with; automatic leaves one for the game itself
settings-threads-auto = automatic ({ $count })

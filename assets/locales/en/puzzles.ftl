# The puzzles: a position from a real game where one turn wins, to find. The letters in brackets are the keys, the
# same in every language.

puzzle-heading = Puzzles
puzzle-none = No puzzle has this theme on this board.
# $id: the puzzle's short name (t17); $rating: its rating; $themes: its themes (puzzle-theme below), with commas.
puzzle-about = Puzzle { $id } · rating { $rating } · { $themes }
# What to do. $side: white or black, the side the player moves.
puzzle-find = { $side ->
    [white] White to move: find the turn that wins.
   *[black] Black to move: find the turn that wins.
}
# After a right turn and the opponent's reply.
puzzle-right-next = { $side ->
    [white] Right! Now White's next turn.
   *[black] Right! Now Black's next turn.
}
puzzle-solved = Solved!
# A wrong turn that lets the opponent capture. $took: what the turn captured; $takes: what the opponent then captures.
puzzle-wrong-lets-take = Not this turn: it takes { $took ->
    [0] nothing
    [one] one piece
   *[other] { $took } pieces
}, and the opponent then takes { $takes ->
    [one] one.
   *[other] { $takes }.
}
# A wrong turn after which the opponent captures nothing, but a better turn was there. $took: what it captured.
puzzle-wrong-not-enough = Not this turn: it takes { $took ->
    [0] nothing
    [one] one piece
   *[other] { $took } pieces
}, and another turn does better.
puzzle-hint-shown = The marked piece moves. A puzzle solved with a hint counts as not solved.
# $before, $after: the puzzle rating before and after; $change: the difference, with its sign (+12, -8).
puzzle-rating-change = Puzzle rating: { $before } to { $after } ({ $change })
puzzle-not-rated = Tried before: not rated again.
puzzle-fetching = Asking the game server for a puzzle…
# A checkbox: the puzzles come from the game server (the online settings' server), rated there across players.
puzzle-online = Rated online (the game server)
# $rating: the player's puzzle rating on the game server.
puzzle-server-rating = Your puzzle rating online: { $rating }
puzzle-hint = Hint (H)
puzzle-solution = Show the solution (S)
puzzle-retry = Try again (T)
puzzle-analyse = Analysis board (B)
puzzle-next = Next puzzle (N)
# $rating: the player's puzzle rating; $solved, $failed: rated puzzles solved and failed.
puzzle-your-rating = Your puzzle rating: { $rating } · solved { $solved }, failed { $failed }
# $streak: puzzles solved in a row; $best: the longest such streak.
puzzle-streak = Solved in a row: { $streak } (best { $best })
# $variant: tsivy or dimy, the board the puzzles are on.
puzzle-variant = { $variant ->
    [tsivy] Tsivy
   *[dimy] Dimy
}
# A theme of puzzles. $theme: all (every theme), or the theme's name in puzzle files.
puzzle-theme-label = Theme
puzzle-theme = { $theme ->
    [chain] Long chain
    [choice] Approach or withdrawal
    [quiet] Quiet turn
    [sacrifice] Sacrifice
    [endgame] Endgame
    [capture] Capture
   *[all] Every theme
}
puzzle-leave = Back to the menu

# The review of a game and the analysis board. $class: best, good, inaccuracy, mistake or blunder; $score and $turn
# are notation (the same in every language).

review-heading = Review
review-progress = The engine is looking at position { $done } of { $total }
review-first = The start
review-previous = Previous turn
review-next = Next turn
review-last = The end
review-try-again = Try again from here
review-try-again-about = Play on against the computer from the position before this turn
review-try-again-later = Once the game is over: playing on replaces it
review-close = Back to the game (Esc)
review-class = { $class ->
    [best] Best
    [good] Good
    [inaccuracy] Inaccuracy
    [mistake] Mistake
   *[blunder] Blunder
}
review-accuracy = { $side ->
    [white] White
   *[black] Black
}: accuracy { $accuracy }% · { $inaccuracies ->
    [one] one inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $mistakes ->
    [one] one mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] one blunder
   *[other] { $blunders } blunders
}
review-engine-depth = Master engine, depth { $depth }
review-start = The start of the game.
review-turn-class = { $class ->
    [best] Best
    [good] Good
    [inaccuracy] Inaccuracy
    [mistake] Mistake
   *[blunder] Blunder
}{ $symbol } — lost { $lost }%
review-better = Better: { $turn } ({ $score })
review-say-line = The better line, turn { $step } of { $steps }: { $turn }.
review-show-line = Show it (Down)
review-line-step = Play it: { $step } of { $steps } (Down)
review-line-end = End of the line
review-line-back = Back

# The analysis board. $side: white or black; $error: the rules' own words (not translated).
analysis-not-a-position = That is not a position: { $error }
analysis-not-playable = That position cannot be played: { $error }.
analysis-to-move = { $side ->
    [white] White
   *[black] Black
} to move
analysis-done = Done (E)
analysis-set-up = Set up a position (E)
analysis-close = Close (Esc)
analysis-copy = Copy position (C)
analysis-score = { $score } for White
analysis-depth-thinking = Master engine, depth { $depth } (looking deeper…)
analysis-game-over = No legal turn: the game is over here.
analysis-back = < Back
analysis-forward = Forward >
analysis-start = start
analysis-how = Play moves for both sides on the board; going back and playing another move starts a variation.
analysis-set-up-how = Click a point: empty, then White, then Black, then empty again.
analysis-switch = Switch
analysis-empty = empty
analysis-paste = Or paste position text:
analysis-set = Set

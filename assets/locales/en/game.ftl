# The game on the board: saving and opening games, and why a piece dropped on a point cannot go there.
# $error: the system's words (not translated); $file: a file's name or path.

game-saved = Game saved.
game-none-saved = There is no saved game yet.
game-not-opened = This game could not be opened: { $error }
game-not-autosaved = The game could not be autosaved: { $error }
game-saved-as = The game was saved as { $file }.
game-downloaded = The game was downloaded as { $file }.
game-no-file-picker = The file picker could not be opened: { $error }
game-no-file-picker-desktop = There is no file picker here: type the file's path instead.

# A piece dragged from $from and dropped on $to, refused by the rules. $side, $owner: white or black; $point: a point.
drop-not-a-line = { $from } cannot go to { $to }: { $to } is not the next point along a line from { $from }.
drop-not-now = { $from } cannot go to { $to }: that step cannot be played now.
drop-game-over = { $from } cannot go to { $to }: the game is over.
drop-must-place = { $from } cannot go to { $to }: { $side ->
    [white] White
   *[black] Black
} still has pieces to place.
drop-no-piece = { $from } cannot go to { $to }: there is no piece on { $from }.
drop-not-yours = { $from } cannot go to { $to }: the piece on { $from } is { $owner ->
    [white] White's
   *[black] Black's
}.
drop-occupied = { $from } cannot go to { $to }: { $to } is not empty.
drop-capture-required = { $from } cannot go to { $to }: that move captures nothing, and capturing is compulsory while a capture is possible.
drop-vela = { $from } cannot go to { $to }: { $side ->
    [white] White plays
   *[black] Black plays
} the vela handicap and captures nothing until down to 5 pieces.
drop-revisit = { $from } cannot go to { $to }: the piece already stood on { $point } this turn.
drop-same-direction = { $from } cannot go to { $to }: a chain may not go in the same direction twice in a row.
drop-other-piece = { $from } cannot go to { $to }: the chain goes on with the piece on { $point }.
drop-paika-in-chain = { $from } cannot go to { $to }: a chain continues only with captures.

# The game panel. $variant: tsivy, dimy or telo (kept as is); $vela: white, black or none (the handicapped side).
game-title = { $vela ->
    [white] Fanoron-{ $variant } — vela: White handicapped
    [black] Fanoron-{ $variant } — vela: Black handicapped
   *[none] Fanoron-{ $variant }
}
# $white, $black: the players, as game-player says them.
# Who plays a side. $kind: human, online or computer; $level: the computer's level (beginner ... master).
game-player = { $kind ->
    [human] Player
    [online] Online player
   *[computer] Computer ({ $level ->
        [beginner] Beginner
        [casual] Casual
        [classic] Classic
        [strong] Strong
       *[master] Master
    })
}
# $rating: the player's rating, a whole number.
game-rated = Rated · your rating { $rating }
game-to-move = { $side ->
    [white] White to move
   *[black] Black to move
}
game-thinking = The computer is thinking…
game-capture-again = Capture again with the same piece, or stop.
game-must-capture = A capture is possible, so you must capture.
game-place = Place a piece on an empty point.
game-quiet-turns = { $count ->
    [one] One turn without a capture
   *[other] { $count } turns without a capture
}
# Space is the key that does it, the same in every language.
game-stop-here = Stop here
game-unrated-warning = Using this makes a rated game unrated
game-undo = Undo
game-redo = Redo
game-hint = Hint
game-flip = Flip board
game-resign = Resign
game-new-game = New game
game-save = Save
game-load = Load
game-sound-on = Sound: on
game-sound-off = Sound: off
# The keyboard shortcut in brackets is the same in every language.
game-save-about = Save the game in the save slot (Ctrl+S)
game-load-about = Load the game in the save slot (Ctrl+O)
game-copy-game = Copy game
game-copy-game-about = The game as text, to share or open elsewhere (Shift+C)
game-copy-position = Copy position
game-copy-position-about = The position text (C)
game-open = Open a game…
game-open-about = Paste a game's text or open a game file (I)
game-download = Download game
game-download-about = The game as a text file, to keep or share (Shift+S)
game-save-file = Save as file
game-save-file-about = The game as a new text file in your documents' Fanorona folder (Shift+S)
game-review = Review
game-review-about = The engine goes through the game: where it turned, and better turns (V)
game-analyse = Analyse
# The menu of the game's rarer actions (files, sharing, sound, resigning), beside the bar of icons.
game-more = More
game-analyse-about = This position on the analysis board (B)
game-keyboard = Keyboard

# The move list.
game-moves = Moves
game-no-turns = No turn played yet.
game-look-after-turn = Look at the position after this turn
# The pieces a side has taken. $count: a number.
game-took = { $side ->
    [white] White took { $count }
   *[black] Black took { $count }
}

# How a game ended. $winner: white or black.
game-outcome-all-captured = { $winner ->
    [white] White wins: every Black piece has been captured
   *[black] Black wins: every White piece has been captured
}
game-outcome-no-legal-turn = { $winner ->
    [white] White wins: Black has no legal move
   *[black] Black wins: White has no legal move
}
game-outcome-telo-line = { $winner ->
    [white] White wins with three pieces in a line
   *[black] Black wins with three pieces in a line
}
game-outcome-resignation = { $winner ->
    [white] White wins: Black resigned
   *[black] Black wins: White resigned
}
game-outcome-fifty-turns = Draw: 50 turns in a row without a capture
game-outcome-repetition = Draw: the same position for the third time
# A rated game's change. $before, $after: ratings (whole numbers); $change: the difference with its sign (+12, -8).
game-rating-change = Your rating: { $before } to { $after } ({ $change })

# The dialogs.
game-are-you-sure = Are you sure?
game-cancel-esc = Cancel (Esc)
game-cancel = Cancel
game-confirm-resign = Resign this game? It counts as a loss.
game-confirm-new-game = Start a new game? Your unfinished game will be lost.
game-confirm-save = Save this game? The game in the save slot will be replaced.
game-confirm-load = Load the saved game? The game on the board will be replaced.
game-confirm-open = Open this game? The game on the board will be replaced.
game-confirm-hand-over = Continue the game you played while the full game loaded? Your other unfinished game will be lost.
game-do-resign = Resign
game-do-new-game = Start a new game
game-do-save = Replace the saved game
game-do-load = Load the saved game
game-do-open = Open the game
game-do-hand-over = Continue that game
game-choice-title = Capture which line?
game-choice-about = This move can capture in two ways. Choose one (or click a piece of the line on the board):
# $count: the pieces it takes. A and W are the keys (and the notation's letters), the same in every language.
game-choice-approach = Approach: takes { $count } (A)
game-choice-withdrawal = Withdrawal: takes { $count } (W)
game-over = Game over
# $score: 1-0, 0-1 or 1/2-1/2; $count: the turns played.
game-result = { $count ->
    [one] Result { $score } after one turn.
   *[other] Result { $score } after { $count } turns.
}
game-vela-offer = { $winner ->
    [white] Vela: in a return game White may not capture until it has lost 17 pieces (unrated).
   *[black] Vela: in a return game Black may not capture until it has lost 17 pieces (unrated).
}
game-vela-play = { $winner ->
    [white] Play a vela game (White handicapped)
   *[black] Play a vela game (Black handicapped)
}
game-rematch = Rematch
game-look-at-board = Look at the board
game-review-game = Review the game: where it turned, and better turns
game-open-title = Open a game
game-open-paste = Paste a game here: game text (as "Copy game" gives it) or a saved RON record.
game-open-button = Open
game-open-a-file = Open a file…
game-open-path = Or a game file's path:
game-open-file = Open file

# The keyboard shortcuts: what each does (the keys themselves are not translated). $first, $second: keys.
game-keys-either = { $first } or { $second }
game-key-stop = Stop here (end a capture chain)
game-key-choose = Choose approach / withdrawal
game-key-cancel = Cancel the selection, or say no to a question
game-key-undo = Undo
game-key-redo = Redo
game-key-hint = Hint
game-key-flip = Flip the board
game-key-save-load = Save / load the game (asks before replacing anything)
game-key-copy-position = Copy the position text
game-key-copy-game = Copy the game as text
game-key-open = Open a game from its text or a file
game-key-save-file = Save the game as a new file (a download on the web)
game-key-open-file = Open a game file (on the web: choose one)
game-key-sound = Sound on / off
game-key-resign = Resign
game-key-menu = Back to the menu (the game is kept); in the tutorial: Next
game-key-try-again = Tutorial: try again
game-key-review = Review the game
game-key-analysis = Analysis board (there: Left / Right through the moves, E set up a position)
game-key-review-turns = Review: previous / next turn, start / end
game-key-review-line = Review: show the better turn and step along its line / back
game-key-how-to-play = How to play
game-key-full-screen = Full screen on / off
game-key-puzzle-next = Puzzles: next puzzle
game-key-puzzle-try-again = Puzzles: try again
game-key-puzzle-solution = Puzzles: show the solution
game-key-close = Review, analysis board: close
game-key-analysis-moves = Analysis board: back / forward through the moves
game-key-analysis-edit = Analysis board: set up a position
# The keys' names in the keyboard help. $key: a letter or a function key as printed on it (F1), or, for a key with a
# word on it, its lowercase name (space, enter, escape, left, right, up, down, home, end), which a language may name
# as its keyboards do; with Shift or Ctrl, the key's name.
game-key-name = { $key ->
    [space] Space
    [enter] Enter
    [escape] Esc
    [left] Left
    [right] Right
    [up] Up
    [down] Down
    [home] Home
    [end] End
   *[other] { $key }
}
game-key-with-shift = Shift+{ $key }
game-key-with-ctrl = Ctrl+{ $key }

# Game files. $folder, $file: a folder's or a file's path; $size: a number of bytes.
game-file-too-large = This game could not be opened: { $file } is too large to be a game file ({ $size } bytes).
game-file-not-text = This game could not be opened: { $file } is not a text file.

# A stored entry that could not be read and was kept in the browser's local storage, or could not be set aside.
# $what: settings, profile or game; $reason: text (then $problem says what the reader found) or binary; $aside: the
# entry's new name; $error: the system's words.
stored-kept-in-browser = { $what ->
    [settings] Your settings could not be read ({ $reason ->
        [binary] the entry is not text
       *[text] { $problem }
    }). They were kept as { $aside } in the browser's local storage.
    [profile] Your rating and tutorial progress could not be read ({ $reason ->
        [binary] the entry is not text
       *[text] { $problem }
    }). They were kept as { $aside } in the browser's local storage.
    [correspondence] Your correspondence games kept on this device could not be read ({ $reason ->
        [binary] the entry is not text
       *[text] { $problem }
    }). They were kept as { $aside } in the browser's local storage.
   *[game] A saved game could not be read ({ $reason ->
        [binary] the entry is not text
       *[text] { $problem }
    }). It was kept as { $aside } in the browser's local storage.
}
stored-not-set-aside = { $what ->
    [settings] Your settings could not be read, nor moved aside: { $error }
    [profile] Your rating and tutorial progress could not be read, nor moved aside: { $error }
    [correspondence] Your correspondence games kept on this device could not be read, nor moved aside: { $error }
   *[game] A saved game could not be read, nor moved aside: { $error }
}
stored-too-many-aside = { $what ->
    [settings] Your settings could not be read, and there are too many unreadable copies already to keep another.
    [profile] Your rating and tutorial progress could not be read, and there are too many unreadable copies already to keep another.
    [correspondence] Your correspondence games kept on this device could not be read, and there are too many unreadable copies already to keep another.
   *[game] A saved game could not be read, and there are too many unreadable copies already to keep another.
}

# Playing without a pointer or without sight (src/access): the board's cursor, the move box, what is said.
access-key-cursor = Move the cursor on the board
access-key-press = Pick the piece or the point under the cursor (without a cursor: stop here)
access-key-move-box = Type a turn (the move box)
access-spoken = What happened
access-page = Game controls
access-page-play = Play
access-key-pieces = Say where the pieces stand
access-key-last-turn = Say what the last turn did
access-key-point = Say what the piece under the cursor can do
say-pieces = { $side ->
    [white] White
   *[black] Black
}: { $count ->
    [0] no pieces
    [one] 1 piece, on { $points }
   *[other] { $count } pieces, on { $points }
}.
say-no-turn-yet = No turn has been played yet.
say-cannot-move = The piece on { $point } cannot move now.
say-no-cursor = There is no cursor on the board: move it with the arrow keys first.
say-control = { $label }{ $role ->
    [button] , button
    [checkbox] , checkbox
    [radio] , option
    [text] , text field
    [slider] , slider
    [list] , list
   *[other] {""}
}{ $state ->
    [checked] , checked
    [unchecked] , not checked
    [selected] , selected
   *[none] {""}
}{ $enabled ->
    [no] , unavailable
   *[yes] {""}
}.
typed-title = Type a turn
typed-help = A turn in the notation (e3-d3A, e3-d3A-c3W), or a destination alone (d3). Enter plays it; d3? says what the piece on d3 can do, and ? where the pieces stand.
typed-not-your-turn = It is not your turn.
typed-empty = Type a turn first: e3-d3A, or a destination such as d3.
typed-not-a-point = “{ $point }” is not a point of the board (a letter from a to i, then a number from 1 to 5).
typed-suffix = “{ $step }”: a step ends with A (approach), W (withdrawal) or nothing (a paika).
typed-not-notation = “{ $typed }” is not a turn: only captures can follow one another (mark them A or W).
typed-which-capture = { $from } to { $to } can take by approach or by withdrawal: add A or W.
typed-other-capture = { $from } to { $to } cannot take that way: use the other letter, or leave it out.
typed-cannot-place = No piece can be placed on { $point } now.
typed-nothing-goes = No piece can go to { $point } now.
typed-which-piece = Several pieces can go to { $point } ({ $pieces }): type the piece too, as in { $example }.
say-step = { $side ->
    [white] White
   *[black] Black
}, { $from } to { $to }{ $kind ->
    [approach] , approach
    [withdrawal] , withdrawal
   *[paika] {""}
}{ $taken ->
    [0] {""}
    [one] , takes 1 piece
   *[other] , takes { $taken } pieces
}.
say-to-move = { $side ->
    [white] White
   *[black] Black
} to move; White has { $white }, Black { $black }.
say-place = { $side ->
    [white] White
   *[black] Black
} places a piece on { $point }.
say-choose = Approach or withdrawal to { $point }? Press A or W, or pick a piece to take.
say-go-on = The piece on { $point } can capture again: { $to }. Or stop with Space.
say-picked = { $point } picked: it can go to { $to }.
say-point = { $point }: { $occupant ->
    [white] a white piece
    [black] a black piece
   *[empty] empty
}{ $role ->
    [picked] , picked
    [destination] , the piece picked can go here
    [movable] , can move
   *[none] {""}
}.

# The game on the board: saving and opening games, and why a piece dropped on a point cannot go there.
# $error: the system's words (not translated); $file: a file's name or path.

game-saved = Game saved.
game-none-saved = There is no saved game yet.
game-not-opened = This game could not be opened: { $error }
game-not-autosaved = The game could not be autosaved: { $error }
game-saved-as = The game was saved as { $file }.
game-downloaded = The game was downloaded as { $file }.
game-not-downloaded = The game could not be downloaded: { $error }
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

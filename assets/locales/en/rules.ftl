# The how-to-play page: the rules written for players, in sections, some with a small diagram and its caption.
# Point names (c3), moves (c1-c2A) and the letters A (approach) and W (withdrawal) are the same in every language.

rules-title = How to play
rules-intro = Fanorona is the national board game of Madagascar: two players, White and Black, capture each other's pieces by moving towards them or away from them.

rules-board-heading = The board
rules-board-lattice = Fanorona is played on the points of a lattice, where the lines meet. Pieces stand on points and move along the lines.
rules-board-points = Where diagonals cross is a strong point (drawn larger): eight lines meet there. The other points are weak: only four lines, across and up and down.
rules-board-caption = Fanoron-dimy, 5×5

rules-setup-heading = Setting up
rules-setup-text = Each side has 22 pieces on the 9×5 board of fanoron-tsivy. They fill the board except the centre point; on the middle row they alternate. White moves first.
rules-setup-caption = The start of fanoron-tsivy

rules-moving-heading = Moving
rules-moving-text = A turn moves one of your pieces one step along a line to the next point, which must be empty. A step that captures nothing is called a paika.

rules-approach-heading = Approach
rules-approach-text = Move towards an enemy piece so that you stop right next to it, on the same line: it is captured, and so is every enemy piece directly behind it on that line, up to the first gap or your own piece.
rules-approach-caption = c1-c2A takes c3 and c4

rules-withdrawal-heading = Withdrawal
rules-withdrawal-text = Move straight away from an enemy piece next to you: it is captured, with the enemy pieces in a row behind it. When one step could capture both ways, you choose which line to take.
rules-withdrawal-caption = c2-c1W takes c3 and c4

rules-chains-heading = Chains
rules-chains-text = After a capture, the same piece may capture again, and again: a chain. It may not come back to a point it has visited during the turn, and may not step twice in a row in the same direction. You may stop a chain whenever you like (Stop here).
rules-chains-caption = a1-b1A-b2A-c2A: three captures in one turn

rules-compulsory-heading = Captures are compulsory
rules-compulsory-text = If any of your pieces can capture, you must capture (with any piece that can, and either way). Only when no capture is possible may you make a paika. The board rings the pieces that may move.

rules-winning-heading = Winning and draws
rules-winning-text = You win when the opponent has no pieces left, or has no legal turn. The game is a draw after 50 turns in a row without a capture, or when the same position comes for the third time.

rules-notation-heading = Notation
rules-notation-text = Columns are letters from a on the left, rows numbers from 1 at White's side. A paika is written e2-e3; a capture adds A (approach) or W (withdrawal): f2-e3A. A chain goes on from the last point: e3-d3A-c4W. In telo a placement is the point alone, b2.

rules-variants-heading = Variants and vela
rules-variants-dimy = Fanoron-tsivy (9×5) is the full game; fanoron-dimy (5×5, 12 pieces each) is a shorter one with the same rules.
rules-variants-telo = Fanoron-telo (3×3) is how children learn: each player places three pieces, then moves them one step at a time; three in a line wins. Nothing is captured.
rules-variants-vela = Vela is the traditional handicap: after a loss, the winner of the previous game may only make paika moves (no captures) until it has lost 17 pieces. Vela games are never rated.

rules-keyboard-heading = Keyboard
rules-tutorial = The tutorial in the main menu teaches all of this on the board, one step at a time.

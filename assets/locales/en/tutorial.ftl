# The tutorial: its four lessons (each task's instruction, what is said after a wrong move and when it is done) and
# the panel beside the board. Point names (c3), moves (c1-c2A) and the letters A and W are the same in every language.

## The lessons.

lesson-board-title = The board
lesson-board-points = Fanorona is played on the points where the lines meet, and a piece moves one step along a line to the next point if it is empty: look at the board, then press Next.
lesson-board-strong = The marked point c3 is a strong point, where eight lines meet: move the white piece one step along any of them.
lesson-board-strong-done = Good: from a strong point a piece can go in eight directions.
lesson-board-weak = b3 is a weak point, where only four lines meet (no diagonals): move the piece from b3 to a strong point next to it.
lesson-board-weak-wrong = That is a weak point too: strong points are where the diagonals cross, like a3 and c3.
lesson-board-weak-done = Right: strong and weak points take turns along every line.

lesson-telo-title = Fanoron-telo
lesson-telo-intro = Fanoron-telo is played on 3×3: each player places three pieces, then moves them one step at a time, and three in a line wins; press Next.
lesson-telo-place = Place your third piece so that three white pieces stand on one line.
lesson-telo-place-wrong = No line yet: find the empty point that completes a line through your two pieces.
lesson-telo-place-done = Three in a line: you win!
lesson-telo-move = All six pieces are placed, so now you move: step one piece along a line to make three in a row.
lesson-telo-move-wrong = That makes no line: which piece can join the two on the bottom row?
lesson-telo-move-done = A line of three by moving: you win!
lesson-telo-game = Now play a whole game against a gentle computer: you are White and place first, and Hint shows a good move.

lesson-capture-title = Capturing
lesson-capture-approach = Approach: move c1 up to c2, next to the black piece, to capture it and the piece right behind it on the same line.
lesson-capture-approach-wrong = Move the piece on c1 to c2.
lesson-capture-approach-done = Both pieces on the line were captured by approach.
lesson-capture-withdrawal = Withdrawal: move c2 straight away from the black piece beside it, down to c1, and the black pieces on that line are captured.
lesson-capture-withdrawal-wrong = Move the piece on c2 down to c1.
lesson-capture-withdrawal-done = Captured by withdrawal: moving away works too.
lesson-capture-choice = Moving c3 to c4 captures either way (approaching c5 or withdrawing from c2), so you choose: take the bigger capture.
lesson-capture-choice-wrong = That took one piece; withdrawing from c2 would have taken two: when you have the choice, count first.
lesson-capture-choice-done = Two pieces: you chose the bigger capture.
lesson-capture-chain = After a capture the same piece may capture again, making a chain: capture with a1 and keep going until no capture is left.
lesson-capture-chain-wrong = The chain could have gone on: keep capturing with the same piece until no capture is left.
lesson-capture-chain-done = Three captures in one turn!
lesson-capture-chain-rules = In a chain the piece may not come back to a point it has visited, nor step twice in a row in the same direction, and the board offers only the steps allowed; press Next.
lesson-capture-stop = You may end a chain whenever you like: capture with a1, then press Stop here (or Space) at once.
lesson-capture-stop-wrong = This time stop right after the first capture, with Stop here or the Space key.
lesson-capture-stop-done = You stopped: sometimes going on would walk into danger.
lesson-capture-compulsory = When a capture is possible you must capture, and only the ringed pieces may move: make the capture.
lesson-capture-compulsory-wrong = Capture with the ringed piece.
lesson-capture-compulsory-done = Captures come first: only when there is none may a piece simply move.
lesson-capture-paika = With no capture anywhere on the board, any piece may make a plain step, called a paika: make one.
lesson-capture-paika-done = A paika: a quiet step that captures nothing.
lesson-capture-ending = You win by capturing every enemy piece, or when your opponent has no legal move, and 50 turns in a row without a capture, or the same position three times, is a draw; press Next.

lesson-tsivy-title = The full game
lesson-tsivy-intro = Fanoron-tsivy, the full game, has 22 pieces a side on a 9×5 board, with only the centre point e3 empty at the start; press Next.
lesson-tsivy-opening = White opens, and the first move must capture: make one of the five opening captures.
lesson-tsivy-opening-done = That is how every game of fanorona begins.
lesson-tsivy-game = Finish with a whole game of fanoron-dimy on 5×5 against a gentle computer; Hint is there if you need it.

# The end of a lesson's game against the computer (the learner plays White).
lesson-game-won = You won the game!
lesson-game-lost = The computer won this one. Try again, or go on with Next.
lesson-game-drawn = A draw. Try again for a win, or go on with Next.

# Why a click on one of the learner's pieces did nothing.
lesson-note-chain = In a chain only the capturing piece goes on: capture again with it, or press Stop here.
lesson-note-must-capture = That piece cannot capture, and a capture is possible, so you must capture with a ringed piece.
lesson-note-blocked = That piece has no empty point next to it along a line.

## The tutorial's panel. The letters in brackets are the keys, the same in every language.

tutorial-heading = Learn to play
# $number: the lesson's number; $title: its title (a lesson-...-title above).
tutorial-lesson = Lesson { $number }: { $title }
# An entry of the list of lessons. $done: yes when the learner has finished that lesson, no otherwise.
tutorial-lesson-choice = { $done ->
    [yes] { $number }. { $title } (done)
   *[no] { $number }. { $title }
}
# $step: the task's number in the lesson; $steps: how many tasks the lesson has.
tutorial-step = Step { $step } of { $steps }
tutorial-finished = You have finished every lesson: you know how to play fanorona!
tutorial-play-tsivy = Play tsivy against the beginner
# After a move that was not what was asked. $why: the explanation (a lesson-...-wrong above).
tutorial-wrong = Not quite. { $why }
tutorial-thinking = The computer is thinking…
tutorial-stop-here = Stop here (Space)
tutorial-next = Next (N)
tutorial-try-again = Try again (T)
tutorial-hint = Hint (H)
tutorial-give-up = Give up
tutorial-restart-lesson = Restart lesson
tutorial-leave = Leave the tutorial

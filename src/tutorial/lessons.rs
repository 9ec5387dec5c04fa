//! The lessons of the tutorial, as data: each task has a position, a one-sentence instruction, the points to mark,
//! what counts as doing it, and what to say after a right or a wrong move. Positions and turns are written in the
//! rules' text forms and checked by the tests below.

use fanorona_ai::Level;
use fanorona_rules::{ParsePositionError, Point, PointSet, Position, Turn};

/// What a task asks the learner to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Read, look at the board, and press Next.
    Read,
    /// Play one of these turns (in notation).
    Turn(&'static [&'static str]),
    /// Play any legal turn.
    AnyTurn,
    /// Play a whole game as White against the computer at this level; any result finishes the task.
    Game(Level),
}

/// One step of a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// What to do, in one sentence.
    pub instruction: &'static str,
    /// The position, as position text.
    pub position: &'static str,
    /// Points to mark on the board.
    pub marks: &'static [&'static str],
    /// What counts as doing it.
    pub goal: Goal,
    /// Said after a move that is not what was asked.
    pub wrong: &'static str,
    /// Said when it is done.
    pub right: &'static str,
}

/// A lesson: a name for the saved progress, a title, and its tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A short name, kept in the settings when the lesson is finished.
    pub id: &'static str,
    /// The title shown.
    pub title: &'static str,
    /// The tasks, in order.
    pub tasks: &'static [Task],
}

impl Task {
    /// The task's position.
    pub fn start(&self) -> Result<Position, ParsePositionError> {
        self.position.parse()
    }

    /// The marked points.
    pub fn marked(&self) -> PointSet {
        self.marks.iter().filter_map(|m| m.parse::<Point>().ok()).collect()
    }

    /// Whether `turn`, played from `before`, is what the task asks for.
    pub fn accepts(&self, before: &Position, turn: &Turn) -> bool {
        match self.goal {
            Goal::Turn(wanted) => wanted.iter().any(|w| before.parse_turn(w).is_ok_and(|t| t == *turn)),
            Goal::AnyTurn => true,
            Goal::Read | Goal::Game(_) => false,
        }
    }
}

const DIMY_START: &str = "bbbbb/bbbbb/wb1wb/wwwww/wwwww w";
const TSIVY_START: &str = "bbbbbbbbb/bbbbbbbbb/wbwb1wbwb/wwwwwwwww/wwwwwwwww w";
const CHAIN: &str = "4b/5/1b3/3b1/w1b2 w";
const QUIET: &str = "1b3/5/5/5/w3w w";

/// All lessons, in order.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "board",
        title: "The board",
        tasks: &[
            Task {
                instruction: "Fanorona is played on the points where the lines meet, and a piece moves one step along \
                              a line to the next point if it is empty: look at the board, then press Next.",
                position: "3b1/5/2w2/5/5 w",
                marks: &[],
                goal: Goal::Read,
                wrong: "",
                right: "",
            },
            Task {
                instruction: "The marked point c3 is a strong point, where eight lines meet: move the white piece one \
                              step along any of them.",
                position: "3b1/5/2w2/5/5 w",
                marks: &["c3", "b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"],
                goal: Goal::AnyTurn,
                wrong: "",
                right: "Good: from a strong point a piece can go in eight directions.",
            },
            Task {
                instruction: "b3 is a weak point, where only four lines meet (no diagonals): move the piece from b3 to \
                              a strong point next to it.",
                position: "3b1/5/1w3/5/5 w",
                marks: &["b3"],
                goal: Goal::Turn(&["b3-a3", "b3-c3"]),
                wrong: "That is a weak point too: strong points are where the diagonals cross, like a3 and c3.",
                right: "Right: strong and weak points take turns along every line.",
            },
        ],
    },
    Lesson {
        id: "telo",
        title: "Fanoron-telo",
        tasks: &[
            Task {
                instruction: "Fanoron-telo is played on 3×3: each player places three pieces, then moves them one \
                              step at a time, and three in a line wins; press Next.",
                position: "3/3/3 w",
                marks: &[],
                goal: Goal::Read,
                wrong: "",
                right: "",
            },
            Task {
                instruction: "Place your third piece so that three white pieces stand on one line.",
                position: "w1b/1w1/b2 w",
                marks: &[],
                goal: Goal::Turn(&["c1"]),
                wrong: "No line yet: find the empty point that completes a line through your two pieces.",
                right: "Three in a line: you win!",
            },
            Task {
                instruction: "All six pieces are placed, so now you move: step one piece along a line to make three \
                              in a row.",
                position: "b1b/1bw/ww1 w",
                marks: &[],
                goal: Goal::Turn(&["c2-c1"]),
                wrong: "That makes no line: which piece can join the two on the bottom row?",
                right: "A line of three by moving: you win!",
            },
            Task {
                instruction: "Now play a whole game against a gentle computer: you are White and place first, and \
                              Hint shows a good move.",
                position: "3/3/3 w",
                marks: &[],
                goal: Goal::Game(Level::Beginner),
                wrong: "",
                right: "You won the game!",
            },
        ],
    },
    Lesson {
        id: "capture",
        title: "Capturing",
        tasks: &[
            Task {
                instruction: "Approach: move c1 up to c2, next to the black piece, to capture it and the piece right \
                              behind it on the same line.",
                position: "5/2b2/2b2/5/2w2 w",
                marks: &["c1", "c2", "c3", "c4"],
                goal: Goal::Turn(&["c1-c2A"]),
                wrong: "Move the piece on c1 to c2.",
                right: "Both pieces on the line were captured by approach.",
            },
            Task {
                instruction: "Withdrawal: move c2 straight away from the black piece beside it, down to c1, and the \
                              black pieces on that line are captured.",
                position: "5/2b2/2b2/2w2/5 w",
                marks: &["c2", "c1", "c3", "c4"],
                goal: Goal::Turn(&["c2-c1W"]),
                wrong: "Move the piece on c2 down to c1.",
                right: "Captured by withdrawal: moving away works too.",
            },
            Task {
                instruction: "Moving c3 to c4 captures either way (approaching c5 or withdrawing from c2), so you \
                              choose: take the bigger capture.",
                position: "2b2/5/2w2/2b2/2b2 w",
                marks: &["c3", "c4"],
                goal: Goal::Turn(&["c3-c4W"]),
                wrong: "That took one piece; withdrawing from c2 would have taken two: when you have the choice, \
                        count first.",
                right: "Two pieces: you chose the bigger capture.",
            },
            Task {
                instruction: "After a capture the same piece may capture again, making a chain: capture with a1 and \
                              keep going until no capture is left.",
                position: CHAIN,
                marks: &["a1"],
                goal: Goal::Turn(&["a1-b1A-b2A-c2A"]),
                wrong: "The chain could have gone on: keep capturing with the same piece until no capture is left.",
                right: "Three captures in one turn!",
            },
            Task {
                instruction: "In a chain the piece may not come back to a point it has visited, nor step twice in a \
                              row in the same direction, and the board offers only the steps allowed; press Next.",
                position: CHAIN,
                marks: &["a1", "b1", "b2", "c2"],
                goal: Goal::Read,
                wrong: "",
                right: "",
            },
            Task {
                instruction: "You may end a chain whenever you like: capture with a1, then press Stop here (or Space) \
                              at once.",
                position: CHAIN,
                marks: &["a1"],
                goal: Goal::Turn(&["a1-b1A"]),
                wrong: "This time stop right after the first capture, with Stop here or the Space key.",
                right: "You stopped: sometimes going on would walk into danger.",
            },
            Task {
                instruction: "When a capture is possible you must capture, and only the ringed pieces may move: make \
                              the capture.",
                position: "1b3/5/1b1w1/5/w3w w",
                marks: &[],
                goal: Goal::Turn(&["d3-c3A"]),
                wrong: "Capture with the ringed piece.",
                right: "Captures come first: only when there is none may a piece simply move.",
            },
            Task {
                instruction: "With no capture anywhere on the board, any piece may make a plain step, called a paika: \
                              make one.",
                position: QUIET,
                marks: &[],
                goal: Goal::AnyTurn,
                wrong: "",
                right: "A paika: a quiet step that captures nothing.",
            },
            Task {
                instruction: "You win by capturing every enemy piece, or when your opponent has no legal move, and 50 \
                              turns in a row without a capture, or the same position three times, is a draw; press \
                              Next.",
                position: QUIET,
                marks: &[],
                goal: Goal::Read,
                wrong: "",
                right: "",
            },
        ],
    },
    Lesson {
        id: "tsivy",
        title: "The full game",
        tasks: &[
            Task {
                instruction: "Fanoron-tsivy, the full game, has 22 pieces a side on a 9×5 board, with only the centre \
                              point e3 empty at the start; press Next.",
                position: TSIVY_START,
                marks: &["e3"],
                goal: Goal::Read,
                wrong: "",
                right: "",
            },
            Task {
                instruction: "White opens, and the first move must capture: make one of the five opening captures.",
                position: TSIVY_START,
                marks: &[],
                goal: Goal::AnyTurn,
                wrong: "",
                right: "That is how every game of fanorona begins.",
            },
            Task {
                instruction: "Finish with a whole game of fanoron-dimy on 5×5 against a gentle computer; Hint is there \
                              if you need it.",
                position: DIMY_START,
                marks: &[],
                goal: Goal::Game(Level::Beginner),
                wrong: "",
                right: "You won the game!",
            },
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn tasks() -> impl Iterator<Item = &'static Task> {
        LESSONS.iter().flat_map(|l| l.tasks)
    }

    #[test]
    fn every_position_and_mark_reads() {
        for task in tasks() {
            let position = task.start().unwrap_or_else(|e| panic!("{}: {e}", task.position));
            assert!(position.outcome().is_none(), "{}: the game is already over", task.position);
            assert_eq!(task.marked().len() as usize, task.marks.len(), "{:?}", task.marks);
            assert!(task.marked().iter().all(|p| position.variant().contains(p)), "{:?}", task.marks);
        }
    }

    #[test]
    fn wanted_turns_are_legal_and_accepted() {
        for task in tasks() {
            let position = task.start().unwrap_or_else(|e| panic!("{e}"));
            if let Goal::Turn(wanted) = task.goal {
                for w in wanted {
                    let turn = position.parse_turn(w).unwrap_or_else(|e| panic!("{w} in {}: {e}", task.position));
                    assert!(task.accepts(&position, &turn));
                }
                assert!(!task.wrong.is_empty() && !task.right.is_empty());
            }
            if matches!(task.goal, Goal::AnyTurn | Goal::Game(_)) {
                assert!(position.has_legal_turn(), "{}", task.position);
            }
        }
    }

    #[test]
    fn every_task_that_asks_for_a_turn_can_be_got_wrong_or_is_forced() {
        // Each task that wants a turn either has other legal turns, which get the friendly explanation, or its one
        // legal turn is forced by the rules (the board then offers nothing else).
        for task in tasks() {
            let position = task.start().unwrap_or_else(|e| panic!("{e}"));
            if let Goal::Turn(_) = task.goal {
                let legal = position.legal_turns();
                let wrong = legal.iter().filter(|t| !task.accepts(&position, t)).count();
                assert!(wrong > 0 || legal.len() == 1, "{}: nothing to get wrong, yet not forced", task.instruction);
            }
        }
    }

    #[test]
    fn lesson_names_are_unique() {
        for (i, a) in LESSONS.iter().enumerate() {
            assert!(LESSONS[i + 1..].iter().all(|b| b.id != a.id));
        }
    }
}

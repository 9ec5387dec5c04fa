//! The lessons of the tutorial, as data: each task has a position, a one-sentence instruction, the points to mark,
//! what counts as doing it, and what to say after a right or a wrong move. Positions and turns are written in the
//! rules' text forms and checked by the tests below; the words are message ids (`tutorial.ftl`), put into words as
//! the panel draws them, so that a change of language shows at once.

use std::sync::LazyLock;

use fanorona_ai::Level;
use fanorona_rules::{ParsePositionError, Point, PointSet, Position, Turn};

use crate::i18n::Text;
use crate::text;

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
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// What to do, in one sentence.
    pub instruction: Text,
    /// The position, as position text.
    pub position: &'static str,
    /// Points to mark on the board.
    pub marks: &'static [&'static str],
    /// What counts as doing it.
    pub goal: Goal,
    /// Said after a move that is not what was asked (a task that nothing can get wrong has none).
    pub wrong: Option<Text>,
    /// Said when it is done (a task with only something to read has none).
    pub right: Option<Text>,
}

/// A lesson: a name for the saved progress, a title, and its tasks.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// A short name, kept in the settings when the lesson is finished.
    pub id: &'static str,
    /// The title shown.
    pub title: Text,
    /// The tasks, in order.
    pub tasks: Vec<Task>,
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
pub static LESSONS: LazyLock<Vec<Lesson>> = LazyLock::new(|| vec![board(), telo(), capture(), tsivy()]);

/// A task with only something to read.
fn reading(instruction: Text, position: &'static str, marks: &'static [&'static str]) -> Task {
    Task { instruction, position, marks, goal: Goal::Read, wrong: None, right: None }
}

fn board() -> Lesson {
    Lesson {
        id: "board",
        title: text!("lesson-board-title"),
        tasks: vec![
            reading(text!("lesson-board-points"), "3b1/5/2w2/5/5 w", &[]),
            Task {
                instruction: text!("lesson-board-strong"),
                position: "3b1/5/2w2/5/5 w",
                marks: &["c3", "b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"],
                goal: Goal::AnyTurn,
                wrong: None,
                right: Some(text!("lesson-board-strong-done")),
            },
            Task {
                instruction: text!("lesson-board-weak"),
                position: "3b1/5/1w3/5/5 w",
                marks: &["b3"],
                goal: Goal::Turn(&["b3-a3", "b3-c3"]),
                wrong: Some(text!("lesson-board-weak-wrong")),
                right: Some(text!("lesson-board-weak-done")),
            },
        ],
    }
}

fn telo() -> Lesson {
    Lesson {
        id: "telo",
        title: text!("lesson-telo-title"),
        tasks: vec![
            reading(text!("lesson-telo-intro"), "3/3/3 w", &[]),
            Task {
                instruction: text!("lesson-telo-place"),
                position: "w1b/1w1/b2 w",
                marks: &[],
                goal: Goal::Turn(&["c1"]),
                wrong: Some(text!("lesson-telo-place-wrong")),
                right: Some(text!("lesson-telo-place-done")),
            },
            Task {
                instruction: text!("lesson-telo-move"),
                position: "b1b/1bw/ww1 w",
                marks: &[],
                goal: Goal::Turn(&["c2-c1"]),
                wrong: Some(text!("lesson-telo-move-wrong")),
                right: Some(text!("lesson-telo-move-done")),
            },
            Task {
                instruction: text!("lesson-telo-game"),
                position: "3/3/3 w",
                marks: &[],
                goal: Goal::Game(Level::Beginner),
                wrong: None,
                right: Some(text!("lesson-game-won")),
            },
        ],
    }
}

fn capture() -> Lesson {
    Lesson {
        id: "capture",
        title: text!("lesson-capture-title"),
        tasks: vec![
            Task {
                instruction: text!("lesson-capture-approach"),
                position: "5/2b2/2b2/5/2w2 w",
                marks: &["c1", "c2", "c3", "c4"],
                goal: Goal::Turn(&["c1-c2A"]),
                wrong: Some(text!("lesson-capture-approach-wrong")),
                right: Some(text!("lesson-capture-approach-done")),
            },
            Task {
                instruction: text!("lesson-capture-withdrawal"),
                position: "5/2b2/2b2/2w2/5 w",
                marks: &["c2", "c1", "c3", "c4"],
                goal: Goal::Turn(&["c2-c1W"]),
                wrong: Some(text!("lesson-capture-withdrawal-wrong")),
                right: Some(text!("lesson-capture-withdrawal-done")),
            },
            Task {
                instruction: text!("lesson-capture-choice"),
                position: "2b2/5/2w2/2b2/2b2 w",
                marks: &["c3", "c4"],
                goal: Goal::Turn(&["c3-c4W"]),
                wrong: Some(text!("lesson-capture-choice-wrong")),
                right: Some(text!("lesson-capture-choice-done")),
            },
            Task {
                instruction: text!("lesson-capture-chain"),
                position: CHAIN,
                marks: &["a1"],
                goal: Goal::Turn(&["a1-b1A-b2A-c2A"]),
                wrong: Some(text!("lesson-capture-chain-wrong")),
                right: Some(text!("lesson-capture-chain-done")),
            },
            reading(text!("lesson-capture-chain-rules"), CHAIN, &["a1", "b1", "b2", "c2"]),
            Task {
                instruction: text!("lesson-capture-stop"),
                position: CHAIN,
                marks: &["a1"],
                goal: Goal::Turn(&["a1-b1A"]),
                wrong: Some(text!("lesson-capture-stop-wrong")),
                right: Some(text!("lesson-capture-stop-done")),
            },
            Task {
                instruction: text!("lesson-capture-compulsory"),
                position: "1b3/5/1b1w1/5/w3w w",
                marks: &[],
                goal: Goal::Turn(&["d3-c3A"]),
                wrong: Some(text!("lesson-capture-compulsory-wrong")),
                right: Some(text!("lesson-capture-compulsory-done")),
            },
            Task {
                instruction: text!("lesson-capture-paika"),
                position: QUIET,
                marks: &[],
                goal: Goal::AnyTurn,
                wrong: None,
                right: Some(text!("lesson-capture-paika-done")),
            },
            reading(text!("lesson-capture-ending"), QUIET, &[]),
        ],
    }
}

fn tsivy() -> Lesson {
    Lesson {
        id: "tsivy",
        title: text!("lesson-tsivy-title"),
        tasks: vec![
            reading(text!("lesson-tsivy-intro"), TSIVY_START, &["e3"]),
            Task {
                instruction: text!("lesson-tsivy-opening"),
                position: TSIVY_START,
                marks: &[],
                goal: Goal::AnyTurn,
                wrong: None,
                right: Some(text!("lesson-tsivy-opening-done")),
            },
            Task {
                instruction: text!("lesson-tsivy-game"),
                position: DIMY_START,
                marks: &[],
                goal: Goal::Game(Level::Beginner),
                wrong: None,
                right: Some(text!("lesson-game-won")),
            },
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tasks() -> impl Iterator<Item = &'static Task> {
        LESSONS.iter().flat_map(|l| &l.tasks)
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
                assert!(task.wrong.is_some() && task.right.is_some());
            }
            if matches!(task.goal, Goal::AnyTurn | Goal::Game(_)) {
                assert!(position.has_legal_turn(), "{}", task.position);
                assert!(task.right.is_some(), "{}: a word when it is done", task.instruction.id);
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
                assert!(wrong > 0 || legal.len() == 1, "{}: nothing to get wrong, yet not forced", task.instruction.id);
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

//! Tournaments: arenas (join and leave at will, paired again as soon as a game ends, points for wins with streaks)
//! and Swiss events (a fixed number of rounds, everyone paired each round). This module is the events' arithmetic:
//! who plays whom and the standings, as pure functions of the games stored, so that standings recomputed from the
//! database always equal the live ones.

pub mod arena;
pub mod schedule;
pub mod swiss;

/// Points, in half points: a win is 2, a draw 1 (an arena's points are whole points and count the same way doubled).
pub type Points = u32;

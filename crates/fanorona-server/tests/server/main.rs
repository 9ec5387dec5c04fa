//! The server on loopback, started by the tests themselves, each on a fresh SQLite file, played through the
//! protocol client. One test binary: it links once.

mod accounts;
mod backup;
mod bad_input;
mod bot;
mod clocks;
mod cluster;
mod common;
mod correspondence;
mod disk_full;
mod fair_play;
mod guests;
mod ignored;
mod lobby_bounds;
mod loose_ends;
mod metrics;
mod moderation;
mod passwords;
mod player_data;
mod process;
mod push;
mod puzzles;
mod rated_game;
mod readiness;
mod rematch;
mod report_queue;
mod restart;
mod secrets;
mod spectators;
mod static_files;
mod timeouts;
mod tournament_passwords;
mod tournament_play;
mod tournaments;
mod vacation;
mod vela;

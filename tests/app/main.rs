//! The game's headless tests, one binary: each would otherwise link its own copy of Bevy (hundreds of MB in a debug
//! build), and linking them one by one cost CI minutes.

mod common;

mod access;
mod analysis;
mod correspondence;
mod game;
mod interface;
mod keys;
mod languages;
mod layout;
mod online;
mod preview;
mod puzzles;
mod review;
mod scenes;
mod screen_reader;
mod soak;
mod tables;
mod teaching;
mod title;

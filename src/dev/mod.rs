//! Tools for developers: start scenes and screenshots.

pub mod scene;

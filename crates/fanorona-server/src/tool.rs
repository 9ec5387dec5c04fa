//! What the programs that work on the server's database beside it share (`fanorona-find-puzzles`,
//! `fanorona-fair-play`): their database options, found as the server finds its own, and how they end.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::db::database_url;

/// The server's database, as the programs beside it are told of it.
#[derive(Clone, Debug, clap::Args)]
pub struct DatabaseArgs {
    /// The server's database: sqlite://PATH or postgres://USER:PASSWORD@HOST/NAME [default:
    /// sqlite://DATA_DIR/fanorona-server.db]
    #[arg(long, env = "DATABASE_URL")]
    pub database: Option<String>,
    /// The folder of the server's default SQLite database [default: the platform's data folder]
    #[arg(long, env = "FANORONA_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

impl DatabaseArgs {
    /// The database's URL ([`database_url`]).
    pub fn url(self) -> std::io::Result<String> {
        database_url(self.database, self.data_dir)
    }
}

/// Ends the program `name`: its report on standard output and success, or its error on standard error, after its
/// name, and failure.
pub fn finish(name: &str, result: Result<String, Box<dyn std::error::Error>>) -> ExitCode {
    match result {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{name}: {error}");
            ExitCode::FAILURE
        }
    }
}

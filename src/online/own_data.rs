//! The player's own data on the server: downloaded a page at a time (`export_data`) and kept as one JSON file
//! (`fanorona-data-N.json` in the game files' folder on the desktop, a download on the web); and the account deleted
//! (`delete_account`, after the player's yes and, for a registered player, their password). The server decides
//! both; `link` forgets the login when the account is gone.

use bevy::prelude::*;
use fanorona_protocol::{AccountData, ClientMessage, ExportedGame, ServerMessage};
use serde::Serialize;

use super::link::{FromServer, ToServer};
use super::{OnlineCommand, refusal};
use crate::AppSystems;
use crate::i18n::Text;
use crate::persistence::game_files::{FileKind, GameFiles, Kept};
use crate::persistence::settings::Settings;
use crate::persistence::storage::Notices;
use crate::text;

/// A download of the player's data, while it is under way.
#[derive(Resource, Debug, Default)]
pub struct DataDownload(Option<Fetched>);

/// The pages come so far.
#[derive(Debug, Default)]
struct Fetched {
    account: Option<AccountData>,
    games: Vec<ExportedGame>,
}

impl DataDownload {
    /// How many games came so far, while a download is under way.
    pub fn under_way(&self) -> Option<usize> {
        self.0.as_ref().map(|fetched| fetched.games.len())
    }
}

/// The account's deletion being asked for: the question on screen, and the password typed to confirm it.
#[derive(Resource, Debug, Default)]
pub struct AccountDeletion {
    /// Whether the question is on screen.
    pub asked: bool,
    /// The password typed (a registered player's).
    pub password: String,
}

/// The file: what the server sent, as it sent it, with the server it came from.
#[derive(Serialize)]
struct DataFile<'a> {
    server: &'a str,
    account: &'a AccountData,
    games: &'a [ExportedGame],
}

/// Downloads and deletes.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DataDownload>()
        .init_resource::<AccountDeletion>()
        .add_systems(Update, (own_data_commands, own_data_messages).chain().in_set(AppSystems::Commands));
}

fn own_data_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut download: ResMut<DataDownload>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for command in commands.read() {
        match command {
            // One download at a time: a second click while one is under way changes nothing.
            OnlineCommand::DownloadData if download.0.is_none() => {
                download.0 = Some(Fetched::default());
                outgoing.write(ToServer(ClientMessage::ExportData { after: None }));
            }
            OnlineCommand::DeleteAccount { password } => {
                outgoing.write(ToServer(ClientMessage::DeleteAccount { password: password.clone() }));
            }
            _ => {}
        }
    }
}

fn own_data_messages(
    mut received: MessageReader<FromServer>,
    mut download: ResMut<DataDownload>,
    mut outgoing: MessageWriter<ToServer>,
    files: Res<GameFiles>,
    settings: Res<Settings>,
    mut notices: ResMut<Notices>,
) {
    for FromServer { message, request } in received.read() {
        if download.0.is_none() {
            continue;
        }
        match (message, request) {
            // A connection lost half-way: the pages already come may be another login's, or out of date; start again.
            (ServerMessage::Welcome { .. }, _) => {
                download.0 = Some(Fetched::default());
                outgoing.write(ToServer(ClientMessage::ExportData { after: None }));
            }
            (ServerMessage::ExportedData { account, games, next }, _) => {
                let Some(fetched) = download.0.as_mut() else { continue };
                if let Some(account) = account {
                    fetched.account = Some((**account).clone());
                }
                fetched.games.extend(games.iter().cloned());
                if let Some(after) = next {
                    outgoing.write(ToServer(ClientMessage::ExportData { after: Some(after.clone()) }));
                    continue;
                }
                let fetched = download.0.take().unwrap_or_default();
                match keep(&fetched, &settings.online.server, &files) {
                    Ok(done) => notices.say(done),
                    Err(problem) => notices.problem(problem),
                }
            }
            (ServerMessage::Error { code, .. }, Some(ClientMessage::ExportData { .. })) => {
                download.0 = None;
                notices.problem(refusal(*code));
            }
            _ => {}
        }
    }
}

/// Writes the pages fetched as one file, and says where it went.
fn keep(fetched: &Fetched, server: &str, files: &GameFiles) -> Result<Text, Text> {
    // The first page always carries the account; without it the server sent something else than it says.
    let account = fetched.account.as_ref().ok_or_else(|| text!("online-problem-unexpected"))?;
    let file = DataFile { server, account, games: &fetched.games };
    let json =
        serde_json::to_string(&file).map_err(|e| text!("file-not-saved", what = "data", error = e.to_string()))?;
    let games = fetched.games.len();
    Ok(match files.keep(FileKind::Data, &json)? {
        Kept::Saved(path) => text!("online-data-saved", file = path.display().to_string(), games = games),
        Kept::Downloaded(name) => text!("online-data-downloaded", file = name, games = games),
    })
}

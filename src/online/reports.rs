//! Reporting a player to the server's moderators, and blocking players: the player's requests sent, the players
//! they block kept as the server lists them (asked at each welcome), and the answers told.

use bevy::prelude::*;
use fanorona_protocol::{ClientMessage, PlayerView, ServerMessage};

use super::OnlineCommand;
use super::link::{FromServer, ToServer};
use crate::AppSystems;
use crate::persistence::storage::Notices;
use crate::text;

/// The players the player blocks, as the server last listed them (none known before the first welcome).
#[derive(Resource, Debug, Default)]
pub struct BlockedPlayers(pub Option<Vec<PlayerView>>);

impl BlockedPlayers {
    /// Whether the player with this id is blocked.
    pub fn contains(&self, id: &str) -> bool {
        self.0.as_ref().is_some_and(|players| players.iter().any(|p| p.id == id))
    }
}

/// Reports and blocks.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BlockedPlayers>()
        .add_systems(Update, (report_commands, report_messages).chain().in_set(AppSystems::Commands));
}

fn report_commands(mut commands: MessageReader<OnlineCommand>, mut outgoing: MessageWriter<ToServer>) {
    for command in commands.read() {
        let message = match command {
            OnlineCommand::Report { player, game, reason, note } => ClientMessage::Report {
                player: player.clone(),
                game: game.clone(),
                reason: *reason,
                note: note.clone(),
            },
            OnlineCommand::Block(player) => ClientMessage::Block { player: player.clone() },
            OnlineCommand::Unblock(player) => ClientMessage::Unblock { player: player.clone() },
            _ => continue,
        };
        outgoing.write(ToServer(message));
    }
}

fn report_messages(
    mut received: MessageReader<FromServer>,
    mut blocked: ResMut<BlockedPlayers>,
    mut outgoing: MessageWriter<ToServer>,
    mut notices: ResMut<Notices>,
) {
    for FromServer { message, request } in received.read() {
        match (message, request) {
            // Another login may have blocked or unblocked meanwhile: the list is asked for again.
            (ServerMessage::Welcome { .. }, _) => {
                outgoing.write(ToServer(ClientMessage::ListBlocked));
            }
            (ServerMessage::Reported, _) => notices.say(text!("online-reported")),
            (ServerMessage::Blocked { players }, request) => {
                let name = |id: &str| players.iter().find(|p| p.id == id).map(|p| p.name.clone());
                match request {
                    Some(ClientMessage::Block { player }) => {
                        let name = name(player).unwrap_or_default();
                        notices.say(text!("online-blocked-player", name = name));
                    }
                    Some(ClientMessage::Unblock { player }) => {
                        let name = blocked.0.iter().flatten().find(|p| p.id == *player).map(|p| p.name.clone());
                        notices.say(text!("online-unblocked-player", name = name.unwrap_or_default()));
                    }
                    _ => {}
                }
                blocked.0 = Some(players.clone());
            }
            _ => {}
        }
    }
}

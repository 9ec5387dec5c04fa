//! The moderators' screen: the open reports and the fair-play review's flags, as the server lists them, and a
//! moderator's action on a player (warn, suspend for a week, close, dismiss), with the reason the log keeps. The
//! server checks the role; the screen shows only to a player the welcome says is a moderator.

use bevy::prelude::*;
use fanorona_protocol::{ClientMessage, FairPlayFlag, ReportView, ServerMessage};

use super::OnlineCommand;
use super::link::{FromServer, ToServer};
use crate::AppSystems;
use crate::persistence::storage::Notices;
use crate::text;

/// What the moderators' screen shows: the open reports and flags, once listed.
#[derive(Resource, Debug, Default)]
pub struct Moderation {
    /// The open reports, oldest first.
    pub reports: Vec<ReportView>,
    /// The fair-play review's open flags.
    pub flags: Vec<FairPlayFlag>,
    /// Whether the server has listed them since the screen asked.
    pub listed: bool,
}

/// The moderators' requests and the server's answers.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Moderation>()
        .add_systems(Update, (moderation_commands, moderation_messages).chain().in_set(AppSystems::Commands));
}

fn moderation_commands(
    mut commands: MessageReader<OnlineCommand>,
    mut moderation: ResMut<Moderation>,
    mut outgoing: MessageWriter<ToServer>,
) {
    for command in commands.read() {
        match command {
            OnlineCommand::ListReports => {
                moderation.listed = false;
                outgoing.write(ToServer(ClientMessage::ListReports));
            }
            OnlineCommand::Moderate { player, action, reason } => {
                let (player, action, reason) = (player.clone(), *action, reason.clone());
                outgoing.write(ToServer(ClientMessage::Moderate { player, action, reason }));
            }
            _ => {}
        }
    }
}

fn moderation_messages(
    mut received: MessageReader<FromServer>,
    mut moderation: ResMut<Moderation>,
    mut outgoing: MessageWriter<ToServer>,
    mut notices: ResMut<Notices>,
) {
    for FromServer { message, .. } in received.read() {
        match message {
            ServerMessage::Reports { reports, flags } => {
                *moderation = Moderation { reports: reports.clone(), flags: flags.clone(), listed: true };
            }
            // Done: the list changed (the action closed the reports and the flag on the player).
            ServerMessage::Moderated { player, .. } => {
                notices.say(text!("online-moderated", name = &player.name));
                outgoing.write(ToServer(ClientMessage::ListReports));
            }
            _ => {}
        }
    }
}

//! The moderators' screen: the open reports and the fair-play review's flags, as the server lists them, and a
//! moderator's action on a player (warn, suspend for a week, close, dismiss), with the reason the log keeps. The
//! server checks the role; the screen shows only to a player the welcome says is a moderator. The reports come as the
//! server's queue, one line per reported player, the weightiest first, a page at a time: the next page is added below
//! the lines shown when the moderator asks for more.

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
    /// The lines of the queue's pages listed so far, one per reported player, the weightiest first.
    pub reports: Vec<ReportView>,
    /// The fair-play review's open flags.
    pub flags: Vec<FairPlayFlag>,
    /// Where the queue's next page starts, when the server has more than the lines listed.
    pub next: Option<String>,
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
                outgoing.write(ToServer(ClientMessage::ListReports { after: None }));
            }
            // Taken, so that a second click before the page comes asks for it once.
            OnlineCommand::MoreReports => {
                if let Some(after) = moderation.next.take() {
                    outgoing.write(ToServer(ClientMessage::ListReports { after: Some(after) }));
                }
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
            // A later page goes below the lines shown (flags come with the first page only); a first one replaces all.
            ServerMessage::Reports { reports, flags, after: Some(_), next } => {
                moderation.reports.extend(reports.iter().cloned());
                moderation.flags.extend(flags.iter().cloned());
                moderation.next = next.clone();
            }
            ServerMessage::Reports { reports, flags, after: None, next } => {
                *moderation =
                    Moderation { reports: reports.clone(), flags: flags.clone(), next: next.clone(), listed: true };
            }
            // Done: the list changed (the action closed the reports and the flag on the player).
            ServerMessage::Moderated { player, .. } => {
                notices.say(text!("online-moderated", name = &player.name));
                outgoing.write(ToServer(ClientMessage::ListReports { after: None }));
            }
            _ => {}
        }
    }
}

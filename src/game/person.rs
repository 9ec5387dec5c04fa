//! A person's turn, one click at a time: pick a piece, pick a destination, choose approach or withdrawal when a step
//! offers both, go on with a chain or stop; or a piece dragged and dropped. Every decision is the rules crate's;
//! clicks that mean nothing are ignored, and a drop that is not a legal step is refused with the rules' reason.

use bevy::prelude::*;
use fanorona_reasons::refusal;
use fanorona_rules::{CaptureKind, Point, Step, capture_choice};

use super::BoardMoves;
use super::session::{Announce, Session};
use crate::AppSystems;
use crate::persistence::storage::Notices;
use crate::screens::OnBoard;

/// A click (or tap) on a point of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick(pub Point);

/// A piece carried by the pointer from one point and let go on another: the step between them, if it is legal
/// (with the approach/withdrawal choice when it offers both), as clicks on both points would play it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardDrop {
    /// Where the piece was picked up.
    pub from: Point,
    /// Where it was let go.
    pub to: Point,
}

/// A decision about the turn in progress, from a button or a key.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnCommand {
    /// End the chain here ("Stop here").
    Stop,
    /// Settle a pending approach/withdrawal choice.
    Choose(CaptureKind),
    /// Drop the selection or the pending choice.
    Cancel,
}

/// Handles a person's clicks and turn commands.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardClick>().add_message::<BoardDrop>().add_message::<TurnCommand>().add_systems(
        Update,
        (handle_turn_commands, handle_clicks, handle_drops)
            .chain()
            .in_set(AppSystems::Commands)
            .in_set(BoardMoves)
            .run_if(in_state(OnBoard)),
    );
}

fn click(session: &mut Session, announce: &mut Announce, point: Point) {
    if session.position().legal_placements().contains(point) {
        announce.place(session, point);
        return;
    }
    if let Some(pair) = session.choice {
        // A click on a piece of one of the two lines chooses that capture; any other click drops the choice.
        match pair.into_iter().find(|s| s.to() != point && session.would_capture(*s).contains(&point)) {
            Some(step) => {
                announce.step(session, step);
            }
            None => session.choice = None,
        }
        return;
    }
    let here: Vec<Step> = session.destinations().into_iter().filter(|s| s.to() == point).collect();
    if let Some(pair) = capture_choice(&here) {
        session.choice = Some(pair);
        return;
    }
    if let Some(&step) = here.first() {
        announce.step(session, step);
        return;
    }
    if session.builder.is_fresh() {
        let pick = session.builder.movable_pieces().contains(point) && session.selected != Some(point);
        session.selected = pick.then_some(point);
    }
}

fn command(session: &mut Session, announce: &mut Announce, command: TurnCommand) {
    match command {
        TurnCommand::Stop => announce.stop(session),
        TurnCommand::Choose(kind) => {
            if let Some(step) = session.choice.and_then(|p| p.into_iter().find(|s| s.capture() == Some(kind))) {
                announce.step(session, step);
            }
        }
        TurnCommand::Cancel => {
            session.choice = None;
            if session.builder.is_fresh() {
                session.selected = None;
            }
        }
    }
}

fn handle_clicks(mut clicks: MessageReader<BoardClick>, mut session: ResMut<Session>, mut announce: Announce) {
    for BoardClick(point) in clicks.read() {
        if session.human_to_move() {
            click(&mut session, &mut announce, *point);
        }
    }
}

fn handle_drops(
    mut drops: MessageReader<BoardDrop>,
    mut session: ResMut<Session>,
    mut announce: Announce,
    mut notices: ResMut<Notices>,
) {
    for &BoardDrop { from, to } in drops.read() {
        if !session.human_to_move() || from == to {
            continue;
        }
        // Picking the piece up may have been a click that selected it, or (on the selected piece) one that let it
        // go: the drop means this piece either way.
        if session.builder.is_fresh() && session.builder.movable_pieces().contains(from) {
            session.selected = Some(from);
            session.choice = None;
        }
        let source = session.piece_in_play();
        if source == Some(from) && session.destinations().iter().any(|s| s.to() == to) {
            click(&mut session, &mut announce, to);
        } else {
            notices.problem(refusal(from, to, &session.builder.why_not(from, to)).into());
        }
    }
}

fn handle_turn_commands(
    mut commands: MessageReader<TurnCommand>,
    mut session: ResMut<Session>,
    mut announce: Announce,
) {
    for turn_command in commands.read() {
        if session.human_to_move() {
            command(&mut session, &mut announce, *turn_command);
        }
    }
}

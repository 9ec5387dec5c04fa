//! A person's turn, one click at a time: pick a piece, pick a destination, choose approach or withdrawal when a step
//! offers both, go on with a chain or stop. Every decision is the rules crate's; clicks that mean nothing are
//! ignored.

use bevy::prelude::*;
use fanorona_rules::{CaptureKind, Point, Progress, Step, Turn};

use crate::animation::Animations;
use crate::session::{Session, StepPlayed, TurnCommitted, capture_choice, capture_line, trace_of};
use crate::state::OnBoard;

/// A click (or tap) on a point of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick(pub Point);

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
pub struct TurnPlugin;

/// The set of the systems that act on clicks and turn commands (input runs before it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnSet;

impl TurnPlugin {
    /// The systems that act on clicks.
    pub const SET: TurnSet = TurnSet;
}

impl Plugin for TurnPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<BoardClick>().add_message::<TurnCommand>().add_systems(
            Update,
            (handle_turn_commands, handle_clicks).chain().in_set(TurnSet).run_if(in_state(OnBoard)),
        );
    }
}

/// Where a person's actions go: the session and the messages that announce what happened.
struct Turns<'a, 's, 'c> {
    session: &'a mut Session,
    steps: &'a mut MessageWriter<'s, StepPlayed>,
    committed: &'a mut MessageWriter<'c, TurnCommitted>,
}

impl Turns<'_, '_, '_> {
    fn play_step(&mut self, step: Step) {
        let side = self.session.board().side_to_move();
        let captured = capture_line(self.session.board(), step);
        let Ok(progress) = self.session.builder.play(step) else { return };
        self.steps.write(StepPlayed { side, step: Some(step), placed: None, captured });
        self.session.choice = None;
        match progress {
            Progress::CanContinue => self.session.selected = self.session.builder.chain_point(),
            Progress::Complete(turn) => self.finish(turn),
        }
    }

    fn place(&mut self, point: Point) {
        let side = self.session.position().side_to_move();
        self.steps.write(StepPlayed { side, step: None, placed: Some(point), captured: Vec::new() });
        self.finish(Turn::place(point));
    }

    fn finish(&mut self, turn: Turn) {
        let trace = trace_of(self.session.position(), &turn);
        if self.session.commit(turn, trace).is_ok() {
            self.committed.write(TurnCommitted { turn });
        }
    }

    fn click(&mut self, point: Point) {
        if self.session.position().legal_placements().contains(point) {
            self.place(point);
            return;
        }
        if let Some(pair) = self.session.choice {
            let board = *self.session.board();
            match pair.iter().find(|s| s.to() != point && capture_line(&board, **s).contains(&point)) {
                Some(&step) => self.play_step(step),
                None => self.session.choice = None,
            }
            return;
        }
        let here: Vec<Step> = self.session.destinations().into_iter().filter(|s| s.to() == point).collect();
        if let Some(pair) = capture_choice(&here) {
            self.session.choice = Some(pair);
            return;
        }
        if let Some(&step) = here.first() {
            self.play_step(step);
            return;
        }
        if self.session.builder.is_fresh() {
            let pick = self.session.builder.movable_pieces().contains(point) && self.session.selected != Some(point);
            self.session.selected = pick.then_some(point);
        }
    }

    fn command(&mut self, command: TurnCommand) {
        match command {
            TurnCommand::Stop => {
                if let Ok(turn) = self.session.builder.stop() {
                    self.finish(turn);
                }
            }
            TurnCommand::Choose(kind) => {
                if let Some(step) = self.session.choice.and_then(|p| p.into_iter().find(|s| s.capture() == Some(kind)))
                {
                    self.play_step(step);
                }
            }
            TurnCommand::Cancel => {
                self.session.choice = None;
                if self.session.builder.is_fresh() {
                    self.session.selected = None;
                }
            }
        }
    }
}

fn handle_clicks(
    mut clicks: MessageReader<BoardClick>,
    mut session: ResMut<Session>,
    animations: Res<Animations>,
    mut steps: MessageWriter<StepPlayed>,
    mut committed: MessageWriter<TurnCommitted>,
) {
    for BoardClick(point) in clicks.read() {
        if !session.human_to_move() || animations.busy() {
            continue;
        }
        Turns { session: &mut session, steps: &mut steps, committed: &mut committed }.click(*point);
    }
}

fn handle_turn_commands(
    mut commands: MessageReader<TurnCommand>,
    mut session: ResMut<Session>,
    animations: Res<Animations>,
    mut steps: MessageWriter<StepPlayed>,
    mut committed: MessageWriter<TurnCommitted>,
) {
    for command in commands.read() {
        if !session.human_to_move() || animations.busy() {
            continue;
        }
        Turns { session: &mut session, steps: &mut steps, committed: &mut committed }.command(*command);
    }
}

//! The tutorial's panel: the lesson, the instruction, what the learner got right or wrong, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::how_to_play::ToggleHowToPlay;
use super::theme::Tones;
use super::widgets::board_side_panel;
use crate::board::layout::UiInsets;
use crate::game::commands::GameCommand;
use crate::game::computer::{HintRequest, Purpose, Thinking};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::persistence::profile::Profile;
use crate::persistence::settings::Settings;
use crate::screens::AppState;
use crate::tutorial::lessons::{Goal, LESSONS};
use crate::tutorial::{Status, Tutorial, TutorialCommand};

/// The tutorial panel.
pub struct TutorialUiPlugin;

impl Plugin for TutorialUiPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(EguiPrimaryContextPass, tutorial_ui.run_if(in_state(AppState::Tutorial)));
    }
}

#[allow(clippy::too_many_arguments)]
fn tutorial_ui(
    mut contexts: EguiContexts,
    tutorial: Res<Tutorial>,
    session: Res<Session>,
    profile: Res<Profile>,
    settings: Res<Settings>,
    thinking: Res<Thinking>,
    mut insets: ResMut<UiInsets>,
    mut commands: MessageWriter<TutorialCommand>,
    mut turn: MessageWriter<TurnCommand>,
    mut game: MessageWriter<GameCommand>,
    mut hint: MessageWriter<HintRequest>,
    mut how_to_play: MessageWriter<ToggleHowToPlay>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lesson = tutorial.current_lesson();
    let task = tutorial.current_task();
    let tones = Tones::of(&settings);
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        ui.heading("Learn to play");
        egui::ComboBox::from_id_salt("lesson")
            .selected_text(format!("Lesson {}: {}", tutorial.lesson + 1, lesson.title))
            .show_ui(ui, |ui| {
                for (i, l) in LESSONS.iter().enumerate() {
                    let done = if profile.lesson_done(l.id) { " (done)" } else { "" };
                    if ui.selectable_label(i == tutorial.lesson, format!("{}. {}{done}", i + 1, l.title)).clicked() {
                        commands.write(TutorialCommand::Lesson(i));
                    }
                }
            });
        ui.label(egui::RichText::new(format!("Step {} of {}", tutorial.task + 1, lesson.tasks.len())).small());
        ui.separator();
        if tutorial.finished {
            ui.label(egui::RichText::new("You have finished every lesson: you know how to play fanorona!").strong());
            ui.add_space(6.0);
            if ui.button("Play tsivy against the beginner").clicked() {
                commands.write(TutorialCommand::PlayGame);
            }
        } else {
            ui.label(egui::RichText::new(task.instruction).strong());
        }
        ui.add_space(6.0);
        match &tutorial.status {
            Status::Doing => {
                if let Some(note) = &tutorial.note {
                    ui.colored_label(tones.warn, note);
                }
            }
            Status::Wrong(why) => {
                ui.colored_label(tones.warn, format!("Not quite. {why}"));
            }
            Status::Done(word) => {
                ui.colored_label(tones.good, word);
            }
        }
        if thinking.is(Purpose::Move) {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("The computer is thinking…");
            });
        }
        ui.add_space(6.0);
        if session.builder.can_stop() && ui.button("Stop here (Space)").clicked() {
            turn.write(TurnCommand::Stop);
        }
        ui.horizontal(|ui| {
            if ui.add_enabled(tutorial.can_go_on() && !tutorial.finished, egui::Button::new("Next (N)")).clicked() {
                commands.write(TutorialCommand::Next);
            }
            if task.goal != Goal::Read && ui.button("Try again (T)").clicked() {
                commands.write(TutorialCommand::Retry);
            }
        });
        if let Goal::Game(_) = task.goal {
            ui.horizontal(|ui| {
                let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
                if ui.add_enabled(can_hint, egui::Button::new("Hint (H)")).clicked() {
                    hint.write(HintRequest);
                }
                if ui.add_enabled(!session.is_over(), egui::Button::new("Give up")).clicked() {
                    game.write(GameCommand::Resign);
                }
            });
            if let Some(outcome) = session.outcome() {
                ui.label(outcome.to_string());
            }
        }
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Restart lesson").clicked() {
                commands.write(TutorialCommand::Lesson(tutorial.lesson));
            }
            if ui.button("How to play").clicked() {
                how_to_play.write(ToggleHowToPlay);
            }
        });
        if ui.button("Leave the tutorial").clicked() {
            commands.write(TutorialCommand::Leave);
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "tutorial-panel", contents));
    Ok(())
}

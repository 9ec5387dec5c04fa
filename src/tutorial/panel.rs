//! The tutorial's panel: the lesson, the instruction, what the learner got right or wrong, and the buttons.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::game::commands::GameCommand;
use crate::game::computer::{HintRequest, Purpose, Thinking};
use crate::game::person::TurnCommand;
use crate::game::session::Session;
use crate::i18n::Locale;
use crate::persistence::profile::Profile;
use crate::screens::AppState;
use crate::tr;
use crate::tutorial::lessons::{Goal, LESSONS};
use crate::tutorial::{Status, Tutorial, TutorialCommand};
use crate::ui::ToggleHowToPlay;
use crate::ui::theme::Tones;
use crate::ui::widgets::{SidePanel, board_side_panel, outcome_text};

/// The tutorial panel.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, tutorial_ui.run_if(in_state(AppState::Tutorial)));
}

/// The tutorial's panel: the lesson chosen, the step, the instruction, what the learner got right or wrong, and the
/// buttons.
fn tutorial_ui(
    mut panel: SidePanel,
    tutorial: Res<Tutorial>,
    session: Res<Session>,
    profile: Res<Profile>,
    thinking: Res<Thinking>,
    mut commands: Commands,
) -> Result {
    let SidePanel { contexts, insets, locale, settings } = &mut panel;
    let ctx = contexts.ctx_mut()?;
    let task = tutorial.current_task();
    let tones = Tones::of(settings);
    let locale = &**locale;
    let contents = |ui: &mut egui::Ui| {
        ui.add_space(6.0);
        lesson_choice(ui, locale, &tutorial, &profile, &mut commands);
        ui.separator();
        if tutorial.finished {
            ui.label(egui::RichText::new(tr!(locale, "tutorial-finished")).strong());
            ui.add_space(6.0);
            if ui.button(tr!(locale, "tutorial-play-tsivy")).clicked() {
                commands.write_message(TutorialCommand::PlayGame);
            }
        } else {
            ui.label(egui::RichText::new(locale.text(&task.instruction)).strong());
        }
        ui.add_space(6.0);
        match &tutorial.status {
            Status::Doing => {
                if let Some(note) = &tutorial.note {
                    ui.colored_label(tones.warn, locale.text(note));
                }
            }
            Status::Wrong(why) => {
                let why = why.as_ref().map(|w| locale.text(w)).unwrap_or_default();
                ui.colored_label(tones.warn, tr!(locale, "tutorial-wrong", why = why));
            }
            Status::Done(word) => {
                if let Some(word) = word {
                    ui.colored_label(tones.good, locale.text(word));
                }
            }
        }
        if thinking.is(Purpose::Move) {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr!(locale, "tutorial-thinking"));
            });
        }
        ui.add_space(6.0);
        task_buttons(ui, locale, &tutorial, &session, &thinking, &mut commands);
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            if ui.button(tr!(locale, "tutorial-restart-lesson")).clicked() {
                commands.write_message(TutorialCommand::Lesson(tutorial.lesson));
            }
            if ui.button(tr!(locale, "how-to-play")).clicked() {
                commands.write_message(ToggleHowToPlay);
            }
        });
        if ui.button(tr!(locale, "tutorial-leave")).clicked() {
            commands.write_message(TutorialCommand::Leave);
        }
    };
    insets.set_if_neq(board_side_panel(ctx, "tutorial-panel", contents));
    Ok(())
}

/// The lesson, chosen from the list (each marked done or not), and the step in it.
fn lesson_choice(ui: &mut egui::Ui, locale: &Locale, tutorial: &Tutorial, profile: &Profile, commands: &mut Commands) {
    let lesson = tutorial.current_lesson();
    let heading = ui.heading(tr!(locale, "tutorial-heading")).id;
    let title = locale.text(&lesson.title);
    egui::ComboBox::from_id_salt("lesson")
        .selected_text(tr!(locale, "tutorial-lesson", number = tutorial.lesson + 1, title = &title))
        .show_ui(ui, |ui| {
            for (i, l) in LESSONS.iter().enumerate() {
                let done = if profile.lesson_done(l.id) { "yes" } else { "no" };
                let title = locale.text(&l.title);
                let label = tr!(locale, "tutorial-lesson-choice", number = i + 1, title = title, done = done);
                if ui.selectable_label(i == tutorial.lesson, label).clicked() {
                    commands.write_message(TutorialCommand::Lesson(i));
                }
            }
        })
        .response
        .labelled_by(heading);
    let step = tr!(locale, "tutorial-step", step = tutorial.task + 1, steps = lesson.tasks.len());
    ui.label(egui::RichText::new(step).small());
}

/// The task's buttons: stopping a chain, the next step, trying again; in a game, a hint, giving up, and the result.
fn task_buttons(
    ui: &mut egui::Ui,
    locale: &Locale,
    tutorial: &Tutorial,
    session: &Session,
    thinking: &Thinking,
    commands: &mut Commands,
) {
    let task = tutorial.current_task();
    if session.builder.can_stop() && ui.button(tr!(locale, "tutorial-stop-here")).clicked() {
        commands.write_message(TurnCommand::Stop);
    }
    // Button rows wrap: in French or Malagasy two buttons can be wider than the panel.
    ui.horizontal_wrapped(|ui| {
        let next = egui::Button::new(tr!(locale, "tutorial-next"));
        if ui.add_enabled(tutorial.can_go_on() && !tutorial.finished, next).clicked() {
            commands.write_message(TutorialCommand::Next);
        }
        if task.goal != Goal::Read && ui.button(tr!(locale, "tutorial-try-again")).clicked() {
            commands.write_message(TutorialCommand::Retry);
        }
    });
    if let Goal::Game(_) = task.goal {
        ui.horizontal_wrapped(|ui| {
            let can_hint = session.human_to_move() && !thinking.is(Purpose::Hint);
            if ui.add_enabled(can_hint, egui::Button::new(tr!(locale, "tutorial-hint"))).clicked() {
                commands.write_message(HintRequest);
            }
            if ui.add_enabled(!session.is_over(), egui::Button::new(tr!(locale, "tutorial-give-up"))).clicked() {
                commands.write_message(GameCommand::Resign);
            }
        });
        if let Some(outcome) = session.outcome() {
            ui.label(locale.text(&outcome_text(outcome)));
        }
    }
}

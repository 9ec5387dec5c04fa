//! The move box (a text field with the legal turns that begin with what is typed), and what is said handed on: to
//! AccessKit on the desktop (a live region, and the board's points as named nodes), to the page's live region on
//! the web.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiFullOutput, EguiPostUpdateSet, EguiPrimaryContextPass, egui};

use super::Spoken;
use super::speech::PointRoles;
use super::typed::{MoveBox, TypedTurn};
use crate::board::layout::{BoardCursor, BoardLayout, UiInsets};
use crate::game::session::Session;
use crate::i18n::Locale;
use crate::screens::OnBoard;
use crate::tr;
use crate::ui::widgets::{MOVE_BOX, TOAST_ROOM, bottom_left_of, room_over_panel};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Typing>()
        .add_systems(EguiPrimaryContextPass, (move_box_ui, accessible_board).run_if(in_state(OnBoard)))
        .add_systems(
            PostUpdate,
            focus_cursor_point.after(EguiPostUpdateSet::EndPass).before(EguiPostUpdateSet::ProcessOutput),
        );
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, page_live_region.in_set(crate::AppSystems::Presentation)).add_systems(
        PostUpdate,
        say_focused_controls.after(EguiPostUpdateSet::EndPass).before(EguiPostUpdateSet::ProcessOutput),
    );
}

/// What is being typed in the move box, and the legal turns that begin with it.
#[derive(Resource, Default)]
struct Typing {
    text: String,
    offered: Vec<String>,
    /// The text and the turn (its number of turns and steps so far) the offers were made for.
    made_for: Option<(String, usize, Option<String>)>,
}

/// How many turns the move box offers.
const OFFERED: usize = 8;

/// The height of the move box's title bar and frame, in points (its title in the heading's font), until it has been
/// drawn once and measured.
const MOVE_BOX_TITLE: f32 = 100.0;

/// The move box: whether it is open, what is being typed and offered, the turns typed, and its title bar's height.
#[derive(SystemParam)]
struct MoveBoxParts<'w, 's> {
    move_box: ResMut<'w, MoveBox>,
    typing: ResMut<'w, Typing>,
    typed: MessageWriter<'w, TypedTurn>,
    title: Local<'s, Option<f32>>,
}

fn move_box_ui(
    mut contexts: EguiContexts,
    mut parts: MoveBoxParts,
    session: Res<Session>,
    spoken: Res<Spoken>,
    insets: Res<UiInsets>,
    locale: Res<Locale>,
) -> Result {
    let MoveBoxParts { move_box, typing, typed, title } = &mut parts;
    if !move_box.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let turn =
        (typing.text.clone(), session.game().turns().len(), session.builder.turn_so_far().map(|t| t.to_string()));
    if typing.made_for.as_ref() != Some(&turn) {
        typing.offered = session.builder.completions(&typing.text, OFFERED);
        typing.made_for = Some(turn);
    }
    let typing = &mut **typing;
    let mut open = true;
    // Over the panel, where it hides none of the pieces the player reads the turn from (and their highlights).
    let room = room_over_panel(ctx, &insets, 0.0).unwrap_or_else(|| ctx.viewport_rect().shrink(8.0));
    let shown = egui::Window::new(tr!(locale, "typed-title"))
        .id(egui::Id::new(MOVE_BOX))
        .anchor(egui::Align2::LEFT_BOTTOM, bottom_left_of(ctx, room))
        // Its whole width, title bar and frame included, within the room.
        .min_width(room.width())
        .max_width(room.width())
        .collapsible(false)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            // Its height within the room less a toast's: the contents scroll when a phone's panel leaves less room than
            // the offers take.
            let most = room.height() - TOAST_ROOM - title.unwrap_or(MOVE_BOX_TITLE);
            egui::ScrollArea::vertical()
                .max_height(most)
                .show(ui, |ui| {
                    if move_box_contents(ui, &locale, typing, typed, &spoken) {
                        move_box.open = false;
                    }
                })
                .inner_rect
                .height()
        });
    if let Some(egui::InnerResponse { response, inner: Some(contents) }) = shown {
        **title = Some(response.rect.height() - contents);
    }
    if !open {
        move_box.open = false;
    }
    Ok(())
}

/// The move box's contents: the help, the field (Enter sends the turn typed), the turns that complete what is
/// typed, and the last thing said. True when Esc closes the box.
fn move_box_contents(
    ui: &mut egui::Ui,
    locale: &Locale,
    typing: &mut Typing,
    typed: &mut MessageWriter<TypedTurn>,
    spoken: &Spoken,
) -> bool {
    let help = ui.label(tr!(locale, "typed-help"));
    let field = ui.add(
        egui::TextEdit::singleline(&mut typing.text)
            .font(egui::TextStyle::Monospace)
            .hint_text("e3-d3A")
            .desired_width(220.0),
    );
    let field = field.labelled_by(help.id);
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
    if entered && !typing.text.trim().is_empty() {
        typed.write(TypedTurn(std::mem::take(&mut typing.text)));
    }
    if !escaped && !field.has_focus() && (entered || !ui.ctx().memory(|m| m.focused().is_some())) {
        // The field keeps the keyboard while the box is open, after Enter too.
        field.request_focus();
    }
    ui.horizontal_wrapped(|ui| {
        for turn in &typing.offered {
            if ui.button(egui::RichText::new(turn).monospace()).clicked() {
                typed.write(TypedTurn(turn.clone()));
                typing.text.clear();
            }
        }
    });
    if let Some(said) = spoken.latest() {
        ui.label(egui::RichText::new(locale.text(said)).small());
    }
    escaped
}

/// The board for AccessKit: what is said, as a live region a screen reader reads when it changes, and each point
/// of the board as a node named with its coordinates and occupant, the cursor's point selected.
fn accessible_board(
    mut contexts: EguiContexts,
    spoken: Res<Spoken>,
    mut heard: Local<Heard>,
    session: Res<Session>,
    layout: Res<BoardLayout>,
    cursor: Res<BoardCursor>,
    locale: Res<Locale>,
) -> Result {
    use egui::accesskit::{Live, Role};
    let ctx = contexts.ctx_mut()?;
    // Kept up to date with AccessKit off too, so that a screen reader started mid-game hears only what comes next.
    let words = heard.update(&spoken, &locale).to_owned();
    // The window, which screen readers name first; nothing more is done unless a screen reader asked for the tree.
    if ctx.accesskit_node_builder(egui::accesskit_root_id(), |node| node.set_label("Fanorona")).is_none() {
        return Ok(());
    }
    // AT-SPI (AccessKit on Linux) announces a live node when its name changes: the words are its name.
    ctx.accesskit_node_builder(egui::Id::new("spoken"), |node| {
        node.set_role(Role::Status);
        node.set_live(Live::Polite);
        node.set_description(tr!(locale, "access-spoken"));
        node.set_label(words);
    });
    let roles = PointRoles::of(&session);
    for point in layout.variant.points() {
        let label = locale.text(&roles.text(&session, point));
        ctx.accesskit_node_builder(point_id(point), |node| {
            node.set_role(Role::GridCell);
            node.set_label(label);
            if cursor.0 == Some(point) {
                node.set_selected(true);
            }
        });
    }
    Ok(())
}

/// While no control has the keyboard, the cursor's point has the screen reader's focus: Orca 43 speaks the focused
/// object and its name's changes (and has no ear for live regions' announcements), so it reads the board as the
/// cursor moves and as the point's piece is picked or taken. Public, so that whatever reads the tree runs after it.
pub fn focus_cursor_point(mut outputs: Query<&mut EguiFullOutput>, cursor: Res<BoardCursor>) {
    let Some(point) = cursor.0 else { return };
    let root = egui::accesskit_root_id().accesskit_id();
    for mut output in &mut outputs {
        let update = output.0.as_mut().and_then(|o| o.platform_output.accesskit_update.as_mut());
        if let Some(update) = update.filter(|u| u.focus == root) {
            update.focus = point_id(point).accesskit_id();
        }
    }
}

/// The node of a point of the board.
fn point_id(point: fanorona_rules::Point) -> egui::Id {
    egui::Id::new(("point", point.index()))
}

/// What a live region says: the texts said in the last frame that said any, in words, one after the other.
#[derive(Default)]
struct Heard {
    count: u64,
    words: String,
}

impl Heard {
    /// The region's words, with the texts said since it was last updated if there are any.
    fn update(&mut self, spoken: &Spoken, locale: &Locale) -> &str {
        if spoken.count() != self.count {
            let texts: Vec<String> = spoken.since(self.count).map(|t| locale.text(t)).collect();
            self.words = texts.join(" ");
            self.count = spoken.count();
        }
        &self.words
    }
}

/// The page's live region (`#spoken` in index.html): a screen reader reads each new text put there.
#[cfg(target_arch = "wasm32")]
fn page_live_region(spoken: Res<Spoken>, locale: Res<Locale>, mut heard: Local<Heard>) {
    if spoken.count() == heard.count {
        return;
    }
    let words = heard.update(&spoken, &locale);
    if let Some(element) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("spoken")) {
        element.set_text_content(Some(words));
    }
}

/// A control of the canvas as the page's live region says it: its name, what it is, whether it is ticked or chosen,
/// whether it can be used ("Sound, checkbox, checked."); nothing for a control without a name. (The web's: the
/// desktop's readers name egui's controls through AccessKit.)
#[cfg(any(target_arch = "wasm32", test))]
fn control_text(info: &egui::WidgetInfo) -> Option<crate::i18n::Text> {
    use egui::WidgetType as W;
    let label = info.label.clone().filter(|l| !l.trim().is_empty())?;
    let role = match info.typ {
        W::Button | W::Link | W::SelectableLabel | W::CollapsingHeader | W::ColorButton => "button",
        W::Checkbox => "checkbox",
        W::RadioButton => "radio",
        W::TextEdit => "text",
        W::Slider | W::DragValue => "slider",
        W::ComboBox => "list",
        _ => "other",
    };
    let state = match (info.typ, info.selected) {
        (W::Checkbox, Some(true)) => "checked",
        (W::Checkbox, Some(false)) => "unchecked",
        (_, Some(true)) => "selected",
        _ => "none",
    };
    let enabled = if info.enabled { "yes" } else { "no" };
    Some(crate::text!("say-control", label = label, role = role, state = state, enabled = enabled))
}

/// On the web, where the canvas's controls reach no screen reader, the control that gets the keyboard (Tab) or
/// changes (a box ticked, a choice made) is said in the page's live region, so the title page and the settings are
/// heard too. (The desktop's screen readers read egui's controls through AccessKit.)
#[cfg(target_arch = "wasm32")]
fn say_focused_controls(outputs: Query<&EguiFullOutput>, mut say: MessageWriter<super::Say>) {
    use egui::output::OutputEvent;
    for output in outputs.iter().filter_map(|o| o.0.as_ref()) {
        for event in &output.platform_output.events {
            let info = match event {
                OutputEvent::FocusGained(info) => info,
                // A text field changes with every key: it is said when it gets the keyboard only.
                OutputEvent::ValueChanged(info) if info.typ != egui::WidgetType::TextEdit => info,
                _ => continue,
            };
            say.write_batch(control_text(info).map(super::Say));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_control_is_said_with_its_name_its_kind_and_its_state() {
        let say =
            |info: egui::WidgetInfo| control_text(&info).map(|t| Locale::new(crate::i18n::Language::English).text(&t));
        let button = egui::WidgetInfo::labeled(egui::WidgetType::Button, true, "New game");
        assert_eq!(say(button).as_deref(), Some("New game, button."));
        let ticked = egui::WidgetInfo::selected(egui::WidgetType::Checkbox, true, true, "Sound");
        assert_eq!(say(ticked).as_deref(), Some("Sound, checkbox, checked."));
        let off = egui::WidgetInfo::labeled(egui::WidgetType::Button, false, "Undo");
        assert_eq!(say(off).as_deref(), Some("Undo, button, unavailable."));
        assert_eq!(say(egui::WidgetInfo::labeled(egui::WidgetType::Button, true, " ")), None, "no name, nothing said");
    }
}

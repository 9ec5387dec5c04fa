//! Sound effects: a tap for a move or a placement, a clack for a capture (louder and lower the more it takes), and
//! a jingle at the end of the game. The sounds are made for this project by `assets/sounds/make_sounds.py` and built
//! into the program, so they need no files at run time. The mute switch is in the settings (key M). In a browser,
//! sound starts only after the first click or key (the page resumes its audio then; see `web/index.html`).

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::control::{GameCommand, person_side};
use crate::session::{Session, StepPlayed, TurnCommitted};
use crate::settings::Settings;

/// The sound effects.
#[derive(Resource)]
struct Sounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    win: Handle<AudioSource>,
    lose: Handle<AudioSource>,
    draw: Handle<AudioSource>,
}

/// Plays the sound effects.
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, load_sounds).add_systems(Update, (play_step_sounds, play_end_sound));
    }
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: &'static [u8]| sources.add(AudioSource { bytes: bytes.into() });
    commands.insert_resource(Sounds {
        step: add(include_bytes!("../assets/sounds/move.wav")),
        capture: add(include_bytes!("../assets/sounds/capture.wav")),
        win: add(include_bytes!("../assets/sounds/win.wav")),
        lose: add(include_bytes!("../assets/sounds/lose.wav")),
        draw: add(include_bytes!("../assets/sounds/draw.wav")),
    });
}

fn play(commands: &mut Commands, sound: &Handle<AudioSource>, settings: PlaybackSettings) {
    commands.spawn((AudioPlayer::new(sound.clone()), settings));
}

fn play_step_sounds(
    mut commands: Commands,
    mut steps: MessageReader<StepPlayed>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    for step in steps.read() {
        if !settings.sound {
            continue;
        }
        let n = step.captured.len() as f32;
        if n == 0.0 {
            play(&mut commands, &sounds.step, PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.6)));
        } else {
            // Bigger captures sound bigger: louder and a little lower.
            let volume = (0.55 + 0.09 * n).min(1.0);
            let speed = (1.05 - 0.04 * n).max(0.7);
            play(
                &mut commands,
                &sounds.capture,
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)).with_speed(speed),
            );
        }
    }
}

/// The jingle when a turn or a resignation ends the game: a win for the person (or for anyone between two people or
/// two computers), a loss, or a draw. Loading a finished game stays quiet.
fn play_end_sound(
    mut commands: Commands,
    mut committed: MessageReader<TurnCommitted>,
    mut game_commands: MessageReader<GameCommand>,
    session: Res<Session>,
    sounds: Res<Sounds>,
    settings: Res<Settings>,
) {
    // Read both readers every frame (no short-circuit), so that old messages never count later.
    let ended = (committed.read().count() > 0) | game_commands.read().any(|c| *c == GameCommand::Resign);
    let Some(outcome) = session.game.outcome().filter(|_| ended && settings.sound) else { return };
    let sound = match (outcome.winner, person_side(&session)) {
        (None, _) => &sounds.draw,
        (Some(w), Some(me)) if w != me => &sounds.lose,
        (Some(_), _) => &sounds.win,
    };
    play(&mut commands, sound, PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.7)));
}

//! Sound effects: a tap for a move or a placement, a clack for a capture (louder and lower the more it takes), and
//! a jingle at the end of the game. The sounds are made for this project by `assets/sounds/make_sounds.py` and built
//! into the program, so they need no files at run time. The mute switch is in the settings (key M). In a browser,
//! sound starts only after the first click or key (the page resumes its audio then; see `web/index.html`).

use bevy::audio::Volume;
use bevy::prelude::*;
use fanorona_rules::Side;

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

/// How a step sounds: a plain tap for a move, and for a capture a clack that is louder and a little lower the more
/// pieces it takes.
fn step_playback(captured: usize) -> PlaybackSettings {
    if captured == 0 {
        return PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.6));
    }
    let n = captured as f32;
    PlaybackSettings::DESPAWN
        .with_volume(Volume::Linear((0.55 + 0.09 * n).min(1.0)))
        .with_speed((1.05 - 0.04 * n).max(0.7))
}

/// The end-of-game jingles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jingle {
    Win,
    Lose,
    Draw,
}

/// The jingle for a result: the person's loss sounds like one; any other win (the person's, or between two people
/// or two computers) sounds like a win.
fn jingle(winner: Option<Side>, person: Option<Side>) -> Jingle {
    match (winner, person) {
        (None, _) => Jingle::Draw,
        (Some(w), Some(me)) if w != me => Jingle::Lose,
        (Some(_), _) => Jingle::Win,
    }
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
        let sound = if step.captured.is_empty() { &sounds.step } else { &sounds.capture };
        play(&mut commands, sound, step_playback(step.captured.len()));
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
    let sound = match jingle(outcome.winner, person_side(&session)) {
        Jingle::Win => &sounds.win,
        Jingle::Lose => &sounds.lose,
        Jingle::Draw => &sounds.draw,
    };
    play(&mut commands, sound, PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.7)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn volume(p: &PlaybackSettings) -> f32 {
        p.volume.to_linear()
    }

    #[test]
    fn bigger_captures_sound_louder_and_lower() {
        for n in 1..8 {
            let (small, big) = (step_playback(n), step_playback(n + 1));
            assert!(volume(&big) >= volume(&small) && big.speed <= small.speed, "{n}");
        }
        assert!(volume(&step_playback(3)) > volume(&step_playback(1)));
        assert!(step_playback(3).speed < step_playback(1).speed);
        assert!(step_playback(22).speed >= 0.7 && volume(&step_playback(22)) <= 1.0);
    }

    #[test]
    fn the_jingle_follows_the_person_result() {
        assert_eq!(jingle(None, Some(Side::White)), Jingle::Draw);
        assert_eq!(jingle(Some(Side::Black), Some(Side::White)), Jingle::Lose);
        assert_eq!(jingle(Some(Side::White), Some(Side::White)), Jingle::Win);
        assert_eq!(jingle(Some(Side::Black), None), Jingle::Win, "between two people someone won");
    }
}

//! Sound effects: a tap for a move or a placement, a clack for a capture (louder and lower the more it takes), a
//! jingle when a game ends, and a tick each second of the last ten on the player's clock online. The sounds are
//! synthesised for this project when the game starts ([`synth`]), so they need no files and no download. The mute switch is in the settings (key M). In a browser,
//! sound starts only after the first click or key (the page resumes its audio then; see `web/index.html`).
//!
//! What to play is decided headless ([`SoundCue`] messages, from the game's messages); [`plugin`] plays the
//! cues through Bevy's audio.

mod synth;

use bevy::audio::Volume;
use bevy::prelude::*;
use fanorona_rules::Side;

use crate::AppSystems;
use crate::game::session::{GameEnded, Session, StepPlayed};
use crate::keys::{AddKeys, Binding, KeySet, Needs, On, Tier, bind};
use crate::persistence::settings::Settings;
use crate::screens::OnBoard;

/// Turn the sound on or off (a key or a button).
#[derive(Message, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToggleSound;

/// A sound to play now.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundCue {
    /// A step that took this many pieces (0: a plain move or a placement).
    Step(usize),
    /// The end of a game.
    End(Jingle),
    /// A second gone from the player's last ten.
    Tick,
}

/// Decides which sounds to play, and the mute switch (no audio needed: usable headless).
pub fn cues_plugin(app: &mut App) {
    app.add_message::<ToggleSound>()
        .add_keys(Tier::Shared, KEYS)
        .add_message::<SoundCue>()
        .add_systems(Update, toggle_sound.in_set(AppSystems::Commands))
        .add_systems(Update, cue_sounds.in_set(AppSystems::Presentation));
}

/// M turns the sound on or off on any board.
const KEYS: &[Binding] = &[bind(
    KeyCode::KeyM,
    Needs::NO_CTRL,
    On::Set(KeySet::Board),
    crate::action!(ToggleSound),
    crate::text!("game-key-sound"),
)];

fn toggle_sound(mut toggles: MessageReader<ToggleSound>, mut settings: ResMut<Settings>) {
    for _ in toggles.read() {
        settings.sound = !settings.sound;
    }
}

/// A tap or a clack for each step, and the jingle when a turn or a resignation ends the game: a win for the person
/// (or for anyone between two people or two computers), a loss, or a draw. Loading a finished game stays quiet, and
/// only a game's board is heard: the title screen's plays quietly behind the menu.
fn cue_sounds(
    mut steps: MessageReader<StepPlayed>,
    mut ended: MessageReader<GameEnded>,
    session: Res<Session>,
    settings: Res<Settings>,
    on_board: Option<Res<State<OnBoard>>>,
    mut cues: MessageWriter<SoundCue>,
) {
    // Both readers are read every frame, so that nothing heard while muted, or off the board, plays later.
    let steps: Vec<usize> = steps.read().map(|s| s.captured.len()).collect();
    let ends: Vec<Jingle> = ended.read().map(|e| jingle(e.outcome.winner(), session.person_side())).collect();
    if settings.sound && on_board.is_some() {
        cues.write_batch(steps.into_iter().map(SoundCue::Step).chain(ends.into_iter().map(SoundCue::End)));
    }
}

/// The sound effects.
#[derive(Resource)]
struct Sounds {
    step: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    win: Handle<AudioSource>,
    lose: Handle<AudioSource>,
    draw: Handle<AudioSource>,
    tick: Handle<AudioSource>,
}

/// Plays the sound cues (needs Bevy's audio).
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load_sounds)
        .add_systems(Update, play_cues.in_set(AppSystems::Presentation).after(cue_sounds));
}

fn load_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: Vec<u8>| sources.add(AudioSource { bytes: bytes.into() });
    commands.insert_resource(Sounds {
        step: add(synth::step()),
        capture: add(synth::capture()),
        win: add(synth::win()),
        lose: add(synth::lose()),
        draw: add(synth::draw()),
        tick: add(synth::tick()),
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
pub enum Jingle {
    /// Someone won (the person, or anyone when no single person plays).
    Win,
    /// The person lost.
    Lose,
    /// A draw.
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

fn play_cues(mut commands: Commands, mut cues: MessageReader<SoundCue>, sounds: Res<Sounds>) {
    for cue in cues.read() {
        let (sound, playback) = match *cue {
            SoundCue::Step(0) => (&sounds.step, step_playback(0)),
            SoundCue::Step(n) => (&sounds.capture, step_playback(n)),
            SoundCue::End(jingle) => {
                let sound = match jingle {
                    Jingle::Win => &sounds.win,
                    Jingle::Lose => &sounds.lose,
                    Jingle::Draw => &sounds.draw,
                };
                (sound, PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.7)))
            }
            SoundCue::Tick => (&sounds.tick, PlaybackSettings::DESPAWN.with_volume(Volume::Linear(0.5))),
        };
        commands.spawn((AudioPlayer::new(sound.clone()), playback));
    }
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

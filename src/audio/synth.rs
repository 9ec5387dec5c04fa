//! The sound effects, synthesised when the game starts: a few thousand samples each, made in microseconds, where
//! the recorded files cost a phone's first visit about 120 KB (16-bit PCM barely compresses). Each is returned as a
//! WAV file (16-bit mono, 22050 Hz), which Bevy's audio decodes as it would a file's.

use std::f32::consts::TAU;

/// Samples a second.
const RATE: u32 = 22050;

/// A wooden tap: a short burst of low-passed noise (wood on wood) over a low knock.
fn tap(seconds: f32, knock_hz: f32, brightness: f32, decay: f32, seed: u32) -> Vec<f32> {
    // The noise needs no quality, only to be the same each time: a xorshift generator.
    let mut state = seed.wrapping_mul(0x9E37_79B9) | 1;
    let mut noise = move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as f32 / u32::MAX as f32 * 2.0 - 1.0
    };
    let mut low = 0.0;
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            low += brightness * (noise() - low);
            let knock = (TAU * knock_hz * t).sin() * (-t * decay * 0.6).exp();
            (-t * decay).exp() * low * 0.8 + knock * 0.6
        })
        .collect()
}

/// A marimba-like note: a sine and its fourth harmonic, decaying fast.
fn note(hz: f32, seconds: f32, level: f32) -> Vec<f32> {
    (0..samples(seconds))
        .map(|i| {
            let t = i as f32 / RATE as f32;
            level * (-t * 7.0).exp() * ((TAU * hz * t).sin() + 0.25 * (4.0 * TAU * hz * t).sin())
        })
        .collect()
}

fn samples(seconds: f32) -> usize {
    (RATE as f32 * seconds) as usize
}

/// Sounds laid over one another, each from its start in seconds.
fn mix_at(parts: &[(f32, Vec<f32>)]) -> Vec<f32> {
    let length = parts.iter().map(|(start, part)| samples(*start) + part.len()).max().unwrap_or(0);
    let mut out = vec![0.0; length];
    for (start, part) in parts {
        for (at, sample) in out[samples(*start)..].iter_mut().zip(part) {
            *at += sample;
        }
    }
    out
}

/// The samples as a WAV file, their loudest at 90% of the full scale.
fn wav(samples: &[f32]) -> Vec<u8> {
    let peak = samples.iter().fold(1e-9_f32, |peak, s| peak.max(s.abs()));
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    // PCM, one channel, the rate, the bytes a second, two bytes a frame, 16 bits a sample.
    for (value, bytes) in [(16, 4), (1, 2), (1, 2), (RATE, 4), (RATE * 2, 4), (2, 2), (16, 2)] {
        out.extend_from_slice(&u32::to_le_bytes(value)[..bytes]);
    }
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((32767.0 * 0.9 * s / peak) as i16).to_le_bytes());
    }
    out
}

/// A move or a placement.
pub fn step() -> Vec<u8> {
    wav(&tap(0.09, 180.0, 0.35, 60.0, 1))
}

/// A capture: a sharper double clack (played louder and lower for bigger captures).
pub fn capture() -> Vec<u8> {
    wav(&mix_at(&[(0.0, tap(0.08, 260.0, 0.6, 70.0, 2)), (0.045, tap(0.10, 220.0, 0.5, 55.0, 3))]))
}

/// A win: a rising arpeggio.
pub fn win() -> Vec<u8> {
    wav(&mix_at(&[(0.0, note(523.25, 0.5, 1.0)), (0.12, note(659.25, 0.5, 1.0)), (0.24, note(783.99, 0.7, 1.0))]))
}

/// A loss: a falling figure, softer.
pub fn lose() -> Vec<u8> {
    wav(&mix_at(&[(0.0, note(392.0, 0.5, 0.7)), (0.15, note(329.63, 0.5, 0.7)), (0.30, note(261.63, 0.8, 0.7))]))
}

/// A draw: two even notes.
pub fn draw() -> Vec<u8> {
    wav(&mix_at(&[(0.0, note(440.0, 0.5, 0.8)), (0.18, note(440.0, 0.6, 0.8))]))
}

/// A second gone from the last ten on the clock: a short high click.
pub fn tick() -> Vec<u8> {
    wav(&tap(0.04, 1400.0, 0.9, 140.0, 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sixteen_bit(wav: &[u8]) -> Vec<i16> {
        wav[44..].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect()
    }

    #[test]
    fn each_sound_is_a_wav_file_of_its_length_and_loudness() {
        for (sound, seconds) in
            [(step(), 0.09), (capture(), 0.145), (win(), 0.94), (lose(), 1.1), (draw(), 0.78), (tick(), 0.04)]
        {
            assert_eq!(&sound[..4], b"RIFF");
            assert_eq!(&sound[8..16], b"WAVEfmt ");
            assert_eq!(u32::from_le_bytes([sound[24], sound[25], sound[26], sound[27]]), RATE);
            let frames = sixteen_bit(&sound);
            assert_eq!(frames.len(), samples(seconds), "{seconds} s");
            assert_eq!(u32::from_le_bytes([sound[40], sound[41], sound[42], sound[43]]) as usize, frames.len() * 2);
            let peak = frames.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
            assert!((29_000..=29_491).contains(&peak), "the loudest sample at 90% of the scale: {peak}");
        }
        assert_eq!(step(), step(), "the same sound every time");
    }
}

#!/usr/bin/env python3
"""Makes the game's sound effects (synthesised for this project, no recordings): 16-bit mono WAV at 22050 Hz.

    python3 assets/sounds/make_sounds.py

move.wav     a wooden tap: a short filtered noise burst over a low knock
capture.wav  a sharper double clack (the game plays it louder and lower for bigger captures)
win.wav      a rising three-note arpeggio (marimba-like: sine plus a fourth harmonic, fast decay)
lose.wav     a falling three-note figure, softer
draw.wav     two even notes
tick.wav     a short high click, once a second while the player's clock is in its last ten seconds
"""
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).parent


def write(name, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(32767 * 0.9 * s / peak)) for s in samples)
    with wave.open(str(HERE / name), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def tap(seconds, knock_hz, brightness, decay, seed):
    rng = random.Random(seed)
    out, low = [], 0.0
    for i in range(int(RATE * seconds)):
        t = i / RATE
        env = math.exp(-t * decay)
        # One-pole low-pass noise: the click of wood on wood.
        low += brightness * (rng.uniform(-1, 1) - low)
        knock = math.sin(2 * math.pi * knock_hz * t) * math.exp(-t * decay * 0.6)
        out.append(env * low * 0.8 + knock * 0.6)
    return out


def note(hz, seconds, level=1.0):
    return [
        level * math.exp(-i / RATE * 7) * (math.sin(2 * math.pi * hz * i / RATE) + 0.25 * math.sin(8 * math.pi * hz * i / RATE))
        for i in range(int(RATE * seconds))
    ]


def mix_at(parts):
    length = max(int(start * RATE) + len(p) for start, p in parts)
    out = [0.0] * length
    for start, p in parts:
        offset = int(start * RATE)
        for i, s in enumerate(p):
            out[offset + i] += s
    return out


write("move.wav", tap(0.09, 180, 0.35, 60, 1))
write("capture.wav", mix_at([(0.0, tap(0.08, 260, 0.6, 70, 2)), (0.045, tap(0.10, 220, 0.5, 55, 3))]))
write("win.wav", mix_at([(0.0, note(523.25, 0.5)), (0.12, note(659.25, 0.5)), (0.24, note(783.99, 0.7))]))
write("lose.wav", mix_at([(0.0, note(392.0, 0.5, 0.7)), (0.15, note(329.63, 0.5, 0.7)), (0.30, note(261.63, 0.8, 0.7))]))
write("draw.wav", mix_at([(0.0, note(440.0, 0.5, 0.8)), (0.18, note(440.0, 0.6, 0.8))]))
write("tick.wav", tap(0.04, 1400, 0.9, 140, 4))

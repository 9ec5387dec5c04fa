#!/usr/bin/env python3
"""Writes the interface's two text fonts, cut to the characters the game's languages use, from egui's own.

Usage: python3 assets/fonts/make_fonts.py   (needs fontTools: pip install fonttools)

egui's default fonts (Ubuntu Light, Hack, and two emoji fonts) are 1.4 MB, 0.78 MB of the web download even
compressed: Greek, Cyrillic, emoji and pictographs the game never writes. Kept here: the Latin letters of Malagasy,
French, English and most European names (Basic Latin, Latin-1, Latin Extended-A), the punctuation and signs of the
messages, and egui's replacement character. The hinting goes too: egui draws glyphs from their outlines alone.
src/ui/theme.rs's font test checks that every character of every message is drawn. The Ubuntu Font Licence asks that
a modified font keep its name with "derivative" and the new work's name appended: "Ubuntu Light derivative Fanorona".
"""

import hashlib
import io
import os
import tarfile
import urllib.request

from fontTools import subset
from fontTools.ttLib import TTFont

HERE = os.path.dirname(os.path.abspath(__file__))
# egui's fonts, from the crate that egui 0.36 had them in (the game no longer builds it), checked against the checksum
# Cargo.lock held for it.
CRATE = "https://static.crates.io/crates/epaint_default_fonts/epaint_default_fonts-0.36.2.crate"
CHECKSUM = "773fa9c96dd0dbef887e39d0ed6177f141cce4d68e6041df77570aa3702dfa13"
CHARACTERS = [
    *range(0x20, 0x7F),  # Basic Latin
    *range(0xA0, 0x180),  # Latin-1 Supplement and Latin Extended-A: é è ê à ô ç ñ ... « » × · ± °
    *range(0x2010, 0x2028),  # dashes, quotation marks, bullet, ellipsis
    *range(0x2030, 0x203B),  # per mille, ‹ ›
    *range(0x2190, 0x2194),  # arrows
    0x20AC,  # euro
    0x2212,  # minus
    0x25FB,  # egui's replacement character
]


def cut(fonts, source, target, rename=None):
    options = subset.Options()
    options.hinting = False
    options.desubroutinize = True
    options.layout_features = ["kern", "liga"]
    options.name_IDs = ["*"]
    # The original's date, not the hour this ran: the same files each time.
    font = TTFont(io.BytesIO(fonts[source]), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CHARACTERS)
    subsetter.subset(font)
    if rename:
        for record in font["name"].names:
            if record.nameID in (1, 3, 4, 16):
                record.string = f"{record.toUnicode()} {rename}"
            elif record.nameID == 6:  # the PostScript name: no spaces
                record.string = record.toUnicode().replace("-", "") + rename.title().replace(" ", "")
    font.save(os.path.join(HERE, target))
    print(f"{target}: {os.path.getsize(os.path.join(HERE, target)):,} bytes")


def egui_fonts():
    data = urllib.request.urlopen(CRATE).read()
    if hashlib.sha256(data).hexdigest() != CHECKSUM:
        raise SystemExit(f"{CRATE}: not the crate Cargo.lock named")
    with tarfile.open(fileobj=io.BytesIO(data)) as crate:
        return {
            os.path.basename(member.name): crate.extractfile(member).read()
            for member in crate.getmembers()
            if member.name.endswith(".ttf")
        }


fonts = egui_fonts()
cut(fonts, "Ubuntu-Light.ttf", "UbuntuLight-Fanorona.ttf", rename="derivative Fanorona")
cut(fonts, "Hack-Regular.ttf", "Hack-Fanorona.ttf")

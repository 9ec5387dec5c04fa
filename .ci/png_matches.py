#!/usr/bin/env python3
"""Exit 0 if the screenshot SHOT shows what the committed REFERENCE shows, region by region.

Usage: png_matches.py REFERENCE SHOT

Both images must have the same size. A pixel differs when one of its colour channels is off by more than
PIXEL_TOLERANCE; the image is cut in square tiles of TILE pixels, and the check fails when in any tile more than
TILE_TOLERANCE of the pixels differ. Software rendering and a quantised reference (the committed screenshots are
palette PNGs) move colours by a few steps, here and there; a redrawn panel, a missing board, a dialog moved or a
blank window changes most pixels of the tiles it covers. A share over the whole picture does not see that: a side
panel redrawn from a grid of buttons into player cards changed 1.98% of the pixels of a game's picture, while its
worst tile changed 32%. Python's standard library only: a PNG decoder for 8-bit greyscale, RGB, palette
and RGBA images without interlacing (what Bevy and pngquant write).
"""
import struct
import sys
import zlib

PIXEL_TOLERANCE = 40
TILE = 64
TILE_TOLERANCE = 0.20


def decode(path):
    """Width, height and the pixels as rows of RGB tuples."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, palette, header = 8, b"", None, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"PLTE":
            palette = [tuple(chunk[i:i + 3]) for i in range(0, len(chunk), 3)]
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    if header is None:
        raise ValueError("no header")
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 3: 1, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace != 0 or (colour == 3 and palette is None):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + predictor) & 0xFF
        if colour == 3:
            rows.append([palette[v] for v in line])
        elif colour == 0:
            rows.append([(v, v, v) for v in line])
        else:
            rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def worst_tile(reference, shot):
    """The share of differing pixels in the tile where it is largest, and that tile's left and top."""
    width, height = reference[:2]
    worst = (0.0, 0, 0)
    for top in range(0, height, TILE):
        for left in range(0, width, TILE):
            rows = range(top, min(top + TILE, height))
            columns = range(left, min(left + TILE, width))
            differ = sum(
                1
                for y in rows
                for x in columns
                if max(abs(a - b) for a, b in zip(reference[2][y][x], shot[2][y][x])) > PIXEL_TOLERANCE
            )
            worst = max(worst, (differ / (len(rows) * len(columns)), left, top))
    return worst


def main(reference_path, shot_path):
    try:
        reference = decode(reference_path)
        shot = decode(shot_path)
    except (OSError, ValueError, zlib.error) as e:
        print(f"cannot compare {shot_path} with {reference_path}: {e}")
        return 1
    if reference[:2] != shot[:2]:
        print(f"{shot_path} is {shot[0]}x{shot[1]}, {reference_path} is {reference[0]}x{reference[1]}")
        return 1
    share, left, top = worst_tile(reference, shot)
    print(f"{shot_path}: {reference[0]}x{reference[1]}, {share:.1%} of the pixels of its most changed {TILE}-pixel tile "
          f"(at {left},{top}) differ from {reference_path} (at most {TILE_TOLERANCE:.0%})")
    return 0 if share <= TILE_TOLERANCE else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv[1], sys.argv[2]))

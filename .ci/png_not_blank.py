#!/usr/bin/env python3
"""Exit 0 if the PNG file given exists, decodes, and is not one flat colour (a blank screenshot)."""
import struct
import sys
import zlib


def main(path: str) -> int:
    try:
        data = open(path, "rb").read()
    except OSError as e:
        print(f"{path}: {e}")
        return 1
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        print(f"{path}: not a PNG")
        return 1
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", chunk[:8])
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    # Count distinct byte values away from the filter bytes: a blank image has one or two.
    distinct = len(set(raw[1:len(raw):7]))
    print(f"{path}: {width}x{height}, {len(data)} bytes, {distinct} distinct sampled values")
    return 0 if width > 0 and distinct > 16 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

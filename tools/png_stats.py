#!/usr/bin/env python3
"""Checks that a PNG is a real picture, not one flat colour. Standard library only.

Usage: png_stats.py FILE [MIN_COLOURS]. Prints {"width", "height", "colours", "stddev"} and exits 1
if the image has fewer than MIN_COLOURS (default 32) distinct colours.
"""
import json
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width, height, bit_depth, colour_type = 8, b"", 0, 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, bit_depth, colour_type = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if bit_depth != 8 or colour_type not in (2, 6):
        raise ValueError(f"unsupported PNG: bit depth {bit_depth}, colour type {colour_type}")
    bpp = 3 if colour_type == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ftype == 1:
                line[x] = (line[x] + a) & 255
            elif ftype == 2:
                line[x] = (line[x] + b) & 255
            elif ftype == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    path = sys.argv[1]
    minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 32
    width, height, bpp, rows = read_png(path)
    colours, total, total_sq, n = set(), 0, 0, 0
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            px = row[x:x + 3]
            colours.add(px)
            lum = sum(px) / 3
            total += lum
            total_sq += lum * lum
            n += 1
    mean = total / n
    stddev = max(total_sq / n - mean * mean, 0) ** 0.5
    print(json.dumps({"file": path, "width": width, "height": height, "colours": len(colours), "stddev": round(stddev, 2)}))
    if len(colours) < minimum:
        print(f"{path}: only {len(colours)} colours, looks flat", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What the web build's wasm is made of: its code by crate and its largest functions, and its data.

Usage: scripts/wasm_size.py FILE.wasm [--top N]

FILE must keep its name section: cargo's output of the web build
($CARGO_TARGET_DIR/wasm32-unknown-unknown/web-release/fanorona.wasm) has it, and `wasm-opt -Oz -g` keeps it, which
gives the sizes after the optimisation web/package.sh does (docs/DECISIONS.md, "The web download"). A function is
counted for the crate it was written in, and a generic one from the standard library (`core::ptr::drop_in_place<T>`,
`alloc::vec::Vec<T>::push`...) for the crate of its first type argument, as that crate's use made it. Python's
standard library only, so that anyone can run it.
"""

import argparse
import re
import sys
from collections import Counter

STANDARD = {"core", "alloc", "std"}


def leb(data, at):
    """An unsigned LEB128 number at `at`: (value, the position after it)."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def name_at(data, at):
    length, at = leb(data, at)
    return data[at : at + length].decode("utf-8", "replace"), at + length


def sections(data):
    """(id, custom section name or None, payload start, payload end) for each section."""
    if data[:4] != b"\0asm":
        sys.exit("not a wasm module")
    at = 8
    while at < len(data):
        kind = data[at]
        size, at = leb(data, at + 1)
        end = at + size
        name = name_at(data, at)[0] if kind == 0 else None
        yield kind, name, at, end
        at = end


def imported_functions(data, at):
    count, at = leb(data, at)
    functions = 0
    for _ in range(count):
        _, at = name_at(data, at)
        _, at = name_at(data, at)
        kind = data[at]
        at += 1
        if kind == 0:  # a function: its type index
            functions += 1
            _, at = leb(data, at)
        elif kind == 1:  # a table: element type, limits
            at += 1
            flags, at = leb(data, at + 0)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 2:  # a memory: limits
            flags, at = leb(data, at)
            _, at = leb(data, at)
            if flags & 1:
                _, at = leb(data, at)
        elif kind == 3:  # a global: value type, mutability
            at += 2
        elif kind == 4:  # a tag
            at += 1
            _, at = leb(data, at)
    return functions


def function_names(data, at, end):
    names = {}
    at = name_at(data, at)[1]
    while at < end:
        sub = data[at]
        size, at = leb(data, at + 1)
        if sub == 1:
            count, p = leb(data, at)
            for _ in range(count):
                index, p = leb(data, p)
                names[index], p = name_at(data, p)
        at += size
    return names


def path_of(symbol):
    """The path of a legacy-mangled Rust symbol (`_ZN4core3ptr...E`) as its parts, or None."""
    if not symbol.startswith("_ZN"):
        return None
    parts, at = [], 3
    while at < len(symbol) and symbol[at].isdigit():
        digits = re.match(r"\d+", symbol[at:]).group()
        at += len(digits)
        parts.append(symbol[at : at + int(digits)])
        at += int(digits)
    return parts


def crate_of(symbol):
    parts = path_of(symbol)
    if not parts:
        return "(not Rust: " + symbol.split("::")[0][:40] + ")"
    crate = parts[0]
    if crate in STANDARD or crate.startswith("_$LT$"):
        # The first crate named among the type arguments: `drop_in_place$LT$bevy_ecs..world..World$GT$`.
        for part in parts:
            for argument in re.findall(r"\$LT\$(?:\$RF\$|\$BP\$|mut\$u20\$|dyn\$u20\$|_)*([a-z_][a-z0-9_]*)\.\.", part):
                if argument not in STANDARD:
                    return argument
    if crate.startswith("_$LT$"):
        # A trait's implementation for any type (`<T as core::fmt::Debug>`): named as such.
        return readable("_ZN" + str(len(crate)) + crate + "E").lstrip("_")
    return crate


def readable(symbol):
    parts = path_of(symbol)
    if not parts:
        return symbol
    if re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts = parts[:-1]
    text = "::".join(parts)
    for code, char in (("$LT$", "<"), ("$GT$", ">"), ("$RF$", "&"), ("$BP$", "*"), ("$u20$", " "), ("$u27$", "'"),
                       ("$u5b$", "["), ("$u5d$", "]"), ("$u7b$", "{"), ("$u7d$", "}"), ("$C$", ","), ("..", "::")):
        text = text.replace(code, char)
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wasm")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    data = open(args.wasm, "rb").read()

    imports = 0
    bodies = []
    names = {}
    by_section = Counter()
    for kind, name, at, end in sections(data):
        label = {1: "types", 2: "imports", 3: "functions", 7: "exports", 9: "elements", 10: "code", 11: "data"}.get(
            kind, f"custom {name}" if kind == 0 else f"section {kind}")
        by_section[label] += end - at
        if kind == 2:
            imports = imported_functions(data, at)
        elif kind == 10:
            count, p = leb(data, at)
            for _ in range(count):
                size, p = leb(data, p)
                bodies.append(size)
                p += size
        elif kind == 0 and name == "name":
            names = function_names(data, at, end)
    if not names:
        sys.exit("the module has no function names: give cargo's output, or keep them with wasm-opt -g")

    by_crate = Counter()
    functions = []
    for i, size in enumerate(bodies):
        symbol = names.get(imports + i, f"function {imports + i}")
        by_crate[crate_of(symbol)] += size
        functions.append((size, readable(symbol)))

    total = len(data)
    code = sum(bodies)
    print(f"{args.wasm}: {total:,} bytes; code {code:,} in {len(bodies):,} functions, data {by_section['data']:,}")
    print("\nsections:")
    for label, size in by_section.most_common():
        print(f"{size:>12,}  {100 * size / total:5.1f}%  {label}")
    print(f"\ncode by crate (the first {args.top}):")
    for crate, size in by_crate.most_common(args.top):
        print(f"{size:>12,}  {100 * size / code:5.1f}%  {crate}")
    print(f"\nthe {args.top} largest functions:")
    for size, name in sorted(functions, reverse=True)[: args.top]:
        print(f"{size:>12,}  {name[:150]}")


if __name__ == "__main__":
    main()

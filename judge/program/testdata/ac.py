# POJ 3074 in Python: a bitmask backtracker over the most constrained cell.
import sys

BOX = [i // 27 * 3 + i % 9 // 3 for i in range(81)]


def solve(cell, row, col, box):
    best, best_n, best_m = -1, 10, 0
    for i in range(81):
        if cell[i]:
            continue
        m = ~(row[i // 9] | col[i % 9] | box[BOX[i]]) & 0x1FF
        n = bin(m).count("1")
        if n == 0:
            return False
        if n < best_n:
            best, best_n, best_m = i, n, m
    if best < 0:
        return True
    r, c, b = best // 9, best % 9, BOX[best]
    while best_m:
        bit = best_m & -best_m
        best_m ^= bit
        cell[best] = bit.bit_length()
        row[r] ^= bit; col[c] ^= bit; box[b] ^= bit
        if solve(cell, row, col, box):
            return True
        row[r] ^= bit; col[c] ^= bit; box[b] ^= bit
    cell[best] = 0
    return False


def main():
    out = []
    for word in sys.stdin.read().split():
        if word == "end":
            break
        cell = [int(ch) if ch in "123456789" else 0 for ch in word[:81]]
        row, col, box = [0] * 9, [0] * 9, [0] * 9
        for i, d in enumerate(cell):
            if d:
                bit = 1 << (d - 1)
                row[i // 9] |= bit; col[i % 9] |= bit; box[BOX[i]] |= bit
        solve(cell, row, col, box)
        out.append("".join(map(str, cell)))
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))


main()

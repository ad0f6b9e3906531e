# AC: the same search in Python 3, the units of each cell listed once, a
# mask of used digits per unit, the cell with the fewest candidates first.
import sys

UNITS = []
for i in range(81):
    r, c = divmod(i, 9)
    u = [r, 9 + c, 18 + r // 3 * 3 + c // 3]
    if r == c:
        u.append(27)
    if r + c == 8:
        u.append(28)
    UNITS.append(u)
POP = [bin(m).count("1") for m in range(1024)]


def solve(g):
    used = [0] * 29
    for i, d in enumerate(g):
        if d:
            bit = 1 << d
            if any(used[u] & bit for u in UNITS[i]):
                return 0, None
            for u in UNITS[i]:
                used[u] |= bit
    found = []

    def search():
        at, best, free = -1, 10, 0
        for i in range(81):
            if g[i]:
                continue
            m = 0
            for u in UNITS[i]:
                m |= used[u]
            f = ~m & 0x3FE
            if POP[f] < best:
                at, best, free = i, POP[f], f
                if best == 0:
                    return
        if at < 0:
            found.append(g[:])
            return
        for d in range(1, 10):
            if len(found) > 1:
                return
            if free >> d & 1:
                g[at] = d
                for u in UNITS[at]:
                    used[u] ^= 1 << d
                search()
                for u in UNITS[at]:
                    used[u] ^= 1 << d
                g[at] = 0

    search()
    return len(found), found[0] if found else None


def main():
    out = []
    for line in sys.stdin.read().split():
        n, grid = solve([0 if ch == "." else int(ch) for ch in line])
        if n == 0:
            out.append("No solution")
        elif n > 1:
            out.append("Multiple Solutions")
        else:
            out.append("".join(map(str, grid)))
    print("\n".join(out))


main()

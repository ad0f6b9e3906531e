# AC on the original judges that took Python (POJ did not): the grid as a
# list, candidates as sets, the cell with the fewest first.
import sys


def solve(g):
    best, cands = -1, None
    for i in range(81):
        if g[i]:
            continue
        r, c = divmod(i, 9)
        b = r // 3 * 3 + c // 3
        used = set(g[r * 9:r * 9 + 9]) | set(g[c::9]) | {g[(b // 3 * 3 + k // 3) * 9 + b % 3 * 3 + k % 3] for k in range(9)}
        cs = [d for d in range(1, 10) if d not in used]
        if cands is None or len(cs) < len(cands):
            best, cands = i, cs
            if len(cs) <= 1:
                break
    if best < 0:
        return True
    for d in cands:
        g[best] = d
        if solve(g):
            return True
    g[best] = 0
    return False


def main():
    words = sys.stdin.read().split()
    t, out = int(words[0]), []
    for k in range(t):
        g = [int(ch) for w in words[1 + 9 * k:10 + 9 * k] for ch in w]
        solve(g)
        out.extend("".join(map(str, g[i:i + 9])) for i in range(0, 81, 9))
    print("\n".join(out))


main()

// POJ 3074 in JavaScript, with its failure modes chosen by the first
// argument: ac solves, wa swaps the first two cells, tle loops, mle keeps
// allocating, re throws.
"use strict";
const mode = process.argv[2] || "ac";
const boxOf = (i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3);
const popcount = (m) => { let n = 0; for (; m; m &= m - 1) n++; return n; };

function solve(cell, row, col, box) {
  let best = -1, bestN = 10, bestM = 0;
  for (let i = 0; i < 81; i++) {
    if (cell[i]) continue;
    const m = ~(row[Math.floor(i / 9)] | col[i % 9] | box[boxOf(i)]) & 0x1ff;
    const n = popcount(m);
    if (n === 0) return false;
    if (n < bestN) { best = i; bestN = n; bestM = m; }
  }
  if (best < 0) return true;
  const r = Math.floor(best / 9), c = best % 9, b = boxOf(best);
  while (bestM) {
    const bit = bestM & -bestM;
    bestM ^= bit;
    cell[best] = 31 - Math.clz32(bit) + 1;
    row[r] ^= bit; col[c] ^= bit; box[b] ^= bit;
    if (solve(cell, row, col, box)) return true;
    row[r] ^= bit; col[c] ^= bit; box[b] ^= bit;
  }
  cell[best] = 0;
  return false;
}

if (mode === "tle") { let x = 0; for (;;) x++; }
if (mode === "mle") { const keep = []; for (;;) keep.push(new Array(1 << 20).fill(mode)); }
if (mode === "re") throw new RangeError("thrown on purpose");

const out = [];
for (const word of require("fs").readFileSync(0, "utf8").split(/\s+/)) {
  if (word === "end") break;
  if (!word) continue;
  const cell = new Array(81).fill(0), row = new Array(9).fill(0), col = new Array(9).fill(0), box = new Array(9).fill(0);
  for (let i = 0; i < 81; i++) {
    const ch = word[i];
    if (ch >= "1" && ch <= "9") {
      cell[i] = ch.charCodeAt(0) - 48;
      const bit = 1 << (cell[i] - 1);
      row[Math.floor(i / 9)] |= bit; col[i % 9] |= bit; box[boxOf(i)] |= bit;
    }
  }
  solve(cell, row, col, box);
  if (mode === "wa") [cell[0], cell[1]] = [cell[1], cell[0]];
  out.push(cell.join(""));
}
process.stdout.write(out.join("\n") + (out.length ? "\n" : ""));

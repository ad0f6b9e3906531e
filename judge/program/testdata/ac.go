// POJ 3074 in Go: a bitmask backtracker over the most constrained cell.
package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
)

type sudoku struct {
	cell          [81]int
	row, col, box [9]uint
}

func boxOf(i int) int { return i/27*3 + i%9/3 }

func (s *sudoku) toggle(i, d int) {
	bit := uint(1) << (d - 1)
	s.row[i/9] ^= bit
	s.col[i%9] ^= bit
	s.box[boxOf(i)] ^= bit
}

func (s *sudoku) solve() bool {
	best, bestN, bestM := -1, 10, uint(0)
	for i := range 81 {
		if s.cell[i] != 0 {
			continue
		}
		m := ^(s.row[i/9] | s.col[i%9] | s.box[boxOf(i)]) & 0x1ff
		n := bits.OnesCount(m)
		if n == 0 {
			return false
		}
		if n < bestN {
			best, bestN, bestM = i, n, m
		}
	}
	if best < 0 {
		return true
	}
	for m := bestM; m != 0; m &= m - 1 {
		d := bits.TrailingZeros(m) + 1
		s.cell[best] = d
		s.toggle(best, d)
		if s.solve() {
			return true
		}
		s.toggle(best, d)
	}
	s.cell[best] = 0
	return false
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Split(bufio.ScanWords)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() && in.Text() != "end" {
		var s sudoku
		for i, c := range in.Text() {
			if i < 81 && c >= '1' && c <= '9' {
				s.cell[i] = int(c - '0')
				s.toggle(i, s.cell[i])
			}
		}
		s.solve()
		for _, v := range s.cell {
			out.WriteByte(byte('0' + v))
		}
		fmt.Fprintln(out)
	}
}

package extra

import (
	"testing"

	"github.com/sudoku-judge/sudoku-judge/solvers"
)

// TestMasks checks the digits left to each cell on a 4x4 X-sudoku whose
// only given is 1 at r1c1, on the first diagonal: the centre cells lie on
// one diagonal each, the corners r1c4 and r4c1 on the other.
func TestMasks(t *testing.T) {
	cells := make([]uint8, 16)
	cells[0] = 1
	p, err := solvers.NewWithUnits(4, cells, nil, solvers.Diagonals(4))
	if err != nil {
		t.Fatal(err)
	}
	m := New(p)
	const all, no1 = ^uint32(0), 0b1110
	tests := []struct {
		cell int
		want uint32
	}{
		{1, all},  // r1c2: on no diagonal
		{5, no1},  // r2c2: diagonal 1
		{6, 0xF},  // r2c3: diagonal 2, which misses every digit
		{15, no1}, // r4c4: diagonal 1
	}
	for _, tt := range tests {
		if got := m.Free(tt.cell); got != tt.want {
			t.Errorf("Free(%d) = %#b, want %#b", tt.cell, got, tt.want)
		}
	}
	// 2 at r2c3 leaves diagonal 2, and Put gives it back.
	m.Take(6, 0b10)
	if got := m.Free(9); got != 0b1101 {
		t.Errorf("after Take, Free(r3c2) = %#b, want %#b", got, 0b1101)
	}
	if got := m.Free(5); got != no1 {
		t.Errorf("after Take, Free(r2c2) = %#b, want %#b (diagonal 1 untouched)", got, no1)
	}
	m.Put(6, 0b10)
	if got := m.Free(9); got != 0xF {
		t.Errorf("after Put, Free(r3c2) = %#b, want %#b", got, 0xF)
	}
}

func TestNoExtraUnits(t *testing.T) {
	p, err := solvers.NewStandard(4, make([]uint8, 16))
	if err != nil {
		t.Fatal(err)
	}
	if m := New(p); m != nil {
		t.Errorf("New of a standard grid = %+v, want nil", m)
	}
}

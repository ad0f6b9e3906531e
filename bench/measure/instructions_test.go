package measure

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
)

func TestReadSummary(t *testing.T) {
	tests := []struct {
		text    string
		want    uint64
		wantErr bool
	}{
		{"desc: I1 cache\ncmd: x\nevents: Ir\nfl=a.go\n1 5\nsummary: 13587687\n", 13587687, false},
		{"events: Ir\nsummary:\n", 0, true},
		{"events: Ir\nsummary: lots\n", 0, true},
		{"events: Ir\n", 0, true},
	}
	for i, tt := range tests {
		name := filepath.Join(t.TempDir(), fmt.Sprint(i))
		os.WriteFile(name, []byte(tt.text), 0o644)
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readSummary(f, name)
		f.Close()
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("%q: %d, %v; want %d, error %v", tt.text, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestInstructionsWithoutValgrind(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := InstructionsPerPuzzle(context.Background(), func(k int) []string { return []string{"/bin/true"} }, 1)
	if !errors.Is(err, ErrNoValgrind) {
		t.Errorf("error %v, want ErrNoValgrind", err)
	}
}

// TestInstructionsPerPuzzle counts a shell loop whose work grows with k:
// the count per "puzzle" is positive and about the same for 20 and 40.
func TestInstructionsPerPuzzle(t *testing.T) {
	testenv.NeedCommand(t, "valgrind")
	sh := testenv.NeedCommand(t, "sh")
	probe := func(k int) []string {
		return []string{sh, "-c", fmt.Sprintf("i=0; while [ $i -lt %d ]; do i=$((i+1)); done", 100*k)}
	}
	var per [2]float64
	var err error
	for i, n := range []int{20, 40} {
		if per[i], err = InstructionsPerPuzzle(context.Background(), probe, n); err != nil {
			t.Fatal(err)
		}
	}
	if per[0] <= 0 || per[1] < 0.9*per[0] || per[1] > 1.1*per[0] {
		t.Errorf("instructions per puzzle %v for 20 and 40 puzzles: want two close positive counts", per)
	}
	if _, err := InstructionsPerPuzzle(context.Background(), probe, 0); err == nil {
		t.Error("zero puzzles: no error")
	}
	fail := func(k int) []string { return []string{sh, "-c", "exit 3"} }
	if _, err := InstructionsPerPuzzle(context.Background(), fail, 1); err == nil {
		t.Error("a failing probe: no error")
	}
}

package puzzleset

import (
	"errors"
	"strings"
	"testing"
)

const line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestRead(t *testing.T) {
	in := "# comment\n\n" + line + "\r\n" + strings.ReplaceAll(line, ".", "0") + " 1 extra fields\n"
	ps, err := Read(strings.NewReader(in), "x.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 {
		t.Fatalf("read %d puzzles, want 2", len(ps))
	}
	for _, p := range ps {
		if p.Cell(0) != 4 || p.Cell(6) != 8 || p.Cell(1) != 0 || p.NumGivens() != 17 {
			t.Errorf("parsed %q wrongly", p.String())
		}
	}
	ps, err = Read(strings.NewReader(in), "x.txt", 1)
	if err != nil || len(ps) != 1 {
		t.Errorf("max 1: %d puzzles, %v", len(ps), err)
	}
}

// TestParseWide reads 16x16 and 25x25 lines: digits past 9 as letters.
func TestParseWide(t *testing.T) {
	tests := []struct {
		size int
		top  byte // the symbol of the largest digit
	}{{16, 'G'}, {25, 'P'}}
	for _, tt := range tests {
		b := []byte(strings.Repeat(".", tt.size*tt.size))
		b[0], b[1], b[tt.size] = '9', 'A', tt.top
		p, err := ParseLine(append(b, " note"...))
		if err != nil {
			t.Fatalf("%dx%d: %v", tt.size, tt.size, err)
		}
		if p.Size() != tt.size || p.Cell(0) != 9 || p.Cell(1) != 10 || p.Cell(tt.size) != tt.size || p.NumGivens() != 3 {
			t.Errorf("%dx%d: parsed %q wrongly", tt.size, tt.size, p.String())
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"short", "# c\n" + line[:80] + "\n", "f.txt:2:81: line has 80 cells, want 81"},
		{"bad char", line[:10] + "x" + line[11:], "f.txt:1:11: unexpected 'x', want 1-9, '.' or '0'"},
		{"long", line + "1\n", "f.txt:1:83: line has 82 cells, want 81 (9x9), 256 (16x16) or 625 (25x25)"},
		{"letter in 9x9", line[:10] + "A" + line[11:], "f.txt:1:11: unexpected 'A', want 1-9, '.' or '0'"},
		{"beyond 16", strings.Repeat(".", 255) + "H", "f.txt:1:256: unexpected 'H', want 1-9, A-G, '.' or '0'"},
		{"space inside", line[:5] + " " + line[6:], "f.txt:1:6: line has 5 cells, want 81"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tt.in), "f.txt", 0)
			var se *SyntaxError
			if !errors.As(err, &se) || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

func TestSets(t *testing.T) {
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"unbiased": 1000, "17clue": 5000, "top95": 95, "top1465": 1465,
		"hardest11plus": 5000, "hardest1106": 375, "serg": 2000, "gen16": 100, "gen25": 12}
	for _, s := range Sets() {
		ps, err := Load(dir, s.Name, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != want[s.Name] {
			t.Errorf("set %s: %d puzzles, want %d", s.Name, len(ps), want[s.Name])
		}
	}
	if _, err := Lookup("nope"); err == nil {
		t.Error("Lookup of an unknown set succeeded")
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add([]byte(line))
	f.Add([]byte(line + " 1"))
	f.Add([]byte("12"))
	f.Add([]byte(strings.Repeat("1.G", 85) + "A"))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseLine(b)
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) && (se.Col < 1 || se.Col > len(b)+1) {
				t.Fatalf("column %d out of range for %q", se.Col, b)
			}
			return
		}
		// Whatever parses must print back to the same cells.
		got := strings.ReplaceAll(p.String(), "\n", "")
		want := strings.ReplaceAll(string(b[:p.Size()*p.Size()]), "0", ".")
		if got != want {
			t.Fatalf("round trip: %q, want %q", got, want)
		}
	})
}

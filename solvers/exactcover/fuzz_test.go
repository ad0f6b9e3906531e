package exactcover

import (
	"context"
	"slices"
	"testing"
)

// FuzzSearch compares the solutions Search finds on a small matrix with
// those of a brute-force search over every subset of the rows, then
// searches the matrix again with its selections reversed.
//
// The input is read as: primary column count, secondary column count, the
// number of rows to pre-select (0-2), two row indices to pre-select, then
// two bytes per row giving its columns as a little-endian bit mask.
func FuzzSearch(f *testing.F) {
	// Knuth's example, its rows as in TestKnuthExample.
	f.Add([]byte{7, 0, 0, 0, 0, 0b110100, 0, 0b1001001, 0, 0b100110, 0, 0b1001, 0, 0b1000010, 0, 0b1011000, 0})
	f.Add([]byte{3, 2, 1, 0, 0, 0b11, 0, 0b100, 0, 0b1100, 0, 0b10111, 0})
	f.Add([]byte{4, 0, 2, 1, 1, 0b1111, 0, 0b1111, 0})
	f.Add([]byte{4, 0, 2, 0, 1, 0b11, 0, 0b110, 0, 0b1100, 0})
	f.Add([]byte{1, 3, 0, 0, 0, 0b1, 0, 0b110, 0, 0b1011, 0})
	// Rows of four columns each: the search's quad path.
	f.Add([]byte{5, 2, 0, 0, 0, 0b1111, 0, 0b1110000, 0, 0b1010101, 0, 0b11110, 0, 0b1100011, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		in := decode(data)
		m, err := New(in.primary, in.secondary)
		if err != nil {
			t.Fatal(err)
		}
		for _, mask := range in.rows {
			if _, err := m.AddRow(columns(mask)...); err != nil {
				t.Fatal(err)
			}
		}
		// The same matrix twice: the second time with the selections in
		// the reverse order, after Deselect, as dlx reuses its matrix.
		for round := range 2 {
			sel := slices.Clone(in.selects)
			if round == 1 {
				if err := m.Deselect(); err != nil {
					t.Fatal(err)
				}
				slices.Reverse(sel)
			}
			var need uint32 // rows every solution must hold
			for _, r := range sel {
				err := m.Select(r)
				clash := need&(1<<r) != 0
				for q := range in.rows {
					if need&(1<<q) != 0 && in.rows[q]&in.rows[r] != 0 {
						clash = true
					}
				}
				if clash != (err != nil) {
					t.Fatalf("Select(%d) after %b: error %v, want clash %v", r, need, err, clash)
				}
				if err == nil {
					need |= 1 << r
				}
			}

			var got []uint32
			_, err = m.Search(context.Background(), func(rows []int) bool {
				var set uint32
				for _, r := range rows {
					if set&(1<<r) != 0 {
						t.Fatalf("row %d twice in solution %v", r, rows)
					}
					set |= 1 << r
				}
				got = append(got, set)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(got)
			want := bruteForce(in, need)
			if !slices.Equal(got, want) {
				t.Fatalf("matrix %+v: Search found %b, brute force %b", in, got, want)
			}
		}
	})
}

// A fuzzInput is a small exact cover problem: rows are column bit masks.
type fuzzInput struct {
	primary, secondary int
	rows               []uint32
	selects            []int
}

const (
	maxFuzzColumns = 10
	maxFuzzRows    = 12
)

func decode(data []byte) fuzzInput {
	next := func() int {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return int(b)
	}
	var in fuzzInput
	in.primary = next() % 8
	in.secondary = next() % (maxFuzzColumns - 7)
	nsel := next() % 3
	sel := []int{next(), next()}[:nsel]
	all := uint32(1)<<(in.primary+in.secondary) - 1
	primary := uint32(1)<<in.primary - 1
	for len(data) > 0 && len(in.rows) < maxFuzzRows {
		mask := uint32(next()|next()<<8) & all
		if mask&primary != 0 { // AddRow rejects rows without a primary column
			in.rows = append(in.rows, mask)
		}
	}
	if len(in.rows) > 0 {
		for _, s := range sel {
			in.selects = append(in.selects, s%len(in.rows))
		}
	}
	return in
}

func columns(mask uint32) []int {
	var cols []int
	for c := 0; mask != 0; c, mask = c+1, mask>>1 {
		if mask&1 != 0 {
			cols = append(cols, c)
		}
	}
	return cols
}

// bruteForce returns, sorted, every set of rows containing need that covers
// each primary column once and each secondary column at most once.
func bruteForce(in fuzzInput, need uint32) []uint32 {
	primary := uint32(1)<<in.primary - 1
	var sols []uint32
	for set := uint32(0); set < 1<<len(in.rows); set++ {
		if set&need != need {
			continue
		}
		var covered uint32
		ok := true
		for r, mask := range in.rows {
			if set&(1<<r) == 0 {
				continue
			}
			if covered&mask != 0 {
				ok = false
				break
			}
			covered |= mask
		}
		if ok && covered&primary == primary {
			sols = append(sols, set)
		}
	}
	return sols
}

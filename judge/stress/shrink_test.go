package stress

import (
	"errors"
	"slices"
	"testing"
)

func TestDdmin(t *testing.T) {
	has := func(xs ...int) func([]int) bool {
		return func(s []int) bool {
			for _, x := range xs {
				if !slices.Contains(s, x) {
					return false
				}
			}
			return true
		}
	}
	for _, tc := range []struct {
		name  string
		n     int
		fails func([]int) bool
		want  []int
	}{
		{"one of two", 2, has(1), []int{1}},
		{"one of many", 40, has(27), []int{27}},
		{"first", 13, has(0), []int{0}},
		{"last", 13, has(12), []int{12}},
		{"two far apart", 30, has(3, 25), []int{3, 25}},
		{"three", 17, has(2, 8, 16), []int{2, 8, 16}},
		{"any three", 10, func(s []int) bool { return len(s) >= 3 }, nil}, // any 3
		{"one case", 1, has(0), []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			items := make([]int, tc.n)
			for i := range items {
				items[i] = i
			}
			calls := 0
			got, err := ddmin(items, func(s []int) (bool, error) {
				calls++
				if len(s) == 0 || len(s) == tc.n && tc.n > 1 {
					t.Errorf("asked about %v", s)
				}
				return tc.fails(s), nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.fails(got) {
				t.Errorf("ddmin returned %v, which does not fail", got)
			}
			if tc.want != nil && !slices.Equal(got, tc.want) {
				t.Errorf("ddmin = %v, want %v", got, tc.want)
			}
			if tc.want == nil && len(got) != 3 {
				t.Errorf("ddmin = %v, want 3 items", got)
			}
			if calls > tc.n*tc.n {
				t.Errorf("%d calls for %d items", calls, tc.n)
			}
		})
	}
}

func TestDdminError(t *testing.T) {
	boom := errors.New("boom")
	got, err := ddmin([]int{1, 2, 3, 4}, func([]int) (bool, error) { return false, boom })
	if !errors.Is(err, boom) || len(got) != 4 {
		t.Errorf("ddmin = %v, %v; want the items back and the error", got, err)
	}
}

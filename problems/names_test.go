package problems

import (
	"slices"
	"testing"
)

func TestNaturalLess(t *testing.T) {
	names := []string{"10", "9", "a-10", "a-2", "b", "a", "002", "1", "12345678901", "9876543210"}
	slices.SortFunc(names, func(a, b string) int {
		if NaturalLess(a, b) {
			return -1
		}
		if NaturalLess(b, a) {
			return 1
		}
		return 0
	})
	want := []string{"1", "002", "9", "10", "9876543210", "12345678901", "a", "a-2", "a-10", "b"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted %v, want %v", names, want)
	}
}

package main

import (
	"strings"
	"testing"
)

// TestPlansMatchData checks that each problem's embedded data are exactly
// the tests its plan writes, so that the data were made by this command.
func TestPlansMatchData(t *testing.T) {
	for _, id := range ids() {
		pl := plans()[id]
		tests, err := pl.prob.Tests()
		if err != nil {
			t.Fatal(err)
		}
		var have, want []string
		for _, tc := range tests {
			have = append(have, tc.Name)
		}
		for _, tc := range pl.tests {
			want = append(want, tc.name)
			if n := btoi(tc.real != "") + btoi(tc.set != "") + btoi(tc.gen != nil); n != 1 {
				t.Errorf("%s %s: %d input sources, want 1", id, tc.name, n)
			}
		}
		if strings.Join(have, " ") != strings.Join(want, " ") {
			t.Errorf("%s: data holds %v, plan writes %v", id, have, want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

package suggest

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"dlx", "dlx", 0},
		{"dxl", "dlx", 1},  // a swap is one edit
		{"runn", "run", 1}, // a deletion
		{"rn", "run", 1},   // an insertion
		{"fial-over", "fail-over", 1},
		{"poj2767", "poj2676", 2}, // a swap and a substitution
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // optimal string alignment: no substring edited twice
	}
	for _, tt := range tests {
		if got := distance(tt.a, tt.b); got != tt.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	problems := []string{"poj2676", "poj3074", "poj3076", "hdu4069", "target", "uva10957"}
	flags := []string{"problem", "strategy", "time-limit", "json", "jobs", "verbose", "fail-over"}
	tests := []struct {
		name  string
		known []string
		want  string
	}{
		{"POJ2676", problems, "poj2676"}, // case never counts
		{"poj2767", problems, "poj2676"},
		{"poj3075", problems, "poj3074"}, // ties: the first known wins
		{"2676", problems, "poj2676"},    // held in a known name
		{"targte", problems, "target"},
		{"poj9999", problems, ""},
		{"sudoku", problems, ""},
		{"", problems, ""},
		{"67", problems, ""}, // too short to be held
		{"fial-over", flags, "fail-over"},
		{"problme", flags, "problem"},
		{"jsno", flags, "json"},
		{"job", flags, "jobs"},
		{"verbos", flags, "verbose"},
		{"timelimit", flags, "time-limit"},
		{"x", flags, ""},
		{"colour", flags, ""},
		{"jsn", nil, ""},
	}
	for _, tt := range tests {
		if got := Closest(tt.name, tt.known); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	if got, want := DidYouMean("fial-over", []string{"fail-over"}, "--%s"), "did you mean --fail-over?"; got != want {
		t.Errorf("DidYouMean = %q, want %q", got, want)
	}
	if got := DidYouMean("colour", []string{"fail-over"}, "--%s"); got != "" {
		t.Errorf("DidYouMean of nothing close = %q, want \"\"", got)
	}
}

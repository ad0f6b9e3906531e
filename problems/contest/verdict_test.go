package contest

import "testing"

func TestWorst(t *testing.T) {
	tests := []struct {
		in   []Verdict
		want Verdict
	}{
		{nil, AC},
		{[]Verdict{AC, AC}, AC},
		{[]Verdict{NA, NA}, NA},
		{[]Verdict{NA, AC}, AC},
		{[]Verdict{AC, TLE, AC}, TLE},
		{[]Verdict{TLE, WA}, WA},
		{[]Verdict{PE, WA, RE}, RE},
		{[]Verdict{MLE, OLE}, OLE},
		{[]Verdict{CE, IE, AC}, IE},
	}
	for _, tt := range tests {
		if got := Worst(tt.in...); got != tt.want {
			t.Errorf("Worst(%v) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestPassedFailed(t *testing.T) {
	// Only correctness failures and judge failures fail a run; limits and
	// N/A are reported without failing it.
	failed := map[Verdict]bool{WA: true, PE: true, RE: true, CE: true, IE: true}
	for _, v := range []Verdict{AC, WA, PE, TLE, MLE, OLE, RE, CE, IE, NA} {
		if got := v.Failed(); got != failed[v] {
			t.Errorf("%s.Failed() = %v, want %v", v, got, failed[v])
		}
		if got := v.Passed(); got != (v == AC) {
			t.Errorf("%s.Passed() = %v", v, got)
		}
	}
}

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

// TestSeverityOrder pins the one order of verdicts, written out here rather
// than read from the code: a summary shows the worst of its tests, so a
// swap (TLE above MLE, Skipped above AC) would change what every table,
// group and exit code says.
func TestSeverityOrder(t *testing.T) {
	order := []Verdict{NA, Skipped, AC, TLE, MLE, OLE, PE, WA, RE, CE, IE, Verdict("XYZ")}
	for i, a := range order {
		for j, b := range order {
			want := a
			if j > i {
				want = b
			}
			if got := Worst(a, b); got != want {
				t.Errorf("Worst(%s, %s) = %s, want %s", a, b, got, want)
			}
			if (a.Severity() < b.Severity()) != (i < j) {
				t.Errorf("%s.Severity() = %d, %s.Severity() = %d: want %s below %s only if it comes first in %v",
					a, a.Severity(), b, b.Severity(), a, b, order)
			}
		}
	}
	// Two unknown verdicts rank alike, above every known one: neither
	// hides behind a known verdict.
	if u, v := Verdict("XYZ"), Verdict("ABC"); u.Severity() != v.Severity() || Worst(u, IE) != u {
		t.Errorf("unknown verdicts: %s.Severity() = %d, %s.Severity() = %d, Worst(%s, IE) = %s", u, u.Severity(), v, v.Severity(), u, Worst(u, IE))
	}
}

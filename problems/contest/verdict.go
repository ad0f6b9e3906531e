package contest

// A Verdict is the outcome of one test: "AC", "WA", and so on.
type Verdict string

const (
	AC      Verdict = "AC"      // accepted
	WA      Verdict = "WA"      // wrong answer
	PE      Verdict = "PE"      // presentation error: right tokens, wrong layout
	TLE     Verdict = "TLE"     // time limit exceeded
	MLE     Verdict = "MLE"     // memory limit exceeded
	OLE     Verdict = "OLE"     // output limit exceeded
	RE      Verdict = "RE"      // runtime error: non-zero exit or signal
	CE      Verdict = "CE"      // compilation error
	IE      Verdict = "IE"      // internal error: the judge or checker failed
	NA      Verdict = "N/A"     // not applicable: the solution does not handle this problem
	Skipped Verdict = "SKIPPED" // not run, because an earlier test decided the outcome
)

// Passed reports whether v counts as a pass.
func (v Verdict) Passed() bool { return v == AC }

// Failed reports whether v is a failure of the solution's correctness or of
// the judge, as opposed to a pass, a resource limit or not applicable. Runs
// exit non-zero on failures.
func (v Verdict) Failed() bool {
	switch v {
	case WA, PE, RE, CE, IE:
		return true
	}
	return false
}

// severity is the one order of verdicts: the summary of several tests is
// the most severe verdict among them. Unknown verdicts rank above IE, so a
// verdict nobody declared is never hidden behind a known one.
var severity = [...]Verdict{NA, Skipped, AC, TLE, MLE, OLE, PE, WA, RE, CE, IE}

// Severity returns v's rank in the severity order: higher is worse.
func (v Verdict) Severity() int {
	for i, s := range severity {
		if s == v {
			return i
		}
	}
	return len(severity)
}

// Worst returns the most severe of vs, or AC when vs is empty.
func Worst(vs ...Verdict) Verdict {
	w := AC
	for i, v := range vs {
		if i == 0 || v.Severity() > w.Severity() {
			w = v
		}
	}
	return w
}

package program

import "testing"

// TestLastMeaningfulLine checks the line an RE shows, on each runtime's
// real crash output.
func TestLastMeaningfulLine(t *testing.T) {
	tests := []struct{ name, stderr, want string }{
		{"empty", "", ""},
		{"python", "Traceback (most recent call last):\n  File \"a.py\", line 3, in <module>\n    print(1/0)\n          ~^~\nZeroDivisionError: division by zero\n", "ZeroDivisionError: division by zero"},
		{"java", "Exception in thread \"main\" java.lang.ArithmeticException: / by zero\n\tat Main.main(Main.java:5)\n", "Exception in thread \"main\" java.lang.ArithmeticException: / by zero"},
		{"node", "/box/a.js:3\nthrow new RangeError(\"x\");\n^\n\nRangeError: x\n    at Object.<anonymous> (/box/a.js:3:7)\n\nNode.js v20.20.2\n", "RangeError: x"},
		{"rust", "\nthread 'main' panicked at a.rs:2:5:\nboom\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n", "thread 'main' panicked at a.rs:2:5: boom"},
		{"go", "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/box/a.go:4 +0x25\nexit status 2\n", "panic: boom"},
		{"c++", "terminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check\n", "terminate called after throwing an instance of 'std::out_of_range'"},
		{"plain", "debug 1\ndebug 2\n", "debug 2"},
		{"indented only", "  deep\n", "deep"},
	}
	for _, tt := range tests {
		if got := lastMeaningfulLine([]byte(tt.stderr)); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

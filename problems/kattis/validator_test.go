package kattis

import (
	"context"
	"strings"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

// TestDefaultValidator judges outputs as problemtools' default validator
// does (support/default_validator/default_validator.cc of v1.20231016),
// with PE where it says WA for a space change alone.
func TestDefaultValidator(t *testing.T) {
	tests := []struct {
		name, flags    string
		answer, output string
		want           contest.Verdict
		msg            string // in the message
	}{
		{"same", "", "1 2\n", "1 2\n", contest.AC, ""},
		{"other white space", "", "1 2\n", "  1\n\n\t2", contest.AC, ""},
		{"empty both", "", "", "\n", contest.AC, ""},
		{"case folds", "", "Yes\n", "YES\n", contest.AC, ""},
		{"case folds ASCII only", "", "É\n", "é\n", contest.WA, "expected"},
		{"case sensitive", "case_sensitive", "Yes\n", "YES\n", contest.WA, `expected "Yes", got "YES"`},
		{"wrong token", "", "1 2\n", "1 3\n", contest.WA, `line 1: expected "2", got "3"`},
		{"wrong token line", "", "1\n2\n3\n", "1\n2\n4\n", contest.WA, "line 3:"},
		{"missing", "", "1 2\n", "1\n", contest.WA, `output ends where the answer has "2"`},
		{"trailing", "", "1\n", "1\n2\n", contest.WA, `line 2: trailing output "2"`},
		{"tokens compare as C strings", "", "ab\n", "ab\x00cd\n", contest.AC, ""},
		{"space change sensitive, same", "space_change_sensitive", "1 2\n", "1 2\n", contest.AC, ""},
		{"space change: two spaces", "space_change_sensitive", "1 2\n", "1  2\n", contest.PE, "line 1: a space more than the answer has"},
		{"space change: no final newline", "space_change_sensitive", "1 2\n", "1 2", contest.PE, "expected a newline, got end of output"},
		{"space change: extra blank line", "space_change_sensitive", "1 2\n", "1 2\n\n", contest.PE, "line 2: a newline more"},
		{"space change: tab", "space_change_sensitive", "1 2\n", "1\t2\n", contest.PE, "expected a space, got a tab"},
		{"space change: CRLF", "space_change_sensitive", "1\n", "1\r\n", contest.PE, "expected a newline, got a carriage return"},
		{"space change and wrong token is WA", "space_change_sensitive", "1 2\n", "1  3\n", contest.WA, `expected "2", got "3"`},
		{"float within", "float_tolerance 1e-6", "1.0\n", "1.0000001\n", contest.AC, ""},
		{"float outside", "float_tolerance 1e-6", "1.0\n", "1.00001\n", contest.WA, "differ by"},
		{"float absolute", "float_absolute_tolerance 1", "100\n", "100.5\n", contest.AC, ""},
		{"float relative", "float_relative_tolerance 0.001", "100\n", "100.5\n", contest.WA, "differ"},
		{"float relative within", "float_relative_tolerance 0.01", "100\n", "100.5\n", contest.AC, ""},
		{"float exponent", "float_tolerance 1e-9", "1500\n", "1.5e3\n", contest.AC, ""},
		{"float hexadecimal", "float_tolerance 1e-9", "0x10\n", "16\n", contest.AC, ""},
		{"float not a number", "float_tolerance 1e-6", "1.5\n", "one\n", contest.WA, "expected a number"},
		{"float answer word", "float_tolerance 1e-6", "inf\n", "INF\n", contest.AC, ""},
		{"float no tolerance compares text", "", "1.0\n", "1.00\n", contest.WA, `expected "1.0", got "1.00"`},
	}
	for _, tc := range tests {
		v, err := ParseFlags(strings.Fields(tc.flags))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := contest.Run(context.Background(), v, nil, []byte(tc.output), []byte(tc.answer))
		if got.Verdict != tc.want || !strings.Contains(got.Message, tc.msg) {
			t.Errorf("%s: %s %q, want %s %q", tc.name, got.Verdict, got.Message, tc.want, tc.msg)
		}
		if got.Verdict == contest.WA && got.Diff == "" {
			t.Errorf("%s: WA without a diff", tc.name)
		}
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		flags   string
		want    DefaultValidator
		errText string
	}{
		{"", DefaultValidator{FloatAbs: -1, FloatRel: -1}, ""},
		{"case_sensitive space_change_sensitive", DefaultValidator{CaseSensitive: true, SpaceChangeSensitive: true, FloatAbs: -1, FloatRel: -1}, ""},
		{"float_tolerance 1e-6", DefaultValidator{FloatAbs: 1e-6, FloatRel: 1e-6}, ""},
		{"float_absolute_tolerance 0.5 float_relative_tolerance 2", DefaultValidator{FloatAbs: 0.5, FloatRel: 2}, ""},
		{"float_tolerance", DefaultValidator{}, "no value follows"},
		{"float_tolerance abc", DefaultValidator{}, `"abc" is not a number`},
		{"float_tolerance inf", DefaultValidator{}, "not a number"},
		{"ignore_case", DefaultValidator{}, `unknown validator flag "ignore_case"`},
	}
	for _, tc := range tests {
		got, err := ParseFlags(strings.Fields(tc.flags))
		if tc.errText != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errText) {
				t.Errorf("ParseFlags(%q): error %v, want %q", tc.flags, err, tc.errText)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseFlags(%q) = %+v, %v; want %+v", tc.flags, got, err, tc.want)
		}
	}
}

// TestParseFloat checks which tokens count as numbers: what C's strtod
// reads whole, finite.
func TestParseFloat(t *testing.T) {
	for s, want := range map[string]bool{
		"1": true, "-1.5": true, "+.5": true, "5.": true, "1e3": true, "1E-3": true, "0x1p4": true, "0x1.8": true,
		"1e-400": true, // underflows to 0, as strtod does
		"":       false, ".": false, "1e": false, "1e400": false, "inf": false, "nan": false, "1_000": false,
		"--1": false, "1.2.3": false, "0x": false, "12a": false,
	} {
		if _, got := parseFloat(s); got != want {
			t.Errorf("parseFloat(%q) = %v, want %v", s, got, want)
		}
	}
}

func FuzzDefaultValidator(f *testing.F) {
	f.Add("1 2\n", "1  2", "space_change_sensitive")
	f.Add("1.5\n", "1.50000001\n", "float_tolerance 1e-6")
	f.Add("Yes\n", "yes\n", "")
	f.Fuzz(func(t *testing.T, answer, output, flags string) {
		v, err := ParseFlags(strings.Fields(flags))
		if err != nil {
			return
		}
		r := v.Check(context.Background(), nil, []byte(output), []byte(answer))
		self := v.Check(context.Background(), nil, []byte(answer), []byte(answer))
		if self.Verdict != contest.AC {
			t.Fatalf("the answer %q is not accepted as its own output: %s %s", answer, self.Verdict, self.Message)
		}
		if r.Verdict == contest.AC && !v.floats() && v.CaseSensitive && strings.Join(strings.Fields(answer), " ") != strings.Join(strings.Fields(output), " ") &&
			!strings.Contains(answer+output, "\x00") && !strings.ContainsAny(answer+output, "\v\f") {
			t.Fatalf("accepted %q for %q with flags %q", output, answer, flags)
		}
	})
}

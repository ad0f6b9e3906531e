package kattis_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/checker"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
	"github.com/sudoku-judge/sudoku-judge/problems/contest"
	"github.com/sudoku-judge/sudoku-judge/problems/kattis"
)

// exported is a catalog problem exported to a folder, with its input
// validator and output validator built.
type exported struct {
	prob      problems.Problem
	pkg       *kattis.Package
	dir       string
	validate  string          // the input validator program
	checker   contest.Checker // the output validator
	closeDown func()
}

var (
	exportOnce sync.Once
	exports    map[string]*exported
	exportErr  error
	exportDir  string
)

// exportAll exports every catalog problem once for the package's tests and
// builds its validators with g++ (the Kattis way, without a sandbox: they
// are our own programs).
func exportAll(t *testing.T) map[string]*exported {
	t.Helper()
	testenv.NeedCommand(t, "g++")
	exportOnce.Do(func() {
		exportDir, exportErr = os.MkdirTemp("", "sudoku-judge-export-test-")
		if exportErr != nil {
			return
		}
		exports = map[string]*exported{}
		for _, p := range catalog.All() {
			ex := &exported{prob: p, dir: filepath.Join(exportDir, p.ID())}
			if exportErr = exportTo(p, ex.dir); exportErr != nil {
				return
			}
			if ex.pkg, exportErr = kattis.OpenPath(ex.dir); exportErr != nil {
				return
			}
			ivs := ex.pkg.InputValidators()
			if len(ivs) != 1 {
				exportErr = errors.New(p.ID() + ": want one input validator")
				return
			}
			ex.validate = filepath.Join(exportDir, p.ID()+"-validate")
			src := filepath.Join(ex.dir, filepath.FromSlash(ivs[0].Path), ivs[0].Main)
			if out, err := exec.Command("g++", "-O2", "-std=gnu++17", "-o", ex.validate, src).CombinedOutput(); err != nil {
				exportErr = errors.New(p.ID() + ": " + err.Error() + "\n" + string(out))
				return
			}
			f, ok := ex.pkg.CheckerFile()
			if !ok {
				exportErr = errors.New(p.ID() + ": no output validator")
				return
			}
			if ex.checker, ex.closeDown, exportErr = checker.Build(context.Background(), nil, f); exportErr != nil {
				return
			}
			exports[p.ID()] = ex
		}
	})
	if exportErr != nil {
		t.Fatal(exportErr)
	}
	return exports
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, ex := range exports {
		if ex.closeDown != nil {
			ex.closeDown()
		}
	}
	if exportDir != "" {
		os.RemoveAll(exportDir)
	}
	os.Exit(code)
}

func exportTo(p problems.Problem, dir string) error {
	w, err := kattis.DirWriter(dir)
	if err != nil {
		return err
	}
	return kattis.Export(p, problems.Folder(p.ID()), w)
}

// accepts runs an input validator on input, with the package's flags:
// exit 42 accepts, 43 rejects.
func (ex *exported) accepts(t testing.TB, input []byte) bool {
	t.Helper()
	tests, _ := ex.pkg.Tests()
	cmd := exec.Command(ex.validate, ex.pkg.InputValidatorFlags(tests[0].Name)...)
	cmd.Stdin = bytes.NewReader(input)
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == 42:
		return true
	case errors.As(err, &ee) && ee.ExitCode() == 43:
		return false
	}
	t.Fatalf("input validator %s: %v (want exit 42 or 43)", ex.validate, err)
	return false
}

// TestExportedInputValidators checks that each problem's input validator
// accepts exactly what its parser accepts: every test's input, generated
// inputs of every kind, and hundreds of mutations of them.
func TestExportedInputValidators(t *testing.T) {
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for id, ex := range exportAll(t) {
		t.Run(id, func(t *testing.T) {
			tests, err := ex.prob.Tests()
			if err != nil {
				t.Fatal(err)
			}
			var bases [][]byte
			for _, tc := range tests {
				if !ex.accepts(t, tc.Input) {
					t.Errorf("test %s: the input validator rejects it", tc.Name)
				}
				if len(tc.Input) < 4<<10 {
					bases = append(bases, tc.Input)
				}
			}
			kinds := append([]string{""}, ex.prob.Config().Harness.Kinds...)
			for i, kind := range kinds {
				var b bytes.Buffer
				if err := ex.prob.Generate(context.Background(), &b, problems.GenOptions{Count: 2, Seed: uint64(i + 1), Kind: kind}); err != nil {
					t.Fatal(err)
				}
				bases = append(bases, b.Bytes())
			}
			agreed, rejected := 0, 0
			for _, base := range bases {
				for range rounds {
					in := mutate(rng, base)
					_, perr := ex.prob.Parse("input", in)
					got := ex.accepts(t, in)
					if got != (perr == nil) {
						t.Errorf("input %q: validator accepts %v, Parse: %v", in, got, perr)
						continue
					}
					agreed++
					if !got {
						rejected++
					}
				}
			}
			t.Logf("%d inputs, %d of them rejected: validator and parser agree", agreed, rejected)
			// The mutations must try both answers, or the test would say
			// nothing.
			if rejected == 0 || rejected == agreed {
				t.Errorf("%d of %d mutated inputs rejected: the mutations do not try both answers", rejected, agreed)
			}
		})
	}
}

// TestExportedOutputValidators checks that each problem's output validator
// accepts exactly what its checker accepts, on each small test's answer
// and mutations of it.
func TestExportedOutputValidators(t *testing.T) {
	rounds := 40
	if testing.Short() {
		rounds = 8
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for id, ex := range exportAll(t) {
		t.Run(id, func(t *testing.T) {
			tests, err := ex.prob.Tests()
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			checked, rejected := 0, 0
			for _, tc := range tests {
				if len(tc.Answer) > 8<<10 {
					continue
				}
				outs := [][]byte{tc.Answer}
				for range rounds {
					outs = append(outs, mutate(rng, tc.Answer))
				}
				for _, out := range outs {
					want := contest.Run(ctx, ex.prob.Checker(), tc.Input, out, tc.Answer)
					got := contest.Run(ctx, ex.checker, tc.Input, out, tc.Answer)
					if (got.Verdict == contest.AC) != (want.Verdict == contest.AC) || got.Verdict == contest.IE {
						t.Errorf("test %s, output %q: the validator says %s (%s), the checker %s (%s)", tc.Name, out, got.Verdict, got.Message, want.Verdict, want.Message)
					}
					checked++
					if want.Verdict != contest.AC {
						rejected++
					}
				}
			}
			t.Logf("%d outputs, %d of them rejected: validator and checker agree", checked, rejected)
			if checked == 0 || rejected == 0 || rejected == checked {
				t.Errorf("%d of %d outputs rejected: the mutations do not try both answers", rejected, checked)
			}
		})
	}
}

// mutate changes one to three things in b: a byte deleted, inserted,
// replaced or swapped with another, a line repeated, dropped or split, the
// end cut or added to.
func mutate(rng *rand.Rand, b []byte) []byte {
	const alphabet = "0123456789.-ABCDEFGHIJKLMNOPQend \t\r\n\x00+"
	out := bytes.Clone(b)
	for range 1 + rng.IntN(3) {
		n := len(out)
		at := 0
		if n > 0 {
			at = rng.IntN(n)
		}
		c := alphabet[rng.IntN(len(alphabet))]
		switch rng.IntN(10) {
		case 0:
			if n > 0 {
				out = append(out[:at], out[at+1:]...)
			}
		case 1:
			out = append(out[:at], append([]byte{c}, out[at:]...)...)
		case 2:
			if n > 0 {
				out[at] = c
			}
		case 3:
			if n > 1 {
				j := rng.IntN(n)
				out[at], out[j] = out[j], out[at]
			}
		case 4, 5:
			lines := strings.SplitAfter(string(out), "\n")
			i := rng.IntN(len(lines))
			switch rng.IntN(3) {
			case 0:
				lines = append(lines[:i], append([]string{lines[i]}, lines[i:]...)...)
			case 1:
				lines = append(lines[:i], lines[i+1:]...)
			default:
				j := rng.IntN(len(lines))
				lines[i], lines[j] = lines[j], lines[i]
			}
			out = []byte(strings.Join(lines, ""))
		case 6:
			out = out[:at]
		case 7:
			out = append(out, c)
		case 8:
			out = append(out[:at], append([]byte("\n"), out[at:]...)...)
		default:
			// A digit changed to another: the layout stays, the content
			// does not.
			if i := bytes.IndexAny(out[at:], "123456789"); i >= 0 {
				out[at+i] = '1' + byte(rng.IntN(9))
			}
		}
	}
	return out
}

// TestExportLayout checks what Export writes for poj2676: problem.yaml in
// the format's schema, the statement, the tests nested by group and read
// back in the problem's order, and our settings in sudoku-judge.yaml.
func TestExportLayout(t *testing.T) {
	ex := exportAll(t)["poj2676"]
	k := ex.pkg.Kattis()
	if k.Name != "Sudoku (POJ 2676)" || k.Validation != "custom" || k.Limits.Memory != 64 || k.Limits.Output != 8 || k.License != "unknown" {
		t.Errorf("problem.yaml %+v", k)
	}
	if len(ex.pkg.Warnings()) != 0 {
		t.Errorf("warnings %v", ex.pkg.Warnings())
	}
	c := ex.pkg.Config()
	if c.Limits.TimeLimit != 2 || ex.pkg.TimeLimitFrom() != kattis.ExtensionFile || len(c.Groups) != 5 || c.Groups[0].Name != "official" || !c.Groups[0].Official {
		t.Errorf("config %+v from %s", c, ex.pkg.TimeLimitFrom())
	}
	want := []string{"sample/1", "secret/1-official/1", "secret/2-17clue/2-17clue", "secret/3-top1465/3-top1465",
		"secret/4-serg-multiple/4-serg-multiple", "secret/5-gen/5-gen-unique", "secret/5-gen/6-gen-multiple"}
	tests, _ := ex.pkg.Tests()
	orig, _ := ex.prob.Tests()
	for i, tc := range tests {
		if i >= len(want) || tc.Name != want[i] || !bytes.Equal(tc.Input, orig[i].Input) || !bytes.Equal(tc.Answer, orig[i].Answer) {
			t.Errorf("test %d: %s, want %s with the problem's data", i, tc.Name, want[min(i, len(want)-1)])
		}
		if g, wantG := c.GroupOf(tc.Name), ex.prob.Config().GroupOf(orig[i].Name); g == "" || g != wantG {
			t.Errorf("test %s is in group %q, the problem's %s in %q", tc.Name, g, orig[i].Name, wantG)
		}
	}
	if st, err := os.ReadFile(filepath.Join(ex.dir, "problem_statement", "problem.en.tex")); err != nil || !bytes.HasPrefix(st, []byte(`\problemname{Sudoku (POJ 2676)}`)) {
		t.Errorf("problem.en.tex: %.40q, %v", st, err)
	}
	if _, err := os.Stat(filepath.Join(ex.dir, "problem_statement", "problem.en.html")); err == nil {
		t.Error("the statement's HTML was exported")
	}
	notes, err := os.ReadFile(filepath.Join(ex.dir, "NOTES.md"))
	if err != nil || !bytes.Contains(notes, []byte("address space")) || !bytes.Contains(notes, []byte("resident memory")) {
		t.Errorf("NOTES.md does not say how memory is counted: %v", err)
	}
	for _, s := range ex.pkg.Submissions() {
		src := s.Files[s.Main]
		if bytes.Contains(src, []byte(`#include "sudoku.h"`)) || !bytes.Contains(src, []byte("namespace sudoku")) {
			t.Errorf("%s does not hold sudoku.h in place of its #include", s.Path)
		}
	}
	var folders []string
	for _, s := range ex.pkg.Submissions() {
		folders = append(folders, path.Base(path.Dir(s.Path)))
	}
	if strings.Join(folders, " ") != "accepted wrong_answer time_limit_exceeded" {
		t.Errorf("submission folders %v", folders)
	}
}

// TestExportPadsNumbers checks that target's twenty official tests are
// named so that problemtools' order (by name) is the problem's.
func TestExportPadsNumbers(t *testing.T) {
	ex := exportAll(t)["target"]
	tests, _ := ex.pkg.Tests()
	orig, _ := ex.prob.Tests()
	if len(tests) != len(orig) {
		t.Fatalf("%d tests, want %d", len(tests), len(orig))
	}
	for i := range tests {
		if !bytes.Equal(tests[i].Input, orig[i].Input) {
			t.Errorf("test %d is %s, the problem's %s: another order", i, tests[i].Name, orig[i].Name)
		}
	}
	if tests[2].Name != "secret/1-official/01" {
		t.Errorf("test 3 is %s, want secret/1-official/01", tests[2].Name)
	}
}

// TestExportZip exports xsudoku as a zip and reads it back.
func TestExportZip(t *testing.T) {
	p, err := catalog.Lookup("xsudoku")
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "xsudoku.zip")
	f, err := os.Create(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	zw := kattis.NewZipWriter(f)
	if err := kattis.Export(p, problems.Folder(p.ID()), zw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	pkg, err := kattis.OpenPath(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := p.Tests()
	got, _ := pkg.Tests()
	if pkg.ID() != "xsudoku" || len(got) != len(want) || pkg.Kattis().License != "unknown" || pkg.Config().License != p.Config().License {
		t.Errorf("id %s, %d tests (want %d), license %q and %q", pkg.ID(), len(got), len(want), pkg.Kattis().License, pkg.Config().License)
	}
}

// TestDirWriterRefusesAFolderInUse checks that an export never mixes with
// files already there.
func TestDirWriterRefusesAFolderInUse(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := kattis.DirWriter(dir); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("DirWriter(a folder with a file): %v", err)
	}
}

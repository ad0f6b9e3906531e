package kattis

import (
	"archive/zip"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sudoku-judge/sudoku-judge/problems/contest"
)

func TestOpenSum(t *testing.T) {
	p, err := OpenPath("testdata/sum")
	if err != nil {
		t.Fatal(err)
	}
	tests, _ := p.Tests()
	var names []string
	for _, tc := range tests {
		names = append(names, tc.Name)
	}
	if got := strings.Join(names, " "); got != "sample/1 secret/1 secret/big/2" {
		t.Errorf("tests %s", got)
	}
	c := p.Config()
	if c.Name != "Sum of two" || c.Limits.Memory != 1024 || c.Limits.Output != 8 || c.Limits.TimeLimit != 0 || p.TimeLimitFrom() != "" {
		t.Errorf("config %+v, time limit from %q", c, p.TimeLimitFrom())
	}
	if v, ok := p.Checker().(DefaultValidator); !ok || v.CaseSensitive || v.SpaceChangeSensitive {
		t.Errorf("checker %#v, want the default validator without flags", p.Checker())
	}
	if _, ok := p.CheckerFile(); ok {
		t.Error("a default-validation package has a checker program")
	}
	want := map[string]Expectation{"sum.c": Accepted, "sum.py": Accepted, "overflow.c": WrongAnswer, "spin.c": TimeLimitExceeded, "abort.c": RunTimeError}
	subs := p.Submissions()
	if len(subs) != len(want) {
		t.Errorf("%d submissions, want %d", len(subs), len(want))
	}
	for _, s := range subs {
		if want[s.Main] != s.Expect || !strings.HasPrefix(s.Path, "submissions/"+string(s.Expect)+"/") {
			t.Errorf("submission %s (%s) expects %s", s.Path, s.Main, s.Expect)
		}
	}
	if iv := p.InputValidators(); len(iv) != 1 || iv[0].Main != "sum.c" || iv[0].Path != "input_validators/sum" {
		t.Errorf("input validators %+v", iv)
	}
	if st, err := p.Statement(); err != nil || !strings.HasPrefix(string(st), "# Sum of two") {
		t.Errorf("statement %.20q, %v", st, err)
	}
	if len(p.Warnings()) != 0 {
		t.Errorf("warnings %v", p.Warnings())
	}
}

func TestOpenFlagsAndTimeLimit(t *testing.T) {
	p, err := OpenPath("testdata/greet")
	if err != nil {
		t.Fatal(err)
	}
	if v := p.Checker().(DefaultValidator); !v.CaseSensitive || !v.SpaceChangeSensitive {
		t.Errorf("checker %+v, want case and space change sensitive", v)
	}
	if c := p.Config(); c.Limits.TimeLimit != 1 || p.TimeLimitFrom() != ".timelimit" || c.Name != "Greetings" {
		t.Errorf("time limit %v from %q, name %q", c.Limits.TimeLimit, p.TimeLimitFrom(), c.Name)
	}
}

func TestOpenOutputValidator(t *testing.T) {
	p, err := OpenPath("testdata/pair")
	if err != nil {
		t.Fatal(err)
	}
	f, ok := p.CheckerFile()
	if !ok || f.Path != "output_validators/pair/validate.cpp" || !f.Kattis || !strings.Contains(string(f.Source), "judgemessage.txt") {
		t.Fatalf("checker file %+v, %v", f, ok)
	}
	if c := p.Config(); c.Validation != "custom" || c.Harness.Checker != f.Path {
		t.Errorf("config validation %q, checker %q", c.Validation, c.Harness.Checker)
	}
}

// TestOpenZip reads a package from a zip, with its files at the root or in
// one folder.
func TestOpenZip(t *testing.T) {
	for _, prefix := range []string{"", "sum/"} {
		zipPath := filepath.Join(t.TempDir(), "sum.zip")
		writeZip(t, zipPath, os.DirFS("testdata/sum"), prefix)
		p, err := OpenPath(zipPath)
		if err != nil {
			t.Fatalf("prefix %q: %v", prefix, err)
		}
		tests, _ := p.Tests()
		if p.ID() != "sum" || len(tests) != 3 || len(p.Submissions()) != 5 {
			t.Errorf("prefix %q: id %s, %d tests, %d submissions", prefix, p.ID(), len(tests), len(p.Submissions()))
		}
	}
}

func writeZip(t *testing.T, dst string, fsys fs.FS, prefix string) {
	t.Helper()
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	if err := zw.AddFS(subFS{fsys, prefix}); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// subFS shows fsys under a folder prefix ("" for none).
type subFS struct {
	fsys   fs.FS
	prefix string
}

func (s subFS) Open(name string) (fs.File, error) {
	if s.prefix == "" {
		return s.fsys.Open(name)
	}
	m := fstest.MapFS{}
	err := fs.WalkDir(s.fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(s.fsys, p)
		m[s.prefix+p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		return nil, err
	}
	return m.Open(name)
}

// TestOpenErrors checks that what problemtools reports as an error in a
// package is an error here, naming the file.
func TestOpenErrors(t *testing.T) {
	base := func() fstest.MapFS {
		return fstest.MapFS{
			"problem.yaml":                  {Data: []byte("name: X\n")},
			"data/sample/1.in":              {Data: []byte("1\n")},
			"data/sample/1.ans":             {Data: []byte("1\n")},
			"data/secret/1.in":              {Data: []byte("2\n")},
			"data/secret/1.ans":             {Data: []byte("2\n")},
			"problem_statement/problem.tex": {Data: []byte("\\problemname{X}\n")},
		}
	}
	tests := []struct {
		name    string
		edit    func(fstest.MapFS)
		errText string
	}{
		{"no problem.yaml", func(m fstest.MapFS) { delete(m, "problem.yaml") }, "problem.yaml"},
		{"bad yaml", func(m fstest.MapFS) { m["problem.yaml"] = &fstest.MapFile{Data: []byte("name: [\n")} }, "problem.yaml"},
		{"limits not a mapping", func(m fstest.MapFS) { m["problem.yaml"] = &fstest.MapFile{Data: []byte("limits: 3\n")} }, "limits: want a mapping"},
		{"memory not a number", func(m fstest.MapFS) { m["problem.yaml"] = &fstest.MapFile{Data: []byte("limits: {memory: lots}\n")} }, "limits.memory: want a number"},
		{"interactive", func(m fstest.MapFS) {
			m["problem.yaml"] = &fstest.MapFile{Data: []byte("validation: custom interactive\n")}
		}, "interactive"},
		{"no secret", func(m fstest.MapFS) { delete(m, "data/secret/1.in"); delete(m, "data/secret/1.ans") }, "data/secret"},
		{"answer without input", func(m fstest.MapFS) { delete(m, "data/secret/1.in") }, "data/secret/1.ans: no 1.in"},
		{"input without answer", func(m fstest.MapFS) { delete(m, "data/secret/1.ans") }, "data/secret/1.in: no 1.ans"},
		{"bad flags", func(m fstest.MapFS) { m["problem.yaml"] = &fstest.MapFile{Data: []byte("validator_flags: loose\n")} }, `unknown validator flag "loose"`},
		{"custom without validator", func(m fstest.MapFS) { m["problem.yaml"] = &fstest.MapFile{Data: []byte("validation: custom\n")} }, "no output validator"},
		{"validator with default validation", func(m fstest.MapFS) {
			m["output_validators/v/v.cpp"] = &fstest.MapFile{Data: []byte("int main(){}")}
		}, `validation "default", but there is an output validator`},
		{"flags differ by group", func(m fstest.MapFS) {
			m["data/secret/g/testdata.yaml"] = &fstest.MapFile{Data: []byte("output_validator_flags: case_sensitive\n")}
			m["data/secret/g/2.in"] = &fstest.MapFile{Data: []byte("2\n")}
			m["data/secret/g/2.ans"] = &fstest.MapFile{Data: []byte("2\n")}
		}, "output_validator_flags differ"},
		{"bad .timelimit", func(m fstest.MapFS) { m[".timelimit"] = &fstest.MapFile{Data: []byte("soon\n")} }, ".timelimit"},
		{"extension group names no test", func(m fstest.MapFS) {
			m[ExtensionFile] = &fstest.MapFile{Data: []byte("groups: [{name: a, tests: [sample/1, secret/1, secret/9]}]\n")}
		}, "no test secret/9"},
		{"extension unknown key", func(m fstest.MapFS) { m[ExtensionFile] = &fstest.MapFile{Data: []byte("checkr: x\n")} }, "checkr"},
	}
	if _, err := Open(base(), "x"); err != nil {
		t.Fatalf("the base package: %v", err)
	}
	for _, tc := range tests {
		m := base()
		tc.edit(m)
		_, err := Open(m, "x")
		if err == nil || !strings.Contains(err.Error(), tc.errText) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.errText)
		}
	}
	if _, err := Open(base(), "a b"); err == nil {
		t.Error("a package named \"a b\" opened")
	}
}

// TestOpenWarnings checks what problemtools would warn of: unknown
// problem.yaml fields, a scoring problem judged pass-fail, no statement.
func TestOpenWarnings(t *testing.T) {
	m := fstest.MapFS{
		"problem.yaml":      {Data: []byte("name: X\ntype: scoring\nharness: {}\n")},
		"data/secret/1.in":  {Data: []byte("2\n")},
		"data/secret/1.ans": {Data: []byte("2\n")},
	}
	p, err := Open(m, "x")
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, w := range p.Warnings() {
		all = append(all, w.Error())
	}
	got := strings.Join(all, "; ")
	for _, want := range []string{`unknown field "harness"`, "scoring problem", "no statement"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings %q lack %q", got, want)
		}
	}
}

// TestOpen2023 reads a package in the 2023-07 format: the time limit in
// problem.yaml, the name by language, the source as a mapping, and the
// one output validator in output_validator/.
func TestOpen2023(t *testing.T) {
	m := fstest.MapFS{
		"problem.yaml": {Data: []byte("problem_format_version: 2023-07-draft\nname: {de: Paar, en: Pair}\n" +
			"source: {name: NWERC, url: https://example.com}\nlimits: {time_limit: 2.5, memory: 512}\n")},
		"data/secret/1.in":                 {Data: []byte("2\n")},
		"data/secret/1.ans":                {Data: []byte("1 1\n")},
		"output_validator/validate.cpp":    {Data: []byte("#include \"validate.h\"\nint main(){}\n")},
		"output_validator/validate.h":      {Data: []byte("// helpers\n")},
		"statement/problem.en.md":          {Data: []byte("# Pair\n")},
		"submissions/accepted/a.py":        {Data: []byte("print(1, 1)\n")},
		"submissions/rejected/b.py":        {Data: []byte("print(0, 2)\n")},
		"submissions/accepted/not a name!": {Data: []byte("x")},
	}
	p, err := Open(m, "pair")
	if err != nil {
		t.Fatal(err)
	}
	c := p.Config()
	if c.Name != "Pair" || c.Source != "NWERC" || c.SourceURL != "https://example.com" || c.Limits.TimeLimit != 2.5 || c.Limits.Memory != 512 || p.TimeLimitFrom() != "problem.yaml" {
		t.Errorf("config %+v", c)
	}
	f, ok := p.CheckerFile()
	if !ok || f.Path != "output_validator/validate.cpp" || string(f.Files["validate.h"]) != "// helpers\n" || !f.Kattis {
		t.Errorf("checker file %+v", f)
	}
	if subs := p.Submissions(); len(subs) != 2 || subs[1].Expect != Rejected {
		t.Errorf("submissions %+v", subs)
	}
}

// TestTestlibChecker reads an output validator that includes testlib.h as
// a testlib checker.
func TestTestlibChecker(t *testing.T) {
	m := fstest.MapFS{
		"problem.yaml":                      {Data: []byte("validation: custom\n")},
		"data/secret/1.in":                  {Data: []byte("2\n")},
		"data/secret/1.ans":                 {Data: []byte("1 1\n")},
		"output_validators/check/check.cpp": {Data: []byte("#include \"testlib.h\"\nint main(int argc, char **argv) { registerTestlibCmd(argc, argv); }\n")},
		"output_validators/check/testlib.h": {Data: []byte("// testlib\n")},
	}
	p, err := Open(m, "x")
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := p.CheckerFile(); !ok || f.Kattis || len(f.Files) != 1 {
		t.Errorf("checker file %+v: want a testlib checker with its header", f)
	}
}

// TestExpectationAccepts checks which verdicts each submission folder
// takes, as problemtools sees verdicts: PE is a WA, MLE and OLE are RTEs.
func TestExpectationAccepts(t *testing.T) {
	all := []contest.Verdict{contest.AC, contest.WA, contest.PE, contest.TLE, contest.MLE, contest.OLE, contest.RE, contest.CE, contest.IE}
	want := map[Expectation]string{
		Accepted:          "AC",
		WrongAnswer:       "WA PE",
		TimeLimitExceeded: "TLE",
		RunTimeError:      "MLE OLE RE",
		Rejected:          "WA PE TLE MLE OLE RE",
	}
	for e, w := range want {
		var got []string
		for _, v := range all {
			if e.Accepts(v) {
				got = append(got, string(v))
			}
		}
		if strings.Join(got, " ") != w {
			t.Errorf("%s accepts %v, want %s", e, got, w)
		}
	}
}

// FuzzOpen opens packages whose problem.yaml, testdata.yaml and
// sudoku-judge.yaml are anything: Open fails with an error or reads a
// package, and never panics.
func FuzzOpen(f *testing.F) {
	f.Add("name: X\nvalidator_flags: float_tolerance 1e-6\nlimits: {memory: 64}\n", "output_validator_flags: case_sensitive\n", "limits: {time_limit: 2}\n")
	f.Add("problem_format_version: 2023-07-draft\nname: {en: X}\nsource: {name: S}\n", "", "groups: [{name: a, tests: [secret/1]}]\n")
	f.Add("validation: custom\n", "input_validator_flags: [\n", "harness: {sudoku: {size: 9}}\n")
	f.Fuzz(func(t *testing.T, problemYAML, testdata, extension string) {
		m := fstest.MapFS{
			"problem.yaml":              {Data: []byte(problemYAML)},
			"data/secret/testdata.yaml": {Data: []byte(testdata)},
			"data/secret/1.in":          {Data: []byte("1\n")},
			"data/secret/1.ans":         {Data: []byte("1\n")},
			ExtensionFile:               {Data: []byte(extension)},
		}
		p, err := Open(m, "x")
		if err != nil {
			return
		}
		if tests, _ := p.Tests(); len(tests) != 1 || p.Checker() == nil {
			t.Fatalf("opened with %d tests, checker %v", len(tests), p.Checker())
		}
	})
}

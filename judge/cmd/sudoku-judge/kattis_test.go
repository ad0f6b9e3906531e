package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// packages is where the hand-written Kattis packages of the tests live.
const packages = "../../../problems/kattis/testdata"

// TestTestKattisPackage judges programs on hand-written Kattis packages,
// a folder or a zip: default validation with and without flags, an output
// validator in C++, and a testlib checker (a source that includes
// testlib.h, with a header of its own beside it). Each test's verdict is what problemtools gives,
// with PE where it says WA for a space change alone.
func TestTestKattisPackage(t *testing.T) {
	needSandbox(t)
	tmp := t.TempDir()
	pe := filepath.Join(tmp, "pe.py")
	os.WriteFile(pe, []byte("print('Hello,  ' + input().strip() + '!')\n"), 0o644)
	trailing := filepath.Join(tmp, "trailing.py")
	os.WriteFile(trailing, []byte("n = int(input())\nprint(1, n - 1, 7)\n"), 0o644)
	sumZip := filepath.Join(tmp, "sum.zip")
	zipFolder(t, filepath.Join(packages, "sum"), sumZip)
	pkg := func(name string) string { return filepath.Join(packages, name) }
	sub := func(name, folder, file string) string {
		return filepath.Join(packages, name, "submissions", folder, file)
	}
	tests := []struct {
		name     string
		problem  string
		program  string
		code     int
		verdicts string // of each test, in order
	}{
		{"default: accepted", pkg("sum"), sub("sum", "accepted", "sum.py"), exitOK, "AC AC AC"},
		{"default: overflow", pkg("sum"), sub("sum", "wrong_answer", "overflow.c"), exitFailed, "AC AC WA"},
		{"default: crash", pkg("sum"), sub("sum", "run_time_error", "abort.c"), exitFailed, "AC AC RE"},
		{"zip", sumZip, sub("sum", "accepted", "sum.c"), exitOK, "AC AC AC"},
		{"flags: accepted", pkg("greet"), sub("greet", "accepted", "greet.py"), exitOK, "AC AC"},
		{"flags: case", pkg("greet"), sub("greet", "wrong_answer", "shout.py"), exitFailed, "WA WA"},
		{"flags: space change", pkg("greet"), pe, exitFailed, "PE PE"},
		{"validator: accepted", pkg("pair"), sub("pair", "accepted", "one.cpp"), exitOK, "AC AC AC"},
		{"validator: rejected", pkg("pair"), sub("pair", "wrong_answer", "zero.c"), exitFailed, "WA WA WA"},
		{"testlib: accepted", pkg("pairlib"), sub("pairlib", "accepted", "one.cpp"), exitOK, "AC AC AC"},
		{"testlib: rejected", pkg("pairlib"), sub("pair", "wrong_answer", "zero.c"), exitFailed, "WA WA WA"},
		{"testlib: presentation", pkg("pairlib"), trailing, exitFailed, "PE PE PE"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, "test", "--problem", tc.problem, "--json", tc.program)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			var res []struct {
				Problem string
				Tests   []struct{ Name, Verdict, Message string }
			}
			if err := json.Unmarshal([]byte(stdout), &res); err != nil {
				t.Fatalf("%v:\n%s", err, stdout)
			}
			var got []string
			for _, tr := range res[0].Tests {
				got = append(got, tr.Verdict)
			}
			if strings.Join(got, " ") != tc.verdicts {
				t.Errorf("verdicts %s, want %s (%+v)", strings.Join(got, " "), tc.verdicts, res[0].Tests)
			}
		})
	}
}

// zipFolder writes the files of dir to a new zip at dst, under dir's name.
func zipFolder(t *testing.T, dir, dst string) {
	t.Helper()
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	if err := zw.AddFS(os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRunKattisPackage verifies a package's own submissions with run: its
// exit status says whether each got the verdict its folder names.
func TestRunKattisPackage(t *testing.T) {
	needSandbox(t)
	code, stdout, stderr := cli(t, "run", "--problem", filepath.Join(packages, "pair"))
	if code != exitOK || !strings.Contains(stdout, "3 submissions, 3 as their folders name") || !strings.Contains(stdout, "output_validators/pair/validate.cpp") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}

	dir := filepath.Join(t.TempDir(), "pair")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(packages, "pair"))); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Dir(dir), 0o755)
	if err := os.Rename(filepath.Join(dir, "submissions/wrong_answer/zero.c"), filepath.Join(dir, "submissions/accepted/zero.c")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = cli(t, "run", "--problem", dir, "--json")
	var rep struct {
		Submissions []struct {
			Path    string
			Verdict string
			OK      bool
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if code != exitFailed || len(rep.Submissions) != 3 {
		t.Fatalf("exit %d, %+v\n%s", code, rep, stderr)
	}
	for _, s := range rep.Submissions {
		if s.OK == (s.Path == "submissions/accepted/zero.c") {
			t.Errorf("%s: %s, ok %v", s.Path, s.Verdict, s.OK)
		}
	}
}

// TestServeKattisPackages serves the hand-written packages beside the
// built-in problems, with a worker in another process given the same
// --problems: the problem list shows them and submissions are judged
// with each package's own checker (pair's output validator included).
func TestServeKattisPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts a server and a worker")
	}
	needSandbox(t)
	c := newCluster(t, buildJudge(t))
	pkgs, err := filepath.Abs(packages)
	if err != nil {
		t.Fatal(err)
	}
	c.serveArgs = append(c.serveArgs, "--problems", pkgs)
	c.serve()
	startProc(t, c.bin, filepath.Join(c.dir, "worker.log"), "worker", "--nats", "nats://"+c.nats,
		"--token-file", c.token, "--name", "w", "--parallel", "1", "--problems", pkgs)

	resp, err := c.client.Get("http://" + c.http + "/api/problems")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct{ ID, Name string }
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, p := range list {
		ids[p.ID] = p.Name
	}
	if ids["pair"] != "Any pair" || ids["sum"] != "Sum of two" || ids["poj2676"] == "" {
		t.Errorf("problems %v", ids)
	}

	want := map[string]string{}
	for problem, sub := range map[string]struct{ src, verdict string }{
		"pair":  {"n = int(input())\nprint(1, n - 1)\n", "AC"},
		"sum":   {"print(sum(map(int, input().split())) + 1)\n", "WA"},
		"greet": {"print('Hello, ' + input() + '!')\n", "AC"},
	} {
		body, _ := json.Marshal(map[string]string{"problem": problem, "language": "python", "source": sub.src})
		resp, err := c.client.Post("http://"+c.http+"/api/submissions", "application/json", strings.NewReader(string(body)))
		if err != nil {
			t.Fatal(err)
		}
		var r struct{ ID string }
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil || r.ID == "" {
			t.Fatalf("POST %s: %s, %v", problem, resp.Status, err)
		}
		want[r.ID] = problem + " " + sub.verdict
	}
	subs := c.waitDone(len(want), 2*time.Minute)
	for id, w := range want {
		problem, _, _ := strings.Cut(w, " ")
		if got := problem + " " + subs[id].Verdict; got != w || subs[id].Worker == "" {
			t.Errorf("submission %s: %s by %q, want %s", id, got, subs[id].Worker, w)
		}
	}
}

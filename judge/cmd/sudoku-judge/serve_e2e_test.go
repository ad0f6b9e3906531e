package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/internal/testenv"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// Programs for poj2676 ("t" grids of 9 lines of digits, 0 for empty),
// judged on its headline group only, the e2e tests' cheap workload.
const (
	acC = `#include <stdio.h>
static int g[81], used[27]; /* digit bits used by each row, column and box */
static int box(int i) { return 18 + i / 27 * 3 + i % 9 / 3; }
static void flip(int i, int d) {
	used[i / 9] ^= 1 << d; used[9 + i % 9] ^= 1 << d; used[box(i)] ^= 1 << d;
}
static int solve(void) {
	int best = -1, bestFree = 0, fewest = 10;
	for (int i = 0; i < 81; i++) {
		if (g[i]) continue;
		int free = ~(used[i / 9] | used[9 + i % 9] | used[box(i)]) & 0x3fe, n = 0;
		for (int f = free; f; f &= f - 1) n++;
		if (n < fewest) { best = i; bestFree = free; fewest = n; }
	}
	if (best < 0) return 1;
	for (int d = 1; d <= 9; d++) {
		if (!(bestFree >> d & 1)) continue;
		g[best] = d; flip(best, d);
		if (solve()) return 1;
		flip(best, d); g[best] = 0;
	}
	return 0;
}
int main(void) {
	int t;
	if (scanf("%d", &t) != 1) return 1;
	while (t-- > 0) {
		for (int i = 0; i < 27; i++) used[i] = 0;
		for (int i = 0; i < 81; i++) {
			if (scanf(" %1d", &g[i]) != 1) return 1;
			if (g[i]) flip(i, g[i]);
		}
		solve();
		for (int i = 0; i < 81; i++) printf(i % 9 == 8 ? "%d\n" : "%d", g[i]);
	}
	return 0;
}
`
	acPy = `import sys

def solve(g, rows, cols, boxes):
    best, options = -1, None
    for i in range(81):
        if g[i] == 0:
            free = [d for d in range(1, 10) if not (rows[i // 9] >> d & 1 or cols[i % 9] >> d & 1 or boxes[i // 27 * 3 + i % 9 // 3] >> d & 1)]
            if best < 0 or len(free) < len(options):
                best, options = i, free
                if len(free) < 2:
                    break
    if best < 0:
        return True
    r, c, b = best // 9, best % 9, best // 27 * 3 + best % 9 // 3
    for d in options:
        g[best] = d
        rows[r] ^= 1 << d; cols[c] ^= 1 << d; boxes[b] ^= 1 << d
        if solve(g, rows, cols, boxes):
            return True
        rows[r] ^= 1 << d; cols[c] ^= 1 << d; boxes[b] ^= 1 << d
    g[best] = 0
    return False

words = sys.stdin.read().split()
out = []
for k in range(int(words[0])):
    g = [int(ch) for ch in "".join(words[1 + 9 * k:10 + 9 * k])]
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, d in enumerate(g):
        if d:
            rows[i // 9] |= 1 << d; cols[i % 9] |= 1 << d; boxes[i // 27 * 3 + i % 9 // 3] |= 1 << d
    solve(g, rows, cols, boxes)
    out += ["".join(map(str, g[r * 9:r * 9 + 9])) for r in range(9)]
print("\n".join(out))
`
	waPy  = "import sys\nw = sys.stdin.read().split()\nprint(\"\\n\".join(w[1:]))\n"
	tlePy = "while True:\n    pass\n"
	cePy  = "def main(:\n    pass\n"
	rePy  = "raise SystemExit(3)\n"
	ceC   = "int main(void) { return undeclared; }\n"
)

// A submission is a program the e2e tests send and the verdict it must get.
type submission struct {
	name, language, source, verdict string
}

// e2ePrograms returns the 40 programs the e2e tests' submissions cycle
// through: mostly cheap ones (Python needs no compiler), with a few C
// programs and a few from the sandbox's hostile suite.
func e2ePrograms(t *testing.T) []submission {
	t.Helper()
	hostile := func(name, verdict string) submission {
		b, err := os.ReadFile(filepath.Join("..", "..", "sandbox", "testdata", "hostile", name))
		if err != nil {
			t.Fatal(err)
		}
		return submission{"hostile/" + name, "c", string(b), verdict}
	}
	var ps []submission
	add := func(n int, p submission) {
		for range n {
			ps = append(ps, p)
		}
	}
	add(14, submission{"ac.py", "python", acPy, "AC"})
	add(10, submission{"wa.py", "python", waPy, "WA"})
	add(4, submission{"ce.py", "python", cePy, "CE"})
	add(2, submission{"re.py", "python", rePy, "RE"})
	add(2, submission{"tle.py", "python", tlePy, "TLE"})
	add(2, submission{"ac.c", "c", acC, "AC"})
	add(1, submission{"ce.c", "c", ceC, "CE"})
	ps = append(ps,
		hostile("forkstorm.c", "WA"),
		hostile("network.c", "WA"),
		hostile("killall.c", "WA"),
		hostile("flood.c", "OLE"),
		hostile("incbin-shadow.compile.c", "CE"),
	)
	return ps
}

// A judgeProc is one sudoku-judge process the e2e tests start and kill.
type judgeProc struct {
	cmd *exec.Cmd
	log *os.File
}

func startProc(t testing.TB, bin, logPath string, args ...string) *judgeProc {
	t.Helper()
	f, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &judgeProc{cmd: cmd, log: f}
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		p.cmd.Wait()
		f.Close()
		if t.Failed() || os.Getenv("E2E_LOGS") != "" {
			b, _ := os.ReadFile(logPath)
			t.Logf("%s %s:\n%s", filepath.Base(bin), args[0], tail(b, 4000))
		}
	})
	return p
}

// kill sends sig and waits for the process to end, returning its exit error.
func (p *judgeProc) kill(t testing.TB, sig syscall.Signal) error {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	return p.cmd.Wait()
}

func tail(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func buildJudge(t testing.TB) string {
	t.Helper()
	goTool := testenv.NeedCommand(t, "go")
	bin := filepath.Join(t.TempDir(), "sudoku-judge")
	out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// A cluster is a serve and its workers, all separate processes.
type cluster struct {
	t          testing.TB
	bin, dir   string
	http, nats string
	admin      string // the admin token
	token      string // the file of the workers' token
	serveArgs  []string
	client     *http.Client
}

func newCluster(t testing.TB, bin string) *cluster {
	t.Helper()
	c := &cluster{t: t, bin: bin, dir: t.TempDir(), http: freeAddr(t), nats: freeAddr(t), admin: "admin-" + randomHex(t),
		client: &http.Client{Timeout: 10 * time.Second}}
	c.token = c.secretFile("worker-token", "worker-"+randomHex(t))
	c.serveArgs = []string{"serve", "--addr", c.http, "--data", filepath.Join(c.dir, "data"), "--workers", "0",
		"--nats-listen", c.nats, "--token-file", c.token, "--admin-token-file", c.secretFile("admin-token", c.admin),
		"--headline", "--time-limit", "500ms", "--rate", "100000", "--burst", "100000", "--max-pending", "0"}
	return c
}

// secretFile writes secret to a file of the cluster's, readable by its
// owner only, and returns its path.
func (c *cluster) secretFile(name, secret string) string {
	c.t.Helper()
	path := filepath.Join(c.dir, name)
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		c.t.Fatal(err)
	}
	return path
}

func randomHex(t testing.TB) string {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b[:])
}

// serve starts the server and waits until it answers.
func (c *cluster) serve() *judgeProc {
	c.t.Helper()
	p := startProc(c.t, c.bin, filepath.Join(c.dir, "serve.log"), c.serveArgs...)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		resp, err := c.client.Get("http://" + c.http + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("serve did not answer /healthz: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (c *cluster) worker(name string, parallel int) *judgeProc {
	c.t.Helper()
	return startProc(c.t, c.bin, filepath.Join(c.dir, name+".log"), "worker", "--nats", "nats://"+c.nats,
		"--token-file", c.token, "--name", name, "--parallel", fmt.Sprint(parallel))
}

// submit posts p and returns its id.
func (c *cluster) submit(p submission) string {
	c.t.Helper()
	resp, body := c.post(p)
	var r struct{ ID, Status string }
	if err := json.Unmarshal([]byte(body), &r); err != nil || resp.StatusCode != http.StatusCreated || r.ID == "" {
		c.t.Fatalf("POST %s: %s %s %v", p.name, resp.Status, body, err)
	}
	return r.ID
}

// post submits p and returns the answer, whatever it is.
func (c *cluster) post(p submission) (*http.Response, string) {
	c.t.Helper()
	body, _ := json.Marshal(map[string]string{"problem": "poj2676", "language": p.language, "source": p.source})
	resp, err := c.client.Post("http://"+c.http+"/api/submissions", "application/json", bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

type listed struct {
	ID, Status, Verdict, Worker string
	Attempt                     int
	Created                     time.Time  `json:"created_at"`
	Judged                      *time.Time `json:"judged_at"`
}

// list returns every submission by id, as the admin sees them; a server
// that is down gives an error.
func (c *cluster) list() (map[string]listed, error) {
	req, _ := http.NewRequest(http.MethodGet, "http://"+c.http+"/api/submissions", nil)
	req.Header.Set("Authorization", "Bearer "+c.admin)
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		return nil, fmt.Errorf("GET /api/submissions: %s %s", resp.Status, b)
	}
	var subs []listed
	if err := json.NewDecoder(resp.Body).Decode(&subs); err != nil {
		return nil, err
	}
	m := make(map[string]listed, len(subs))
	for _, s := range subs {
		m[s.ID] = s
	}
	return m, nil
}

// waitDone waits until at least n submissions are done and returns them.
func (c *cluster) waitDone(n int, within time.Duration) map[string]listed {
	c.t.Helper()
	deadline := time.Now().Add(within)
	for {
		subs, err := c.list()
		done := 0
		for _, s := range subs {
			if s.Status == store.Done {
				done++
			}
		}
		if err == nil && done >= n {
			return subs
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%d of %d submissions done after %v (last error: %v)", done, n, within, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestServeSurvivesKills is issue 14's durability test: 200 submissions
// through the API to a serve with two worker processes; one worker and
// then the server are killed with SIGKILL mid-run, the server restarts on
// the same data, and every submission must end with its verdict and
// exactly one stored result.
func TestServeSurvivesKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and judges 200 programs (about a minute)")
	}
	needSandbox(t)
	c := newCluster(t, buildJudge(t))
	srv := c.serve()
	w1 := c.worker("w1", 2)
	w2 := c.worker("w2", 2)

	progs := e2ePrograms(t)
	want := map[string]submission{}
	for i := range 200 {
		p := progs[i%len(progs)]
		want[c.submit(p)] = p
	}

	start := time.Now()
	c.waitMetric("sudoku_judge_workers 4", time.Minute) // two processes of two
	c.waitDone(30, 3*time.Minute)
	t.Logf("%v: 30 done; killing w1", time.Since(start))
	if err := w1.kill(t, syscall.SIGKILL); err == nil {
		t.Fatal("worker w1 survived SIGKILL")
	}
	// w1's heartbeats stop: within three intervals (15 s) it is not
	// counted any more.
	c.waitMetric("sudoku_judge_workers 2", 30*time.Second)
	c.waitDone(80, 3*time.Minute)
	t.Logf("%v: 80 done; killing serve", time.Since(start))
	if err := srv.kill(t, syscall.SIGKILL); err == nil {
		t.Fatal("serve survived SIGKILL")
	}
	// Down a while, so that workers finish jobs with no server to take
	// their results: they must keep them until it is back.
	time.Sleep(3 * time.Second)
	srv = c.serve()
	t.Logf("%v: serve restarted", time.Since(start))
	subs := c.waitDone(len(want), 4*time.Minute)
	t.Logf("%v: all done", time.Since(start))

	// SIGTERM drains: both end cleanly, with nothing left to do.
	if err := srv.kill(t, syscall.SIGTERM); err != nil {
		t.Errorf("serve after SIGTERM: %v", err)
	}
	if err := w2.kill(t, syscall.SIGTERM); err != nil {
		t.Errorf("worker w2 after SIGTERM: %v", err)
	}

	st, err := store.Open(filepath.Join(c.dir, "data"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	byWorker := map[string]int{}
	for id, p := range want {
		s, ok := subs[id]
		if !ok {
			t.Errorf("%s (%s) missing from the list", id, p.name)
			continue
		}
		byWorker[s.Worker]++
		if s.Verdict != p.verdict || s.Attempt != 1 {
			t.Errorf("%s (%s): verdict %s attempt %d, want %s attempt 1", id, p.name, s.Verdict, s.Attempt, p.verdict)
		}
		n, err := st.ResultCount(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("%s (%s): %d stored results, want 1", id, p.name, n)
		}
	}
	if depth, err := st.QueueDepth(ctx); err != nil || depth != 0 {
		t.Errorf("queue depth %d (%v) at the end, want 0", depth, err)
	}
	t.Logf("judged by: %v", byWorker)
	if byWorker["w1-1"]+byWorker["w1-2"] == 0 || byWorker["w2-1"]+byWorker["w2-2"] == 0 {
		t.Errorf("judged by %v: want both workers to have judged some", byWorker)
	}
}

// TestDrainOnSIGTERM checks that SIGTERM lets a worker, serve's own or
// a worker process, finish the submission it is judging and the result
// be stored, rather than leave it to be judged again.
func TestDrainOnSIGTERM(t *testing.T) {
	needSandbox(t)
	bin := buildJudge(t)
	tests := []struct {
		name  string
		local bool // serve's own worker; else a worker process
	}{
		{"serve", true},
		{"worker", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCluster(t, bin)
			if tt.local {
				for i, a := range c.serveArgs {
					if a == "--workers" {
						c.serveArgs[i+1] = "1"
					}
				}
			}
			srv := c.serve()
			stopped := srv
			if !tt.local {
				stopped = c.worker("w1", 1)
			}
			slow := submission{"tle.py", "python", tlePy, "TLE"} // two tests of 500 ms CPU each
			id := c.submit(slow)
			c.waitStatus(id, store.Judging)
			if err := stopped.kill(t, syscall.SIGTERM); err != nil {
				t.Fatalf("%s after SIGTERM: %v", tt.name, err)
			}
			if !tt.local {
				// No worker is left: the verdict is the drained one's.
				c.waitStatus(id, store.Done)
				srv.kill(t, syscall.SIGTERM)
			}
			st, err := store.Open(filepath.Join(c.dir, "data"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			sub, err := st.Get(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if sub.Status != store.Done || sub.Verdict != slow.verdict {
				t.Errorf("after SIGTERM: status %s verdict %q, want done %s", sub.Status, sub.Verdict, slow.verdict)
			}
		})
	}
}

// waitMetric waits until serve's /metrics has the line.
func (c *cluster) waitMetric(line string, within time.Duration) {
	c.t.Helper()
	deadline := time.Now().Add(within)
	var body []byte
	for {
		resp, err := c.client.Get("http://" + c.http + "/metrics")
		if err == nil {
			body, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			if bytes.Contains(body, []byte("\n"+line+"\n")) {
				return
			}
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("/metrics lacks %q after %v: %v\n%s", line, within, err, body)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// waitStatus waits up to a minute for id to reach status.
func (c *cluster) waitStatus(id, status string) {
	c.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		subs, err := c.list()
		if err != nil {
			c.t.Fatal(err)
		}
		s := subs[id]
		if s.Status == status {
			return
		}
		if status == store.Judging && s.Status == store.Done {
			c.t.Fatalf("%s was done before it was seen judging", id)
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("%s is %s after a minute, want %s", id, s.Status, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox/sandboxtest"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/judge/worker"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func TestMain(m *testing.M) {
	if addr := os.Getenv(slowlorisEnv); addr != "" {
		slowloris(addr) // a child of TestHalfOpenConnections
		return
	}
	sandboxtest.Main(m)
}

// A testJudge is a whole judge started in the test: store, queue, HTTP,
// and a worker if asked for.
type testJudge struct {
	*httptest.Server
	Store       *store.Store
	NATS        *queue.Server // the judge's queue, for fake workers
	StartWorker func()
}

// A setup says how to start a testJudge.
type setup struct {
	worker   bool                // start a worker, judging in the sandbox
	token    string              // the workers' token; if set, the queue listens on a loopback port
	problems []problems.Problem  // default: poj3074
	config   func(c *web.Config) // changes to the server's config
}

func startJudge(t *testing.T, opt setup) *testJudge {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	qc := queue.ServerConfig{Dir: filepath.Join(dir, "js"), Token: opt.token}
	if opt.token != "" {
		qc.Listen = "127.0.0.1:0"
	}
	ns, err := queue.StartServer(qc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ns.Shutdown)
	conn, err := ns.Connect(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	probs := opt.problems
	if probs == nil {
		p, err := catalog.Lookup("poj3074")
		if err != nil {
			t.Fatal(err)
		}
		probs = []problems.Problem{p}
	}
	tasks := make([]problems.Task, len(probs))
	for i, p := range probs {
		tasks[i] = p
	}
	hash, err := worker.DataHash(tasks)
	if err != nil {
		t.Fatal(err)
	}
	cfg := web.Config{Store: st, Queue: conn, Problems: tasks, DataHash: hash, TimeLimit: time.Second}
	if opt.config != nil {
		opt.config(&cfg)
	}
	srv, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	tj := &testJudge{Store: st, NATS: ns}
	// StartWorker starts one worker judging in the sandbox.
	tj.StartWorker = func() {
		t.Helper()
		sb, err := sandbox.New(sandbox.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sb.Close() })
		wc, err := ns.ConnectWorker(ctx, "worker")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(wc.Close)
		byID := map[string]problems.Task{}
		for _, p := range probs {
			byID[p.ID()] = p
		}
		w := &worker.Worker{Name: "w1", Conn: wc, Runner: sb, Problems: byID, DataHash: hash}
		go w.Run(ctx, ctx)
	}
	if opt.worker {
		tj.StartWorker()
	}
	t.Cleanup(cancel) // before the connections close
	// Served as serve serves it: its timeouts, its per-client caps.
	tj.Server = httptest.NewUnstartedServer(srv)
	tj.Server.Config = srv.HTTPServer()
	tj.Server.Listener = srv.Listener(tj.Server.Listener)
	tj.Server.Start()
	t.Cleanup(tj.Server.Close)
	return tj
}

// judged stores a result of id's current attempt, as the server does
// when a worker sends one.
func (j *testJudge) judged(t *testing.T, id, worker, verdict string, groups []judge.GroupResult, tests []judge.TestResult) {
	t.Helper()
	ctx := context.Background()
	sub, err := j.Store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := j.Store.SaveResult(ctx, store.Judgement{ID: id, Attempt: sub.Attempt, Secret: sub.Secret, Worker: worker,
		Verdict: verdict, Groups: groups, Tests: tests, At: time.Now()})
	if err != nil || !stored {
		t.Fatalf("storing a result of %s: %v %v", id, stored, err)
	}
}

func TestSubmissionsReachTheirVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("judges real programs in the sandbox")
	}
	// The headline group only: the extended groups' hard puzzles make
	// even a good program's verdict depend on the machine's load.
	hs := startJudge(t, setup{worker: true, config: func(c *web.Config) { c.Headline = true }}).Server
	cases := []struct{ file, lang, want, compiled string }{
		{"ac.c", "c", "AC", ""},
		{"wa.c", "c", "WA", ""},
		{"syntax.c", "c", "CE", ""},
		{"loop.c", "c", "TLE", ""},
		// Accepted on POJ, compiled only as POJ's G++ did; the default's
		// error, which quotes the source, is the author's alone.
		{"original/poj3074/AC-dlx-gets.cpp", "c++", "AC", "compiled as gnu++98, POJ's G++ (MinGW GCC 4.4.0)"},
	}
	ids, tokens := map[string]string{}, map[string]string{}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join("..", "program", "testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(map[string]string{"problem": "poj3074", "language": c.lang, "source": string(src)})
		resp, err := http.Post(hs.URL+"/api/submissions", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ ID, Status, Token string }
		json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated || got.Status != "queued" || len(got.ID) != 32 {
			t.Fatalf("%s: POST = %d %+v, want 201 queued with a 32-hex id", c.file, resp.StatusCode, got)
		}
		ids[c.file], tokens[c.file] = got.ID, got.Token
	}
	deadline := time.Now().Add(3 * time.Minute)
	for _, c := range cases {
		for {
			resp, err := http.Get(hs.URL + "/api/submissions/" + ids[c.file])
			if err != nil {
				t.Fatal(err)
			}
			var sub struct {
				Status, Verdict, Source, Compiled string
				Tests                             []map[string]any
			}
			json.NewDecoder(resp.Body).Decode(&sub)
			resp.Body.Close()
			if sub.Status == "done" {
				if sub.Verdict != c.want || len(sub.Tests) == 0 {
					t.Errorf("%s: verdict %s with %d tests, want %s", c.file, sub.Verdict, len(sub.Tests), c.want)
				}
				if sub.Source != "" {
					t.Errorf("%s: the source was shown to a client without the author's token", c.file)
				}
				if sub.Compiled != c.compiled {
					t.Errorf("%s: compiled %q, want %q", c.file, sub.Compiled, c.compiled)
				}
				if c.compiled != "" {
					req, _ := http.NewRequest("GET", hs.URL+"/api/submissions/"+ids[c.file], nil)
					req.Header.Set("X-Judge-Token", tokens[c.file])
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					var mine struct{ Compiled string }
					json.NewDecoder(resp.Body).Decode(&mine)
					resp.Body.Close()
					if !strings.HasPrefix(mine.Compiled, c.compiled+"; as gnu++17: ") || !strings.Contains(mine.Compiled, "'gets' was not declared") {
						t.Errorf("%s: its author sees compiled %q, want %q with the default's error", c.file, mine.Compiled, c.compiled)
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: still %s after 3 minutes", c.file, sub.Status)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func TestRefusals(t *testing.T) {
	hs := startJudge(t, setup{}).Server
	big := bytes.Repeat([]byte("x"), 70<<10)
	cases := []struct {
		name string
		body map[string]string
		want int
	}{
		{"unknown problem", map[string]string{"problem": "nope", "language": "c", "source": "int main(){}"}, http.StatusBadRequest},
		{"unknown language", map[string]string{"problem": "poj3074", "language": "cobol", "source": "x"}, http.StatusBadRequest},
		{"empty source", map[string]string{"problem": "poj3074", "language": "c", "source": " "}, http.StatusBadRequest},
		{"source too large", map[string]string{"problem": "poj3074", "language": "c", "source": string(big)}, http.StatusRequestEntityTooLarge},
	}
	for _, c := range cases {
		body, _ := json.Marshal(c.body)
		resp, err := http.Post(hs.URL+"/api/submissions", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d, want %d", c.name, resp.StatusCode, c.want)
		}
	}
}

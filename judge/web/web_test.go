package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/sandbox"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/judge/worker"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func TestMain(m *testing.M) {
	if sandbox.IsHelper() {
		sandbox.RunHelper()
	}
	os.Exit(m.Run())
}

// judgeServer starts a whole judge in the test: store, queue, one worker, HTTP.
func judgeServer(t *testing.T) *httptest.Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	dir := t.TempDir()
	st, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ns, err := queue.StartServer(queue.ServerConfig{Dir: filepath.Join(dir, "js")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ns.Shutdown)
	conn, err := ns.Connect(ctx, "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(conn.Close)
	p, err := catalog.Lookup("poj3074")
	if err != nil {
		t.Fatal(err)
	}
	probs := []problems.Problem{p}
	hash, err := worker.DataHash(probs)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(web.Config{Store: st, Queue: conn, Problems: probs, DataHash: hash, TimeLimit: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	wc, err := ns.Connect(ctx, "worker")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(wc.Close)
	w := &worker.Worker{Name: "w1", Conn: wc, Runner: sb, Problems: map[string]problems.Problem{p.ID(): p}, DataHash: hash}
	go w.Run(ctx, ctx)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return hs
}

func TestSubmissionsReachTheirVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("judges real programs in the sandbox")
	}
	hs := judgeServer(t)
	cases := []struct{ file, lang, want string }{
		{"ac.c", "c", "AC"},
		{"wa.c", "c", "WA"},
		{"syntax.c", "c", "CE"},
		{"loop.c", "c", "TLE"},
	}
	ids := map[string]string{}
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
		var got struct{ ID, Status string }
		json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated || got.Status != "queued" || len(got.ID) != 32 {
			t.Fatalf("%s: POST = %d %+v, want 201 queued with a 32-hex id", c.file, resp.StatusCode, got)
		}
		ids[c.file] = got.ID
	}
	deadline := time.Now().Add(3 * time.Minute)
	for _, c := range cases {
		for {
			resp, err := http.Get(hs.URL + "/api/submissions/" + ids[c.file])
			if err != nil {
				t.Fatal(err)
			}
			var sub struct {
				Status, Verdict, Source string
				Tests                   []map[string]any
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
	hs := judgeServer(t)
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
	// A cross-site form post is refused before anything is stored.
	req, _ := http.NewRequest("POST", hs.URL+"/submit", bytes.NewReader([]byte("problem=poj3074&language=c&source=x")))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-site form post: status %d, want 403", resp.StatusCode)
	}
	// Rejudge needs the admin token.
	resp, err = http.Post(hs.URL+"/api/submissions/x/rejudge", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("rejudge without the admin token: status %d, want 403", resp.StatusCode)
	}
}

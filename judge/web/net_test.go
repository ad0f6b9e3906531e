package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/connlimit"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
)

// slowlorisEnv, set to the server's address, makes the test binary a
// slowloris (see slowloris), started by TestHalfOpenConnections.
const slowlorisEnv = "SUDOKU_JUDGE_TEST_SLOWLORIS"

// slowloris opens $SUDOKU_JUDGE_TEST_SLOWLORIS_N connections from
// 127.0.0.2 to addr, each sending the start of a POST and then nothing,
// prints how many it opened, and keeps them open until its stdin closes.
// A process of its own, so that its sockets count against its own
// open-file limit and not the server's.
func slowloris(addr string) {
	n, _ := strconv.Atoi(os.Getenv(slowlorisEnv + "_N"))
	var (
		opened, failed atomic.Int64
		next           atomic.Int64
		mu             sync.Mutex
		conns          []net.Conn
		wg             sync.WaitGroup
	)
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, Timeout: 5 * time.Second}
	half := "POST /api/submissions HTTP/1.1\r\nHost: judge\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"source\":\""
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				c, err := d.Dial("tcp", addr)
				if err != nil {
					failed.Add(1)
					continue
				}
				opened.Add(1)
				io.WriteString(c, half) // fails on a connection the server closed
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	fmt.Printf("opened %d failed %d\n", opened.Load(), failed.Load())
	io.Copy(io.Discard, os.Stdin)
}

// TestHalfOpenConnections is the slowloris: 20,000 connections
// from one client (two processes at 127.0.0.2, 10,000 each), each sending
// the start of a POST and then nothing, while /healthz is asked from
// 127.0.0.1 every 50 ms: it must answer every time, 19 times in 20 within
// a second (one slow probe in twenty is the machine's load, not the
// attack: without the cap, probes time out), and the attacker must never
// hold more than its cap of connections.
func TestHalfOpenConnections(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 20,000 connections")
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs loopback addresses other than 127.0.0.1 (Linux routes all of 127/8)")
	}
	const (
		cap       = 64
		processes = 2
		each      = 10000
	)
	j := startJudge(t, setup{config: func(c *web.Config) { c.Limits.ConnsPerClient = cap }})
	ln := j.Listener.(*connlimit.Listener)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type attacker struct {
		cmd   *exec.Cmd
		stdin io.WriteCloser
		out   *bufio.Reader
	}
	var attackers []attacker
	for range processes {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), slowlorisEnv+"="+j.Listener.Addr().String(), fmt.Sprintf("%s_N=%d", slowlorisEnv, each))
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		attackers = append(attackers, attacker{cmd, stdin, bufio.NewReader(stdout)})
	}
	t.Cleanup(func() {
		for _, a := range attackers {
			a.stdin.Close()
			a.cmd.Wait()
		}
	})
	reports := make(chan string, processes)
	for _, a := range attackers {
		go func() {
			line, err := a.out.ReadString('\n')
			if err != nil {
				line = "the attacker failed: " + err.Error()
			}
			reports <- strings.TrimSpace(line)
		}()
	}

	// The prober, from 127.0.0.1, throughout the attack and a second past.
	probe := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	var (
		slowest      time.Duration
		slow         int // probes over a second
		probes       int
		maxHeld      int
		said         []string
		ended        time.Time // when the attackers had opened all they could
		start        = time.Now()
		attackerAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}
	)
	for ended.IsZero() || time.Since(ended) < time.Second {
		select {
		case r := <-reports:
			said = append(said, r)
			if len(said) == processes {
				ended = time.Now()
			}
		case <-time.After(50 * time.Millisecond):
		}
		if time.Since(start) > 2*time.Minute {
			t.Fatalf("the attackers did not finish within 2 minutes: %q", said)
		}
		t0 := time.Now()
		resp, err := probe.Get(j.URL + "/healthz")
		took := time.Since(t0)
		if err != nil {
			t.Fatalf("/healthz during the attack: %v", err)
		}
		resp.Body.Close()
		probes++
		slowest = max(slowest, took)
		if took > time.Second {
			slow++
		}
		maxHeld = max(maxHeld, ln.Open(attackerAddr))
	}
	t.Logf("%d connections tried by %d processes in %v (%s); the server refused %d; %d probes of /healthz, %d over 1 s, the slowest %v; the attacker held at most %d",
		processes*each, processes, ended.Sub(start).Round(time.Millisecond), strings.Join(said, ", "), ln.Refused(), probes, slow, slowest.Round(time.Millisecond), maxHeld)
	if slow*20 > probes {
		t.Errorf("/healthz took over 1 s in %d of %d probes during the attack (the slowest %v), want 1 in 20 at most", slow, probes, slowest)
	}
	if maxHeld > cap {
		t.Errorf("the attacker held %d connections, over its cap of %d", maxHeld, cap)
	}
	if ln.Refused() < processes*each/2 {
		t.Errorf("the server refused only %d of %d connections: the cap is not at work", ln.Refused(), processes*each)
	}
}

// TestTimeouts checks the server's timeouts: a client too slow to send
// its headers or its body is cut off, headers over the limit are refused,
// and a live page's event stream outlives them all.
func TestTimeouts(t *testing.T) {
	const limit = 500 * time.Millisecond
	j := startJudge(t, setup{config: func(c *web.Config) {
		c.Limits.HeaderTimeout, c.Limits.ReadTimeout, c.Limits.WriteTimeout = limit, 2*limit, 2*limit
	}})
	addr := j.Listener.Addr().String()

	// cut sends part of a request and reports whether the server closes
	// the connection within 4 × the limit.
	cut := func(part string) bool {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		io.WriteString(c, part)
		c.SetReadDeadline(time.Now().Add(4 * limit))
		_, err = io.Copy(io.Discard, c) // until the server closes it
		return err == nil
	}
	if !cut("GET /healthz HTTP/1.1\r\nHost: judge\r\n") {
		t.Error("a client that never ends its headers was not cut off")
	}
	if !cut("POST /api/submissions HTTP/1.1\r\nHost: judge\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{") {
		t.Error("a client that never ends its body was not cut off")
	}
	req, _ := http.NewRequest("GET", j.URL+"/healthz", nil)
	req.Header.Set("X-Big", strings.Repeat("x", 64<<10))
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: %v %v, want 431", resp, err)
	}

	// A live page: still hearing events long after every timeout.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	id, secret := queued(t, j)
	events := watch(t, ctx, j.URL+"/api/submissions/"+id+"/events")
	if e := next(t, events); e.kind != "status" {
		t.Fatalf("first event %+v, want the status", e)
	}
	time.Sleep(6 * limit)
	w, err := j.NATS.ConnectWorker(ctx, "fake")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.PublishProgress(queue.Progress{ID: id, Attempt: 1, Secret: secret, Worker: "fake", Run: "r1"})
	if e := next(t, events); e.kind != "status" || !strings.Contains(e.data, "judging") {
		t.Errorf("after %v the stream said %+v, want the status judging", 6*limit, e)
	}
}

// queued submits a program and returns its id and its attempt's secret.
func queued(t *testing.T, j *testJudge) (id, secret string) {
	t.Helper()
	resp, body := newBrowser(t, j.URL).postJSON("/api/submissions", map[string]string{"problem": "poj3074", "language": "c", "source": acC})
	var sub struct{ ID string }
	if err := json.Unmarshal([]byte(body), &sub); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("submitting: %d %s", resp.StatusCode, body)
	}
	stored, err := j.Store.Get(context.Background(), sub.ID)
	if err != nil {
		t.Fatal(err)
	}
	return sub.ID, stored.Secret
}

// TestStreamsPerClient checks the cap on live pages: per address when not
// logged in, per account when logged in, and a closed page makes room.
func TestStreamsPerClient(t *testing.T) {
	j := startJudge(t, setup{config: func(c *web.Config) { c.Limits.StreamsPerClient, c.Accounts = 2, headerAccounts{} }})
	id, _ := queued(t, j)
	open := func(user string) (int, func()) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", j.URL+"/api/submissions/"+id+"/events", nil)
		if user != "" {
			req.Header.Set("X-Test-User", user)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode == http.StatusOK {
			bufio.NewReader(resp.Body).ReadString('\n') // the stream is open
		}
		return resp.StatusCode, func() { cancel(); resp.Body.Close() }
	}
	steps := []struct {
		name, user string
		want       int
	}{
		{"anonymous 1", "", 200},
		{"anonymous 2", "", 200},
		{"anonymous 3, over the address's cap", "", 429},
		{"alice 1, from the same address", "alice", 200},
		{"alice 2", "alice", 200},
		{"alice 3, over her cap", "alice", 429},
		{"bob 1", "bob", 200},
	}
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for _, s := range steps {
		code, closer := open(s.user)
		closers = append(closers, closer)
		if code != s.want {
			t.Errorf("%s: status %d, want %d", s.name, code, s.want)
		}
	}
	closers[0]() // anonymous 1 leaves
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, closer := open("")
		closers = append(closers, closer)
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed page did not make room for another: %d", code)
		}
	}
	code, closer := open("")
	closers = append(closers, closer)
	if code != http.StatusTooManyRequests {
		t.Errorf("after the room was taken: %d, want 429", code)
	}
}

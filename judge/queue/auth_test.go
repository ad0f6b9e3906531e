package queue

import (
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// listening starts a server with a network listener and the workers'
// token; it ends with the test.
func listening(t *testing.T, token string) (*Server, string) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	s, err := StartServer(ServerConfig{Dir: t.TempDir(), Listen: addr, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s, "nats://" + addr
}

// violations collects the permission errors the server sends a connection.
type violations struct {
	mu   sync.Mutex
	errs []string
}

func (v *violations) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.errs = append(v.errs, err.Error())
}

// wait returns whether a violation naming subject arrives within a second.
func (v *violations) wait(subject string) bool {
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		v.mu.Lock()
		for _, e := range v.errs {
			if strings.Contains(e, subject) {
				v.mu.Unlock()
				return true
			}
		}
		v.mu.Unlock()
	}
	return false
}

// TestWhoMayConnect checks the queue's authentication: a worker needs the
// token and a key it proves it holds; the judge server's own user needs
// the password made at start.
func TestWhoMayConnect(t *testing.T) {
	_, url := listening(t, "worker-secret")
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	other, _ := nkeys.CreateUser()
	cases := []struct {
		name string
		opts []nats.Option
		ok   bool
	}{
		{"nothing", nil, false},
		{"the token alone", []nats.Option{nats.Token("worker-secret")}, false},
		{"a key alone", []nats.Option{nats.Nkey(pub, kp.Sign)}, false},
		{"a wrong token and a key", []nats.Option{nats.Token("worker-secre"), nats.Nkey(pub, kp.Sign)}, false},
		{"the token and a key signed by another", []nats.Option{nats.Token("worker-secret"), nats.Nkey(pub, other.Sign)}, false},
		{"the server's user with a guessed password", []nats.Option{nats.UserInfo(serverUser, "")}, false},
		{"the token and a key", []nats.Option{nats.Token("worker-secret"), nats.Nkey(pub, kp.Sign)}, true},
	}
	for _, c := range cases {
		nc, err := nats.Connect(url, c.opts...)
		if (err == nil) != c.ok {
			t.Errorf("%s: connected %v (%v), want %v", c.name, err == nil, err, c.ok)
		}
		if err == nil {
			nc.Close()
		}
	}
	if _, err := Dial(t.Context(), url, "worker-secret", "w"); err != nil {
		t.Errorf("Dial with the token: %v", err)
	}
	if _, err := Dial(t.Context(), url, "nope", "w"); err == nil {
		t.Error("Dial with a wrong token connected")
	}
}

// TestWorkersMayOnlyJudge checks a worker's least privilege with what the
// issue's attacker, holding a stolen worker token, tried: it may take a
// job, report on it and publish a result, and nothing else: no reading
// the jobs or results streams, another worker's inbox (where its jobs and
// their secrets arrive) or every inbox, no publishing jobs, no managing
// streams, no answering for another worker's job.
func TestWorkersMayOnlyJudge(t *testing.T) {
	s, url := listening(t, "worker-secret")
	srv, err := s.Connect(t.Context(), "serve")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for i := 1; i <= 2; i++ {
		if err := srv.Enqueue(t.Context(), Job{ID: fmt.Sprint("a", i), Attempt: 1, Secret: fmt.Sprint("s", i), Source: "x"}); err != nil {
			t.Fatal(err)
		}
	}
	// A worker takes a1 and keeps it.
	victim, err := Dial(t.Context(), url, "worker-secret", "victim")
	if err != nil {
		t.Fatal(err)
	}
	defer victim.Close()
	jobs, err := victim.Jobs(t.Context())
	if err != nil {
		t.Fatalf("a worker cannot bind to the jobs consumer: %v", err)
	}
	d, err := jobs.Next(t.Context(), 5*time.Second)
	if err != nil || d == nil || d.Job.ID != "a1" || d.Job.Secret != "s1" {
		t.Fatalf("a worker cannot take a job: %+v, %v", d, err)
	}
	if err := d.InProgress(); err != nil {
		t.Errorf("a worker cannot report progress on its job: %v", err)
	}

	// The attacker: a connection with the token and its own key.
	var v violations
	kp, _ := nkeys.CreateUser()
	pub, _ := kp.PublicKey()
	victimKey := strings.TrimPrefix(victim.nc.Opts.InboxPrefix, workerInbox(""))
	nc, err := nats.Connect(url, nats.Token("worker-secret"), nats.Nkey(pub, kp.Sign), nats.CustomInboxPrefix(workerInbox(pub)), nats.ErrorHandler(v.handler))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	for _, subject := range []string{
		jobsSubject, resultsSubject, progressPrefix + "a1", heartbeatSubject, ">", "_INBOX.>", workerInbox("") + ">",
		workerInbox(victimKey) + ".>", "$JS.API.>", "$JS.ACK.>",
	} {
		got := make(chan *nats.Msg, 16)
		if _, err := nc.ChanSubscribe(subject, got); err != nil {
			t.Fatal(err)
		}
		if !v.wait("Subscription to \"" + subject + "\"") {
			t.Errorf("a worker may subscribe to %s", subject)
		}
	}
	for _, p := range []struct{ subject, body string }{
		{jobsSubject, `{"id":"evil","attempt":1}`},
		{"$JS.API.STREAM.INFO." + jobsStream, ""},
		{"$JS.API.STREAM.PURGE." + jobsStream, ""},
		{"$JS.API.STREAM.DELETE." + resultsStream, ""},
		{"$JS.API.STREAM.MSG.GET." + jobsStream, `{"seq":1}`},
		{"$JS.API.DIRECT.GET." + jobsStream, `{"seq":1}`},
		{"$JS.API.CONSUMER.CREATE." + jobsStream + ".spy", `{}`},
		{"$JS.API.CONSUMER.DELETE." + jobsStream + "." + workersConsumer, ""},
		{"$JS.API.CONSUMER.MSG.NEXT." + resultsStream + ".server", `{"batch":1}`},
		{"$JS.ACK." + jobsStream + "." + workersConsumer + ".1.1.1.0.0", "+TERM"},
	} {
		if err := nc.PublishRequest(p.subject, nc.NewRespInbox(), []byte(p.body)); err != nil {
			t.Fatal(err)
		}
		if !v.wait("Publish to \"" + p.subject + "\"") {
			t.Errorf("a worker may publish to %s", p.subject)
		}
	}

	// What a worker may do, the attacker may too: take a job (a2) and
	// answer it.
	ajs, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	att := &Conn{nc: nc, js: ajs}
	ajobs, err := att.Jobs(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	ad, err := ajobs.Next(t.Context(), 5*time.Second)
	if err != nil || ad == nil || ad.Job.ID != "a2" {
		t.Fatalf("the attacker got %+v, %v; want a2 (a1 is the victim's)", ad, err)
	}
	if err := ad.Ack(); err != nil {
		t.Errorf("acknowledging its own job: %v", err)
	}
	// The victim's job is still the victim's to finish.
	if err := d.Ack(); err != nil {
		t.Errorf("the victim's ack after the attack: %v", err)
	}
	if n, err := srv.Pending(t.Context()); err != nil || n != 0 {
		t.Errorf("%d jobs pending (%v) after both acks, want 0", n, err)
	}
}

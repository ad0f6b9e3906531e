package queue

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/internal/diskfree"
)

// Subjects and stream names.
const (
	jobsStream       = "JOBS"
	jobsSubject      = "judge.jobs"
	resultsStream    = "RESULTS"
	resultsSubject   = "judge.results"
	progressPrefix   = "judge.progress."
	heartbeatSubject = "judge.workers"
	workersConsumer  = "workers"
	serverConsumer   = "server"
)

// dedupWindow is how long a job's id and attempt are remembered, so that
// enqueuing it again stores it once. A restarted server enqueues again
// every unfinished submission; JetStream rebuilds its memory of the ids
// from the jobs still stored that are younger than the window, so the
// window must outlast any job's wait in the queue (not 10 minutes: a
// class's backlog, or a server down over lunch, would be judged twice).
const dedupWindow = 24 * time.Hour

// AckWait is how long a job may go without a sign of life from its worker
// before JetStream gives it to another: how long a killed worker's job
// waits. Workers report progress (InProgress) several times within it
// however long the judging, so it can be short; a worker merely slow to
// report costs a second judging, which is stored once.
const AckWait = 5 * time.Second

// A Job asks a worker to judge one attempt of one submission.
type Job struct {
	ID      string `json:"id"`
	Attempt int    `json:"attempt"`
	// Secret is the attempt's: the worker's progress and result must
	// carry it, so that no one who was not handed the job can judge it.
	Secret   string `json:"secret"`
	Problem  string `json:"problem"`
	Language string `json:"language"`
	Source   string `json:"source"`
	DataHash string `json:"data_hash"` // the server's problem data; a worker with other data refuses the job
	// TimeLimitMS, if not zero, replaces the problem's time limit (the
	// server's --time-limit), so every worker judges alike.
	TimeLimitMS int64 `json:"time_limit_ms,omitempty"`
	// Headline, if true, judges only each problem's headline test group
	// (the server's --headline): the original judge's verdict, sooner.
	Headline bool `json:"headline,omitempty"`
}

// A Result is a worker's judgement of one job.
type Result struct {
	ID      string `json:"id"`
	Attempt int    `json:"attempt"`
	Secret  string `json:"secret"` // the job's
	Worker  string `json:"worker"`
	// Verdict is the headline verdict, as test --json's: that of the
	// headline group (the first of Groups) when it was judged.
	Verdict  string              `json:"verdict"`
	Groups   []judge.GroupResult `json:"groups,omitempty"`
	Tests    []judge.TestResult  `json:"tests"`
	JudgedAt time.Time           `json:"judged_at"`
	// Compiled says the program compiled only as the problem's original
	// compiler (judge.Result.Compiled).
	Compiled string `json:"compiled,omitempty"`
}

// A Progress is one event of a job being judged: a run of it started
// (Test nil) or judged its Seq'th test (counting from 1). A run is one
// worker's judging of the job: a job a dead worker left is judged again,
// from its first test, by another run.
type Progress struct {
	ID      string            `json:"id"`
	Attempt int               `json:"attempt"`
	Secret  string            `json:"secret"` // the job's
	Worker  string            `json:"worker"`
	Run     string            `json:"run"`
	Seq     int               `json:"seq,omitempty"`
	Test    *judge.TestResult `json:"test,omitempty"`
}

// HeartbeatInterval is how often a worker says it is alive, judging or
// idle; one not heard from for three intervals is taken for dead.
const HeartbeatInterval = 5 * time.Second

// A Heartbeat is a worker's sign of life.
type Heartbeat struct {
	Worker string `json:"worker"`
	Busy   bool   `json:"busy"` // judging a job now
	Stop   bool   `json:"stop"` // its last: the worker stops
}

// ServerConfig configures the embedded NATS server.
type ServerConfig struct {
	Dir    string // JetStream's storage directory
	Listen string // HOST:PORT for other machines' workers; empty: no network listener at all
	// Token is the secret workers present; required when Listen is set.
	// Without it, only this process's workers (ConnectWorker) can join.
	Token string
	// Log, if not nil, hears of JetStream's restarts, and of the NATS
	// server's warnings and errors (its notices at debug level).
	Log *slog.Logger
}

// A Server is an embedded NATS server with JetStream.
type Server struct {
	ns       *server.Server
	auth     *authenticator
	token    string // workers'
	log      *slog.Logger
	stop     chan struct{}
	stopped  chan struct{}
	restarts atomic.Int64
}

// maxStore bounds what JetStream stores. Without it JetStream would take
// for its bound a part of the room free on the disk when it starts, and
// a judge started (or restarted, see keepJetStream) on a nearly full disk
// would refuse jobs for good once it has room again.
const maxStore = 1 << 40

// StartServer starts the embedded server. Only the judge server's own
// connections (Connect) may do anything; workers (ConnectWorker, Dial)
// may only take jobs and report on them.
func StartServer(cfg ServerConfig) (*Server, error) {
	token := cfg.Token
	if token == "" {
		if cfg.Listen != "" {
			return nil, errors.New("queue: a NATS listener needs a token (--token-file or $SUDOKU_JUDGE_TOKEN): workers must authenticate")
		}
		token = randomHex(24) // for this process's own workers
	}
	auth := newAuthenticator(token)
	opts := &server.Options{
		ServerName:                 "sudoku-judge",
		JetStream:                  true,
		StoreDir:                   cfg.Dir,
		NoSigs:                     true,
		NoLog:                      cfg.Log == nil,
		DontListen:                 cfg.Listen == "",
		MaxPayload:                 8 << 20,
		CustomClientAuthentication: auth,
		AlwaysEnableNonce:          true, // workers sign it with their key
		JetStreamMaxStore:          maxStore,
	}
	if cfg.Listen != "" {
		host, port, err := net.SplitHostPort(cfg.Listen)
		if err != nil {
			return nil, fmt.Errorf("queue: --nats-listen %q: %w", cfg.Listen, err)
		}
		p, err := strconv.Atoi(port)
		if err != nil {
			return nil, fmt.Errorf("queue: --nats-listen %q: bad port", cfg.Listen)
		}
		if p == 0 {
			p = server.RANDOM_PORT // as net.Listen means port 0; NATS would take 4222
		}
		opts.Host, opts.Port = host, p
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	if cfg.Log != nil {
		ns.SetLogger(natsLog{cfg.Log}, false, false)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, errors.New("queue: the embedded NATS server did not start within 10s")
	}
	s := &Server{ns: ns, auth: auth, token: token, log: cfg.Log, stop: make(chan struct{}), stopped: make(chan struct{})}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	go s.keepJetStream(cfg.Dir, time.Second)
	return s, nil
}

// minRoom is the free disk space below which keepJetStream does not try
// to start JetStream again: it would only fail once more.
const minRoom = 1 << 20

// keepJetStream starts JetStream again whenever it is found unhealthy,
// checking every interval until the server shuts down. A write that finds
// the disk full leaves the stream it was for refusing every write after
// (or JetStream stopped) until JetStream starts again, which reloads the
// streams from their files: this brings the queue back once the disk has
// room, without restarting the judge.
func (s *Server) keepJetStream(dir string, interval time.Duration) {
	defer close(s.stopped)
	t := time.NewTicker(interval)
	defer t.Stop()
	down := false // JetStream was found unhealthy
	full := false // the disk was found full: writes may have failed unseen
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		free, ferr := diskfree.Free(dir)
		room := ferr != nil || free >= minRoom
		err := s.healthy()
		switch {
		case err != nil && !down:
			s.log.Error("the queue (JetStream) cannot take writes; starting it again once the disk has room", "err", err)
			down = true
		case !room && !full:
			s.log.Warn("the queue's disk is full; starting the queue (JetStream) again once it has room", "free", free)
		}
		if !room {
			full = true
			continue
		}
		// A write that failed on a full disk may only show at the
		// stream's next write: start again after every full disk.
		if err == nil && !full {
			continue
		}
		if s.ns.JetStreamEnabled() {
			s.ns.ShutdownJetStream()
		}
		if err := s.ns.EnableJetStream(&server.JetStreamConfig{StoreDir: dir, MaxStore: maxStore}); err != nil {
			s.log.Warn("starting the queue (JetStream) again", "err", err)
			continue
		}
		if err := s.healthy(); err != nil {
			s.log.Warn("the queue (JetStream) started again, but still cannot take writes", "err", err)
			continue
		}
		s.restarts.Add(1)
		down, full = false, false
		s.log.Info("the queue (JetStream) started again")
	}
}

// healthy returns nil if JetStream runs and none of its streams has had a
// write fail, else what is wrong.
func (s *Server) healthy() error {
	h := s.ns.Healthz(nil)
	if h.Status == "ok" {
		return nil
	}
	if h.Error != "" {
		return errors.New(h.Error)
	}
	return fmt.Errorf("JetStream is %s", h.Status)
}

// Restarts returns how many times JetStream was started again after it
// stopped.
func (s *Server) Restarts() int64 { return s.restarts.Load() }

// Connect connects the judge server in-process to the embedded server,
// with every permission, and declares the streams and consumers.
func (s *Server) Connect(ctx context.Context, name string) (*Conn, error) {
	nc, err := nats.Connect("", nats.InProcessServer(s.ns), nats.Name(name), nats.UserInfo(serverUser, s.auth.serverPass))
	if err != nil {
		return nil, fmt.Errorf("queue: connect in-process: %w", err)
	}
	c, err := setup(ctx, nc)
	if err != nil {
		return nil, err
	}
	c.srv = s
	return c, nil
}

// ConnectWorker connects a worker in-process, with a worker's permissions
// only, as Dial does over the network.
func (s *Server) ConnectWorker(ctx context.Context, name string) (*Conn, error) {
	return dialWorker("", s.token, name, nats.InProcessServer(s.ns))
}

// ClientURL returns the URL workers on other machines use.
func (s *Server) ClientURL() string { return s.ns.ClientURL() }

// Shutdown stops the server; JetStream's files stay for the next start.
func (s *Server) Shutdown() {
	select {
	case <-s.stop:
	default:
		close(s.stop)
	}
	<-s.stopped
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// Dial connects a worker to a judge's NATS server over the network. It
// has a worker's permissions only: the server must have declared the
// streams (Connect) first.
func Dial(ctx context.Context, url, token, name string) (*Conn, error) {
	return dialWorker(url, token, name, nats.MaxReconnects(-1), nats.ReconnectWait(500*time.Millisecond))
}

// dialWorker connects as a worker: with the token, and with a key pair
// made for this connection, whose public half names the only inbox it may
// read.
func dialWorker(url, token, name string, extra ...nats.Option) (*Conn, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("queue: %w", err)
	}
	opts := append([]nats.Option{nats.Name(name), nats.Token(token), nats.Nkey(pub, kp.Sign), nats.CustomInboxPrefix(workerInbox(pub))}, extra...)
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("queue: connect %s: %w", url, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("queue: %w", err)
	}
	return &Conn{nc: nc, js: js}, nil
}

// A Conn is a connection to the queue.
type Conn struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	srv *Server // the embedded server, for the judge server's own connections
}

// resultsMaxBytes bounds what the results stream keeps: results are
// stored as they come, so it holds little, unless someone with the
// workers' token floods it; then results wait (workers retry) rather
// than fill the disk.
const resultsMaxBytes = 256 << 20

// setup declares the streams and the workers' consumer (idempotently:
// the judge server does at every start).
func setup(ctx context.Context, nc *nats.Conn) (*Conn, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("queue: %w", err)
	}
	c := &Conn{nc: nc, js: js}
	for _, sc := range []jetstream.StreamConfig{
		{Name: jobsStream, Subjects: []string{jobsSubject}, Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: dedupWindow},
		{Name: resultsStream, Subjects: []string{resultsSubject}, Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage, Duplicates: dedupWindow,
			MaxBytes: resultsMaxBytes, Discard: jetstream.DiscardNew},
	} {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			nc.Close()
			return nil, fmt.Errorf("queue: stream %s: %w", sc.Name, err)
		}
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, jobsStream, jetstream.ConsumerConfig{
		Durable:       workersConsumer,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       AckWait,
		MaxAckPending: -1,
	}); err != nil {
		nc.Close()
		return nil, fmt.Errorf("queue: consumer: %w", err)
	}
	return c, nil
}

// Close closes the connection.
func (c *Conn) Close() { c.nc.Close() }

// Drain closes the connection after in-flight messages are handled.
func (c *Conn) Drain() error { return c.nc.Drain() }

func publish(ctx context.Context, js jetstream.JetStream, subject, msgID string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = js.Publish(ctx, subject, b, jetstream.WithMsgID(msgID))
	return err
}

// Enqueue publishes a job. Publishing the same attempt twice within the
// stream's duplicate window stores it once.
func (c *Conn) Enqueue(ctx context.Context, j Job) error {
	if err := publish(ctx, c.js, jobsSubject, fmt.Sprintf("%s/%d", j.ID, j.Attempt), j); err != nil {
		return fmt.Errorf("queue: enqueue %s: %w", j.ID, err)
	}
	return nil
}

// PublishResult publishes a result, once per attempt. Its message id
// holds a hash of the attempt's secret, so that a result published by
// someone who does not know the secret cannot take the real one's id
// and have it dropped as a duplicate.
func (c *Conn) PublishResult(ctx context.Context, r Result) error {
	h := sha256.Sum256([]byte(r.Secret))
	if err := publish(ctx, c.js, resultsSubject, fmt.Sprintf("%s/%d/%x", r.ID, r.Attempt, h[:16]), r); err != nil {
		return fmt.Errorf("queue: result %s: %w", r.ID, err)
	}
	return nil
}

// PublishProgress sends a live event; it may be lost, which costs only display.
func (c *Conn) PublishProgress(p Progress) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return c.nc.Publish(progressPrefix+p.ID, b)
}

// SubscribeProgress calls f for every progress event of any submission.
func (c *Conn) SubscribeProgress(f func(Progress)) (func(), error) {
	sub, err := c.nc.Subscribe(progressPrefix+"*", func(m *nats.Msg) {
		var p Progress
		if json.Unmarshal(m.Data, &p) == nil {
			f(p)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("queue: subscribe: %w", err)
	}
	return func() { sub.Unsubscribe() }, nil
}

// PublishHeartbeat sends a worker's sign of life; one lost costs nothing.
func (c *Conn) PublishHeartbeat(h Heartbeat) error {
	b, err := json.Marshal(h)
	if err != nil {
		return err
	}
	return c.nc.Publish(heartbeatSubject, b)
}

// SubscribeHeartbeats calls f for every worker's heartbeat.
func (c *Conn) SubscribeHeartbeats(f func(Heartbeat)) (func(), error) {
	sub, err := c.nc.Subscribe(heartbeatSubject, func(m *nats.Msg) {
		var h Heartbeat
		if json.Unmarshal(m.Data, &h) == nil && h.Worker != "" {
			f(h)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("queue: subscribe: %w", err)
	}
	return func() { sub.Unsubscribe() }, nil
}

// A Delivery is a job handed to a worker.
type Delivery struct {
	Job Job
	msg jetstream.Msg
}

// Ack removes the job from the queue: call it after its result is published.
func (d *Delivery) Ack() error { return d.msg.DoubleAck(context.Background()) }

// InProgress resets the job's ack wait: the worker is still at it.
func (d *Delivery) InProgress() error { return d.msg.InProgress() }

// Refuse gives the job back for another worker, after delay.
func (d *Delivery) Refuse(delay time.Duration) error { return d.msg.NakWithDelay(delay) }

// Deliveries returns how many times the job has been delivered, this time included.
func (d *Delivery) Deliveries() uint64 {
	md, err := d.msg.Metadata()
	if err != nil {
		return 1
	}
	return md.NumDelivered
}

// Jobs returns the workers' shared consumer of the job stream, which the
// judge server declared.
func (c *Conn) Jobs(ctx context.Context) (*Consumer, error) {
	cons, err := c.js.Consumer(ctx, jobsStream, workersConsumer)
	if err != nil {
		return nil, fmt.Errorf("queue: consumer: %w", err)
	}
	return &Consumer{cons: cons}, nil
}

// A Consumer pulls jobs.
type Consumer struct {
	cons jetstream.Consumer
}

// Next waits up to wait for a job; it returns nil, nil when none came.
func (c *Consumer) Next(ctx context.Context, wait time.Duration) (*Delivery, error) {
	batch, err := c.cons.Fetch(1, jetstream.FetchMaxWait(wait))
	if err != nil {
		return nil, fmt.Errorf("queue: fetch: %w", err)
	}
	if m, ok := <-batch.Messages(); ok { // a batch of one
		var j Job
		if err := json.Unmarshal(m.Data(), &j); err != nil {
			m.Term() // a malformed job can never be judged
			return nil, fmt.Errorf("queue: malformed job: %w", err)
		}
		return &Delivery{Job: j, msg: m}, nil
	}
	if err := batch.Error(); err != nil && !errors.Is(err, jetstream.ErrNoMessages) && ctx.Err() == nil {
		return nil, fmt.Errorf("queue: fetch: %w", err)
	}
	return nil, nil
}

// ConsumeResults calls store for every result until ctx ends; a result is
// removed from the stream only when store returns nil, so a server killed
// before storing it gets it again on restart.
func (c *Conn) ConsumeResults(ctx context.Context, store func(Result) error) error {
	cons, err := c.js.CreateOrUpdateConsumer(ctx, resultsStream, jetstream.ConsumerConfig{
		Durable:   serverConsumer,
		AckPolicy: jetstream.AckExplicitPolicy,
		AckWait:   30 * time.Second,
	})
	if err != nil {
		return fmt.Errorf("queue: results consumer: %w", err)
	}
	// Pulls that expire soon: after JetStream starts again (see
	// keepJetStream) a pull pending before is lost, and the next one
	// follows within the expiry.
	cc, err := cons.Consume(func(m jetstream.Msg) {
		var r Result
		if err := json.Unmarshal(m.Data(), &r); err != nil {
			m.Term()
			return
		}
		if err := store(r); err != nil {
			m.NakWithDelay(time.Second)
			return
		}
		m.Ack()
	}, jetstream.PullExpiry(5*time.Second))
	if err != nil {
		return fmt.Errorf("queue: consume results: %w", err)
	}
	<-ctx.Done()
	cc.Drain()
	return nil
}

// ResultsPending returns how many results the server has yet to store.
func (c *Conn) ResultsPending(ctx context.Context) (uint64, error) {
	cons, err := c.js.Consumer(ctx, resultsStream, serverConsumer)
	if err != nil {
		return 0, fmt.Errorf("queue: results consumer: %w", err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("queue: results consumer: %w", err)
	}
	return info.NumPending + uint64(info.NumAckPending), nil
}

// WaitResults waits until the server has stored every result published,
// or for at most limit: serve's last step before the queue stops.
func (c *Conn) WaitResults(limit time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		if n, err := c.ResultsPending(ctx); err != nil || n == 0 {
			return // an error: no consumer, so nothing to wait for
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Ready returns an error unless the queue can take jobs and results now:
// JetStream runs and has both streams, and, asked of the embedded
// server's own connection, neither stream has had a write fail.
func (c *Conn) Ready(ctx context.Context) error {
	if c.srv != nil {
		if err := c.srv.healthy(); err != nil {
			return fmt.Errorf("queue: %w", err)
		}
	}
	for _, name := range []string{jobsStream, resultsStream} {
		if _, err := c.js.Stream(ctx, name); err != nil {
			return fmt.Errorf("queue: stream %s: %w", name, err)
		}
	}
	return nil
}

// Pending returns the number of jobs waiting or being judged.
func (c *Conn) Pending(ctx context.Context) (uint64, error) {
	st, err := c.js.Stream(ctx, jobsStream)
	if err != nil {
		return 0, err
	}
	info, err := st.Info(ctx)
	if err != nil {
		return 0, err
	}
	return info.State.Msgs, nil
}

// natsLog writes the NATS server's log to a slog.Logger.
type natsLog struct{ log *slog.Logger }

func (l natsLog) Noticef(format string, v ...any) { l.log.Debug("nats: " + fmt.Sprintf(format, v...)) }
func (l natsLog) Warnf(format string, v ...any)   { l.log.Warn("nats: " + fmt.Sprintf(format, v...)) }
func (l natsLog) Fatalf(format string, v ...any)  { l.log.Error("nats: " + fmt.Sprintf(format, v...)) }
func (l natsLog) Errorf(format string, v ...any)  { l.log.Error("nats: " + fmt.Sprintf(format, v...)) }
func (l natsLog) Debugf(format string, v ...any)  { l.log.Debug("nats: " + fmt.Sprintf(format, v...)) }
func (l natsLog) Tracef(format string, v ...any)  { l.log.Debug("nats: " + fmt.Sprintf(format, v...)) }

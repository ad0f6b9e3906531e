package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/time/rate"

	"github.com/sudoku-judge/sudoku-judge/internal/flagval"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/judge/web"
	"github.com/sudoku-judge/sudoku-judge/judge/worker"
	"github.com/sudoku-judge/sudoku-judge/problems"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

// drainTimeout bounds how long SIGTERM waits for jobs being judged.
const drainTimeout = 60 * time.Second

// serveCmd is the serve command's flags.
type serveCmd struct {
	e                         *env
	addr, data, natsListen    string
	token, adminToken         *secretFlag
	workers, maxSource, burst int
	limits                    web.Limits
	maxPending, quota         int
	keep                      time.Duration
	minFree                   int64
	perMinute                 float64
	timeLimit                 time.Duration
	headline                  bool
	packages                  []string
}

func newServeCmd(e *env) *cobra.Command {
	c := &serveCmd{e: e}
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--data DIR]",
		Short: "Run an online judge: web pages, a JSON API, a queue and judge workers",
		Long:  serveLong,
		Example: `  sudoku-judge serve --data ./judge-data
  sudoku-judge serve --addr 0.0.0.0:8080 --data ./judge-data --nats-listen 0.0.0.0:4222   # then copy judge-data/worker-token to the workers`,
		Args: cobra.NoArgs,
		RunE: c.run,
	}
	fs := cmd.Flags()
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "HTTP `address` of the pages and API")
	fs.StringVar(&c.data, "data", "sudoku-judge-data", "`directory` of the database and the queue's files")
	fs.StringVar(&c.natsListen, "nats-listen", "", "let workers on other machines join at `HOST:PORT` (with the workers' token)")
	c.token = addSecretFlag(fs, "token", tokenEnv, "the workers' token", "DATA/worker-token, made if missing")
	c.adminToken = addSecretFlag(fs, "admin-token", adminTokenEnv, "the admin's token", "DATA/admin-token, made if missing")
	c.workers = runtime.NumCPU()
	fs.Var(flagval.NewCount(&c.workers, 0, maxJobs), "workers", "judge workers in this process")
	c.maxSource = 64 << 10
	fs.Var(flagval.NewCount(&c.maxSource, 1, 64<<20), "max-source", "largest source accepted, in `bytes`")
	c.perMinute = 60
	fs.Var(flagval.NewFloat(&c.perMinute), "rate", "submissions per minute allowed per account, or per address when not logged in")
	c.burst = 20
	fs.Var(flagval.NewCount(&c.burst, 1, 1<<20), "burst", "submissions a client may send at once before --rate applies")
	c.limits.ConnsPerClient = 256
	fs.Var(flagval.NewCount(&c.limits.ConnsPerClient, 1, 1<<20), "max-conns", "connections one client address may hold open (behind a reverse proxy, every client is the proxy)")
	c.limits.StreamsPerClient = 64
	fs.Var(flagval.NewCount(&c.limits.StreamsPerClient, 1, 1<<20), "max-streams", "live pages one account, or one address when not logged in, may hold open")
	c.maxPending = 20
	fs.Var(flagval.NewCount(&c.maxPending, 0, 1<<20), "max-pending", "submissions one account, or one address when not logged in, may have waiting for verdicts (0: no bound)")
	c.quota = 1000
	fs.Var(flagval.NewCount(&c.quota, 0, 1<<30), "quota", "submissions one account, or one address when not logged in, may have stored (0: no bound)")
	fs.Var(flagval.NewAge(&c.keep), "keep", "delete judged submissions older than `AGE` (such as 30d), but those of contests (default: keep all)")
	c.minFree = 64 << 20
	fs.Var(flagval.NewSize(&c.minFree), "min-free", "take no submissions while the data directory's disk has less than `SIZE` free (/healthz fails)")
	fs.BoolVar(&c.headline, "headline", false, "judge only each problem's headline test group (its official data where public; see list)")
	fs.Var(flagval.NewDuration(&c.timeLimit), "time-limit", "replace every problem's time limit (e.g. 1s for a practice session)")
	fs.StringSliceVar(&c.packages, "problems", nil, "also serve the Kattis problem packages in `DIR` (one package, or a folder of packages)")
	return cmd
}

const serveLong = `serve runs a whole online judge in one process: the web pages and JSON API on
--addr, submissions and results in SQLite under --data, an embedded NATS
JetStream server as the judging queue (also under --data), and --workers local
judge workers, each test in the sandbox.

The queue listens on no network port unless --nats-listen HOST:PORT is given;
then workers on other machines join with the workers' token:
  sudoku-judge worker --nats nats://HOST:PORT --token-file worker-token
The token is read from --token-file or $SUDOKU_JUDGE_TOKEN; without either,
a random one is written to DIR/worker-token. A worker may only take jobs
and report on them.

The admin token (--admin-token-file, or $SUDOKU_JUDGE_ADMIN_TOKEN; without
either a random one is written to DIR/admin-token) creates accounts and
contests (POST /api/users, /api/contests), rejudges and deletes; an account
created with "admin": true may do the same after logging in (/login, /admin). Secrets are never taken on the command line, where every
user of the machine reads them. SIGTERM or Ctrl-C stop taking submissions
and finish the jobs being judged; a killed server resumes every unfinished
submission on its next start.

--problems DIR adds problem packages in the Kattis format to the built-in
problems: DIR is one package, or a folder of packages (folders or zips). Their
statements are shown as written; their output validators are built and run in
the sandbox. Workers on other machines need the same --problems.`

// run serves until ctx is done, then drains: no new submissions, the jobs
// being judged finished (for at most drainTimeout), their results stored.
func (c *serveCmd) run(cmd *cobra.Command, _ []string) (rerr error) {
	ctx := cmd.Context()
	log := slog.New(slog.NewTextHandler(c.e.stderr, nil))
	admin, workerToken, err := c.secrets(cmd.Flags())
	if err != nil {
		return err
	}
	probs, err := catalog.WithPackages(c.packages)
	if err != nil {
		return fmt.Errorf("serve: --problems: %w", err)
	}
	hash, err := worker.DataHash(probs)
	if err != nil {
		return err
	}
	st, err := store.Open(c.data)
	if err != nil {
		return err
	}
	defer closeInto(&rerr, "store", st)
	ns, err := queue.StartServer(queue.ServerConfig{Dir: filepath.Join(c.data, "jetstream"), Listen: c.natsListen, Token: workerToken, Log: log})
	if err != nil {
		return err
	}
	defer ns.Shutdown()
	conn, err := ns.Connect(ctx, "serve")
	if err != nil {
		return err
	}
	defer conn.Close()
	srv, err := web.New(web.Config{
		Store: st, Queue: conn, Problems: probs, DataHash: hash, AdminToken: admin, TimeLimit: c.timeLimit, Headline: c.headline,
		MaxSource: c.maxSource, Rate: rate.Limit(c.perMinute / 60), Burst: c.burst, Limits: c.limits,
		MaxPending: c.maxPending, Quota: c.quota, Keep: c.keep, DataDir: c.data, MinFree: uint64(c.minFree),
		LocalWorkers: func() int { return c.workers }, Log: log,
	})
	if err != nil {
		return err
	}
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBG()
	if err := srv.Start(bg); err != nil {
		return err
	}
	// Local workers stop taking jobs on ctx and finish theirs unless
	// drainTimeout passes.
	hard, stopHard := context.WithCancel(context.WithoutCancel(ctx))
	defer stopHard()
	pool := worker.Pool{Log: log}
	defer closeInto(&rerr, "local workers", &pool)
	if c.workers > 0 {
		if err := c.startWorkers(ctx, hard, &pool, ns, probs, hash); err != nil {
			return err
		}
	}
	return c.serve(ctx, log, srv, &pool, stopHard, ns, conn)
}

// serve serves srv's pages and API on --addr until ctx is done, then
// drains: no new submissions, the jobs being judged finished (for at most
// drainTimeout, then stopHard stops them), their results stored.
func (c *serveCmd) serve(ctx context.Context, log *slog.Logger, srv *web.Server, pool *worker.Pool, stopHard func(), ns *queue.Server, conn *queue.Conn) error {
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	hs := srv.HTTPServer()
	log.Info("serving", "url", "http://"+ln.Addr().String(), "data", c.data, "workers", c.workers, "nats", natsURL(ns, c.natsListen), "isolation_workers", c.workers)
	fmt.Fprintf(c.e.stdout, "sudoku-judge serve: http://%s\n", ln.Addr())
	served := make(chan error, 1)
	go func() { served <- hs.Serve(srv.Listener(ln)) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("draining: no new submissions; finishing jobs being judged", "busy", pool.Busy())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	hs.Shutdown(shutdownCtx) // server-sent event streams end with it
	cancel()
	if !pool.Wait(drainTimeout) {
		log.Warn("drain timed out; unfinished jobs resume on the next start")
		stopHard()
		pool.Wait(0)
	}
	// Store the last results before the queue stops; any not stored by
	// then are stored on the next start.
	conn.WaitResults(10 * time.Second)
	return nil
}

// secrets returns the admin's and the workers' tokens: from their flags
// or environment variables, else from DATA (made there if missing; the
// workers' only when workers on other machines may join).
func (c *serveCmd) secrets(fs *pflag.FlagSet) (admin, workers string, err error) {
	if admin, err = c.adminToken.get(fs); err != nil {
		return "", "", fmt.Errorf("serve: admin token: %w", err)
	}
	if workers, err = c.token.get(fs); err != nil {
		return "", "", fmt.Errorf("serve: workers' token: %w", err)
	}
	if err := os.MkdirAll(c.data, 0o700); err != nil {
		return "", "", fmt.Errorf("serve: %w", err)
	}
	if admin == "" {
		if admin, err = readOrMakeSecret(filepath.Join(c.data, "admin-token")); err != nil {
			return "", "", fmt.Errorf("serve: admin token: %w", err)
		}
	}
	if workers == "" && c.natsListen != "" {
		if workers, err = readOrMakeSecret(filepath.Join(c.data, "worker-token")); err != nil {
			return "", "", fmt.Errorf("serve: workers' token: %w", err)
		}
	}
	return admin, workers, nil
}

// startWorkers starts --workers local workers in pool, sharing one
// sandbox, which pool closes.
func (c *serveCmd) startWorkers(ctx, hard context.Context, pool *worker.Pool, ns *queue.Server, probs []problems.Task, hash string) error {
	sb, err := newSandbox()
	if err != nil {
		return err
	}
	pool.Closers = append(pool.Closers, sb)
	host, _ := os.Hostname()
	for i := range c.workers {
		wc, err := ns.ConnectWorker(ctx, "worker")
		if err != nil {
			return err
		}
		pool.Start(ctx, hard, &worker.Worker{Name: fmt.Sprintf("%s/local-%d", host, i+1), Conn: wc, Runner: sb,
			Problems: worker.ProblemMap(probs), DataHash: hash, Log: pool.Log})
	}
	return nil
}

func natsURL(ns *queue.Server, listen string) string {
	if listen == "" {
		return "in-process only"
	}
	return ns.ClientURL()
}

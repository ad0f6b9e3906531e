package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
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

func newServeCmd(e *env) *cobra.Command {
	var (
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
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--data DIR]",
		Short: "Run an online judge: web pages, a JSON API, a queue and judge workers",
		Long: `serve runs a whole online judge in one process: the web pages and JSON API on
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
the sandbox. Workers on other machines need the same --problems.`,
		Example: `  sudoku-judge serve --data ./judge-data
  sudoku-judge serve --addr 0.0.0.0:8080 --data ./judge-data --nats-listen 0.0.0.0:4222   # then copy judge-data/worker-token to the workers`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (rerr error) {
			ctx := cmd.Context()
			log := slog.New(slog.NewTextHandler(e.stderr, nil))
			fs := cmd.Flags()
			admin, err := adminToken.get(fs)
			if err != nil {
				return fmt.Errorf("serve: admin token: %w", err)
			}
			workerToken, err := token.get(fs)
			if err != nil {
				return fmt.Errorf("serve: workers' token: %w", err)
			}
			if err := os.MkdirAll(data, 0o700); err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			if admin == "" {
				if admin, err = readOrMakeSecret(filepath.Join(data, "admin-token")); err != nil {
					return fmt.Errorf("serve: admin token: %w", err)
				}
			}
			if workerToken == "" && natsListen != "" {
				if workerToken, err = readOrMakeSecret(filepath.Join(data, "worker-token")); err != nil {
					return fmt.Errorf("serve: workers' token: %w", err)
				}
			}
			probs, err := catalog.WithPackages(packages)
			if err != nil {
				return fmt.Errorf("serve: --problems: %w", err)
			}
			hash, err := worker.DataHash(probs)
			if err != nil {
				return err
			}
			st, err := store.Open(data)
			if err != nil {
				return err
			}
			defer st.Close()
			ns, err := queue.StartServer(queue.ServerConfig{Dir: filepath.Join(data, "jetstream"), Listen: natsListen, Token: workerToken, Log: log})
			if err != nil {
				return err
			}
			defer ns.Shutdown()
			conn, err := ns.Connect(ctx, "serve")
			if err != nil {
				return err
			}
			defer conn.Close()

			var busy atomic.Int64
			srv, err := web.New(web.Config{
				Store: st, Queue: conn, Problems: probs, DataHash: hash, AdminToken: admin, TimeLimit: timeLimit, Headline: headline,
				MaxSource: maxSource, Rate: rate.Limit(perMinute / 60), Burst: burst, Limits: limits,
				MaxPending: maxPending, Quota: quota, Keep: keep, DataDir: data, MinFree: uint64(minFree),
				LocalWorkers: func() int { return workers }, Log: log,
			})
			if err != nil {
				return err
			}
			bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
			defer stopBG()
			if err := srv.Start(bg); err != nil {
				return err
			}

			// Local workers stop taking jobs on ctx and finish theirs
			// unless drainTimeout passes.
			hard, stopHard := context.WithCancel(context.WithoutCancel(ctx))
			defer stopHard()
			var wg sync.WaitGroup
			if workers > 0 {
				sb, err := newSandbox()
				if err != nil {
					return err
				}
				defer closeInto(&rerr, "sandbox", sb)
				host, _ := os.Hostname()
				for i := range workers {
					wc, err := ns.ConnectWorker(ctx, "worker")
					if err != nil {
						return err
					}
					defer wc.Close()
					w := &worker.Worker{Name: fmt.Sprintf("%s/local-%d", host, i+1), Conn: wc, Runner: sb,
						Problems: problemMap(probs), DataHash: hash, Log: log,
						Busy: func(b bool) {
							if b {
								busy.Add(1)
							} else {
								busy.Add(-1)
							}
						}}
					wg.Add(1)
					go func() {
						defer wg.Done()
						if err := w.Run(ctx, hard); err != nil {
							log.Error("worker", "name", w.Name, "err", err)
						}
					}()
				}
			}

			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			hs := srv.HTTPServer()
			log.Info("serving", "url", "http://"+ln.Addr().String(), "data", data, "workers", workers, "nats", natsURL(ns, natsListen), "isolation_workers", workers)
			fmt.Fprintf(e.stdout, "sudoku-judge serve: http://%s\n", ln.Addr())
			served := make(chan error, 1)
			go func() { served <- hs.Serve(srv.Listener(ln)) }()
			select {
			case err := <-served:
				return fmt.Errorf("serve: %w", err)
			case <-ctx.Done():
			}
			log.Info("draining: no new submissions; finishing jobs being judged", "busy", busy.Load())
			shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			hs.Shutdown(shutdownCtx) // server-sent event streams end with it
			cancel()
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(drainTimeout):
				log.Warn("drain timed out; unfinished jobs resume on the next start")
				stopHard()
				<-done
			}
			// Store the last results before the queue stops; any not
			// stored by then are stored on the next start.
			waitResults(conn, 10*time.Second)
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "HTTP `address` of the pages and API")
	fs.StringVar(&data, "data", "sudoku-judge-data", "`directory` of the database and the queue's files")
	fs.StringVar(&natsListen, "nats-listen", "", "let workers on other machines join at `HOST:PORT` (with the workers' token)")
	token = addSecretFlag(fs, "token", tokenEnv, "the workers' token", "DATA/worker-token, made if missing")
	adminToken = addSecretFlag(fs, "admin-token", adminTokenEnv, "the admin's token", "DATA/admin-token, made if missing")
	workers = runtime.NumCPU()
	fs.Var(flagval.NewCount(&workers, 0, maxJobs), "workers", "judge workers in this process")
	maxSource = 64 << 10
	fs.Var(flagval.NewCount(&maxSource, 1, 64<<20), "max-source", "largest source accepted, in `bytes`")
	perMinute = 60
	fs.Var(flagval.NewFloat(&perMinute), "rate", "submissions per minute allowed per account, or per address when not logged in")
	burst = 20
	fs.Var(flagval.NewCount(&burst, 1, 1<<20), "burst", "submissions a client may send at once before --rate applies")
	limits.ConnsPerClient = 256
	fs.Var(flagval.NewCount(&limits.ConnsPerClient, 1, 1<<20), "max-conns", "connections one client address may hold open (behind a reverse proxy, every client is the proxy)")
	limits.StreamsPerClient = 64
	fs.Var(flagval.NewCount(&limits.StreamsPerClient, 1, 1<<20), "max-streams", "live pages one account, or one address when not logged in, may hold open")
	maxPending = 20
	fs.Var(flagval.NewCount(&maxPending, 0, 1<<20), "max-pending", "submissions one account, or one address when not logged in, may have waiting for verdicts (0: no bound)")
	quota = 1000
	fs.Var(flagval.NewCount(&quota, 0, 1<<30), "quota", "submissions one account, or one address when not logged in, may have stored (0: no bound)")
	fs.Var(flagval.NewAge(&keep), "keep", "delete judged submissions older than `AGE` (such as 30d), but those of contests (default: keep all)")
	minFree = 64 << 20
	fs.Var(flagval.NewSize(&minFree), "min-free", "take no submissions while the data directory's disk has less than `SIZE` free (/healthz fails)")
	fs.BoolVar(&headline, "headline", false, "judge only each problem's headline test group (its official data where public; see list)")
	fs.Var(flagval.NewDuration(&timeLimit), "time-limit", "replace every problem's time limit (e.g. 1s for a practice session)")
	fs.StringSliceVar(&packages, "problems", nil, "also serve the Kattis problem packages in `DIR` (one package, or a folder of packages)")
	return cmd
}

// waitResults waits until the server has stored every result published,
// or for at most limit.
func waitResults(conn *queue.Conn, limit time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	for {
		if n, err := conn.ResultsPending(ctx); err != nil || n == 0 {
			return // an error: no consumer, so nothing to wait for
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func natsURL(ns *queue.Server, listen string) string {
	if listen == "" {
		return "in-process only"
	}
	return ns.ClientURL()
}

func problemMap(ps []problems.Task) map[string]problems.Task {
	m := make(map[string]problems.Task, len(ps))
	for _, p := range ps {
		m[p.ID()] = p
	}
	return m
}

package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/worker"
	"github.com/sudoku-judge/sudoku-judge/problems/catalog"
)

func newWorkerCmd(e *env) *cobra.Command {
	var (
		url, name string
		token     *secretFlag
		parallel  int
		packages  []string
	)
	cmd := &cobra.Command{
		Use:     "worker --nats nats://HOST:PORT --token-file PATH",
		Short:   "Judge submissions for a sudoku-judge serve on another machine",
		Long:    workerLong,
		Example: `  sudoku-judge worker --nats nats://judge.example:4222 --token-file worker-token`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) (rerr error) {
			ctx := cmd.Context()
			if url == "" {
				return fmt.Errorf("worker: say where the queue is: --nats nats://HOST:PORT")
			}
			secret, err := token.get(cmd.Flags())
			if err != nil {
				return fmt.Errorf("worker: %w", err)
			}
			if secret == "" {
				return fmt.Errorf("worker: give the queue's token: --token-file PATH (the server's DATA/worker-token) or $%s", tokenEnv)
			}
			log := slog.New(slog.NewTextHandler(e.stderr, nil))
			probs, err := catalog.WithPackages(packages)
			if err != nil {
				return fmt.Errorf("worker: --problems: %w", err)
			}
			hash, err := worker.DataHash(probs)
			if err != nil {
				return err
			}
			if name == "" {
				host, _ := os.Hostname()
				name = fmt.Sprintf("%s/%d", host, os.Getpid())
			}
			sb, err := newSandbox()
			if err != nil {
				return err
			}
			pool := worker.Pool{Log: log, Closers: []io.Closer{sb}}
			defer closeInto(&rerr, "workers", &pool)
			hard, stopHard := context.WithCancel(context.WithoutCancel(ctx))
			defer stopHard()
			for i := range parallel {
				conn, err := queue.Dial(ctx, url, secret, name)
				if err != nil {
					return err
				}
				pool.Start(ctx, hard, &worker.Worker{Name: fmt.Sprintf("%s-%d", name, i+1), Conn: conn, Runner: sb,
					Problems: worker.ProblemMap(probs), DataHash: hash, Log: log})
			}
			log.Info("judging", "queue", url, "workers", parallel, "isolation", sb.Isolation().String())
			<-ctx.Done()
			if !pool.Wait(drainTimeout) {
				stopHard()
				pool.Wait(0)
			}
			return nil
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&url, "nats", "", "the judge's queue, `nats://HOST:PORT`")
	token = addSecretFlag(fs, "token", tokenEnv, "the queue's token (the server's DATA/worker-token)", "")
	fs.StringVar(&name, "name", "", "this worker's name in results (default HOST/PID)")
	fs.IntVar(&parallel, "parallel", runtime.NumCPU(), "submissions judged at once")
	fs.StringSliceVar(&packages, "problems", nil, "also judge the Kattis problem packages in `DIR`, as the server's --problems")
	return cmd
}

const workerLong = `worker joins the judging queue of a "sudoku-judge serve" started with
--nats-listen, with the workers' token it read or made (DIR/worker-token),
given here by --token-file or $SUDOKU_JUDGE_TOKEN (never on the command line,
where every user of the machine reads it), judges submissions in this
machine's sandbox and sends the results back. It refuses jobs when this machine's problem data
differs from the server's (the binaries should be the same version).
SIGTERM or Ctrl-C finish the jobs being judged, then stop. --problems gives the
problem packages the server was given by its own --problems.`

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSecretsRefusedOnTheCommandLine checks that a secret given as a flag
// value is refused, saying why and what to do instead, before anything
// is started or written.
func TestSecretsRefusedOnTheCommandLine(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	cases := [][]string{
		{"serve", "--data", data, "--token", "s3cret"},
		{"serve", "--data", data, "--admin-token", "s3cret"},
		{"worker", "--nats", "nats://127.0.0.1:1", "--token", "s3cret"},
	}
	for _, args := range cases {
		flag := args[len(args)-2]
		wantUsageError(t, flag+"-file PATH", args...)
		_, _, stderr := cli(t, args...)
		if !strings.Contains(stderr, "ps") || strings.Contains(stderr, "s3cret") {
			t.Errorf("%q: %q should say the secret shows in ps, without quoting it", args, stderr)
		}
	}
	if _, err := os.Stat(data); err == nil {
		t.Error("serve made its data directory before refusing the secret")
	}
	t.Setenv(tokenEnv, "")
	os.Unsetenv(tokenEnv)
	wantUsageError(t, "--token-file PATH", "worker", "--nats", "nats://127.0.0.1:1")
}

// TestSecretFromFileOrEnvironment checks where secrets come from: the
// file first, then the environment, which is then cleared so that nothing
// the judge starts inherits it.
func TestSecretFromFileOrEnvironment(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "token")
	if err := os.WriteFile(file, []byte("  from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte("\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file, env string
		setEnv          bool
		want, wantErr   string
	}{
		{name: "neither"},
		{name: "the file", file: file, want: "from-file"},
		{name: "the environment", env: "from-env\n", setEnv: true, want: "from-env"},
		{name: "the file over the environment", file: file, env: "from-env", setEnv: true, want: "from-file"},
		{name: "a missing file", file: filepath.Join(dir, "nope"), wantErr: "no such file"},
		{name: "an empty file", file: empty, wantErr: "is empty"},
		{name: "an empty variable", env: " ", setEnv: true, wantErr: "set but empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := newWorkerCmd(&env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}})
			f := addSecretFlag(cmd.Flags(), "test-token", "SUDOKU_JUDGE_TEST_TOKEN", "a token", "")
			if c.file != "" {
				if err := cmd.Flags().Set("test-token-file", c.file); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("SUDOKU_JUDGE_TEST_TOKEN", c.env)
			if !c.setEnv {
				os.Unsetenv("SUDOKU_JUDGE_TEST_TOKEN")
			}
			got, err := f.get(cmd.Flags())
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("got %q, %v; want an error saying %q", got, err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Errorf("got %q, %v; want %q", got, err, c.want)
			}
			if _, ok := os.LookupEnv("SUDOKU_JUDGE_TEST_TOKEN"); ok {
				t.Error("the variable is still in the environment, for children to inherit")
			}
		})
	}
}

// TestPsShowsNoSecret runs serve and a worker as a class would, the
// admin token and the workers' token in files and the worker's in its
// environment, and reads every process's command line, as ps does: no
// secret may be in any.
func TestPsShowsNoSecret(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts serve and a worker")
	}
	needSandbox(t) // the worker needs its sandbox to start
	c := newCluster(t, buildJudge(t))
	srv := c.serve()
	worker := exec.Command(c.bin, "worker", "--nats", "nats://"+c.nats, "--name", "w1", "--parallel", "1")
	tok, err := readSecret(c.token)
	if err != nil {
		t.Fatal(err)
	}
	worker.Env = append(os.Environ(), tokenEnv+"="+tok)
	logPath := filepath.Join(c.dir, "w1.log")
	log, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	worker.Stdout, worker.Stderr = log, log
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { worker.Process.Kill(); worker.Wait() })
	// The worker logs "judging" once it has joined the queue, which
	// needs the token.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Millisecond) {
		b, _ := os.ReadFile(logPath)
		if bytes.Contains(b, []byte("msg=judging")) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the worker did not join within a minute:\n%s", b)
		}
	}

	secrets := map[string]string{"the admin token": c.admin, "the workers' token": tok}
	pids, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil || len(pids) == 0 {
		t.Fatalf("no /proc/*/cmdline to read: %v", err)
	}
	seen := map[int]bool{}
	for _, p := range pids {
		b, err := os.ReadFile(p)
		if err != nil {
			continue // ended meanwhile
		}
		args := strings.ReplaceAll(string(b), "\x00", " ")
		for name, s := range secrets {
			if strings.Contains(args, s) {
				t.Errorf("%s is on a command line (%s): %s", name, p, args)
			}
		}
		for _, pid := range []int{srv.cmd.Process.Pid, worker.Process.Pid} {
			if p == filepath.Join("/proc", strconv.Itoa(pid), "cmdline") && strings.Contains(args, "--nats") {
				seen[pid] = true
			}
		}
	}
	if len(seen) != 2 {
		t.Errorf("read the command lines of %d of serve and the worker, want both", len(seen))
	}

	// Nor may anyone but the judge's user read its data: the tokens, the
	// database, the queue's files.
	files := 0
	err = filepath.WalkDir(filepath.Join(c.dir, "data"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		if fi.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s has mode %v: others may read it", path, fi.Mode().Perm())
		}
		if fi.Mode().IsRegular() {
			files++
		}
		return nil
	})
	if err != nil || files < 5 {
		t.Errorf("walked %d files of the data directory (%v), want the database and the queue's", files, err)
	}
}

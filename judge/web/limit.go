package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"golang.org/x/time/rate"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/diskfree"
)

// maxLimiters bounds how many clients' rate limiters are remembered; past
// it, those with a full bucket (which remember nothing) are forgotten.
const maxLimiters = 10000

// limiter returns the rate limiter of key: submissions by viewer.key,
// logins by "login:" and the address.
func (s *Server) limiter(key string) *rate.Limiter {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.limiters[key]
	if !ok {
		if len(s.limiters) >= maxLimiters {
			now := time.Now()
			for k, l := range s.limiters {
				if l.TokensAt(now) >= float64(l.Burst()) {
					delete(s.limiters, k)
				}
			}
			if len(s.limiters) >= maxLimiters {
				clear(s.limiters) // still too many: forgetting is only lenient
			}
		}
		l = rate.NewLimiter(s.cfg.Rate, s.cfg.Burst)
		s.limiters[key] = l
	}
	return l
}

// wait takes one token from key's bucket, or returns how long until one
// is there (nothing is taken then).
func (s *Server) wait(key string) time.Duration {
	now := time.Now()
	r := s.limiter(key).ReserveN(now, 1)
	if !r.OK() {
		return time.Minute
	}
	d := r.DelayFrom(now)
	if d > 0 {
		r.CancelAt(now)
	}
	return d
}

// A waitError is a refusal for a while: the client may try again after
// retry (the Retry-After header says so).
type waitError struct {
	submitError
	retry time.Duration
}

func (e *waitError) Unwrap() error { return &e.submitError }

// setRetryAfter sets the Retry-After header when err is a waitError.
func setRetryAfter(w http.ResponseWriter, err error) {
	var we *waitError
	if errors.As(err, &we) && we.retry > 0 {
		retryAfter(w, we.retry)
	}
}

// admit decides whether v may submit now: within its rate (per account
// when logged in, else per address), its pending and stored submissions
// within their quotas, and the disk not full. The admin is exempt from
// the rate and the quotas.
func (s *Server) admit(ctx context.Context, v viewer) error {
	if err := s.diskRoom(); err != nil {
		return &waitError{submitError{http.StatusServiceUnavailable, err.Error() + ": the judge takes no submissions until there is room; try again later"}, time.Minute}
	}
	if v.Admin {
		return nil
	}
	who := "your address"
	if v.User != "" {
		who = "your account"
	}
	if d := s.wait(v.key()); d > 0 {
		s.metrics.limit()
		return &waitError{submitError{http.StatusTooManyRequests, fmt.Sprintf("too many submissions from %s: wait %s and submit again", who, d.Round(time.Second))}, d}
	}
	if s.cfg.MaxPending <= 0 && s.cfg.Quota <= 0 {
		return nil
	}
	u, err := s.cfg.Store.Usage(ctx, v.key())
	if err != nil {
		return err
	}
	if s.cfg.MaxPending > 0 && u.Pending >= s.cfg.MaxPending {
		s.metrics.limit()
		return &waitError{submitError{http.StatusTooManyRequests, fmt.Sprintf("%s has %d submissions waiting for their verdicts: wait for them, then submit again", who, u.Pending)}, 10 * time.Second}
	}
	if s.cfg.Quota > 0 && u.Stored >= s.cfg.Quota {
		s.metrics.limit()
		return &submitError{http.StatusForbidden, fmt.Sprintf("%s has used its quota of %d stored submissions: ask the judge's admin", who, s.cfg.Quota)}
	}
	return nil
}

// prune deletes, every hour from now on until ctx ends, the judged
// submissions older than Config.Keep (but those of contests).
func (s *Server) prune(ctx context.Context) {
	if s.cfg.Keep <= 0 {
		return
	}
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		n, err := s.cfg.Store.Prune(ctx, time.Now().Add(-s.cfg.Keep))
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Warn("deleting old submissions", "err", err)
		case n > 0:
			s.log.Info("deleted old submissions", "count", n, "older_than", s.cfg.Keep)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// errNoRoom is diskRoom's error.
var errNoRoom = errors.New("the judge's disk is full")

// diskRoom returns an error when the data directory's disk has less than
// Config.MinFree free.
func (s *Server) diskRoom() error {
	if s.cfg.DataDir == "" || s.cfg.MinFree <= 0 {
		return nil
	}
	free, err := diskfree.Free(s.cfg.DataDir)
	if err != nil {
		return nil // cannot tell: let the store's own errors say
	}
	if free < s.cfg.MinFree {
		return fmt.Errorf("%w (%d MiB free under %s, %d MiB needed)", errNoRoom, free>>20, s.cfg.DataDir, s.cfg.MinFree>>20)
	}
	return nil
}

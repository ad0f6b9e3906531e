package web

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/internal/connlimit"
)

// Limits bound what one client may hold of the server on an open network.
// The defaults suit a class, where every student may come from one NAT
// address. A zero field takes its default.
type Limits struct {
	// ConnsPerClient bounds the connections open at once from one
	// address (an IPv6 /64); those over it are closed as they come.
	// Default 256.
	ConnsPerClient int
	// StreamsPerClient bounds the event streams (live pages) open at once
	// per account, or per address when not logged in. Default 64.
	StreamsPerClient int
	// HeaderTimeout bounds the time to send a request's headers (10 s),
	// ReadTimeout the whole request (60 s), WriteTimeout the time to take
	// a whole response (60 s; an event stream instead gets StreamWrite
	// per event, 30 s), IdleTimeout a kept-alive connection's wait for
	// its next request (120 s).
	HeaderTimeout, ReadTimeout, WriteTimeout, StreamWrite, IdleTimeout time.Duration
	// MaxHeaderBytes bounds a request's headers. Default 16 KiB.
	MaxHeaderBytes int
}

func (l *Limits) defaults() {
	set := func(p *time.Duration, d time.Duration) {
		if *p == 0 {
			*p = d
		}
	}
	set(&l.HeaderTimeout, 10*time.Second)
	set(&l.ReadTimeout, 60*time.Second)
	set(&l.WriteTimeout, 60*time.Second)
	set(&l.StreamWrite, 30*time.Second)
	set(&l.IdleTimeout, 120*time.Second)
	if l.ConnsPerClient == 0 {
		l.ConnsPerClient = 256
	}
	if l.StreamsPerClient == 0 {
		l.StreamsPerClient = 64
	}
	if l.MaxHeaderBytes == 0 {
		l.MaxHeaderBytes = 16 << 10
	}
}

// HTTPServer returns an http.Server serving s with Config.Limits'
// timeouts; serve it on Listener(ln).
func (s *Server) HTTPServer() *http.Server {
	l := s.cfg.Limits
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: l.HeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		// A slow or vanished client is its own problem: at debug level.
		ErrorLog: log.New(slogWriter{s.log}, "", 0),
	}
}

// Listener returns ln with at most Config.Limits.ConnsPerClient
// connections open per client.
func (s *Server) Listener(ln net.Listener) net.Listener {
	return connlimit.New(ln, s.cfg.Limits.ConnsPerClient)
}

type slogWriter struct{ log *slog.Logger }

func (w slogWriter) Write(b []byte) (int, error) {
	w.log.Debug("http", "msg", string(b))
	return len(b), nil
}

// A stream is a server-sent event stream to one client.
type stream struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	write time.Duration
}

// openStream starts an event stream answering r, unless r's client has
// Limits.StreamsPerClient open already: then it answers 429 and returns
// nil. Call the returned func when the stream ends.
//
// A stream lives as long as its page: it is exempt from the server's read
// and write timeouts, and a client must instead take each event within
// Limits.StreamWrite.
func (s *Server) openStream(w http.ResponseWriter, r *http.Request) (*stream, func()) {
	key := viewerOf(r).key()
	s.mu.Lock()
	full := s.streams[key] >= s.cfg.Limits.StreamsPerClient
	if !full {
		s.streams[key]++
	}
	s.mu.Unlock()
	if full {
		w.Header().Set("Retry-After", "10")
		apiError(w, http.StatusTooManyRequests, fmt.Sprintf("you have %d live pages open already: close some", s.cfg.Limits.StreamsPerClient))
		return nil, nil
	}
	done := func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.streams[key]--; s.streams[key] <= 0 {
			delete(s.streams, key)
		}
	}
	st := &stream{w: w, rc: http.NewResponseController(w), write: s.cfg.Limits.StreamWrite}
	st.rc.SetReadDeadline(time.Time{}) // else the server's ReadTimeout would end the request
	st.rc.SetWriteDeadline(time.Now().Add(st.write))
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	st.rc.Flush()
	return st, done
}

// event sends one event: its id (for Last-Event-ID; none if empty), its
// kind and v as JSON.
func (st *stream) event(id, kind string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	st.rc.SetWriteDeadline(time.Now().Add(st.write))
	if id != "" {
		if _, err := fmt.Fprintf(st.w, "id: %s\n", id); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(st.w, "event: %s\ndata: %s\n\n", kind, b); err != nil {
		return err
	}
	return st.rc.Flush()
}

// keepAlive sends a comment, which keeps proxies from closing an idle
// stream and finds a client that is gone.
func (st *stream) keepAlive() error {
	st.rc.SetWriteDeadline(time.Now().Add(st.write))
	if _, err := io.WriteString(st.w, ": keep-alive\n\n"); err != nil {
		return err
	}
	return st.rc.Flush()
}

// retryAfter sets the Retry-After header to d, in whole seconds, rounded up.
func retryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int((d+time.Second-1)/time.Second)))
}

package web

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net"
	"net/http"
	"strings"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// Accounts tells which account a request comes from. The server asks it
// of every request when Config.Accounts is set; without it, authors are
// known by their browser's token only and the admin by the admin token.
type Accounts interface {
	// Identify returns the account r is authenticated as (by a session
	// cookie or a bearer token), or the zero Identity.
	Identify(r *http.Request) Identity
}

// An Identity is an authenticated account.
type Identity struct {
	User  string // the account's name; "" for none
	Admin bool   // the account may do what the admin token may
}

// A viewer is who sent a request, as far as the server can tell: an
// account, a browser (by its token) and an address.
type viewer struct {
	Identity
	owner string // the hash of the browser's or API client's token; "" without one
	addr  string // the client's IP address
}

type viewerKey struct{}

// identify works out who sent r, once per request (see ServeHTTP).
func (s *Server) identify(r *http.Request) viewer {
	var v viewer
	if s.cfg.Accounts != nil {
		v.Identity = s.cfg.Accounts.Identify(r)
	}
	if s.adminToken(r) {
		v.Admin = true
	}
	_, v.owner = browserToken(r)
	v.addr = clientAddr(r)
	return v
}

// viewerOf returns who sent r, as ServeHTTP found out.
func viewerOf(r *http.Request) viewer {
	v, _ := r.Context().Value(viewerKey{}).(viewer)
	return v
}

func withViewer(r *http.Request, v viewer) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), viewerKey{}, v))
}

// key is whom rate limits and quotas count v's requests against: its
// account when logged in, else its address. A browser token cannot be the
// key: a client makes a new one by dropping its cookie.
func (v viewer) key() string {
	if v.User != "" {
		return "user:" + v.User
	}
	return "ip:" + v.addr
}

// wrote reports whether v is sub's author: the account that submitted it,
// or, for a submission made without logging in, the browser whose token
// made it.
func (v viewer) wrote(sub *store.Submission) bool {
	if sub.User != "" {
		return v.User == sub.User
	}
	return v.owner != "" && subtle.ConstantTimeCompare([]byte(v.owner), []byte(sub.Owner)) == 1
}

// mayRead reports whether v may see what sub's program and compiler said,
// and its source: its author and the admin may.
func (v viewer) mayRead(sub *store.Submission) bool { return v.Admin || v.wrote(sub) }

// public is what everyone may see of a test: its verdict, times and
// memory. Messages, diffs (the expected lines), a program's stderr and
// the compiler's output (which quote the source) are left out.
func public(t judge.TestResult) judge.TestResult {
	return judge.TestResult{Name: t.Name, Group: t.Group, Verdict: t.Verdict, TimeMS: t.TimeMS, WallMS: t.WallMS,
		MemoryKB: t.MemoryKB, Limit: t.Limit}
}

// testsFor returns tests as v may see them.
func testsFor(v viewer, sub *store.Submission, tests []judge.TestResult) []judge.TestResult {
	if v.mayRead(sub) {
		return tests
	}
	out := make([]judge.TestResult, len(tests))
	for i, t := range tests {
		out[i] = public(t)
	}
	return out
}

const tokenCookie = "sudoku_judge_token"

// browserToken returns the client's token, from the X-Judge-Token header
// or the cookie, and its hash, the owner stored with its submissions; or
// two empty strings.
func browserToken(r *http.Request) (token, owner string) {
	token = r.Header.Get("X-Judge-Token")
	if token == "" {
		if c, err := r.Cookie(tokenCookie); err == nil {
			token = c.Value
		}
	}
	if token == "" {
		return "", ""
	}
	return token, hashToken(token)
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ensureToken returns the client's token and its hash, making a new one
// and setting it as a cookie when the client has none.
func ensureToken(w http.ResponseWriter, r *http.Request) (token, owner string) {
	if token, owner = browserToken(r); token != "" {
		return token, owner
	}
	token = newID() + newID()
	http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, MaxAge: 365 * 24 * 3600})
	return token, hashToken(token)
}

// adminToken reports whether r carries the admin token.
func (s *Server) adminToken(r *http.Request) bool {
	if s.cfg.AdminToken == "" {
		return false
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.AdminToken)) == 1
}

func (s *Server) admin(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !viewerOf(r).Admin {
			apiError(w, http.StatusForbidden, "this needs the admin token (Authorization: Bearer TOKEN)")
			return
		}
		h(w, r)
	}
}

func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

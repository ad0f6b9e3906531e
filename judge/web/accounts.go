package web

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/sudoku-judge/sudoku-judge/judge/accounts"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
)

// SessionLifetime is how long a login lasts.
const SessionLifetime = 24 * time.Hour

const sessionCookie = "sudoku_judge_session"

// storeAccounts is the server's own Accounts: sessions kept in the store,
// presented as the session cookie or as a bearer token.
type storeAccounts struct{ store *store.Store }

// Identify returns the account of r's session, if it has a live one.
func (a storeAccounts) Identify(r *http.Request) Identity {
	token := sessionToken(r)
	if token == "" {
		return Identity{}
	}
	u, err := a.store.Session(r.Context(), accounts.TokenHash(token))
	if err != nil {
		return Identity{}
	}
	return Identity{User: u.Name, Admin: u.Admin}
}

// sessionToken returns r's session token, from the cookie or an
// Authorization bearer token of the session form (the admin token is
// another), or "".
func sessionToken(r *http.Request) string {
	if bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && accounts.CheckToken(bearer) == nil {
		return bearer
	}
	if c, err := r.Cookie(sessionCookie); err == nil && accounts.CheckToken(c.Value) == nil {
		return c.Value
	}
	return ""
}

// csrfToken is the token a session's forms carry: a browser on another
// site can make a logged-in browser post, but cannot read this from the
// page, nor work it out without the session's token.
func csrfToken(r *http.Request) string {
	token := sessionToken(r)
	if token == "" {
		return ""
	}
	h := sha256.Sum256([]byte("sudoku-judge form\x00" + token))
	return hex.EncodeToString(h[:16])
}

// formAllowed reports whether a form post may act for its session: it
// comes from this site and carries the session's CSRF token.
func formAllowed(r *http.Request) bool {
	want := csrfToken(r)
	return sameOrigin(r) && want != "" && subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(want)) == 1
}

var errBadLogin = errors.New("wrong name or password")

// loginKey is whom login attempts are limited by: the account tried, not
// the address, since a whole class logs in at once from behind one NAT
// address. Each attempt costs a password hash, which the hasher bounds.
func loginKey(name string) string { return "login:" + strings.TrimSpace(name) }

// login checks a name and password and starts a session: its token and
// when it ends.
func (s *Server) login(ctx context.Context, name, password string) (*store.User, string, time.Time, error) {
	u, err := s.cfg.Store.User(ctx, name)
	hash := ""
	switch {
	case err == nil:
		hash = u.PasswordHash
	case !errors.Is(err, store.ErrNoUser):
		return nil, "", time.Time{}, err
	}
	ok, err := s.hasher.Verify(ctx, hash, password) // as slow for an unknown name
	if err != nil {
		return nil, "", time.Time{}, err
	}
	if !ok {
		return nil, "", time.Time{}, errBadLogin
	}
	token, expires := accounts.NewToken(), time.Now().Add(SessionLifetime)
	if err := s.cfg.Store.CreateSession(ctx, accounts.TokenHash(token), u.Name, expires); err != nil {
		return nil, "", time.Time{}, err
	}
	return u, token, expires, nil
}

func setSessionCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", Expires: expires, HttpOnly: true,
		Secure: r.TLS != nil, SameSite: http.SameSiteStrictMode})
}

func clearSessionCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

// decodeJSON reads r's JSON body, of at most limit bytes, into v; it
// answers a bad request itself and reports whether v was filled.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, v any) bool {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		apiError(w, http.StatusUnsupportedMediaType, "send Content-Type: application/json")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request over %d bytes", tooBig.Limit))
			return false
		}
		apiError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return false
	}
	return true
}

// apiLogin answers POST /api/login {"name","password"} with a session:
// its cookie, and its token for the API (Authorization: Bearer TOKEN).
func (s *Server) apiLogin(w http.ResponseWriter, r *http.Request) {
	var req struct{ Name, Password string }
	if !decodeJSON(w, r, 4096, &req) {
		return
	}
	if !s.limiter(loginKey(req.Name)).Allow() {
		apiError(w, http.StatusTooManyRequests, "too many logins to this account: wait a little")
		return
	}
	u, token, expires, err := s.login(r.Context(), req.Name, req.Password)
	if errors.Is(err, errBadLogin) {
		apiError(w, http.StatusUnauthorized, err.Error())
		return
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	setSessionCookie(w, r, token, expires)
	writeJSON(w, http.StatusOK, map[string]any{"user": u.Name, "admin": u.Admin, "token": token, "expires_at": expires.UTC()})
}

// apiLogout ends the request's session.
func (s *Server) apiLogout(w http.ResponseWriter, r *http.Request) {
	if token := sessionToken(r); token != "" {
		if err := s.cfg.Store.DeleteSession(r.Context(), accounts.TokenHash(token)); err != nil {
			s.fail(w, err)
			return
		}
	}
	clearSessionCookie(w)
	w.WriteHeader(http.StatusNoContent)
}

type userJSON struct {
	Name     string    `json:"name"`
	Password string    `json:"password,omitempty"` // only a generated one, once, in the answer that made it
	Admin    bool      `json:"admin"`
	Created  time.Time `json:"created_at,omitzero"`
}

// createUsers hashes the entries' passwords and stores them as accounts,
// all or none.
func (s *Server) createUsers(ctx context.Context, entries []accounts.Entry, admin bool) ([]userJSON, error) {
	users := make([]store.User, len(entries))
	errs := make([]error, len(entries))
	var wg sync.WaitGroup
	for i, e := range entries {
		wg.Go(func() { // the hasher bounds how many run at once
			users[i] = store.User{Name: e.Name, Admin: admin}
			users[i].PasswordHash, errs[i] = s.hasher.Hash(ctx, e.Password)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if err := s.cfg.Store.CreateUsers(ctx, users); err != nil {
		if errors.Is(err, store.ErrExists) {
			return nil, &submitError{http.StatusConflict, strings.TrimPrefix(err.Error(), "store: ")}
		}
		return nil, err
	}
	out := make([]userJSON, len(entries))
	for i, e := range entries {
		out[i] = userJSON{Name: e.Name, Admin: admin}
		if e.Generated {
			out[i].Password = e.Password
		}
	}
	return out, nil
}

// apiCreateUsers answers POST /api/users: one account as JSON
// {"name","password","admin"}, or a class list as text/csv (lines of
// name,password). An empty password is generated and answered, once.
func (s *Server) apiCreateUsers(w http.ResponseWriter, r *http.Request) {
	var entries []accounts.Entry
	admin := false
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct == "text/csv" {
		var err error
		if entries, err = accounts.ParseClassList(io.LimitReader(r.Body, 1<<20)); err != nil {
			apiError(w, http.StatusBadRequest, "class list: "+err.Error())
			return
		}
	} else {
		var req struct {
			Name, Password string
			Admin          bool
		}
		if !decodeJSON(w, r, 4096, &req) {
			return
		}
		e, err := newEntry(req.Name, req.Password)
		if err != nil {
			apiError(w, http.StatusBadRequest, err.Error())
			return
		}
		entries, admin = []accounts.Entry{e}, req.Admin
	}
	created, err := s.createUsers(r.Context(), entries, admin)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"users": created})
}

// newEntry checks one account's name and password, generating the
// password if it is empty.
func newEntry(name, password string) (accounts.Entry, error) {
	e := accounts.Entry{Name: strings.TrimSpace(name), Password: password}
	if err := accounts.CheckName(e.Name); err != nil {
		return e, err
	}
	if e.Password == "" {
		e.Password, e.Generated = accounts.NewPassword(), true
	}
	return e, accounts.CheckPassword(e.Password)
}

// apiSetPassword answers PUT /api/users/{name}/password {"password"}: a
// new password (generated and answered if empty) for a student who forgot
// theirs; it ends the account's sessions.
func (s *Server) apiSetPassword(w http.ResponseWriter, r *http.Request) {
	var req struct{ Password string }
	if !decodeJSON(w, r, 4096, &req) {
		return
	}
	e, err := newEntry(r.PathValue("name"), req.Password)
	if err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	hash, err := s.hasher.Hash(r.Context(), e.Password)
	if err != nil {
		s.fail(w, err)
		return
	}
	if err := s.cfg.Store.SetPassword(r.Context(), e.Name, hash); errors.Is(err, store.ErrNoUser) {
		apiError(w, http.StatusNotFound, "no such user")
		return
	} else if err != nil {
		s.fail(w, err)
		return
	}
	u := userJSON{Name: e.Name}
	if e.Generated {
		u.Password = e.Password
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) apiUsers(w http.ResponseWriter, r *http.Request) {
	users, err := s.cfg.Store.Users(r.Context())
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]userJSON, len(users))
	for i, u := range users {
		out[i] = userJSON{Name: u.Name, Admin: u.Admin, Created: u.CreatedAt.UTC()}
	}
	writeJSON(w, http.StatusOK, out)
}

// --- pages ---

// pageLogin shows the login form, or who is logged in with a form to log out.
func (s *Server) pageLogin(w http.ResponseWriter, r *http.Request) {
	s.render(w, http.StatusOK, "login.html", s.loginData(r, ""))
}

func (s *Server) loginData(r *http.Request, problem string) map[string]any {
	v := viewerOf(r)
	return map[string]any{"User": v.User, "Admin": v.Admin, "CSRF": csrfToken(r), "Next": localPath(r.FormValue("next")), "Error": problem}
}

// localPath returns p if it is a path on this site, else "": a login must
// not send a user elsewhere.
func localPath(p string) string {
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") {
		return ""
	}
	return p
}

// pageLoginPost takes the login form.
func (s *Server) pageLoginPost(w http.ResponseWriter, r *http.Request) {
	if !sameOrigin(r) {
		s.render(w, http.StatusForbidden, "error.html", "form posts must come from this site's own pages")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 8192)
	if !s.limiter(loginKey(r.PostFormValue("name"))).Allow() {
		s.render(w, http.StatusTooManyRequests, "login.html", s.loginData(r, "too many logins to this account: wait a little"))
		return
	}
	_, token, expires, err := s.login(r.Context(), strings.TrimSpace(r.PostFormValue("name")), r.PostFormValue("password"))
	if errors.Is(err, errBadLogin) {
		s.render(w, http.StatusUnauthorized, "login.html", s.loginData(r, err.Error()))
		return
	}
	if err != nil {
		s.log.Error("login", "err", err)
		s.render(w, http.StatusInternalServerError, "error.html", "internal error")
		return
	}
	setSessionCookie(w, r, token, expires)
	next := localPath(r.PostFormValue("next"))
	if next == "" {
		next = "/contests"
	}
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// pageLogout takes the logout form.
func (s *Server) pageLogout(w http.ResponseWriter, r *http.Request) {
	if !formAllowed(r) {
		s.render(w, http.StatusForbidden, "error.html", "this form has expired: reload its page and try again")
		return
	}
	if err := s.cfg.Store.DeleteSession(r.Context(), accounts.TokenHash(sessionToken(r))); err != nil {
		s.log.Error("logout", "err", err)
	}
	clearSessionCookie(w)
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/sudoku-judge/sudoku-judge/judge"
	"github.com/sudoku-judge/sudoku-judge/judge/accounts"
	"github.com/sudoku-judge/sudoku-judge/judge/lang"
	"github.com/sudoku-judge/sudoku-judge/judge/queue"
	"github.com/sudoku-judge/sudoku-judge/judge/store"
	"github.com/sudoku-judge/sudoku-judge/problems"
)

// Config configures a Server.
type Config struct {
	Store    *store.Store
	Queue    *queue.Conn
	Problems []problems.Task
	DataHash string // of Problems; sent with every job
	// TimeLimit, if not zero, replaces every problem's time limit.
	TimeLimit time.Duration
	// Headline, if true, judges only each problem's headline test group.
	Headline bool
	// AdminToken allows rejudge and delete (Authorization: Bearer TOKEN);
	// empty disables both (unless Accounts says an account is an admin).
	AdminToken string
	// Accounts, if not nil, tells which account each request comes from;
	// a logged-in account is the author of what it submits. Nil means the
	// accounts and sessions of Store (POST /api/users, /api/login).
	Accounts Accounts
	// MaxSource bounds a source's size in bytes; 0 means 64 KiB.
	MaxSource int
	// Rate and Burst limit submissions per account when logged in, else
	// per client address; 0 means 1 per second with a burst of 20.
	Rate  rate.Limit
	Burst int
	// MaxPending bounds the submissions one account (or address) may have
	// waiting for their verdicts, and Quota those it may have stored;
	// 0 for no bound.
	MaxPending, Quota int
	// Keep, if not zero, is how long judged submissions are kept (but
	// those of contests, kept with their scoreboards).
	Keep time.Duration
	// DataDir is where the store and the queue keep their files; with
	// MinFree, the bytes that must be free there to take submissions
	// (and for /healthz to say ok).
	DataDir string
	MinFree uint64
	// Limits bound what one client may hold of the server (connections,
	// live pages, time to send a request or take a response).
	Limits Limits
	// LocalWorkers reports how many workers run in this process, for /metrics.
	LocalWorkers func() int
	Log          *slog.Logger
}

// A Server serves the judge's API and pages.
type Server struct {
	cfg         Config
	probs       map[string]problems.Task
	statements  map[string]template.HTML // by problem id
	subWatchers watchers                 // the live pages of each submission
	workers     workers                  // alive, by their heartbeats
	metrics     *metrics
	pages       *template.Template
	mux         *http.ServeMux
	log         *slog.Logger
	mu          sync.Mutex
	limiters    map[string]*rate.Limiter
	streams     map[string]int // open event streams by client (viewer.key)
	health      health
	requeue     atomic.Bool // an enqueue failed: enqueue the unfinished again
	hasher      *accounts.Hasher
	// contestWatchers are the live pages of each contest.
	contestWatchers watchers
}

//go:embed templates static
var files embed.FS

// New returns a Server; call Start to connect it to the queue.
func New(cfg Config) (*Server, error) {
	if cfg.MaxSource == 0 {
		cfg.MaxSource = 64 << 10
	}
	if cfg.Rate == 0 {
		cfg.Rate, cfg.Burst = 1, 20
	}
	cfg.Limits.defaults()
	if cfg.LocalWorkers == nil {
		cfg.LocalWorkers = func() int { return 0 }
	}
	if cfg.Accounts == nil {
		cfg.Accounts = storeAccounts{cfg.Store}
	}
	s := &Server{cfg: cfg, probs: map[string]problems.Task{}, log: cfg.Log, limiters: map[string]*rate.Limiter{},
		streams: map[string]int{}, hasher: accounts.NewHasher(2)}
	if s.log == nil {
		s.log = slog.Default()
	}
	for _, p := range cfg.Problems {
		s.probs[p.ID()] = p
	}
	s.metrics = newMetrics(cfg.Store, &s.workers, cfg.LocalWorkers)
	t, err := template.New("").Funcs(template.FuncMap{
		"ms": func(f float64) string { return fmt.Sprintf("%.0f", f) },
	}).ParseFS(files, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("web: templates: %w", err)
	}
	s.pages = t
	if s.statements, err = statements(cfg.Problems); err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
}

// Start subscribes to progress, re-enqueues unfinished submissions and
// consumes results until ctx ends. It returns once resumed; consuming
// goes on in the background.
func (s *Server) Start(ctx context.Context) error {
	unsub, err := s.cfg.Queue.SubscribeProgress(s.progress)
	if err != nil {
		return err
	}
	context.AfterFunc(ctx, unsub)
	unbeat, err := s.cfg.Queue.SubscribeHeartbeats(func(h queue.Heartbeat) { s.workers.beat(h, time.Now()) })
	if err != nil {
		return err
	}
	context.AfterFunc(ctx, unbeat)
	// Whatever a killed server left unfinished is enqueued again: now,
	// or by watch once the queue can take it.
	s.enqueueUnfinished(ctx)
	s.health.set(s.check(ctx))
	go s.watch(ctx)
	go s.prune(ctx)
	go func() {
		if err := s.cfg.Queue.ConsumeResults(ctx, s.result); err != nil && ctx.Err() == nil {
			s.log.Error("consuming results", "err", err)
		}
	}()
	return nil
}

// enqueue queues sub's current attempt. When it fails, the submission is
// still stored, and watch enqueues it again once the queue can take it.
func (s *Server) enqueue(ctx context.Context, sub *store.Submission) error {
	err := s.cfg.Queue.Enqueue(ctx, queue.Job{ID: sub.ID, Attempt: sub.Attempt, Secret: sub.Secret, Problem: sub.Problem, Language: sub.Language, Source: sub.Source, DataHash: s.cfg.DataHash,
		TimeLimitMS: s.cfg.TimeLimit.Milliseconds(), Headline: s.cfg.Headline})
	if err != nil {
		s.requeue.Store(true)
	}
	return err
}

// result stores a worker's result once and tells the watchers. A result
// without its attempt's secret was not handed out: it is dropped (and
// counted), and the real one is still stored when it comes.
func (s *Server) result(r queue.Result) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i := range r.Tests {
		r.Tests[i].MakeSafe() // a worker's judge made them safe; the pages show them: again
	}
	stored, err := s.cfg.Store.SaveResult(ctx, store.Judgement{ID: r.ID, Attempt: r.Attempt, Secret: r.Secret, Worker: r.Worker,
		Verdict: r.Verdict, Groups: r.Groups, Tests: r.Tests, At: r.JudgedAt, Compiled: r.Compiled})
	if errors.Is(err, store.ErrWrongSecret) {
		s.metrics.forged()
		s.log.Warn("dropped a result without its attempt's secret", "submission", r.ID, "attempt", r.Attempt, "worker", r.Worker)
		return nil
	}
	if err != nil {
		return err
	}
	if !stored {
		return nil // a duplicate delivery or a superseded attempt
	}
	sub, err := s.cfg.Store.Get(ctx, r.ID)
	if err != nil {
		return nil // deleted meanwhile
	}
	s.metrics.judged(r.Verdict, sub.JudgedAt.Sub(sub.CreatedAt))
	s.subWatchers.notify(r.ID)
	s.changed(sub)
	return nil
}

// ServeHTTP serves the API and the pages. Handlers learn who sent a
// request from viewerOf.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Referrer-Policy", "same-origin")
	s.mux.ServeHTTP(w, withViewer(r, s.identify(r)))
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("POST /api/submissions", s.apiSubmit)
	m.HandleFunc("GET /api/submissions", s.apiList)
	m.HandleFunc("GET /api/submissions/{id}", s.apiSubmission)
	m.HandleFunc("GET /api/submissions/{id}/events", s.apiEvents)
	m.HandleFunc("POST /api/submissions/{id}/rejudge", s.admin(s.apiRejudge))
	m.HandleFunc("DELETE /api/submissions/{id}", s.admin(s.apiDelete))
	m.HandleFunc("GET /api/problems", s.apiProblems)
	m.HandleFunc("GET /api/problems/{id}", s.apiProblem)
	m.HandleFunc("GET /healthz", s.healthz)
	m.Handle("GET /metrics", s.metrics)
	m.HandleFunc("GET /{$}", s.pageProblems)
	m.HandleFunc("GET /problems/{id}", s.pageProblem)
	m.HandleFunc("POST /submit", s.pageSubmit)
	m.HandleFunc("GET /submissions", s.pageSubmissions)
	m.HandleFunc("GET /submissions/{id}", s.pageSubmission)

	m.HandleFunc("POST /api/login", s.apiLogin)
	m.HandleFunc("POST /api/logout", s.apiLogout)
	m.HandleFunc("POST /api/users", s.admin(s.apiCreateUsers))
	m.HandleFunc("GET /api/users", s.admin(s.apiUsers))
	m.HandleFunc("PUT /api/users/{name}/password", s.admin(s.apiSetPassword))
	m.HandleFunc("POST /api/contests", s.admin(s.apiCreateContest))
	m.HandleFunc("GET /api/contests", s.apiContests)
	m.HandleFunc("GET /api/contests/{id}", s.apiContest)
	m.HandleFunc("PUT /api/contests/{id}", s.admin(s.apiReplaceContest))
	m.HandleFunc("POST /api/contests/{id}/freeze", s.admin(s.apiFreeze(true)))
	m.HandleFunc("POST /api/contests/{id}/unfreeze", s.admin(s.apiFreeze(false)))
	m.HandleFunc("GET /api/contests/{id}/scoreboard", s.apiScoreboard)
	m.HandleFunc("GET /api/contests/{id}/events", s.apiContestEvents)
	m.HandleFunc("GET /login", s.pageLogin)
	m.HandleFunc("POST /login", s.pageLoginPost)
	m.HandleFunc("GET /logout", s.pageLogin) // who is logged in, and the button to log out
	m.HandleFunc("POST /logout", s.pageLogout)
	m.HandleFunc("GET /contests", s.pageContests)
	m.HandleFunc("GET /contests/{id}", s.pageContest)
	m.HandleFunc("GET /contests/{id}/scoreboard", s.pageScoreboard)
	m.HandleFunc("GET /admin", s.pageAdmin)
	m.HandleFunc("POST /admin/users", s.pageAdminUsers)
	m.HandleFunc("POST /admin/contests", s.pageAdminContest)
	m.HandleFunc("POST /admin/contests/{id}/freeze", s.pageAdminFreeze(true))
	m.HandleFunc("POST /admin/contests/{id}/unfreeze", s.pageAdminFreeze(false))
	m.HandleFunc("GET /admin/submissions", s.pageAdminSubmissions)
	m.HandleFunc("POST /admin/submissions/{id}/rejudge", s.pageAdminSubmission("rejudge"))
	m.HandleFunc("POST /admin/submissions/{id}/delete", s.pageAdminSubmission("delete"))
	m.Handle("GET /static/", http.FileServerFS(files))
	s.mux = m
}

// --- submissions ---

type submissionJSON struct {
	ID       string              `json:"id"`
	Problem  string              `json:"problem"`
	Language string              `json:"language"`
	Status   string              `json:"status"`
	Verdict  string              `json:"verdict"`          // the headline verdict, as test --json's
	Groups   []judge.GroupResult `json:"groups,omitempty"` // every judged group's, the headline first
	Tests    []judge.TestResult  `json:"tests"`
	Worker   string              `json:"worker"`
	Attempt  int                 `json:"attempt"`
	Created  time.Time           `json:"created_at"`
	Judged   *time.Time          `json:"judged_at"`
	Source   string              `json:"source,omitempty"`  // only for its author and the admin
	User     string              `json:"user,omitempty"`    // the author's account, if logged in
	Contest  string              `json:"contest,omitempty"` // the contest it was made to
	// Compiled says the program compiled only as the problem's original
	// compiler; the default's error it names only for its author and the
	// admin.
	Compiled string `json:"compiled,omitempty"`
}

// toJSON returns sub as v may see it: a test's messages, diffs and
// stderr only for its author and the admin. The source is never in it
// (see apiSubmission).
func toJSON(sub *store.Submission, v viewer) submissionJSON {
	j := submissionJSON{ID: sub.ID, Problem: sub.Problem, Language: sub.Language, Status: sub.Status, Verdict: sub.Verdict,
		Groups: sub.Groups, Tests: testsFor(v, sub, sub.Tests), Worker: sub.Worker, Attempt: sub.Attempt, Created: sub.CreatedAt.UTC(),
		Compiled: compiledFor(v, sub), User: sub.User, Contest: sub.Contest}
	if j.Tests == nil {
		j.Tests = []judge.TestResult{}
	}
	if !sub.JudgedAt.IsZero() {
		t := sub.JudgedAt.UTC()
		j.Judged = &t
	}
	return j
}

// compiledFor returns how sub compiled as v may see it: the compiler's
// error under the default, which quotes the source, only for its author
// and the admin; "compiled as gnu++98, POJ's G++ (...)" for everyone.
func compiledFor(v viewer, sub *store.Submission) string {
	if v.mayRead(sub) {
		return sub.Compiled
	}
	how, _, _ := strings.Cut(sub.Compiled, "; as ")
	return how
}

// A submitError is a refused submission: its status and a message for the user.
type submitError struct {
	status int
	msg    string
}

func (e *submitError) Error() string { return e.msg }

// submit validates, stores and enqueues a submission; owner is the hash
// of the client's token, the author when it is not logged in. A
// submission to a contest is taken only from its users while it runs.
func (s *Server) submit(r *http.Request, problem, language, source, owner, contestID string) (*store.Submission, error) {
	v := viewerOf(r)
	if err := s.admit(r.Context(), v); err != nil {
		return nil, err
	}
	p, ok := s.probs[strings.ToLower(strings.TrimSpace(problem))]
	if !ok {
		return nil, &submitError{http.StatusBadRequest, fmt.Sprintf("unknown problem %q", problem)}
	}
	lg, err := lang.Lookup(strings.TrimSpace(language))
	if err != nil {
		return nil, &submitError{http.StatusBadRequest, err.Error()}
	}
	if len(source) > s.cfg.MaxSource {
		return nil, &submitError{http.StatusRequestEntityTooLarge, fmt.Sprintf("source is %d bytes; the limit is %d", len(source), s.cfg.MaxSource)}
	}
	if strings.TrimSpace(source) == "" {
		return nil, &submitError{http.StatusBadRequest, "empty source"}
	}
	if contestID != "" {
		if err := s.mayEnter(r.Context(), contestID, v, p.ID()); err != nil {
			return nil, err
		}
	}
	sub := &store.Submission{ID: newID(), Problem: p.ID(), Language: lg.Name, Source: source, Owner: owner, User: v.User, Client: v.key(), Contest: contestID}
	if v.User != "" {
		sub.Owner = "" // the account is the author, not whoever uses the browser next
	}
	if err := s.cfg.Store.Create(r.Context(), sub); err != nil {
		return nil, err
	}
	s.metrics.accept()
	s.changed(sub)
	if err := s.enqueue(r.Context(), sub); err != nil {
		// Stored, so not lost: enqueued again once the queue can take it.
		s.log.Error("enqueue", "submission", sub.ID, "err", err)
	}
	return sub, nil
}

func (s *Server) apiSubmit(w http.ResponseWriter, r *http.Request) {
	// JSON only: a cross-site page can post a form or text/plain without
	// asking, but not application/json.
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		apiError(w, http.StatusUnsupportedMediaType, "send the submission as Content-Type: application/json")
		return
	}
	var req struct{ Problem, Language, Source, Contest string }
	body := http.MaxBytesReader(w, r.Body, int64(s.cfg.MaxSource)*2+4096)
	if err := json.NewDecoder(body).Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			apiError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request over %d bytes; the source limit is %d", tooBig.Limit, s.cfg.MaxSource))
			return
		}
		apiError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return
	}
	token, owner := ensureToken(w, r)
	sub, err := s.submit(r, req.Problem, req.Language, req.Source, owner, strings.TrimSpace(req.Contest))
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": sub.ID, "status": sub.Status, "token": token})
}

func (s *Server) fail(w http.ResponseWriter, err error) {
	setRetryAfter(w, err)
	var se *submitError
	if errors.As(err, &se) {
		apiError(w, se.status, se.msg)
		return
	}
	s.log.Error("request", "err", err)
	apiError(w, http.StatusInternalServerError, "internal error")
}

// apiList lists the newest submissions: the client's own when it says who
// it is (an account, or a token), else everyone's; the admin's are everyone's.
func (s *Server) apiList(w http.ResponseWriter, r *http.Request) {
	v := viewerOf(r)
	var f store.Filter
	switch {
	case v.Admin:
		q := r.URL.Query()
		f = store.Filter{User: q.Get("user"), Problem: q.Get("problem"), Verdict: q.Get("verdict"), Contest: q.Get("contest")}
	case v.User != "":
		f.User = v.User
	default:
		f.Owner = v.owner
		f.NoContest = true // a contest's submissions are its authors' and the admin's
	}
	subs, err := s.cfg.Store.List(r.Context(), f, 1000)
	if err != nil {
		s.fail(w, err)
		return
	}
	out := make([]submissionJSON, 0, len(subs))
	for _, sub := range subs {
		j := toJSON(sub, v)
		j.Tests = nil
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) (*store.Submission, bool) {
	sub, err := s.cfg.Store.Get(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "no such submission")
		return nil, false
	}
	if err != nil {
		s.fail(w, err)
		return nil, false
	}
	if hidden(viewerOf(r), sub) {
		apiError(w, http.StatusNotFound, "no such submission")
		return nil, false
	}
	return sub, true
}

func (s *Server) apiSubmission(w http.ResponseWriter, r *http.Request) {
	sub, ok := s.get(w, r)
	if !ok {
		return
	}
	v := viewerOf(r)
	// While it is judged, its tests so far, as its page shows them.
	tests, _, err := s.liveTests(r.Context(), sub)
	if err != nil {
		s.fail(w, err)
		return
	}
	sub.Tests = tests
	j := toJSON(sub, v)
	if v.mayRead(sub) {
		j.Source = sub.Source
	}
	writeJSON(w, http.StatusOK, j)
}

func (s *Server) apiRejudge(w http.ResponseWriter, r *http.Request) {
	sub, err := s.rejudge(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "no such submission")
		return
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"id": sub.ID, "status": store.Queued, "attempt": sub.Attempt})
}

func (s *Server) apiDelete(w http.ResponseWriter, r *http.Request) {
	err := s.remove(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		apiError(w, http.StatusNotFound, "no such submission")
		return
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// --- problems ---

type problemJSON struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Source      string       `json:"source,omitempty"`
	SourceURL   string       `json:"source_url,omitempty"`
	TimeLimitMS int64        `json:"time_limit_ms"`
	MemoryMiB   int64        `json:"memory_mib"`
	OutputMiB   int64        `json:"output_mib"`
	Statement   string       `json:"statement,omitempty"` // Markdown, as the problem's folder has it
	Samples     []sampleJSON `json:"samples,omitempty"`
}

type sampleJSON struct {
	Name   string `json:"name"`
	Input  string `json:"input"`
	Answer string `json:"answer"`
}

// problemInfo describes p with the limits this server judges it by; in
// detail, with its statement and samples, if detail is true.
func (s *Server) problemInfo(p problems.Task, detail bool) (problemJSON, error) {
	cfg := p.Config()
	j := problemJSON{ID: p.ID(), Name: cfg.Name, Source: cfg.Source, SourceURL: cfg.SourceURL,
		TimeLimitMS: cfg.TimeLimit().Milliseconds(), MemoryMiB: cfg.MemoryLimit() >> 20, OutputMiB: cfg.OutputLimit() >> 20}
	if s.cfg.TimeLimit != 0 {
		j.TimeLimitMS = s.cfg.TimeLimit.Milliseconds()
	}
	if !detail {
		return j, nil
	}
	if sp, ok := p.(stated); ok {
		md, err := sp.Statement()
		if err != nil {
			return j, fmt.Errorf("web: problem %s: %w", p.ID(), err)
		}
		j.Statement = string(md)
	}
	tests, err := p.Tests()
	if err != nil {
		return j, err
	}
	for _, t := range tests {
		if t.Group() == "sample" {
			j.Samples = append(j.Samples, sampleJSON{Name: t.Name, Input: string(t.Input), Answer: string(t.Answer)})
		}
	}
	return j, nil
}

func (s *Server) apiProblems(w http.ResponseWriter, r *http.Request) {
	out := []problemJSON{}
	for _, p := range s.cfg.Problems {
		j, _ := s.problemInfo(p, false)
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) apiProblem(w http.ResponseWriter, r *http.Request) {
	p, ok := s.probs[strings.ToLower(r.PathValue("id"))]
	if !ok {
		apiError(w, http.StatusNotFound, "no such problem")
		return
	}
	j, err := s.problemInfo(p, true)
	if err != nil {
		s.fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, j)
}

// --- helpers ---

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

func apiError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// newID returns an unguessable submission id: 128 random bits.
func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// sameOrigin reports whether a form post comes from this site's own page.
func sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin"
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		origin = r.Header.Get("Referer")
	}
	u, err := url.Parse(origin)
	return err == nil && origin != "" && u.Host == r.Host
}

// Package web is the online judge's HTTP side: the JSON API, server-sent
// events for live verdicts, Prometheus metrics and the server-rendered
// pages (html/template, with a little JavaScript for live updates only).
//
// It also owns the server's half of the queue: it enqueues every stored
// submission, stores each result once when it arrives, and on start
// re-enqueues whatever a killed server left unfinished.
//
// Who sent a request is worked out once, in ServeHTTP (viewer.go): an
// account when Config.Accounts knows one, the admin token, the browser's
// token. The author of a submission is its account when logged in, else
// its browser.
//
// Safety: submissions get 128-bit random ids; sources, messages, diffs,
// stderr and compiler output are shown only to their author (an account,
// or a per-browser token kept as a hash) and the admin, verdicts and times
// to everyone; form
// posts must be same-origin; sources are size-limited and submissions
// rate-limited per client; every user string reaches HTML through
// html/template's escaping, statements are HTML rendered from their
// Markdown with its raw HTML left out (at go generate: internal/markdown), and the pages' Content-Security-Policy runs no inline script
// (live updates are static/live.js). The JSON API takes only
// application/json, which a page elsewhere cannot post without asking.
//
// A problem page shows the problem's statement rendered, its limits,
// its sample tests and a form to paste or upload a source.
//
// Contests (contests.go, contestpages.go, admin.go, accounts.go): the
// store's accounts log in by /login or POST /api/login (a session cookie
// or a bearer token; package accounts hashes the passwords); the admin
// creates users, class lists and contests (package contests) by the API
// or /admin; a submission naming a contest is taken only from its users
// while it runs, and is shown only to its author and the admin; each
// contest's scoreboard (package scoreboard, as its viewer may see it
// under the freeze) is served as CLICS JSON, as a page, and as an event
// stream that static/contest.js draws. The admin's forms carry a CSRF
// token derived from the session.
package web

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
// A problem page shows the problem's statement.md rendered, its limits,
// its sample tests and a form to paste or upload a source.
package web

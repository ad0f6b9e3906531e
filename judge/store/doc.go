// Package store keeps the online judge's submissions and their results in
// SQLite (modernc.org/sqlite, pure Go): one file under the server's data
// directory, created and migrated on open.
//
// A submission is stored before it is acknowledged to its author, and each
// judgement is stored once per (submission, attempt): a result delivered
// twice, as a redelivered queue message can be, changes nothing the second
// time. A rejudge is a new attempt.
package store

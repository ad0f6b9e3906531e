// Package checker runs testlib-style external checkers (a problem setter's
// or a contestant's --checker program) in the sandbox. The checker contract
// itself ([contest.Checker], [contest.Run], the stock line and token
// checkers and the registry by name) lives in problems/contest.
package checker

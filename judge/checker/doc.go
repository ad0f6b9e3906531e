// Package checker runs the checkers that are programs in the sandbox: a
// testlib-style checker ([External]: a problem setter's or a contestant's
// --checker) and a Kattis output validator ([Kattis]: the output on stdin,
// exit 42 or 43). [For] gives a problem's checker, building the program
// its package holds when it holds one ([Build]). The checker contract
// itself ([contest.Checker], [contest.Run], the stock line and token
// checkers and the registry by name) lives in problems/contest.
package checker

// Package contests is the model of a contest as DOMjudge and CMS run one
// for a class: a set of the judge's problems, the users taking part, a
// start, an end, an optional scoreboard freeze and a scoring rule (ICPC
// or IOI), with the rules of who may submit what and when.
//
// It holds no state of its own: the store keeps contests, the web server
// asks a Contest whether a submission is allowed, and package scoreboard
// ranks a contest's submissions. The name is plural so as not to be read
// as problems/contest, the verdict and checker contract.
package contests

//go:build !unix

package checker

// noFollow is nothing where there is no sandbox: the validator runs as
// the judge's own user and can read no more than the judge.
const noFollow = 0

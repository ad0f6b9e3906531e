// Package flagval parses the sizes, durations, counts and rates given on the
// command line, strictly: a value that is not a plain, finite, positive
// number in a known unit is an error, never a limit of zero, which the
// sandbox would read as no limit at all.
//
// Each parser has a [pflag.Value]-shaped adapter (String, Set, Type), so a
// command declares a strict flag with one line:
//
//	fs.Var(flagval.NewSize(&l.Memory), "memory-limit", "...")
//
// An adapter leaves its variable alone until the flag is given, so a zero
// default can still mean "not set" (the problem's own limit) while an
// explicit 0 is refused.
//
// [pflag.Value]: https://pkg.go.dev/github.com/spf13/pflag#Value
package flagval

package lang

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// An Original is a problem's original judge's compiler, such as POJ's G++:
// a version of a language (CPP98), and the judge's name for it. A source
// of the version's family that does not compile as the family's language
// (C++17) is compiled as the version, so that a program the original judge
// accepted compiles here without flags.
type Original struct {
	Language *Language // a version, such as Lookup("c++98")'s
	// OldHeaders also tries the compile with gcc4Headers included first:
	// what the C++ library headers of GCC 4.x brought along (see
	// gcc4Headers).
	OldHeaders bool
	Judge      string // the judge's name for it: "POJ's G++ (MinGW GCC 4.4.0)"
}

// gcc4Name is the file, in the build directory, that holds gcc4Headers.
const gcc4Name = "sudoku-judge-gcc4-headers.h"

// gcc4Headers is included before a C++ source compiled with
// Original.OldHeaders (g++ -include). In GCC 4.2 to 4.5, libstdc++'s
// <bits/c++locale.h>, which <string>, <ios>, <iostream> and every stream
// header include, included <cstring>, <cstdio> and <cstdarg>, in the GNU
// locale model (Linux) as in the generic one (MinGW, POJ's and HDU's G++):
// a program that included only <iostream> could call memset, strlen,
// printf or scanf. Later libstdc++ includes only <clocale> there. This
// header includes those three, and nothing else: a program that includes
// no stream or string header is given them too, which GCC 4 would not
// have done (a CE there, compiled here).
const gcc4Headers = `/* sudoku-judge: what <iostream> and <string> brought along in GCC 4.x (bits/c++locale.h). */
#ifdef __cplusplus
#include <cstring>
#include <cstdio>
#include <cstdarg>
#endif
`

// compileOriginal compiles the source of l in dir again as each of
// opts.Originals of l's family, after it failed to compile as l: as the
// version, then with OldHeaders also with gcc4Headers included. It returns
// how it compiled ("gnu++98, POJ's G++ (MinGW GCC 4.4.0)"), or "" when
// none compiled, with the originals it tried, and an error only when the
// judge could not try.
func compileOriginal(ctx context.Context, dir, src, out string, l *Language, opts Options) (how string, tried []string, err error) {
	if l == nil || l.Family != "" || opts.Compile != "" {
		return "", nil, nil // a version the user chose, or a command of their own: theirs to choose
	}
	for i := range opts.Originals {
		o := &opts.Originals[i]
		if o.Language == nil || o.Language.Family != l.Name {
			continue
		}
		tried = append(tried, o.Language.Std+", "+o.Judge)
		base := expand(o.Language.Compile, src, out, opts.RunMemory)
		cmd, toolchain, err := o.Language.resolve(base[0], true)
		if err != nil {
			return "", tried, err
		}
		tries := [][]string{append([]string{cmd}, base[1:]...)}
		if o.OldHeaders {
			hdr := filepath.Join(dir, gcc4Name)
			if err := os.WriteFile(hdr, []byte(gcc4Headers), 0o644); err != nil {
				return "", tried, fmt.Errorf("lang: %w", err)
			}
			tries = append(tries, append([]string{cmd, "-include", hdr}, base[1:]...))
		}
		for k, words := range tries {
			var err error
			if opts.Sandbox != nil {
				err = compileSandboxed(ctx, dir, words, o.Language, toolchain, opts)
			} else {
				err = compile(ctx, dir, words, o.Language.Env, opts.Timeout, o.Language.Name)
			}
			var ce *CompileError
			switch {
			case err == nil:
				how := o.Language.Std
				if k > 0 {
					how += " with GCC 4's implicit includes"
				}
				return how + ", " + o.Judge, tried, nil
			case !errors.As(err, &ce):
				return "", tried, err
			}
		}
	}
	return "", tried, nil
}

// testlib.h: the few calls of the testlib checker interface that check.cpp
// uses, written for sudoku-judge's tests (not testlib itself): a checker
// runs as check input output answer and exits 0 (ok), 1 (wrong answer) or
// 2 (presentation error), saying why on stderr.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

enum TResult { _ok = 0, _wa = 1, _pe = 2 };

struct InStream {
	std::FILE *f = nullptr;
	long long readLong() {
		long long v;
		if (std::fscanf(f, "%lld", &v) != 1)
			quit(_pe, "expected an integer");
		return v;
	}
	bool seekEof() {
		int c;
		while ((c = std::fgetc(f)) == ' ' || c == '\n' || c == '\r' || c == '\t')
			;
		return c == EOF;
	}
	[[noreturn]] static void quit(TResult r, const char *msg) {
		std::fprintf(stderr, "%s\n", msg);
		std::exit(r);
	}
};

static InStream inf, ouf, ans;

inline void registerTestlibCmd(int argc, char **argv) {
	if (argc < 4)
		std::exit(3);
	inf.f = std::fopen(argv[1], "r");
	ouf.f = std::fopen(argv[2], "r");
	ans.f = std::fopen(argv[3], "r");
	if (!inf.f || !ouf.f || !ans.f)
		std::exit(3);
}

[[noreturn]] inline void quitf(TResult r, const char *format, ...) {
	va_list args;
	va_start(args, format);
	std::vfprintf(stderr, format, args);
	va_end(args);
	std::fputc('\n', stderr);
	std::exit(r);
}

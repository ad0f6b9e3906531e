// A testlib-style checker: the output must be two positive integers
// summing to the input's N, and nothing else.
#include "testlib.h"

int main(int argc, char **argv) {
	registerTestlibCmd(argc, argv);
	long long n = inf.readLong(), a = ouf.readLong(), b = ouf.readLong();
	if (a <= 0 || b <= 0)
		quitf(_wa, "the integers must be positive, got %lld and %lld", a, b);
	if (a + b != n)
		quitf(_wa, "%lld + %lld is not %lld", a, b, n);
	if (!ouf.seekEof())
		quitf(_pe, "trailing output");
	quitf(_ok, "%lld + %lld = %lld", a, b, n);
}

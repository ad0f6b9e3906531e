// want: OLE output=16
// A flood of one-byte tokens past the output limit: the judge keeps the
// limit's worth and no more.
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	static char buf[1 << 16];
	for (size_t i = 0; i < sizeof buf; i += 2) { buf[i] = '1'; buf[i + 1] = ' '; }
	for (long n = 0; n < (63L << 20); n += sizeof buf)
		if (write(1, buf, sizeof buf) < 0)
			return 1;
	return 0;
}

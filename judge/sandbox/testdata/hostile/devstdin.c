// want: OK
// Reads its input through /dev/stdin and /proc/self/fd/0 and writes
// through /dev/stdout, /dev/stderr and /proc/self/fd/1, as honest
// programs do (fopen("/dev/stdin"), Python's open('/dev/stdin'), Node's
// fs.readFileSync('/dev/stdin')): each must open for the box's user.
#include <stdio.h>
#include <string.h>
#include <errno.h>

int main(void) {
	int bad = 0;
	char buf[64] = {0};
	FILE *in = fopen("/dev/stdin", "r");
	if (!in) {
		fprintf(stderr, "fopen /dev/stdin: %s\n", strerror(errno));
		bad = 1;
	} else if (!fgets(buf, sizeof buf, in) || strcmp(buf, "the input\n") != 0) {
		fprintf(stderr, "read \"%s\" from /dev/stdin\n", buf);
		bad = 1;
	}
	const char *outs[] = {"/dev/stdout", "/proc/self/fd/1", "/dev/stderr", "/proc/self/fd/2", "/dev/fd/0", "/proc/self/fd/0"};
	for (int i = 0; i < 6; i++) {
		FILE *f = fopen(outs[i], i < 4 ? "a" : "r");
		if (!f) {
			fprintf(stderr, "fopen %s: %s\n", outs[i], strerror(errno));
			bad = 1;
			continue;
		}
		if (i < 4 && (fprintf(f, "%s\n", outs[i]) < 0 || fflush(f) != 0)) {
			fprintf(stderr, "write %s: %s\n", outs[i], strerror(errno));
			bad = 1;
		}
		fclose(f);
	}
	return bad;
}

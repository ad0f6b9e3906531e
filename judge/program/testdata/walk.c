/* Walks every directory it can see, from /, and prints what follows the
 * marker of a planted answer in any file it can read: the judge's tests
 * must show it none (TestAnswersConfined). The marker is built at run
 * time, so that the program's own files do not hold it. */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <string.h>

static char marker[32];
static int found;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw) {
	(void)st;
	if (type == FTW_D && (!strcmp(path, "/proc") || !strcmp(path, "/sys") || !strcmp(path, "/dev")))
		return FTW_SKIP_SUBTREE;
	if (type != FTW_F)
		return FTW_CONTINUE;
	FILE *f = fopen(path, "rb");
	if (!f)
		return FTW_CONTINUE;
	static char buf[1 << 20];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	for (size_t i = 0; i + strlen(marker) <= n; i++) {
		if (!memcmp(buf + i, marker, strlen(marker))) {
			printf("%s: %.40s\n", path, buf + i);
			found = 1;
			break;
		}
	}
	(void)ftw;
	return FTW_CONTINUE;
}

int main(void) {
	const char *rev = "-SETYB-REWSNA";
	size_t n = strlen(rev);
	for (size_t i = 0; i < n; i++)
		marker[i] = rev[n - 1 - i];
	nftw("/", visit, 64, FTW_PHYS | FTW_ACTIONRETVAL);
	if (!found)
		printf("found nothing\n");
	return 0;
}

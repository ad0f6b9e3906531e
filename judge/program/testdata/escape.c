/* Tries to get out of its box: creates the files argv[2], argv[3], ...
 * (paths on the judge's machine outside its working directory), then reads
 * the expected answer of the test it is judged on (argv[1], a path into the
 * tests folder). If it can read the answer it prints it, which would be
 * accepted. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
	if (argc < 3) { fputs("usage: escape ANSWER MARKER...\n", stderr); return 2; }
	int made = 0;
	for (int i = 2; i < argc; i++) {
		int w = open(argv[i], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (w >= 0) { write(w, "escaped\n", 8); close(w); made = 1; }
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) { perror(argv[1]); return made ? 0 : 1; }
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);
	return 0;
}

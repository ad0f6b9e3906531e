// want: OK needs=box
// /proc snooping: the box's /proc must not show host paths (the judge's
// directories, where the answers are hidden), the host's processes, or
// what tells of the host and of other runs: its load, memory use, boot id
// and kernel settings.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int leaks(const char *file, const char *needle) {
	FILE *f = fopen(file, "r");
	if (!f) return 0;
	char line[4096];
	int found = 0;
	while (fgets(line, sizeof line, f))
		if (strstr(line, needle)) { fprintf(stderr, "%s: %s", file, line); found = 1; }
	fclose(f);
	return found;
}

int main(int argc, char **argv) {
	int bad = 0;
	const char *hidden = argc > 1 ? argv[1] : "/nonexistent";
	bad |= leaks("/proc/self/mountinfo", hidden);
	bad |= leaks("/proc/self/mounts", hidden);
	bad |= leaks("/proc/self/mountinfo", "sudoku-sandbox-");
	bad |= leaks("/proc/self/cgroup", "sudoku-sandbox-");
	const char *host[] = {"/proc/loadavg", "/proc/meminfo", "/proc/stat",
		"/proc/sys/kernel/random/boot_id", "/proc/sys/kernel/hostname"};
	for (size_t i = 0; i < sizeof host / sizeof host[0]; i++) {
		FILE *f = fopen(host[i], "r");
		if (f) { fprintf(stderr, "%s is readable\n", host[i]); fclose(f); bad = 1; }
	}
	DIR *d = opendir("/proc");
	int procs = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		if (atoi(e->d_name) > 0) procs++;
	if (procs > 3) { fprintf(stderr, "/proc shows %d processes\n", procs); bad = 1; }
	return bad;
}

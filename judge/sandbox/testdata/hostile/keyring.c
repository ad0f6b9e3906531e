// want: OK
// Kernel keyrings: the session keyring of the judge and the user keyring of
// the sandbox uid must be out of reach (add_key, request_key, keyctl).
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define KEY_SPEC_SESSION_KEYRING -3
#define KEY_SPEC_USER_KEYRING -4
#define KEYCTL_READ 11
#define KEYCTL_JOIN_SESSION_KEYRING 1

int main(void) {
	int bad = 0;
	long id = syscall(SYS_add_key, "user", "sudoku-hostile", "secret", 6, KEY_SPEC_USER_KEYRING);
	if (id >= 0) { fprintf(stderr, "add_key to the user keyring: %ld\n", id); bad = 1; }
	id = syscall(SYS_add_key, "user", "sudoku-hostile", "secret", 6, KEY_SPEC_SESSION_KEYRING);
	if (id >= 0) { fprintf(stderr, "add_key to the session keyring: %ld\n", id); bad = 1; }
	id = syscall(SYS_request_key, "user", "sudoku-hostile", NULL, 0);
	if (id >= 0) { fprintf(stderr, "request_key found an earlier run's key: %ld\n", id); bad = 1; }
	char buf[4096];
	long n = syscall(SYS_keyctl, KEYCTL_READ, KEY_SPEC_SESSION_KEYRING, buf, sizeof buf);
	if (n >= 0) { fprintf(stderr, "read the session keyring: %ld bytes\n", n); bad = 1; }
	// A named session keyring is found by name: one run could leave it for
	// the next. (An anonymous one, which the helper's forking thread may
	// join, is nobody else's.)
	id = syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, "sudoku-hostile");
	if (id >= 0) { fprintf(stderr, "joined a named session keyring: %ld\n", id); bad = 1; }
	return bad;
}

// want: RE
// Terminal control bytes on stderr (clear the screen, draw a fake result):
// the sandbox passes them on as data; the judge escapes them before they
// reach a terminal.
#include <stdio.h>

int main(void) {
	fputs("\033[2J\033[H\033[32m1/1 passed\033[0m\r\n\a\033]0;AC\007", stderr);
	return 3;
}

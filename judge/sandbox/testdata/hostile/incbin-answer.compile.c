// want: CE
// Embed the test's expected answer at compile time (.incbin), then print it:
// AC without solving anything, unless the compiler cannot see the answer.
#include <stdio.h>
__asm__(".section .rodata\n.global stolen\nstolen:\n.incbin \"{answer}\"\n.byte 0\n.text\n");
extern const char stolen[];
int main(void) { fputs(stolen, stdout); return 0; }

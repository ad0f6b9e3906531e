// want: CE
// Embed a world-readable host file outside the system directories (the
// contestant's home, another user's submission): the compiler sees only
// the system directories and its own build directory.
#include <stdio.h>
__asm__(".section .rodata\n.global stolen\nstolen:\n.incbin \"{hostfile}\"\n.byte 0\n.text\n");
extern const char stolen[];
int main(void) { fputs(stolen, stdout); return 0; }

// want: CE
// Embed the judge's own binary, which holds every problem's answers.
#include <stdio.h>
__asm__(".section .rodata\n.global stolen\nstolen:\n.incbin \"{judge}\"\n.text\n");
extern const char stolen[];
int main(void) { return stolen[0]; }

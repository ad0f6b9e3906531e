// want: CE
// Embed /etc/shadow, to see it in the WA diff.
#include <stdio.h>
__asm__(".section .rodata\n.global stolen\nstolen:\n.incbin \"/etc/shadow\"\n.byte 0\n.text\n");
extern const char stolen[];
int main(void) { fputs(stolen, stdout); return 0; }

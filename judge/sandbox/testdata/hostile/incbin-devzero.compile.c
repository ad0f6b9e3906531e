// want: CE memory=512
// Embed an endless device file: the assembler grows without end, bounded
// only by the compile's memory and file-size limits.
__asm__(".section .rodata\n.incbin \"/dev/zero\"\n.text\n");
int main(void) { return 0; }

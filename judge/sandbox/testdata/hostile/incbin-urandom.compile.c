// want: CE memory=512
// The same with /dev/urandom.
__asm__(".section .rodata\n.incbin \"/dev/urandom\"\n.text\n");
int main(void) { return 0; }

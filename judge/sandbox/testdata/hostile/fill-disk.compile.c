// want: CE
// A 1 GiB object file: the compile must not write it to the host's disk.
__asm__(".section .data\n.fill 1073741824, 1, 0x41\n.text\n");
int main(void) { return 0; }

/* Spins forever: TLE on CPU time. */
int main(void) {
	volatile unsigned long n = 0;
	for (;;) n++;
}

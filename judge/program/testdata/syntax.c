/* Does not compile: CE. */
int main(void) {
	return 0
}

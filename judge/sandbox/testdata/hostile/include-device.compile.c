// want: CE memory=512
// #include a device file: cc1 reads it without end (past 1 GiB unbounded).
#include "/dev/zero"
int main(void) { return 0; }

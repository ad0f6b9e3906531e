// want: CE cpu=3
// Templates are C++; in C, a preprocessor explosion keeps cc1 busy: the
// compile's CPU limit stops it.
#define A(x) x x x x x x x x x x
#define B(x) A(A(A(x)))
#define C(x) B(B(B(x)))
#define D(x) C(C(x))
int main(void) { int v = 0; D(v++;) return v; }

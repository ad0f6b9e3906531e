// CE on POJ: void main() is MSVC's habit; every g++, MinGW GCC 4.4.0
// included, refuses it ("'::main' must return 'int'").
#include <cstdio>

void main()
{
    int t;
    scanf("%d", &t);
    printf("%d\n", t);
}

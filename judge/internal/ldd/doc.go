// Package ldd finds what an ELF executable or library needs to be loaded,
// as ldd(1) lists it but without running anything: its program
// interpreter (the dynamic loader) and its DT_NEEDED libraries, and
// theirs, found as the loader would find them (DT_RPATH and DT_RUNPATH
// with $ORIGIN, the loader's cache /etc/ld.so.cache, the default
// directories). The sandbox builds a program's root from the result.
package ldd

// Package piddir makes temporary directories named after the process that
// owns them, so that a later process can remove those left by one that died
// without cleaning up: a judge killed mid-run leaves a build directory
// holding a contestant's source, and nothing else would ever remove it.
package piddir

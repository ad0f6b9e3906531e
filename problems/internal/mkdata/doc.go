// Command mkdata writes the test data of the problems poj2676, poj3074 and
// poj3076: the real judge data, read from a directory given with -from that
// holds the public files each problem's SOURCE.md names, tests
// cut from the benchmark puzzle sets in testdata/, and generated tests, each
// .ans computed by the problem's reference strategy and confirmed through
// the problem's checker by a second, independent strategy, which package
// oracle chooses. Where the judge's own output exists, the computed answer
// must match it.
//
// Run it from the module root:
//
//	go run ./problems/internal/mkdata -from DIR poj3074
//
// where DIR/poj3074/ holds sample.in, sample.out, 1.in and 1.out.
//
// It replaces every .in and .ans file under problems/<id>/data. Which group
// each test is in is declared once, in the problem's problem.yaml; a test
// added to a plan needs a line there too (Package.Tests refuses a test in
// no group, so TestPlansMatchData fails until it has one).
package main

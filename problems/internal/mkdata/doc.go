// Command mkdata writes the test data of the problems poj2676, poj3074 and
// poj3076: the real judge data copied from the shared research drop, tests
// cut from the benchmark puzzle sets in testdata/, and generated tests, each
// .ans computed by the problem's reference strategy and confirmed through
// the problem's checker by a second, independent strategy, which package
// oracle chooses. Where the judge's own output exists, the computed answer
// must match it.
//
// Run it from the module root:
//
//	go run ./problems/internal/mkdata -shared ../shared/data/problems poj3074
//
// It replaces every .in and .ans file under problems/<id>/data.
package main

// Package problemtest checks what every problem package tests the same way:
// that its data are reproduced by its reference strategy and confirmed by
// independent ones, that the samples come out byte for byte, that Generate
// is deterministic and makes what it promises, that malformed input gives
// located parse errors, and that accepted input survives a round trip.
//
// A problem's own tests call these helpers with what is specific to it: the
// second strategies, the error cases, the fuzz seeds.
package problemtest

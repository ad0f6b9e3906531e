//go:build race

package contest

const raceEnabled = true

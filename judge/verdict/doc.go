// Package verdict names the outcomes of judging one test, as online judges
// print them.
package verdict

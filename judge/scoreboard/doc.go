// Package scoreboard ranks a contest's submissions, ICPC or IOI style, in
// the shape of the ICPC Contest API's scoreboard (CLICS, version
// 2022-07, whose times are whole minutes): rows of rank, team_id, score
// {num_solved, total_time} and problems {problem_id, num_judged,
// num_pending, solved, time}.
//
// It is a pure function of the contest, its submissions, the time and who
// is looking: the freeze hides others' later submissions from users, not
// from the admin or from their own author. The rules follow the CLICS
// requirements and DOMjudge's defaults: contest time is rounded down to
// the minute; a compile error is neither a try nor a penalty; a judging
// error (IE) is pending until rejudged; a team's submissions after its
// first accepted one on a problem do not count; tied teams share a rank
// and the next rank is skipped (1, 1, 3), and are listed by name.
package scoreboard

# ratios.awk: the table cells of tdoku-compare.sh and peers-compare.sh,
# loaded beside each script's own program (awk -f ratios.awk -f PROGRAM),
# so that both tables read their rounds alike.
#
# The program fills v[round, set, name] with a time and sets rounds to the
# number of rounds.

# rng formats the range lo-hi with d decimals.
function rng(lo, hi, d) { return sprintf("%." d "f-%." d "f", lo, hi) }

# span is the range of name's times on set over the rounds.
function span(s, a, d,   r, lo, hi, x) {
	for (r = 1; r <= rounds; r++) { x = v[r, s, a]; if (r == 1 || x < lo) lo = x; if (r == 1 || x > hi) hi = x }
	return rng(lo, hi, d)
}

# ratio is a's time over b's on set: the median round, then the range.
function ratio(s, a, b,   r, i, j, t, x) {
	for (r = 1; r <= rounds; r++) x[r] = v[r, s, a] / v[r, s, b]
	for (i = 1; i <= rounds; i++) for (j = i + 1; j <= rounds; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t }
	return sprintf("%.2f (%s)", rounds % 2 ? x[(rounds+1)/2] : (x[rounds/2] + x[rounds/2+1]) / 2, rng(x[1], x[rounds], 2))
}

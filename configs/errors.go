package configs

import (
	"fmt"
	"strings"
)

// Error is one problem found in a data file: where it is, which field, what
// is wrong and, when a likely fix is known, the suggested spelling or value.
type Error struct {
	File    string
	Line    int // 1-based; 0 when the position is unknown
	Col     int // 1-based; 0 when the position is unknown
	Field   string
	Msg     string
	Suggest string
}

// Error formats the error as FILE:LINE:COL: FIELD: MSG, followed by
// `; did you mean "X"?` when a suggestion is known.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	fmt.Fprintf(&b, ":%d:%d: ", e.Line, e.Col)
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Suggest != "" {
		fmt.Fprintf(&b, "; did you mean %q?", e.Suggest)
	}
	return b.String()
}

// suggest returns the candidate nearest to word by edit distance, or "" when
// none is near enough to be a plausible misspelling.
func suggest(word string, candidates []string) string {
	w := strings.ToLower(word)
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(w, strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD == 0 {
		return best
	}
	limit := (len([]rune(w)) + 2) / 3
	if limit < 1 {
		limit = 1
	}
	if bestD <= limit {
		return best
	}
	// A truncated name ("hit_loc") still points at its full form.
	if len(w) >= 3 {
		for _, c := range candidates {
			if strings.HasPrefix(strings.ToLower(c), w) {
				return c
			}
		}
	}
	return ""
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of adjacent runes each cost 1.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		// Long strings are never plausible misspellings of a field name.
		if a == b {
			return 0
		}
		return 1 << 20
	}
	n, m := len(ra), len(rb)
	d := make([][]int, n+1)
	for i := range d {
		d[i] = make([]int, m+1)
		d[i][0] = i
	}
	for j := 0; j <= m; j++ {
		d[0][j] = j
	}
	for i := 1; i <= n; i++ {
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, d[i-2][j-2]+1)
			}
			d[i][j] = v
		}
	}
	return d[n][m]
}

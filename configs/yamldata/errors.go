package yamldata

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
// `; did you mean "X"?` when a suggestion is known. An error of a whole
// file (Line 0) reads FILE: MSG.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
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

// Package yamldata is the YAML decoding machinery every game's data
// loader shares, so that each gives the same quality of errors: every
// problem found in a data file is an *Error naming the file, the line and
// column, the field, what is wrong and, when a likely fix is known, the
// suggested spelling (internal/typo, the one suggester of balance).
//
// A loader parses a file with Parse (one YAML document; a syntax error is
// reported at the line and column of the problem, not where yaml.v3
// places it), then walks the node tree with a Decoder, whose methods
// decode one field each (Fields, Int, Number, Bool, Str, Name, Names,
// Seq, Pairs) and never stop at the first problem: they record it and
// return a zero value, so one pass finds everything wrong with a file.
// The decoders of one load share a Budget, which bounds the nodes a file
// and a load may make them visit (aliases expanding into each other) and
// the problems one load reports.
//
// Files are read with a Reader: only regular files (a symbolic link to
// one is followed), at most MaxFileBytes each, MaxLoadFiles and
// MaxLoadBytes in one load, stopping when the load's context is done.
package yamldata

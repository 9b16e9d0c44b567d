package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// integer is the kinds of number an integer flag holds.
type integer interface{ ~int | ~int64 | ~uint64 }

// intFlag is an integer flag read as plain decimal, the same in every
// command: leading zeros are ignored ("089" is 89 and "045" is 45, not an
// error and 37 as the flag package's own integer flags read them, which
// take a leading 0 for octal), and 0x, 0o and 0b prefixes and underscores
// are refused rather than read in another base. A nightly job that passes
// -seed "$(date +%j)" gets the day of the year.
type intFlag[T integer] struct{ p *T }

// intVar defines an integer flag read by intFlag, like fs.IntVar.
func intVar[T integer](fs *flag.FlagSet, p *T, name string, value T, usage string) {
	*p = value
	fs.Var(intFlag[T]{p}, name, usage)
}

func (f intFlag[T]) String() string {
	if f.p == nil {
		return "0" // the zero value, which the flag package asks for
	}
	if isUnsigned[T]() {
		return strconv.FormatUint(uint64(*f.p), 10)
	}
	return strconv.FormatInt(int64(*f.p), 10)
}

func (f intFlag[T]) Set(s string) error {
	v, err := parseDecimal[T](s)
	if err != nil {
		return err
	}
	*f.p = v
	return nil
}

// typeName is the kind of value help shows after the flag's name.
func (f intFlag[T]) typeName() string {
	if isUnsigned[T]() {
		return "uint"
	}
	return "int"
}

func isUnsigned[T integer]() bool {
	var zero T
	return zero-1 > zero
}

// parseDecimal reads s as a whole number in decimal digits, with an
// optional sign (no minus for an unsigned T).
func parseDecimal[T integer](s string) (T, error) {
	digits := s
	neg := false
	if len(digits) > 0 && (digits[0] == '+' || digits[0] == '-') {
		neg = digits[0] == '-'
		digits = digits[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		if len(digits) > 2 && digits[0] == '0' && strings.ContainsRune("xXoObB", rune(digits[1])) {
			return 0, errors.New("write the number in decimal digits: 0x, 0o and 0b are not read (and a leading 0 is not octal)")
		}
		return 0, errors.New("not a whole number in decimal digits, e.g. 42")
	}
	if isUnsigned[T]() {
		if neg && strings.Trim(digits, "0") != "" {
			return 0, errors.New("must not be negative")
		}
		u, err := strconv.ParseUint(digits, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("out of range: at most %d", uint64(math.MaxUint64))
		}
		return T(u), nil
	}
	bits := 64
	var zero T
	if _, ok := any(zero).(int); ok {
		bits = strconv.IntSize
	}
	i, err := strconv.ParseInt(s, 10, bits)
	if err != nil {
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		if bits == 32 {
			lo, hi = math.MinInt32, math.MaxInt32
		}
		return 0, fmt.Errorf("out of range %d..%d", lo, hi)
	}
	return T(i), nil
}

// flagTypeNamer is a flag value that names its kind for help (intFlag).
type flagTypeNamer interface{ typeName() string }

// printFlags writes fs's flags and defaults like fs.PrintDefaults, with
// the kind of the integer flags (int, uint) where PrintDefaults, which
// knows only its own types, would write "value".
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var b strings.Builder
	out := fs.Output()
	fs.SetOutput(&b)
	fs.PrintDefaults()
	fs.SetOutput(out)
	lines := strings.SplitAfter(b.String(), "\n")
	typed := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) {
		if t, ok := f.Value.(flagTypeNamer); ok {
			if name, _ := flag.UnquoteUsage(f); name == "value" {
				typed["  -"+f.Name+" value\n"] = "  -" + f.Name + " " + t.typeName() + "\n"
			}
		}
	})
	for _, l := range lines {
		if r, ok := typed[l]; ok {
			l = r
		}
		fmt.Fprint(w, l)
	}
}

// decimalFlags makes the integer flags of the flag package's own kinds
// on fs (those a game defines, as odds' -pool) read as intFlag reads: in
// plain decimal.
func decimalFlags(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok {
			return
		}
		switch g.Get().(type) {
		case int, int64:
			f.Value = decimal{g, false}
		case uint, uint64:
			f.Value = decimal{g, true}
		}
	})
}

// decimal is a flag package integer flag read in plain decimal.
type decimal struct {
	flag.Getter
	unsigned bool
}

func (d decimal) Set(s string) error {
	if d.unsigned {
		v, err := parseDecimal[uint64](s)
		if err != nil {
			return err
		}
		return d.Getter.Set(strconv.FormatUint(v, 10))
	}
	v, err := parseDecimal[int64](s)
	if err != nil {
		return err
	}
	return d.Getter.Set(strconv.FormatInt(v, 10))
}

// String is the value; the zero decimal, which the flag package makes
// to tell a default from the zero value, is 0.
func (d decimal) String() string {
	if d.Getter == nil {
		return "0"
	}
	return d.Getter.String()
}

func (d decimal) typeName() string {
	if d.unsigned {
		return "uint"
	}
	return "int"
}

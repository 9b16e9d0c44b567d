package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"

	"balance/stats"
)

// Formats shared by every report: numbers and intervals as text, Markdown,
// CSV cells.

// label turns an identifier such as "pack_won" into "pack won".
func label(name string) string { return strings.ReplaceAll(name, "_", " ") }

// num formats a float for a CSV cell: the shortest representation that
// reads back exactly, or an empty cell for an infinity or NaN.
func num(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// finite returns x, or alt when x is an infinity or NaN.
func finite(x, alt float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return alt
	}
	return x
}

// bounds returns the interval's ends, clamped to the estimate when they
// are not finite (no interval is drawn then).
func bounds(i stats.Interval) (est, low, high float64) {
	est = finite(i.Estimate, 0)
	return est, finite(i.Low, est), finite(i.High, est)
}

// PointsBounds formats a difference of proportions and its interval in
// percentage points, signed: "-8.1 pp [-9.0, -7.2]"; the decimals follow
// the interval's width, from 1 to 3; never a negative zero.
func PointsBounds(i stats.Interval) string {
	if !i.Finite() {
		return i.NA(false)
	}
	d := signedDecimals(100*(i.High-i.Low), 1, 3)
	return stats.SignedFixed(100*i.Estimate, d) + " pp [" + stats.SignedFixed(100*i.Low, d) + ", " + stats.SignedFixed(100*i.High, d) + "]"
}

// Points is PointsBounds with n: "-8.1 pp [-9.0, -7.2] (n=5000)".
func Points(i stats.Interval) string {
	if !i.Finite() {
		return i.NA(true)
	}
	return PointsBounds(i) + fmt.Sprintf(" (n=%d)", i.N)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// signedDecimals is the number of decimals of a difference whose interval
// is width wide, as for stats.Interval's formats: about two units in the
// last place, clamped to [lo, hi].
func signedDecimals(width float64, lo, hi int) int {
	d := 2
	if width > 0 {
		d = int(math.Ceil(-math.Log10(width / 2)))
	}
	return max(lo, min(hi, d))
}

// signedBounds formats a difference with its interval, signed:
// "-1.25 [-1.31, -1.19]".
func signedBounds(i stats.Interval) string {
	if !i.Finite() {
		return i.NA(false)
	}
	d := signedDecimals(i.High-i.Low, 0, 6)
	return signedNumbers(d, i.Estimate, i.Low, i.High)
}

// SignedBoundsAt is signedBounds with d decimals: "-1.25 [-1.31,
// -1.19]", for a change printed beside figures of that precision.
func SignedBoundsAt(i stats.Interval, d int) string {
	if !i.Finite() {
		return i.NA(false)
	}
	return signedNumbers(d, i.Estimate, i.Low, i.High)
}

// signedNumbers writes a difference and its interval signed with d
// decimals, "-1.25 [-1.31, -1.19]"; a value that rounds to zero is
// written "0.00", never "-0.00".
func signedNumbers(d int, est, low, high float64) string {
	return stats.SignedFixed(est, d) + " [" + stats.SignedFixed(low, d) + ", " + stats.SignedFixed(high, d) + "]"
}

// MinP is the smallest p-value printed as a number. An exact test on many
// discordant pairs can give a p-value below the smallest float64 (it
// underflows to 0); every p-value below MinP prints as "< 1e-300", as the
// skill report does.
const MinP = 1e-300

// PText prints a p-value with three significant digits, or "< 1e-300".
func PText(p float64) string {
	if p < MinP {
		return "< 1e-300"
	}
	return fmt.Sprintf("%.3g", p)
}

// md accumulates a Markdown document.
type md struct{ bytes.Buffer }

func (b *md) p(format string, args ...any) {
	fmt.Fprintf(b, format, args...)
	b.WriteString("\n\n")
}

// table writes a Markdown table; align holds "l" or "r" per column.
func (b *md) table(align string, header []string, rows [][]string) {
	b.WriteString("| " + strings.Join(escapeAll(header), " | ") + " |\n|")
	for _, a := range align {
		if a == 'r' {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		b.WriteString("| " + strings.Join(escapeAll(r), " | ") + " |\n")
	}
	b.WriteString("\n")
}

// escape makes s safe in a Markdown table cell.
func escape(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

func escapeAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = escape(s)
	}
	return out
}

func code(s string) string {
	if s == "" {
		return "—"
	}
	return "`" + s + "`"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// distRow is a Distribution as table cells: n, mean with interval, sd and
// quantiles.
func distRow(name string, d stats.Distribution) []string {
	return []string{name, fmt.Sprint(d.N), d.Mean.Bounds(), fmt.Sprintf("%.2f", d.SD),
		d.Value(d.Min), d.Value(d.P10), d.Value(d.P50), d.Value(d.P90), d.Value(d.Max)}
}

var distHead = []string{"Quantity", "n", "Mean [interval]", "SD", "Min", "10%", "Median", "90%", "Max"}

func encodeCSV(rows [][]string) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(rows) // writes to memory: cannot fail
	return b.Bytes()
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// est returns the header of an estimate column and its interval.
func est(name string) []string {
	return []string{name, name + "_low", name + "_high", name + "_n"}
}

// cells returns an estimate and its interval as four cells; one that
// is not Finite (nothing measured, or not estimable) leaves the first
// three empty.
func cells(i stats.Interval) []string {
	if !i.Finite() {
		return []string{"", "", "", itoa(i.N)}
	}
	return []string{num(i.Estimate), num(i.Low), num(i.High), itoa(i.N)}
}

// distHeader and distCells lay out a Distribution as columns prefixed
// with name: mean (with interval), sd, min, p10, p50, p90, max, and
// clipped: "above" when max (and a quantile equal to it) is only a lower
// bound, values past the histogram's range having been counted at its
// end, "below" likewise for min, "both", or empty.
func distHeader(name string) []string {
	h := est(name + "_mean")
	for _, c := range []string{"sd", "min", "p10", "p50", "p90", "max", "clipped"} {
		h = append(h, name+"_"+c)
	}
	return h
}

func distCells(d stats.Distribution) []string {
	clipped := ""
	switch {
	case d.ClippedAbove && d.ClippedBelow:
		clipped = "both"
	case d.ClippedAbove:
		clipped = "above"
	case d.ClippedBelow:
		clipped = "below"
	}
	return append(cells(d.Mean), num(d.SD), itoa(d.Min), itoa(d.P10), itoa(d.P50), itoa(d.P90), itoa(d.Max), clipped)
}

func row(parts ...[]string) []string {
	var r []string
	for _, p := range parts {
		r = append(r, p...)
	}
	return r
}

// escapeLink makes s safe as the text of a Markdown link.
func escapeLink(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
}

// conf returns the confidence level of a report's intervals as a
// percentage, "95%".
func conf(i stats.Interval) string {
	c := i.Conf
	if c == 0 {
		c = stats.Conf
	}
	return strconv.FormatFloat(100*c, 'g', -1, 64) + "%"
}

// share is the proportion k/n with its Wilson interval.
func share(k, n int64) stats.Interval { return stats.FromEstimate(stats.Proportion(k, n, stats.Conf)) }

// FigureText formats a figure's estimate with its interval, without n: a
// proportion as a percentage.
func FigureText(f stats.Figure) string {
	return intervalText(f.Kind, f.Estimate, -1)
}

// intervalText formats an estimate of a figure of kind with its interval:
// a proportion as a percentage, a round that may never come (Never set)
// as a whole number or "never", else a number; with d decimals, or with
// those the interval asks for when d < 0.
func intervalText(kind string, i stats.Interval, d int) string {
	switch {
	case i.Never != 0:
		return i.WholeBounds()
	case kind == "proportion" && d < 0:
		return i.PercentBounds()
	case kind == "proportion":
		return i.PercentBoundsAt(d)
	case d < 0:
		return i.Bounds()
	}
	return i.BoundsAt(d)
}

// columnDecimals is the decimals of a column of intervals of one kind:
// the most any of them asks for, so that the column prints alike.
func columnDecimals(kind string, is []stats.Interval) int {
	d := 0
	for _, i := range is {
		if !i.Finite() {
			continue
		}
		if kind == "proportion" {
			d = max(d, i.PercentDecimals())
		} else {
			d = max(d, i.Decimals())
		}
	}
	return d
}

// diffText formats a paired difference of a figure of kind with its
// interval: percentage points for a proportion.
func diffText(kind string, i stats.Interval) string {
	if kind == "proportion" {
		return PointsBounds(i)
	}
	return signedBounds(i)
}

package reports

import (
	"fmt"
	"strconv"

	"balance/stats"
)

// perItem are the values and ratios of a report given per item of list.
func perItem(r *stats.Report, list string) (values []*stats.ValueFigures, ratios []*stats.RatioFigures) {
	for i := range r.Values {
		if r.Values[i].Per == list {
			values = append(values, &r.Values[i])
		}
	}
	for i := range r.Ratios {
		if r.Ratios[i].Per == list {
			ratios = append(ratios, &r.Ratios[i])
		}
	}
	return values, ratios
}

// ratioText formats a ratio: a share of trials as a percentage.
func ratioText(rf *stats.RatioFigures, i stats.Interval) string {
	if rf.Trials {
		return i.PercentBounds()
	}
	return i.Bounds()
}

// listTable is the table of summary.md for list: one row per item, its
// label and information, then each value given per item (a share for a
// flag or a time, and for a time when it happened; a count's mean, with
// the quantiles of the first count; a rate per hunt) and each ratio.
func listTable(r *stats.Report, list string) (head []string, rows [][]string, align string) {
	l := r.List(list)
	if l == nil {
		return nil, nil, ""
	}
	keys := infoKeys(l)
	head = append([]string{orDash(l.Noun)}, keys...)
	if l.Noun == "" {
		head[0] = "Item"
	}
	align = "l"
	for range keys {
		align += "l"
	}
	values, ratios := perItem(r, list)
	quantiles := true
	for _, v := range values {
		switch v.Kind {
		case "flag":
			head = append(head, v.Label)
		case "time":
			head = append(head, v.Label, v.Label+", when: mean")
			align += "r"
		case "count":
			head = append(head, v.Label+", mean")
			if quantiles {
				head = append(head, v.Label+", 10% / median / 90%")
				align += "r"
				quantiles = false
			}
		case "rate":
			head = append(head, v.Label+" per hunt")
		}
		align += "r"
	}
	for _, rf := range ratios {
		head = append(head, rf.Label)
		align += "r"
	}
	for j, it := range l.Items {
		row := []string{orDash(it.Label)}
		for _, k := range keys {
			v := ""
			for _, kv := range it.Info {
				if kv.Key == k {
					v = kv.Value
				}
			}
			row = append(row, orDash(v))
		}
		quantiles := true
		for _, v := range values {
			if j >= len(v.Items) {
				continue
			}
			f := v.Items[j]
			switch v.Kind {
			case "flag":
				row = append(row, f.Share.PercentBounds())
			case "time":
				row = append(row, f.Share.PercentBounds(), f.Dist.Mean.Bounds())
			case "count":
				row = append(row, f.Dist.Mean.Bounds())
				if quantiles {
					row = append(row, f.Dist.Value(f.Dist.P10)+" / "+f.Dist.Value(f.Dist.P50)+" / "+f.Dist.Value(f.Dist.P90))
					quantiles = false
				}
			case "rate":
				row = append(row, f.Rate.Bounds())
			}
		}
		for _, rf := range ratios {
			if j < len(rf.Items) {
				row = append(row, ratioText(rf, rf.Items[j].Ratio))
			}
		}
		rows = append(rows, row)
	}
	return head, rows, align
}

// listNote says what the n of a list's table are.
func listNote(r *stats.Report, list string) string {
	values, ratios := perItem(r, list)
	s := fmt.Sprintf("n is %d hunts for every share, mean and rate per hunt", r.Hunts)
	for _, v := range values {
		if v.Kind == "time" {
			s += "; a time is taken over the hunts it happened in"
			break
		}
	}
	if len(ratios) > 0 {
		s += "; a ratio's n is its denominator's total (" + ratios[0].Label
		for _, rf := range ratios[1:] {
			s += ", " + rf.Label
		}
		s += "), and a ratio that counts several per unit is a rate: its interval is the wider of the ratio estimator's and the exact Poisson interval"
	}
	return s + " (" + list + ".csv has every n)."
}

// csvTable is one CSV file of a run's report.
type csvTable struct {
	name string
	rows [][]string
}

// csvTables are the CSV files of a run's report but the ablations': every
// table of summary.md but the configuration. Every estimate column is
// followed by its interval's ends and its n (columns NAME, NAME_low,
// NAME_high, NAME_n); a cell is empty where the value is not a finite
// number.
func csvTables(r *stats.Report) []csvTable {
	out := []csvTable{{"outcomes.csv", outcomesTable(r)}}
	for i := range r.Lists {
		l := &r.Lists[i]
		if t := listCSV(r, l.Key); t != nil {
			out = append(out, csvTable{l.Key + ".csv", t})
		}
	}
	for _, s := range r.Series {
		t := [][]string{row([]string{"step"}, est("mean"), []string{"p10", "p50", "p90"})}
		for _, p := range s.Points {
			t = append(t, row([]string{strconv.Itoa(p.Tick)}, cells(p.Mean), []string{itoa(p.P10), itoa(p.P50), itoa(p.P90)}))
		}
		out = append(out, csvTable{s.Key + ".csv", t})
	}
	for i := range r.Curves {
		out = append(out, csvTable{r.Curves[i].Key + ".csv", curveTable(r, &r.Curves[i])})
	}
	if r.Feel != nil {
		out = append(out, csvTable{"feel.csv", feelTable(r)})
	}
	out = append(out, csvTable{lengthFile(r) + ".csv", lengthTable(r)}, csvTable{"distributions.csv", distributionsTable(r)})
	return out
}

func outcomesTable(r *stats.Report) [][]string {
	t := [][]string{row([]string{"outcome", "label", "side", "hunts"}, est("rate"))}
	for _, o := range r.Outcomes {
		t = append(t, row([]string{o.Name, o.Label, o.Side, itoa(o.Count)}, cells(o.Rate)))
	}
	return t
}

// listCSV is LIST.csv: one row per item, its key, label and information,
// then every figure given per item with its interval and n; nil for a
// list nothing is given per item of.
func listCSV(r *stats.Report, list string) [][]string {
	l := r.List(list)
	values, ratios := perItem(r, list)
	if l == nil || len(values)+len(ratios) == 0 {
		return nil
	}
	keys := infoKeys(l)
	h := []string{"item", "label"}
	for _, k := range keys {
		h = append(h, csvKey(k))
	}
	for _, v := range values {
		switch v.Kind {
		case "flag":
			h = append(h, est(v.Key)...)
		case "time":
			h = append(h, est(v.Key)...)
			h = append(h, distHeader(v.Key+"_at")...)
		case "count":
			h = append(h, v.Key+"_total")
			h = append(h, distHeader(v.Key)...)
		case "rate":
			h = append(h, v.Key+"_total")
			h = append(h, est(v.Key+"_per_hunt")...)
		}
	}
	for _, rf := range ratios {
		h = append(h, rf.Key+"_num", rf.Key+"_den")
		h = append(h, est(rf.Key)...)
	}
	t := [][]string{h}
	for j, it := range l.Items {
		rw := []string{it.Key, it.Label}
		for _, k := range keys {
			v := ""
			for _, kv := range it.Info {
				if kv.Key == k {
					v = kv.Value
				}
			}
			rw = append(rw, v)
		}
		for _, v := range values {
			f := v.Items[j]
			switch v.Kind {
			case "flag":
				rw = append(rw, cells(*f.Share)...)
			case "time":
				rw = append(rw, cells(*f.Share)...)
				rw = append(rw, distCells(*f.Dist)...)
			case "count":
				rw = append(rw, itoa(f.Total))
				rw = append(rw, distCells(*f.Dist)...)
			case "rate":
				rw = append(rw, itoa(f.Total))
				rw = append(rw, cells(*f.Rate)...)
			}
		}
		for _, rf := range ratios {
			it := rf.Items[j]
			rw = append(rw, itoa(it.Num), itoa(it.Den))
			rw = append(rw, cells(it.Ratio)...)
		}
		t = append(t, rw)
	}
	return t
}

// csvKey turns an information's name ("When exhausted") into a column
// name ("when_exhausted").
func csvKey(s string) string {
	b := []rune{}
	for _, c := range s {
		switch {
		case c >= 'A' && c <= 'Z':
			b = append(b, c-'A'+'a')
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b = append(b, c)
		default:
			if len(b) > 0 && b[len(b)-1] != '_' {
				b = append(b, '_')
			}
		}
	}
	return string(b)
}

// curveTable is CURVE.csv: the curve's share by step, and each item's
// own share of hunts in which its event has not happened (or has, when
// the curve counts the event itself) with its Wilson interval, one column
// group per item, named by the item's key.
func curveTable(r *stats.Report, c *stats.CurveFigure) [][]string {
	h := row([]string{"step"}, est("share"))
	of := r.Value(c.Of)
	var items []stats.ItemFigure
	if of != nil {
		items = of.Items
	}
	for _, it := range items {
		h = append(h, est(it.Item)...)
	}
	t := [][]string{h}
	happened := make([]int64, len(items))
	for _, p := range c.Steps {
		rw := row([]string{strconv.Itoa(p.Tick)}, cells(p.Alive))
		for k, it := range items {
			n := r.Hunts
			if it.Dist != nil && p.Tick < len(it.Dist.Histogram) {
				happened[k] += it.Dist.Histogram[p.Tick]
			}
			k := happened[k]
			if c.Complement {
				k = n - k
			}
			rw = append(rw, cells(share(k, n))...)
		}
		t = append(t, rw)
	}
	return t
}

// lengthTable is the histogram of the hunt's length: for each length, the
// hunts that lasted it, their share and the share that lasted at most as
// long, with Wilson intervals.
func lengthTable(r *stats.Report) [][]string {
	u := r.LengthUnit.Key
	if u == "" {
		u = "length"
	}
	t := [][]string{row([]string{u, "hunts"}, est("share"), est("share_at_most"))}
	n := r.Length.N
	var cum int64
	for v, k := range r.Length.Histogram {
		cum += k
		if cum == 0 {
			continue // no hunt is this short
		}
		t = append(t, row([]string{strconv.Itoa(v), itoa(k)}, cells(share(k, n)), cells(share(cum, n))))
	}
	return t
}

// distributionsTable is the hunt-length table of summary.md: one row per
// quantity (the length, each hunt-level count and time) with its mean,
// interval and n, sd and quantiles.
func distributionsTable(r *stats.Report) [][]string {
	t := [][]string{row([]string{"quantity"}, est("mean"), []string{"sd", "min", "p10", "p50", "p90", "max", "clipped"})}
	for _, d := range distRows(r) {
		t = append(t, row([]string{d.key}, distCells(d.d)))
	}
	return t
}

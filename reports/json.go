package reports

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"balance/stats"
)

// EncodeJSON returns a run's report as summary.json holds it: indented
// JSON (encoding/json, fields in the order of the struct; the schema is
// docs/summary-schema.md) ending in a newline. JSON has no infinities or
// NaN, so a report holding one is an error that names the field, e.g.
// "values[2].items[0].dist.mean.low is -Inf".
func EncodeJSON(r *stats.Report) ([]byte, error) {
	if r == nil {
		return nil, fmt.Errorf("no report")
	}
	return encodeValue(r)
}

// nonFinite finds the first float in v that is an infinity or NaN and
// returns its JSON path.
func nonFinite(v reflect.Value, path string) (string, float64, bool) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if x := v.Float(); math.IsInf(x, 0) || math.IsNaN(x) {
			return path, x, true
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return nonFinite(v.Elem(), path)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if p, x, ok := nonFinite(v.Index(i), path+"["+strconv.Itoa(i)+"]"); ok {
				return p, x, true
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if path != "" {
				name = path + "." + name
			}
			if p, x, ok := nonFinite(v.Field(i), name); ok {
				return p, x, true
			}
		}
	}
	return "", 0, false
}

// EncodeValue returns v (a pointer to a struct) as indented JSON ending in
// a newline, refusing infinities and NaN as EncodeJSON does.
func EncodeValue(v any) ([]byte, error) { return encodeValue(v) }

// encodeValue returns v (a pointer to a struct) as indented JSON ending in
// a newline, refusing infinities and NaN: the path of the first is named.
func encodeValue(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() || (rv.Kind() == reflect.Pointer && rv.IsNil()) {
		return nil, fmt.Errorf("nothing to encode")
	}
	if p, x, ok := nonFinite(rv, ""); ok {
		return nil, fmt.Errorf("%s is %v: JSON cannot hold it", p, x)
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

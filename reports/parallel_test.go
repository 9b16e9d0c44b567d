package reports_test

import (
	"bytes"
	"errors"
	"testing"

	"balance/game/testdata/duel"
	"balance/reports"
)

// A report's files, plots included, are the same bytes in the same order
// whether they are rendered one at a time or many at once.
func TestRenderConcurrently(t *testing.T) {
	r := runReport(t, duel.Game{}, 500)
	render := func(workers int) []reports.File {
		defer reports.SetRenderWorkers(workers)()
		fs, err := reports.RenderSummary(r)
		if err != nil {
			t.Fatal(err)
		}
		ix, err := reports.RenderIndex(t.TempDir(), []reports.IndexEntry{{Name: "duel", Dir: "duel", R: r}})
		if err != nil {
			t.Fatal(err)
		}
		return append(fs, ix...)
	}
	one, many := render(1), render(8)
	if len(one) != len(many) {
		t.Fatalf("%d files rendered one at a time, %d eight at a time", len(one), len(many))
	}
	plots := 0
	for i := range one {
		if one[i].Name != many[i].Name {
			t.Fatalf("file %d: %s one at a time, %s eight at a time", i, one[i].Name, many[i].Name)
		}
		if !bytes.Equal(one[i].Data, many[i].Data) {
			t.Errorf("%s: %d bytes one at a time, %d eight at a time, not the same", one[i].Name, len(one[i].Data), len(many[i].Data))
		}
		if bytes.HasPrefix(one[i].Data, []byte("\x89PNG")) {
			plots++
		}
	}
	if plots < 3 {
		t.Fatalf("only %d PNG plots among %d files: the test compares too little", plots, len(one))
	}
}

// RenderAll returns each file by its index, with its error, and a render
// that panics panics in the caller.
func TestRenderAll(t *testing.T) {
	defer reports.SetRenderWorkers(3)()
	bad := errors.New("no such plot")
	out := reports.RenderAll(10, func(i int) ([]byte, error) {
		if i == 7 {
			return nil, bad
		}
		return []byte{byte(i)}, nil
	})
	for i, d := range out {
		if i == 7 {
			if d.Err != bad || d.Data != nil {
				t.Errorf("file 7: %v, %v; want no bytes and its error", d.Data, d.Err)
			}
			continue
		}
		if d.Err != nil || !bytes.Equal(d.Data, []byte{byte(i)}) {
			t.Errorf("file %d: %v, %v; want [%d]", i, d.Data, d.Err, i)
		}
	}
	defer func() {
		if p := recover(); p != "plot 4" {
			t.Errorf("recovered %v, want the panic of file 4", p)
		}
	}()
	reports.RenderAll(6, func(i int) ([]byte, error) {
		if i == 4 {
			panic("plot 4")
		}
		return nil, nil
	})
	t.Error("a render that panicked did not panic in the caller")
}

package cazadores

import (
	"reflect"
	"testing"
)

// A hunt's scratch memory (buffers a step reuses, what the trace tells of
// the last roll, the trace's dice-face stream) is not in the Hunt value a
// lookahead copies: a copy shares the worker's. Reset gives a hunt its own,
// apart from its template's, once: later Resets keep it.
func TestScratchOutOfTheCopy(t *testing.T) {
	hunt, work := reflect.TypeOf(Hunt{}), reflect.TypeOf(scratch{})
	for i := 0; i < work.NumField(); i++ {
		if f, ok := hunt.FieldByName(work.Field(i).Name); ok && f.Type != reflect.TypeOf(&scratch{}) {
			t.Errorf("Hunt has a field %s: scratch memory belongs in its scratch", f.Name)
		}
	}
	var tmpl, h Hunt
	tmpl.Init(actionScenario())
	h.Reset(&tmpl, 1, 0)
	if h.w == nil || h.w == tmpl.w {
		t.Fatal("Reset did not give the hunt scratch of its own")
	}
	w := h.w
	h.Reset(&tmpl, 1, 1)
	if h.w != w {
		t.Error("a second Reset made new scratch")
	}
	c := h
	if c.w != h.w {
		t.Error("a copy does not share the hunt's scratch")
	}
}

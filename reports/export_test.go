package reports

// SetRenderWorkers makes the reports render n files at once, until the
// function it returns is called.
func SetRenderWorkers(n int) (restore func()) {
	old := renderWorkers
	renderWorkers = func() int { return n }
	return func() { renderWorkers = old }
}

// Rendered is a file renderAll rendered.
type Rendered struct {
	Data []byte
	Err  error
}

// RenderAll is renderAll.
func RenderAll(n int, render func(i int) ([]byte, error)) []Rendered {
	var out []Rendered
	for _, d := range renderAll(n, render) {
		out = append(out, Rendered{d.data, d.err})
	}
	return out
}

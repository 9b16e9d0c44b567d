package reports

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// renderWorkers is how many files of a report are rendered at once: one
// per core the Go runtime may use (GOMAXPROCS). The tests set it to 1 to
// check that the files do not depend on it.
var renderWorkers = func() int { return runtime.GOMAXPROCS(0) }

// rendered is one file's bytes, or why it cannot be produced.
type rendered struct {
	data []byte
	err  error
}

// renderAll renders the n independent files render(0) .. render(n-1) on
// up to renderWorkers goroutines, and returns them by index: the same
// bytes, in the same order, whatever the number of goroutines. A render
// that panics panics in the caller (the first by index), as if it had
// been called there.
func renderAll(n int, render func(i int) ([]byte, error)) []rendered {
	out := make([]rendered, n)
	workers := min(renderWorkers(), n)
	if workers <= 1 {
		for i := range out {
			out[i].data, out[i].err = render(i)
		}
		return out
	}
	panics := make([]any, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							panics[i] = p
						}
					}()
					out[i].data, out[i].err = render(i)
				}()
			}
		}()
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
	return out
}

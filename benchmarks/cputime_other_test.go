//go:build !unix

package benchmarks

import "time"

// cpuTime is 0 where the system does not report the process's CPU time.
func cpuTime() time.Duration { return 0 }

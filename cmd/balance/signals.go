package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"balance/safeio"
)

// stopSignals are the signals that stop balance cleanly: Ctrl-C, and
// what CI runners, timeout, systemd and Kubernetes send, and a closed
// terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// signalContext returns a context that the first of stopSignals cancels:
// the run stops after the hunts in progress, and its report is written,
// marked as interrupted. A second signal stops at once: the outputs being
// written are removed (safeio.Abort: no temporary file or directory is
// left, and every output is as it was before or complete) and the process
// exits with 128 plus the signal's number (130 for SIGINT, 143 for
// SIGTERM, 129 for SIGHUP), as a shell reports a process a signal killed.
//
// exit ends the process with code. It and the second signal's exit take
// turns: once the second signal's exit has begun, a write it stopped makes
// the command return an error, and exit then waits for the signal's code;
// once exit has begun, a later signal waits for it (the signals stay
// caught to the end, so none can kill the process on its way out).
func signalContext(stderr io.Writer) (ctx context.Context, exit func(code int)) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	var exiting sync.Mutex
	go func() {
		first := <-sigs
		cancel()
		fmt.Fprintf(stderr, "\nbalance: %s: stopping after the hunts in progress and writing what they give; %s again stops at once, writing nothing\n", signalName(first), signalName(first))
		s := <-sigs
		exiting.Lock()
		safeio.Abort()
		fmt.Fprintf(stderr, "balance: %s again: stopped at once; nothing written\n", signalName(s))
		os.Exit(exitSignal(s))
	}()
	return ctx, func(code int) {
		exiting.Lock()
		cancel()
		os.Exit(code)
	}
}

// exitSignal is the exit code of a process stopped at once by s.
func exitSignal(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitError
}

// signalName names s as a user knows it.
func signalName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "interrupt (Ctrl-C)"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return s.String()
}

package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/goap-go/goap/debugger"
)

// defaultMaxRecording is goap debug's --max-file-size default: a
// recording of a long run is larger than a designer file (the limit
// counts a gzip file's bytes decompressed).
const defaultMaxRecording = 1 << 30

// DebugCommand runs `goap debug RECORDING`: it serves the debugger page
// for a recording made with goap sim --record, until interrupted.
//
// A recording cut short (its run killed while recording) is served up to
// its last whole tick, with a warning on stderr and on the page.
//
// Exit status: 0 when stopped, 1 when the recording is larger than
// --max-file-size (counted decompressed), 2 on bad input (an unreadable or damaged
// recording, an address that cannot be listened on).
type DebugCommand struct {
	Stdout, Stderr io.Writer
	// Ready, when set, is called with the address served once the
	// server listens (tests use it).
	Ready func(addr string)
}

// Run runs the command with args (after "debug").
func (c *DebugCommand) Run(ctx context.Context, args []string) error {
	fs := newFlagSet("debug")
	addr := fs.String("addr", "127.0.0.1:8080", "serve the page on `HOST:PORT` (port 0 picks a free one)")
	maxFile := addMaxFileSizeOf(fs, defaultMaxRecording)
	files, help, err := parse(fs, "debug", args, c.Stdout)
	if help || err != nil {
		return err
	}
	if len(files) != 1 {
		return usageError("debug", "want one recording file (made with goap sim FILE --record REC), got %d arguments", len(files))
	}
	f, err := os.Open(files[0])
	if err != nil {
		return inputError("debug", "%w", err)
	}
	if st, err := f.Stat(); err == nil && *maxFile > 0 && st.Mode().IsRegular() && st.Size() > *maxFile {
		f.Close()
		return limitError("debug", "%v", &fileTooLargeError{path: files[0], size: formatSize(st.Size()), limit: *maxFile})
	}
	if limit := recordingMemory(f); limit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(limit))
	}
	rc, err := debugger.ReadRecordingMax(f, *maxFile)
	f.Close()
	if errors.Is(err, debugger.ErrTooLarge) {
		return limitError("debug", "%s holds more than the limit of %s once decompressed (--max-file-size raises it)", files[0], formatSize(*maxFile))
	}
	if err != nil {
		return inputError("debug", "%s: %v", files[0], err)
	}
	if rc.Cut != nil {
		fmt.Fprintf(c.Stderr, "goap debug: %s: %s\n", files[0], rc.Cut)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return inputError("debug", "--addr %s: %v", *addr, err)
	}
	first, last := rc.Ticks()
	fmt.Fprintf(c.Stdout, "serving %s (%d agents, ticks %d..%d) on http://%s/ (interrupt to stop)\n", files[0], len(rc.Agents), first, last, ln.Addr())
	srv := debugServer(debugger.Handler(rc, nil, addrHost(*addr)))
	if c.Ready != nil {
		c.Ready(ln.Addr().String())
	}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return inputError("debug", "%w", err)
	}
	return nil
}

// recordingMemory returns the soft memory limit goap debug reads and
// serves recording f under (0: none): its bytes (decompressed, from a
// gzip file's trailer) take about 0.8 of themselves once read (packed),
// and the garbage collector, let be, doubles that: a 210 MB colony file
// took 313 MB of RSS (issue 28's target: 256 MB). The limit makes it
// collect when the heap nears what the recording needs plus 64 MiB,
// without collecting more often before (the load took the same CPU).
// It reads f's last bytes and seeks back to its start.
func recordingMemory(f *os.File) int64 {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() < 1<<20 {
		return 0
	}
	size := st.Size()
	var b [4]byte
	if _, err := f.ReadAt(b[:2], 0); err != nil {
		return 0
	}
	if b[0] == 0x1f && b[1] == 0x8b {
		// ISIZE: the decompressed size mod 4 GiB; one smaller than the
		// file itself has wrapped (or is not a size): no estimate.
		if _, err := f.ReadAt(b[:], size-4); err != nil {
			return 0
		}
		isize := int64(binary.LittleEndian.Uint32(b[:]))
		if isize < size {
			return 0
		}
		size = isize
	}
	return 64<<20 + size*4/5
}

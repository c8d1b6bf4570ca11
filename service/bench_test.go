package service_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/goapfile"
	"github.com/goap-go/goap/service"
	"github.com/goap-go/goap/service/client"
)

// TestMeasureProcesses prints the BENCHMARKS.md table of worker
// processes: plans per second through 1, 2 and 4 goap-serve processes
// (--max-concurrent 1 each) on loopback, latency percentiles of a burst
// of N guard requests (GOAP_SERVICE_BENCH=N; synth_large gets N/50), and
// each worker's peak resident memory (VmHWM, Linux), and the CPU time per
// request of the workers, of the NATS server (a goap-serve process of its
// own, whose worker listens on another prefix) and of the client (the
// test's process).
func TestMeasureProcesses(t *testing.T) {
	n := 0
	fmt.Sscan(os.Getenv("GOAP_SERVICE_BENCH"), &n)
	if n == 0 {
		t.Skip("set GOAP_SERVICE_BENCH=N to measure")
	}
	_, goapServe := binaries(t)
	for _, name := range []string{"guard", "synth_large"} {
		text := readFile(t, "../testdata/bench/"+name+".json")
		reqs := n
		if name == "synth_large" {
			reqs = max(n/50, 20)
		}
		f, err := goapfile.Parse(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		p := goap.NewPlanner(f.Domain)
		p.Plan(context.Background(), f.Start, f.Goal) // warm
		start := time.Now()
		for range reqs {
			p.Plan(context.Background(), f.Start, f.Goal)
		}
		t.Logf("%s in-process (1 core): %.0f plans/s", name, float64(reqs)/time.Since(start).Seconds())
		for _, workers := range []int{1, 2, 4} {
			srv, url := startCommand(t, goapServe, "", "--prefix", "idle")
			var procs []*workerProcess
			for range workers {
				procs = append(procs, startProcess(t, goapServe, url, "--max-concurrent", "1"))
			}
			c := client.New(connect(t, url), "")
			ctx := context.Background()
			hash, err := c.PutDomain(ctx, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			// Each worker compiles the domain before the clock starts.
			for range 4 * workers {
				if _, err := c.Plan(ctx, service.Request{Domain: hash}); err != nil {
					t.Fatal(err)
				}
			}
			lat := make([]time.Duration, reqs)
			var wg sync.WaitGroup
			const inflight = 256
			sem := make(chan struct{}, inflight)
			var cpu0 []time.Duration
			for _, p := range procs {
				cpu0 = append(cpu0, procCPU(p.cmd.Process.Pid))
			}
			self0, srv0 := procCPU(os.Getpid()), procCPU(srv.cmd.Process.Pid)
			start := time.Now()
			for i := range reqs {
				sem <- struct{}{}
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { <-sem }()
					t0 := time.Now()
					r, err := c.Plan(ctx, service.Request{Domain: hash})
					if err != nil || r.Status != service.StatusFound {
						t.Errorf("%v %+v", err, r)
					}
					lat[i] = time.Since(t0)
				}()
			}
			wg.Wait()
			el := time.Since(start)
			self, server := procCPU(os.Getpid())-self0, procCPU(srv.cmd.Process.Pid)-srv0
			slices.Sort(lat)
			var mem []string
			var workerCPU time.Duration
			for i, p := range procs {
				workerCPU += procCPU(p.cmd.Process.Pid) - cpu0[i]
				mem = append(mem, peakRSS(p.cmd.Process.Pid))
				_ = p.cmd.Process.Kill()
				_ = p.cmd.Wait()
			}
			t.Logf("%s, %d worker process(es), %d requests (%d in flight): %.0f plans/s, p50 %v, p99 %v, peak RSS per worker %v; CPU per request: workers %v, server %v, client %v",
				name, workers, reqs, inflight, float64(reqs)/el.Seconds(), lat[len(lat)/2].Round(time.Microsecond), lat[len(lat)*99/100].Round(time.Microsecond), mem,
				perReq(workerCPU, reqs), perReq(server, reqs), perReq(self, reqs))
			_ = srv.cmd.Process.Kill()
			_ = srv.cmd.Wait()
		}
	}
}

func perReq(d time.Duration, n int) time.Duration {
	return (d / time.Duration(n)).Round(100 * time.Nanosecond)
}

// peakRSS is a process's peak resident memory (VmHWM), or "?" off Linux.
func peakRSS(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// procCPU is a process's user and system CPU time so far (Linux; 0
// elsewhere), in clock ticks of 10 ms.
func procCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (in parentheses): utime and
	// stime are the 12th and 13th.
	_, rest, _ := strings.Cut(string(data), ") ")
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	var u, s int64
	fmt.Sscan(f[11], &u)
	fmt.Sscan(f[12], &s)
	return time.Duration(u+s) * 10 * time.Millisecond
}

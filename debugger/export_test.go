package debugger

import (
	"bytes"
	"encoding/json"
	"sort"
)

// FullLines writes rc as goap wrote version-2 files before lean lines:
// every snapshot whole ({"snapshot":...}, its tree with its labels), a
// {"tick":N} line closing each tick.
func FullLines(rc *Recording) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	_ = enc.Encode(line{Format: Format, Version: 2})
	for i := range rc.Agents {
		_ = enc.Encode(line{Agent: &rc.Agents[i]})
	}
	for i := range rc.Squads {
		_ = enc.Encode(line{Squad: &rc.Squads[i]})
	}
	var all []Snapshot
	for i := range rc.Agents {
		all = append(all, rc.Snapshots(i)...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Tick < all[j].Tick })
	for k := range all {
		_ = enc.Encode(line{Snapshot: &all[k]})
		if k+1 == len(all) || all[k+1].Tick != all[k].Tick {
			_ = enc.Encode(line{Tick: &all[k].Tick})
		}
	}
	return b.Bytes()
}

// AppendString is appendString, for its test.
var AppendString = appendString

package debugger

import (
	"math"
	"strconv"
	"strings"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
)

// The lean snapshot line of version 2 ({"s":{...}}): what an agent's
// previous snapshot line said is not said again (its phase, goal, plan,
// step, goal scores and counters are left out when they did not change),
// keys are short, events leave out the tick, time and agent of their
// snapshot, plans name actions by index, and a search tree gives each
// node's state as the facts that differ from its parent's. On the
// 200-agent colony of BENCHMARKS.md this took the file from 98.9 MB of
// full snapshot lines to a tenth, and writing it allocates nothing.
//
// Readers rebuild full snapshots; files of full snapshot lines (version 1,
// and version 2 before lean lines) read as before.

// searchTree is a search tree as a snapshot keeps it: the nodes, with
// their states as changes from their parent's (forward search) or their
// subgoals (backward search, labels). SearchNode labels are built from it
// only when asked for (treeNodes): making them for every plan took a
// quarter of a recording run's time.
type searchTree struct {
	nodes  []treeNode
	vals   []int32  // fact, value pairs: node i's are vals[nodes[i].from:nodes[i].to]
	labels []string // backward search: each node's subgoal
	// total is the search's number of nodes when the tree is cut at
	// MaxTreeNodes (0 when it is whole): Snapshot.TreeTotal.
	total int32
}

// treeScratch is buildTree's memory, reused from tree to tree (a
// Recorder's, shared by its agents).
type treeScratch struct {
	nodes   []goap.TreeNode // the search's nodes (Search.TreeInto)
	changed []goap.FactID   // a node's facts that differ from its parent's
	pick    []goap.TreeNode // the nodes kept of a tree that is cut
}

// treeNode is a node of a searchTree.
type treeNode struct {
	parent, action int32 // action -1 at the root
	g, h           float64
	flags          uint8 // treeExpanded, treePath
	from, to       int32
}

const (
	treeExpanded = 1
	treePath     = 2
)

// buildTree stores a's last search tree in t (reusing its memory), with
// the path of plan marked. defaults are the facts' default values, which
// a label leaves out.
//
// A tree of more than MaxTreeNodes nodes is cut to its first
// MaxTreeNodes, to which the plan's path beyond them is added (each node
// under the previous one), so that the whole path is always shown; total
// then says how many nodes the search had.
func buildTree(t *searchTree, sc *treeScratch, a *agent.Agent, plan []goap.ActionID, defaults []int) {
	t.nodes, t.vals, t.labels, t.total = t.nodes[:0], t.vals[:0], t.labels[:0], 0
	sc.nodes = a.SearchTreeInto(sc.nodes)
	nodes := sc.nodes
	if len(nodes) == 0 {
		return
	}
	backward := nodes[0].State.IsZero()
	if len(nodes) > MaxTreeNodes {
		t.total = int32(min(len(nodes), math.MaxInt32))
		sc.pick = append(sc.pick[:0], nodes[:MaxTreeNodes]...)
		// The path, found in the whole tree, and its nodes beyond the cut.
		at, kept := 0, 0 // the path's node in nodes, and in pick
		for k := range plan {
			step := plan[k]
			if backward {
				step = plan[len(plan)-1-k]
			}
			next := -1
			for i := range nodes {
				if nodes[i].Parent == at && nodes[i].Action == step {
					next = i
					break
				}
			}
			if next < 0 {
				break
			}
			if next < MaxTreeNodes {
				kept = next
			} else {
				n := nodes[next]
				n.Parent = kept
				sc.pick = append(sc.pick, n)
				kept = len(sc.pick) - 1
			}
			at = next
		}
		nodes = sc.pick
	}
	for i := range nodes {
		n := &nodes[i]
		tn := treeNode{parent: int32(n.Parent), action: int32(n.Action), g: n.G, h: n.H, from: int32(len(t.vals))}
		if n.Action < 0 {
			tn.action = -1
		}
		if n.Expanded {
			tn.flags = treeExpanded
		}
		if backward {
			t.labels = append(t.labels, n.Subgoal)
		} else if !n.State.IsZero() {
			if p := n.Parent; p >= 0 && p < i {
				// An action changes a few facts: only the values of
				// those that differ from the parent's are read.
				sc.changed = n.State.AppendChanged(sc.changed[:0], nodes[p].State)
				for _, f := range sc.changed {
					t.vals = append(t.vals, int32(f), int32(n.State.Get(f)))
				}
			} else {
				for f, def := range defaults {
					if v := n.State.Get(goap.FactID(f)); v != def {
						t.vals = append(t.vals, int32(f), int32(v))
					}
				}
			}
		}
		tn.to = int32(len(t.vals))
		t.nodes = append(t.nodes, tn)
	}
	// The plan's path, from the root (the goal, for a backward search).
	at := 0
	t.nodes[0].flags |= treePath
	for k := range plan {
		step := plan[k]
		if backward {
			step = plan[len(plan)-1-k]
		}
		next := -1
		for i := range t.nodes {
			if int(t.nodes[i].parent) == at && t.nodes[i].action == int32(step) {
				next = i
				break
			}
		}
		if next < 0 {
			break
		}
		t.nodes[next].flags |= treePath
		at = next
	}
}

// treeNodes returns t's nodes as SearchNodes of agent info, labels made.
func (t *searchTree) treeNodes(info *AgentInfo) []SearchNode {
	if t == nil || len(t.nodes) == 0 {
		return nil
	}
	out := make([]SearchNode, len(t.nodes))
	nf := len(info.Facts)
	states := make([]int32, len(t.nodes)*nf) // each node's whole state
	var b strings.Builder
	for i, n := range t.nodes {
		sn := SearchNode{Parent: int(n.parent), G: n.g, H: n.h, Expanded: n.flags&treeExpanded != 0, Path: n.flags&treePath != 0}
		if n.action >= 0 && int(n.action) < len(info.Actions) {
			sn.Action = info.Actions[n.action]
		}
		if len(t.labels) > 0 {
			if i < len(t.labels) {
				sn.Label = t.labels[i]
			}
			out[i] = sn
			continue
		}
		st := states[i*nf : (i+1)*nf]
		if p := int(n.parent); p >= 0 && p < i {
			copy(st, states[p*nf:(p+1)*nf])
		} else {
			for f := range st {
				st[f] = int32(info.Facts[f].Default)
			}
		}
		for k := n.from; k+1 < n.to; k += 2 {
			if f := int(t.vals[k]); f >= 0 && f < nf {
				st[f] = t.vals[k+1]
			}
		}
		b.Reset()
		b.WriteByte('{')
		for f, v := range st {
			fi := &info.Facts[f]
			if int(v) == fi.Default {
				continue
			}
			if b.Len() > 1 {
				b.WriteByte(' ')
			}
			switch {
			case fi.Kind == "bool" && v != 0:
				b.WriteString(fi.Name)
			case fi.Kind == "bool":
				b.WriteString("!" + fi.Name)
			case fi.Kind == "enum" && int(v) < len(fi.Values) && v >= 0:
				b.WriteString(fi.Name + "=" + fi.Values[v])
			default:
				b.WriteString(fi.Name + "=" + strconv.Itoa(int(v)))
			}
		}
		b.WriteByte('}')
		sn.Label = b.String()
		out[i] = sn
	}
	return out
}

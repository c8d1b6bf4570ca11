package squad_test

import (
	"runtime"
	"testing"

	"github.com/goap-go/goap"
	"github.com/goap-go/goap/agent"
	"github.com/goap-go/goap/agent/squad"
)

// commandSpec is the top level: a commander secures its sector by
// ordering its squad leaders to secure their rooms.
var commandSpec = goap.Spec{Name: "command",
	Actions: []goap.Action{{Name: "OrderSecure", Cost: 1, Effects: goap.Effects{"sector_secure": true}}},
	Goals:   []goap.Goal{{Name: "HoldSector", Priority: 1, Desired: goap.Conds{"sector_secure": true}}},
}

// leaderOrdersSpec is leaderSpec with SecureRoom pursued on orders.
var leaderOrdersSpec = leaderSpec

// army is 10 commanders, each over 10 squad leaders, each over 10 units.
type army struct {
	all                 []*agent.Agent // commanders, leaders, units: update order
	commanders, leaders []*agent.Agent
	units               []*agent.Agent
	clock               func() // advances the tick the world's resets follow
}

// newArmy builds the hierarchy. Every period ticks the world changes
// under it (units back to their posts, rooms and sectors lost), so orders
// keep flowing.
func newArmy(tb testing.TB, period int) *army {
	ud, _ := goap.NewDomain(unitSpec)
	ld, _ := goap.NewDomain(leaderOrdersSpec)
	cd, _ := goap.NewDomain(commandSpec)
	at, _ := ud.FactID("at")
	cleared, _ := ud.FactID("cleared")
	stacked, _ := ld.FactID("stacked")
	roomClear, _ := ld.FactID("room_clear")
	sector, _ := cd.FactID("sector_secure")
	onOrders := func(*agent.Blackboard) float64 { return 0 }
	tick := 0
	reset := func(f func(b *agent.Blackboard)) agent.Sensor {
		return agent.Sensor{Name: "world", Sense: func(b *agent.Blackboard) bool {
			if tick%period == 0 {
				f(b)
			}
			return false
		}}
	}
	done := agent.Behavior{Perform: func(*agent.Call) agent.Outcome { return agent.Success }}
	ar := &army{}
	mk := func(cfg agent.Config) *agent.Agent {
		a, err := agent.New(cfg)
		if err != nil {
			tb.Fatal(err)
		}
		return a
	}
	goalOf := func(d *goap.Domain, name string, orders bool) agent.Goal {
		t, _ := d.Goal(name)
		g := agent.NewGoal(t)
		if orders {
			g.Relevancy = onOrders
		}
		return g
	}
	for range 10 {
		sectorSquad := &squad.Squad{Name: "sector"}
		for range 10 {
			room := &squad.Squad{Name: "room"}
			for range 10 {
				u := mk(agent.Config{Name: "u", Domain: ud, Goals: []agent.Goal{goalOf(ud, "StackUp", true), goalOf(ud, "ClearRoom", true)},
					Default: done, Sensors: []agent.Sensor{reset(func(b *agent.Blackboard) { _ = b.Set(at, 0); b.SetBool(cleared, false) })}})
				ar.units = append(ar.units, u)
				room.Members = append(room.Members, squad.Member{Unit: u, Interrupt: true})
			}
			lead := mk(agent.Config{Name: "leader", Domain: ld, Goals: []agent.Goal{goalOf(ld, "SecureRoom", true)},
				Sensors: []agent.Sensor{reset(func(b *agent.Blackboard) { b.SetBool(stacked, false); b.SetBool(roomClear, false) })},
				Behaviors: map[string]agent.Behavior{
					"OrderStackUp": room.Behavior(squad.Order{Goal: "StackUp", Bias: 0.5, Timeout: 20}),
					"OrderClear":   room.Behavior(squad.Order{Goal: "ClearRoom", Bias: 0.5, Timeout: 20}),
				}})
			ar.leaders = append(ar.leaders, lead)
			sectorSquad.Members = append(sectorSquad.Members, squad.Member{Unit: lead, Interrupt: true})
		}
		cmd := mk(agent.Config{Name: "commander", Domain: cd, Goals: []agent.Goal{goalOf(cd, "HoldSector", false)},
			Sensors:   []agent.Sensor{reset(func(b *agent.Blackboard) { b.SetBool(sector, false) })},
			Behaviors: map[string]agent.Behavior{"OrderSecure": sectorSquad.Behavior(squad.Order{Goal: "SecureRoom", Bias: 0.5, Timeout: 40})}})
		ar.commanders = append(ar.commanders, cmd)
	}
	ar.all = append(append(append(ar.all, ar.commanders...), ar.leaders...), ar.units...)
	ar.clock = func() { tick++ }
	return ar
}

// step runs one tick of the whole army.
func (ar *army) step() {
	for _, a := range ar.all {
		a.Update(1)
	}
	ar.clock()
}

// orders counts the ordering actions finished so far.
func (ar *army) orders() int {
	n := 0
	for _, a := range ar.commanders {
		n += a.Stats().Finished
	}
	for _, a := range ar.leaders {
		n += a.Stats().Finished
	}
	return n
}

// BenchmarkSquads runs 1,000 units in 100 squads under 10 commanders for
// 1,000 ticks per iteration (after 100 ticks of warm-up): the world resets
// every 50 ticks, so the chain of orders and reports runs again.
func BenchmarkSquads(b *testing.B) {
	ar := newArmy(b, 50)
	for range 100 {
		ar.step()
	}
	const ticks = 1000
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	orders0 := ar.orders()
	b.ResetTimer()
	for b.Loop() {
		for range ticks {
			ar.step()
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	n := float64(b.N) * ticks
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n/float64(len(ar.units)), "ns/unit-tick")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/n, "allocs/tick")
	b.ReportMetric(float64(ar.orders()-orders0)/b.Elapsed().Seconds(), "orders/s")
}

// TestSquadsSteadyState: once warm, the hierarchy runs its orders and
// reports without allocating, and orders keep completing.
func TestSquadsSteadyState(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are not counted under -race")
	}
	ar := newArmy(t, 50)
	for range 200 {
		ar.step()
	}
	before := ar.orders()
	if n := testing.AllocsPerRun(100, ar.step); n != 0 {
		t.Errorf("%v allocations per tick", n)
	}
	if ar.orders()-before < 100 {
		t.Errorf("%d orders completed in 100 ticks", ar.orders()-before)
	}
	for _, u := range ar.units[:10] {
		if u.Stats().Finished == 0 {
			t.Fatalf("unit finished no action")
		}
	}
}

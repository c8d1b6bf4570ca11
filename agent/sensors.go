package agent

// Sensor writes what an agent perceives to its blackboard, every Interval
// units of the agent's time (every update when Interval is 0). Sense
// returns true when the change is significant enough to interrupt the
// current plan: the agent then drops it, picks its goal again and
// replans (Pittman: "each sensor has the capacity to interrupt the AI if
// the changes made are potentially significant to its plan").
//
// A sensor need not interrupt to be heard: whenever the blackboard
// changes, the agent checks that the rest of its plan still applies and
// still reaches its goal, and whether another goal has become more
// relevant.
type Sensor struct {
	// Name identifies the sensor in events.
	Name string
	// Interval is the time between two runs. The first run is in the
	// first update.
	Interval float64
	// Sense reads the world and writes the blackboard.
	Sense func(b *Blackboard) (interrupt bool)
}

// sensorSlot is a sensor with its schedule.
type sensorSlot struct {
	Sensor
	next float64 // time of the next run
}

// timeEps absorbs rounding in sums of dt, so that an interval of 0.1
// with updates of 0.1 runs every update.
const timeEps = 1e-9

// sense runs the sensors that are due and returns the index of the first
// that asked to interrupt, or -1.
func (a *Agent) sense() int {
	interrupt := -1
	for i := range a.sensors {
		s := &a.sensors[i]
		if a.now+timeEps < s.next {
			continue
		}
		s.next = a.now + s.Interval
		if s.Sense != nil && a.senseOne(s) && interrupt < 0 {
			interrupt = i
		}
	}
	return interrupt
}

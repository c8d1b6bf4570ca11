package space_test

import (
	"fmt"

	"github.com/goap-go/goap/space"
)

// A map drawn as ASCII art: walls, a closed door, cover, an ammo crate
// that offers an action, and two named points.
func ExampleParse() {
	legend := space.BasicLegend()
	legend['B'] = space.Symbol{Point: "blue_spawn"}
	legend['R'] = space.Symbol{Point: "red_spawn"}
	legend['a'] = space.Symbol{Type: "ammo_crate", Offers: []string{"TakeAmmo"}}
	g, err := space.Parse(`
##########
#B..#..a.#
#...+..%R#
##########`, legend)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, o := range g.Objects() {
		fmt.Println(o.Name, o.Type, o.At, o.Offers)
	}
	red, _ := g.Point("red_spawn")
	fmt.Println("red spawns at", red)

	// A mistake comes with its line and column.
	_, err = space.Parse("#..\n#.b", legend)
	fmt.Println(err)
	// Output:
	// ammo_crate1 ammo_crate [7, 1] [TakeAmmo]
	// door1 door [4, 2] []
	// red spawns at [8, 2]
	// 2:3: 'b' is not in the legend (did you mean 'B'?)
}

// A path through a door, which the game opens when its world fact says
// so; while it is closed, the path stops at the nearest reachable cell.
func ExamplePathfinder_Path() {
	g, _ := space.Parse(`
#######
#..+..#
#######`, space.BasicLegend())
	p := space.NewPathfinder(g)
	from, to := space.Cell{X: 1, Y: 1}, space.Cell{X: 5, Y: 1}
	path, ok := p.Path(from, to, nil)
	fmt.Println(path, ok)

	_ = g.SetDoor("door1", space.DoorOpen) // the world fact changed
	path, ok = p.Path(from, to, path)
	fmt.Println(path, ok)
	d, _ := p.Distance(from, to)
	fmt.Printf("%.0f\n", d)
	// Output:
	// [[1, 1] [2, 1]] false
	// [[1, 1] [2, 1] [3, 1] [4, 1] [5, 1]] true
	// 4
}

// Line of sight, cover from a threat, and the cells to run to.
func ExamplePathfinder_Cover() {
	g, _ := space.Parse(`
........
..%%....
........
........`, space.BasicLegend())
	threat := space.Cell{X: 4, Y: 3}
	me := space.Cell{X: 0, Y: 2}
	fmt.Println("sees me:", g.Visible(threat, me), "in cover:", g.InCover(me, threat))
	p := space.NewPathfinder(g)
	fmt.Println("cover nearby:", p.Cover(me, threat, 4, nil))
	// Output:
	// sees me: true in cover: false
	// cover nearby: [[1, 1] [1, 0] [2, 0]]
}

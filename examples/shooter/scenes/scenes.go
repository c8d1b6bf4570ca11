// Package scenes holds the shooter's scenes, built into the program so
// that the WebAssembly build, which has no files, has them too.
package scenes

import _ "embed"

// Skirmish is the default scene: two sides on a map with cover and a door.
//
//go:embed skirmish.yaml
var Skirmish []byte

module github.com/goap-go/goap/examples/shooter

go 1.24

require (
	github.com/goap-go/goap v0.0.0
	github.com/hajimehoshi/ebiten/v2 v2.8.8
)

require (
	github.com/ebitengine/gomobile v0.0.0-20240911145611-4856209ac325 // indirect
	github.com/ebitengine/hideconsole v1.0.0 // indirect
	github.com/ebitengine/purego v0.8.0 // indirect
	github.com/jezek/xgb v1.1.1 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/sync v0.8.0 // indirect
	golang.org/x/sys v0.25.0 // indirect
)

replace github.com/goap-go/goap => ../..

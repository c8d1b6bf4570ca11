module github.com/goap-go/goap/space/internal/pathbench

go 1.24.0

require (
	github.com/goap-go/goap v0.0.0
	gonum.org/v1/gonum v0.17.0
)

replace github.com/goap-go/goap => ../../..

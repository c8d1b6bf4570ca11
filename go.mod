module github.com/goap-go/goap

go 1.24

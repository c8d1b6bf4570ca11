module github.com/goap-go/goap

go 1.24

require go.yaml.in/yaml/v3 v3.0.6

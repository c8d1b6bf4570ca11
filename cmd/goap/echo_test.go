package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLongValuesCut feeds values of a megabyte to every kind of message
// that quotes the user's input (a file's value, name or key, a PDDL name,
// a flag, its value, --set, --goal, a command, a path) and checks that
// each message stays short: each echoed the value whole (one echoed 50
// MB).
func TestLongValuesCut(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	base := "name: t\nfacts: {b: {type: bool}, at: {type: enum, values: [a, b]}}\nactions:\n  - name: A\n    effects: {b: true}\ngoal: {b: true}\n"
	bool := write("bool.yaml", "name: t\nfacts: {b: {type: bool}}\nactions:\n  - name: A\n    effects:\n      b: "+long+"\ngoal: {b: true}\n")
	cost := write("cost.yaml", "name: t\nactions:\n  - name: A\n    effects: {b: true}\n    cost: "+long+"\ngoal: {b: true}\n")
	test := write("test.yaml", base+"tests:\n  - name: x\n    plan:\n      - "+long+"\n")
	agents := write("agents.yaml", base+"agents:\n  - name: x\n    goals:\n      - "+long+"\n")
	enum := write("enum.yaml", "name: t\nfacts: {at: {type: enum, values: [a, b]}}\nactions:\n  - name: A\n    effects:\n      at: "+long+"\ngoal: {at: a}\n")
	ok := write("ok.yaml", base)
	domain := write("d.pddl", "(define (domain d) (:requirements :strips) (:predicates (p)) (:action a :parameters () :precondition (p) :effect (p)))")
	problem := write("p.pddl", "(define (problem x) (:domain d) (:objects a) (:init ("+long+")) (:goal (p)))")
	arg := strings.Repeat("y", 100<<10) // the kernel takes 128 KiB an argument
	for _, args := range [][]string{
		{"check", bool},
		{"check", cost},
		{"check", test},
		{"check", agents},
		{"check", enum},
		{"pddl", domain, problem},
		{"pddl", domain, problem, "--json"},
		{"plan", ok, "--set", "at=" + arg},
		{"plan", ok, "--set", "b=" + arg},
		{"plan", ok, "--set", arg + "=true"},
		{"plan", ok, "--goal", arg},
		{"plan", ok, "--timeout", arg},
		{"plan", ok, "--weight", arg},
		{"plan", ok, "--max-memory", arg},
		{"plan", ok, "--search", arg},
		{"plan", ok, "--" + arg},
		{"plan", filepath.Join(dir, arg)},
		{arg},
		{"help", arg},
		{"version", arg},
	} {
		stdout, stderr, code := runGoap(t, args...)
		if code == 0 {
			t.Errorf("goap %.40s...: exit 0", strings.Join(args, " "))
		}
		if n := len(stdout) + len(stderr); n > 2000 {
			t.Errorf("goap %.40s...: %d bytes of messages:\n%.300s", strings.Join(args, " "), n, stderr)
		}
		if !strings.Contains(stdout+stderr, " bytes)") {
			t.Errorf("goap %.40s...: the message does not say how long the value was:\n%.300s", strings.Join(args, " "), stderr)
		}
	}
}

package names

import "testing"

func TestProblem(t *testing.T) {
	cases := []struct{ name, want string }{
		{"Attack", ""},
		{"naïve café", ""},
		{"\uFFFD is a real character", ""},
		{"bad\xffbyte", "is not valid UTF-8 (byte 3 is 0xFF)"},
		{"red\x1b[31m", "contains the control character U+001B (at byte 3)"},
		{"tab\there", "contains the control character U+0009 (at byte 3)"},
		{"", ""},
	}
	for _, c := range cases {
		if got := Problem(c.name); got != c.want {
			t.Errorf("Problem(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

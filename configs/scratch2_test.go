package configs

import (
	"fmt"
	"testing"
)

func TestScratch2(t *testing.T) {
	for _, s := range []string{"a: 1\nb: [x\n", "a: 1\nb: 2\nc: [x\nd: 3\n", "a: 1\n\tb: 2\n", "a: 1\nb: c: d\n", "a: {x\n", "a: 1\n  b: 2\n", "- a\nb: 1\n","a: 'x\n"} {
		_, err := parseYAML("f", []byte(s))
		fmt.Printf("%q -> %v\n", s, err)
	}
}

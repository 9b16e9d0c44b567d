package configs

import (
	"fmt"
	"testing"
)

func TestScratch(t *testing.T) {
	d, err := LoadEmbedded()
	fmt.Println(err)
	if d != nil {
		for _, k := range []string{"adversaries", "packs", "scenarios", "companions", "cazadores", "weapons"} {
			fmt.Println(k, d.Slugs(k))
		}
		for _, a := range d.Adversaries["neonate-wurm"].Special {
			_ = a
		}
		fmt.Printf("%+v\n", d.Adversaries["praetorians"].Special)
		for _, c := range d.Cazadores {
			fmt.Println(c.Slug, c.Spent, c.Spent.Total())
		}
	}
}

//go:build ignore

// gen_opsdoc writes docs/cazadores/effect-ops.md from sim.OpTable: run it with
// `go generate ./configs/cazadores`.
package main

import (
	"log"
	"os"
	"path/filepath"

	configs "balance/configs/cazadores"
)

func main() {
	p := filepath.Join("..", "..", filepath.FromSlash(configs.OpsDocFile))
	if err := os.WriteFile(p, []byte(configs.OpsDoc()), 0o644); err != nil {
		log.Fatal(err)
	}
}

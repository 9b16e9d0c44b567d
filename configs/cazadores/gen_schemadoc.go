//go:build ignore

// gen_schemadoc writes docs/cazadores/adversary-schema.md from the schema
// the loader decodes Adversary files with: run it with
// `go generate ./configs/cazadores`.
package main

import (
	"log"
	"os"
	"path/filepath"

	configs "balance/configs/cazadores"
)

func main() {
	p := filepath.Join("..", "..", filepath.FromSlash(configs.AdversarySchemaFile))
	if err := os.WriteFile(p, []byte(configs.AdversarySchemaDoc()), 0o644); err != nil {
		log.Fatal(err)
	}
}

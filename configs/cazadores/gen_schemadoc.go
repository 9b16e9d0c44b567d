//go:build ignore

// gen_schemadoc writes docs/cazadores/adversary-schema.md and
// docs/cazadores/scenario-schema.md from the schema the loader decodes
// Adversary and scenario files with: run it with
// `go generate ./configs/cazadores`.
package main

import (
	"log"
	"os"
	"path/filepath"

	configs "balance/configs/cazadores"
)

func main() {
	for file, doc := range map[string]string{
		configs.AdversarySchemaFile: configs.AdversarySchemaDoc(),
		configs.ScenarioSchemaFile:  configs.ScenarioSchemaDoc(),
		configs.PackSchemaFile:      configs.PackSchemaDoc(),
	} {
		p := filepath.Join("..", "..", filepath.FromSlash(file))
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

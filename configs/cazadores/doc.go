// Package cazadores (imported as configs) holds the data of Cazadores as
// YAML, embedded in the binary (Files), and loads it into plain Go values
// (Data) with strict checking: unknown fields, wrong types, unknown names,
// broken references, impossible numbers and broken creation limits are all
// reported, each as an *Error naming the file, line, column and field, with
// the likely spelling when one is near (the shared machinery of
// configs/yamldata).
//
// The game's numbers come from Cazadores by Jose 'Jae' Espinoza, Matachin
// Games, CC BY 4.0; this project is not affiliated with Matachin Games.
//
// Layout of a data directory (the embedded one and any overlay given to
// Load):
//
//	rules.yaml                rulings switches (Rules)
//	weapons.yaml              slug -> Weapon
//	armour.yaml               slug -> Armour
//	gear.yaml                 slug -> Gear (Special Gear)
//	rituals.yaml              slug -> Ritual
//	companions.yaml           slug -> Companion type
//	cazadores.yaml            slug -> Cazador build
//	packs.yaml                slug -> Pack
//	adversaries/<slug>.yaml   one Adversary
//	scenarios/<slug>.yaml     one map
//
// The effect ops the data writes are those of sim.OpTable; their reference,
// docs/cazadores/effect-ops.md, is generated from it. The fields of an
// Adversary file are those of its schema (schema.go), which the decoder
// reads; their reference, docs/cazadores/adversary-schema.md, is generated
// from it.
package cazadores

//go:generate go run gen_opsdoc.go
//go:generate go run gen_schemadoc.go
